"""Forecasts of the turn for a deployment being planned, worked out by the engine on what the
player can see: their own plan, the other Kingdoms as they stand now (their hands and new Units are
hidden), and what the mode shows (in solo the Necropolis cards face up).

`deployment_forecast(game, player, slots, keep)` asks the engine for the Kingdom this plan leaves
after the reveal (`Game.after_deployment`), then reads its strength, Wars, Income, Constructions
within reach, deaths at Aging and the LP of the turn from the engine's queries. Nothing here knows a
card's ability: it only adds up what the engine answers. A forecast is exact when the opponents add
nothing, no choice is left (Time Master, Master Alchemist), no Shapeshifter draws and, in solo, the
next Necropolis card is face up; `uncertain` names what it leaves open. What a mode adds comes from
its hooks: `Mode.foes` (whom the seat fights, when not its neighbours), `Mode.others_gains` (the
LP of the sides that are not seats: the Lich King's) and `Mode.unknowns`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .decisions import Build, Deploy, Upgrade
from .engine import WAR_LP, Game, IllegalDecision, double_war, war_won
from .state import Player

WIN, TIE, LOSE, OPEN = "win", "tie", "lose", "open"  # OPEN: depends on a card still face down


@dataclass(frozen=True, slots=True)
class WarForecast:
    """One War as it stands: your strength against a neighbour's (or an army's, a range while its
    next card is face down), the result and the LP it brings you."""

    against: str  # a player's name, or "Black army" / "Purple army"
    player: int | None  # the neighbour, None for an army
    mine: int
    theirs: tuple[int, int]  # (lowest, highest); equal when known
    result: str  # WIN | TIE | LOSE | OPEN
    wars_won: tuple[int, int]  # (fewest, most) Wars won in it (2 players: the double War)
    lp: tuple[int, int]  # (fewest, most) LP it brings you
    stake: int = WAR_LP  # LP that winning (a tie included) brings


@dataclass(frozen=True, slots=True)
class TurnForecast:
    kingdom: Game  # this Kingdom alone after the reveal (player 0), for drawing it
    strength: int
    parts: tuple[tuple[str, int], ...]  # (source, strength)
    wars: tuple[WarForecast, ...]
    cost: int  # Gold the new Units cost
    gold_left: int  # after paying them
    unpaid: tuple[int, ...]  # new Units given up for want of Gold (the most expensive first)
    income: int  # Gold of the next Income phase, base included
    war_gold: tuple[int, int]  # Gold of Wars abilities (fewest, most)
    resources: dict[str, int]
    constructions: tuple[Build | Upgrade, ...]  # what could be built with the Gold after Income (fewest Wars won)
    dying: tuple[int, ...]  # spots of the Units that die at Aging
    healable: tuple[int, ...]  # of those, the ones a Mystical Healer of this Kingdom could save
    lp: tuple[tuple[str, int, int], ...]  # (source, fewest, most) LP this turn, item by item
    uncertain: tuple[str, ...]  # what the forecast cannot know yet
    lich: tuple[tuple[str, int, int], ...] = ()  # solo: (source, fewest, most) LP the Lich King gains this turn

    @property
    def lich_total(self) -> tuple[int, int]:
        return sum(lo for _, lo, _ in self.lich), sum(hi for _, _, hi in self.lich)

    @property
    def lp_total(self) -> tuple[int, int]:
        return sum(lo for _, lo, _ in self.lp), sum(hi for _, _, hi in self.lp)


def unpaid_for(game: Game, player: int, slots: Sequence[int | None]) -> list[int]:
    """The new Units to give up when the plan costs more Gold than the player has (the engine's
    suggestion: the cheapest are paid first)."""
    in_play = {u.card for u in game.state.players[player].slots if u is not None}
    return game.suggested_unpaid(player, [c for c in slots if c is not None and c not in in_play])


def deployment_forecast(game: Game, player: int, slots: Sequence[int | None], keep: int | None = None) -> TurnForecast:
    """The turn as this deployment plan would play out if the opponents add nothing."""
    unpaid = unpaid_for(game, player, slots)
    k = game.after_deployment(player, Deploy(tuple(slots), keep, tuple(unpaid)))
    me: Player = k.players[0]
    strength, parts = k.strength_breakdown(0)
    wars = tuple(_wars(game, player, strength))
    fewest = sum(w.wars_won[0] for w in wars)
    most = sum(w.wars_won[1] for w in wars)
    gains = {n: k.war_gains(0, n) for n in {fewest, most}}
    name = game.catalog.name_of
    deployment_lp = [(name(e["cause"]), e["amount"], e["amount"]) for e in k.state.log if e["type"] == "lp"]
    cost = -sum(e["amount"] for e in k.state.log if e["type"] == "gold" and e["cause"] == "deployment")
    income = k.income(0)
    war_gold = (sum(g for _, _, g in gains[fewest]), sum(g for _, _, g in gains[most]))
    gold_left = me.gold
    me.gold = gold_left + income + war_gold[0]
    constructions = tuple(k.construction_options(0))
    me.gold = gold_left
    lp = deployment_lp
    lp += [(f"War vs {w.against}", w.lp[0], w.lp[1]) for w in wars]
    lp += [(name(source), low, high) for source, low, high in _by_source(gains[fewest], gains[most])]
    lp += [(f"{name(source)} dies", n, n) for n, _, source in k.death_gains(0) if n]
    dying = tuple(slot for slot, u in me.units() if k.dies(u))
    healable = tuple(k.healable(0))
    # where Age tokens go, or what a Shapeshifter becomes, still open: any Unit may die then
    shapeshift = any(k.card(me.unit(s).card).has("shapeshift") for s in me.revealed)
    most_dying = len(me.units()) if me.choices or shapeshift else len(dying)
    lich = game.mode.others_gains(game, wars, (len(dying), most_dying), bool(healable), len(me.buildings),
                                  bool(constructions))
    return TurnForecast(k, strength, tuple((label, v) for label, v in parts), wars, cost, gold_left,
                        tuple(unpaid), income, war_gold, k.resources(0), constructions, dying,
                        healable, tuple(lp), tuple(_uncertain(game, k, me)), tuple(lich))


def _by_source(low: list[tuple[str, int, int]], high: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """LP of Wars abilities by source, with the fewest and the most Wars won."""
    names = list(dict.fromkeys([n for n, _, _ in low] + [n for n, _, _ in high]))
    lo = {n: sum(x for m, x, _ in low if m == n) for n in names}
    hi = {n: sum(x for m, x, _ in high if m == n) for n in names}
    return [(n, lo[n], hi[n]) for n in names if lo[n] or hi[n]]


def _wars(game: Game, player: int, mine: int) -> list[WarForecast]:
    foes = game.mode.foes(game, player)
    if foes is not None:  # foes that are not seats (solo: the Black and Purple armies)
        return [_war(name, None, mine, low, high, single=True) for name, low, high in foes]
    n = len(game.players)
    if n == 2:
        j = 1 - player
        theirs = game.strength(j)
        won = double_war(mine, theirs)
        result = TIE if mine == theirs else WIN if won else LOSE
        return [WarForecast(game.players[j].name, j, mine, (theirs, theirs), result, (won, won),
                            (WAR_LP * won, WAR_LP * won))]
    out = []
    for j in neighbours(game, player):
        theirs = game.strength(j)
        out.append(_war(game.players[j].name, j, mine, theirs, theirs, single=True))
    return out


def _war(name: str, j: int | None, mine: int, low: int, high: int, single: bool) -> WarForecast:
    """A single War against a strength between `low` and `high`."""
    best, worst = war_won(mine, low), war_won(mine, high)
    if low != high and best != worst:
        result = OPEN
    elif mine == low == high:
        result = TIE
    else:
        result = WIN if worst else LOSE
    won = (int(worst), int(best))
    return WarForecast(name, j, mine, (low, high), result, won, (WAR_LP * won[0], WAR_LP * won[1]))


def neighbours(game: Game, player: int) -> list[int]:
    """The players this one fights, left neighbour (the next seat) first (the engine's answer)."""
    return game.rivals(player)


def _uncertain(game: Game, k: Game, me: Player) -> list[str]:
    out = [f"where {c['name']} puts its Age tokens" for c in me.choices]
    out += [f"what {k.card(me.unit(s).card).name} becomes" for s in me.revealed
            if k.card(me.unit(s).card).has("shapeshift")]
    return out + game.mode.unknowns(game)


def safe_forecast(game: Game, player: int, slots: list[int | None], keep: int | None = None) -> TurnForecast | None:
    """`deployment_forecast`, or None for a plan the engine would refuse."""
    try:
        return deployment_forecast(game, player, slots, keep)
    except IllegalDecision:
        return None


@dataclass(frozen=True, slots=True)
class AgeChange:
    """What `amount` more Age tokens on one Unit change in its Kingdom this turn (a Time Master's or a
    Master Alchemist's choice), as the engine works it out on a copy: each figure before and after."""

    strength: tuple[int, int]  # the Kingdom's strength in the Wars
    income: tuple[int, int]  # Gold of the next Income, base included
    resources: tuple[tuple[str, int, int], ...]  # (kind, before, after) of the resources that change
    aging: tuple[tuple[int, int], tuple[int, int]]  # (LP, Gold) of the Aging abilities of the dying Units
    dies: bool  # the Unit dies at this turn's Aging (unless a Mystical Healer saves it)


def age_change(game: Game, player: int, slot: int, amount: int) -> AgeChange:
    """`AgeChange` for `amount` more Age tokens on the Unit in `slot` of `player`'s Kingdom."""
    after = game.copy()
    unit = after.state.players[player].slots[slot]
    assert unit is not None  # (a target is a spot with a Unit)
    unit.age += amount

    def figures(g: Game) -> tuple[int, int, dict[str, int], tuple[int, int]]:
        f, res = g.forecast_and_resources(player)
        return f.strength, f.income, res, f.death_gains

    (s0, i0, r0, d0), (s1, i1, r1, d1) = figures(game), figures(after)
    kinds = dict.fromkeys([*r0, *r1])
    changed = tuple((k, r0.get(k, 0), r1.get(k, 0)) for k in kinds if r0.get(k, 0) != r1.get(k, 0))
    return AgeChange((s0, s1), (i0, i1), changed, (d0, d1), after.dies(unit))

"""Forecasts of the turn for a deployment being planned, worked out by the engine on what the
player can see: their own plan, the other Kingdoms as they stand now, and what the mode shows (in solo
the Necropolis cards face up).

`deployment_forecast(game, player, slots, keep, rivals)` asks the engine for the Kingdom this plan
leaves after the reveal (`Game.after_deployment`), then reads its strength, Wars, Income,
Constructions within reach, deaths at Aging and the LP of the turn from the engine's queries.
Nothing here knows a card's ability: it only adds up what the engine answers.

The neighbours still hold hidden cards while the seat deploys: their strength after the reveal is
not known. `rival_strengths(view, catalog, drafts)` works out, once per decision, what it may be:
samples of the hidden cards consistent with what the seat saw (`bots.knowledge.game_from_view`, with
the seat's memory of the draft, as the coach samples them), in each of which the medium bot deploys
for each neighbour (`Game.after_deployment` gives its strength). A forecast then gives each War's
chance (win, tie, lose; the 2-player double War's chance of each count of Wars won) and the chance
of each LP line that depends on the Wars, against the current plan's strength: a few comparisons a
key press. A neighbour with no hidden card left to deploy is known exactly, and so is a War against
it: "win", never a percentage, only when nothing that matters is hidden.

What a mode adds comes from its hooks: `Mode.foes` (whom the seat fights, when not its neighbours:
in solo the armies, a range while the next Necropolis card is face down), `Mode.others_gains` (the
LP of the sides that are not seats: the Lich King's) and `Mode.unknowns`. `uncertain` names what a
forecast leaves open besides (Age tokens placed by choice, a Shapeshifter's draw).

A forecast holds numbers and views only (`after`, the Kingdom alone as its seat would see it after
the reveal), never a `Game`: a screen may keep it.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from . import draws
from .bots.evaluation import kingdom_tables
from .bots.knowledge import DraftMemory, game_from_view, hidden_cards
from .bots.medium import Planner, medium_decision
from .cards import Catalog
from .decisions import Build, Deploy, Step, Upgrade
from .engine import WAR_LP, Game, IllegalDecision, double_war, war_won
from .observer import SeatView, observe
from .state import Player

WIN, TIE, LOSE, OPEN = "win", "tie", "lose", "open"  # OPEN: depends on cards still hidden
SAMPLES = 64  # samples of the hidden cards a forecast's chances are worked out on (once per decision)
PICKED_FROM = 4  # a neighbour's hidden card in a sample: the best of this many drawn (a draft's pick)

Odds = tuple[tuple[int, float], ...]  # (value, chance) for each value, lowest first


@dataclass(frozen=True, slots=True)
class Rivals:
    """What the seat's neighbours' strengths may be after this Deployment's reveal: each sample's
    strengths (in the order of `players`), the samples equally likely. A neighbour with nothing
    hidden left to deploy has its one strength in every sample (`exact`)."""

    players: tuple[int, ...]
    samples: tuple[tuple[int, ...], ...]
    exact: tuple[bool, ...]

    def strengths(self, j: int) -> list[int]:
        k = self.players.index(j)
        return [s[k] for s in self.samples]


@dataclass(frozen=True, slots=True)
class WarForecast:
    """One War as it stands: your strength against a neighbour's (or an army's, a range while its
    next card is face down), the result and the LP it brings you. Against a neighbour still holding
    hidden cards, `theirs` is the range of the samples and `chances` the chance of each result."""

    against: str  # a player's name, or "Black army" / "Purple army"
    player: int | None  # the neighbour, None for an army
    mine: int
    theirs: tuple[int, int]  # (lowest, highest); equal when known
    result: str  # WIN | TIE | LOSE | OPEN
    wars_won: tuple[int, int]  # (fewest, most) Wars won in it (2 players: the double War)
    lp: tuple[int, int]  # (fewest, most) LP it brings you
    stake: int = WAR_LP  # LP that winning (a tie included) brings
    chances: tuple[float, float, float] | None = None  # (win, tie, lose) from samples; None: known or a range
    won_odds: Odds = ()  # the chance of each count of Wars won in it (samples' or known)

    @property
    def won_chance(self) -> float | None:
        """The chance this War is won (a tie is won by both; 2 players: at least one of the two)."""
        return None if self.chances is None else self.chances[0] + self.chances[1]


@dataclass(frozen=True, slots=True)
class TurnForecast:
    after: SeatView  # this Kingdom alone after the reveal (player 0), as its seat sees it: for drawing it
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
    others: tuple[tuple[str, int, int], ...] = ()  # (source, fewest, most) LP the mode's other side gains (solo: Lich)
    lp_odds: tuple[Odds, ...] = ()  # for each of `lp`, the chance of each value, when it depends on sampled Wars

    @property
    def others_total(self) -> tuple[int, int]:
        return sum(lo for _, lo, _ in self.others), sum(hi for _, _, hi in self.others)

    @property
    def lp_total(self) -> tuple[int, int]:
        return sum(lo for _, lo, _ in self.lp), sum(hi for _, _, hi in self.lp)


def unpaid_for(game: Game, player: int, slots: Sequence[int | None]) -> list[int]:
    """The new Units to give up when the plan costs more Gold than the player has (the engine's
    suggestion: the cheapest are paid first)."""
    in_play = {u.card for u in game.state.players[player].slots if u is not None}
    return game.suggested_unpaid(player, [c for c in slots if c is not None and c not in in_play])


def rivals_as_they_stand(game: Game, player: int) -> Rivals:
    """The neighbours' strengths if they added nothing this Deployment (taken as known): the
    forecast then says what the seat's plan does alone (tests compare it with the engine)."""
    players = tuple(game.rivals(player))
    return Rivals(players, (tuple(game.strength(j) for j in players),), (True,) * len(players))


def rival_strengths(view: SeatView, catalog: Catalog, drafts: DraftMemory | None = None,
                    samples: int = SAMPLES, seed: int | None = None) -> Rivals | None:
    """The seat's neighbours' strengths after this Deployment, from `samples` samples of the hidden
    cards consistent with `view` (and `drafts`, the seat's memory of this turn's draft), in each of
    which the medium bot deploys for every neighbour who must still deploy (a decision already made
    is hidden too: it is made again). None when the mode's foes are not seats (solo). Seeded (by
    default from the view's turn, seat and log) and deterministic."""
    me = view.seat
    assert me is not None, "a seat's view"
    known = game_from_view(view, me, catalog)  # the hidden cards left out
    if known.mode.foes(known, me) is not None:
        return None
    players = tuple(known.rivals(me))
    exact = tuple(view.players[j].hand_count == 0 or view.phase != "deployment" for j in players)
    now = tuple(known.strength(j) for j in players)
    if all(exact):
        return Rivals(players, (now,), exact)
    rng = random.Random(seed if seed is not None else (view.log_size << 16) + (view.turn << 4) + me)
    hidden = hidden_cards(view, me)
    memo: dict[object, object] = {}
    out = []
    for _ in range(samples):
        sample_seed = rng.random()
        sim = game_from_view(view, me, catalog, random.Random(sample_seed), hidden, drafts)
        # the cards the draft memory placed (as game_from_view placed them: the same draw)
        placed = drafts.place(view, me, random.Random(sample_seed)) if drafts is not None else None
        picking = random.Random(sample_seed * 2)
        sample_memo = kingdom_tables(memo)  # (the medium bot's plans: kept for one sample only)
        row = []
        for j, fixed, strength in zip(players, exact, now):
            pend = sim.pending_for(j)
            if not fixed and pend is not None and pend.kind == Step.DEPLOY:
                _as_picked(sim, j, set(placed.hands.get(j, ())) if placed else set(), picking, memo)
                pend = sim.pending_for(j)  # (its options: the hand as picked)
                assert pend is not None
                deploy = medium_decision(sim, pend, sample_memo)
                assert isinstance(deploy, Deploy)
                strength = sim.after_deployment(j, deploy).strength(0)
            row.append(strength)
        out.append(tuple(row))
    return Rivals(players, tuple(out), exact)


def _as_picked(sim: Game, j: int, placed: set[int], rng: random.Random, memo: dict[object, object]) -> None:
    """Neighbour `j`'s hand in a sample, as if picked: each card drawn at random (not placed by the
    draft memory) becomes the best for `j`'s Kingdom of it and `PICKED_FROM - 1` cards of the draw
    pile (the medium bot's judgement of a card on a public Kingdom), the others back in the pile.
    A hand drawn at random is weaker than one picked in a draft: the forecast was too sure of a win."""
    s = sim.state
    hand, deck = s.players[j].hand, s.deck
    judge = Planner(sim, j, memo)
    for k, card in enumerate(hand):
        if card in placed or len(deck) < 1:
            continue
        spots = draws.sample(rng, range(len(deck)), min(PICKED_FROM - 1, len(deck)))
        gains = judge.public_gains([card, *(deck[i] for i in spots)])
        best = max(gains, key=lambda c: (gains[c], -c))
        if best != card:
            deck[next(i for i in spots if deck[i] == best)] = card
            hand[k] = best


def deployment_forecast(game: Game, player: int, slots: Sequence[int | None], keep: int | None = None,
                        rivals: Rivals | None = None) -> TurnForecast:
    """The turn as this deployment plan would play out. `rivals`: the neighbours' strengths as
    `rival_strengths` samples them for this decision (worked out here when not given: give them
    when forecasting several plans of one decision)."""
    if rivals is None and game.mode.foes(game, player) is None:
        rivals = rival_strengths(observe(game, player), game.catalog)
    unpaid = unpaid_for(game, player, slots)
    k = game.after_deployment(player, Deploy(tuple(slots), keep, tuple(unpaid)))
    me: Player = k.players[0]
    strength, parts = k.strength_breakdown(0)
    wars, won_total = _wars(game, player, strength, rivals)
    counts = sorted(won_total)
    fewest, most = counts[0], counts[-1]
    gains = {n: k.war_gains(0, n) for n in counts}
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
    odds: list[Odds] = [((n, 1.0),) for _, n, _ in deployment_lp]
    for w in wars:
        lp.append((f"War vs {w.against}", w.lp[0], w.lp[1]))
        odds.append(tuple((WAR_LP * n, c) for n, c in w.won_odds) if w.won_odds else ((w.lp[0], 1.0),))
    for source in dict.fromkeys(src for n in counts for src, _, _ in gains[n]):
        by_count = {n: sum(x for src, x, _ in gains[n] if src == source) for n in counts}
        spread: dict[int, float] = defaultdict(float)
        for n, c in won_total.items():
            spread[by_count[n]] += c
        if any(spread):
            lp.append((name(source), min(spread), max(spread)))
            odds.append(tuple((v, c) for v, c in sorted(spread.items())))
    for n, _, source in k.death_gains(0):
        if n:
            lp.append((f"{name(source)} dies", n, n))
            odds.append(((n, 1.0),))
    dying = tuple(slot for slot, u in me.units() if k.dies(u))
    healable = tuple(k.healable(0))
    # where Age tokens go, or what a Shapeshifter becomes, still open: any Unit may die then
    shapeshift = any(k.card(me.unit(s).card).has("shapeshift") for s in me.revealed)
    most_dying = len(me.units()) if me.choices or shapeshift else len(dying)
    others = game.mode.others_gains(game, wars, (len(dying), most_dying), bool(healable), len(me.buildings),
                                    bool(constructions))
    sampled = any(w.chances is not None for w in wars)
    return TurnForecast(observe(k, 0), strength, tuple((label, v) for label, v in parts), wars, cost, gold_left,
                        tuple(unpaid), income, war_gold, k.resources(0), constructions, dying,
                        healable, tuple(lp), tuple(_uncertain(game, k, me)), tuple(others),
                        tuple(odds) if sampled else ())


def _wars(game: Game, player: int, mine: int,
          rivals: Rivals | None) -> tuple[tuple[WarForecast, ...], dict[int, float]]:
    """The Wars, and the chance of each count of Wars won in all."""
    foes = game.mode.foes(game, player)
    if foes is not None:  # foes that are not seats (solo: the Black and Purple armies)
        wars = [_war(name, None, mine, low, high) for name, low, high in foes]
        return tuple(wars), {sum(w.wars_won[0] for w in wars): 1.0, sum(w.wars_won[1] for w in wars): 1.0}
    if rivals is None:  # (a mode whose foes are seats but that samples none)
        rivals = rivals_as_they_stand(game, player)
    two = len(game.players) == 2
    total: dict[int, int] = defaultdict(int)  # samples by Wars won in all
    per_war: list[dict[int, int]] = [defaultdict(int) for _ in rivals.players]  # samples by Wars won in each
    results: list[dict[str, int]] = [defaultdict(int) for _ in rivals.players]  # samples by result of each
    for sample in rivals.samples:
        won_here = 0
        for k, theirs in enumerate(sample):
            won = double_war(mine, theirs) if two else int(war_won(mine, theirs))
            per_war[k][won] += 1
            results[k][TIE if mine == theirs else WIN if mine > theirs else LOSE] += 1
            won_here += won
        total[won_here] += 1
    n = len(rivals.samples)
    wars = []
    for k, j in enumerate(rivals.players):
        strengths = [s[k] for s in rivals.samples]
        low, high = min(strengths), max(strengths)
        counts = sorted(per_war[k])
        fewest, most = counts[0], counts[-1]
        known = rivals.exact[k]
        if known:
            result = TIE if mine == low else WIN if fewest else LOSE
            chances = None
        else:
            result = OPEN
            chances = (results[k][WIN] / n, results[k][TIE] / n, results[k][LOSE] / n)
        odds = tuple((c, per_war[k][c] / n) for c in counts)
        wars.append(WarForecast(game.players[j].name, j, mine, (low, high), result, (fewest, most),
                                (WAR_LP * fewest, WAR_LP * most), chances=chances, won_odds=odds))
    return tuple(wars), {c: m / n for c, m in total.items()}


def _war(name: str, j: int | None, mine: int, low: int, high: int) -> WarForecast:
    """A single War against a strength between `low` and `high` (known: no chance given)."""
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


def safe_forecast(game: Game, player: int, slots: list[int | None], keep: int | None = None,
                  rivals: Rivals | None = None) -> TurnForecast | None:
    """`deployment_forecast`, or None for a plan the engine would refuse."""
    try:
        return deployment_forecast(game, player, slots, keep, rivals)
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

"""The rules engine: who must decide what now, and apply a decision.

Decisions are the typed values of `decisions.py`, one per player and step (their JSON form, e.g.
``{"kind": "pick", "card": 12}``, is accepted too and is what the state records):

- `Pick(card, discard)` (discard only with 2 players)
- `Deploy(slots, keep, unpaid)`: the whole Kingdom after deployment (spot 0-2 Front, 2 is the 5th
  spot; 3-4 Back). Units in play that are left out are discarded; hand cards neither placed nor
  kept are discarded. ``unpaid`` lists new Units given up when Gold is short.
- `AgeTarget(slot)`: where a Time Master or Master Alchemist puts its Age tokens.
- `Build(building, level)`, `Upgrade(building)` or `Pass()` during Construction.
- `Heal(slots)`: Units the player's Mystical Healers save during Aging.

Steps are simultaneous: every player in ``pending()`` decides, and the step resolves once all have.
`apply` is `_check` (validation, state untouched) then `_do` (the change), so a trusted caller can
skip the first.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from . import draws, effects
from .cards import Catalog, UnitType
from .decisions import (
    AgeTarget,
    Build,
    Construction,
    Decision,
    Deploy,
    Heal,
    Pass,
    Pick,
    Step,
    Upgrade,
    as_decision,
)
from .effects import Context, unit_yield
from .errors import IllegalDecision, MalformedDecision, NotPending, Unaffordable
from .modes import Mode, StandardMode
from .names import check_name
from .state import BACK, FIFTH_SLOT, FRONT, SLOT_NAMES, GameState, Phase, Player, Unit

_NO_RESOURCES = effects.empty_resources()
WAR_LP = 3
BASE_INCOME = 2
START_GOLD = 3


@dataclass(frozen=True, slots=True)
class Forecast:
    """A Kingdom's figures for the current turn (see `Game.forecast`)."""

    strength: int
    income: int
    unit_strengths: dict[int, int]  # spot -> strength with modifiers, whether the Unit fights or not
    war_gains: tuple[tuple[int, int], ...]  # (LP, Gold) of Wars abilities, one per wars_won asked
    death_gains: tuple[int, int]  # (LP, Gold) of Aging abilities for the Units that would die


@dataclass(slots=True)
class Pending:
    """A decision a player must make now: its kind and what the player may choose from (not frozen:
    hundreds are made a game, and a frozen dataclass is slow to make)."""

    player: int
    kind: Step
    options: dict[str, Any]


class Game:
    """A game of Paper Tales: state plus the card catalog that gives the cards their meaning."""

    def __init__(self, state: GameState, catalog: Catalog, mode: Mode | None = None):
        self.state = state
        self.catalog = catalog
        self.mode: Mode = StandardMode() if mode is None else mode
        extra = type(self.mode).extra_pending
        self._extra_pending = None if extra is StandardMode.extra_pending else self.mode.extra_pending
        try:
            self.types: list[UnitType] = [catalog.units[k] for k in state.cards]
        except KeyError:
            missing = set(state.cards) - set(catalog.units)
            raise ValueError(f"unknown card types in this game: {', '.join(sorted(missing))}") from None
        compiled = effects.catalog_rules(catalog)
        self.rules: list[effects.UnitRules] = [compiled.units[k] for k in state.cards]  # by card id, like types
        self._buildings = compiled.buildings
        self._options: dict[int, list[dict[str, Any]]] = {}  # Construction options of the current step
        self._last_tiebreak: tuple[str, list[float]] = ("", [])
        from . import events  # (imported with the first game, not with the app: ~60 dataclasses)

        self._record_event = events.record
        self.record_events = True  # False: events are counted, not logged (see `stop_recording`)
        self.unlogged = 0  # events not logged
        self.mode.check_state(state, catalog)

    # --- creation and serialisation ---------------------------------------------------------
    @classmethod
    def new(cls, names: list[str], seed: int = 0, catalog: Catalog | None = None, mode: Mode | None = None) -> Game:
        """A new game, shuffled by `seed`, in the standard mode unless `mode` says otherwise."""
        if catalog is None:
            from .card_files import default_catalog

            catalog = default_catalog()
        mode = StandardMode() if mode is None else mode
        mode.check_players(len(names))
        for name in names:
            check_name(name)  # the rule the New game form and the save format share (names.py)
        rng = random.Random(seed)
        cards = list(effects.catalog_rules(catalog).deck)
        deck = list(range(len(cards)))
        draws.shuffle(rng, deck)
        state = GameState(seed=seed, cards=cards, players=[Player(n, gold=START_GOLD) for n in names],
                          deck=deck, rng=rng, mode=mode.name)
        mode.prepare(state, catalog)
        game = cls(state, catalog, mode)
        if mode.name == StandardMode.name:
            game._event("game_started", players=list(names), seed=seed)
        else:
            game._event("game_started", players=list(names), seed=seed, mode=mode.name)
        mode.setup(game)
        game._start_turn()
        return game

    def to_json(self) -> str:
        return json.dumps(self.state.to_dict())

    @classmethod
    def from_json(cls, text: str, catalog: Catalog | None = None, mode: Mode | None = None) -> Game:
        """A game from `to_json()` text; `games.load_game` also picks the mode the state names."""
        if catalog is None:
            from .card_files import default_catalog

            catalog = default_catalog()
        state = GameState.from_dict(json.loads(text))
        mode = StandardMode() if mode is None and cls is Game else mode
        if mode is not None and state.mode != mode.name:
            raise ValueError(f"a {state.mode} game cannot be played as a {mode.name} game "
                             "(games.load_game picks the mode a state names)")
        return cls(state, catalog, mode)

    # --- queries ----------------------------------------------------------------------------
    @property
    def players(self) -> list[Player]:
        return self.state.players

    @property
    def over(self) -> bool:
        return self.state.over

    def card(self, card: int) -> UnitType:
        return self.types[card]

    def pending(self) -> list[Pending]:
        """Every player who must decide now (those who already submitted are left out)."""
        s = self.state
        row = _STEPS.get(s.step)
        if s.over or row is None:
            return []
        asks, options = row
        out = [Pending(i, s.step, options(self, i, p)) for i, p in enumerate(s.players)
               if p.submitted is None and asks(self, i, p)]
        if self._extra_pending is not None:
            for pend in out:
                self._extra_pending(self, pend)
        return out

    def pending_for(self, player: int) -> Pending | None:
        """The decision `player` must make now, if any."""
        if self.state.over or not 0 <= player < len(self.state.players):
            return None
        return self._pending_of(player)

    def _pending_of(self, i: int) -> Pending | None:
        p = self.state.players[i]
        if p.submitted is not None:
            return None
        step = self.state.step
        row = _STEPS.get(step)
        if row is None or not row[0](self, i, p):
            return None
        pend = Pending(i, step, row[1](self, i, p))
        if self._extra_pending is not None:
            self._extra_pending(self, pend)
        return pend

    # Who must decide in each step, and what they choose from (see _STEPS).
    def _asks_pick(self, i: int, p: Player) -> bool:
        return len(p.draft) > 1  # a last single card is taken without asking

    def _pick_options(self, i: int, p: Player) -> dict[str, Any]:
        return {"cards": list(p.draft), "discard": len(self.state.players) == 2}

    def _asks_deploy(self, i: int, p: Player) -> bool:
        return True

    def _asks_age_target(self, i: int, p: Player) -> bool:
        return bool(p.choices)

    def _age_target_options(self, i: int, p: Player) -> dict[str, Any]:
        return {**p.choices[0], "slots": [k for k, _ in p.units()]}

    def _asks_construction(self, i: int, p: Player) -> bool:
        return bool(self._step_options(i))

    def _construction_step_options(self, i: int, p: Player) -> dict[str, Any]:
        return {"options": self.construction_options(i)}

    def _asks_heal(self, i: int, p: Player) -> bool:
        return self._heal_needed(p)

    def _heal_options(self, i: int, p: Player) -> dict[str, Any]:
        return {"slots": self._healable(p), "max": self._healers(p)}

    def _anyone_pending(self, first: int = 0) -> bool:
        """Whether anyone must still decide; asks `first` and those after first (likelier pending)."""
        s = self.state
        row = _STEPS.get(s.step)
        if row is None:
            return False
        asks = row[0]
        players = s.players
        n = len(players)
        for k in range(first, first + n):
            p = players[k % n]
            if p.submitted is None and asks(self, k % n, p):  # who submitted is never pending
                return True
        return False

    def resources(self, player: int) -> dict[str, int]:
        return self._resources(self.state.players[player])

    def strength(self, player: int) -> int:
        return self.strength_breakdown(player)[0]

    def strength_breakdown(self, player: int) -> tuple[int, list[tuple[str, int]]]:
        """Kingdom strength and its parts: (label, strength) for each fighting Unit and Building."""
        p = self.state.players[player]
        ctx = self._context(p)
        parts = self._strength_parts(p, ctx, {slot: self._unit_strength(u, ctx) for slot, u in p.units()})
        return sum(v for _, v in parts), parts

    def _strength_parts(self, p: Player, ctx: Context, unit_strengths: dict[int, int]) -> list[tuple[str, int]]:
        parts = []
        rules = self.rules
        for slot, u in enumerate(p.slots):
            if u is not None and rules[u.card].fights[u.age >= 1][slot]:
                parts.append((rules[u.card].labels[slot], unit_strengths[slot]))
        for key, level in p.buildings.items():
            lv = self._buildings[key].levels[level]
            for h, params in lv.strength:
                parts.append((lv.label, h(params, ctx)))
        return parts

    def _fights(self, slot: int, u: Unit) -> bool:
        """Whether the Unit in this spot adds its strength in the Wars."""
        return self.rules[u.card].fights[u.age >= 1][slot]

    def _kingdom_at_war(self, p: Player, ctx: Context, unit_strengths: dict[int, int]) -> dict[str, Any]:
        """The Kingdom as it goes to War, for the `war_strength` event: the parts of its strength (as
        `_strength_parts`, by key: {card, spot, strength} of each fighting Unit, {building, level,
        strength} of each Building modifier); each Unit as [spot, card, Age tokens, strength, fights],
        each Building as [key, level, strength it adds]."""
        cards = self.state.cards
        parts: list[dict[str, Any]] = []
        units = []
        for slot, u in enumerate(p.slots):
            if u is not None:
                fights = self._fights(slot, u)
                units.append([slot, u.card, u.age, unit_strengths[slot], fights])
                if fights:
                    parts.append({"card": cards[u.card], "spot": slot, "strength": unit_strengths[slot]})
        buildings = []
        for key, level in p.buildings.items():
            values = [h(params, ctx) for h, params in self._buildings[key].levels[level].strength]
            parts += [{"building": key, "level": level, "strength": v} for v in values]
            buildings.append([key, level, sum(values)])
        return {"parts": parts, "units": units, "buildings": buildings}

    def forecast(self, player: int, wars_won: tuple[int, ...] = (0,)) -> Forecast:
        """The Kingdom's figures for this turn in one pass: strength, Income, each Unit's strength,
        (LP, Gold) of its Wars abilities for each count in `wars_won`, (LP, Gold) of its Aging abilities."""
        return self.forecast_and_resources(player, wars_won)[0]

    def forecast_and_resources(self, player: int, wars_won: tuple[int, ...] = (0,)) -> tuple[Forecast, dict[str, int]]:
        """`forecast(player, wars_won)` and `resources(player)`, worked out together."""
        # one loop over the spots (the bots ask for thousands of Kingdoms a decision): the same sums
        # as `_strength_parts`, `_war_gains` and `death_gains` give
        p = self.state.players[player]
        ctx = self._context(p)
        rules = self.rules
        units = self._strengths(p, ctx)
        strength = 0
        dying = []
        for slot, s in units.items():
            u = p.slots[slot]
            assert u is not None  # (a spot with a strength holds a Unit)
            r = rules[u.card]
            if r.fights[u.age >= 1][slot]:
                strength += s
            if u.age >= r.death_age:
                dying.append(u)
        for key, level in p.buildings.items():
            for h, params in self._buildings[key].levels[level].strength:
                strength += h(params, ctx)
        wars = self._war_totals(p, ctx, units, wars_won) if wars_won else ()
        death_lp = death_gold = 0
        if dying:
            for lp, gold, _ in self._death_gains(p, dying):
                death_lp += lp
                death_gold += gold
        return Forecast(strength, ctx.income, units, wars, (death_lp, death_gold)), ctx.resources

    def _war_totals(self, p: Player, ctx: Context, units: dict[int, int],
                    wars_won: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
        """(LP, Gold) of the Kingdom's Wars abilities for each count in `wars_won` (`_war_gains` summed)."""
        handlers = [hp for _, handlers in self._war_sources(p) for hp in handlers]
        out = []
        for w in wars_won:
            ctx.wars_won = w
            lp = gold = 0
            for h, params in handlers:
                a, b = h(params, ctx, list(units.values()))
                lp += a
                gold += b
            out.append((lp, gold))
        return tuple(out)

    def income(self, player: int) -> int:
        """Gold this Kingdom earns in the Income phase, the base 2 included."""
        p = self.state.players[player]
        return self._income(p, self._resources(p))

    def construction_options(self, player: int) -> list[dict[str, Any]]:
        """Every Construction the player can afford now, each with its Gold price."""
        if self.state.step == Step.CONSTRUCTION:
            return [dict(o) for o in self._step_options(player)]
        return self._construction_options(player)

    def _step_options(self, player: int) -> list[dict[str, Any]]:
        """Construction options during the Construction step (nothing changes a Kingdom then)."""
        options = self._options.get(player)
        if options is None:
            options = self._options[player] = self._construction_options(player)
        return options

    def land_cost(self, player: int) -> int:
        """Gold a new Building costs this player before its resources (Landlord: none)."""
        return self._payment_terms(self.state.players[player])[0]

    def _payment_terms(self, p: Player) -> tuple[int, bool, bool]:
        """(Land cost, any resource can be bought, wood can be bought) for this Kingdom."""
        any_sub = wood_sub = no_land = False  # Merchant-like substitutes, Land cost ignored
        rules = self.rules
        for u in p.slots:
            if u is not None:
                r = rules[u.card]
                any_sub |= r.any_sub
                wood_sub |= r.wood_sub
                no_land |= r.ignore_land_cost
        return (0 if no_land else 2 * len(p.buildings)), any_sub, wood_sub

    def _construction_options(self, player: int) -> list[dict[str, Any]]:
        p = self.state.players[player]
        gold = p.gold
        land, any_sub, wood_sub = self._payment_terms(p)
        res = None
        out = []
        price = effects.price
        for key, b in self._buildings.items():
            level = p.buildings.get(key)
            if level is None:
                if land > gold:  # the Land alone is over the Gold: nothing new can be built
                    continue
                res = res or self._resources(p)
                gold1 = price(b.build1, res, land, gold, any_sub, wood_sub)
                if gold1 is None:  # level 2 at once costs level 1 and more
                    continue
                out.append({"kind": "build", "building": key, "level": 1, "gold": gold1})
                gold2 = price(b.build2, res, land, gold, any_sub, wood_sub)
                if gold2 is not None:
                    out.append({"kind": "build", "building": key, "level": 2, "gold": gold2})
            elif level == 1:
                res = res or self._resources(p)
                gold2 = price(b.upgrade, res, 0, gold, any_sub, wood_sub)
                if gold2 is not None:
                    out.append({"kind": "upgrade", "building": key, "gold": gold2})
        return out

    def construction_report(self, player: int) -> list[dict[str, Any]]:
        """Every Construction of every Building for this player, possible now or not, with its price
        split: `land` (Gold of Land cost), `instead` (Gold paid instead of resources: Temple),
        `resources` [(kind, n)] the Kingdom produces and uses, `bought` [(kind, n)] missing resources
        paid 1 Gold each (Unit discounts), `gold` the total. When not `possible`: `missing` [(kind, n)]
        resources lacking and `short` the Gold lacking. `opens_fifth`: the player's first level-2
        Building, which opens the 5th spot. A Building at level 2 has kind "complete"."""
        p = self.state.players[player]
        land, any_sub, wood_sub = self._payment_terms(p)
        res = self._resources(p)
        out = []
        for key, b in self._buildings.items():
            level = p.buildings.get(key)
            if level is None:
                asks = [("build", 1, b.build1, land), ("build", 2, b.build2, land)]
            elif level == 1:
                asks = [("upgrade", 2, b.upgrade, 0)]
            else:
                out.append({"kind": "complete", "building": key, "level": 2, "possible": False})
                continue
            for kind, lv, payments, cost in asks:
                best = min((_payment(base, need, res, cost, p.gold, any_sub, wood_sub) for base, need in payments),
                           key=lambda r: (not r["possible"], len(r["missing"]), r["short"], r["gold"]))
                out.append({"kind": kind, "building": key, "level": lv, **best,
                            "opens_fifth": lv == 2 and not p.has_fifth_slot()})
        return out

    # --- questions screens and bots ask instead of working the rules out themselves ----------
    def _pass_step(self) -> int:
        return pass_step(self.state.turn)

    def pass_direction(self) -> str:
        """Where the cards left after a pick go this turn: "left" (the next seat) or "right"."""
        return "left" if self._pass_step() == 1 else "right"

    def pass_target(self, player: int) -> int:
        """The player who receives `player`'s remaining draft cards this turn."""
        return (player + self._pass_step()) % len(self.state.players)

    def rivals(self, player: int) -> list[int]:
        """The players `player` fights in the Wars of the standard game, left neighbour (the next
        seat) first: one opponent with 2 players (a double War), else both neighbours."""
        n = len(self.state.players)
        if n == 2:
            return [1 - player]
        return list(dict.fromkeys([(player + 1) % n, (player - 1) % n]))

    def suggested_unpaid(self, player: int, new: list[int]) -> list[int]:
        """The new Units (in the order placed) to give up when Gold is short: the cheapest are paid
        first, so as many Units as possible are kept; [] when all can be paid. The engine accepts it."""
        gold = self.state.players[player].gold
        types = self.types
        if sum(types[c].cost for c in new) <= gold:
            return []
        unpaid = []
        for c in sorted(new, key=lambda c: types[c].cost):
            cost = types[c].cost
            if cost <= gold:
                gold -= cost
            else:
                unpaid.append(c)
        return unpaid

    def scores(self) -> list[int]:
        return [p.lp for p in self.state.players]

    def winners(self) -> list[int]:
        """Most LP, then most Gold; players still tied share the victory (unless the mode says)."""
        by_mode = self.mode.winners(self)
        if by_mode is not None:
            return by_mode
        best = max((p.lp, p.gold) for p in self.state.players)
        return [i for i, p in enumerate(self.state.players) if (p.lp, p.gold) == best]

    def player_order(self) -> list[int]:
        """Order for abilities that interact: most LP first, then least Gold, then a seeded draw."""
        s = self.state
        n = len(s.players)
        keys = [(-p.lp, p.gold) for p in s.players]
        if len(set(keys)) == n:  # no ties: the draw would not change the order
            return sorted(range(n), key=keys.__getitem__)
        tiebreak = self._tiebreak(n)
        return sorted(range(n), key=lambda i: (keys[i], tiebreak[i]))

    def _tiebreak(self, n: int) -> list[float]:
        """Seeded draws for ties, fixed by the seed and the number of events so far, whether they
        were logged or not (asking does not advance the game's rng); the last ones are remembered,
        as seeding a Random is slow."""
        s = self.state
        key = f"{s.seed}:{len(s.log) + self.unlogged}"  # the events so far, logged or not
        if self._last_tiebreak[0] != key or len(self._last_tiebreak[1]) != n:
            draw = random.Random(key)
            self._last_tiebreak = (key, [draw.random() for _ in range(n)])
        return self._last_tiebreak[1]

    def view(self, player: int | None) -> dict[str, Any]:
        """What `player` may see (None: a spectator who sees only public information)."""
        s = self.state
        d = s.to_dict()
        d.pop("rng")
        d.pop("decisions")
        d["deck"] = len(s.deck)
        d["discard"] = len(s.discard)
        for i, pd in enumerate(d["players"]):
            if i != player:
                pd["hand"] = len(pd["hand"])
                pd["draft"] = len(pd["draft"])
                pd["kept"] = pd["kept"] is not None
                pd["submitted"] = pd["submitted"] is not None
                pd["choices"] = len(pd["choices"])
        from . import events

        d["log"] = events.visible(d["log"], player)
        self.mode.view(self, player, d)
        return d

    def after_deployment(self, player: int, decision: Deploy | dict[str, Any]) -> Game:
        """This player's Kingdom alone, as player 0 of a new Game, as this deployment decision would
        leave it at the end of phase 2: Units placed and paid, reveal and every-turn abilities
        applied, end-of-phase LP scored (in its log). Left as they are: a Shapeshifter (the draw pile
        is hidden) and Age tokens placed by choice (still in the player's `choices`).
        Raises IllegalDecision as `apply` would; this game is not changed."""
        p = self.state.players[player]
        pend = Pending(player, Step.DEPLOY, self._deploy_options(p))
        deploy = as_decision(decision, Step.DEPLOY)
        assert isinstance(deploy, Deploy)  # as_decision checked the kind
        d = self._check_deploy(player, pend, deploy).to_dict()
        me = Player(p.name, gold=p.gold, lp=p.lp, hand=list(p.hand), buildings=dict(p.buildings),
                    slots=[None if u is None else Unit(u.card, u.age) for u in p.slots])
        s = self.state
        k = Game(GameState(seed=s.seed, cards=s.cards, players=[me], turn=s.turn, turns=s.turns,
                           phase=Phase.DEPLOYMENT), self.catalog)
        me.revealed = k._place(0, me, d)
        k._reveal_abilities(0, me.revealed)
        k._auto_age_targets()
        k._gains_in_order([k._deployment_end_gains(me)])
        return k

    # --- applying decisions -----------------------------------------------------------------
    def apply(self, player: int, decision: Decision | dict[str, Any]) -> None:
        """Validate and apply one decision; raise IllegalDecision (state untouched) if refused.
        A dict (the JSON form) is read with `decision_from_dict` first."""
        pend, d = self._check(player, decision)
        self._do(pend, d)

    def check(self, player: int, decision: Decision | dict[str, Any]) -> Decision:
        """The decision as `apply` would apply it (prices settled), without applying it; raises
        IllegalDecision (or a subclass: NotPending, WrongKind, MalformedDecision, Unaffordable)."""
        return self._check(player, decision)[1]

    def _check(self, player: int, decision: Decision | dict[str, Any]) -> tuple[Pending, Decision]:
        pend = self.pending_for(player) if _is_int(player) else None
        if pend is None:
            raise NotPending(player)
        d = as_decision(decision, pend.kind)
        return pend, _CHECKS[pend.kind](self, player, pend, d)

    def _do(self, pend: Pending, d: Decision) -> None:
        """Apply a decision `_check` accepted for `pend` (nothing is validated here)."""
        player = pend.player
        record = d.to_dict()
        self.state.decisions.append({"player": player, **record})
        if pend.kind == Step.AGE_TARGET:  # sequential, private to the player: resolve at once
            self._resolve_age_target(player, record)
        else:
            self.state.players[player].submitted = record
        if not self._anyone_pending(player):
            self._resolve_step()

    def submit(self, decisions: Mapping[int, Decision | dict[str, Any]], *, trusted: bool = False) -> None:
        """The decisions of the current step, player -> decision, applied together and the step
        resolved once: the same game as one `apply` each, in this order.

        Validated like `apply`, all of them before any is applied (IllegalDecision: nothing is
        applied), unless `trusted`: for callers that make a decision for every pending player from
        this step's `pending()` options (the random player, playouts), typed or as the dicts
        `to_dict` gives, which then skip parsing, rebuilding the options and rescanning who is still
        pending after each decision. Age-token targets are sequential and always go through
        `apply`, one by one."""
        s = self.state
        step = s.step
        if step == Step.AGE_TARGET:
            for player, d in decisions.items():
                self.apply(player, d)
            return
        if trusted:  # a dict is taken as it is: the form `to_dict` gives, as in `pending()` options
            records = [(player, d if isinstance(d, dict) else d.to_dict()) for player, d in decisions.items()]
        else:
            records = [(player, self._check(player, d)[1].to_dict()) for player, d in decisions.items()]
        log, players = s.decisions, s.players
        for player, record in records:
            log.append({"player": player, **record})
            players[player].submitted = record
        if not self._anyone_pending():
            self._resolve_step()

    def play_step(self, decide: Callable[[int, Step, dict[str, Any]], Decision | dict[str, Any]]) -> None:
        """Trusted play of the current step: `decide(player, step, options)` for each player who must
        decide now, in seat order, with the options `pending()` would give (the engine's own: read
        them, do not keep or change them), then the step resolves once. The same game as
        `submit({p.player: decide(p.player, p.kind, p.options) for p in pending()}, trusted=True)`
        (a player's options do not depend on what the others decide), without building the Pendings
        or asking again who is pending. Age-token targets are decided one by one, as `submit` does."""
        s = self.state
        row = _STEPS.get(s.step)
        if s.over or row is None or s.step == Step.AGE_TARGET:
            self.submit({p.player: decide(p.player, p.kind, p.options) for p in self.pending()}, trusted=True)
            return
        asks, options = row
        step, log = s.step, s.decisions
        for i, p in enumerate(s.players):
            if p.submitted is None and asks(self, i, p):
                o = options(self, i, p)
                if self._extra_pending is not None:
                    self._extra_pending(self, Pending(i, step, o))
                d = decide(i, step, o)
                record = d if isinstance(d, dict) else d.to_dict()
                log.append({"player": i, **record})
                p.submitted = record
        self._resolve_step()  # everyone asked has decided

    def stop_recording(self) -> None:
        """From now on, count events without logging them (the log so far is dropped): a game
        played only for its outcome, e.g. a simulation, is the same game, faster. Standard games
        only (solo rules read the log)."""
        if self.state.mode != "standard":
            raise ValueError("only a standard game can be played without its log")
        self.unlogged += len(self.state.log)
        self.state.log.clear()
        self.record_events = False

    def resume(self) -> None:
        """Resolve the current step if nobody has anything left to decide in it.

        Needed only after a state was edited or loaded by hand; `apply` does this by itself.
        """
        if not self.state.over and not self.pending():
            self._resolve_step()

    # --- validation: one check per step, (player, pending, typed decision) -> decision applied ----
    def _check_pick(self, player: int, pend: Pending, d: Pick) -> Pick:
        cards = pend.options["cards"]
        if d.card not in cards:
            raise IllegalDecision("you can only pick a card from the cards in front of you")
        if pend.options["discard"]:
            if d.discard is None or d.discard not in cards or d.discard == d.card:
                raise IllegalDecision("with 2 players you must also discard another of these cards")
        elif d.discard is not None:
            raise IllegalDecision("you cannot discard a card now")
        return d

    def _check_deploy(self, player: int, pend: Pending, d: Deploy) -> Deploy:
        p = self.state.players[player]
        slots = d.slots
        if len(slots) != 5:
            raise MalformedDecision("a deployment lists exactly 5 spots (Front 1-3, Back 1-2)")
        in_play = {u.card for u in p.slots if u is not None}
        placed = [c for c in slots if c is not None]
        if len(set(placed)) != len(placed):
            raise IllegalDecision("a card can only be in one spot")
        hand = p.hand
        for c in placed:
            if c not in in_play and c not in hand:
                raise IllegalDecision("you can only place Units from your hand or already in play")
        if slots[FIFTH_SLOT] is not None and not p.has_fifth_slot():
            raise IllegalDecision("the 5th spot needs a level-2 Building")
        keep = d.keep
        if keep is not None and (keep not in p.hand or keep in placed):
            raise IllegalDecision("you can only keep one card of your hand that you do not deploy")
        new = [c for c in placed if c not in in_play]
        self._check_payment(p, new, d.unpaid)
        return d

    def _check_payment(self, p: Player, new: list[int], unpaid: tuple[int, ...]) -> None:
        """The new Units are paid for, but for those given up, and only when Gold is short."""
        if any(c not in new for c in unpaid) or len(set(unpaid)) != len(unpaid):
            raise IllegalDecision("only Units deployed now can be left unpaid")
        rules = self.rules
        cost = 0
        for c in new:
            if c not in unpaid:
                cost += rules[c].cost
        if cost > p.gold:
            raise Unaffordable(cost, p.gold)
        for c in unpaid:
            if self.types[c].cost <= p.gold - cost:
                raise IllegalDecision(f"you can pay for {self.types[c].name}, so it cannot be left unpaid")

    def _check_age_target(self, player: int, pend: Pending, d: AgeTarget) -> AgeTarget:
        if d.slot not in pend.options["slots"]:
            raise IllegalDecision("choose one of your Units in play")
        return d

    def _check_construction(self, player: int, pend: Pending, d: Construction) -> Construction:
        if isinstance(d, Pass):
            return d
        for opt in pend.options["options"]:
            if opt["building"] != d.building:
                continue
            if isinstance(d, Build) and opt["kind"] == "build" and opt["level"] == d.level:
                return Build(d.building, d.level, opt["gold"])
            if isinstance(d, Upgrade) and opt["kind"] == "upgrade":
                return Upgrade(d.building, opt["gold"])
        raise IllegalDecision("you cannot afford that Construction now (or it is not available)")

    def _check_heal(self, player: int, pend: Pending, d: Heal) -> Heal:
        slots = d.slots
        if len(set(slots)) != len(slots):
            raise MalformedDecision("list the spots of the Units to save, each once")
        if len(slots) > pend.options["max"]:
            raise IllegalDecision(f"each Mystical Healer saves one Unit: at most {pend.options['max']}")
        if any(s not in pend.options["slots"] for s in slots):
            rules = [self.rules[u.card] for u in self.state.players[player].slots if u is not None]
            healers = {(r.name, r.save_text) for r in rules if r.healer}  # the rule in the card's words
            raise IllegalDecision("; ".join(f"{name}: {text}" for name, text in sorted(healers)))
        return d

    # --- flow -------------------------------------------------------------------------------
    def _resolve_step(self) -> None:
        resolve = _RESOLVE.get(self.state.step)
        if resolve is not None:
            resolve(self)

    def _start_turn(self) -> None:
        s = self.state
        s.phase, s.draft_round = Phase.RECRUITMENT, 0
        self._event("turn_started", turn=s.turn)
        if self.mode.turn_started(self):
            return
        size = draft_size(len(s.players))
        for i, p in enumerate(s.players):
            p.draft = self._draw(size)
            if self.record_events:
                self._event("cards_dealt", player=i, cards=list(p.draft), private_to=i)
            else:
                self.unlogged += 1
        self._begin(Step.PICK)

    def _begin(self, step: Step) -> None:
        self._options.clear()
        self.state.step = step
        for p in self.state.players:
            p.submitted = None
        if not self._anyone_pending():
            self._resolve_step()

    def _draw(self, n: int) -> list[int]:
        s = self.state
        deck = s.deck
        if 0 < n <= len(deck):  # no reshuffle needed: the top n cards, top first
            out = deck[-n:]
            del deck[-n:]
            out.reverse()
            return out
        out = []
        for _ in range(n):
            if not s.deck:
                if not s.discard:
                    break
                s.deck, s.discard = s.discard, []
                draws.shuffle(s.rng, s.deck)
                self._event("deck_reshuffled", cards=len(s.deck))
            out.append(s.deck.pop())
        return out

    def _event(self, type_: str, **fields: Any) -> None:
        """Log an event (one of rules/events.py), stamped with the phase it happens in.

        Hot paths test `record_events` first and only count the event (`unlogged += 1`) when it is
        off: building the fields costs more than the rules they report."""
        if not self.record_events:
            self.unlogged += 1
            return
        self.state.log.append(self._record_event(type_, self.state.phase, fields))

    def _gain(self, player: int, lp: int = 0, gold: int = 0, cause: str = "") -> None:
        """Change a player's LP and Gold; a score never goes below 0 (FAQ)."""
        p = self.state.players[player]
        if lp:
            new = max(0, p.lp + lp)
            if self.record_events:
                self._event("lp", player=player, amount=new - p.lp, cause=cause, total=new)
            else:
                self.unlogged += 1
            p.lp = new
        if gold:
            p.gold += gold
            if self.record_events:
                self._event("gold", player=player, amount=gold, cause=cause, total=p.gold)
            else:
                self.unlogged += 1

    # --- what modes act through (modes.py): the engine's own moves, public -------------------
    def emit(self, type_: str, **fields: Any) -> None:
        """Log an event of rules/events.py (its fields are checked), stamped with the current phase."""
        self._event(type_, **fields)

    def draw(self, n: int) -> list[int]:
        """Draw `n` cards from the draw pile, top first; the discard pile is shuffled into a new draw
        pile when it runs out (fewer cards only if both are empty)."""
        return self._draw(n)

    def begin(self, step: Step) -> None:
        """Open a step: every player decides anew; it resolves at once if nobody has to decide."""
        self._begin(step)

    def gain(self, player: int, lp: int = 0, gold: int = 0, cause: str = "") -> None:
        """A player scores LP and gains Gold (negative: loses), logged with their `cause` (a card,
        Building or Necropolis key, or a step such as "wars"); a score never goes below 0."""
        self._gain(player, lp, gold, cause)

    def go_to_war(self, player: int) -> int:
        """The Kingdom's strength in the Wars, logged with the Kingdom as it fights (`war_strength`)."""
        p = self.state.players[player]
        ctx = self._context(p)
        units = {slot: self._unit_strength(u, ctx) for slot, u in p.units()}
        parts = self._strength_parts(p, ctx, units)
        total = sum(v for _, v in parts)
        self._event("war_strength", player=player, strength=total, **self._kingdom_at_war(p, ctx, units))
        return total

    def score_war_abilities(self, player: int, wars_won: int) -> None:
        """The Kingdom's Wars-phase abilities score for `wars_won` Wars won."""
        self._war_abilities(player, wars_won)

    # --- 1. Recruitment ---------------------------------------------------------------------
    def _resolve_picks(self) -> None:
        if self.mode.resolve_picks(self):
            return
        s = self.state
        record = self.record_events
        for i, p in enumerate(s.players):
            d = p.submitted
            if d is None:  # a single card left: it is taken without asking
                if not p.draft:
                    continue
                d = {"card": p.draft[0]}
            card, discard = d["card"], d.get("discard")
            p.draft.remove(card)
            p.hand.append(card)
            if discard is not None:
                p.draft.remove(discard)
                s.discard.append(discard)
            if record:
                self._log_pick(i, card, discard)
            else:
                self.unlogged += 1 if discard is None else 2
        s.draft_round += 1
        self._pass_drafts()

    def _log_pick(self, i: int, card: int, discard: int | None) -> None:
        self._event("card_picked", player=i, card=card, private_to=i)
        if discard is not None:
            self._event("card_discarded", player=i, card=discard, reason="draft", private_to=i)

    def _pass_drafts(self) -> None:
        """Pass the cards left to the next player and pick again, or end the draft."""
        s = self.state
        n = len(s.players)
        drafts = [p.draft for p in s.players]
        if any(drafts):
            step = self._pass_step()
            for i, p in enumerate(s.players):
                p.draft = drafts[(i - step) % n]
            if self.record_events:
                self._event("cards_passed", direction=self.pass_direction())
            else:
                self.unlogged += 1
            self._begin(Step.PICK)
            return
        for i, p in enumerate(s.players):
            if p.kept is not None:
                p.hand.append(p.kept)
                if self.record_events:
                    self._event("kept_card_returned", player=i, card=p.kept, private_to=i)
                else:
                    self.unlogged += 1
                p.kept = None
        s.phase = Phase.DEPLOYMENT
        self._begin(Step.DEPLOY)

    # --- 2. Deployment ----------------------------------------------------------------------
    def _deploy_options(self, p: Player) -> dict[str, Any]:
        return {"hand": list(p.hand), "in_play": [[i, u.card] for i, u in enumerate(p.slots) if u is not None],
                "open_slots": p.open_slots(), "gold": p.gold,
                "can_keep": self.state.turn < self.state.turns}  # a kept card would wait for no next turn

    def _resolve_deployment(self) -> None:
        s = self.state
        revealed: dict[int, list[int]] = {}
        rules = self.rules
        shifters = False
        for i, p in enumerate(s.players):
            assert p.submitted is not None  # everyone deploys
            revealed[i] = p.revealed = self._place(i, p, p.submitted)
            placed = p.submitted["slots"]  # (the card of each spot revealed now)
            for slot in revealed[i]:
                shifters = shifters or rules[placed[slot]].shapeshift is not None
        for i in self.player_order() if shifters else ():  # Shapeshifter draws interact through the pile
            for slot in list(revealed[i]):
                max_cost = rules[s.players[i].unit(slot).card].shapeshift
                if max_cost is not None:
                    self._shapeshift(i, slot, max_cost)
        acting = [i for i, p in enumerate(s.players) if self._has_phase2_abilities(p, revealed[i])]
        for i in self._in_order(acting):
            self._reveal_abilities(i, revealed[i])
        for p in s.players:
            p.submitted = None
        s.step = Step.AGE_TARGET
        self._auto_age_targets()
        if not self._anyone_pending():
            self._end_deployment()

    def _place(self, i: int, p: Player, d: dict[str, Any]) -> list[int]:
        """Put the player's plan into effect; return the spots of the newly revealed Units."""
        s = self.state
        old = {u.card: u for u in p.slots if u is not None}
        new_slots: list[Unit | None] = [None] * 5
        revealed = []
        unpaid = d["unpaid"]
        rules = self.rules
        cost = 0
        for slot, c in enumerate(d["slots"]):
            if c is None:
                continue
            if c in old:
                new_slots[slot] = old.pop(c)
            elif c in unpaid:
                s.discard.append(c)
                self._event("unit_unpaid", player=i, card=c)
            else:
                new_slots[slot] = Unit(c)
                cost += rules[c].cost
                revealed.append(slot)
        for c in old:
            s.discard.append(c)
            if self.record_events:
                self._event("unit_discarded", player=i, card=c, reason="make_room")
            else:
                self.unlogged += 1
        p.slots = new_slots
        self._discard_hand(i, p, d["slots"], d["keep"])
        if self.record_events:
            self._event("units_revealed", player=i, units=[[slot, p.unit(slot).card] for slot in revealed])
        else:
            self.unlogged += 1
        if cost:
            p.gold -= cost
            if self.record_events:
                self._event("gold", player=i, amount=-cost, cause="deployment", total=p.gold)
            else:
                self.unlogged += 1
        return revealed

    def _discard_hand(self, i: int, p: Player, placed: list[int | None], keep: int | None) -> None:
        """The hand cards neither placed nor kept are discarded; `keep` is set aside."""
        discard = self.state.discard
        record = self.record_events
        for c in p.hand:
            if c not in placed and c != keep:
                discard.append(c)
                if record:
                    self._event("card_discarded", player=i, card=c, reason="not_deployed", private_to=i)
                else:
                    self.unlogged += 1
        p.hand = []
        p.kept = keep
        if keep is not None:
            if record:
                self._event("card_kept", player=i, card=keep, private_to=i)
            else:
                self.unlogged += 1

    def _shapeshift(self, i: int, slot: int, max_cost: int) -> None:
        s = self.state
        p = s.players[i]
        shifter = p.unit(slot).card
        for _ in range(len(s.deck) + len(s.discard) + 1):
            drawn = self._draw(1)
            if not drawn:
                break
            c = drawn[0]
            if self.types[c].cost <= max_cost:
                s.discard.append(shifter)
                p.slots[slot] = Unit(c)
                self._event("unit_replaced", player=i, slot=slot, old=shifter, new=c, cause="shapeshift")
                self._add_age(i, slot, 1, "shapeshift")
                return
            s.discard.append(c)
            self._event("card_discarded", player=i, card=c, reason="shapeshift")
        self._event("shapeshift_failed", player=i, slot=slot)

    def _has_phase2_abilities(self, p: Player, revealed: list[int]) -> bool:
        """Whether `_reveal_abilities` has anything to do for this Kingdom."""
        rules = self.rules
        for slot, u in enumerate(p.slots):
            if u is not None and (rules[u.card].every_turn or rules[u.card].reveal and slot in revealed):
                return True
        return False

    def _reveal_abilities(self, i: int, revealed: list[int]) -> None:
        """Phase-2 abilities: reveal abilities of the new Units, then every-turn ones of all Units."""
        p = self.state.players[i]
        rules = self.rules
        kingdom = _Kingdom(self, i)
        for slot in revealed:
            card = p.unit(slot).card
            for h, params in rules[card].reveal:
                h(kingdom, slot, card, params)
        kingdom = _Kingdom(self, i)  # resources as the reveals left them
        for slot, u in p.units():
            for h, params in rules[u.card].every_turn:
                h(kingdom, slot, u.card, params)

    def _auto_age_targets(self) -> None:
        """A choice with a single possible Unit is made without asking."""
        for i, p in enumerate(self.state.players):
            while p.choices and len(p.units()) <= 1:
                units = p.units()
                if units:
                    self._add_age(i, units[0][0], p.choices[0]["amount"], self.state.cards[p.choices[0]["source"]])
                p.choices.pop(0)

    def _resolve_age_target(self, player: int, d: dict[str, Any]) -> None:
        p = self.state.players[player]
        c = p.choices.pop(0)
        self._add_age(player, d["slot"], c["amount"], self.state.cards[c["source"]])

    def _end_deployment(self) -> None:
        self._gains_in_order([self._deployment_end_gains(p) for p in self.state.players])
        self._wars()

    def _deployment_end_gains(self, p: Player) -> list[tuple[str, int, int]]:
        """End of phase 2, (card key, LP, Gold): Kraken's penalty counts level-2 Buildings now (FAQ)."""
        out = []
        rules = self.rules
        for slot, u in enumerate(p.slots):  # (a loop over the Units: few are Krakens, fewer revealed now)
            lp = None if u is None else rules[u.card].lp_per_level2
            if lp is not None and slot in p.revealed:
                level2 = sum(1 for lv in p.buildings.values() if lv == 2)
                if level2:
                    out.append((self.state.cards[p.unit(slot).card], lp * level2, 0))
        return out

    def _gains_in_order(self, gains: list[list[tuple[str, int, int]]]) -> None:
        """Each player's (cause, LP, Gold) gains, player after player in player order."""
        for i in self._in_order([i for i, g in enumerate(gains) if g]):
            for cause, lp, gold in gains[i]:
                self._gain(i, lp=lp, gold=gold, cause=cause)

    def _in_order(self, acting: list[int]) -> list[int]:
        """These players in player order, for abilities that touch only their own player's Kingdom: the
        order shows only in the log. So it is only worked out (a seeded draw if tied) when two or more
        act and events are logged: a player with nothing to do changes nothing and logs nothing."""
        if len(acting) < 2 or not self.record_events:  # (what they do touches only their own Kingdom)
            return acting
        return [i for i in self.player_order() if i in acting]

    def _add_age(self, i: int, slot: int, amount: int, cause: str) -> None:
        u = self.state.players[i].unit(slot)
        u.age += amount
        if self.record_events:
            self._event("age_added", player=i, slot=slot, card=u.card, amount=amount, cause=cause, total=u.age)
        else:
            self.unlogged += 1

    # --- 3. Wars ----------------------------------------------------------------------------
    def _wars(self) -> None:
        s = self.state
        s.phase, s.step = Phase.WARS, Step.NONE
        if self.mode.resolve_wars(self):
            self._income_phase()
            return
        strengths = []
        kingdoms = []  # (context, Unit strengths) per player: nothing changes them until Construction
        rules = self.rules
        for i, p in enumerate(s.players):
            ctx = self._context(p)
            units = {slot: self._unit_strength(u, ctx) if rules[u.card].strength_mods else rules[u.card].strength
                     for slot, u in enumerate(p.slots) if u is not None}  # (most Units: their printed strength)
            parts = self._strength_parts(p, ctx, units)
            total = sum([v for _, v in parts])
            kingdoms.append((ctx, list(units.values())))
            strengths.append(total)
            if self.record_events:  # (the Kingdom in detail is only worked out for the log)
                self._event("war_strength", player=i, strength=total, **self._kingdom_at_war(p, ctx, units))
            else:
                self.unlogged += 1
        won = self._fight(strengths)
        for i, w in enumerate(won):
            if w:
                self._gain(i, lp=WAR_LP * w, cause="wars")
        gains = []
        for i, (ctx, unit_strengths) in enumerate(kingdoms):
            ctx.wars_won = won[i]
            gains.append(self._war_gains(s.players[i], ctx, unit_strengths))
        self._gains_in_order(gains)  # (Wars abilities read no LP or Gold: all are worked out first)
        self._income_phase([ctx.income for ctx, _ in kingdoms])

    def _fight(self, strengths: list[int]) -> list[int]:
        """The Wars between neighbours (2 players: the double War): Wars won by each player."""
        n = len(strengths)
        won = [0] * n
        if n == 2:
            for i, j in ((0, 1), (1, 0)):
                won[i] = double_war(strengths[i], strengths[j])
            self._event("war", players=[0, 1], strengths=strengths, wars_won=list(won))
            return won
        for i in range(n):
            j = (i + 1) % n
            a, b = strengths[i], strengths[j]
            winners = [k for k, mine, theirs in ((i, a, b), (j, b, a)) if war_won(mine, theirs)]
            for k in winners:
                won[k] += 1
            if self.record_events:
                self._event("war", players=[i, j], strengths=[a, b], winners=winners)
            else:
                self.unlogged += 1
        return won

    def _war_abilities(self, i: int, wars_won: int) -> None:
        for name, lp, gold in self.war_gains(i, wars_won):
            self._gain(i, lp=lp, gold=gold, cause=name)

    def war_gains(self, player: int, wars_won: int) -> list[tuple[str, int, int]]:
        """(source key, LP, Gold) the Kingdom's Wars-phase abilities would score with `wars_won` Wars won."""
        p = self.state.players[player]
        ctx = self._context(p)
        ctx.wars_won = wars_won
        return self._war_gains(p, ctx, [self._unit_strength(u, ctx) for _, u in p.units()])

    def _war_gains(self, p: Player, ctx: Context, unit_strengths: list[int]) -> list[tuple[str, int, int]]:
        out = []
        for name, handlers in self._war_sources(p):
            for h, params in handlers:
                lp, gold = h(params, ctx, unit_strengths)
                if lp or gold:
                    out.append((name, lp, gold))
        return out

    def _war_sources(self, p: Player) -> list[tuple[str, Any]]:
        """(source key, handlers) of the Kingdom's Wars-phase scoring abilities, Units first."""
        rules = self.rules
        cards = self.state.cards
        sources = [(cards[u.card], rules[u.card].war_scoring) for u in p.slots
                   if u is not None and rules[u.card].war_scoring]
        sources += [(k, self._buildings[k].levels[lv].war_scoring)
                    for k, lv in p.buildings.items()]
        return sources

    # --- 4. Income --------------------------------------------------------------------------
    def _income_phase(self, incomes: list[int] | None = None) -> None:
        s = self.state
        s.phase = Phase.INCOME
        for i, p in enumerate(s.players):
            gold = self._income(p, self._resources(p)) if incomes is None else incomes[i]
            self._gain(i, gold=gold, cause="income")
        s.phase = Phase.CONSTRUCTION
        self._begin(Step.CONSTRUCTION)

    # --- 5. Construction --------------------------------------------------------------------
    def _resolve_construction(self) -> None:
        s = self.state
        for i, p in enumerate(s.players):
            d = p.submitted
            if d is None or d["kind"] == "pass":
                self._event("construction_passed", player=i)
                continue
            p.gold -= d["gold"]
            p.buildings[d["building"]] = d["level"] if d["kind"] == "build" else 2
            if not self.record_events:
                self.unlogged += 1
            elif d["kind"] == "build":
                self._event("building_built", player=i, building=d["building"], level=d["level"],
                            gold=d["gold"], total=p.gold)
            else:
                self._event("building_upgraded", player=i, building=d["building"], gold=d["gold"],
                            cause="construction", total=p.gold)
        s.phase = Phase.AGING
        self._begin(Step.HEAL)

    # --- 6. Aging ---------------------------------------------------------------------------
    def dies(self, unit: Unit) -> bool:
        """Whether this Unit dies at the Aging phase (unless a Mystical Healer saves it); once the
        game is over, no Aging comes."""
        return not self.over and self._dies(unit)

    def would_die(self, player: int, slot: int, extra_age: int = 0) -> bool:
        """Whether the Unit in this spot dies at this turn's Aging with `extra_age` more Age tokens (as a
        Time Master or Master Alchemist adds), unless a Mystical Healer saves it."""
        u = self.state.players[player].slots[slot]
        return u is not None and self._dies(Unit(u.card, u.age + extra_age))

    def _dies(self, u: Unit) -> bool:
        return u.age >= self.rules[u.card].death_age

    def _healers(self, p: Player) -> int:
        rules = self.rules
        return sum(1 for u in p.slots if u is not None and rules[u.card].healer)

    def _healable(self, p: Player) -> list[int]:
        ages = {age for u in p.slots if u is not None for age in self.rules[u.card].save_ages}
        if not ages:
            return []
        return [slot for slot, u in enumerate(p.slots) if u is not None and u.age in ages and self._dies(u)]

    def healable(self, player: int) -> list[int]:
        """Spots of the dying Units this player's Mystical Healers could save (none without a Healer)."""
        p = self.state.players[player]
        return self._healable(p) if self._healers(p) else []

    def heal_matters(self, player: int) -> bool:
        """Whether the choice of the Units `player`'s Mystical Healers save can still change anything:
        before the last turn it always can (a saved Unit plays on); at the last turn's Aging only if a
        choice changes the final scores (a death ability: Sculptor, Demon, Monkey, Kraken...)."""
        pend = self.pending_for(player)
        if pend is None or pend.kind != Step.HEAL:
            return False
        if self.state.turn < self.state.turns:
            return True
        outcomes = set()
        slots, most = pend.options["slots"], pend.options["max"]
        for saves in (c for k in range(most + 1) for c in itertools.combinations(slots, k)):
            outcome = self._final_scores_after(player, Heal(saves))
            if outcome is not None:
                outcomes.add(outcome)
            if len(outcomes) > 1:
                return True
        return False

    def _final_scores_after(self, player: int, heal: Heal) -> tuple[object, ...] | None:
        """LP and Gold of every player (and the Lich King's LP) at the end, if `player` saves these
        Units and the others save none (None: a choice the rules refuse)."""
        game = type(self).from_json(self.to_json(), self.catalog)
        try:
            game.apply(player, heal)
        except IllegalDecision:
            return None
        while not game.over and game.pending():
            game.apply(game.pending()[0].player, Heal(()))
        return (tuple((p.lp, p.gold) for p in game.state.players), getattr(game, "lich_lp", None))

    def _heal_needed(self, p: Player) -> bool:
        rules = self.rules  # (asked of every player at every Aging: most have no Healer)
        for u in p.slots:
            if u is not None and rules[u.card].healer:
                return bool(self._healable(p))
        return False

    def _resolve_aging(self) -> None:
        players = self.state.players
        dying = [self._dying(p) for p in players]
        # The order shows only in the log and in the discard pile, when two players' Units die.
        if self.record_events or sum(1 for d in dying if d) > 1:
            order: Iterable[int] = self.player_order()
        else:
            order = range(len(players))
        for i in order:
            self._age_kingdom(i, players[i], dying[i])
        self._end_turn()

    def _dying(self, p: Player) -> list[tuple[int, Unit]]:
        """(spot, Unit) of the Units that die at this Aging: those the player's Healers save live."""
        saved = p.submitted["slots"] if p.submitted else ()
        rules = self.rules  # (as `_dies` asks)
        return [(slot, u) for slot, u in enumerate(p.slots)
                if u is not None and u.age >= rules[u.card].death_age and slot not in saved]

    def _age_kingdom(self, i: int, p: Player, dying: list[tuple[int, Unit]]) -> None:
        """One player's Aging: the saved Units, the gains of the dying, their deaths, one more Age token."""
        if p.submitted:
            for slot in sorted(p.submitted["slots"]):
                self._event("unit_saved", player=i, slot=slot, card=p.unit(slot).card)
        if dying:
            self._die(i, p, dying)
        aged = []
        for slot, unit in enumerate(p.slots):
            if unit is not None:
                unit.age += 1
                aged.append(slot)
        if self.record_events:
            self._event("units_aged", player=i, slots=aged)
        else:
            self.unlogged += 1
        p.submitted = None

    def _die(self, i: int, p: Player, dying: list[tuple[int, Unit]]) -> None:
        # Project ruling: a player's simultaneous gains apply before their losses.
        gains = self._death_gains(p, [u for _, u in dying])
        for lp, gold, cause in sorted(gains, key=lambda c: -c[0]):
            self._gain(i, lp=lp, gold=gold, cause=cause)
        discard = self.state.discard
        for slot, u in dying:
            p.slots[slot] = None
            discard.append(u.card)
            if self.record_events:
                self._event("unit_died", player=i, slot=slot, card=u.card, age=u.age)
            else:
                self.unlogged += 1

    def death_gains(self, player: int, saved: frozenset[int] | set[int] = frozenset()) -> list[tuple[int, int, str]]:
        """(LP, Gold, source key) the Aging phase would bring for the Units dying now (`saved` spots live)."""
        p = self.state.players[player]
        return self._death_gains(p, [u for slot, u in enumerate(p.slots)
                                     if u is not None and self._dies(u) and slot not in saved])

    def _death_gains(self, p: Player, dying: list[Unit]) -> list[tuple[int, int, str]]:
        rules = self.rules
        changes = []
        for u in dying:
            r = rules[u.card]
            for h, params in r.on_death:
                lp, gold = h(params, u)
                if lp or gold:
                    changes.append((lp, gold, self.state.cards[u.card]))
        dying_age = 0
        for u in dying:
            dying_age += u.age
        if dying_age:
            for other in p.slots:
                if other is not None:
                    for h, params in rules[other.card].others_death:
                        changes.append((h(params, dying_age), 0, self.state.cards[other.card]))
        return changes

    def _end_turn(self) -> None:
        s = self.state
        self.mode.turn_ended(self)
        if s.turn < s.turns:
            s.turn += 1
            self._start_turn()
            return
        s.phase = Phase.END  # end-of-game scoring
        for i, p in enumerate(s.players):
            for key, level in p.buildings.items():
                lv = self._buildings[key].levels[level]
                self._gain(i, lp=lv.legend_points, cause=key)
            for _, u in p.units():
                for h, params in self.rules[u.card].end_of_game:
                    self._gain(i, lp=h(params, u), cause=s.cards[u.card])
        s.over, s.phase, s.step = True, Phase.END, Step.NONE
        self._event("game_over", scores=self.scores(), gold=[p.gold for p in s.players], winners=self.winners())
        self.mode.game_ended(self)

    # --- Kingdom arithmetic -----------------------------------------------------------------
    def _resources(self, p: Player) -> dict[str, int]:
        out = _NO_RESOURCES.copy()
        rules = self.rules
        for slot, u in enumerate(p.slots):
            if u is None:
                continue
            for r, n, condition in rules[u.card].produces:
                out[r] += n if condition is None else unit_yield(n, condition, slot, u.age)
        buildings = self._buildings
        for key, level in p.buildings.items():
            for r, n in buildings[key].levels[level].produces:
                out[r] += n
        return out

    def _income(self, p: Player, res: dict[str, int]) -> int:
        ctx = Context(res, 0, 0)
        gold = BASE_INCOME
        rules = self.rules
        for u in p.slots:
            if u is not None and rules[u.card].income:
                for h, params in rules[u.card].income:
                    gold += h(params, u, ctx)
        buildings = self._buildings
        for key, level in p.buildings.items():
            for h, params in buildings[key].levels[level].income:
                gold += h(params, None, ctx)
        return gold

    def _context(self, p: Player) -> Context:
        res = self._resources(p)
        age = 0
        for u in p.slots:
            if u is not None:
                age += u.age
        return Context(res, age, self._income(p, res))

    def unit_strengths(self, player: int) -> dict[int, int]:
        """Strength of each of the player's Units (by spot), modifiers included, whether it fights or not."""
        p = self.state.players[player]
        return self._strengths(p, self._context(p))

    def _strengths(self, p: Player, ctx: Context) -> dict[int, int]:
        rules = self.rules
        out = {}
        for slot, u in enumerate(p.slots):  # (`_unit_strength` inlined: the bots ask for it a lot)
            if u is not None:
                r = rules[u.card]
                s = r.strength
                for h, params in r.strength_mods:
                    s = h(s, params, u, ctx)
                out[slot] = s
        return out

    def _unit_strength(self, u: Unit, ctx: Context) -> int:
        r = self.rules[u.card]
        s = r.strength
        for h, params in r.strength_mods:
            s = h(s, params, u, ctx)
        return s


def _payment(base: int, need: tuple[tuple[str, int], ...], res: dict[str, int], land: int, gold: int,
             any_sub: bool, wood_sub: bool) -> dict[str, Any]:
    """One way to pay for a Construction, as `effects.price` counts it, with its parts."""
    used: list[tuple[str, int]] = []
    bought: list[tuple[str, int]] = []
    missing: list[tuple[str, int]] = []
    for r, n in need:
        have = min(n, res[r])
        if have:
            used.append((r, have))
        if n > have:
            (bought if any_sub or (wood_sub and r == "wood") else missing).append((r, n - have))
    total = land + base + sum(n for _, n in bought)
    short = max(0, total - gold)
    return {"possible": not missing and not short, "gold": total, "land": land, "instead": base,
            "resources": used, "bought": bought, "missing": missing, "short": short}


def draft_size(players: int) -> int:
    """Cards dealt to each player for the draft: 9 with 2 players (who also discard one a round), else 5."""
    return 9 if players == 2 else 5


def pass_step(turn: int) -> int:
    """Where draft cards go after a pick: +1 (to the next seat, "left") on turns 1 and 3, else -1."""
    return 1 if turn % 2 == 1 else -1


def draft_counts(players: int, rounds: int) -> list[int]:
    """The cards in each player's draft hand at the start of draft rounds 0..`rounds`: one is picked
    a round (a last single card without asking), and with 2 players another is discarded."""
    counts = [draft_size(players)]
    for _ in range(rounds):
        counts.append(counts[-1] - (2 if players == 2 and counts[-1] > 1 else 1))
    return counts


def war_won(mine: int, theirs: int) -> bool:
    """A War between neighbours (3+ players): the stronger wins it; a tie is won by both."""
    return mine >= theirs


def double_war(mine: int, theirs: int) -> int:
    """Wars won in the double War of 2 players: 1 with at least the opponent's strength, 2 with at
    least twice it."""
    return 2 if mine >= 2 * theirs else 1 if mine >= theirs else 0


# The step table: (who must decide, their options), the check of a decision, the resolution once
# nobody is left to decide. Everything the engine asks per step is here.
_STEPS: dict[str, tuple[Callable[[Game, int, Player], bool], Callable[[Game, int, Player], dict[str, Any]]]] = {
    Step.PICK: (Game._asks_pick, Game._pick_options),
    Step.DEPLOY: (Game._asks_deploy, lambda g, i, p: g._deploy_options(p)),
    Step.AGE_TARGET: (Game._asks_age_target, Game._age_target_options),
    Step.CONSTRUCTION: (Game._asks_construction, Game._construction_step_options),
    Step.HEAL: (Game._asks_heal, Game._heal_options),
}
_RESOLVE: dict[str, Callable[[Game], None]] = {
    Step.PICK: Game._resolve_picks,
    Step.DEPLOY: Game._resolve_deployment,
    Step.AGE_TARGET: Game._end_deployment,
    Step.CONSTRUCTION: Game._resolve_construction,
    Step.HEAL: Game._resolve_aging,
}
_CHECKS: dict[str, Callable[[Game, int, Pending, Any], Decision]] = {
    Step.PICK: Game._check_pick,
    Step.DEPLOY: Game._check_deploy,
    Step.AGE_TARGET: Game._check_age_target,
    Step.CONSTRUCTION: Game._check_construction,
    Step.HEAL: Game._check_heal,
}


class _Kingdom:
    """The context phase-2 handlers act through (see `effects.Kingdom`): one player's Kingdom."""

    __slots__ = ("game", "player", "_resources")

    def __init__(self, game: Game, player: int):
        self.game, self.player = game, player
        self._resources: dict[str, int] | None = None

    def units(self) -> list[tuple[int, Unit]]:
        return self.game.state.players[self.player].units()

    def buildings(self) -> dict[str, int]:
        return self.game.state.players[self.player].buildings

    def resources(self) -> dict[str, int]:
        """What the Kingdom produces, worked out once (phase-2 abilities change no production)."""
        if self._resources is None:
            self._resources = self.game._resources(self.game.state.players[self.player])
        return self._resources

    def add_age(self, slot: int, amount: int, source: int) -> None:
        self.game._add_age(self.player, slot, amount, self.game.state.cards[source])

    def upgrade(self, building: str, source: int) -> None:
        self.game.state.players[self.player].buildings[building] = 2
        self.game._event("building_upgraded", player=self.player, building=building,
                         cause=self.game.state.cards[source])

    def ask_age_target(self, source: int, amount: int) -> None:
        """The player chooses the Unit later (an age_target decision)."""
        self.game.state.players[self.player].choices.append(
            {"source": source, "name": self.game.rules[source].name, "amount": amount})


def _is_int(x: object) -> bool:
    """A player number: an int that is not a bool (True == 1 in Python)."""
    return isinstance(x, int) and not isinstance(x, bool)


__all__ = ["Game", "Pending", "IllegalDecision", "Step", "BACK", "FRONT", "SLOT_NAMES"]

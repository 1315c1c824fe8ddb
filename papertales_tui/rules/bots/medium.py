"""The medium bot: a readable heuristic that values Kingdoms in Legend Points (LP).

Every decision compares a few candidate Kingdoms with one value function (`Planner.value`), built
from the engine's own arithmetic on the bot's Kingdom:

- Wars: the chance to beat each neighbour, from our strength against an estimate of theirs;
- scoring abilities of the Wars phase and of the Aging phase (death abilities);
- Gold: Income and Gold left, at a fixed LP rate (lower on the last turn);
- building plans: the best Construction the Kingdom could afford after Income;
- the future: what the surviving Units are worth next turn, once aged.

Recruitment values each card by how much it improves the planned deployment of the hand; in a
2-player game the bot discards the card that would help the opponent most.

In a solo game (`state.mode_state` a `SoloState`) the Wars are against the Black and Purple armies, estimated from
the Necropolis row as the view shows it (see `solo_outlook.SoloOutlook`): a War won is worth 3 LP to the bot and
denies the Lich King his LP for it; in Recruitment, a card also counts the Lich King quest LP it
would give if left to the Underworld.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations
from operator import attrgetter
from typing import Any, NamedTuple, cast

from pydantic import ConfigDict, with_config

from ..decisions import (
    AgeTarget,
    AgeTargetOptions,
    Build,
    ConstructionOptions,
    Decision,
    Deploy,
    DeployOptions,
    Heal,
    HealOptions,
    Pass,
    Pick,
    PickOptions,
    Step,
    Upgrade,
    price,
)
from ..effects import UnitRules
from ..engine import WAR_LP, Forecast, Game, Pending
from ..state import BACK, FRONT, Unit
from . import evaluation, solo_outlook

GOLD_LP = 0.5  # what one Gold is worth in LP while there are turns to spend it
LAST_TURN_GOLD_LP = 0.05  # on the last turn Gold only breaks ties (after Construction)
FUTURE_WEIGHT = 0.7  # Units that survive are worth this share of their value next turn
WAR_SPREAD = 2.0  # uncertainty (in strength) of a neighbour's strength estimate
NEW_UNIT_STRENGTH = 3.0  # expected strength of a Unit a neighbour adds in an empty Front spot
TYPICAL_STRENGTH = (6.0, 9.0, 11.0, 12.0)  # typical Kingdom strength by turn, to plan ahead
KEEP_WEIGHT = 0.5  # a card kept for next turn is worth this share of its value then
BUILDING_TURN_LP = 1.0  # rough LP per remaining turn of a Building's abilities (planning only)
FIFTH_SPOT_LP = 2.5  # LP per remaining turn of the 5th spot that a first level-2 Building opens


@with_config(ConfigDict(extra="forbid"))  # (a file of weights names no other field: `hard.fitted_weights`)
@dataclass(frozen=True)
class Weights:
    """The planner's judgement in numbers (the medium bot's: the constants above). The hard bot
    plans its own seat with weights fitted by self-play (`hard.WEIGHTS`, `scripts/fit_planner.py`)."""

    gold_lp: float = GOLD_LP
    last_turn_gold_lp: float = LAST_TURN_GOLD_LP
    future: float = FUTURE_WEIGHT
    war_spread: float = WAR_SPREAD
    new_unit_strength: float = NEW_UNIT_STRENGTH
    typical_strength: tuple[float, ...] = TYPICAL_STRENGTH
    keep: float = KEEP_WEIGHT
    building_turn_lp: float = BUILDING_TURN_LP
    fifth_spot_lp: float = FIFTH_SPOT_LP


MEDIUM = Weights()  # the medium bot's
MIN_GAIN = 0.01
UNLIMITED_GOLD = 1000  # to list every Construction the resources allow, with its price


class Plan(NamedTuple):
    value: float
    units: list[Unit]
    slots: list[Unit | None]
    gold: int  # Gold left after paying the new Units


class Planner:
    """The medium bot's judgement for one player at one moment of a game."""

    def __init__(self, game: Game, me: int, memo: dict[Any, Any] | None = None, outlook: float = 1.0,
                 rival_outlook: dict[int, float] | None = None, weights: Weights = MEDIUM):
        """`outlook` scales the estimates of the neighbours' strength this turn (1: as estimated), and
        `rival_outlook` each neighbour's apart (by player; 1 for those not in it); `weights` are the
        planner's numbers (the medium bot's unless told)."""
        self.game = game
        self.w = w = weights
        self.me = me
        self.memo = memo if memo is not None else {}
        # the values of Kingdoms, and the Constructions they allow, in tables of their own (the
        # Constructions depend only on their keys: see `evaluation.kingdom_tables`)
        self.forecasts = evaluation.table(self.memo, "forecasts")  # (see `forecast`)
        self.builds = evaluation.table(self.memo, "builds")
        s = game.state
        self.p = s.players[me]
        self.n = len(s.players)
        self.turns_left = s.turns - s.turn  # full turns after this one
        self.gold_lp = w.gold_lp if self.turns_left else w.last_turn_gold_lp
        self.rivals = sorted(game.rivals(me))
        before_wars = s.phase in ("recruitment", "deployment")
        self.armies = solo_outlook.outlook(game, self.chance)  # the solo mode's armies (None: no such mode)
        if self.armies is not None:  # no rival Kingdoms; the armies stand in for `rival_now`/`rival_next`
            self.rivals = []
        # in the hard bot's playouts (`evaluation.playout_tables`) the values are worked out from the
        # Units in one order (by card), so that they depend on nothing but their keys and are shared
        # by all the search's samples; the medium bot's own values keep the order they came in (and
        # in solo each sample's armies count)
        self.canonical = evaluation.CANONICAL in self.memo and self.armies is None
        self.values = self.memo[evaluation.CANONICAL] if self.canonical else evaluation.table(self.memo, "values")
        scale = rival_outlook or {}
        self.rival_now = [outlook * scale.get(j, 1.0) * self.rival_estimate(j) if before_wars else 0.0
                          for j in self.rivals]
        # what the remembered values depend on, besides the Units and Gold
        self.buildings = tuple(sorted(self.p.buildings.items()))  # as the evaluation memo keys them
        context = (me, s.turn, before_wars, tuple(self.rival_now), self.buildings, w)
        # as a small number in the keys of the values (cheaper to hash), the same for equal contexts
        contexts = evaluation.table(self.memo, "contexts")
        self.context = contexts.setdefault(context, len(contexts))
        open_slots = self.p.open_slots()
        self.front = [k for k in open_slots if k in FRONT]
        self.back = [k for k in open_slots if k in BACK]
        self.spots = self.front + self.back  # where `arrange` puts Units first
        typical = w.typical_strength[min(s.turn, len(w.typical_strength) - 1)]
        self.rival_next = [typical] * len(self.rivals)
        self._wars_now: dict[int, float] = {}  # expected Wars won by strength (see expected_wars)
        self._wars_next: dict[int, float] = {}

    # --- estimates --------------------------------------------------------------------------
    def rival_estimate(self, j: int) -> float:
        """A neighbour's strength this turn: their Units in play plus new ones in empty Front spots."""
        rival = self.game.state.players[j]
        if self.game.state.phase != "recruitment" and self.game.state.step != Step.DEPLOY:
            return float(evaluation.forecast(self.game, j, self.memo).strength)  # this turn's deployment is done
        free_front = sum(1 for s in rival.open_slots() if s in FRONT and rival.slots[s] is None)
        return evaluation.forecast(self.game, j, self.memo).strength + self.w.new_unit_strength * free_front

    def expected_wars(self, strength: int, estimates: list[float]) -> float:
        """Wars a Kingdom of this strength is expected to win against these estimates (`rival_now`
        or `rival_next`: remembered by strength for each of the two)."""
        known = self._wars_now if estimates is self.rival_now else self._wars_next
        wars = known.get(strength)
        if wars is None:
            wars = known[strength] = self._expected_wars(strength, estimates)
        return wars

    def _expected_wars(self, strength: int, estimates: list[float]) -> float:
        if self.armies is not None:  # (both estimate lists are empty in solo: tell them apart by identity)
            return self.armies.wars(strength, estimates is self.rival_now)[0]
        if self.n == 2:
            e = estimates[0]
            return self.chance(strength - e) + self.chance(strength - 2 * e)
        return sum(self.chance(strength - e) for e in estimates)

    def chance(self, margin: float) -> float:
        """Chance that a strength `margin` above the estimate wins a War (ties win)."""
        return 1.0 / (1.0 + math.exp(-(margin + 0.5) / self.w.war_spread))

    # --- the value of a Kingdom -------------------------------------------------------------
    def forecast(self, slots: list[Unit | None]) -> Forecast:
        """The engine's figures for our Kingdom with these Units in play (worked out once per Kingdom)."""
        key = evaluation.kingdom_key(self.game, self.me, slots, self.buildings)
        known: Forecast | None = self.forecasts.get(key)
        return known if known is not None else evaluation.new_forecast(self.game, self.me, self.memo, slots, key)

    def turn_value(self, f: Forecast, estimates: list[float]) -> float:
        """LP a Kingdom with these figures is expected to bring in a turn's Wars, Income and Aging."""
        wars = self.expected_wars(f.strength, estimates)
        lp: float = WAR_LP * wars + f.death_gains[0]
        if self.armies is not None:  # the Lich King's LP for the Wars he does not win
            lp += self.armies.wars(f.strength, estimates is self.rival_now)[1]
        gold: float = f.income + f.death_gains[1]
        if f.war_gains:  # Wars abilities are linear in the number of Wars won
            (lp0, gold0), (lp2, gold2) = f.war_gains
            lp += lp0 + (lp2 - lp0) * wars / 2
            gold += gold0 + (gold2 - gold0) * wars / 2
        return lp + self.gold_lp * gold

    def survivors(self, slots: list[Unit | None]) -> list[Unit | None]:
        """The Kingdom after this turn's Aging: dead Units gone, the others one Age older."""
        rules = self.game.rules  # (`game.dies` inlined: asked for every Kingdom valued)
        return [None if u is None or u.age >= rules[u.card].death_age else Unit(u.card, u.age + 1) for u in slots]

    def future_value(self, slots: list[Unit | None]) -> float:
        """Next turn's value of the Units that survive this turn's Aging."""
        if not self.turns_left:
            return 0.0
        key = evaluation.aged_kingdom_key(self.game, slots, self.buildings)
        f: Forecast | None = self.forecasts.get(key)  # (the survivors are made only if not known)
        if f is None:
            f = evaluation.new_forecast(self.game, self.me, self.memo, self.survivors(slots), key)
        return self.w.future * self.turn_value(f, self.rival_next)

    def value(self, units: list[Unit], gold: int) -> tuple[float, list[Unit | None]]:
        """LP value of having these Units in play (best arranged) with `gold` left after paying
        them: this turn, the survivors next turn, the Gold and the Construction it allows."""
        key = (self.context, frozenset(map(_CARD_AND_AGE, units)), gold)
        known: tuple[float, list[Unit | None]] | None = self.values.get(key)
        if known is not None:
            return known
        slots, f = self.arrange(sorted(units, key=_CARD_AND_AGE) if self.canonical else units)
        v = self.turn_value(f, self.rival_now) + self.gold_lp * gold
        v += self.future_value(slots) + self.building_plan(slots, gold + f.income)
        self.values[key] = (v, slots)
        return v, slots

    def building_plan(self, slots: list[Unit | None], gold: int) -> float:
        """Value of the best Construction these Units would allow with `gold` (rough, for planning)."""
        g, p = self.game, self.p
        res = evaluation.resources(g, self.me, self.memo, slots, self.buildings)
        rules = g.rules
        key = (self.context, tuple(res.values()),
               tuple(sorted(g.types[u.card].key for u in slots if u is not None and _builder(rules[u.card]))))
        options: list[tuple[int, float]] | None = self.builds.get(key)
        if options is None:
            saved_slots, saved_gold = p.slots, p.gold
            p.slots, p.gold = slots, UNLIMITED_GOLD  # every option with its price; then keep the affordable
            try:
                options = self.builds[key] = [(price(o), self._rough_building_value(o))
                                              for o in _fresh_options(g, self.me)]
            finally:
                p.slots, p.gold = saved_slots, saved_gold
        return max([v - self.gold_lp * price for price, v in options if price <= gold] + [0.0])

    def _rough_building_value(self, option: Build | Upgrade) -> float:
        level = option.level
        b = self.game.catalog.buildings[option.building].level(level)
        v = b.legend_points + self.w.building_turn_lp * self.turns_left
        if level == 2 and not self.p.has_fifth_slot():
            v += self.w.fifth_spot_lp * self.turns_left
        return v

    # --- deployment ---------------------------------------------------------------------------
    def arrange(self, units: list[Unit]) -> tuple[list[Unit | None], Forecast]:
        """Spots for these Units (the strongest fighters in the Front, the others in the Back) and
        the Kingdom's forecast with them there."""
        front, back = self.front, self.back
        first: list[Unit | None] = [None] * 5
        for s, u in zip(self.spots, units):
            first[s] = u
        strengths = evaluation.unit_strengths(self.game, self.me, self.memo, first, self.buildings)
        # (-priority, first spot, Unit): the highest priority first, ties in spot order
        keyed = sorted([(-self._front_priority(u, strengths[s]), s, u) for s, u in enumerate(first)
                        if u is not None])
        fighters = sum(1 for k in keyed if k[0] < 0)
        n_front = max(len(keyed) - len(back), min(fighters, len(front)))
        slots: list[Unit | None] = [None] * 5
        for i, (_, _, u) in enumerate(keyed):
            slots[front[i] if i < n_front else back[i - n_front]] = u
        return slots, self.forecast(slots)

    def _front_priority(self, u: Unit, strength: int) -> float:
        r = self.game.rules[u.card]
        if r.fights_from_back or (r.cannot_fight_if_aged and u.age >= 1):
            return -1.0
        return strength + _front_bonus(r)

    def plan(self, hand: list[int], gold: int) -> Plan:
        """The planned deployment of `hand`: greedy, or remembered from recruitment (see card_gains)."""
        key = self._plan_key(hand, gold)
        plan: Plan | None = self.memo.get(key)
        if plan is None:
            plan = self.memo[key] = self.improve(self._current_plan(gold), hand, gold)
        return plan

    @cached_property
    def in_play(self) -> tuple[Any, ...]:
        """The Units in play now, as the keys of the plans hold them (the spots do not change while
        a Planner decides)."""
        return _signature(self.p.slots)

    def _plan_key(self, hand: list[int], gold: int) -> tuple[Any, ...]:
        return ("plan", self.context, self.in_play, tuple(sorted(hand)), gold)

    def _current_plan(self, gold: int) -> Plan:
        units = [u for u in self.p.slots if u is not None]
        v, slots = self.value(units, gold)
        return Plan(v, units, slots, gold)

    def improve(self, plan: Plan, hand: list[int], gold: int, once: bool = False) -> Plan:
        """Add or swap in hand cards while the Kingdom's value grows (one step only if `once`)."""
        if not self.canonical:
            return self._improve(plan, hand, gold, once)
        # in the playouts a function of its arguments (the values are): shared by the samples
        key = ("improve", self.context, self.in_play, _signature(plan.units), plan.gold, tuple(hand), gold, once)
        known: Plan | None = self.values.get(key)
        if known is None:
            known = self.values[key] = self._improve(plan, hand, gold, once)
        return known

    def _improve(self, plan: Plan, hand: list[int], gold: int, once: bool) -> Plan:
        in_play = {u.card for u in self.p.slots if u is not None}
        capacity = len(self.p.open_slots())
        types = self.game.types
        # what each Unit costs to deploy now (nothing if already in play)
        price = {c: 0 if c in in_play else types[c].cost for c in [*hand, *(u.card for u in plan.units)]}

        while True:
            best = plan
            units = plan.units
            placed = {u.card for u in units}
            spent = sum([price[u.card] for u in units])
            for c in hand:
                if c in placed:
                    continue
                new, paid = self.new_unit(c), spent + price[c]
                for i in self._spots_for(len(units), capacity):
                    if i is None:  # added
                        cand, left = [*units, new], gold - paid
                    else:  # swapped in for units[i]
                        cand, left = [*units[:i], new, *units[i + 1:]], gold - paid + price[units[i].card]
                    if left < 0:
                        continue
                    v, slots = self.value(cand, left)
                    if v > best.value + MIN_GAIN:
                        best = Plan(v, cand, slots, left)
            if best is plan or once:
                return best
            plan = best

    def _spots_for(self, n: int, capacity: int) -> list[int | None]:
        """Where a new Unit may go among `n` planned ones: added (None) while there is room, or in
        place of each."""
        if n < capacity:
            return [None, *range(n)]
        return list(range(n))

    def new_unit(self, card: int) -> Unit:
        """The Unit as it will be once revealed (Age tokens it puts on itself)."""
        key = ("age_self", card)
        age = self.memo.get(key)
        if age is None:
            a = self.game.card(card).ability("age_self")
            age = self.memo[key] = a.params["amount"] if a is not None else 0
        return Unit(card, age)

    def deploy(self, pend: Pending) -> Deploy:
        o = pend.options
        assert isinstance(o, DeployOptions)
        hand = list(o.hand)
        gold = o.gold
        # a plan remembered from Recruitment may be one step short (see card_gains); one made now
        # is already as good as the greedy search makes it
        remembered = self._plan_key(hand, gold) in self.memo
        plan = self.plan(hand, gold)
        if remembered:
            plan = self.improve(plan, hand, gold)
        slots = [None if u is None else u.card for u in plan.slots]
        leftovers = {c: self.keep_value(c, plan.slots) for c in hand if c not in slots}
        keep = max(leftovers, key=lambda c: (leftovers[c], -c), default=None)
        if keep is not None and leftovers[keep] <= 0:
            keep = None
        return Deploy(tuple(slots), keep)

    def keep_value(self, card: int, slots: list[Unit | None]) -> float:
        """What a card kept now would add next turn to the Units that survive (`slots` this turn)."""
        if not self.turns_left:
            return 0.0
        after = self.survivors(slots)
        key = ("keep", self.context, card, _signature(after))
        known = self.values if self.canonical else self.memo  # (a function of its key: shared in playouts)
        if key not in known:
            free = [s for s in self.p.open_slots() if after[s] is None]
            gain = 0.0
            if free:
                with_card = list(after)
                with_card[free[0]] = self.new_unit(card)
                gain = self.turn_value(self.forecast(with_card), self.rival_next) - \
                    self.turn_value(self.forecast(after), self.rival_next)
            known[key] = self.w.future * gain - self.gold_lp * max(self.game.card(card).cost, 0)
        return cast(float, known[key])

    # --- recruitment --------------------------------------------------------------------------
    def card_gains(self, cards: list[int]) -> dict[int, float]:
        """How much each card would add to the planned deployment of the hand (and kept card).

        One step only (add the card, or swap it in): the result is remembered as the plan of the
        larger hand, so plans grow card by card through the draft.
        """
        gains = self._hand_gains(cards)
        if self.armies is not None:  # a card picked is a card kept out of the Underworld
            for c in cards:
                gains[c] += self.armies.quest_lp(c)
        return gains

    def _hand_gains(self, cards: list[int]) -> dict[int, float]:
        p = self.p
        hand = list(p.hand) + ([p.kept] if p.kept is not None else [])
        base = self.plan(hand, p.gold)
        gains = {}
        for c in cards:
            key = self._plan_key([*hand, c], p.gold)
            if key not in self.memo:
                self.memo[key] = self.improve(base, [c], p.gold, once=True)
            gain = self.memo[key].value - base.value
            if gain <= MIN_GAIN:
                gain = self.w.keep * self.keep_value(c, base.slots)
            gains[c] = gain
        return gains

    def pick(self, pend: Pending) -> Pick:
        o = pend.options
        assert isinstance(o, PickOptions)
        cards = list(o.cards)
        gains = self.card_gains(cards)
        card = max(cards, key=lambda c: (gains[c], -c))
        if not o.discard:
            return Pick(card)
        rest = [c for c in cards if c != card]
        rival = Planner(self.game, self.rivals[0], self.memo)
        hurt = rival.public_gains(rest)
        return Pick(card, max(rest, key=lambda c: (hurt[c], -c)))

    def public_gains(self, cards: list[int]) -> dict[int, float]:
        """Card gains for this player judged only on their public Kingdom (their hand is unknown).
        Remembered per card: the Kingdom in play is the same in every sample of a Recruitment."""
        gold = self.p.gold
        known = self.memo.get(("public", self.context, self.in_play, gold))
        if known is None:
            known = self.memo[("public", self.context, self.in_play, gold)] = {}
        missing = [c for c in cards if c not in known]
        if missing:
            base = self.plan([], gold)
            for c in missing:
                known[c] = self.improve(base, [c], gold, once=True).value - base.value
        return {c: known[c] for c in cards}

    # --- construction, Age tokens, healing ---------------------------------------------------
    def construction(self, pend: Pending) -> Build | Upgrade | Pass:
        options = pend.options
        assert isinstance(options, ConstructionOptions)
        best, choice = 0.0, None
        for o in options.options:
            v = self.building_value(o)
            if v > best + MIN_GAIN:
                best, choice = v, o
        return Pass() if choice is None else choice

    def building_value(self, option: Build | Upgrade) -> float:
        """LP at the end, plus what the Building adds to the surviving Kingdom each remaining turn."""
        p = self.p
        level = option.level
        upgrade = isinstance(option, Upgrade)
        key = ("building", self.context, option.building, level, _signature(p.slots))
        known = self.values if self.canonical else self.memo  # (a function of its key: shared in playouts)
        if key not in known:
            b = self.game.catalog.buildings[option.building]
            v: float = b.level(level).legend_points - (b.level(1).legend_points if upgrade else 0)
            if self.turns_left:
                before = self.future_value(p.slots)
                saved, saved_key = dict(p.buildings), self.buildings
                fifth = p.has_fifth_slot()
                p.buildings[option.building] = level
                self.buildings = tuple(sorted(p.buildings.items()))
                try:
                    v += (self.future_value(p.slots) - before) / self.w.future * self.turns_left
                finally:
                    p.buildings, self.buildings = saved, saved_key
                if level == 2 and not fifth:
                    v += self.w.fifth_spot_lp * self.turns_left
            known[key] = v
        return cast(float, known[key] - self.gold_lp * price(option))

    def age_target(self, pend: Pending) -> AgeTarget:
        o = pend.options
        assert isinstance(o, AgeTargetOptions)
        amount = o.amount
        p = self.p

        def value_if(slot: int) -> float:
            slots = list(p.slots)
            u = p.unit(slot)
            slots[slot] = Unit(u.card, u.age + amount)
            return self.turn_value(self.forecast(slots), self.rival_now) + self.future_value(slots)

        return AgeTarget(max(o.slots, key=lambda s: (value_if(s), -s)))

    def heal(self, pend: Pending) -> Heal:
        o = pend.options
        assert isinstance(o, HealOptions)
        p, g = self.p, self.game
        best: float | None = None
        choice: tuple[int, ...] = ()
        for k in range(min(o.max, len(o.slots)) + 1):
            for saved in combinations(o.slots, k):
                lp = sum(d_lp + self.gold_lp * d_gold for d_lp, d_gold, _ in g.death_gains(self.me, set(saved)))
                slots = [None if u is None or (g.dies(u) and s not in saved) else Unit(u.card, u.age + 1)
                         for s, u in enumerate(p.slots)]
                v = lp + self._next_turn_value(slots)
                if best is None or v > best + MIN_GAIN:
                    best, choice = v, saved
        return Heal(choice)

    def _next_turn_value(self, slots: list[Unit | None]) -> float:
        if not self.turns_left:
            return 0.0
        return self.turn_value(self.forecast(slots), self.rival_next)


_CARD_AND_AGE = attrgetter("card", "age")  # a Unit as (card, Age)


def _signature(slots: Sequence[Unit | None]) -> tuple[Any, ...]:
    return tuple(None if u is None else (u.card, u.age) for u in slots)


_FRONT_BONUS: dict[UnitRules, float] = {}  # by the card type's compiled rules (shared by all games)


def _front_bonus(r: UnitRules) -> float:
    """A small preference for the Front for a Unit that produces more there."""
    bonus = _FRONT_BONUS.get(r)
    if bonus is None:
        bonus = _FRONT_BONUS[r] = 0.5 if any(condition == "in_front" for _, _, condition in r.produces) else 0.0
    return bonus


def _builder(r: UnitRules) -> bool:
    """Whether a Unit (its compiled rules) changes what Constructions cost."""
    return r.any_sub or r.wood_sub or r.ignore_land_cost


def _fresh_options(game: Game, me: int) -> list[Build | Upgrade]:
    """Construction options recomputed (the engine caches them during the Construction step)."""
    step = game.state.step
    game.state.step = Step.NONE
    try:
        return game.construction_options(me)
    finally:
        game.state.step = step


def medium_decision(game: Game, pend: Pending, memo: dict[Any, Any] | None = None,
                    weights: Weights = MEDIUM) -> Decision:
    """The medium bot's decision for `pend`, reading only the player's own cards and public ones
    (planned with `weights`: the medium bot's unless told)."""
    planner = Planner(game, pend.player, memo, weights=weights)
    if pend.kind == Step.PICK:
        return planner.pick(pend)
    if pend.kind == Step.DEPLOY:
        return planner.deploy(pend)
    if pend.kind == Step.CONSTRUCTION:
        return planner.construction(pend)
    if pend.kind == Step.AGE_TARGET:
        return planner.age_target(pend)
    if pend.kind == Step.HEAL:
        return planner.heal(pend)
    raise ValueError(f"unknown decision kind {pend.kind}")

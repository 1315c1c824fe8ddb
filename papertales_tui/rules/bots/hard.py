"""The hard bot: determinized Monte Carlo search, with the medium bot playing the games out.

The bot plans its own seat with the medium bot's planner and weights of its own, fitted by self-play
against medium bots for 2, 3 and 5 players (`WEIGHTS`, from `planner_weights.json`, written by
`scripts/fit_planner.py`); the other seats it plays out as the medium bot plays them. For a
Recruitment, Deployment, Construction, Age-token or Mystical Healer decision the bot:

1. asks its planner for a few good candidate decisions, its own first (its 5 best picks, in a
   2-player draft with the discard that would help the opponent most, and the next one for its own
   pick; its deployment for a weaker, an expected and a stronger war outlook, that deployment
   without each new Unit (kept, its Gold held) and with each Front spot swapped with a Back spot;
   its best Constructions and passing; every Age-token target; Healer saves);
2. samples the hidden cards (other hands and drafts, kept cards, the piles) consistently with its
   view (`knowledge.game_from_view`) and with the draft cards it held this turn (`DraftMemory`:
   the next seat holds the cards it passed last; the seats in between took those missing when
   cards came back, with 2 players one picked and one discarded), applies each candidate to the
   same sample, and lets medium bots play every seat until the end of the turn (the end of the
   game on the last turn), its own with its weights;
3. scores each playout: on the last turn the final margin over the best opponent plus a bonus for a
   win; otherwise the margin in LP plus what each Kingdom is worth going forward (`standing`);
4. repeats with new samples until its time budget is spent (or 160 samples); with `RACE_Z` above
   0 (off by default: measured no stronger) it races the candidates: after 4 samples, a candidate
   whose mean is `RACE_Z` standard errors behind the leader's (of their paired differences: all play
   the same samples) is dropped, the samples go to the others, and the search stops once one is left;
5. plays the best average, but its planner's own candidate unless the best beats it by more than
   a standard error (the best of several noisy means is biased upwards).
In solo the margin is over the Lich King, and the samples also draw the face-down Necropolis cards.
"""

from __future__ import annotations

import gc
import json
import math
import random
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from itertools import combinations
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

from ..cards import Catalog
from ..decisions import (
    AgeTarget,
    AgeTargetOptions,
    ConstructionOptions,
    Decision,
    Deploy,
    Heal,
    HealOptions,
    Pass,
    Pick,
    PickOptions,
    Step,
)
from ..engine import Game, Pending
from ..observer import SeatView
from ..state import BACK, FRONT, Unit
from . import evaluation
from .knowledge import DraftMemory, Judge, game_from_view, hidden_cards
from .medium import GOLD_LP, MEDIUM, Planner, Weights, medium_decision
from .opponents import OpponentModel, PickModel

BUDGET = 0.3  # seconds of search per decision (CPU time of the thinking thread)
MAX_SAMPLES = 160  # samples per decision at most (a cap for fast positions)
MARGIN = 0.02  # share of the budget kept for the playout decision under way at the deadline (a few ms)
PICKS = 5  # candidate cards in Recruitment
DISCARDS = 2  # candidate discards of the medium bot's pick in a 2-player draft (the most hurtful first)
BUILDS = 3  # candidate Constructions (plus passing)
OUTLOOKS = (0.75, 1.0, 1.3)  # war outlooks the deployment candidates are planned for
WIDE_DEPLOY = True  # also each new Unit left out, and each Front spot swapped with a Back spot
SEARCH_SMALL = True  # also search Age-token targets and Mystical Healer saves
HEALS = 8  # candidate Healer saves at most
RACE_AFTER = 4  # samples every candidate plays before the race may drop one
# Racing off: with the draft memory, every candidate on every sample for the whole budget measured
# as strong as racing (which drops a candidate RACE_Z standard errors behind the leader's and stops
# once one is left: 3-4x faster decisions, most of the budget unused), docs/bots.md
RACE_Z = 0.0  # a candidate is dropped once its mean is this many standard errors behind the leader's (0: never)
PRIOR_Z = 1.0  # the medium bot's own choice is kept unless another beats it by this many standard errors
PICK_MODEL = False  # the samples place the others' draft picks as the medium bot would pick (opponents.PickModel)
PLAYOUT_VALUES = True  # the playouts' Kingdom values shared by the search's samples (evaluation.playout_tables)
WIN_BONUS = 10.0  # LP-equivalent of winning the game, over the final margin
# A kept card in `standing`: what it would add to the Units in play next turn, less its cost in Gold
# (0: not counted, as the medium planner's end-of-turn figures do not; 1 measured +0.76 LP (-0.03 to +1.55)
# at 2 players over 150 deals, no more wins, and within the noise at 3 and 5: docs/bots.md "Following that lead")
KEPT_WEIGHT = 0.0
WEIGHTS_FILE = Path(__file__).with_name("planner_weights.json")  # written by scripts/fit_planner.py


def fitted_weights(path: Path = WEIGHTS_FILE) -> dict[int, Weights]:
    """The planner weights of a fit, by the number of players (`scripts/fit_planner.py`'s file: its
    "weights")."""
    data = json.loads(path.read_text(encoding="utf-8"))["weights"]
    return TypeAdapter(dict[int, Weights]).validate_python(data)


# The counts of players at which the hard bot plans with the fit's weights. At 3 players the fit's
# weights (the survivors' future at 0.49 of its value) made the hard bot weaker in its own games,
# though a medium bot gains with them; at 5 the fit kept the medium bot's (docs/bots.md, "Planner
# weights fitted by self-play")
FITTED_FOR = (2,)
# The planner's numbers for the searching seat (its candidates, its unsearched decisions, its own
# moves in the playouts), by the number of players (see `weights_for`); the other seats are played
# as the medium bot plays them
WEIGHTS: dict[int, Weights] = {n: w for n, w in fitted_weights().items() if n in FITTED_FOR}


def weights_for(players: int) -> Weights:
    """The hard bot's weights for this many players: `WEIGHTS`' for 2 and 3 players, its 5-player
    ones from 4 to 7; the medium bot's where it has none, and in solo (no fit covers the Lich King)."""
    return WEIGHTS.get(players if players <= 3 else 5, MEDIUM)


class HardBot:
    """Chooses a decision from a seat's view within a CPU-time budget (see the module docstring).

    `choose(view, pending, catalog)` is the whole API; after each searched decision `samples` and
    `playouts` record how many samples of the hidden cards, and playouts (a sample plays each
    candidate still in the race), the budget allowed.
    """

    level = "hard"

    def __init__(self, seed: int = 0, budget: float = BUDGET, max_samples: int = MAX_SAMPLES):
        self.rng = random.Random(seed)
        self.budget = budget
        self.max_samples = max_samples
        self.memo: dict[Any, Any] = {}
        self.turn: int | None = None
        self.samples: list[int] = []  # samples searched, per searched decision (for benchmarks)
        self.playouts: list[int] = []  # playouts finished, per searched decision
        self.opponents = OpponentModel()  # how strong each opponent deploys, from what they showed
        self.drafts = DraftMemory()  # the draft cards this seat held this turn: where those it passed on went
        self.spent: dict[Any, Any] = {}  # the last search's memo, freed in the next decision's budget

    def choose(self, view: SeatView, pending: Pending, catalog: Catalog) -> Decision:
        """A legal decision for `pending`, searched from what `view` shows."""
        return self.decide(view, pending, catalog)

    def decide(self, view: SeatView, pending: Pending, catalog: Catalog) -> Decision:
        """`choose`'s decision."""
        # CPU time, so that the bot searches as much on a busy machine; a margin for the one decision
        # of a playout that may be under way at the deadline (checks fall between decisions)
        deadline = time.thread_time() + self.budget * (1 - MARGIN)
        self.spent = {}  # freeing the last search's figures takes up to ~40 ms: counted here, within the budget
        if view.turn != self.turn:
            self.memo.clear()
            self.turn = view.turn
        game = game_from_view(view, pending.player, catalog)
        self.opponents.watch(view, game, pending.player)
        self.drafts.watch(view, pending.player)
        weights = weights_for(len(view.players))
        if pending.kind not in SEARCHED and not (SEARCH_SMALL and pending.kind in SMALL):
            return medium_decision(game, pending, self.memo, weights)
        options = candidates(game, pending, self.memo, self.opponents.outlook(), weights)
        if len(options) == 1:
            return options[0]
        scores = self.search(view, pending.player, catalog, options, deadline, weights)
        return options[best(scores)]

    def search(self, view: SeatView, me: int, catalog: Catalog, options: list[Decision],
               deadline: float, weights: Weights = MEDIUM) -> list[list[float]]:
        """The playout scores of each option, a sample after another until `deadline` (CPU time of
        this thread). A sample plays every option still in the race (see `race`), in order; the
        first `RACE_AFTER` samples play them all. The next sample is not started when the last
        one's time would take it past the deadline, and is dropped unfinished if it gets there all
        the same; if the first one does, the options it played stay in the race and the others are
        out. Options out of the race have fewer scores (none if never played). The searching seat's
        own moves in the playouts are planned with `weights`."""
        memo = evaluation.kingdom_tables(self.memo)  # the medium bots' remembered values, shared by all playouts
        hidden = hidden_cards(view, me)
        judge = pick_judge(view, me, catalog)
        scores: list[list[float]] = [[] for _ in options]
        running = list(range(len(options)))
        samples = playouts = 0
        per_playout = 0.0  # CPU time of a playout in the last sample (the first is the slowest)
        with _collector_paused():
            while samples < self.max_samples and len(running) > 1:
                start = time.thread_time()
                if samples and start + per_playout * len(running) > deadline:
                    break
                sample_seed = self.rng.random()
                # the medium bots' plans and values depend on the order they were worked out in:
                # kept for one sample (its options share them), not the search (docs/coach.md)
                sample_memo = evaluation.playout_tables(memo) if PLAYOUT_VALUES else evaluation.kingdom_tables(memo)
                played: list[float] = []
                try:
                    for k in running:
                        played.append(playout(_sample(view, me, catalog, sample_seed, hidden, self.drafts, judge),
                                              me, options[k], sample_memo, deadline, weights))
                except OutOfTime:
                    if samples or not played:
                        break
                    running = running[:len(played)]  # the first sample: the options not played are out
                for k, x in zip(running, played):
                    scores[k].append(x)
                samples += 1
                playouts += len(running)
                per_playout = (time.thread_time() - start) / len(running)
                if samples >= RACE_AFTER:
                    running = race(scores, running)
        self.spent = memo  # the turn's tables stay in self.memo; the rest is freed by the next decision
        self.samples.append(samples)
        self.playouts.append(playouts)
        return scores


def pick_judge(view: SeatView, me: int, catalog: Catalog) -> Judge | None:
    """How the samples of `view` place the other seats' draft picks (`PICK_MODEL`: as the medium
    bot picks, `opponents.PickModel`; None: at random)."""
    return PickModel(game_from_view(view, me, catalog)) if PICK_MODEL else None


SEARCHED = (Step.PICK, Step.DEPLOY, Step.CONSTRUCTION)
SMALL = (Step.AGE_TARGET, Step.HEAL)  # searched when `search_small`


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean and standard error of a - b over the samples both played (the first len(shorter))."""
    d = [x - y for x, y in zip(a, b)]
    n = len(d)
    mean = sum(d) / n
    if n < 2:
        return mean, math.inf
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    return mean, math.sqrt(var / n)


def race(scores: list[list[float]], running: list[int], z: float | None = None) -> list[int]:
    """The options still in the race: those whose mean is not clearly behind the leader's (by more
    than `z` standard errors of their paired differences: every option played the same samples)."""
    z = RACE_Z if z is None else z
    if z <= 0:
        return running
    leader = max(running, key=lambda k: (sum(scores[k]) / len(scores[k]), -k))
    keep = []
    for k in running:
        mean, se = _paired(scores[k], scores[leader])
        if k == leader or mean + z * se >= 0:
            keep.append(k)
    return keep


def best(scores: list[list[float]], prior_z: float | None = None) -> int:
    """The option to play: the best mean among those that played the most samples (the ones left
    in the race), but the medium bot's own (option 0) unless the best beats it by more than
    `prior_z` standard errors (the best of several noisy means is biased upwards)."""
    z = PRIOR_Z if prior_z is None else prior_z
    most = max(len(s) for s in scores)
    if not most:  # not even one playout in the budget
        return 0
    left = [k for k, s in enumerate(scores) if len(s) == most]
    top = max(left, key=lambda k: (sum(scores[k]) / most, -k))
    if top != 0 and 0 in left and z > 0:
        mean, se = _paired(scores[top], scores[0])
        if mean <= z * se:
            return 0
    return top


def _sample(view: SeatView, me: int, catalog: Catalog, seed: float,
            hidden: tuple[list[int], list[int]], drafts: DraftMemory | None = None,
            judge: Judge | None = None) -> Game:
    """A sample of the hidden cards to play out; its log is not kept unless the mode reads it (solo)."""
    sim = game_from_view(view, me, catalog, random.Random(seed), hidden, drafts, judge)
    if not sim.mode.reads_log:
        sim.stop_recording()
    return sim


class OutOfTime(Exception):
    """A playout reached its deadline."""


_thawed = True  # False while the objects alive after a search are frozen (gc.freeze) by it


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The search allocates many small short-lived containers and makes no garbage cycles worth
    collecting while it runs: the cyclic collector's scans would cost a sixth of its time. At its
    end what is alive is frozen out of the collector's reach: its first pass would otherwise scan
    all the search's figures (up to ~40 ms, past the budget), which the bot frees in its next
    decision instead; the next search thaws them (they go to the oldest generation)."""
    global _thawed
    enabled = gc.isenabled()
    gc.disable()
    if not _thawed:
        gc.unfreeze()
        _thawed = True
    try:
        yield
    finally:
        if enabled:
            gc.freeze()
            _thawed = False
            gc.enable()


def candidates(game: Game, pend: Pending, memo: dict[Any, Any],
               rival_outlook: dict[int, float] | None = None, weights: Weights = MEDIUM) -> list[Decision]:
    """A few good decisions, the planner's own first (with the neighbours' strength estimates
    scaled by `rival_outlook`, see `opponents.py`; planned with `weights`)."""
    planner = Planner(game, pend.player, memo, rival_outlook=rival_outlook, weights=weights)
    out: list[Decision | None] = []  # None: a variant that does not apply (dropped below)
    o = pend.options
    if isinstance(o, PickOptions):
        gains = planner.card_gains(list(o.cards))
        top = sorted(gains, key=lambda c: (-gains[c], c))[:PICKS]
        if o.discard:
            rival = Planner(game, planner.rivals[0], memo)
            hurt = rival.public_gains(list(gains))
            for i, c in enumerate(top):
                rest = sorted((x for x in gains if x != c), key=lambda x: (-hurt[x], x))
                out += [Pick(c, x) for x in rest[:DISCARDS if i == 0 else 1]]
        else:
            out = [Pick(c) for c in top]
    elif pend.kind == Step.DEPLOY:
        first = planner.deploy(pend)
        out.append(first)
        for outlook in OUTLOOKS:
            out.append(Planner(game, pend.player, memo, outlook, rival_outlook, weights).deploy(pend))
        out.append(_without_costliest(game, first))
        if WIDE_DEPLOY:
            out += _deploy_variants(game, pend.player, first)
    elif isinstance(o, ConstructionOptions):
        values = {k: planner.building_value(b) for k, b in enumerate(o.options)}
        out = [o.options[k] for k in sorted(values, key=lambda k: -values[k])[:BUILDS]]
        out.insert(0, planner.construction(pend))
        out.append(Pass())
    elif isinstance(o, AgeTargetOptions):
        out.append(medium_decision(game, pend, memo, weights))
        out += [AgeTarget(s) for s in o.slots]
    elif isinstance(o, HealOptions):
        slots = o.slots
        saves = [c for k in range(min(o.max, len(slots)) + 1) for c in combinations(slots, k)]
        out.append(medium_decision(game, pend, memo, weights))
        out += [Heal(c) for c in saves[:HEALS]]
    unique = []
    for d in out:
        if d is not None and d not in unique:
            unique.append(d)
    return unique


def _without_costliest(game: Game, deploy: Deploy) -> Deploy | None:
    """The same deployment without its costliest new Unit (kept for next turn instead)."""
    in_play = {u.card for pl in game.state.players for u in pl.slots if u is not None}
    new = [c for c in deploy.slots if c is not None and c not in in_play]
    if not new:
        return None
    costliest = max(new, key=lambda c: (game.card(c).cost, -c))
    if game.card(costliest).cost <= 0:
        return None
    return Deploy(tuple([None if c == costliest else c for c in deploy.slots]), costliest)


def _deploy_variants(game: Game, me: int, deploy: Deploy) -> list[Deploy]:
    """The same deployment with each new Unit left out (kept for next turn instead, its Gold held),
    and with each Front spot's Unit swapped with a Back spot's (or moved to it if empty)."""
    p = game.state.players[me]
    in_play = {u.card for u in p.slots if u is not None}
    slots = deploy.slots
    new = [c for c in slots if c is not None and c not in in_play]
    cost = sum(game.rules[c].cost for c in new)
    out = []
    for c in new:
        if cost - game.rules[c].cost <= p.gold:  # (a Unit of negative cost pays for the others)
            out.append(Deploy(tuple([None if x == c else x for x in slots]), c))
    open_slots = p.open_slots()
    for f in FRONT:
        for b in BACK:
            if f in open_slots and b in open_slots and (slots[f] is not None or slots[b] is not None):
                swapped = list(slots)
                swapped[f], swapped[b] = slots[b], slots[f]
                out.append(replace(deploy, slots=tuple(swapped)))
    return out


def playout(sim: Game, me: int, decision: Decision, memo: dict[Any, Any],
            deadline: float | None = None, weights: Weights = MEDIUM) -> float:
    """Apply `decision`, let medium bots play to the end of the turn (of the game on the last turn)
    and score it for `me` (whose own moves are planned with `weights`). Raises OutOfTime when the
    thread's CPU time passes `deadline` (checked before each decision)."""
    s = sim.state
    last = s.turn  # the last turn played out
    sim.apply(me, decision)
    while not sim.over and s.turn <= last:
        decisions = {}
        for pend in sim.pending():
            if deadline is not None and time.thread_time() > deadline:
                raise OutOfTime
            decisions[pend.player] = medium_decision(sim, pend, memo, weights if pend.player == me else MEDIUM)
        sim.submit(decisions, trusted=True)  # the engine's own options, made by its own bots
    return score(sim, me, memo)


def score(sim: Game, me: int, memo: dict[Any, Any]) -> float:
    """My margin over the best other side, a player or not (in solo, the Lich King: the mode's
    `other_scores`): final LP (and a win bonus), or standing so far."""
    others = sim.mode.other_scores(sim)
    n = len(sim.state.players)
    if sim.over:
        lp = sim.scores()
        winners = sim.winners()
        bonus = WIN_BONUS / len(winners) if me in winners else 0.0
        return lp[me] - max([lp[j] for j in range(n) if j != me] + others) + bonus
    stand = [standing(sim, j, memo) for j in range(n)]
    return stand[me] - max([*(stand[j] for j in range(n) if j != me), *others])


def standing(sim: Game, j: int, memo: dict[Any, Any]) -> float:
    """LP so far plus what the Kingdom is worth from here: its Buildings' end-of-game LP, its Units
    in play next turn and its Gold (and with `KEPT_WEIGHT`, its kept card: `kept_value`)."""
    p = sim.state.players[j]
    planner = Planner(sim, j, memo)
    units = planner.turn_value(planner.forecast(p.slots), planner.rival_now)
    buildings = sum(sim.catalog.buildings[k].level(lv).legend_points for k, lv in p.buildings.items())
    value = p.lp + units + buildings + GOLD_LP * p.gold  # (in this order: the same sums as before)
    if KEPT_WEIGHT and p.kept is not None:
        value += KEPT_WEIGHT * kept_value(planner, p.kept, p.slots, p.open_slots(), units)
    return value


def kept_value(planner: Planner, card: int, slots: list[Unit | None], open_slots: Sequence[int], units: float) -> float:
    """What a kept card adds to the Units in play (worth `units`) once deployed in a free spot, less
    its cost in Gold; 0 when no spot is free or it would not pay."""
    free = [s for s in open_slots if slots[s] is None]
    if not free:
        return 0.0
    with_card = list(slots)
    with_card[free[0]] = planner.new_unit(card)
    gain = planner.turn_value(planner.forecast(with_card), planner.rival_now) - units
    return max(0.0, gain - planner.gold_lp * max(planner.game.card(card).cost, 0))

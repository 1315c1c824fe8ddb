"""The coach: the hard bot's search turned into hints during play and a review after the game.

Everything here reads one seat's view only (`game.view(player)`, a typed `SeatView`) and, when given one (`drafts=`),
that seat's memory of the draft cards it held this turn (`DraftMemory`, watched with each of its
views), like the hard bot does:

- `hint(view, pending, catalog)`: what the hard bot would do, with what it expects of its choice
  against the next best one this turn (LP, Gold, Wars won) and the playouts behind it;
- `assess(view, pending, catalog, decision)`: the LP a decision cost against the coach's choice,
  with a 95% interval, from playouts of both on the same samples of the hidden cards;
- `review(game, decisions, seats)`: `assess` for each decision of the given seats of a game
  played from its start, plus (solo) the turn that decided the result.

Decisions are the typed ones of `decisions.py` throughout (`Hint.choice`, `Outcome.decision`,
`Assessment.decision` and `.choice`), and so is the view (`SeatView`); JSON only at the edges:
`review` reads the save's list, `assess` takes a decision in its JSON form too, `KeptHint` is saved.

A playout applies a decision to a sample of the hidden cards consistent with the view, then lets
medium bots play every seat to the end of the turn (of the game on the last turn); it is scored as
the hard bot scores it: the margin over the best other player (in solo, the Lich King) in LP, plus
what each Kingdom is worth going forward. Costs are differences of these scores: estimates in LP,
with the noise of the samples (stated as ±) and the bias of the medium bots that play them out.
"""

from __future__ import annotations

import contextlib
import copy
import gc
import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, TypedDict, cast

from .bots.evaluation import playout_tables
from .bots.hard import candidates, pick_judge, playout, weights_for
from .bots.knowledge import DraftMemory, game_from_view, hidden_cards
from .cards import Catalog
from .decisions import (
    AgeTarget,
    AgeTargetOptions,
    Build,
    Decision,
    Deploy,
    Heal,
    HealOptions,
    Pick,
    Step,
    Upgrade,
    as_decision,
    decision_from_dict,
)
from .engine import WAR_LP, Game, Pending
from .errors import IllegalDecision, MalformedDecision, WrongKind
from .games import start_of
from .observer import SeatView
from .state import FRONT

HINT_BUDGET = 0.5  # CPU seconds of search for a hint (a hint arrives within 1 s of CPU at 5 players)
REVIEW_BUDGET = 50.0  # CPU seconds for a whole review, shared by the decisions reviewed
MAX_DECISION_BUDGET = 1.0  # CPU seconds per reviewed decision at most
MIN_SAMPLES = 2  # samples searched whatever the budget (an interval needs two)
MEASURING_SEEDS = 1 << 32  # added to an assessment's seed for its measuring samples (another stream)
MAX_SAMPLES = 200
SEARCHED = (Step.PICK, Step.DEPLOY, Step.CONSTRUCTION, Step.AGE_TARGET, Step.HEAL)

Progress = Callable[[int, int], None]  # (done, total)


class Cancelled(Exception):
    """The search was cancelled (`cancelled()` returned True)."""


@dataclass
class Outcome:
    """What the playouts of one decision gave, averaged over the samples."""

    decision: Decision
    scores: list[float] = field(default_factory=list)  # one per sample
    lp: float = 0.0  # LP gained by the end of the playout
    gold: float = 0.0  # Gold gained (or lost) by then
    wars: float = 0.0  # Wars won this turn
    beaten: dict[int, int] = field(default_factory=dict)  # samples in which it won a War against each neighbour

    @property
    def mean(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else 0.0


@dataclass
class Hint:
    """The coach's choice for a pending decision, and why."""

    player: int
    kind: Step
    choice: Decision
    outcomes: list[Outcome]  # best first
    samples: int  # samples of the hidden cards; each plays every option once

    @property
    def playouts(self) -> int:
        return self.samples * len(self.outcomes)

    def keep(self, ordinal: int, turn: int) -> KeptHint:
        """This hint as the game keeps it (see `KeptHint`)."""
        return KeptHint(self.player, ordinal, turn, self.kind, self.choice, self.samples, self.playouts)

    @property
    def runner_up(self) -> Outcome | None:
        return self.outcomes[1] if len(self.outcomes) > 1 else None


@dataclass
class Assessment:
    """The coach's estimate of what one decision cost."""

    index: int  # position of the decision in the game's decisions (0-based)
    player: int
    turn: int
    kind: Step
    decision: Decision
    choice: Decision  # the coach's choice
    cost: float  # LP the decision cost against the coach's choice (0 when it is the coach's)
    error: float  # half-width of the 95% interval of the cost
    samples: int
    playouts: int
    on_hint: bool = False  # taken with the coach's hint on screen (its choice is the coach's here)
    before: tuple[int | None, ...] = ()  # the cards in the player's spots then (see text/decisions.py)
    better: tuple[float, float, float] | None = None  # (LP this turn, Gold, Wars won) the choice's minus the
    # decision's, averaged over the measuring samples (None: nothing measured)

    @property
    def agreed(self) -> bool:
        return _same(self.decision, self.choice)

    @property
    def constant(self) -> bool:
        """The decision and the coach's choice scored the same difference in every sample."""
        return self.error == 0 and self.samples > 0 and not self.agreed

    @property
    def uncertain(self) -> bool:
        """The interval of the cost reaches zero: it may have cost nothing."""
        return not self.agreed and self.cost - self.error <= 0

    @property
    def charged(self) -> float:
        """The cost counted against the player: the estimate, none when it is within the noise."""
        return 0.0 if self.agreed or self.uncertain else self.cost


@dataclass(frozen=True)
class KeptHint:
    """A hint a player was given, kept with the game (the save's settings) for the review: asked
    for `player`'s decision number `ordinal` (0-based, counting only theirs), of `kind` on `turn`."""

    player: int
    ordinal: int
    turn: int
    kind: Step
    choice: Decision
    samples: int
    playouts: int

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "ordinal": self.ordinal, "turn": self.turn, "kind": str(self.kind),
                "choice": self.choice.to_dict(), "samples": self.samples, "playouts": self.playouts}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> KeptHint:
        """Raises MalformedDecision, WrongKind, KeyError, TypeError or ValueError for a bad entry."""
        kind = Step(d["kind"])
        return cls(int(d["player"]), int(d["ordinal"]), int(d["turn"]), kind, as_decision(d["choice"], kind),
                   int(d["samples"]), int(d["playouts"]))

    def fits(self, point: Point) -> bool:
        return (self.player, self.ordinal, self.turn, self.kind) == \
            (point.pending.player, point.ordinal, point.view.turn, point.pending.kind)


class DecidingTurn(TypedDict):
    """Solo: the turn that decided the result (`deciding_turn`); a plain dict, as the review's JSON gives it."""

    turn: int
    margin: int  # the player's LP minus the Lich King's that turn
    won: bool | None  # None: the game is not over
    swings: dict[str, int]  # that margin each turn (by turn, as a string: a JSON key)


@dataclass
class Review:
    assessments: list[Assessment]
    players: list[str]
    seats: list[int]
    deciding_turn: DecidingTurn | None = None  # solo (see `deciding_turn`)

    def costliest(self, n: int = 3) -> list[Assessment]:
        """The `n` decisions that cost most, by the cost shown; those whose interval reaches zero
        (they may have cost nothing) after the others."""
        costly = [a for a in self.assessments if not a.agreed and a.cost >= 0.05]
        return sorted(costly, key=lambda a: (a.uncertain, -a.cost, a.index))[:n]

    def total(self, player: int) -> float:
        """The LP the seat's decisions cost, counting only the costs clear of the noise."""
        return sum(a.charged for a in self.assessments if a.player == player)


# --- the search ---------------------------------------------------------------------------------

def options_for(view: SeatView, pend: Pending, catalog: Catalog,
                memo: dict[Any, Any] | None = None) -> list[Decision]:
    """The decisions the coach compares: the hard bot's candidates (every option for Age tokens and
    Mystical Healers), planned with its weights."""
    o = pend.options
    if isinstance(o, AgeTargetOptions):
        return [AgeTarget(s) for s in o.slots]
    if isinstance(o, HealOptions):
        slots, most = o.slots, o.max
        return [Heal(c) for k in range(min(most, len(slots)) + 1) for c in combinations(slots, k)]
    game = game_from_view(view, pend.player, catalog)
    found = candidates(game, pend, memo if memo is not None else {}, None, weights_for(len(view.players)))
    if pend.kind == Step.DEPLOY and all(d == found[0] for d in found):  # one deployment only: weigh it
        strongest = _strongest_front(game, pend.player)  # against the strongest Front it can afford
        if strongest is not None and strongest not in found:
            found.append(strongest)
    return found


def _strongest_front(game: Game, player: int) -> Deploy | None:
    """The open Front spots filled with the strongest new Units the Gold pays for (the Units in play
    stay); None when it places nothing or is not legal."""
    p = game.state.players[player]
    slots = [u.card if u is not None else None for u in p.slots]
    free = [s for s in FRONT if s in p.open_slots() and slots[s] is None]
    gold, placed = p.gold, False
    for c in sorted(p.hand, key=lambda c: (-(game.card(c).strength or 0), game.card(c).cost, c)):
        if free and 0 <= game.card(c).cost <= gold:
            slots[free.pop(0)] = c
            gold -= game.card(c).cost
            placed = True
    if not placed:
        return None
    deploy = Deploy(tuple(slots))
    try:
        game.check(player, deploy)
    except IllegalDecision:
        return None
    return deploy


def search(view: SeatView, pend: Pending, catalog: Catalog, options: list[Decision], *, budget: float,
           max_samples: int = MAX_SAMPLES, seed: int = 0, progress: Progress | None = None,
           cancelled: Callable[[], bool] | None = None, drafts: DraftMemory | None = None,
           min_samples: int = MIN_SAMPLES, details: bool = True) -> list[Outcome]:
    """Playouts of every option on the same samples until `budget` CPU seconds are spent (at least
    `min_samples` samples, at most `max_samples`). Raises Cancelled if `cancelled()` turns True.
    `drafts`: the deciding seat's memory of this turn's draft (as the hard bot keeps it), which places
    the cards it passed on in the samples; None: they are drawn at random with the other hidden cards.
    `details`: False for the scores alone (an assessment's choosing half): the playouts' LP, Gold and Wars are not
    worked out (the games then keep no log, unless their mode reads it), the scores are the same."""
    me = pend.player
    rng = random.Random(seed)
    memo: dict[Any, Any] = {}
    weights = weights_for(len(view.players))  # the seat's own moves in the playouts: planned as the hard bot's
    hidden = hidden_cards(view, me)  # (the same for every sample: worked out once)
    judge = pick_judge(view, me, catalog)  # (the others' draft picks placed as the hard bot's samples place them)
    outcomes = [Outcome(d) for d in options]
    start = time.thread_time()
    mine = view.players[me]
    lp0, gold0 = mine.lp, mine.gold
    samples = 0
    with _collector_paused():
        while samples < max_samples:
            spent = time.thread_time() - start
            if samples >= min_samples and spent * (samples + 1) / samples > budget:  # the next one would overrun
                break
            if cancelled is not None and cancelled():
                raise Cancelled()
            sample_seed = rng.random()
            # the medium bots' plans depend on the order they were worked out in: kept for one sample
            # only (its options share them), else the first samples' would hold for all; the Kingdoms'
            # values, worked out in one order, are shared (as in the hard bot's search)
            sample_memo = playout_tables(memo)
            for o, d in zip(outcomes, options):  # (each option on the same draw of the hidden cards)
                sim = game_from_view(view, me, catalog, random.Random(sample_seed), hidden, drafts, judge)
                if not details and not sim.mode.reads_log:
                    sim.stop_recording()
                o.scores.append(playout(sim, me, d, sample_memo, None, weights))
                if details:
                    p = sim.state.players[me]
                    o.lp += p.lp - lp0
                    o.gold += p.gold - gold0
                    o.wars += _wars_won(sim, me)
                    for j in _neighbours_beaten(sim, me):
                        o.beaten[j] = o.beaten.get(j, 0) + 1
            samples += 1
            if progress is not None:
                progress(samples, _expected(samples, time.thread_time() - start, budget, max_samples))
    for o in outcomes:
        o.lp, o.gold, o.wars = o.lp / samples, o.gold / samples, o.wars / samples
    return outcomes


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """No cyclic garbage collection while a search runs: its playouts allocate many short-lived
    containers and leave no cycles to collect, and the collector's scans of the live figures would
    take a part of the budget. (Another thread's search may have paused it: then it stays paused.)"""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _expected(samples: int, spent: float, budget: float, most: int) -> int:
    """Samples the budget will allow, from the pace so far (for progress bars)."""
    if budget == math.inf:
        return most
    return max(samples, min(most, int(budget / max(spent / samples, 1e-9))))


def _wars_won(sim: Game, me: int) -> float:
    """Wars `me` won in the playout (from its LP for Wars: 3 a War)."""
    return cast(float, sum(e.get("amount", 0) for e in sim.state.log
                           if e.get("type") == "lp" and e.get("player") == me and e.get("cause") == "wars") / WAR_LP)


def _neighbours_beaten(sim: Game, me: int) -> list[int]:
    """The neighbours `me` won a War against in the playout (2 players: one War of the two at least)."""
    out = []
    for e in sim.state.log:
        if e.get("type") != "war" or me not in e.get("players", ()):
            continue
        other = next(p for p in e["players"] if p != me)
        if "winners" in e and me in e["winners"] or e.get("wars_won", [0, 0])[e["players"].index(me)] > 0:
            out.append(other)
    return out


def hint(view: SeatView, pend: Pending, catalog: Catalog, *, budget: float = HINT_BUDGET,
         max_samples: int = MAX_SAMPLES, seed: int = 0, progress: Progress | None = None,
         cancelled: Callable[[], bool] | None = None, drafts: DraftMemory | None = None) -> Hint:
    """What the hard bot would decide for `pend`, from `view` (the deciding seat's view) and `drafts`
    (that seat's memory of this turn's draft, if kept: see `search`) only."""
    options = options_for(view, pend, catalog)
    if len(options) == 1:
        return Hint(pend.player, pend.kind, options[0], [Outcome(options[0])], 0)
    outcomes = search(view, pend, catalog, options, budget=budget, max_samples=max_samples, seed=seed,
                      progress=progress, cancelled=cancelled, drafts=drafts)
    ranked = sorted(range(len(outcomes)), key=lambda k: (-outcomes[k].mean, k))
    best = [outcomes[k] for k in ranked]
    return Hint(pend.player, pend.kind, best[0].decision, best, len(best[0].scores))


def assess(view: SeatView, pend: Pending, catalog: Catalog, decision: Decision | dict[str, Any], *,
           budget: float, max_samples: int = MAX_SAMPLES, seed: int = 0, index: int = 0,
           cancelled: Callable[[], bool] | None = None, drafts: DraftMemory | None = None,
           hint: KeptHint | None = None) -> Assessment:
    """The LP `decision` cost against the coach's choice, with a 95% interval. A decision in its JSON
    form is read with `as_decision` (MalformedDecision or WrongKind if it is not one for `pend`).
    `drafts`: the deciding seat's memory of this turn's draft, if kept (see `search`).

    Unbiased: the coach chooses on half the samples and the cost is measured on the other half,
    fresh ones (the best of several noisy means, measured on the samples that chose it, would
    overstate it): every option is played on the choosing half (half the budget, at most half of
    `max_samples`), only the coach's choice and `decision` on the measuring half (the rest of the
    budget, at most the other half of `max_samples`), none when they are the same decision (it costs
    nothing). `hint`: the hint the player had for this decision: its choice is the coach's (one
    answer), followed it costs nothing, else all the samples measure the cost against it."""
    decision = as_decision(decision, pend.kind)
    turn = view.turn
    before = tuple(u.card if u is not None else None for u in view.players[pend.player].slots)
    if hint is not None and _same(hint.choice, decision):
        return Assessment(index, pend.player, turn, pend.kind, decision, decision, 0.0, 0.0, hint.samples,
                          hint.playouts, on_hint=True, before=before)
    options = [hint.choice] if hint is not None else options_for(view, pend, catalog)
    mine = next((k for k, d in enumerate(options) if _same(d, decision)), None)
    if mine is None:
        options.append(decision)
        mine = len(options) - 1
    if len(options) == 1:
        return Assessment(index, pend.player, turn, pend.kind, decision, decision, 0.0, 0.0, 0, 0, before=before)
    if hint is not None:  # (the choice was made on the hint's samples: all of these measure, fresh ones:
        # a hint searches with seed 0, so the measuring stream, never the hint's samples again)
        outcomes = search(view, pend, catalog, options, budget=budget, max_samples=max(max_samples, MIN_SAMPLES),
                          seed=seed + MEASURING_SEEDS, cancelled=cancelled, drafts=drafts)
        n = len(outcomes[0].scores)
        diffs = [b - m for b, m in zip(outcomes[0].scores, outcomes[mine].scores)]
        cost, error = mean_interval(diffs)
        return Assessment(index, pend.player, turn, pend.kind, decision, options[0], cost, error, n, 2 * n,
                          on_hint=True, before=before, better=_better(outcomes[0], outcomes[mine]))
    start = time.thread_time()
    choosing = search(view, pend, catalog, options, budget=budget / 2, max_samples=max(max_samples // 2, MIN_SAMPLES),
                      seed=seed, cancelled=cancelled, drafts=drafts, details=False)
    n = len(choosing[0].scores)
    best = max(range(len(options)), key=lambda k: (sum(choosing[k].scores), k == mine, -k))
    if best == mine:
        return Assessment(index, pend.player, turn, pend.kind, decision, decision, 0.0, 0.0, n, n * len(options),
                          before=before)
    left = budget - (time.thread_time() - start)
    measuring = search(view, pend, catalog, [options[best], decision], budget=left,
                       max_samples=max(max_samples - max_samples // 2, MIN_SAMPLES), seed=seed + MEASURING_SEEDS,
                       cancelled=cancelled, drafts=drafts)  # (with details: what the choice did better)
    m = len(measuring[0].scores)
    chose = [b - y for b, y in zip(choosing[best].scores, choosing[mine].scores)]
    measured = [b - y for b, y in zip(measuring[0].scores, measuring[1].scores)]
    cost, error = mean_interval(measured, spread=chose + measured)
    return Assessment(index, pend.player, turn, pend.kind, decision, options[best], cost, error, n + m,
                      n * len(options) + 2 * m, before=before, better=_better(measuring[0], measuring[1]))


def _better(choice: Outcome, decision: Outcome) -> tuple[float, float, float]:
    """(LP this turn, Gold, Wars won): the coach's choice's minus the decision's, on the same samples."""
    return choice.lp - decision.lp, choice.gold - decision.gold, choice.wars - decision.wars


def mean_interval(xs: list[float], spread: list[float] | None = None) -> tuple[float, float]:
    """The mean of `xs` and the half-width of its 95% interval (Student's t), the spread of the
    values taken from `spread` (default `xs`: it may hold them and more)."""
    n = len(xs)
    mean = sum(xs) / n
    ys = xs if spread is None else spread
    if len(ys) < 2:
        return mean, math.inf
    centre = sum(ys) / len(ys)
    sd = math.sqrt(sum((y - centre) ** 2 for y in ys) / (len(ys) - 1))
    return mean, t95(len(ys) - 1) * sd / math.sqrt(n)


def t95(df: int) -> float:
    """The 97.5% quantile of Student's t with `df` degrees of freedom (a Cornish-Fisher expansion
    around the normal's 1.96: within 1% from 3 degrees of freedom; exact values below)."""
    exact = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776}
    if df in exact:
        return exact[df]
    z = 1.959964
    return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2) \
        + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3)


def _same(a: Decision, b: Decision) -> bool:
    """The same decision: the price the engine settled on a Construction and the order of the
    Units left unpaid do not count."""
    return _plain(a) == _plain(b)


def _plain(d: Decision) -> Decision:
    match d:
        case Build(building=b, level=level):
            return Build(b, level)
        case Upgrade(building=b):
            return Upgrade(b)
        case Deploy(slots=slots, keep=keep, unpaid=unpaid):
            return Deploy(slots, keep, tuple(sorted(unpaid)))
    return d


# --- the review -----------------------------------------------------------------------------------

def review(game: Game, decisions: list[dict[str, Any]], seats: list[int], *, budget: float = REVIEW_BUDGET,
           max_each: float = MAX_DECISION_BUDGET, samples: int | None = None, seed: int = 0,
           progress: Progress | None = None, cancelled: Callable[[], bool] | None = None,
           hints: list[KeptHint] | None = None, done: dict[int, Assessment] | None = None,
           run: Runner | None = None) -> Review:
    """Assess each decision of `seats` in a game. `game` is the game at its start (as set up before
    any decision); it is played on with `decisions` (the save's list, each with its "player"), read
    once into typed decisions (MalformedDecision or WrongKind for an entry that is not one).
    `samples` (at least 2 * MIN_SAMPLES): that many samples for each decision instead of the CPU budget
    (`budget` and `max_each` then do not apply), so that the review is the same on any machine (half
    to choose, half to measure: see `assess`).
    Each seat reviewed remembers the draft cards it held this turn, as the hard bot does: each
    assessment's samples place the cards it passed on where they can be, from what it saw until then.
    `hints`: the hints the players were given (see `assess`); `done`: assessments already made (by
    the decision's index), kept; `run`: what makes the assessments (`assess_points`, in this thread,
    unless given; papertales_tui/workers.py has one that makes them in processes)."""
    if samples is not None and samples < 2 * MIN_SAMPLES:
        raise ValueError(f"a review needs at least {2 * MIN_SAMPLES} samples a decision, not {samples}")
    points = decision_points(game, decisions, seats)
    done = {p.index: done[p.index] for p in points if done and p.index in done and done[p.index].decision == p.decision}
    todo = [p for p in points if p.index not in done]
    each = min(max_each, budget / max(len(todo), 1)) if samples is None else math.inf
    most = MAX_SAMPLES if samples is None else samples
    jobs_done = len(points) - len(todo)

    def step(n: int, total: int) -> None:
        if progress is not None:
            progress(jobs_done + n, jobs_done + total)

    tasks = [Task(p, hint_for(p, hints), each, most, seed + p.index) for p in todo]
    for a in (run or assess_points)(tasks, game.catalog, step, cancelled):
        done[a.index] = a
    names = [p.name for p in game.state.players]
    return Review([done[p.index] for p in points], names, sorted(seats),
                  deciding_turn(game) if game.mode.other_scores(game) else None)  # against a side not a seat


def kept_hints(saved: object) -> list[KeptHint]:
    """The hints kept in a save's settings ("coach"), the malformed entries left out."""
    out = []
    for d in saved if isinstance(saved, list) else []:
        try:
            out.append(KeptHint.from_dict(d))
        except (MalformedDecision, WrongKind, KeyError, TypeError, ValueError):
            continue
    return out


def hint_for(point: Point, hints: list[KeptHint] | None) -> KeptHint | None:
    """The last hint kept for this decision, if any."""
    found = [h for h in hints or [] if h.fits(point)]
    return found[-1] if found else None


@dataclass(frozen=True)
class Task:
    """One assessment to make: a decision point, its hint, and the search's budget, cap and seed."""

    point: Point
    hint: KeptHint | None
    budget: float
    max_samples: int
    seed: int

    def run(self, catalog: Catalog, cancelled: Callable[[], bool] | None = None) -> Assessment:
        p = self.point
        return assess(p.view, p.pending, catalog, p.decision, budget=self.budget, max_samples=self.max_samples,
                      seed=self.seed, index=p.index, cancelled=cancelled, drafts=p.drafts, hint=self.hint)


def past_assessments(start: Game, decisions: list[dict[str, Any]], seats: list[int], hints: list[KeptHint],
                     budget: float, max_samples: int, seed: int) -> list[Assessment]:
    """The assessments of the decisions of `seats` in a game played on from `start` (the game as set
    up) with `decisions` (the save's list), as `review` makes them: a resumed game's past decisions."""
    points = decision_points(start, decisions, seats)
    return [Task(p, hint_for(p, hints), budget, max_samples, seed + p.index).run(start.catalog) for p in points]


def assess_points(tasks: list[Task], catalog: Catalog, progress: Progress | None = None,
                  cancelled: Callable[[], bool] | None = None) -> list[Assessment]:
    """The assessments of `tasks`, in their order, made in this thread: `review`'s `run` unless it is
    given another (papertales_tui/workers.py runs them in processes). Raises Cancelled when
    `cancelled()` turns True."""
    out: list[Assessment] = []
    if progress is not None:
        progress(0, len(tasks))
    for task in tasks:
        out.append(task.run(catalog, cancelled))
        if progress is not None:
            progress(len(out), len(tasks))
    return out


Runner = Callable[[list[Task], Catalog, Progress | None, Callable[[], bool] | None], list[Assessment]]


@dataclass
class Point:
    """A decision of a reviewed seat as its player faced it: their view, the pending decision, what
    they chose and their memory of the turn's draft then."""

    index: int  # in the game's decisions
    ordinal: int  # the player's own decisions before it
    view: SeatView
    pending: Pending
    decision: Decision
    drafts: DraftMemory


def decision_points(game: Game, decisions: list[dict[str, Any]], seats: list[int]) -> list[Point]:
    """The searched decisions of `seats` (see `review`), playing `game` on with `decisions`."""
    memories = {player: DraftMemory() for player in seats}
    made = dict.fromkeys(range(len(game.state.players)), 0)
    points = []
    for k, d in enumerate(decisions):
        player = d["player"]
        decision = decision_from_dict({key: v for key, v in d.items() if key != "player"})
        if player in memories:
            view = game.view(player)
            memories[player].watch(view, player)
            pend = game.pending_for(player)
            if pend is not None and pend.kind in SEARCHED:
                points.append(Point(k, made[player], view, pend, decision, copy.deepcopy(memories[player])))
        made[player] += 1
        game.apply(player, decision)
    return points


def deciding_turn(game: Game) -> DecidingTurn | None:
    """Solo: the turn whose LP swing between the player and the Lich King most favoured the side that
    won (the player's best turn in a win, the worst in a loss)."""
    swings: dict[int, int] = {}
    turn = 0
    for e in game.state.log:
        t = e.get("type")
        if t == "turn_started":
            turn = e["turn"]
        elif t == "lp" and e.get("player") == 0:
            swings[turn] = swings.get(turn, 0) + e["amount"]
        elif t == "lich_lp":
            swings[turn] = swings.get(turn, 0) - e["amount"]
    if not swings:
        return None
    won = bool(game.winners()) if game.over else None
    pick = max if won else min
    best = pick(sorted(swings), key=lambda t: swings[t])
    return DecidingTurn(turn=best, margin=swings[best], won=won, swings={str(t): v for t, v in swings.items()})


# --- the cards a decision names -----------------------------------------------------------------

def cards_in(decision: Decision, game: Game | SeatView) -> list[tuple[str, str]]:
    """(key, name) of the cards a decision names (Units and Buildings), for "learn a card" links (a game
    or a seat's view: only the printed cards are read)."""
    units: list[int] = []
    match decision:
        case Pick(card=card, discard=discard):
            units = [card] + ([discard] if discard is not None else [])
        case Deploy(slots=slots, keep=keep):
            units = [c for c in slots if c is not None] + ([keep] if keep is not None else [])
        case Build(building=key) | Upgrade(building=key):
            b = game.catalog.buildings[key]
            return [(b.key, b.name)]
    return list(dict.fromkeys((game.card(c).key, game.card(c).name) for c in units))


__all__ = ["Assessment", "Cancelled", "Hint", "KeptHint", "Outcome", "Point", "Review", "Runner", "Task", "assess",
           "assess_points", "cards_in", "deciding_turn", "decision_points", "hint", "kept_hints", "options_for",
           "past_assessments", "review", "search", "start_of", "t95"]

"""The coach's work a screen asks for, as the Session hands it out (no Textual): a `HintJob` or a
`ReviewJob` holds what the search needs, taken on the app's thread when asked (views and the game as
it began, never the game under way), and `run` does the search, in a worker thread.

Screens never run these: they post `HintAsked` / `ReviewAsked` (tui/messages.py); `hint_work` and
`review_work` (the coach's side of the app's handlers) ask the flow for the job and give the app the
work to run in a worker thread, which hands the result back to the screen on the app's thread."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import threading

    from ..rules import Catalog, DraftMemory, Game, Pending, SeatView
    from ..rules.coach import Hint, KeptHint, Review
    from ..workers import Background
    from .flow import Flow

Progress = Callable[[int, int | None], None]  # (done, total); total None: not known (the table's host works it out)
Cancelled = Callable[[], bool]
Back = Callable[..., None]  # calls a function on the app's thread, with its arguments


class Asked(Protocol):
    """A screen's question to the coach (`HintAsked`, `ReviewAsked`): its progress bar, its stop, its answer."""

    cancel: threading.Event

    def progress(self, done: int, total: int | None) -> None: ...

    def answer(self, result: Any) -> Any: ...


@dataclass(frozen=True)
class HintJob:
    """A hint for seat `player`'s decision number `ordinal`, over what it sees now and remembers of
    this turn's draft (copies: the game goes on while the coach thinks)."""

    player: int
    ordinal: int
    view: SeatView
    pend: Pending
    catalog: Catalog
    drafts: DraftMemory | None

    def run(self, progress: Progress, cancelled: Cancelled) -> Hint | None:
        """The coach's hint; None when cancelled."""
        from ..rules import coach

        try:
            return coach.hint(self.view, self.pend, self.catalog, budget=coach.HINT_BUDGET,
                              max_samples=coach.MAX_SAMPLES, progress=progress, cancelled=cancelled,
                              drafts=self.drafts)
        except coach.Cancelled:
            return None


@dataclass(frozen=True)
class ReviewJob:
    """The review of a finished game for `seats`: its start and decisions (nothing hidden is left),
    the hints kept, and the assessments made in the background as it went on."""

    start: Game
    decisions: list[dict[str, Any]]
    seats: list[int]
    hints: list[KeptHint]
    background: Background | None
    each: float

    @property
    def ordinal(self) -> int:
        """(A review is for no one decision.)"""
        return 0

    def run(self, progress: Progress, cancelled: Cancelled) -> Review | None:
        """The review; None when cancelled."""
        from ..rules import coach
        from ..workers import in_processes

        try:
            # (a bound, should the worker have died: the review then makes what is missing)
            done = self.background.wait(cancelled, progress, timeout=30) if self.background is not None else {}
            return coach.review(self.start, self.decisions, self.seats, budget=coach.REVIEW_BUDGET,
                                max_each=self.each, progress=progress, cancelled=cancelled, hints=self.hints,
                                done=done, run=in_processes())
        except coach.Cancelled:
            return None


def hint_work(flow: Flow, player: int, asked: Asked, back: Back, current: Cancelled,
              given: Callable[[], None]) -> Callable[[], None] | None:
    """The work of a hint for `player` (None, and the screen is answered None, when the flow gives no
    hint): the flow hands out the job (views and copies, never the game; at a hosted table, the host's
    coach), run in a worker thread so typing goes on while the coach thinks. A hint the screen shows is
    counted and kept while `current()` (the game is still the app's), then `given()` (the game is saved)."""
    job = flow.hint_job(player) if flow.offers.hints else None
    if job is None:
        asked.answer(None)
        return None

    def shown(hint: Hint | None) -> None:
        if asked.answer(hint) and hint is not None and current():
            flow.hint_given(hint, job.ordinal)
            given()

    def think() -> None:
        found = job.run(lambda done, total: back(asked.progress, done, total), asked.cancel.is_set)
        back(shown, found)

    return think


def review_work(flow: Flow, seats: list[int], asked: Asked, back: Back) -> Callable[[], None] | None:
    """The work of the review of the game for `seats` (the game as it began: it is over), to run in a
    worker thread; None when the flow offers no review."""
    if not flow.offers.review:
        return None
    job = flow.review_job(seats)

    def work() -> None:
        result = job.run(lambda done, total: back(asked.progress, done, total), asked.cancel.is_set)
        if result is not None and not asked.cancel.is_set():  # (set: the screen closed)
            back(asked.answer, result)

    return work

"""The coach's work a screen asks for, as the Session hands it out (no Textual): a `HintJob` or a
`ReviewJob` holds what the search needs, taken on the app's thread when asked (views and the game as
it began, never the game under way), and `run` does the search, in a worker thread.

Screens never run these: they post `HintAsked` / `ReviewAsked` (tui/messages.py); the app asks the
Session for the job, runs it in a worker and hands the result back to the screen."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..rules import Catalog, DraftMemory, Game, Pending, SeatView
    from ..rules.coach import Hint, KeptHint, Review
    from ..workers import Background

Progress = Callable[[int, int], None]
Cancelled = Callable[[], bool]


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

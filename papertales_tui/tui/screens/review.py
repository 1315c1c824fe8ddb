"""The coach's review of a finished game (rules/coach.py), opened from the final scores with `r`.

The screen posts `ReviewAsked` (tui/messages.py): the Session hands the app the review's work
(tui/coaching.py) and the app runs it in a worker thread. The decisions the session assessed in the
background as the game went on are ready (it waits for those under way); the others are assessed
then, with a progress bar (Esc closes the screen and stops it). Then it lists the three costliest
decisions of the human seats, each seat's decisions in counts, in solo the turn that decided the
result, and every decision reviewed. `l` opens the card browser on a card the highlighted line names
(asking which when it names several).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...rules import SeatView
from ...text.i18n import N_
from ...text.narrator import Names
from ..language import SCREENS, card_names
from ..messages import Learn, ReviewAsked
from ..review_lines import assessment_line
from ..widgets import Prose, kept_whole
from .common import GameScreen

if TYPE_CHECKING:  # the coach loads when a review starts
    from ...rules.coach import Assessment, Review

_ = SCREENS.gettext
BAR = 30  # the progress bar's width at most
MIN_BAR = 5  # and at least (the line wraps on a narrow screen)


def human_seats(seat_types: Sequence[str], view: SeatView) -> list[int]:
    """The seats the review is for: the human ones (all seats when the seat types are not known)."""
    humans = [i for i, k in enumerate(seat_types) if not str(k).startswith("bot:")]
    return humans or list(range(len(view.players)))


class ReviewScreen(GameScreen):
    BINDINGS = [Binding("escape", "close", N_("Close")), Binding("l", "learn", N_("Learn a card"))]
    DEFAULT_CSS = """
    ReviewScreen #review-status { height: auto; padding: 0 1; }
    ReviewScreen #review-lines { height: 1fr; }
    ReviewScreen #review-note { height: auto; padding: 0 1; color: $text-muted; }
    """

    def __init__(self, view: SeatView, seats: list[int], hints: list[int] | None = None):
        super().__init__()
        self.view, self.seats, self.hints = view, list(seats), hints
        self.title_text = _("Paper Tales · The coach's review")
        self.stop = threading.Event()
        self.result: Review | None = None
        self.cards: dict[str, list[tuple[str, str]]] = {}  # option id -> cards it names

    def body(self) -> ComposeResult:
        yield Static("", id="review-status")
        yield OptionList(id="review-lines")
        yield Static("", id="review-note")

    def on_mount(self) -> None:
        self.query_one("#review-status", Static).update(Text.assemble(  # (until the coach says how far it is)
            (_("The coach replays the game…"), "bold"), " · ", _("Esc: stop")))
        self.post_message(ReviewAsked(self.seats, self.stop, self.progress, self.show))

    def progress(self, done: int, total: int | None) -> None:
        """How far the coach is: `done` of `total` decisions; None: not known yet (a joined seat, until the
        host's first progress notice: its coach may wait its turn), the screen says it waits for the table."""
        if total is None:
            self.query_one("#review-status", Static).update(Text(
                _("The coach replays the game on the host: waiting for the table… · Esc: stop")))
            return
        status = self.query_one("#review-status", Static)
        label = _("The coach replays the game:")
        count = _("%(done)s/%(total)s decisions · Esc: stop") % {"done": done, "total": total}
        # the bar takes what the line leaves (at most BAR), so that the line holds on one row
        bar = max(MIN_BAR, min(BAR, status.content_size.width - len(label) - len(count) - 4))
        filled = bar * done // max(total, 1)
        status.update(Text.assemble((label, "bold"), " [" + "#" * filled + "." * (bar - filled) + "] ", count))

    def show(self, result: Review) -> None:
        from ...commands.review import seat_line
        from ...rules import coach
        from ...text.coach import UNCERTAINTY

        self.result = result
        view, names = self.view, result.players
        reviewed = len(result.assessments)
        self.query_one("#review-status", Static).update(Text.assemble(
            (_("Costliest decisions first"), "bold"), " · ",
            SCREENS.ngettext("%(count)s decision reviewed", "%(count)s decisions reviewed", reviewed)
            % {"count": reviewed}))
        ol = self.query_one("#review-lines", OptionList)
        ol.clear_options()

        def line(a: Assessment) -> Text:
            return assessment_line(a, names, view)

        every = [*Names.of(view).keys.values(), *names]

        def add(oid: str, text: Text, a: Assessment | None = None) -> None:
            text.plain = kept_whole(text.plain, every)  # (same length: the bold stays in place)
            ol.add_option(Option(Prose(text), id=oid))  # (wrapped between words, never inside a name)
            if a is not None:
                named = coach.cards_in(a.decision, view) + coach.cards_in(a.choice, view)
                self.cards[oid] = card_names(self.app.catalog, dict.fromkeys(named))

        costly = result.costliest(3)
        for k, a in enumerate(costly, 1):
            add(f"top{k}", Text.assemble(f"{k}. ", line(a)), a)
        if not costly:
            add("none", Text(_("The coach agrees with every decision.")))
        for i in result.seats:
            seat = seat_line(result, i)
            if self.hints and i < len(self.hints):
                seat = _("%(seat)s · hints used: %(count)s") % {"seat": seat, "count": self.hints[i]}
            add(f"seat{i}", Text(seat, style="bold"))
        if result.deciding_turn is not None:
            d = result.deciding_turn
            said = (_("The game was won on turn %(turn)s (%(margin)s LP against the Lich King that turn)") if d["won"]
                    else _("The game was lost on turn %(turn)s (%(margin)s LP against the Lich King that turn)"))
            add("solo", Text(said % {"turn": d["turn"], "margin": f"{d['margin']:+d}"}, style="bold"))
        for a in result.assessments:
            add(f"d{a.index}", line(a), a)
        ol.highlighted = 0
        ol.focus()
        self.query_one("#review-note", Static).update(UNCERTAINTY)
        self.refresh_bindings()

    @on(OptionList.OptionHighlighted, "#review-lines")
    def highlighted(self) -> None:
        self.refresh_bindings()

    def highlighted_cards(self) -> list[tuple[str, str]]:
        ol = self.query_one("#review-lines", OptionList)
        if ol.highlighted is None or ol.option_count == 0:
            return []
        return self.cards.get(ol.get_option_at_index(ol.highlighted).id or "", [])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "learn":
            return bool(self.highlighted_cards())
        return True

    def action_learn(self) -> None:
        self.post_message(Learn(self.highlighted_cards()))

    def action_close(self) -> None:
        self.stop.set()
        self.dismiss()

    def on_unmount(self) -> None:
        self.stop.set()

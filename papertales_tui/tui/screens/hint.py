"""The coach's hint on a decision screen (rules/coach.py): `h` asks, `h` again cancels (or puts
the answer away).

A screen where a human decides mixes in `HintHost` and adds `HINT` to its BINDINGS (and `LEARN`).
The screen posts `HintAsked` (tui/messages.py): the Session hands the app the search's work, over a
copy of the seat's view taken when `h` is pressed and of its memory of this turn's draft
(tui/coaching.py), and the app runs it in a worker thread, so typing goes on while it thinks and
nothing the seat may not see is used. A one-line progress bar shows while it thinks; then the panel shows the
coach's choice, why (what it expects this turn and in all against the next best choice) and the
cards it mentions: `l` opens the card browser on one (asking which when it names several), and a
click on a card's name opens it.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from ...text.i18n import N_
from ...text.narrator import Names
from ..language import SCREENS, card_names
from ..messages import HintAsked, Learn
from ..widgets import Prose, kept_whole, unbroken

if TYPE_CHECKING:
    from collections.abc import Callable

    from textual import getters

    from ...rules import SeatView
    from ...rules.coach import Hint as CoachHint
    from ..flow import Asks
    from ..host import Host

    HostBase = Screen[Any]  # the mixin is only ever mixed into a screen
else:
    HostBase = object

_ = SCREENS.gettext
HINT = Binding("h", "hint", N_("Hint"))
LEARN = Binding("l", "learn", N_("Learn a card"))
BAR = 20
HINT_ROWS = 4  # the hint panel's rows, at most (its max-height): a screen makes room for them


class HintPanel(Static):
    """Where the hint shows: a progress bar while the coach thinks, then its answer."""

    shown: Text | None = None  # the answer, as shown

    DEFAULT_CSS = """
    HintPanel { dock: bottom; margin-bottom: 1; height: auto; max-height: 4; padding: 0 1; background: $boost; }
    """

    def thinking(self, done: int, total: int | None) -> None:
        """How far the coach is: `done` of `total` samples; None: not known yet (a joined seat, until the
        host's first progress notice: its coach may wait its turn), the panel says it waits for the table."""
        if total is None:
            self.update(Text(_("The coach thinks on the host: waiting for the table… · h: cancel")))
            return
        filled = BAR * min(done, total) // max(total, 1)
        self.update(Text.assemble((_("Coach thinking"), "bold"), " [" + "#" * filled + "." * (BAR - filled) + "] ",
                                  _("%(done)s/%(total)s samples · h: cancel") % {"done": done,
                                                                                   "total": max(total, done)}))

    def answers(self, choice: str, why: str, cards: list[tuple[str, str]], playouts: int) -> list[Text]:
        """The coach's answer, fullest first: then without the cards to learn (the key bar still says
        `l`), then without the playouts, for a panel short of rows."""
        coach, because = _("Coach:") + " ", _("Why:") + " "  # (labels, in bold)
        count = SCREENS.ngettext("%(count)s playout", "%(count)s playouts", playouts) % {"count": playouts}
        out = Text.assemble((coach, "bold"), choice, f" · {count}\n", (because, "bold"), why)
        fullest = out.copy()
        if cards:
            fullest.append("\n" + _("l: learn") + " ", style="bold")
            for k, (key, name) in enumerate(cards):
                fullest.append(" · " if k else "")
                fullest.append(unbroken(name), style=Style(underline=True, meta={"@click": f"app.show_card({key!r})"}))
        return [fullest, out, Text.assemble((coach, "bold"), choice, "\n", (because, "bold"), why)]

    def rows_of(self, text: Text) -> int:
        """The rows this text takes in the panel (its width less the padding)."""
        return len(Prose(text).lines(self.app.console, max(self.app.size.width - 2, 20)))

    def answer(self, choice: str, why: str, cards: list[tuple[str, str]], playouts: int,
               rows: Callable[[list[int]], int] | None = None) -> None:
        """Show the fullest answer that fits the rows the screen gives (`rows(needs)`, the rows each
        form of the answer takes, fullest first; HINT_ROWS unless told)."""
        texts = self.answers(choice, why, cards, playouts)
        room = rows([self.rows_of(t) for t in texts]) if rows else HINT_ROWS
        self.styles.max_height = room
        self.shown = next((t for t in texts if self.rows_of(t) <= room), texts[-1])  # (scripts/audit_screens.py)
        self.update(Prose(self.shown))  # (wrapped between words, never inside a card's name)


class HintHost(HostBase):
    """Mixin for a screen (or modal) where seat `self.player` decides now: `self.view` is what it sees,
    `self.asks` the engine's answers for its decision (tui/session.py)."""

    view: SeatView
    asks: Asks
    player: int
    if TYPE_CHECKING:  # Textual types `app` as a plain App (as Textual itself does, for type checkers only)
        app = getters.app(Host)

    _hint_stop: threading.Event | None = None
    _hint_cards: list[tuple[str, str]] = []
    _hint_shown = False  # an answer is on screen

    def hint_panel(self) -> HintPanel:
        found = self.query(HintPanel)
        if found:
            return found.first()
        panel = HintPanel("")
        self.mount(panel)
        self.hint_toggled(True)
        return panel

    def hint_toggled(self, shown: bool) -> None:
        """The panel comes or goes: a screen may make room for it."""

    def hint_rows(self, needs: list[int]) -> int:
        """The rows the panel may take for an answer whose forms take `needs` rows (a screen may give
        more than HINT_ROWS)."""
        return HINT_ROWS

    def action_hint(self) -> None:
        if self._hint_stop is not None:  # thinking: cancel
            self._hint_stop.set()
            return
        if self._hint_shown:  # an answer on screen: put it away
            self.query(HintPanel).remove()
            self._hint_shown, self._hint_cards = False, []
            self.hint_toggled(False)
            self.refresh_bindings()
            return
        if self.asks.pending() is None:
            return
        stop = self._hint_stop = threading.Event()
        panel = self.hint_panel()
        panel.thinking(0, 1)
        self.post_message(HintAsked(self.player, stop, panel.thinking, lambda found: self.hint_ready(stop, found)))

    def hint_ready(self, stop: threading.Event, found: CoachHint | None) -> bool:
        """The coach's answer (None: cancelled): shown, unless another was asked since; whether it was."""
        if stop is not self._hint_stop:
            return False
        self._hint_stop = None
        panel = self.hint_panel()
        if found is None:
            panel.update(Text(_("Hint cancelled (h: ask again)."), style="dim"))
            return False
        from ...rules import coach
        from ...text.coach import why as why_text
        from ...text.decisions import decision_text

        view = self.view
        self._hint_cards, self._hint_shown = card_names(self.app.catalog, coach.cards_in(found.choice, view)), True
        names = Names.of(view)
        every = [*names.keys.values(), *names.players]  # (each kept whole on a line: `kept_whole`)
        why = kept_whole(why_text(found, [p.name for p in view.players]), every)
        choice = kept_whole(decision_text(found.choice, view, _in_play(view, self.player),
                                          view.players[self.player].hand), every)
        panel.answer(choice, why, self._hint_cards, found.playouts, self.hint_rows)
        self.refresh_bindings()
        return True

    def action_learn(self) -> None:
        self.post_message(Learn(self._hint_cards))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        mine = self.hint_check(action)
        return mine if mine is not None else super().check_action(action, parameters)

    def hint_check(self, action: str) -> bool | None:
        """For the screen's check_action: whether `hint`/`learn` apply now (None: not a hint action)."""
        if action == "learn":
            return bool(self._hint_cards)
        if action == "hint":  # (at a hosted table too: the host's coach, from this seat's view)
            return self.app.offers.hints and self.asks.pending() is not None
        return None

    def on_unmount(self) -> None:
        if self._hint_stop is not None:
            self._hint_stop.set()


def _in_play(view: SeatView, player: int) -> tuple[int | None, ...]:
    """The cards in the player's spots (a deployment hint names only the new Units and the moves)."""
    return tuple(u.card if u is not None else None for u in view.players[player].slots)

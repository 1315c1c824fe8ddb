"""Shared pieces of the game screens: the title bar, the status line of a turn, and the messages a
screen posts to the app (the app alone moves the game on: see tui/session.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.message import Message
from textual.screen import Screen

from ...rules import Step
from ...text.i18n import N_
from ..language import SCREENS, said, translate_bindings
from ..messages import FlowResumed
from ..text import PHASE_TITLES
from ..widgets import KeyBar, Lines, Notice

if TYPE_CHECKING:
    from textual import getters

    from ...rules import Decision, SeatView
    from ..host import Host

_ = SCREENS.gettext
STEP_TITLES = {Step.AGE_TARGET: N_("Reveal")}  # the Units are face up: Deployment is over


def turn_title(view: SeatView, extra: str = "") -> str:
    """`Paper Tales · Turn 2/4 · Wars`, and `extra` (a player's name) after it."""
    phase = said(STEP_TITLES.get(Step(view.step)) or PHASE_TITLES.get(view.phase, view.phase.title()))
    head = _("Paper Tales · Turn %(turn)s/%(turns)s · %(phase)s") % {"turn": view.turn, "turns": view.turns,
                                                                     "phase": phase}
    return f"{head} · {extra}" if extra else head


class Decided(Message):
    """A player's decision, for the app to hand to the engine. When it is refused, the app calls
    `refused(error)` on the screen that posted it (`control`)."""

    def __init__(self, screen: GameScreen, player: int, decision: Decision):
        super().__init__()
        self.screen, self.player, self.decision = screen, player, decision

    @property
    def control(self) -> GameScreen:
        return self.screen


class Continue(Message):
    """Go on: from a summary page, or the next player accepts the hand-off."""


class TakeBack(Message):
    """Take back the last decision (from the hand-off screen, before the next player accepts it)."""


class AnswersAsked(Message):
    """(From a deciding screen, to the app) the screen put a question to its `Asks` (a forecast of its
    plan): the flow is to answer it (then the app tells the screen `AnswersCame`)."""

    def __init__(self, asker: Screen[Any]):
        super().__init__()
        self.asker = asker


class AnswersCame(Message):
    """(To a deciding screen, from the app) the table answered questions the screen may wait for (a
    forecast of its plan): it asks again for its plan of the moment."""


class GameScreen(Screen[None]):
    """A full screen with a one-line title and the footer of applicable keys."""

    title_text = "Paper Tales"

    if TYPE_CHECKING:  # Textual types `app` as a plain App (as Textual itself does, for type checkers only)
        app = getters.app(Host)

    def __init__(self, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name, id, classes)
        translate_bindings(self)  # the key bar in the screens' language

    def compose(self) -> ComposeResult:
        title = Lines(id="title")
        title.lines = [Text(self.title_text, style="bold")]
        yield title
        yield from self.body()
        yield KeyBar()

    def body(self) -> ComposeResult:
        yield from ()

    def on_screen_resume(self) -> None:
        """On top again (a reference screen closed): the app shows what the flow did meanwhile (a bot's
        decision, the other seats' at a hosted table)."""
        self.post_message(FlowResumed())

    def decide(self, player: int, decision: Decision) -> None:
        """Hand a decision to the app; a refusal comes back through `refused`."""
        self.post_message(Decided(self, player, decision))

    def refused(self, error: Exception) -> None:
        """The engine refused this screen's decision: say why (in the #message notice, if any)."""
        for notice in self.query("#message").results(Notice):
            notice.say(_("Not allowed: %(reason)s") % {"reason": error})
        self.notify(str(error), title=_("Not allowed"), severity="error", markup=False)

    def reached(self) -> None:
        """The table is reached again: a refusal that said it was out of reach is gone."""
        for notice in self.query("#message").results(Notice):
            notice.say("")

    def set_title(self, text: str) -> None:
        self.title_text = text
        if self.is_mounted:
            self.query_one("#title", Lines).set_lines([Text(text, style="bold")])


def side_width(width: int, least: int) -> int:
    """The width of a screen's right-hand column: `least` at 80 columns, two fifths of a wider
    terminal (its text then wraps less)."""
    return max(least, width * 2 // 5)

"""Shared pieces of the game screens: the title bar and the status line of a turn."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.screen import Screen

from ..text import PHASE_TITLES
from ..widgets import KeyBar, Lines


def turn_title(game, extra: str = "") -> str:
    s = game.state
    phase = PHASE_TITLES.get(s.phase, s.phase.title())
    head = f"Paper Tales · Turn {s.turn}/{s.turns} · {phase}"
    return f"{head} · {extra}" if extra else head


class GameScreen(Screen):
    """A full screen with a one-line title and the footer of applicable keys."""

    title_text = "Paper Tales"

    def compose(self) -> ComposeResult:
        title = Lines(id="title")
        title.lines = [Text(self.title_text, style="bold")]
        yield title
        yield from self.body()
        yield KeyBar()

    def body(self) -> ComposeResult:
        yield from ()

    def set_title(self, text: str) -> None:
        self.title_text = text
        if self.is_mounted:
            self.query_one("#title", Lines).set_lines([Text(text, style="bold")])

"""Privacy: before any private decision, a screen that hides everything and names who is next."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.widgets import Button, Static

from .common import GameScreen, turn_title

WHAT = {
    "pick": "pick a card",
    "deploy": "deploy Units",
    "age_target": "choose where the Age tokens go",
    "construction": "build",
    "heal": "choose the Units the Mystical Healer saves",
}


class HandoffScreen(GameScreen):
    CSS_PATH = "handoff.tcss"
    BINDINGS = [Binding("enter", "ready", "I am ready", priority=True)]

    def __init__(self, game, pend):
        super().__init__()
        self.game = game
        self.pend = pend
        self.name_ = game.players[pend.player].name
        self.title_text = turn_title(game)

    def body(self) -> ComposeResult:
        with Middle(id="handoff"):
            with Center():
                yield Static(f"Pass to {self.name_} — press Enter when only {self.name_} is looking",
                             id="handoff-message", markup=False)
            with Center():
                yield Static(f"{self.name_}, it is your turn to {WHAT[self.pend.kind]}.", classes="hint",
                             markup=False)
            with Center():
                yield Button(f"I am {self.name_}", variant="primary", id="ready", compact=True)

    @on(Button.Pressed, "#ready")
    def action_ready(self) -> None:
        self.app.last_player = self.pend.player
        self.app.show(self.app.decision_screen(self.pend))


class BotScreen(GameScreen):
    """Shown while a bot decides (in a worker thread); nothing private is on it."""
    CSS_PATH = "handoff.tcss"

    def __init__(self, game, name: str):
        super().__init__()
        self.title_text = turn_title(game)
        self.name_ = name

    def body(self) -> ComposeResult:
        with Middle(id="handoff"):
            with Center():
                yield Static("", id="bot-message", markup=False)

    def on_mount(self) -> None:
        self.thinking(self.name_)

    def on_screen_resume(self) -> None:
        self.app.flow_resumed()

    def thinking(self, name: str) -> None:
        self.query_one("#bot-message", Static).update(f"{name} (bot) is thinking…")

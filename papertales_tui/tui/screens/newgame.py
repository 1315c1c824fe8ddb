"""New game: number of players, names, seat types, optional seed."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Input, Label, Select, Static

from .. import seats
from .common import GameScreen

MAX_PLAYERS = 7
COUNT_OPTIONS = [(str(n), n) for n in range(2, 6)] + [(f"{n} (expansion size)", n) for n in (6, 7)]


def validate(names: list[str], seed_text: str) -> dict[str, str]:
    """Messages for bad input, by field id (name-<i> or seed); empty when all is fine."""
    errors: dict[str, str] = {}
    seen: dict[str, int] = {}
    for i, raw in enumerate(names):
        name = raw.strip()
        if not name:
            errors[f"name-{i}"] = "Give this player a name."
        elif name.casefold() in seen:
            errors[f"name-{i}"] = f"Same name as player {seen[name.casefold()] + 1}: names must differ."
        else:
            seen[name.casefold()] = i
        if len(name) > 20:
            errors[f"name-{i}"] = "Keep names to 20 characters or fewer."
    text = seed_text.strip()
    if text:
        try:
            int(text)
        except ValueError:
            errors["seed"] = "The seed must be a whole number (or leave it empty for a random game)."
    return errors


class NewGameScreen(GameScreen):
    CSS_PATH = "newgame.tcss"
    title_text = "Paper Tales · New game"
    BINDINGS = [Binding("ctrl+s", "start", "Start game"), Binding("escape", "back", "Back")]

    def __init__(self, count: int = 2):
        super().__init__()
        self.count = count

    def body(self) -> ComposeResult:
        with VerticalScroll(id="setup"):
            yield Static("Hot-seat game: players share this keyboard and pass it on when asked.",
                         classes="hint")
            with Horizontal(classes="form-row"):
                yield Label("Players", classes="form-label")
                yield Select(COUNT_OPTIONS, value=self.count, allow_blank=False, compact=True, id="count")
            for i in range(MAX_PLAYERS):
                with Horizontal(classes="form-row seat-row", id=f"row-{i}"):
                    yield Label(f"Player {i + 1}", classes="form-label")
                    yield Input(value=f"Player {i + 1}", placeholder="name", compact=True, id=f"name-{i}",
                                max_length=20)
                    yield Select(seats.seat_options(), value=seats.HUMAN, allow_blank=False, compact=True,
                                 id=f"seat-{i}", classes="seat")
                yield Label("", classes="error", id=f"name-{i}-error")
            with Horizontal(classes="form-row"):
                yield Label("Seed", classes="form-label")
                yield Input(placeholder="empty = random game", compact=True, id="seed")
            yield Label("", classes="error", id="seed-error")
            with Horizontal(id="setup-buttons"):
                yield Button("Start game", variant="primary", id="start", compact=True)
                yield Button("Rules help (F1)", id="help", compact=True)

    def on_mount(self) -> None:
        for label in self.query(".error"):
            label.display = False
        self.show_rows()
        self.query_one("#name-0", Input).focus()

    def show_rows(self) -> None:
        for i in range(MAX_PLAYERS):
            visible = i < self.count
            self.query_one(f"#row-{i}").display = visible
            if not visible:
                self.query_one(f"#name-{i}-error", Label).display = False

    @on(Select.Changed, "#count")
    def count_changed(self, event: Select.Changed) -> None:
        self.count = int(event.value)
        self.show_rows()

    @on(Input.Submitted)
    def submitted(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#start")
    def start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#help")
    def help_pressed(self) -> None:
        self.app.action_rules()

    def action_back(self) -> None:
        self.app.show_title()

    def action_start(self) -> None:
        names = [self.query_one(f"#name-{i}", Input).value for i in range(self.count)]
        seed_text = self.query_one("#seed", Input).value
        errors = validate(names, seed_text)
        for field in [f"name-{i}" for i in range(self.count)] + ["seed"]:
            label = self.query_one(f"#{field}-error", Label)
            label.update(errors.get(field, ""))
            label.display = field in errors
        if errors:
            first = next(iter(errors))
            self.query_one(f"#{first}", Input).focus()
            self.notify("Please fix the highlighted fields.", severity="error")
            return
        seat_types = [str(self.query_one(f"#seat-{i}", Select).value) for i in range(self.count)]
        seed = int(seed_text.strip()) if seed_text.strip() else None
        self.app.start_game([n.strip() for n in names], seat_types, seed)

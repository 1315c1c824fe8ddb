"""New game: hot-seat (number of players, names, seat types) or solo (name, difficulty); optional seed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from ...rules import name_key, name_problem
from ...text.i18n import N_
from .. import seats
from ..language import SCREENS, said, wrap
from ..messages import RulesAsked, StartGame, TitleAsked
from ..widgets import TextInput
from .common import GameScreen
from .title import game_words, unfinished_autosave

if TYPE_CHECKING:
    from ...persistence.table import Table

_ = SCREENS.gettext
MAX_PLAYERS = 7
HOTSEAT, SOLO = "hotseat", "solo"
MODE_OPTIONS = [(N_("Hot-seat (2-7 players)"), HOTSEAT), (N_("Solo against the Lich King"), SOLO)]
HINTS = {HOTSEAT: N_("Hot-seat game: players share this keyboard and pass it on when asked."),
         SOLO: N_("Solo game: you against the Lich King's Necropolis. Difficulty = number of Lich King cards in "
                  "play, drawn at random from the seed.")}
BOT_SEATS = {"easy": N_("Bot (easy)"), "medium": N_("Bot (medium)"), "hard": N_("Bot (hard)")}


def count_options() -> list[tuple[str, int]]:
    return [(str(n), n) for n in range(2, 6)] + [(_("%(count)s (expansion size)") % {"count": n}, n) for n in (6, 7)]


def seat_choices() -> list[tuple[str, str]]:
    """The seat types (tui/seats.py) in the screens' language: Human, then each bot level."""
    return [(said(BOT_SEATS[value[4:]]) if value[4:] in BOT_SEATS else _("Human") if value == seats.HUMAN else label,
             value) for label, value in seats.seat_options()]


def difficulty_options(count: int) -> list[tuple[str, int]]:
    """0 to `count` Lich King cards."""
    words = {0: _("0 (no Lich King card)"), count: _("%(count)s (all Lich King cards)") % {"count": count}}
    return [(words.get(n) or SCREENS.ngettext("%(count)s Lich King card", "%(count)s Lich King cards", n)
             % {"count": n}, n) for n in range(count + 1)]


def validate(names: list[str], seed_text: str) -> dict[str, str]:
    """Messages for bad input, by field id (name-<i> or seed); empty when all is fine."""
    errors: dict[str, str] = {}
    seen: dict[str, int] = {}
    for i, raw in enumerate(names):
        name = raw.strip()
        problem = name_problem(name)  # the rule the rules core and the save format share
        if not name:
            errors[f"name-{i}"] = _("Give this player a name.")
        elif problem:
            errors[f"name-{i}"] = (_("%(problem)s; retype it.") if "U+" in problem else _("%(problem)s.")) % {
                "problem": problem[0].upper() + problem[1:]}
        elif name_key(name) in seen:  # (the save format's comparison too: "Ann" is "Ａｎｎ")
            errors[f"name-{i}"] = _("Same name as player %(number)s: names must differ.") % {
                "number": seen[name_key(name)] + 1}
        else:
            seen[name_key(name)] = i
    text = seed_text.strip()
    if text:
        try:
            int(text)
        except ValueError:
            errors["seed"] = _("The seed must be a whole number (or leave it empty for a random game).")
    return errors


def chosen(value: object) -> int:
    """The number a Select of numbers holds (never blank: they are made with allow_blank=False)."""
    assert isinstance(value, int), f"not a number: {value!r}"
    return value


DISCARD_LABEL = {False: N_("Discard it instead (Space: tick)"),
                 True: N_("Discard it instead: the new game replaces its autosave")}


class TickBox(Checkbox):
    """A checkbox whose box is empty until ticked (Textual's shows its X in both states, told apart by
    colour alone: "▐X▌ … no" read as ticked)."""

    BUTTON_INNER = " "

    def watch_value(self) -> None:
        self.BUTTON_INNER = "X" if self.value else " "
        super().watch_value()  # (Textual's: the -on class, the Changed message)

class NewGameScreen(GameScreen):
    CSS_PATH = "newgame.tcss"
    BINDINGS = [Binding("ctrl+s", "start", N_("Start game")), Binding("escape", "back", N_("Back"))]

    def __init__(self, count: int = 2, mode: str = HOTSEAT, table: Table | None = None):
        """`table`: the last game's table (persistence/table.py), offered again."""
        super().__init__()
        self.title_text = _("Paper Tales · New game")
        self.count = count
        self.mode = mode
        self.table = table
        if table is not None:
            self.mode = table.mode
            if table.mode == HOTSEAT and 2 <= len(table.names) <= MAX_PLAYERS:
                self.count = len(table.names)

    def offered(self, i: int) -> tuple[str, str]:
        """Seat `i`'s name and seat type, as at the last table when there was one."""
        names, kinds = (self.table.names, self.table.seats) if self.table is not None else ([], [])
        name = names[i] if i < len(names) else _("Player %(number)s") % {"number": i + 1}
        kind = kinds[i] if i < len(kinds) else seats.HUMAN
        return name, kind if kind in dict((v, k) for k, v in seats.seat_options()) else seats.HUMAN

    def offered_difficulty(self) -> int:
        most = len(self.app.catalog.lich_king)
        return self.table.difficulty if self.table is not None and self.table.difficulty <= most else 0

    def body(self) -> ComposeResult:
        with VerticalScroll(id="setup"):
            yield from self.unfinished_game()
            with Horizontal(classes="form-row"):
                yield Label(_("Mode"), classes="form-label")
                yield Select([(said(label), mode) for label, mode in MODE_OPTIONS], value=self.mode,
                             allow_blank=False, compact=True, id="mode")
            yield Static(said(HINTS[self.mode]), classes="hint", id="mode-hint")
            with Horizontal(classes="form-row", id="difficulty-row"):
                yield Label(_("Difficulty"), classes="form-label")
                yield Select(difficulty_options(len(self.app.catalog.lich_king)), value=self.offered_difficulty(),
                             allow_blank=False, compact=True, id="difficulty")
            with Horizontal(classes="form-row", id="count-row"):
                yield Label(_("Players"), classes="form-label")
                yield Select(count_options(), value=self.count, allow_blank=False, compact=True, id="count")
            for i in range(MAX_PLAYERS):
                name, kind = self.offered(i)
                with Horizontal(classes="form-row seat-row", id=f"row-{i}"):
                    yield Label(_("Player %(number)s") % {"number": i + 1}, classes="form-label", id=f"label-{i}")
                    yield TextInput(value=name, placeholder=_("name"), compact=True, id=f"name-{i}")
                    yield Select(seat_choices(), value=kind, allow_blank=False, compact=True,
                                 id=f"seat-{i}", classes="seat")
                yield Label("", classes="error", id=f"name-{i}-error")
            with Horizontal(classes="form-row"):
                yield Label(_("Seed"), classes="form-label")
                yield TextInput(placeholder=_("empty = random game"), compact=True, id="seed")
            yield Label("", classes="error", id="seed-error")
            with Horizontal(id="setup-buttons"):
                yield Button(_("Start game"), variant="primary", id="start", compact=True)
                yield Button(_("Rules help (F1)"), id="help", compact=True)

    def unfinished_game(self) -> ComposeResult:
        """The warning that an unfinished game is autosaved: the new game keeps it (moved aside, listed
        under Resume) unless the player ticks Discard."""
        seen = unfinished_autosave() if self.app.autosave else None
        if seen is None:
            return
        words = game_words(seen, 120, glued=True) or _("it could not be read quickly")
        warning = _("An unfinished game is autosaved (%(game)s). Starting a new game keeps it: Resume it from the "
                    "title screen.") % {"game": words}
        width = self.app.size.width - 4  # (#setup's padding)
        yield Static(Text("\n".join(wrap(warning, width)), style="bold"), id="unfinished")  # never inside a name
        yield TickBox(said(DISCARD_LABEL[False]), id="discard", compact=True)

    def on_mount(self) -> None:
        from ..textual_words import translate_dropdowns

        translate_dropdowns(self)  # ("Esc Dismiss menu" in the key bar, in the screens' language)
        self.pasted = {}
        for label in self.query(".error"):
            label.display = False
        self.show_rows()
        self.query_one("#name-0", Input).focus()

    def players(self) -> int:
        return 1 if self.mode == SOLO else self.count

    def show_rows(self) -> None:
        solo = self.mode == SOLO
        for i in range(MAX_PLAYERS):
            visible = i < self.players()
            self.query_one(f"#row-{i}").display = visible
            if not visible:
                self.query_one(f"#name-{i}-error", Label).display = False
        self.query_one("#count-row").display = not solo
        self.query_one("#difficulty-row").display = solo
        self.query_one("#seat-0").display = not solo  # solo: one human
        self.query_one("#label-0", Label).update(_("Your name") if solo else _("Player %(number)s") % {"number": 1})
        self.query_one("#mode-hint", Static).update(said(HINTS[self.mode]))

    pasted: dict[str, tuple[str, tuple[str, ...]]]  # field id -> what a paste held, and its escapes in the field

    @on(TextInput.Escaped)
    def escaped(self, event: TextInput.Escaped) -> None:
        if event.field.id and event.field.id.startswith("name-"):
            self.pasted[event.field.id] = (event.problem, event.escapes)
            self.query_one(f"#{event.field.id}-error", Label).display = True  # said at once
            self.check_fields(shown_only=True)

    @on(Checkbox.Changed, "#discard")
    def discard_changed(self, event: Checkbox.Changed) -> None:
        event.checkbox.label = said(DISCARD_LABEL[event.value])  # said in words too

    @on(Select.Changed, "#mode")
    def mode_changed(self, event: Select.Changed) -> None:
        self.mode = str(event.value)
        self.show_rows()

    @on(Select.Changed, "#count")
    def count_changed(self, event: Select.Changed) -> None:
        self.count = chosen(event.value)
        self.show_rows()

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        """Enter goes on to the next field, never to the buttons nor the Discard box: the game starts
        with Ctrl+S or the Start button, never by a stray Enter, nor by Enter held down or pressed
        once per field (on the last field it says how to start)."""
        fields = [w for w in self.focus_chain if isinstance(w, (Input, Select))]
        later = fields[fields.index(event.input) + 1:] if event.input in fields else []
        if later:
            later[0].focus()
        else:
            self.notify(_("Ctrl+S (or the Start game button) starts the game."), title=_("New game"), markup=False)

    @on(Button.Pressed, "#start")
    def start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#help")
    def help_pressed(self) -> None:
        self.post_message(RulesAsked())

    def action_back(self) -> None:
        self.post_message(TitleAsked())

    def check_fields(self, shown_only: bool = False) -> tuple[list[str], str, dict[str, str]]:
        """Validate the form and show each field's message (with `shown_only`, update only the
        messages already on screen: a fixed field loses its message as soon as it is fixed)."""
        count = self.players()
        names = [self.query_one(f"#name-{i}", Input).value for i in range(count)]
        seed_text = self.query_one("#seed", Input).value
        errors = validate(names, seed_text)
        for i, name in enumerate(names):  # a paste that held control characters: they show as escapes,
            problem, escapes = self.pasted.get(f"name-{i}", ("", ()))  # until they are retyped
            if f"name-{i}" not in errors and any(e in name for e in escapes):
                errors[f"name-{i}"] = _("The pasted name held %(problem)s, shown as %(escape)s; retype it.") % {
                    "problem": problem, "escape": escapes[0]}
        for field in [f"name-{i}" for i in range(count)] + ["seed"]:
            label = self.query_one(f"#{field}-error", Label)
            if shown_only and not label.display:
                continue
            label.update(errors.get(field, ""))
            label.display = field in errors
        return names, seed_text, errors

    @on(Input.Changed)
    def field_changed(self) -> None:
        self.check_fields(shown_only=True)

    def action_start(self) -> None:
        count = self.players()
        names, seed_text, errors = self.check_fields()
        if errors:
            first = next(iter(errors))
            self.query_one(f"#{first}", Input).focus()
            self.notify(_("Please fix the highlighted fields."), severity="error", markup=False)
            return
        seed = int(seed_text.strip()) if seed_text.strip() else None
        names = [n.strip() for n in names]
        keep = not any(box.value for box in self.query("#discard").results(Checkbox))
        if self.mode == SOLO:
            difficulty = chosen(self.query_one("#difficulty", Select).value)
            self.post_message(StartGame(names[:1], [seats.HUMAN], seed, keep, difficulty=difficulty,
                                        table=(SOLO, difficulty)))
        else:
            seat_types = [str(self.query_one(f"#seat-{i}", Select).value) for i in range(count)]
            self.post_message(StartGame(names, seat_types, seed, keep, table=(self.mode, self.offered_difficulty())))

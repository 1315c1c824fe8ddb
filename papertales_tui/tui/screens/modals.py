"""Modal questions: quit?, save as, units to give up, Age token target, Mystical Healer saves, which
card to learn."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from ...rules import AgeTargetOptions, HealOptions, SeatView, literal
from .. import text as tx
from ..kingdom import DIES
from ..messages import SaveAsAsked
from ..widgets import KeyBar, TextInput, option_key
from .hint import HINT, LEARN, HintHost

if TYPE_CHECKING:
    from textual import getters

    from ...persistence import SaveFileError
    from ...rules import forecast
    from ..flow import Asks
    from ..host import Host


SAVE_FIRST = "save"  # ConfirmQuit's answer: save the game to a file first (then the question again)


class ConfirmQuit(ModalScreen[bool | str]):
    """Quit? True (yes), False (no), or, with `offer_save` (quitting would lose decisions), SAVE_FIRST."""

    CSS_PATH = "modals.tcss"
    BINDINGS = [
        Binding("y", "answer(True)", "Yes, quit"),
        Binding("n,escape", "answer(False)", "No, keep playing"),
        Binding("s", "answer('save')", "Save as"),
    ]

    def __init__(self, question: str = "Quit Paper Tales? The current game is lost.", offer_save: bool = False):
        super().__init__()
        self.question = question
        self.offer_save = offer_save

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-title", markup=False)
            with Horizontal(classes="dialog-buttons"):
                if self.offer_save:
                    yield Button("Save as… (s)", variant="success", id=SAVE_FIRST, compact=True)
                yield Button("Yes, quit (y)", variant="error", id="yes", compact=True)
                yield Button("No (n)", variant="primary", id="no", compact=True)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(f"#{SAVE_FIRST}" if self.offer_save else "#no", Button).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.offer_save or parameters != (SAVE_FIRST,)

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(SAVE_FIRST if event.button.id == SAVE_FIRST else event.button.id == "yes")

    def action_answer(self, answer: bool | str) -> None:
        self.dismiss(answer)


class Confirm(ModalScreen[bool]):
    """A yes/no question before a step that cannot be undone (deploy nothing, replace a file): y says
    yes; n, Esc and Enter (the No button has the focus) say no, so that a key pressed twice or held
    down never answers yes."""

    CSS_PATH = "modals.tcss"
    BINDINGS = [Binding("y", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]

    def __init__(self, question: str, yes: str, no: str = "No, back"):
        super().__init__()
        self.question, self.yes, self.no = question, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-title", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.yes} (y)", variant="error", id="yes", compact=True)
                yield Button(f"{self.no} (n)", variant="primary", id="no", compact=True)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class SaveAsModal(ModalScreen[str | None]):
    """Save the game to a file of the player's choosing (the app answers its `SaveAsAsked`); in a served game
    (a browser tab), by name in the data directory's saves folder. An existing file is replaced only when
    the player says y to the question (`Confirm`), and never when it is not a good save file."""

    CSS_PATH = "modals.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    if TYPE_CHECKING:  # Textual types `app` as a plain App
        app = getters.app(Host)

    def __init__(self, default: str):
        super().__init__()
        self.default = default
        self.replace: str | None = None  # the existing file the player was warned about

    def compose(self) -> ComposeResult:
        from ...persistence.store import SAVE_NAME_RULE

        with Vertical(classes="dialog"):
            yield Label("Save the game as", classes="dialog-title")
            yield Static(f"A name for this game ({SAVE_NAME_RULE}): Resume on the title screen lists it."
                         if self.app.served else "A file name or path (~ is your home "
                         "folder); resume it with papertales --resume FILE.", classes="hint", markup=False)
            yield TextInput(value=self.default, compact=True, id="save-path")
            yield Label("", classes="error", id="dialog-message", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Save (Enter)", variant="primary", id="save", compact=True)
                yield Button("Cancel (Esc)", id="cancel", compact=True)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#save-path", Input).focus()

    def say(self, message: str) -> None:
        self.query_one("#dialog-message", Label).update(literal(message))  # a typed path may hold anything

    @on(Input.Changed, "#save-path")
    def path_changed(self) -> None:
        self.replace = None
        self.say("")

    @on(Input.Submitted, "#save-path")
    @on(Button.Pressed, "#save")
    def action_save(self) -> None:
        path = self.query_one("#save-path", Input).value.strip()
        if not path:
            self.say("Type a file name.")
            return
        self.post_message(SaveAsAsked(path, path == self.replace, self.saved))

    def saved(self, path: str, error: SaveFileError | OSError | None) -> None:
        """The app's answer to `SaveAsAsked`: None when saved, else why not."""
        from ...persistence import SaveFileError

        if error is None:
            where = (f"as {literal(path)}: Resume on the title screen lists it" if self.app.served
                     else f"to {literal(str(Path(path).expanduser().resolve()))}")
            self.app.notify(f"Saved {where}", title="Save as", markup=False)
            self.dismiss(path)
        elif isinstance(error, SaveFileError) and error.kind == "exists" and path != self.replace:
            def answered(yes: bool | None) -> None:  # y: replace it; n, Esc, Enter: type another name
                if yes:
                    self.replace = path
                    self.action_save()
                else:
                    self.say("This file already exists: type another name (or Enter to be asked again).")

            self.say("This file already exists.")
            self.app.push_screen(Confirm(f"{literal(Path(path).name)} already exists. Replace it with this game?",
                                         "Replace it"), answered)
        elif isinstance(error, SaveFileError):
            self.replace = None
            self.say(f"Not saved: {error.message}.")
        else:
            self.replace = None
            self.say(f"Not saved: cannot write {path} ({getattr(error, 'strerror', None) or error}).")

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class LearnModal(ModalScreen[str | None]):
    """Which of the cards a hint or a review line mentions to open in the card browser (its key)."""

    CSS_PATH = "modals.tcss"
    BINDINGS = [Binding("escape", "cancel", "Back")]

    def __init__(self, cards: list[tuple[str, str]]):
        """`cards`: (key, name) of each card mentioned, in the order the line names them."""
        super().__init__()
        self.cards = cards

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Learn a card: which one?", classes="dialog-title", markup=False)
            yield OptionList(*(Option(Text(name), id=str(k)) for k, (_, name) in enumerate(self.cards)),
                             classes="choice", id="learn-cards")
            yield Static("Enter or a click opens the card browser on it.", classes="hint", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#learn-cards", OptionList).focus()

    @on(OptionList.OptionSelected, "#learn-cards")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.cards[int(option_key(event.option))][0])

    def action_cancel(self) -> None:
        self.dismiss(None)


Answer = TypeVar("Answer")  # what a choice modal dismisses with


class ChoiceModal(ModalScreen[Answer]):
    """A modal with a title, a note, a list and Confirm/Back; subclasses fill the list."""
    CSS_PATH = "modals.tcss"

    BINDINGS = [Binding("c", "confirm", "Confirm"), Binding("escape", "back", "Back")]
    can_cancel = True

    def __init__(self, title: str, note: str):
        super().__init__()
        self.title_ = title
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_, classes="dialog-title", markup=False)
            yield Static(self.note, classes="hint", markup=False)
            yield self.make_list()
            yield from self.after_list()
            yield Label("", classes="error", id="dialog-message", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Confirm (c)", variant="primary", id="confirm", compact=True)
                if self.can_cancel:
                    yield Button("Back (Esc)", id="back", compact=True)
        yield KeyBar()

    def make_list(self) -> OptionList:
        raise NotImplementedError

    def action_confirm(self) -> None:
        raise NotImplementedError

    def after_list(self) -> ComposeResult:
        yield from ()

    def on_mount(self) -> None:
        self.query(".choice").first().focus()

    @on(Button.Pressed, "#confirm")
    def confirm_pressed(self) -> None:
        self.action_confirm()

    @on(Button.Pressed, "#back")
    def back_pressed(self) -> None:
        self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.can_cancel if action == "back" else True

    def action_back(self) -> None:
        if self.can_cancel:
            self.dismiss(None)


class UnpaidModal(ChoiceModal[list[int]]):
    """Gold is short: tick the new Units to give up (they are discarded). Each Unit reads
    [x] given up or [ ] paid (glyphs and words, not colour), and a line says what confirming does."""

    BINDINGS = [Binding("space", "tick", "Give up / pay")]

    def __init__(self, new: list[int], costs: dict[int, int], names: dict[int, str], gold: int,
                 default: list[int]):
        """`default`: the Units ticked at first (the engine's `suggested_unpaid`)."""
        total = sum(costs.values())
        super().__init__(f"Not enough Gold: {tx.GOLD}{total} needed, you have {tx.GOLD}{gold}",
                         "Space or Enter ticks a Unit to give up (again to untick); c confirms. "
                         "Units given up are discarded unpaid.")
        self.new, self.costs, self.names, self.gold = new, costs, names, gold
        self.unpaid = [c for c in new if c in default]

    def label(self, card: int) -> Text:
        out = card in self.unpaid
        return Text.assemble(("[x] " if out else "[ ] ", "bold"), self.names[card].ljust(18),
                             tx.gold(self.costs[card]), "  ", ("given up" if out else "paid", "bold" if out else ""))

    def make_list(self) -> OptionList:
        return OptionList(*(Option(self.label(c), id=str(k)) for k, c in enumerate(self.new)),
                          classes="choice", id="unpaid")

    def after_list(self) -> ComposeResult:
        yield Static("", id="unpaid-outcome", markup=False)

    def on_mount(self) -> None:
        super().on_mount()
        self.show_outcome()

    def gold_left(self) -> int:
        return self.gold - sum(self.costs[c] for c in self.new if c not in self.unpaid)

    def show_outcome(self) -> None:
        paid = [c for c in self.new if c not in self.unpaid]
        left = self.gold_left()
        if left < 0:
            line = f"Still {tx.GOLD}{-left} short: tick more Units to give up."
        else:
            names = ", ".join(self.names[c] for c in paid) or "no Unit"
            given = ", ".join(self.names[c] for c in self.unpaid)
            line = f"Confirming pays for {names} ({tx.GOLD}{left} left)" + (f"; gives up {given}." if given else ".")
        self.query_one("#unpaid-outcome", Static).update(Text(line, style="bold"))

    @on(OptionList.OptionSelected, "#unpaid")
    def selected(self, event: OptionList.OptionSelected) -> None:
        self.toggle(self.new[int(option_key(event.option))])

    def action_tick(self) -> None:
        ol = self.query_one("#unpaid", OptionList)
        if ol.highlighted is not None:
            self.toggle(self.new[ol.highlighted])

    def toggle(self, card: int) -> None:
        if card in self.unpaid:
            self.unpaid.remove(card)
        else:
            self.unpaid.append(card)
        self.query_one("#unpaid", OptionList).replace_option_prompt(str(self.new.index(card)), self.label(card))
        self.query_one("#dialog-message", Label).update("")
        self.show_outcome()

    def action_confirm(self) -> None:
        if self.gold_left() < 0:
            self.query_one("#dialog-message", Label).update("Not enough Gold yet: tick a Unit to give up.")
            return
        self.dismiss([c for c in self.new if c in self.unpaid])


def age_change_parts(change: forecast.AgeChange) -> list[Text]:
    """What the Age tokens change besides the Unit's life, each figure before → after: `Kingdom ⚔5 → ⚔7`
    (its strength in the Wars), `◆1 → ◆3 ore`, `Income ¤4 → ¤5`, `at its death ★+2`."""
    out = []
    (s0, s1), (i0, i1) = change.strength, change.income
    if s0 != s1:
        out.append(Text.assemble("Kingdom ", tx.strength(s0), " → ", tx.strength(s1)))
    for kind, a, b in change.resources:
        glyph = tx.RESOURCE_GLYPHS.get(kind, "")
        out.append(Text(f"{glyph}{a} → {glyph}{b} {kind}", style=tx.RESOURCE_STYLES.get(kind, "")))
    if i0 != i1:
        out.append(Text.assemble("Income ", tx.gold(i0), " → ", tx.gold(i1)))
    (lp0, gold0), (lp1, gold1) = change.aging
    if (lp0, gold0) != (lp1, gold1):
        gains = [f"{tx.LP}{lp1 - lp0:+d}"] * (lp0 != lp1) + [f"{tx.GOLD}{gold1 - gold0:+d}"] * (gold0 != gold1)
        out.append(Text(f"at Aging {' '.join(gains)}"))
    return out


class AgeTargetModal(HintHost, ChoiceModal[int]):
    """Time Master / Master Alchemist: which Unit receives the Age tokens; each choice says whether
    that Unit then dies at this turn's Aging (the engine's answer). Enter chooses, c confirms (as the
    picks and Construction do: one stray key never decides)."""

    BINDINGS = [HINT, LEARN]

    can_cancel = False

    def __init__(self, view: SeatView, asks: Asks, options: AgeTargetOptions):
        super().__init__(f"{options.name}: put {options.amount}{tx.AGE} on one of your Units",
                         f"Enter (or a click) chooses the Unit; c confirms. {DIES} marks a Unit that then dies at "
                         "this turn's Aging, unless a Mystical Healer saves it.")
        self.view, self.asks, self.player, self.options = view, asks, asks.player, options
        self.choice: int | None = None  # the spot chosen, to confirm

    def label(self, slot: int) -> Text:
        u = self.view.players[self.player].slots[slot]
        assert u is not None  # (the options name spots with a Unit)
        label = Text.assemble(f"{tx.SPOT_KEYS[slot]} ", (self.view.card(u.card).name.ljust(17), "bold"),
                              tx.age(u.age), f" → {tx.AGE}{u.age + self.options.amount}  ")
        change = self.asks.age_change(slot, self.options.amount)
        for part in age_change_parts(change):
            label.append_text(part)
            label.append(", ")
        if change.dies:
            label.append(f"{DIES} dies this turn", style="bold red")
        else:
            label.append("lives through this Aging", style="dim")
        if slot == self.choice:
            label.append("  ✓ chosen", style="bold green")
        return label

    def make_list(self) -> OptionList:
        return OptionList(*(Option(self.label(slot), id=str(slot)) for slot in self.options.slots),
                          classes="choice", id="targets")

    @on(OptionList.OptionSelected, "#targets")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        before, self.choice = self.choice, int(option_key(event.option))
        ol = self.query_one("#targets", OptionList)
        for slot in {before, self.choice} - {None}:
            assert slot is not None
            ol.replace_option_prompt(str(slot), self.label(slot))
        self.query_one("#dialog-message", Label).update("")

    def action_confirm(self) -> None:
        if self.choice is None:
            self.query_one("#dialog-message", Label).update("Choose a Unit first (Enter), then c confirms.")
            return
        self.dismiss(self.choice)


class HealModal(HintHost, ChoiceModal[list[int]]):
    """Mystical Healer: which dying Units to save (one per Healer). Nothing is ticked at first; each
    Unit reads [x] saved or [ ] dies (glyphs and words, not colour), and a line says what confirming
    will do."""

    BINDINGS = [HINT, LEARN, Binding("space", "tick", "Save / let die")]

    can_cancel = False

    def __init__(self, view: SeatView, asks: Asks, options: HealOptions):
        n = options.max
        super().__init__(f"Mystical Healer: save up to {n} Unit{'s' if n > 1 else ''} from dying",
                         "Space or Enter ticks a Unit to save it (again to untick); c confirms.")
        self.view, self.asks, self.player, self.options = view, asks, asks.player, options
        self.saved: list[int] = []

    @property
    def dying(self) -> list[int]:
        """Every spot whose Unit dies at this Aging unless saved: those a Healer may save (the options)
        and those none can (a Healer saves only a Unit with as many Age tokens as its card says)."""
        return [slot for slot, u in enumerate(self.view.players[self.player].slots)
                if u is not None and (u.dies or slot in self.options.slots)]

    def label(self, slot: int) -> Text:
        u = self.view.players[self.player].unit(slot)
        t = self.view.card(u.card)
        saved = slot in self.saved
        if slot not in self.options.slots:
            return Text.assemble("    ", f"{tx.SPOT_KEYS[slot]} ", tx.unit_line(t), " ", tx.age(u.age), "  ",
                                 (f"{DIES} dies: no Healer can save it", "red"))
        return Text.assemble(("[x] " if saved else "[ ] ", "bold"), f"{tx.SPOT_KEYS[slot]} ", tx.unit_line(t), " ",
                             tx.age(u.age), "  ", ("saved" if saved else f"{DIES} dies", "bold" if saved else "red"))

    def make_list(self) -> OptionList:
        return OptionList(*(Option(self.label(slot), id=str(slot), disabled=slot not in self.options.slots)
                            for slot in self.dying), classes="choice", id="saves")

    def after_list(self) -> ComposeResult:
        yield Static("", id="heal-outcome", markup=False)

    def on_mount(self) -> None:
        super().on_mount()
        self.show_outcome()

    def unit_name(self, slot: int) -> str:
        return self.view.card(self.view.players[self.player].unit(slot).card).name

    def show_outcome(self, message: str = "") -> None:
        saved = [self.unit_name(s) for s in self.options.slots if s in self.saved]
        dying = [self.unit_name(s) for s in self.dying if s not in self.saved]
        parts = ([f"saves {', '.join(saved)}"] if saved else ["saves nobody"]) + \
            ([f"{', '.join(dying)} die{'s' if len(dying) == 1 else ''}"] if dying else [])
        self.query_one("#heal-outcome", Static).update(Text("Confirming " + "; ".join(parts) + ".", style="bold"))
        self.query_one("#dialog-message", Label).update(message)

    @on(OptionList.OptionSelected, "#saves")
    def selected(self, event: OptionList.OptionSelected) -> None:
        self.toggle(int(option_key(event.option)))

    def action_tick(self) -> None:
        ol = self.query_one("#saves", OptionList)
        if ol.highlighted is not None:
            self.toggle(int(option_key(ol.get_option_at_index(ol.highlighted))))

    def toggle(self, slot: int) -> None:
        message = ""
        if slot in self.saved:
            self.saved.remove(slot)
        elif len(self.saved) < self.options.max:
            self.saved.append(slot)
        else:
            n = self.options.max
            message = f"Your Healer{'s' if n > 1 else ''} can save {n}: untick one first."
        ol = self.query_one("#saves", OptionList)
        ol.replace_option_prompt(str(slot), self.label(slot))
        self.show_outcome(message)

    def action_confirm(self) -> None:
        self.dismiss(sorted(self.saved))

    def show_error(self, message: str) -> None:
        self.query_one("#dialog-message", Label).update(message)

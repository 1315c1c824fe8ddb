"""Modal questions: quit?, save as, units to give up, Age token target, Mystical Healer saves, which
card to learn, which language."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from ...rules import AgeTargetOptions, HealOptions, SeatView, literal
from ...text.i18n import N_
from .. import text as tx
from ..kingdom import DIES
from ..language import LANGUAGE_NAMES, SCREENS, resource_name, translate_bindings
from ..messages import SaveAsAsked
from ..widgets import KeyBar, TextInput, option_key
from .hint import HINT, LEARN, HintHost

if TYPE_CHECKING:
    from textual import getters

    from ...persistence import SaveFileError
    from ...rules import forecast
    from ..flow import Asks
    from ..host import Host


_ = SCREENS.gettext
SAVE_FIRST = "save"  # ConfirmQuit's answer: save the game to a file first (then the question again)
Answer = TypeVar("Answer")  # what a modal dismisses with


class Dialog(ModalScreen[Answer]):
    """A modal whose key bar speaks the screens' language."""

    CSS_PATH = "modals.tcss"

    def __init__(self) -> None:
        super().__init__()
        translate_bindings(self)


class ConfirmQuit(Dialog[bool | str]):
    """Quit? True (yes), False (no), or, with `offer_save` (quitting would lose decisions), SAVE_FIRST."""

    BINDINGS = [
        Binding("y", "answer(True)", N_("Yes, quit")),
        Binding("n,escape", "answer(False)", N_("No, keep playing")),
        Binding("s", "answer('save')", N_("Save as")),
    ]

    def __init__(self, question: str | None = None, offer_save: bool = False):
        super().__init__()
        self.question = question or _("Quit Paper Tales? The current game is lost.")
        self.offer_save = offer_save

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-title", markup=False)
            with Horizontal(classes="dialog-buttons"):
                if self.offer_save:
                    yield Button(_("Save as… (s)"), variant="success", id=SAVE_FIRST, compact=True)
                yield Button(_("Yes, quit (y)"), variant="error", id="yes", compact=True)
                yield Button(_("No (n)"), variant="primary", id="no", compact=True)
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


class Confirm(Dialog[bool]):
    """A yes/no question before a step that cannot be undone (deploy nothing, replace a file): y says
    yes; n, Esc and Enter (the No button has the focus) say no, so that a key pressed twice or held
    down never answers yes."""

    BINDINGS = [Binding("y", "answer(True)", N_("Yes")), Binding("n,escape", "answer(False)", N_("No"))]

    def __init__(self, question: str, yes: str, no: str | None = None):
        super().__init__()
        self.question, self.yes, self.no = question, yes, no or _("No, back")

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-title", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("%(answer)s (y)") % {"answer": self.yes}, variant="error", id="yes", compact=True)
                yield Button(_("%(answer)s (n)") % {"answer": self.no}, variant="primary", id="no", compact=True)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    @on(Button.Pressed)
    def pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class SaveAsModal(Dialog[str | None]):
    """Save the game to a file of the player's choosing (the app answers its `SaveAsAsked`); in a served game
    (a browser tab), by name in the data directory's saves folder. An existing file is replaced only when
    the player says y to the question (`Confirm`), and never when it is not a good save file."""

    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]
    if TYPE_CHECKING:  # Textual types `app` as a plain App
        app = getters.app(Host)

    def __init__(self, default: str):
        super().__init__()
        self.default = default
        self.replace: str | None = None  # the existing file the player was warned about

    def compose(self) -> ComposeResult:
        from ...persistence.store import SAVE_NAME_RULE

        with Vertical(classes="dialog"):
            yield Label(_("Save the game as"), classes="dialog-title", markup=False)
            yield Static(_("A name for this game (%(rule)s): Resume on the title screen lists it.")
                         % {"rule": SCREENS.marked(SAVE_NAME_RULE)} if self.app.served
                         else _("A file name or path (~ is your home folder); resume it with papertales --resume "
                                "FILE."),
                         classes="hint", markup=False)
            yield TextInput(value=self.default, compact=True, id="save-path")
            yield Label("", classes="error", id="dialog-message", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(_("Save (Enter)"), variant="primary", id="save", compact=True)
                yield Button(_("Cancel (Esc)"), id="cancel", compact=True)
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
            self.say(_("Type a file name."))
            return
        self.post_message(SaveAsAsked(path, path == self.replace, self.saved))

    def saved(self, path: str, error: SaveFileError | OSError | None) -> None:
        """The app's answer to `SaveAsAsked`: None when saved, else why not."""
        from ...persistence import SaveFileError

        if error is None:
            saved = (_("Saved as %(name)s: Resume on the title screen lists it") % {"name": literal(path)}
                     if self.app.served else
                     _("Saved to %(path)s") % {"path": literal(str(Path(path).expanduser().resolve()))})
            self.app.notify(saved, title=_("Save as"), markup=False)
            self.dismiss(path)
        elif isinstance(error, SaveFileError) and error.kind == "exists" and path != self.replace:
            def answered(yes: bool | None) -> None:  # y: replace it; n, Esc, Enter: type another name
                if yes:
                    self.replace = path
                    self.action_save()
                else:
                    self.say(_("This file already exists: type another name (or Enter to be asked again)."))

            self.say(_("This file already exists."))
            self.app.push_screen(Confirm(_("%(name)s already exists. Replace it with this game?")
                                         % {"name": literal(Path(path).name)}, _("Replace it")), answered)
        elif isinstance(error, SaveFileError):
            self.replace = None
            self.say(_("Not saved: %(reason)s.") % {"reason": error.told()})
        else:
            self.replace = None
            self.say(_("Not saved: cannot write %(path)s (%(reason)s).") % {
                "path": path, "reason": getattr(error, "strerror", None) or error})

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


class LearnModal(Dialog[str | None]):
    """Which of the cards a hint or a review line mentions to open in the card browser (its key)."""

    BINDINGS = [Binding("escape", "cancel", N_("Back"))]

    def __init__(self, cards: list[tuple[str, str]]):
        """`cards`: (key, name) of each card mentioned, in the order the line names them."""
        super().__init__()
        self.cards = cards

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(_("Learn a card: which one?"), classes="dialog-title", markup=False)
            yield OptionList(*(Option(Text(name), id=str(k)) for k, (_key, name) in enumerate(self.cards)),
                             classes="choice", id="learn-cards")
            yield Static(_("Enter or a click opens the card browser on it."), classes="hint", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#learn-cards", OptionList).focus()

    @on(OptionList.OptionSelected, "#learn-cards")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.cards[int(option_key(event.option))][0])

    def action_cancel(self) -> None:
        self.dismiss(None)


class LanguageModal(Dialog[str | None]):
    """Which language the game speaks (title screen): each named in its own language; its code."""

    BINDINGS = [Binding("escape", "cancel", N_("Back"))]

    def __init__(self, current: str):
        super().__init__()
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Language · Langue · Język · Idioma", classes="dialog-title", markup=False)
            yield OptionList(*(Option(Text(name), id=code) for code, name in LANGUAGE_NAMES.items()),
                             classes="choice", id="languages")
        yield KeyBar()

    def on_mount(self) -> None:
        languages = self.query_one("#languages", OptionList)
        languages.highlighted = list(LANGUAGE_NAMES).index(self.current)
        languages.focus()

    @on(OptionList.OptionSelected, "#languages")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(option_key(event.option))

    def action_cancel(self) -> None:
        self.dismiss(None)


class ChoiceModal(Dialog[Answer]):
    """A modal with a title, a note, a list and Confirm/Back; subclasses fill the list."""

    BINDINGS = [Binding("c", "confirm", N_("Confirm")), Binding("escape", "back", N_("Back"))]
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
                yield Button(_("Confirm (c)"), variant="primary", id="confirm", compact=True)
                if self.can_cancel:
                    yield Button(_("Back (Esc)"), id="back", compact=True)
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

    BINDINGS = [Binding("space", "tick", N_("Give up / pay"))]

    def __init__(self, new: list[int], costs: dict[int, int], names: dict[int, str], gold: int,
                 default: list[int]):
        """`default`: the Units ticked at first (the engine's `suggested_unpaid`)."""
        total = sum(costs.values())
        super().__init__(_("Not enough Gold: %(needed)s needed, you have %(gold)s") % {
                             "needed": f"{tx.GOLD}{total}", "gold": f"{tx.GOLD}{gold}"},
                         _("Space or Enter ticks a Unit to give up (again to untick); c confirms. Units given up are "
                           "discarded unpaid."))
        self.new, self.costs, self.names, self.gold = new, costs, names, gold
        self.unpaid = [c for c in new if c in default]

    def label(self, card: int) -> Text:
        out = card in self.unpaid
        return Text.assemble(("[x] " if out else "[ ] ", "bold"), self.names[card].ljust(18),
                             tx.gold(self.costs[card]), "  ",
                             (_("given up") if out else _("paid"), "bold" if out else ""))

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
            line = _("Still %(short)s short: tick more Units to give up.") % {"short": f"{tx.GOLD}{-left}"}
        else:
            names = ", ".join(self.names[c] for c in paid) or _("no Unit")
            given = ", ".join(self.names[c] for c in self.unpaid)
            line = (_("Confirming pays for %(paid)s (%(left)s left); gives up %(given)s.") if given
                    else _("Confirming pays for %(paid)s (%(left)s left).")) % {
                        "paid": names, "left": f"{tx.GOLD}{left}", "given": given}
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
            self.query_one("#dialog-message", Label).update(_("Not enough Gold yet: tick a Unit to give up."))
            return
        self.dismiss([c for c in self.new if c in self.unpaid])


def age_change_parts(change: forecast.AgeChange) -> list[Text]:
    """What the Age tokens change besides the Unit's life, each figure before → after: `Kingdom ⚔5 → ⚔7`
    (its strength in the Wars), `◆1 → ◆3 ore`, `Income ¤4 → ¤5`, `at its death ★+2`."""
    out = []
    (s0, s1), (i0, i1) = change.strength, change.income
    if s0 != s1:  # (a label, then figures)
        out.append(Text.assemble(_("Kingdom"), " ", tx.strength(s0), " → ", tx.strength(s1)))
    for kind, a, b in change.resources:
        glyph = tx.RESOURCE_GLYPHS.get(kind, "")
        out.append(Text(f"{glyph}{a} → {glyph}{b} {resource_name(kind)}", style=tx.RESOURCE_STYLES.get(kind, "")))
    if i0 != i1:
        out.append(Text.assemble(_("Income"), " ", tx.gold(i0), " → ", tx.gold(i1)))
    (lp0, gold0), (lp1, gold1) = change.aging
    if (lp0, gold0) != (lp1, gold1):
        gains = [f"{tx.LP}{lp1 - lp0:+d}"] * (lp0 != lp1) + [f"{tx.GOLD}{gold1 - gold0:+d}"] * (gold0 != gold1)
        out.append(Text(_("at Aging %(gains)s") % {"gains": " ".join(gains)}))
    return out


class AgeChangesCame(Message):
    """(To the Age tokens' question, from itself) an answer came from the table: the lines read again."""


class AgeTargetModal(HintHost, ChoiceModal[int]):
    """Time Master / Master Alchemist: which Unit receives the Age tokens; each choice says whether
    that Unit then dies at this turn's Aging (the engine's answer). Enter chooses, c confirms (as the
    picks and Construction do: one stray key never decides)."""

    BINDINGS = [HINT, LEARN]

    can_cancel = False

    def __init__(self, view: SeatView, asks: Asks, options: AgeTargetOptions):
        super().__init__(_("%(card)s: put %(tokens)s on one of your Units") % {
                             "card": SCREENS.card_name(view.card(options.source)),
                             "tokens": f"{options.amount}{tx.AGE}"},
                         _("Enter (or a click) chooses the Unit; c confirms. %(dies)s marks a Unit that then dies at "
                           "this turn's Aging, unless a Mystical Healer saves it.") % {"dies": DIES})
        self.view, self.asks, self.player, self.options = view, asks, asks.player, options
        self.choice: int | None = None  # the spot chosen, to confirm

    def label(self, slot: int) -> Text:
        u = self.view.players[self.player].slots[slot]
        assert u is not None  # (the options name spots with a Unit)
        names = [SCREENS.card_name(self.view.card(v.card)) for v in self.view.players[self.player].slots if v]
        width = max(17, *(cell_len(n) + 1 for n in names))  # (a column: "Maîtresse du temps" and its ◷ apart)
        label = Text.assemble(f"{tx.SPOT_KEYS[slot]} ", (set_cell_size(SCREENS.card_name(self.view.card(u.card)),
                                                                       width), "bold"),
                              tx.age(u.age), f" → {tx.AGE}{u.age + self.options.amount}  ")
        change = self.asks.age_change(slot, self.options.amount)
        if change is None:  # (a table elsewhere: it comes a moment after the decision)
            label.append(_("Waiting for the table…"), style="dim")
        else:
            for part in age_change_parts(change):
                label.append_text(part)
                label.append(", ")
        if change is not None and change.dies:
            label.append(_("%(dies)s dies this turn") % {"dies": DIES}, style="bold red")
        elif change is not None:
            label.append(_("lives through this Aging"), style="dim")
        if slot == self.choice:
            label.append("  " + _("✓ chosen"), style="bold green")
        return label

    def make_list(self) -> OptionList:
        return OptionList(*(Option(self.label(slot), id=str(slot)) for slot in self.options.slots),
                          classes="choice", id="targets")

    def on_mount(self) -> None:  # (ChoiceModal's too: Textual calls both)
        self.asks.listen(lambda: self.post_message(AgeChangesCame()))

    def on_age_changes_came(self, m: AgeChangesCame) -> None:
        """What the Age tokens change came (a table elsewhere): each Unit's line says it now."""
        ol = self.query_one("#targets", OptionList)
        for slot in self.options.slots:
            ol.replace_option_prompt(str(slot), self.label(slot))

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
            self.query_one("#dialog-message", Label).update(_("Choose a Unit first (Enter), then c confirms."))
            return
        self.dismiss(self.choice)


class HealModal(HintHost, ChoiceModal[list[int]]):
    """Mystical Healer: which dying Units to save (one per Healer). Nothing is ticked at first; each
    Unit reads [x] saved or [ ] dies (glyphs and words, not colour), and a line says what confirming
    will do."""

    BINDINGS = [HINT, LEARN, Binding("space", "tick", N_("Save / let die"))]

    can_cancel = False

    def __init__(self, view: SeatView, asks: Asks, options: HealOptions):
        n = options.max
        super().__init__(SCREENS.ngettext("Mystical Healer: save up to %(count)s Unit from dying",
                                          "Mystical Healer: save up to %(count)s Units from dying", n) % {"count": n},
                         _("Space or Enter ticks a Unit to save it (again to untick); c confirms."))
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
                                 (_("%(dies)s dies: no Healer can save it") % {"dies": DIES}, "red"))
        return Text.assemble(("[x] " if saved else "[ ] ", "bold"), f"{tx.SPOT_KEYS[slot]} ", tx.unit_line(t), " ",
                             tx.age(u.age), "  ", (_("saved") if saved else _("%(dies)s dies") % {"dies": DIES},
                                                   "bold" if saved else "red"))

    def make_list(self) -> OptionList:
        return OptionList(*(Option(self.label(slot), id=str(slot), disabled=slot not in self.options.slots)
                            for slot in self.dying), classes="choice", id="saves")

    def after_list(self) -> ComposeResult:
        yield Static("", id="heal-outcome", markup=False)

    def on_mount(self) -> None:
        super().on_mount()
        self.show_outcome()

    def unit_name(self, slot: int) -> str:
        return SCREENS.card_name(self.view.card(self.view.players[self.player].unit(slot).card))

    def show_outcome(self, message: str = "") -> None:
        saved = [self.unit_name(s) for s in self.options.slots if s in self.saved]
        dying = [self.unit_name(s) for s in self.dying if s not in self.saved]
        words = {"saved": ", ".join(saved), "dying": ", ".join(dying)}
        if saved and dying:
            line = SCREENS.ngettext("Confirming saves %(saved)s; %(dying)s dies.",
                                    "Confirming saves %(saved)s; %(dying)s die.", len(dying)) % words
        elif dying:
            line = SCREENS.ngettext("Confirming saves nobody; %(dying)s dies.",
                                    "Confirming saves nobody; %(dying)s die.", len(dying)) % words
        else:
            line = _("Confirming saves %(saved)s.") % words if saved else _("Confirming saves nobody.")
        self.query_one("#heal-outcome", Static).update(Text(line, style="bold"))
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
            message = SCREENS.ngettext("Your Healer can save %(count)s: untick one first.",
                                       "Your Healers can save %(count)s: untick one first.", n) % {"count": n}
        ol = self.query_one("#saves", OptionList)
        ol.replace_option_prompt(str(slot), self.label(slot))
        self.show_outcome(message)

    def action_confirm(self) -> None:
        self.dismiss(sorted(self.saved))

    def show_error(self, message: str) -> None:
        self.query_one("#dialog-message", Label).update(message)

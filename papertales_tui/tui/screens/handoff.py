"""Privacy: before any private decision, a screen that hides everything and names who is next."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.widgets import Button

from ...rules import Pending, SeatView, Step
from ...text.i18n import N_
from ..language import SCREENS, glue, said, wrap
from ..widgets import Lines
from .common import Continue, GameScreen, TakeBack, turn_title

_ = SCREENS.gettext
BOX_WIDTH = 72  # inside the box: 78 columns at most (handoff.tcss), less the border and padding
YOUR_TURN = {
    Step.PICK: N_("%(name)s, it is your turn to pick a card."),
    Step.DEPLOY: N_("%(name)s, it is your turn to deploy Units."),
    Step.AGE_TARGET: N_("%(name)s, it is your turn to choose where the Age tokens go."),
    Step.CONSTRUCTION: N_("%(name)s, it is your turn to build."),
    Step.HEAL: N_("%(name)s, it is your turn to choose the Units the Mystical Healer saves."),
}
TAKES_BACK = {  # (tui/session.py TAKEN_BACK: the steps one may take back)
    Step.PICK: N_("%(name)s takes back their pick"),
    Step.DEPLOY: N_("%(name)s takes back their deployment"),
    Step.CONSTRUCTION: N_("%(name)s takes back their Construction"),
    Step.HEAL: N_("%(name)s takes back their choice"),
}
MAY_TAKE_BACK = {
    Step.PICK: N_("%(name)s may still take back their pick: press u"),
    Step.DEPLOY: N_("%(name)s may still take back their deployment: press u"),
    Step.CONSTRUCTION: N_("%(name)s may still take back their Construction: press u"),
    Step.HEAL: N_("%(name)s may still take back their choice: press u"),
}


def wrapped(message: str, name: str, width: int = BOX_WIDTH) -> list[str]:
    """`message % {"name": name}` in lines of at most `width` cells, broken between words, never inside
    the name (a long name, a long sentence in French)."""
    return wrap(message % {"name": glue(name)}, width)


def press(who: str) -> list[Text]:
    return [Text(line) for line in wrapped(_("Press Enter or the button when only %(name)s is looking."), who)]


def centred(lines: list[Text]) -> list[Text]:
    width = max(line.cell_len for line in lines)
    out = []
    for line in lines:
        line = line.copy()
        line.align("center", width)
        out.append(line)
    return out


class HandoffScreen(GameScreen):
    """Who is next; who may take back their last decision. A take-back is a hand-off too: `u` asks
    for the screen to go back to that player, who says so with Enter (Esc: no); the table is told
    (the next hand-off screen and the game log say "Ann took back their pick")."""

    CSS_PATH = "handoff.tcss"
    BINDINGS = [Binding("enter", "ready", N_("I am ready"), priority=True),
                Binding("u,ctrl+z", "take_back", N_("Take back")),
                Binding("escape", "cancel", N_("Not a take-back"))]

    def __init__(self, view: SeatView, pend: Pending, take_back: tuple[int, Step] | None = None, announce: str = ""):
        super().__init__()
        self.view = view
        self.pend = pend
        self.name_ = view.players[pend.player].name
        self.title_text = turn_title(view)
        self.take_back = take_back  # (player, kind): who may still take back their last decision
        self.announce = announce
        self.asking = False  # `u` pressed: the screen goes back to the player taking back

    def body(self) -> ComposeResult:
        above, who, below = self.box_parts()
        with Vertical(id="handoff-box") as box:
            box.styles.width = self.box_width(above + below)
            text = Lines(id="handoff-text")
            text.lines = above
            yield text
            with Center():
                button = Button(self.button_label(who), variant="primary", id="ready", compact=True)
                button.can_focus = False  # Enter is the screen's key; a click passes only on the button itself
                yield button
            foot = Lines(id="handoff-foot")
            foot.lines = below
            yield foot

    @staticmethod
    def box_width(lines: list[Text]) -> int:
        return max(line.cell_len for line in lines) + 6  # the border and padding (handoff.tcss)

    def button_label(self, who: str) -> Text:
        return Text(_(" I am %(name)s ") % {"name": who}, no_wrap=True)

    def box_parts(self) -> tuple[list[Text], str, list[Text]]:
        """The lines above the button, whose button it is ("I am Ann"), the lines below it."""
        if self.asking and self.take_back is not None:
            player, kind = self.take_back
            who = self.view.players[player].name
            takes_back = said(TAKES_BACK[kind]) if kind in TAKES_BACK else _("%(name)s takes back their decision")
            above = [*(Text(line, style="bold") for line in wrapped(takes_back, who)),
                     Text(""),
                     *(Text(line, style="bold") for line in wrapped(_("Pass back to %(name)s"), who)),
                     *press(who),
                     Text(_("Everyone will be told of it."), style="italic")]
            below = [Text(line, style="dim") for line in wrapped(_("Esc: no take-back, back to %(name)s"), self.name_)]
        else:
            who = self.name_
            turn = wrapped(said(YOUR_TURN[self.pend.kind]), who)  # a long name and a long question: on two lines
            above = [Text(self.announce, style="bold"), Text("")] if self.announce else []
            above += [*(Text(line, style="bold") for line in wrapped(_("Pass to %(name)s"), who)),
                      *press(who),
                      Text(""),
                      *(Text(line, style="italic") for line in turn)]
            below = []
            if self.take_back is not None:
                player, kind = self.take_back
                may = said(MAY_TAKE_BACK[kind]) if kind in MAY_TAKE_BACK else \
                    _("%(name)s may still take back their decision: press u")
                below = [Text(line, style="dim") for line in wrapped(may, self.view.players[player].name)]
        lines = centred([*above, self.button_label(who), *below])  # one width for the three parts
        return lines[:len(above)], who, lines[len(above) + 1:]

    def show_box(self) -> None:
        above, who, below = self.box_parts()
        self.query_one("#handoff-box").styles.width = self.box_width(above + below)
        self.query_one("#handoff-text", Lines).set_lines(above)
        self.query_one("#ready", Button).label = self.button_label(who)
        self.query_one("#handoff-foot", Lines).set_lines(below)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_back":
            return self.take_back is not None and not self.asking
        if action == "cancel":
            return self.asking
        return True

    @on(Button.Pressed, "#ready")
    def pressed(self) -> None:
        self.action_ready()  # a click anywhere else on the screen does nothing

    def action_ready(self) -> None:
        self.post_message(TakeBack() if self.asking else Continue())

    def action_take_back(self) -> None:
        self.asking = True
        self.show_box()

    def action_cancel(self) -> None:
        self.asking = False
        self.show_box()


class BotScreen(GameScreen):
    """Shown while a bot decides (in a worker thread); nothing private is on it."""

    CSS_PATH = "handoff.tcss"

    def __init__(self, view: SeatView, name: str):
        super().__init__()
        self.title_text = turn_title(view)
        self.name_ = name

    def body(self) -> ComposeResult:
        yield Lines(id="handoff-box")

    def on_mount(self) -> None:
        self.thinking(self.name_)

    def thinking(self, name: str) -> None:
        self.query_one("#handoff-box", Lines).set_lines([Text(_("%(name)s (bot) is thinking…") % {"name": name})])

"""Privacy: before any private decision, a screen that hides everything and names who is next."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from ...rules import Pending, SeatView, Step
from ..messages import FlowResumed
from ..session import TAKEN_BACK
from ..widgets import Lines
from .common import Continue, GameScreen, TakeBack, turn_title

BOX_WIDTH = 72  # inside the box: 78 columns at most (handoff.tcss), less the border and padding
WHAT = {
    Step.PICK: "pick a card",
    Step.DEPLOY: "deploy Units",
    Step.AGE_TARGET: "choose where the Age tokens go",
    Step.CONSTRUCTION: "build",
    Step.HEAL: "choose the Units the Mystical Healer saves",
}


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
    BINDINGS = [Binding("enter", "ready", "I am ready", priority=True),
                Binding("u,ctrl+z", "take_back", "Take back"),
                Binding("escape", "cancel", "Not a take-back")]

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
        box = Lines(id="handoff-box")
        box.lines = self.box_lines()
        yield box

    def box_lines(self) -> list[Text]:
        if self.asking and self.take_back is not None:
            player, kind = self.take_back
            who = self.view.players[player].name
            lines = [Text(f"{who} takes back their {TAKEN_BACK.get(kind, 'decision')}", style="bold"),
                     Text(""),
                     Text(f"Pass back to {who}", style="bold"),
                     Text(f"Press Enter when only {who} is looking."),
                     Text("Everyone will be told of it.", style="italic"),
                     Text(""),
                     Text(f"  I am {who}  ", style="bold reverse"),
                     Text(""),
                     Text(f"Esc: no take-back, back to {self.name_}", style="dim")]
            return centred(lines)
        name = self.name_
        turn = [f"{name}, it is your turn to {WHAT[self.pend.kind]}."]
        if cell_len(turn[0]) > BOX_WIDTH:  # a long name and a long question: on two lines
            turn = [f"{name}, it is your turn to", f"{WHAT[self.pend.kind]}."]
        lines = [Text(self.announce, style="bold"), Text("")] if self.announce else []
        lines += [
            Text(f"Pass to {name}", style="bold"),
            Text(f"Press Enter when only {name} is looking."),
            Text(""),
            *(Text(line, style="italic") for line in turn),
            Text(""),
            Text(f"  I am {name}  ", style="bold reverse"),
        ]
        if self.take_back is not None:
            player, kind = self.take_back
            lines += [Text(""), Text(f"{self.view.players[player].name} may still take back their "
                                     f"{TAKEN_BACK.get(kind, 'decision')}: press u", style="dim")]
        return centred(lines)

    def show_box(self) -> None:
        self.query_one("#handoff-box", Lines).set_lines(self.box_lines())
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_back":
            return self.take_back is not None and not self.asking
        if action == "cancel":
            return self.asking
        return True

    def on_click(self) -> None:
        self.action_ready()

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

    def on_screen_resume(self) -> None:
        self.post_message(FlowResumed())

    def thinking(self, name: str) -> None:
        self.query_one("#handoff-box", Lines).set_lines([Text(f"{name} (bot) is thinking…")])

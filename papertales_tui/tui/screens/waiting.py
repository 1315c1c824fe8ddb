"""A seat on a device of its own, while the others decide (`papertales join`): who is still deciding,
and the table meanwhile (the Kingdoms as the seat sees them; F1-F4 open the rules, the cards, the log
and the scores). No hand-off: nothing on it is hidden from its own player.

It is updated in place as the others decide (`update`), so a reference screen opened over it stays
open; its own decision may be taken back (`u`) until the step resolves, as at one keyboard."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from ...rules import Pick, SeatView, Step
from ..flow import Waiting
from ..kingdom import KingdomTable, kingdom_views
from ..seats import BOT_MARK, bot_marked, is_bot
from ..session import TAKEN_BACK
from ..widgets import Lines, unbroken, wrap
from .common import GameScreen, TakeBack, turn_title

DOING = {
    Step.PICK: "to pick",
    Step.DEPLOY: "to deploy",
    Step.AGE_TARGET: "to place Age tokens",
    Step.CONSTRUCTION: "to build",
    Step.HEAL: "to choose what the Mystical Healer saves",
}


def names_text(names: list[str]) -> str:
    """"Ann", "Ann and Ben", "Ann, Ben and Cid"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class WaitingScreen(GameScreen):
    """Who the table waits for, the seat's own take-back, and the Kingdoms (see the module doc)."""

    CSS_PATH = "handoff.tcss"
    BINDINGS = [Binding("u,ctrl+z", "take_back", "Take back")]

    def __init__(self, view: SeatView | None, scene: Waiting, seats: list[str] | None = None):
        super().__init__()
        self.view, self.scene, self.seats = view, scene, list(seats or [])
        self.title_text = turn_title(view) if view is not None else "Paper Tales"

    def body(self) -> ComposeResult:
        box = Lines(id="waiting-box")
        box.lines = self.box_lines()
        yield box
        if self.view is not None:
            views = bot_marked(kingdom_views(self.view), self.seats)
            yield KingdomTable(views, rows=self.table_rows(len(box.lines)), id="table")

    def table_rows(self, box: int) -> int:
        """The rows left to the Kingdoms below the box (its border), the title and the key bar."""
        return max(2, self.app.size.height - 2 - (box + 2))

    def seat_name(self, player: int) -> str:
        assert self.view is not None
        name = self.view.players[player].name
        return unbroken(name + BOT_MARK if player < len(self.seats) and is_bot(self.seats[player]) else name)

    def box_lines(self) -> list[Text]:
        scene, view = self.scene, self.view
        lines: list[Text] = []
        if scene.note:
            lines.append(Text(scene.note, style="bold"))
        if view is None:
            return self.wrap_lines(lines or [Text("")])
        if view.over:
            lines.append(Text("The game is over: the final scores come next."))
        elif scene.deciding:
            doing = DOING.get(Step(view.step), "to decide")
            lines.append(Text(f"Waiting for {names_text([self.seat_name(i) for i in scene.deciding])} {doing}."))
        if scene.reading:
            lines.append(Text(f"Still reading the results: {names_text([self.seat_name(i) for i in scene.reading])}."))
        if not scene.deciding and not scene.reading and not scene.note and not view.over:
            lines.append(Text("Waiting for the table…"))
        own = view.players[scene.seat] if 0 <= scene.seat < len(view.players) else None
        if own is not None and Step(view.step) == Step.PICK and not view.over:  # the draft: what it holds
            picked = Text("Picked this turn: ", style="bold")
            names = [unbroken(view.card(c).name) for c in own.hand or ()]
            if isinstance(own.decided, Pick):
                names.append(unbroken(f"{view.card(own.decided.card).name} (this pick)"))
            picked.append(", ".join(names) or "nothing yet")
            lines.append(picked)
        if scene.take_back is not None:
            what = TAKEN_BACK.get(scene.take_back, "decision")
            lines.append(Text(f"You may still take back your {what} (u) until everyone has decided.", style="dim"))
        lines.append(Text("Meanwhile: F2 the cards, F3 the log, F4 the scores and every Kingdom.", style="dim"))
        return self.wrap_lines(lines)

    def wrap_lines(self, lines: list[Text]) -> list[Text]:
        """Each line broken to the box's width (long names at a table of 7), between names, never
        inside one."""
        width = max(20, self.app.size.width - 4)  # the box's border and padding (handoff.tcss)
        return [part for line in lines for part in wrap(line, self.app.console, width)]

    def update(self, view: SeatView | None, scene: Waiting) -> None:
        """The table moved on (someone decided, the connection came back): said in place."""
        self.view, self.scene = view, scene
        if view is not None:
            self.set_title(turn_title(view))
        box = self.query_one("#waiting-box", Lines)
        box.set_lines(self.box_lines())
        for table in self.query("#table").results(KingdomTable):
            if view is not None:
                table.rows = self.table_rows(len(box.lines))
                table.show(bot_marked(kingdom_views(view), self.seats))
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_back":
            return self.scene.take_back is not None
        return True

    def action_take_back(self) -> None:
        self.post_message(TakeBack())

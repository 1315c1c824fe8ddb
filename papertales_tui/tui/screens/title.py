"""The title screen: new game, resume the last autosaved game (or see its final scores when it is
finished), rules, cards, quit."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult

from .. import text as tx
from ..widgets import RowList
from .common import GameScreen

BANNER = [
    Text(""),
    Text("P A P E R   T A L E S", style="bold"),
    Text("a card game by Masato Uesugi, in your terminal", style="italic"),
    Text(""),
    *(Text(line, style="dim") for line in tx.LEGEND_LINES),
    Text(""),
]


def autosave_label() -> str | None:
    """The menu entry for the autosaved game, from a quick look at the file (the full checks run when
    it is chosen); None when there is no autosave."""
    from ...dirs import autosave_path
    from ...files import MAX_SAVE_BYTES, FileProblem, loads_json, read_limited

    try:
        data = loads_json(read_limited(autosave_path(), MAX_SAVE_BYTES, "save file"))  # never blocks nor recurses
        state, names = data["state"], [p["name"] for p in data["players"]]
        if state["over"]:
            return "See the last game's final scores (it is finished)"
        return f"Resume the last game (turn {state['turn']}/{state['turns']}, {', '.join(names)})"
    except FileProblem as problem:  # a FIFO, a directory, too large: choosing it says why
        return None if problem.kind == "missing" else "Resume the last game (the autosave cannot be read)"
    except (OSError, ValueError, KeyError, TypeError):
        return "Resume the last game (autosave)"


class TitleScreen(GameScreen):
    title_text = "Paper Tales"

    def __init__(self, resume: bool | None = None):
        super().__init__()
        self.resume_label = autosave_label() if resume is None else None
        self.choices = [("new", "New game")]
        if self.resume_label:
            self.choices.append(("resume", self.resume_label))
        self.choices += [("rules", "How to play"), ("cards", "Card browser"), ("quit", "Quit")]
        self.menu = RowList(BANNER, id="menu")

    def body(self) -> ComposeResult:
        yield self.menu

    def on_mount(self) -> None:
        self.menu.set_rows([Text(f"  {label}") for _, label in self.choices])
        self.menu.focus()

    @on(RowList.Selected, "#menu")
    async def chosen(self, event: RowList.Selected) -> None:
        what = self.choices[event.index][0]
        if what == "new":
            self.app.new_game()
        elif what == "resume":
            self.app.resume_autosave()
        elif what == "rules":
            self.app.action_rules()
        elif what == "cards":
            self.app.action_cards()
        else:
            await self.app.action_quit()

"""The title screen: new game, resume the last autosave, rules, cards, quit."""

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


def autosave_exists() -> bool:
    from ...persistence import autosave_path

    try:
        return autosave_path().is_file()
    except OSError:
        return False


class TitleScreen(GameScreen):
    title_text = "Paper Tales"

    def __init__(self, resume: bool | None = None):
        super().__init__()
        self.resume = autosave_exists() if resume is None else resume
        self.choices = [("new", "New game")]
        if self.resume:
            self.choices.append(("resume", "Resume the last game (autosave)"))
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

"""The title screen: new game, continue the last autosaved game (or see its final scores when it is
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


def last_game(catalog):
    """The autosaved game to offer, and why it is not the last autosave (empty when it is): the last
    autosave, else the previous good one when the last is damaged, else None."""
    from ...persistence import SaveFileError, autosave_path, latest_good_autosave, load_autosave

    try:
        if not autosave_path().is_file():
            return None, ""
        return load_autosave(catalog=catalog), ""
    except SaveFileError as err:
        return latest_good_autosave(catalog=catalog), str(err)
    except OSError:
        return None, ""


def continue_label(save, problem: str) -> str:
    game = save.game
    if game.over:
        return "See the last game's final scores (it is finished)"
    who = ", ".join(p.name for p in game.players)
    where = f"turn {game.state.turn}/{game.state.turns}, {who}"
    if problem:
        return f"Continue the previous autosave ({where}; the last one is damaged)"
    return f"Continue the last game ({where})"


class TitleScreen(GameScreen):
    title_text = "Paper Tales"

    def __init__(self, resume: bool | None = None):
        super().__init__()
        self.save, self.problem = last_game(self.app.catalog) if resume is None else (None, "")
        self.resume = self.save is not None
        self.choices = [("new", "New game")]
        if self.resume:
            self.choices.append(("resume", continue_label(self.save, self.problem)))
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
            if self.problem:
                self.notify(f"{self.problem}. That file is left as it is.", title="Damaged autosave",
                            severity="warning", timeout=10)
            self.app.resume(self.save)
        elif what == "rules":
            self.app.action_rules()
        elif what == "cards":
            self.app.action_cards()
        else:
            await self.app.action_quit()

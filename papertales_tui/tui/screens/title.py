"""The title screen: new game, resume the last autosaved game (or see its final scores when it is
finished), rules, cards, the language, quit."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual import on
from textual.app import ComposeResult

from ...dirs import KEPT_PREFIX, kept_games, saved_games
from ...rules import literal
from .. import text as tx
from ..language import LANGUAGE_NAMES, SCREENS, colon, glue, lang, resource_name
from ..messages import (
    LanguageChosen,
    NewGameAsked,
    QuitAsked,
    ResumeAutosave,
    ResumeKept,
    ResumeSaved,
    RulesAsked,
    ShowCard,
)
from ..widgets import RowList
from .common import GameScreen

_ = SCREENS.gettext
MAX_KEPT_SHOWN = 5  # the newest kept and saved games, those in progress first (older ones stay in the data folder)
# The language row reads the same in every language (one finds it whatever the language on screen)
LANGUAGE_ROW = "Language · Langue · Język · Idioma%(colon)s%(language)s"  # (in every language: each finds its own)


def banner() -> list[Text]:
    """The title and the glyphs' legend, in the screens' language."""
    legend = _("%(gold)s Gold   %(lp)s Legend Points (LP)   %(age)s Age tokens   %(strength)s strength") % {
        "gold": tx.GOLD, "lp": tx.LP, "age": tx.AGE, "strength": tx.STRENGTH}
    resources = "   ".join(f"{g} {resource_name(r)}" for r, g in tx.RESOURCE_GLYPHS.items())
    return [Text(""), Text("P A P E R   T A L E S", style="bold"),
            Text(_("a card game by Masato Uesugi, in your terminal"), style="italic"), Text(""),
            Text(legend, style="dim"), Text(resources, style="dim"), Text("")]


def glance(path: Path) -> dict[str, Any] | None:
    """What a save file says of its game at a quick look (the full checks run when it is chosen):
    `over`, `turn`, `turns`, `names`; {} when it cannot be read that way ({"unreadable": True} when
    it is not a regular file one may read: a FIFO, a folder, too large); None when there is no file.
    (The title screen shows at once: the file is checked whole when it is chosen, here only the values
    shown, with the limits of `files.loads_json`: no NaN, no number too long; nesting too deep is a
    RecursionError, as for any file that is not a save.)"""
    import json
    import math

    from ...files import MAX_INT_DIGITS, MAX_SAVE_BYTES, FileProblem, JSONLimitError, read_limited

    def finite(text: str) -> float:
        value = float(text)
        if not math.isfinite(value):  # (NaN, Infinity, 1e400)
            raise JSONLimitError(f"{text} is not a number a save holds")
        return value

    try:
        data = json.loads(read_limited(path, MAX_SAVE_BYTES, "save file"), parse_float=finite,  # never blocks
                          parse_constant=finite)
        state, names = data["state"], [p["name"] for p in data["players"]]
        if any(isinstance(state[k], int) and len(str(abs(state[k]))) > MAX_INT_DIGITS for k in ("turn", "turns")):
            return {}
        return {"over": bool(state["over"]), "turn": state["turn"], "turns": state["turns"], "names": names}
    except FileProblem as problem:  # a FIFO, a directory, too large: choosing it says why
        return None if problem.kind == "missing" else {"unreadable": True}
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return {}


def game_words(seen: dict[str, Any], width: int = 40, glued: bool = False) -> str:
    """"turn 2/4, Ann, Bo" from a `glance`, shown literally (the file is not checked yet: no markup,
    no control codes, whatever it holds) in at most `width` cells ("Ann, Bo and 3 more"); "" when the
    glance found nothing. `glued`: each name's spaces no-break spaces (a text that wraps never breaks a name)."""
    try:
        turn = literal(_("turn %(turn)s/%(turns)s") % {"turn": seen["turn"], "turns": seen["turns"]})
        names = [glue(literal(str(n))) if glued else literal(str(n)) for n in seen["names"]]
    except (KeyError, TypeError):
        return ""

    def listed(shown: int) -> str:
        more = len(names) - shown
        first = ", ".join(names[:shown])
        return SCREENS.ngettext("%(names)s and %(count)s more", "%(names)s and %(count)s more", more) % {
            "names": first, "count": more} if more else first

    for shown in range(len(names), 0, -1):
        words = f"{turn}, {listed(shown)}"
        if cell_len(words) <= width:
            return words
    words = f"{turn}, {listed(1) if names else ''}"
    return set_cell_size(words, width - 1) + "…"  # only text no good save holds is this long


def unfinished_autosave() -> dict[str, Any] | None:
    """The `glance` of the autosave when it holds a game that is not finished (or cannot be read
    quickly: it may be one); None when there is no autosave or its game is over."""
    from ...dirs import autosave_path

    try:
        seen = glance(autosave_path())
    except OSError:
        return None
    return None if seen is None or seen.get("over") else seen


def autosave_label() -> str | None:
    """The menu entry for the autosaved game; None when there is no autosave."""
    from ...dirs import autosave_path

    try:
        seen = glance(autosave_path())
    except OSError:
        return _("Resume the last game (autosave)")
    if seen is None:
        return None
    if seen.get("over"):
        return _("See the last game's final scores (it is finished)")
    if seen.get("unreadable"):
        return _("Resume the last game (the autosave cannot be read)")
    label = _("Resume the last game (%(game)s)")
    words = game_words(seen, 69 - cell_len(label % {"game": ""}))  # the menu's rows hold 70 cells at 80 columns
    return label % {"game": words} if words else _("Resume the last game (autosave)")


def kept_label(path: Path) -> str:
    """The menu entry of a game kept when a new one started (persistence.store.keep_autosave)."""
    from babel.dates import format_datetime

    seen = glance(path) or {}
    try:
        when = format_datetime(datetime.fromtimestamp(path.stat().st_mtime), "dd MMM HH:mm", locale=lang())
    except OSError:
        when = "?"
    label = _("See kept finished game %(when)s: %(game)s") if seen.get("over") else _("Resume kept %(when)s: %(game)s")
    words = game_words(seen, 69 - cell_len(label % {"when": when, "game": ""}))
    return label % {"when": when, "game": words or literal(path.name)}


def saved_label(path: Path) -> str:
    """The menu entry of a game saved by name in the saves folder (Save as in a served game)."""
    seen = glance(path) or {}
    name = literal(path.stem)
    name = name if cell_len(name) <= 24 else set_cell_size(name, 23) + "…"
    over = seen.get("over")
    label = _("See saved finished game %(name)s: %(game)s") if over else _("Resume saved %(name)s: %(game)s")
    words = game_words(seen, 68 - cell_len(label % {"name": name, "game": ""}))
    if words:
        return label % {"name": name, "game": words}
    return (_("See saved finished game %(name)s") if over else _("Resume saved %(name)s")) % {"name": name}


class TitleScreen(GameScreen):
    title_text = "Paper Tales"

    def __init__(self, resume: bool | None = None):
        super().__init__()
        self.resume_label = autosave_label() if resume is None else None
        self.choices = [("new", _("New game"))]
        if self.resume_label:
            self.choices.append(("resume", self.resume_label))
        kept = [*kept_games(), *saved_games()] if resume is None else []  # each newest first
        self.kept = sorted(kept, key=lambda path: bool((glance(path) or {}).get("over")))[:MAX_KEPT_SHOWN]
        self.choices += [("kept", kept_label(path) if path.name.startswith(KEPT_PREFIX) else saved_label(path))
                         for path in self.kept]
        self.choices += [("rules", _("How to play")), ("cards", _("Card browser")),
                         ("language", LANGUAGE_ROW % {"colon": colon(), "language": LANGUAGE_NAMES[lang()]}),
                         ("quit", _("Quit"))]
        self.menu = RowList(banner(), id="menu")

    def body(self) -> ComposeResult:
        self.menu.set_rows([Text(f"  {label}") for _, label in self.choices])  # laid out whole at once
        yield self.menu

    def on_mount(self) -> None:
        self.menu.focus()

    @on(RowList.Selected, "#menu")
    async def chosen(self, event: RowList.Selected) -> None:
        what = self.choices[event.index][0]
        if what == "new":
            self.post_message(NewGameAsked())
        elif what == "resume":
            self.post_message(ResumeAutosave())
        elif what == "kept":
            first = next(i for i, (w, _) in enumerate(self.choices) if w == "kept")
            path = self.kept[event.index - first]
            self.post_message(ResumeKept(path) if path.name.startswith(KEPT_PREFIX) else ResumeSaved(path))
        elif what == "rules":
            self.post_message(RulesAsked())
        elif what == "cards":
            self.post_message(ShowCard())
        elif what == "language":
            from .modals import LanguageModal

            def chosen(code: str | None) -> None:
                if code is not None and code != lang():
                    self.post_message(LanguageChosen(code))

            self.app.push_screen(LanguageModal(lang()), chosen)
        else:
            self.post_message(QuitAsked())

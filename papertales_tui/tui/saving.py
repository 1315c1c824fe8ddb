"""The save and resume policy of the app, without Textual: when the autosave is written and what its
failure means, which autosave a Resume opens, how a kept game is played on, what an unfinished
autosaved game becomes when another game starts, and what quitting would lose. The app (tui/app.py)
wires it: it shows the `Notice`s returned and plays the `Save`s found."""

from __future__ import annotations

import contextlib
import errno
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from ..rules import literal
from . import panels
from .language import SCREENS

if TYPE_CHECKING:
    from ..persistence import Save, SaveFileError
    from ..persistence.table import Table
    from ..rules import Catalog, SeatView
    from .session import Session


_ = SCREENS.gettext


@dataclass(frozen=True)
class Notice:
    """Something to tell the player (a toast): plain text, never markup."""

    message: str
    title: str = ""
    severity: Literal["information", "warning", "error"] = "information"
    timeout: float | None = None


class SavePolicy:
    """What this copy of the app saves and resumes, and what it has saved of the game under way."""

    def __init__(self, catalog: Catalog, autosave: bool, own_autosave: bool = False, served: bool = False):
        self.catalog = catalog
        self.autosave = autosave  # this copy holds the data directory's lock
        self.own_autosave = own_autosave and not autosave  # else: each game autosaves to a file of its own
        self.own_file: Path | None = None  # (store.own_autosave_path, listed under Resume as a kept game)
        self.served = served  # a browser tab of `papertales serve`: Save as takes a name, not a path
        self.failing = False  # the last autosave failed
        self.saved_decisions = 0  # decisions of this game the autosave (or the file it came from) holds
        self.saved_as: tuple[Path, int] | None = None  # the last Save as of this game, and its decisions

    def started(self, session: Session) -> None:
        """A new game or a loaded one: all of it is saved, as far as it goes."""
        self.saved_decisions, self.saved_as = session.decisions, None
        self.own_file = None

    @property
    def autosaving(self) -> bool:
        """Every decision is autosaved: to the autosave (the lock) or to a file of this copy's own."""
        return self.autosave or self.own_autosave

    def keep_unfinished(self, is_unfinished: Callable[[], bool]) -> tuple[bool, list[Notice]]:
        """Before another game takes the autosave: the autosaved game is moved aside, kept
        (autosave.kept-<time>.json, listed on the title screen), so that the other game's autosaves
        do not replace it; then the finished games kept beyond the newest few are deleted
        (`store.prune_kept`: never a game in progress nor a damaged file). False, and why, when an
        unfinished game cannot be moved aside (a finished one that cannot be is left to the new
        game's autosaves, and the player told so). `is_unfinished`: whether the autosave holds a game in
        progress (the title screen's quick look)."""
        if not self.autosave:
            return True, []
        from ..dirs import autosave_path
        from ..persistence.store import keep_autosave, prune_kept

        unfinished = is_unfinished()
        if not unfinished and not autosave_path().exists():
            return True, []
        try:
            keep_autosave()
        except OSError as err:
            why = {"reason": err.strerror or err, "file": err.filename}
            if unfinished:
                return False, [Notice(_("The unfinished autosaved game cannot be moved aside to keep it "
                                        "(%(reason)s: %(file)s).") % why, _("Autosave"), "error", 15)]
            return True, [Notice(_("The last game's final scores cannot be kept (%(reason)s: %(file)s): the new "
                                   "game's autosave replaces them.") % why, _("Autosave"), "warning", 15)]
        prune_kept(catalog=self.catalog)
        if unfinished:
            return True, [Notice(_("The unfinished game is kept: Resume it from the title screen."), _("New game"))]
        return True, []

    def save_game(self, session: Session) -> list[Notice]:
        """Autosave the game (when this copy autosaves: the autosave, or its own file); a failure is told
        once, and its end."""
        if not self.autosaving:
            return []
        from ..persistence import autosave
        from ..persistence.store import own_autosave_path

        try:
            if self.autosave:
                autosave(session.game, session.settings())
            else:
                self.own_file = self.own_file or own_autosave_path()
                autosave(session.game, session.settings(), self.own_file.parent, self.own_file.name)
        except OSError as err:  # disk full, read-only, a folder in the way: play on in memory
            told = self.failing
            self.failing = True
            return [] if told else [Notice(
                _("Autosave failed (%(reason)s: %(file)s). The game goes on; the last good autosave is kept. Ctrl+S "
                  "saves elsewhere.") % {"reason": err.strerror or err, "file": err.filename or "autosave"},
                _("Autosave"), "warning", 15)]
        self.saved_decisions = session.decisions
        if self.failing:
            self.failing = False
            return [Notice(_("Autosave works again."), _("Autosave"))]
        return []

    def resume_autosave(self) -> tuple[Save | None, list[Notice]]:
        """The last autosave; when it is damaged (it is left as it is), the previous good one."""
        from ..persistence import SaveFileError, latest_good_autosave, load_autosave
        from ..rules import game_turn

        try:
            return load_autosave(catalog=self.catalog), []
        except SaveFileError as err:
            previous = latest_good_autosave(catalog=self.catalog)
            if previous is None:
                return None, [Notice(_("Cannot resume: %(reason)s") % {"reason": err}, _("Resume"), "error", 10)]
            return previous, [Notice(_("%(reason)s. That file is left as it is; here is the previous autosave (turn "
                                       "%(turn)s).") % {"reason": err, "turn": game_turn(previous.game)},
                                     _("Damaged autosave"), "warning", 10)]

    def resume_kept(self, path: Path) -> tuple[Save | None, list[Notice]]:
        """A kept game to play on (title screen): it becomes the autosave again, and the game autosaved
        until now is kept in its turn."""
        from ..persistence import SaveFileError, load_save
        from ..persistence.store import kept_backup, prune_kept, restore_kept

        save, error = None, None
        for candidate in (path, kept_backup(path)):
            try:
                save = load_save(candidate, self.catalog)
                break
            except SaveFileError as err:
                error = error or err
        if save is None:
            return None, [Notice(_("Cannot resume: %(reason)s") % {"reason": error}, _("Resume"), "error", 10)]
        notices = []
        if self.autosave:
            try:
                if restore_kept(path) is not None:
                    prune_kept(catalog=self.catalog)
                    notices.append(Notice(_("The game autosaved until now is kept: Resume it from the title screen."),
                                          _("Resume")))
            except OSError as err:
                return None, [Notice(_("Cannot resume: the kept game cannot be made the autosave again (%(reason)s: "
                                       "%(file)s).") % {"reason": err.strerror or err, "file": err.filename},
                                     _("Resume"), "error", 10)]
        return save, notices

    def kept_resumed(self, path: Path) -> None:
        """A kept game is played on (after `started`): this copy's own autosaves of it go on in its file."""
        if self.own_autosave:
            self.own_file = path

    def resume_saved(self, path: Path) -> tuple[Save | None, list[Notice]]:
        """A game saved by name (the saves folder, title screen), as `papertales --resume FILE`."""
        from ..persistence import SaveFileError, load_save

        try:
            return load_save(path, self.catalog), []
        except SaveFileError as err:
            return None, [Notice(_("Cannot resume: %(reason)s") % {"reason": err}, _("Resume"), "error", 10)]

    def unsaved(self, session: Session | None) -> int | None:
        """How many decisions of the game under way quitting would lose (0: only a change such as a
        take back); None when nothing would be lost."""
        if session is None or session.over or not session.decisions:
            return None
        n = session.decisions
        if self.saved_as is not None and self.saved_as[1] == n:
            return None
        if self.autosaving and not self.failing:
            return None
        return max(0, n - self.saved_decisions) if self.autosaving else n

    def quit_question(self, session: Session | None) -> str:
        if session is None or session.over:
            return _("Quit Paper Tales?")
        if self.autosaving and not session.decisions:  # nothing saved yet (Resume would open an older game)
            return _("Quit Paper Tales? Nothing is decided yet, so this game is not saved: autosave starts with the "
                     "first decision.")
        lost = self.unsaved(session)
        if lost is None and self.saved_as is not None and (not self.autosaving or self.failing):
            if self.served:
                return _("Quit Paper Tales? This game is saved: Resume it from the title screen.")
            path = literal(str(self.saved_as[0]))
            return _("Quit Paper Tales? This game is saved: resume it with papertales --resume %(path)s") % {
                "path": path}
        if lost is None:
            return _("Quit Paper Tales? The game is autosaved: Resume it from the title screen.")
        if not self.autosaving:
            return _("Quit Paper Tales? This game is not autosaved (the autosave folder cannot be used): it is lost "
                     "if you quit now. Press s to save it to a file first.")
        if lost == 0:
            return _("Quit Paper Tales? The autosave is failing: the latest change to this game is not saved anywhere "
                     "and would be lost. Press s to save the game to a file first.")
        return SCREENS.ngettext(
            "Quit Paper Tales? The autosave is failing: the last decision of this game is not saved anywhere and "
            "would be lost. Press s to save the game to a file first.",
            "Quit Paper Tales? The autosave is failing: the last %(count)s decisions of this game are not saved "
            "anywhere and would be lost. Press s to save the game to a file first.", lost) % {"count": lost}

    def last_table(self) -> Table | None:
        """The last New game form's table, kept in the data directory by the copy that autosaves there
        (only that copy: a tab of `papertales serve` never sees another player's names)."""
        from ..persistence.table import last_table

        return last_table() if self.autosave else None

    def remember_table(self, mode: str, names: list[str], seat_types: list[str], difficulty: int) -> None:
        """Keep the New game form's table for the next one (by the copy that autosaves only)."""
        from ..persistence.table import Table, remember_table

        if self.autosave:
            with contextlib.suppress(OSError, ValueError):  # a form not remembered costs nothing else
                remember_table(Table.model_validate(
                    {"mode": mode, "names": names, "seats": seat_types, "difficulty": difficulty}))

    def remember_language(self, lang: str) -> None:
        """The language chosen, for the next runs (persistence/preferences.py; not by a browser tab of
        `papertales serve`: the computer is not the player's)."""
        from ..persistence.preferences import Preferences, remember_preferences

        if not self.served:
            with contextlib.suppress(OSError, ValueError):  # not remembered: this run speaks it all the same
                remember_preferences(Preferences.model_validate({"language": lang}))

    def save_as(self, session: Session, path: str, overwrite: bool = False) -> SaveFileError | OSError | None:
        """Save the game to `path`: None when saved, else the SaveFileError or OSError. An existing
        file is replaced only with `overwrite`, and never when it is not a good save file."""
        from ..persistence import SaveFileError, save_as
        from ..persistence.store import save_named

        try:
            if self.served:  # the player does not own this computer's account: a name in the saves folder
                target = save_named(session.game, path, session.settings(), overwrite=overwrite)
            else:
                target = save_target(path)
                if is_autosave_file(target):  # another copy's game may be in it
                    raise SaveFileError(target, "in_use", _(
                        "this is an autosave file of the game, which Save as never replaces: choose another name"))
                save_as(session.game, target, session.settings(), overwrite=overwrite)
        except (SaveFileError, OSError) as err:
            return err
        except ValueError as err:  # a NUL character in the path
            return OSError(errno.EINVAL, str(err), path)
        self.saved_as = (target.resolve(), session.decisions)
        return None


def is_autosave(path: Path | None) -> bool:
    from ..dirs import autosave_path, backup_path

    return path is not None and path.resolve() in (autosave_path().resolve(), backup_path().resolve())


def is_autosave_file(path: Path) -> bool:
    """Whether `path` is one of the data directory's autosave files (autosave*.json: the autosave, its
    backup, the kept games and the autosaves of a copy without the lock, the damaged ones moved aside)."""
    from ..dirs import AUTOSAVE, data_dir

    path = path.resolve()
    return path.parent == data_dir().resolve() and path.name.startswith(AUTOSAVE.split(".")[0])


def save_target(path: str) -> Path:
    """The file a typed Save-as path names (~ expanded); OSError, with the reason in words, when it
    cannot be one: an unknown ~user, a folder, a folder that does not exist."""
    try:
        target = Path(path).expanduser()
    except RuntimeError:  # ~name of no known user, or no home folder at all
        home = path.split("/", 1)[0]
        raise OSError(errno.ENOENT, _("%(home)s is not a home folder on this computer") % {"home": home},
                      path) from None
    if target.is_dir():
        raise IsADirectoryError(errno.EISDIR, _("this is a folder: add a file name, e.g. %(path)s")
                                % {"path": f"{path.rstrip('/')}/game.json"}, path)
    if not target.parent.is_dir():
        raise FileNotFoundError(errno.ENOENT, _("there is no folder %(folder)s") % {"folder": target.parent}, path)
    return target


def default_save_name(view: SeatView, seed_shown: bool = True) -> str:
    """`papertales-standard-498713-turn3.json`; the seed left out while it is not to be shown."""
    seed = f"{view.seed}-" if seed_shown else ""
    return f"papertales-{panels.of(view).save_name}-{seed}turn{view.turn}.json"



def save_name(session: Session) -> str:
    """The file name Save as proposes for the game being played (the seed in it once it may be shown)."""
    return default_save_name(session.view(None), session.seed_shown)

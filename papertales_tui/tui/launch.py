"""Starting the app: `papertales` without a subcommand, and one browser tab of `papertales serve`
(the language settled, the data directory's autosave lock claimed and released)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .language import SCREENS

if TYPE_CHECKING:
    import argparse

    from ..persistence import DataDirLock, Save
    from ..rules import Catalog


def run_app(args: argparse.Namespace, catalog: Catalog) -> int:
    """Entry point of `papertales` without a subcommand (CommandError without a terminal on stdin)."""
    from ..terminal import require_terminal

    require_terminal()
    settle_language(getattr(args, "lang", None))
    return play_app(catalog, getattr(args, "resume_save", None))


def settle_language(lang: str | None) -> None:
    """The language the app speaks: `lang` (--lang), else the one last chosen on the title screen
    (persistence/preferences.py), else the system's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."""
    from ..persistence.preferences import preferences
    from ..text.i18n import set_language

    set_language(lang if lang is not None else preferences().language)


def play_app(catalog: Catalog, save: Save | None = None, served: bool = False) -> int:
    """Run the app (in a terminal, or for one browser tab of `papertales serve`: `served`), autosaving
    to the data directory's autosave when this copy gets its lock, else, when another copy holds it, to a
    file of its own; its exit code."""
    from .app import PaperTalesApp

    lock, notice = claim_autosave()
    try:
        app = PaperTalesApp(catalog, save=save, autosave=lock.held, notice=notice, signals=True,
                            own_autosave=not lock.held and lock.path.exists(), served=served)
        app.run()
    finally:
        lock.release()
    return app.return_code or 0


def claim_autosave() -> tuple[DataDirLock, str | None]:
    """The data directory's lock, and None, when this copy of the game may autosave; else the lock (not
    held) and the reason to show: only one copy autosaves, another plays on without and says so."""
    from ..persistence import DataDirLock, clean_temp_files, data_dir

    _ = SCREENS.gettext
    lock = DataDirLock(data_dir())
    try:
        if lock.acquire():
            clean_temp_files(data_dir())  # writes cut short by a crash of an earlier copy
            return lock, None
        return lock, _("Another copy of Paper Tales is using the autosave in %(folder)s: this game autosaves to a "
                       "file of its own there (Resume on the title screen lists it).") % {"folder": data_dir()}
    except OSError as err:
        return lock, _("The autosave folder cannot be used (%(reason)s: %(file)s): this game is not autosaved "
                       "(Ctrl+S saves it to a file).") % {"reason": err.strerror or err, "file": err.filename}

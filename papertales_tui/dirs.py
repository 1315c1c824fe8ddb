"""Where the game keeps its files: autosaves in the user data directory, the card cache in the user
cache directory (each overridable by an environment variable). Light to import: the title screen and
the card loader need these paths before anything heavy is loaded."""

from __future__ import annotations

import os
from pathlib import Path

AUTOSAVE = "autosave.json"
BACKUP = "autosave.prev.json"
KEPT_PREFIX = "autosave.kept-"  # autosave.kept-<UTC time>.json: an unfinished game a new one did not replace
SAVES = "saves"  # the data directory's folder of games saved by name (Save as in a served game)
DATA_DIR_ENV = "PAPERTALES_DATA_DIR"
CACHE_DIR_ENV = "PAPERTALES_CACHE_DIR"


def data_dir(directory: Path | str | None = None) -> Path:
    """Where autosaves live: `directory`, else $PAPERTALES_DATA_DIR, else the user data directory."""
    if directory is not None:
        return Path(directory)
    if os.environ.get(DATA_DIR_ENV):
        return Path(os.environ[DATA_DIR_ENV])
    import platformdirs

    return Path(platformdirs.user_data_dir("papertales", appauthor=False))


def private_dir(path: Path) -> Path:
    """`path`, a folder made if missing, readable by its owner only (0700, whatever the umask: the data
    directory holds saves and hosted tables' secrets), with each folder made on the way to it (a folder
    that exists is left as it is). Raises OSError."""
    path = Path(path)
    missing = []
    for folder in (path, *path.parents):
        if folder.is_dir():
            break
        missing.append(folder)
    for folder in reversed(missing):
        try:
            folder.mkdir(mode=0o700)
        except FileExistsError:  # (made by another process meanwhile: left as it is)
            continue
        os.chmod(folder, 0o700)  # (mkdir's mode is masked by the umask; 0700 needs no umask)
    return path


def autosave_path(directory: Path | str | None = None) -> Path:
    return data_dir(directory) / AUTOSAVE


def backup_path(directory: Path | str | None = None) -> Path:
    return data_dir(directory) / BACKUP


def kept_games(directory: Path | str | None = None) -> list[Path]:
    """The kept games (persistence.store.keep_autosave, and the autosaves of a copy of the game
    without the lock: store.own_autosave_path), newest first."""
    try:
        found = [p for p in data_dir(directory).glob(f"{KEPT_PREFIX}*.json")
                 if not p.name.endswith(".prev.json") and ".damaged-" not in p.name]
    except OSError:
        return []
    return sorted(found, key=lambda p: p.name, reverse=True)


def saves_dir(directory: Path | str | None = None) -> Path:
    return data_dir(directory) / SAVES


def saved_games(directory: Path | str | None = None) -> list[Path]:
    """The games saved by name in the saves folder (persistence.store.save_named), newest first."""
    try:
        found = [(p.stat().st_mtime, p) for p in saves_dir(directory).glob("*.json") if p.is_file()]
    except OSError:
        return []
    return [p for _, p in sorted(found, reverse=True)]


def cache_dir() -> Path:
    """Where the validated card catalog is cached: $PAPERTALES_CACHE_DIR, else the user cache directory."""
    if os.environ.get(CACHE_DIR_ENV):
        return Path(os.environ[CACHE_DIR_ENV])
    import platformdirs

    return Path(platformdirs.user_cache_dir("papertales", appauthor=False))

"""The save files on disk: the autosave and its backup in the data directory, "save as", and loading
a file with every check (`load_save`: the format checks of `format.py`, then the replay of `verify.py`).
Nothing here ever writes over a damaged file: it is moved aside, byte for byte."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..dirs import AUTOSAVE, BACKUP, KEPT_PREFIX, autosave_path, backup_path, data_dir, private_dir, saves_dir
from ..files import FileProblem, read_limited
from ..rules.cards import Catalog
from ..rules.engine import Game
from ..words import N_, Term
from .atomic import fsync_dir, write_atomic, write_temp
from .format import MAX_BYTES, Save, SaveFileError, encode_save, read_save
from .verify import verify


def save_as(game: Game, path: Path | str, settings: dict[str, Any] | None = None, *,
            overwrite: bool = False) -> Path:
    """Save the game to `path` (manual "save as"). An existing file is replaced only with
    `overwrite=True` and only if it is itself a good save file; anything else raises SaveFileError."""
    path = Path(path)
    if path.exists():
        if not overwrite:
            raise SaveFileError(path, "exists", N_("the file already exists"))
        try:
            read_save_file(path, game.catalog)
        except SaveFileError as err:
            raise SaveFileError(path, "exists", N_("will not replace this file, it is not a good save file "
                                                   "(%(problem)s)"), problem=err) from None
    write_atomic(path, encode_save(game, settings))
    return path


SAVE_NAME = re.compile(r"[^\W_][\w .,()+-]{0,79}")  # a plain file name: no folder, no ~, not hidden
SAVE_NAME_RULE = N_("letters, digits, spaces and - _ . , ( ) + (at most 80), starting with a letter or digit")


def save_named(game: Game, name: str, settings: dict[str, Any] | None = None, *, overwrite: bool = False,
               directory: Path | str | None = None) -> Path:
    """Save as by name (a served game, whose player does not own this computer's account): the file
    <name>.json in the data directory's saves folder, made if missing, never a symbolic link nor
    reached through one; an existing file replaced only as `save_as` does (a good save file, with
    `overwrite`). SaveFileError (kind "invalid") for a name that is not a plain file name; OSError when
    it cannot be written."""
    name = name.strip()
    stem = name[:-5] if name.lower().endswith(".json") else name
    if not SAVE_NAME.fullmatch(stem):
        raise SaveFileError(name, "invalid", N_("a game is saved by name, not by path: %(rule)s"),
                            rule=Term(SAVE_NAME_RULE))
    folder = saves_dir(directory)
    private_dir(folder)
    if not stat.S_ISDIR(os.lstat(folder).st_mode):  # a symbolic link, even to a folder, is not followed
        raise SaveFileError(folder, "invalid", N_("the saves folder is a symbolic link or not a folder: not used"))
    path = folder / f"{stem}.json"
    if path.is_symlink() or (path.exists() and not path.is_file()):
        raise SaveFileError(path, "exists", N_("will not replace this file, it is not a save file"))
    return save_as(game, path, settings, overwrite=overwrite)


def own_autosave_path(directory: Path | str | None = None) -> Path:
    """A new file for the autosaves of a game played by a copy of the game without the data directory's
    lock (a second browser tab, a second terminal): named as a kept game, so that Resume lists it and
    `prune_kept` cleans it as kept games are."""
    stamp, n = f"{datetime.now(UTC):%Y%m%d-%H%M%S}-{os.getpid()}", 1
    while (path := data_dir(directory) / f"{KEPT_PREFIX}{stamp}{f'-{n}' if n > 1 else ''}.json").exists():
        n += 1  # a second game of this copy within the same second
    return path


def autosave(game: Game, settings: dict[str, Any] | None = None, directory: Path | str | None = None,
             name: str = AUTOSAVE) -> Path:
    """Write the autosave (call after every confirmed decision). The previous autosave, if good,
    becomes autosave.prev.json; a damaged autosave or backup is first moved aside
    (autosave.damaged-<time>.json), never overwritten. Returns the autosave's path. Raises OSError
    (disk full, read-only, a directory in the way...) with the files on disk as they were.
    Safe with two writers at once: each uses its own temporary files and every step is a rename.
    `name`: another autosave file of the directory (`own_autosave_path`), its backup <stem>.prev.json."""
    d = private_dir(data_dir(directory))
    current = d / name
    backup = d / BACKUP if name == AUTOSAVE else kept_backup(current)
    tmp = write_temp(d, name, encode_save(game, settings))
    try:
        old = _read_if_exists(current)
        if old is not None:
            if _is_good(old, current, game.catalog):
                _move_aside_if_damaged(backup, game.catalog)
                os.replace(write_temp(d, backup.name, old), backup)  # made durable with the rename below
            else:
                _move_aside(current)
        os.replace(tmp, current)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)
        raise
    fsync_dir(d)
    return current


def clean_temp_files(directory: Path | str | None = None) -> int:
    """Remove the temporary files of autosaves cut short by a crash (call only while holding the data
    directory's lock: another copy's write in progress would otherwise lose its file). Returns how many."""
    d = data_dir(directory)
    stale = [*d.glob(f".{AUTOSAVE}.*.tmp"), *d.glob(f".{BACKUP}.*.tmp")]
    for p in stale:
        with contextlib.suppress(OSError):
            p.unlink()
    return len(stale)


def _read(path: Path) -> bytes:
    """The bytes of a save file: a regular file of at most MAX_BYTES (checked before reading), else
    SaveFileError; never blocks on a FIFO."""
    try:
        return read_limited(path, MAX_BYTES, "save file")
    except FileProblem as p:
        raise SaveFileError(path, "invalid" if p.kind == "too_large" else p.kind, N_("%(problem)s"),
                            problem=p) from None


def _read_if_exists(path: Path) -> bytes | None:
    """The bytes of an autosave file, None when there is none, b"" (damaged: moved aside) when it is
    too large. One that cannot be read (a FIFO, a directory, no permission) raises OSError: the
    autosave fails and leaves it alone. Never blocks."""
    try:
        return read_limited(path, MAX_BYTES, "save file")
    except FileProblem as p:
        if p.kind == "missing":
            return None
        if p.kind == "too_large":
            return b""
        raise OSError(errno.EIO, p.problem, str(path)) from None


def _is_good(data: bytes, path: Path, catalog: Catalog) -> bool:
    """Whether a file on disk is worth keeping as the backup (written by us: no replay needed)."""
    try:
        read_save(data, path, catalog)
        return True
    except SaveFileError as err:
        return err.kind == "unknown_cards"  # a good file of a game with other cards: keep it as usual


def _move_aside_if_damaged(path: Path, catalog: Catalog) -> None:
    data = _read_if_exists(path)
    if data is not None and not _is_good(data, path, catalog):
        _move_aside(path)


def _move_aside(path: Path) -> Path | None:
    """Rename a damaged file to <stem>.damaged-<UTC time>[-n].json next to it, keeping its bytes.
    None when it is already gone (another copy of the game moved it)."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    n = 1
    while True:
        target = path.with_name(f"{path.stem}.damaged-{stamp}{f'-{n}' if n > 1 else ''}.json")
        if not target.exists():
            break
        n += 1
    try:
        os.rename(path, target)
    except FileNotFoundError:
        return None
    fsync_dir(path.parent)
    return target


# ---- reading -----------------------------------------------------------------------------------


def read_save_file(path: Path | str, catalog: Catalog | None = None) -> Save:
    """Read and decode a save file with the format checks only (no replay: `replay` reports that part
    itself, step by step). The file is only read."""
    path = Path(path)
    save = read_save(_read(path), path, catalog)
    save.path = path
    return save


def load_save(path: Path | str, catalog: Catalog | None = None) -> Save:
    """Load a save file with every check, its replay included; raise SaveFileError with a clear message
    if it cannot be used. The file is only read."""
    return verify(read_save_file(path, catalog))


def load_autosave(directory: Path | str | None = None, catalog: Catalog | None = None) -> Save:
    """The last autosave (raises SaveFileError: kind "missing" when there is none)."""
    path = autosave_path(directory)
    if not path.exists() and not path.is_symlink():
        raise SaveFileError(path, "missing", N_("there is no autosaved game"))
    return load_save(path, catalog)


def latest_good_autosave(directory: Path | str | None = None, catalog: Catalog | None = None) -> Save | None:
    """The newest autosave that loads: autosave.json, else the previous one (autosave.prev.json)."""
    for path in (autosave_path(directory), backup_path(directory)):
        try:
            return load_save(path, catalog)
        except SaveFileError:
            continue
    return None


# ---- kept games: an unfinished game a new one does not replace ---------------------------------

def keep_autosave(directory: Path | str | None = None) -> Path | None:
    """Move the autosave and its backup aside, byte for byte, as autosave.kept-<UTC time>.json and
    autosave.kept-<UTC time>.prev.json, so that a new game does not replace them; the title screen
    lists kept games under Resume. Returns the kept autosave's path (None when there is none).
    Raises OSError when they cannot be moved (then nothing is moved)."""
    d = data_dir(directory)
    current, backup = d / AUTOSAVE, d / BACKUP
    if not current.exists():
        return None
    stamp, n = datetime.now(UTC).strftime("%Y%m%d-%H%M%S"), 1
    while (kept := d / f"{KEPT_PREFIX}{stamp}{f'-{n}' if n > 1 else ''}.json").exists():
        n += 1
    os.rename(current, kept)
    if backup.exists():
        try:
            os.rename(backup, kept.with_suffix(".prev.json"))
        except OSError:
            os.rename(kept, current)
            raise
    fsync_dir(d)
    return kept


def kept_backup(kept: Path) -> Path:
    """The backup kept with a kept autosave."""
    return kept.with_suffix(".prev.json")


def restore_kept(kept: Path, directory: Path | str | None = None) -> Path | None:
    """Make a kept game the autosave again (to play it on): the current autosave, if any, is kept in
    its turn (`keep_autosave`, returned), then the kept files are renamed into place."""
    d = data_dir(directory)
    other = keep_autosave(d)
    os.rename(kept, d / AUTOSAVE)
    if kept_backup(kept).exists():
        os.rename(kept_backup(kept), d / BACKUP)
    fsync_dir(d)
    return other


MAX_FINISHED_KEPT = 5  # finished games kept: the newest ones (games in progress are all kept)


def prune_kept(directory: Path | str | None = None, catalog: Catalog | None = None,
               keep_finished: int = MAX_FINISHED_KEPT) -> list[Path]:
    """Delete the kept games (and their backups) that are finished, beyond the `keep_finished` newest
    finished ones; return the kept files deleted. Never deleted: a game in progress, a file that does
    not load with every check (damaged, tampered, cards not loaded, unreadable: the player may have
    been told of it, and it may be a game in progress), the autosave, its backup and the damaged files
    moved aside. Raises nothing: a file that cannot be deleted stays."""
    from ..dirs import kept_games

    finished = []
    for path in kept_games(directory):  # newest first
        try:
            if read_save_file(path, catalog).game.over:  # the format checks: cheap
                finished.append(path)
        except SaveFileError:
            continue
    removed = []
    for path in finished[keep_finished:]:
        try:
            if not load_save(path, catalog).game.over:  # every check, the replay too, before deleting
                continue
            path.unlink()
        except (SaveFileError, OSError):
            continue
        with contextlib.suppress(OSError):
            kept_backup(path).unlink(missing_ok=True)
        removed.append(path)
    if removed:
        with contextlib.suppress(OSError):
            fsync_dir(data_dir(directory))
    return removed


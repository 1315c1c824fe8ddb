"""Writing files so that a crash, a kill or a second copy of the game never leaves a broken one, and
the lock that tells a second copy of the game that the autosave is in use."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

LOCK = ".lock"


def fsync_dir(directory: Path) -> None:
    """Make a rename durable (POSIX); not possible, nor needed, on Windows."""
    if os.name != "posix":
        return
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_temp(directory: Path, name: str, data: bytes) -> Path:
    """`data` in a new temporary file of `directory` (a unique name: two writers never share one),
    flushed and fsynced. The caller renames it into place or removes it."""
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return Path(tmp)


def write_atomic(path: Path | str, data: bytes) -> None:
    """Write `data` to `path` so that `path` holds either the old or the new bytes, never a mix:
    unique temporary file in the same directory, flush, fsync, rename, fsync of the directory."""
    path = Path(path)
    tmp = write_temp(path.parent, path.name, data)
    try:
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    fsync_dir(path.parent)


class DataDirLock:
    """The data directory's lock: held by the one copy of the game that autosaves there, for as long
    as it runs (an advisory `flock`, released by the system when the process ends, even on SIGKILL).
    Where `fcntl` does not exist (Windows) every copy gets it."""

    def __init__(self, directory: Path | str):
        self.path = Path(directory) / LOCK
        self._fd: int | None = None
        self.held = False

    def acquire(self) -> bool:
        """True when this process now holds the lock; False when another one does. Raises OSError when
        the directory cannot be created or the lock file opened."""
        try:
            import fcntl
        except ImportError:
            self.held = True
            return True
        from ..dirs import private_dir

        private_dir(self.path.parent)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return False
        self._fd, self.held = fd, True
        return True

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the file releases the flock
            self._fd = None
        self.held = False

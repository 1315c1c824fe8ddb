"""Reading the files the program is given (saves, the autosave, card files, the card cache) without
ever blocking or swallowing more than it should: regular files only (a FIFO, a directory or a device is
refused, and opening one never waits for a writer), the size checked before reading, and JSON with
bounded nesting and numbers. Light to import: the title screen uses it before anything heavy."""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any

from .words import N_, Term, Worded

MAX_SAVE_BYTES = 16 * 1024 * 1024  # a save file; a finished 7-player game is well under 1 MB
MAX_JSON_DEPTH = 64  # lists and objects inside each other; a save needs 6
MAX_INT_DIGITS = 40  # a seed is at most 20 digits


class FileProblem(Worded, Exception):
    """A file that cannot be read: `kind` is "missing", "unreadable" (not a regular file, no permission,
    a symlink loop...) or "too_large"; `str()` is the problem in words, without the path (`problem`: in
    English; words.py: told in the player's language)."""

    def __init__(self, path: Path | str, kind: str, problem: str, **data: Any):
        super().__init__(self.worded(problem, data))
        self.path, self.kind, self.problem = Path(path), kind, self.english()

    def __str__(self) -> str:
        return self.told()


def human_size(n: int) -> str:
    """A byte count in words: "812 bytes", "12 kB", "1.5 MB", "6 GB" (powers of 1024)."""
    if n < 1024:
        return f"{n} byte{'s' * (n != 1)}"
    for unit in ("kB", "MB", "GB", "TB"):
        n /= 1024  # type: ignore[assignment]
        if n < 1024 or unit == "TB":
            return f"{n:.1f} {unit}" if n < 10 and round(n, 1) != round(n) else f"{round(n)} {unit}"
    raise AssertionError("unreachable")


def too_large(size: int | None, limit: int, what: str) -> str:
    """"the file is too large for a save file (200 MB, the limit is 16 MB)"; `size` None: not known."""
    reason, data = too_large_words(size, limit, what)
    return reason % data


def too_large_words(size: int | None, limit: int, what: str) -> tuple[str, dict[str, Any]]:
    """`too_large` as words (words.py): the reason and its values."""
    shown = human_size(size) if size is not None else None
    if shown is None or shown == human_size(limit):
        return N_("the file is too large for a %(what)s (over the limit of %(limit)s)"), {
            "what": Term(what), "limit": human_size(limit)}
    return N_("the file is too large for a %(what)s (%(size)s, the limit is %(limit)s)"), {
        "what": Term(what), "size": shown, "limit": human_size(limit)}


FILE_KINDS = (N_("file"), N_("save file"), N_("card file"), N_("table"))  # what `read_limited` reads


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return N_("a directory")
    if stat.S_ISFIFO(mode):
        return N_("a FIFO (named pipe)")
    if stat.S_ISSOCK(mode):
        return N_("a socket")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return N_("a device")
    return "not a regular file"


def read_limited(path: Path | str, limit: int, what: str = "file") -> bytes:
    """The bytes of the regular file at `path`, refused (FileProblem) when it is missing, not a regular
    file, unreadable, or larger than `limit` bytes (checked before reading). `what` names the kind of
    file in messages ("save file", "card file"). Never blocks: a FIFO is opened without waiting."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        broken = os.path.islink(path)
        raise FileProblem(path, "missing", N_("a symbolic link to a file that does not exist") if broken
                          else N_("no such file")) from None
    except IsADirectoryError:
        raise FileProblem(path, "unreadable", N_("this is a directory, not a %(what)s"), what=Term(what)) from None
    except OSError as e:
        raise FileProblem(path, "unreadable", N_("cannot read the file: %(error)s"), error=e.strerror or e) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = _kind_of(info.st_mode)
            if kind == "not a regular file":
                raise FileProblem(path, "unreadable", N_("this is not a regular file, not a %(what)s"), what=Term(what))
            raise FileProblem(path, "unreadable", N_("this is %(sort)s, not a %(what)s"), sort=Term(kind),
                              what=Term(what))
        if info.st_size > limit:
            reason, data = too_large_words(info.st_size, limit, what)
            raise FileProblem(path, "too_large", reason, **data)
        chunks, size = [], 0
        while size <= limit:  # a file that grows while it is read is still cut at the limit
            try:
                chunk = os.read(fd, limit + 1 - size)
            except OSError as e:
                raise FileProblem(path, "unreadable", N_("cannot read the file: %(error)s"),
                                  error=e.strerror or e) from None
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            reason, data = too_large_words(None, limit, what)
            raise FileProblem(path, "too_large", reason, **data)
        return b"".join(chunks)
    finally:
        os.close(fd)


class JSONLimitError(ValueError):
    """JSON nested too deeply, a number too long, or NaN / Infinity."""


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise JSONLimitError(f"a number of {len(text.lstrip('-'))} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JSONLimitError(f"{text} is too large a number")
    return value


def _constant(name: str) -> Any:
    raise JSONLimitError(f"{name} is not a number JSON allows")


def loads_json(text: str | bytes) -> Any:
    """json.loads with limits: nesting at most MAX_JSON_DEPTH, integers at most MAX_INT_DIGITS digits,
    no NaN nor Infinity (nor numbers too large for a float). Raises json.JSONDecodeError for bad
    JSON and JSONLimitError (a ValueError) past a limit; never RecursionError."""
    try:
        value = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except RecursionError:
        raise JSONLimitError(f"nested more than {MAX_JSON_DEPTH} levels deep") from None
    _check_depth(value)
    return value


def _check_depth(value: Any) -> None:
    """Without recursion: the value's lists and objects are nested at most MAX_JSON_DEPTH deep."""
    stack = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            node = node.values()
        elif not isinstance(node, list):
            continue
        if depth > MAX_JSON_DEPTH:
            raise JSONLimitError(f"nested more than {MAX_JSON_DEPTH} levels deep")
        stack.extend((child, depth + 1) for child in node if isinstance(child, (dict, list)))

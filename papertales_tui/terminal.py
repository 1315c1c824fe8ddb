"""Whether the program runs on a terminal: below the command line and the app, which both ask."""

from __future__ import annotations

import os
import sys


def stdin_is_terminal() -> bool:
    """Whether standard input is a terminal (False when it is closed: `papertales <&-`)."""
    return is_terminal(sys.stdin)


def stderr_is_terminal() -> bool:
    """Whether progress may be drawn on standard error (False when it is closed: `2>&-`)."""
    return is_terminal(sys.stderr)


def is_terminal(stream: object) -> bool:
    try:
        return stream is not None and bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, ValueError, OSError):  # a closed or broken stream
        return False


def require_terminal() -> None:
    """The game is played on a terminal: without one on standard input (`papertales </dev/null`, a
    closed stdin), CommandError rather than a traceback or a screen that waits forever."""
    from .commands import CommandError

    if not stdin_is_terminal():
        raise CommandError("standard input is not a terminal: the game is played in a terminal "
                           "(commands such as 'papertales simulate' need none)")


def fill_closed_standard_fds() -> None:
    """Give a closed standard stream (`2>&-`, `<&-`) /dev/null, at the descriptor level: else the next
    file or pipe opened takes its number, and whatever writes to "stderr" (a worker process told to be
    quiet, a library) writes into that pipe instead. The Python stream stays None where it was."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            opened = os.open(os.devnull, os.O_RDWR)  # the lowest free number: `fd` itself
            if opened != fd:
                os.dup2(opened, fd)
                os.close(opened)

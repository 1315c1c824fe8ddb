"""Whether the program runs on a terminal: below the command line and the app, which both ask."""

from __future__ import annotations

import sys


def stdin_is_terminal() -> bool:
    """Whether standard input is a terminal (False when it is closed: `papertales <&-`)."""
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (ValueError, OSError):  # a closed or broken stream
        return False


def require_terminal() -> None:
    """The game is played on a terminal: without one on standard input (`papertales </dev/null`, a
    closed stdin), CommandError rather than a traceback or a screen that waits forever."""
    from .commands import CommandError

    if not stdin_is_terminal():
        raise CommandError("standard input is not a terminal: the game is played in a terminal "
                           "(commands such as 'papertales simulate' need none)")

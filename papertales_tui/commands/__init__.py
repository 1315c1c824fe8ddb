"""Command-line subcommands, one module each (imported lazily so `papertales` starts fast), and what
they share: the error that ends a command with one line and exit code 2, terminal-safe text, and
range-checked numeric options."""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, NoReturn, TextIO, TypeVar

from ..text.i18n import Area

if TYPE_CHECKING:
    from pathlib import Path

CLI = Area("cli")
_ = CLI.gettext


class CommandError(Exception):
    """An expected failure (a bad option, a file that cannot be used): `papertales` prints
    "papertales: <message>" on one line and exits with code 2."""


def printable(text: object) -> str:
    """Text from people or files made safe for a terminal, as the screens show it (`rules.literal`:
    control characters, bidi overrides and line breaks escaped), so that a line stays one line."""
    from ..rules import literal

    return literal(text)


def say(*parts: object, file: TextIO | None = None) -> None:
    """print() with every part made printable."""
    print(*(printable(p) for p in parts), file=file or sys.stdout)


T = TypeVar("T")


def interruptible(items: Iterable[T]) -> Iterator[T]:
    """`items`, ended by Ctrl+C between two of them at the latest. Python raises KeyboardInterrupt
    wherever the main thread is; when that is inside a finalizer run by the garbage collector, the
    interpreter prints it and goes on, and a long `simulate` then ran to its end. The handler here also
    sets a flag that is checked before each item."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield from items
        return
    stop: list[bool] = []

    def handler(signum: int, frame: object) -> None:
        stop.append(True)
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGINT, handler)
    try:
        for item in items:
            if stop:
                raise KeyboardInterrupt
            yield item
    finally:
        signal.signal(signal.SIGINT, previous)


class ArgumentParser(argparse.ArgumentParser):
    """argparse with one-line errors (exit code 2) whose quoted values are terminal-safe, in the CLI's
    language: argparse's own words ("usage:", "the following arguments are required"...) are looked up
    through the module's `_` and `ngettext`, which are given the CLI's catalog (commands/argparse_words.py)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        setattr(argparse, "_", CLI.gettext)  # noqa: B010 (argparse reads its module globals at each call)
        setattr(argparse, "ngettext", CLI.ngettext)  # noqa: B010
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(2, _("%(prog)s: %(message)s (see %(prog)s --help)") % {"prog": self.prog,
                                                                       "message": printable(message)} + "\n")


def int_range(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high`."""

    def parse(text: str) -> int:
        try:
            if not text.isascii():  # int() would take other scripts' digits: "٣" is 3
                raise ValueError(text)
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(_("%(value)s is not a whole number") % {"value": repr(text)}) from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(_("%(value)s is out of range (from %(low)s to %(high)s)")
                                             % {"value": value, "low": low, "high": high})
        return value

    return parse


def float_range(low: float, high: float, *, low_open: bool = False) -> Callable[[str], float]:
    """An argparse type: a finite number from `low` (excluded if `low_open`) to `high`."""

    def parse(text: str) -> float:
        try:
            if not text.isascii():
                raise ValueError(text)
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(_("%(value)s is not a number") % {"value": repr(text)}) from None
        if not math.isfinite(value) or value > high or value < low or (low_open and value == low):
            bounds = {"value": text, "low": f"{low:g}", "high": f"{high:g}"}
            raise argparse.ArgumentTypeError(
                (_("%(value)s is out of range (more than %(low)s up to %(high)s)") if low_open
                 else _("%(value)s is out of range (from %(low)s up to %(high)s)")) % bounds)
        return value

    return parse


def folder(text: str) -> Path:
    """An argparse type: a folder's path, not empty (Path("") would be the current folder)."""
    from pathlib import Path

    if not text:
        raise argparse.ArgumentTypeError(_("needs a folder name (an empty one was given)"))
    return Path(text)


SEED = int_range(-(2**63), 2**63 - 1)
GAMES = int_range(1, 10_000_000)
PLAYERS = int_range(2, 7)

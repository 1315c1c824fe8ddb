"""Seat types for the new-game screen, and the hook to the bots of `rules/bots.py` (when present).

A bot module provides `make_bot(level)` returning an object with `choose(game, pending) -> decision`.
"""

from __future__ import annotations

import importlib

HUMAN = "human"
BOT_LEVELS = ("easy", "medium", "hard")


def _bots_module():
    try:
        module = importlib.import_module("papertales_tui.rules.bots")
    except ImportError:
        return None
    return module if hasattr(module, "make_bot") else None


def seat_options() -> list[tuple[str, str]]:
    """(label, value) pairs for the seat-type select: Human, then each bot level once bots exist."""
    options = [("Human", HUMAN)]
    if _bots_module() is not None:
        options += [(f"Bot ({level})", f"bot:{level}") for level in BOT_LEVELS]
    return options


def is_bot(seat: str) -> bool:
    return seat.startswith("bot:")


def make_bot(seat: str):
    """The bot playing a `bot:<level>` seat."""
    module = _bots_module()
    if module is None:
        raise RuntimeError("no bots available")
    return module.make_bot(seat.split(":", 1)[1])

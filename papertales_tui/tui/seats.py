"""Seat types for the new-game screen, and the hook to the bots of `rules/bots` (when present).

The bot package provides `make_bot(level, seed)` returning an object with
`choose(view, pending, catalog) -> Decision`, where `view` is `observe(game, player)` (a `SeatView`).
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..rules import Bot, Decision, Game, Pending
    from .kingdom import KingdomView

from ..text.i18n import N_
from .board_i18n import _, translated

HUMAN = "human"
BOT_LEVELS = ("easy", "medium", "hard")
LEVEL_NAMES = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}


def level_name(level: str) -> str:
    return translated(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def _bots_module() -> ModuleType | None:
    try:
        module = importlib.import_module("papertales_tui.rules.bots")
    except ImportError:
        return None
    return module if hasattr(module, "make_bot") else None


def bot_levels() -> tuple[str, ...]:
    module = _bots_module()
    if module is None:
        return ()
    return tuple(getattr(module, "LEVELS", BOT_LEVELS))


def seat_options() -> list[tuple[str, str]]:
    """(label, value) pairs for the seat-type select: Human, then each bot level once bots exist."""
    return [(_("Human"), HUMAN)] + [(_("Bot (%(level)s)") % {"level": level_name(level)}, f"bot:{level}")
                                    for level in bot_levels()]


def is_bot(seat: str) -> bool:
    return seat.startswith("bot:")


def seat_label(seat: str) -> str:
    return _("human") if not is_bot(seat) else _("bot, %(level)s") % {"level": level_name(seat.split(":", 1)[1])}


BOT_MARK = " (bot)"  # (English: bot_marked says it in the screens' language)


def bot_marked(views: list[KingdomView], seat_types: list[str] | None) -> list[KingdomView]:
    """Kingdom views (tui/kingdom.py) with " (bot)" after each bot seat's name."""
    from dataclasses import replace

    types = seat_types or []
    mark = " " + _("(bot)")
    return [replace(v, name=v.name + mark) if v.player < len(types) and is_bot(types[v.player]) else v
            for v in views]


def make_bot(seat: str, seed: int = 0) -> Bot:
    """The bot playing a `bot:<level>` seat."""
    module = _bots_module()
    if module is None:
        raise RuntimeError("no bots available")
    bot: Bot = module.make_bot(seat.split(":", 1)[1], seed=seed)
    return bot


def bot_decision(bot: Bot, game: Game, pend: Pending) -> Decision:
    return bot.choose(game.view(pend.player), pend, game.catalog)

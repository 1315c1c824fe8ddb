"""Seat types for the new-game screen: a human, or a bot of one of the levels the table seats
(`table.bot_levels`: the bots of `rules/bots`, which the table makes and runs, not the screens)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .kingdom import KingdomView

from ..text.i18n import N_
from .board_i18n import _, translated

HUMAN = "human"

LEVEL_NAMES = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}


def level_name(level: str) -> str:
    return translated(LEVEL_NAMES[level]) if level in LEVEL_NAMES else level


def bot_levels() -> tuple[str, ...]:
    from ..table import bot_levels as levels

    return levels()


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

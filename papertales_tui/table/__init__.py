"""One table under every seat (no Textual, no network): a game, who sits where, what each seat has read.

`GameTable` is the one orchestrator of a game: the hot-seat app (tui/session.py: every seat on one
device, with a hand-off policy) and `papertales host` (hosting/table.py: each seat reached over the
protocol, docs/protocol.md) are both this table. See `core.py`.
"""

from .core import (
    HUMAN,
    MAX_TAKE_BACKS,
    GameTable,
    PageSpan,
    TooManyTakeBacks,
    bot_levels,
    is_bot,
    take_back_list,
)

__all__ = ["HUMAN", "MAX_TAKE_BACKS", "GameTable", "PageSpan", "TooManyTakeBacks", "bot_levels", "is_bot",
           "take_back_list"]

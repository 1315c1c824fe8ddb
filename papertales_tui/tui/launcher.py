"""Games to play at this keyboard, without Textual: the `Session` (tui/session.py) a table description,
a game, a save or a finished game is played in. The app (tui/app.py) plays the session made; nothing
here knows about screens. (Imported at start: the rules and the session are imported when a game is
made, so that the title screen starts without them.)"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import seats
from .language import SCREENS

if TYPE_CHECKING:
    from ..persistence import Save
    from ..rules import Catalog, Game
    from ..rules.coach import KeptHint
    from .session import Session


@dataclass(frozen=True)
class NewTable:
    """A new game as the New game form describes it: the players' names and seat types (human, or
    `bot:<level>`), the seed typed (None: one drawn), and, for a game against the Lich King, the number
    of Lich King cards (`difficulty`: then the one seat is the first name's, a human's)."""

    names: tuple[str, ...]
    seat_types: tuple[str, ...]
    seed: int | None = None
    difficulty: int | None = None

    @property
    def seats(self) -> list[str]:
        """The seat types the game is played with (solo: one human)."""
        return [seats.HUMAN] if self.difficulty is not None else list(self.seat_types)


def new_session(catalog: Catalog, table: NewTable) -> Session:
    """The session of a new game of `table` (its seed drawn when none was typed; the screens may show a
    typed one during play)."""
    from ..rules import new_game

    seed = table.seed if table.seed is not None else random.randrange(1_000_000)
    if table.difficulty is not None:
        game = new_game([table.names[0]], seed=seed, catalog=catalog, mode="solo", difficulty=table.difficulty)
    else:
        game = new_game(list(table.names), seed=seed, catalog=catalog)
    return played(game, table.seats, seed_typed=table.seed is not None)


def played(game: Game, seat_types: list[str], shown: int | None = 0, hints: list[int] | None = None,
           coach: Sequence[KeptHint] = (), take_backs: object = None, seed_typed: bool = False) -> Session:
    """The session of `game` from its current state; events before `shown` (None: all) are not
    summarised again."""
    from .session import Session

    return Session(game, seat_types, shown, hints, coach=coach, take_backs=take_backs, seed_typed=seed_typed)


def resumed(save: Save) -> Session:
    """The session a save goes on in (a finished game only shows its final scores)."""
    from .session import Session

    return Session.resumed(save)


def finished(game: Game, seat_types: list[str], hints: list[int] | None = None,
             coach: Sequence[KeptHint] = ()) -> Session:
    """A finished game opened to see its final scores."""
    from .session import Session

    return Session.finished(game, seat_types, SCREENS.gettext(
        "This game is already finished: here are its final scores."), hints, coach)

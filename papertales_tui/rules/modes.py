"""Ways to play: the named hooks a mode fills in, and the standard game.

The engine calls each hook at one fixed, documented point of the turn; a mode changes the game only
through them (it never overrides `Game` methods, and it never sets the state's hands, draft round or
phase: the engine does, around the hooks). It acts on the game only through `table.Table`, the
narrow interface the phases use too: its queries, and the moves the engine makes itself: `emit`
(log an event), `draw` (cards from the draw pile), `discard` (cards to the discard pile), `shuffle`
(with the game's seeded generator) and `gain` (LP and Gold). No private `Game` member (a test checks
every module but engine.py). Its own side of the game (the Lich King's) is its own to keep, in the
state it made in `prepare`. The `Mode` protocol itself is in table.py (with `Table`: the two name
each other), so that modes, phases and the engine import no circle.

`StandardMode` is the game for 2-7 players; `solo.SoloMode` plays one player against the Lich King.
`games.MODES` maps the `mode` a saved state names back to its class, made with no arguments when a
game is loaded (one mode object per game: it may keep the state it is given in `check_state`). A new
mode is a class with these hooks (most often a `StandardMode` subclass changing a few) handed to
`Game.new`: no engine file changes (tests/test_toy_mode.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .phases import recruitment, wars
from .table import Mode, ModeType

if TYPE_CHECKING:
    import random

    from .cards import Catalog
    from .decisions import Pending
    from .observer import SeatView
    from .state import GameState, ModeState
    from .table import Table, WarOutlook


class StandardMode:
    """The game for 2 to 7 players: the rulebook's draft, Wars between neighbours, most LP wins."""

    kind = ModeType("standard", seats=(2, 7), table="a standard game has 2 to 7 players and no side but theirs")
    name = kind.name
    reads_log = False

    def check_players(self, n: int) -> None:
        low, high = self.kind.seats
        if not low <= n <= high:
            raise ValueError(f"Paper Tales is played by {low} to {high} players")

    def prepare(self, state: GameState, catalog: Catalog) -> None:
        return None

    def load_state(self, data: dict[str, Any]) -> ModeState:
        raise ValueError(f"the {self.name} game has no state of its own to load")

    def check_state(self, state: GameState, catalog: Catalog) -> None:
        return None

    def setup(self, game: Table) -> None:
        return None

    def restart(self) -> Mode:
        return type(self)()

    def draft_cards(self, game: Table, leftovers: list[list[int]] | None) -> list[list[int]] | None:
        """5 cards each (9 with 2 players), then the rest passed on round after round."""
        if leftovers is None:
            return recruitment.deal(game)
        return recruitment.pass_on(game, leftovers)

    def extra_pending(self, game: Table, pend: Pending) -> None:
        return None

    def draft_ended(self, game: Table) -> None:
        return None

    def wars_started(self, game: Table) -> None:
        return None

    def fight(self, game: Table, strengths: list[int]) -> list[int]:
        """Each Kingdom against its neighbours (2 players: one double War)."""
        return wars.fight(game, strengths)

    def wars_fought(self, game: Table, strengths: list[int], wars_won: list[int]) -> None:
        return None

    def turn_ended(self, game: Table) -> None:
        return None

    def final_scoring(self, game: Table) -> None:
        return None

    def game_ended(self, game: Table) -> None:
        return None

    def winners(self, game: Table) -> list[int] | None:
        return None

    def other_scores(self, game: Table) -> list[int]:
        return []

    def seat_view_extra(self, game: Table, seat: int | None) -> object | None:
        return None

    def seen_cards(self, view: SeatView, player: int) -> list[int]:
        return []

    def sample_hidden(self, view: SeatView, catalog: Catalog, rng: random.Random | None) -> ModeState | None:
        return None

    def foes(self, game: Table, player: int) -> list[tuple[str, int, int]] | None:
        return None

    def others_gains(self, game: Table, wars: tuple[WarOutlook, ...], dying: tuple[int, int], healable: bool,
                     buildings: int, can_build: bool) -> list[tuple[str, int, int]]:
        return []

    def unknowns(self, game: Table) -> list[str]:
        return []


__all__ = ["Mode", "ModeType", "StandardMode"]

"""Ways to play: the named hooks a mode fills in, and the standard game that fills in none.

The engine calls each hook at one fixed, documented point of the turn; a mode changes the game only
through them (it never overrides `Game` methods), and acts on the game only through `Game`'s public
methods: its queries, and the moves the engine makes itself, public for modes: `emit` (log an
event), `draw` (cards from the draw pile), `begin` (open a step), `gain` (LP and Gold),
`go_to_war` (a Kingdom's strength, logged) and `score_war_abilities`. No private `Game` member
(a test checks every module but engine.py and phases/). `StandardMode` is the game for 2-7 players;
`solo.SoloMode` plays one player against the Lich King. `games.MODES` maps the `mode` a saved state
names back to its class.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .cards import Catalog
    from .engine import Game, Pending
    from .state import GameState


class Mode(Protocol):
    """The variation points of a game. Hooks returning bool answer "did the mode take over this
    part of the turn?" (False: the engine does the standard thing)."""

    name: str  # saved as `GameState.mode`

    def check_players(self, n: int) -> None:
        """Game.new: raise ValueError if `n` players cannot play this mode."""

    def check_state(self, state: GameState, catalog: Catalog) -> None:
        """Game(): raise ValueError if the state cannot be played in this mode with this catalog."""

    def prepare(self, state: GameState, catalog: Catalog) -> None:
        """Game.new: complete the new state (the deck is shuffled, nothing else is drawn yet)."""

    def setup(self, game: Game) -> None:
        """Game.new: after `game_started`, before the first turn starts."""

    def turn_started(self, game: Game) -> bool:
        """After `turn_started`: deal the Recruitment cards and open its first step."""

    def extra_pending(self, game: Game, pend: Pending) -> None:
        """What this mode tells a deciding player: it may replace `pend.options` (frozen) with a
        richer value of the same step (the solo draft: `SoloPickOptions`)."""

    def resolve_picks(self, game: Game) -> bool:
        """Once every pick of a Recruitment round is in: take the cards, pass or end the draft."""

    def resolve_wars(self, game: Game) -> bool:
        """Phase 3 instead of the Wars between neighbours; the engine then goes on to the Income phase."""

    def turn_ended(self, game: Game) -> None:
        """After the Aging phase, before the next turn starts or the game ends."""

    def game_ended(self, game: Game) -> None:
        """After `game_over`."""

    def winners(self, game: Game) -> list[int] | None:
        """Who won, once the game is over (None: most LP, then most Gold)."""

    def view(self, game: Game, player: int | None, d: dict[str, Any]) -> None:
        """Hide or add what this mode shows in `Game.view(player)` (`d` is changed in place)."""


class StandardMode:
    """The game for 2 to 7 players: every hook leaves the engine's standard rules alone."""

    name = "standard"

    def check_players(self, n: int) -> None:
        if not 2 <= n <= 7:
            raise ValueError("Paper Tales is played by 2 to 7 players")

    def check_state(self, state: GameState, catalog: Catalog) -> None:
        return None

    def prepare(self, state: GameState, catalog: Catalog) -> None:
        return None

    def setup(self, game: Game) -> None:
        return None

    def turn_started(self, game: Game) -> bool:
        return False

    def extra_pending(self, game: Game, pend: Pending) -> None:
        return None

    def resolve_picks(self, game: Game) -> bool:
        return False

    def resolve_wars(self, game: Game) -> bool:
        return False

    def turn_ended(self, game: Game) -> None:
        return None

    def game_ended(self, game: Game) -> None:
        return None

    def winners(self, game: Game) -> list[int] | None:
        return None

    def view(self, game: Game, player: int | None, d: dict[str, Any]) -> None:
        return None


__all__ = ["Mode", "StandardMode"]

"""Making and loading games of any mode: the one place that knows every mode.

`MODES` maps the `mode` a saved state names to its `Mode` class; every mode is played by the same
`Game`. The engine itself knows no mode but the standard one, so this module sits above both
`engine.py` and `solo.py`.
"""

from __future__ import annotations

import json

from .cards import Catalog
from .engine import Game
from .modes import Mode, StandardMode
from .solo import SoloMode
from .state import GameState

MODES: dict[str, type[Mode]] = {
    StandardMode.name: StandardMode,
    SoloMode.name: SoloMode,
}


def game_from_state(state: GameState, catalog: Catalog) -> Game:
    """A game around `state`, in the mode it names (ValueError for a mode this version lacks)."""
    mode = MODES.get(state.mode)
    if mode is None:
        raise ValueError(f"unknown game mode {state.mode!r} (known: {', '.join(MODES)})")
    return Game(state, catalog, mode())


def load_game(text: str, catalog: Catalog | None = None) -> Game:
    """A game from `Game.to_json()` text, in the mode it names."""
    if catalog is None:
        from .card_files import default_catalog

        catalog = default_catalog()
    return game_from_state(GameState.from_dict(json.loads(text)), catalog)


def new_game(names: list[str], seed: int = 0, catalog: Catalog | None = None, *, solo: bool = False,
             difficulty: int = 0) -> Game:
    """A new standard game, or with `solo` a game of names[0] against the Lich King."""
    return Game.new(names, seed, catalog, SoloMode(difficulty) if solo else None)


def start_of(game: Game) -> Game:
    """The game as it was set up, before any decision (same players, seed and mode: solo cards too)."""
    names = [p.name for p in game.state.players]
    return Game.new(names, seed=game.state.seed, catalog=game.catalog, mode=game.mode.restart())


__all__ = ["MODES", "game_from_state", "load_game", "new_game", "start_of"]

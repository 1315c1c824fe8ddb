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


def mode_named(name: str) -> Mode:
    """A new object of the mode a state names (ValueError for a mode this version lacks)."""
    mode = MODES.get(name)
    if mode is None:
        raise ValueError(f"unknown game mode {name!r} (known: {', '.join(MODES)})")
    return mode()


def game_from_state(state: GameState, catalog: Catalog) -> Game:
    """A game around `state`, in the mode it names (ValueError for a mode this version lacks)."""
    return Game(state, catalog, mode_named(state.mode))


def load_game(text: str, catalog: Catalog | None = None) -> Game:
    """A game from `Game.to_json()` text, in the mode it names."""
    if catalog is None:
        from .card_files import default_catalog

        catalog = default_catalog()
    data = json.loads(text)
    mode = mode_named(data.get("mode", StandardMode.name))
    return Game(GameState.from_dict(data, load_mode_state=mode.load_state), catalog, mode)


def new_game(names: list[str], seed: int = 0, catalog: Catalog | None = None, *, solo: bool = False,
             difficulty: int = 0) -> Game:
    """A new standard game, or with `solo` a game of names[0] against the Lich King."""
    return Game.new(names, seed, catalog, SoloMode(difficulty) if solo else None)


def start_of(game: Game) -> Game:
    """The game as it was set up, before any decision (same players, seed and mode: solo cards too)."""
    names = [p.name for p in game.state.players]
    return Game.new(names, seed=game.state.seed, catalog=game.catalog, mode=game.mode.restart())


__all__ = ["MODES", "game_from_state", "load_game", "new_game", "start_of"]

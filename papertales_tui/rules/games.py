"""Making and loading games of any mode: the one place that knows every mode.

`MODES` maps the `mode` a saved state names to its `Mode` class; every mode is played by the same
`Game`. The engine itself knows no mode but the standard one, so this module sits above both
`engine.py` and `solo.py`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .cards import Catalog
from .engine import Game
from .modes import Mode, ModeType, StandardMode
from .solo import SoloMode
from .state import GameState

MODES: dict[str, Callable[..., Mode]] = {  # name -> the mode's class (its options as keywords)
    StandardMode.name: StandardMode,
    SoloMode.name: SoloMode,
}
MODE_TYPES: dict[str, ModeType] = {  # name -> the mode declared whole (the save format reads it)
    StandardMode.kind.name: StandardMode.kind,
    SoloMode.kind.name: SoloMode.kind,
}


def mode_named(name: str, **options: Any) -> Mode:
    """A new object of the mode a state names, with these options (ValueError for a mode this version lacks)."""
    mode = MODES.get(name)
    if mode is None:
        raise ValueError(f"unknown game mode {name!r} (known: {', '.join(MODES)})")
    return mode(**options)


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


def new_game(names: list[str], seed: int = 0, catalog: Catalog | None = None, *, mode: str = StandardMode.name,
             **options: Any) -> Game:
    """A new game in the mode named (`MODES`), with its options: e.g. ``mode="solo", difficulty=2``
    for a game of names[0] against the Lich King."""
    return Game.new(names, seed, catalog, mode_named(mode, **options))


def start_of(game: Game) -> Game:
    """The game as it was set up, before any decision (same players, seed and mode: solo cards too)."""
    names = [p.name for p in game.state.players]
    return Game.new(names, seed=game.state.seed, catalog=game.catalog, mode=game.mode.restart())


__all__ = ["MODES", "MODE_TYPES", "game_from_state", "load_game", "mode_named", "new_game", "start_of"]

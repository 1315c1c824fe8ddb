"""The rules of Paper Tales as a library: no terminal, no Textual, seeded and exact.

    from papertales_tui.rules import Game, Pick, default_catalog

    game = Game.new(["Ann", "Bob", "Cid"], seed=1)
    for pend in game.pending():            # who must decide now, and their options
        game.apply(pend.player, Pick(pend.options.cards[0]))   # PickOptions: typed

A program uses what is listed in `__all__`: the game (`Game`, `Pending`, `Step`), the decisions
(`Pick`, `Deploy`, `AgeTarget`, `Build`, `Upgrade`, `Pass`, `Heal`) and what each step chooses
from (`PickOptions`, `SoloPickOptions`, `DeployOptions`, `AgeTargetOptions`, `ConstructionOptions`,
`HealOptions`: `Options`), the errors
(`IllegalDecision` and its subclasses), the modes (`StandardMode`, `SoloMode`, `SoloGame`,
`MODES`, `load_game`, `new_game`) and the cards (`Catalog`, `default_catalog`, `load_catalog`).
The heavier modules load on first use, so importing one submodule stays cheap.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .decisions import (
    AgeTarget,
    AgeTargetOptions,
    Build,
    ConstructionOptions,
    Decision,
    Deploy,
    DeployOptions,
    Heal,
    HealOptions,
    Options,
    Pass,
    Pick,
    PickOptions,
    SoloPickOptions,
    Step,
    Upgrade,
    decision_from_dict,
)
from .errors import IllegalDecision, MalformedDecision, NotPending, Unaffordable, WrongKind

if TYPE_CHECKING:
    from .card_files import default_catalog
    from .card_paths import CardFileError
    from .cards import Catalog
    from .catalog import load_catalog
    from .engine import Game, Pending
    from .games import MODES, load_game, new_game
    from .modes import Mode, StandardMode
    from .solo import SoloGame, SoloMode

_LAZY = {
    "Game": "engine", "Pending": "engine",
    "MODES": "games", "load_game": "games", "new_game": "games",
    "Mode": "modes", "StandardMode": "modes",
    "SoloGame": "solo", "SoloMode": "solo",
    "Catalog": "cards", "default_catalog": "card_files", "load_catalog": "catalog", "CardFileError": "card_paths",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{module}", __name__), name)


__all__ = [
    "AgeTarget", "AgeTargetOptions", "Build", "CardFileError", "Catalog", "ConstructionOptions", "Decision", "Deploy",
    "DeployOptions", "Game", "Heal", "HealOptions", "IllegalDecision", "MODES", "MalformedDecision", "Mode",
    "NotPending", "Options", "Pass", "Pending", "Pick", "PickOptions", "SoloGame", "SoloMode", "SoloPickOptions",
    "StandardMode", "Step", "Unaffordable", "Upgrade", "WrongKind", "decision_from_dict", "default_catalog",
    "load_catalog", "load_game", "new_game",
]

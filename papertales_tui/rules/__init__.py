"""The rules of Paper Tales as a library: no terminal, no Textual, seeded and exact.

    from papertales_tui.rules import Game, Pick, default_catalog

    game = Game.new(["Ann", "Bob", "Cid"], seed=1)
    for pend in game.pending():            # who must decide now, and their options
        game.apply(pend.player, Pick(pend.options.cards[0]))

A program uses what is listed in `__all__`: the game (`Game`, `Pending`, `Step`), the decisions
(`Pick`, `Deploy`, `AgeTarget`, `Build`, `Upgrade`, `Pass`, `Heal`) and the options of each step (`PickOptions`,
`SoloPickOptions`, `DeployOptions`, `AgeTargetOptions`, `ConstructionOptions`, `HealOptions`), the errors
(`IllegalDecision` and its subclasses; `Game.take_back` withdraws a decision before its step
resolves), the modes (`StandardMode`, `SoloMode`,
`MODES`, `load_game`, `new_game`), what a seat sees (`observe(game, seat)` gives a `SeatView`:
`PlayerView`, `UnitView`, `SoloView`, `ArmyRange`), what a table keeps (`game_log`, `game_decisions`,
`game_turn`, `game_seed`) and the cards (`Catalog`, `default_catalog`, `load_catalog`).
The heavier modules load on first use, so importing one submodule stays cheap.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .errors import IllegalDecision, MalformedDecision, NothingToTakeBack, NotPending, Unaffordable, WrongKind
from .steps import Step  # (the decisions' classes load on first use: `_LAZY`)

if TYPE_CHECKING:
    from . import bots, coach, events, forecast
    from .bots import Bot
    from .bots.knowledge import DraftMemory
    from .card_files import default_catalog
    from .card_paths import CardFileError
    from .cards import BuildingType, Catalog, LichKingCard, NecropolisCard, Production, Quest, UnitType
    from .catalog import load_catalog
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
        Upgrade,
        as_decision,
        decision_from_dict,
        price,
    )
    from .engine import START_GOLD, WAR_LP, Game, Pending
    from .games import MODES, load_game, new_game
    from .kingdom import ConstructionPrice, unpaid_for
    from .modes import Mode, StandardMode
    from .names import literal, name_key, name_problem, unsafe, unsafe_problem
    from .observer import (
        AgeChoice,
        PlayerView,
        SeatView,
        UnitView,
        WarStrength,
        game_decisions,
        game_log,
        game_seed,
        game_turn,
        observe,
    )
    from .random_play import random_decision
    from .solo import ArmyRange, SoloMode, SoloPickOptions, SoloView, solo_view
    from .state import BACK, FIFTH_SLOT, FRONT, SLOT_NAMES

_LAZY = {
    "AgeTarget": "decisions",
    "AgeTargetOptions": "decisions",
    "Build": "decisions",
    "ConstructionOptions": "decisions",
    "Decision": "decisions",
    "Deploy": "decisions",
    "DeployOptions": "decisions",
    "Heal": "decisions",
    "HealOptions": "decisions",
    "Options": "decisions",
    "Pass": "decisions",
    "Pick": "decisions",
    "PickOptions": "decisions",
    "Upgrade": "decisions",
    "as_decision": "decisions",
    "decision_from_dict": "decisions",
    "price": "decisions",
    "Game": "engine", "Pending": "engine",
    "MODES": "games", "load_game": "games", "new_game": "games",
    "Mode": "modes", "StandardMode": "modes",
    "SoloMode": "solo", "SoloPickOptions": "solo", "SoloView": "solo", "ArmyRange": "solo", "solo_view": "solo",
    "observe": "observer", "SeatView": "observer", "PlayerView": "observer", "UnitView": "observer",
    "AgeChoice": "observer", "WarStrength": "observer",
    "game_log": "observer", "game_decisions": "observer",
    "game_turn": "observer", "game_seed": "observer",
    "START_GOLD": "engine", "WAR_LP": "engine", "ConstructionPrice": "kingdom", "unpaid_for": "kingdom",
    "BuildingType": "cards", "LichKingCard": "cards", "NecropolisCard": "cards", "Production": "cards",
    "Quest": "cards", "UnitType": "cards",
    "BACK": "state", "FIFTH_SLOT": "state", "FRONT": "state", "SLOT_NAMES": "state",
    "literal": "names", "name_key": "names", "name_problem": "names", "unsafe": "names", "unsafe_problem": "names",
    "random_decision": "random_play",
    "Bot": "bots", "DraftMemory": "bots.knowledge",
    "Catalog": "cards", "default_catalog": "card_files", "load_catalog": "catalog", "CardFileError": "card_paths",
}


SUBMODULES = ("bots", "coach", "events", "forecast")  # public as modules: the bots, the coach, typed events, forecasts


def __getattr__(name: str) -> Any:
    if name in SUBMODULES:
        return importlib.import_module(f".{name}", __name__)
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{module}", __name__), name)


__all__ = [
    "AgeTarget", "AgeTargetOptions", "ConstructionOptions", "DeployOptions", "HealOptions", "Options",
    "PickOptions", "SoloPickOptions",
    "AgeChoice", "ArmyRange", "BACK", "Bot", "Build", "BuildingType", "CardFileError", "Catalog", "ConstructionPrice",
    "Decision",
    "Deploy", "DraftMemory", "FIFTH_SLOT", "FRONT", "Game", "Heal", "IllegalDecision", "LichKingCard", "MODES",
    "MalformedDecision", "Mode", "NecropolisCard", "NotPending", "NothingToTakeBack", "Pass", "Pending", "Pick",
    "PlayerView",
    "Production", "Quest", "SLOT_NAMES", "START_GOLD", "SeatView", "SoloMode", "SoloView",
    "StandardMode", "Step", "Unaffordable", "UnitType", "UnitView", "Upgrade", "WAR_LP", "WarStrength", "WrongKind",
    "as_decision",
    "bots", "coach", "decision_from_dict", "default_catalog", "events", "forecast", "game_decisions", "game_log",
    "game_seed", "game_turn", "literal", "load_catalog",
    "load_game", "name_key", "name_problem", "new_game", "observe", "price", "random_decision", "solo_view",
    "unpaid_for", "unsafe", "unsafe_problem",
]

"""Phase 5, Construction: each player may build or upgrade one Building."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import kingdom
from ..decisions import NOT_AVAILABLE, Build, Construction, ConstructionOptions, Pass, Upgrade
from ..errors import IllegalDecision
from ..state import Player

if TYPE_CHECKING:
    from ..table import Table


def step_options(game: Table, player: int) -> tuple[Build | Upgrade, ...]:
    """Construction options during the Construction step, worked out once a step (nothing changes a
    Kingdom then; they are cleared when a step opens)."""
    scratch = game.scratch
    options = scratch.options.get(player)
    if options is None:
        known = scratch.war_resources  # (the Kingdom's resources, if the Wars of this game worked them out)
        options = scratch.options[player] = kingdom.construction_options(
            game.rules, game.building_rules, game.state.players[player], None if known is None else known[player])
    return options


def asks_construction(game: Table, i: int, p: Player) -> bool:
    return bool(step_options(game, i))


def construction_options(game: Table, i: int, p: Player) -> ConstructionOptions:
    return ConstructionOptions(step_options(game, i))


def check_construction(game: Table, player: int, p: Player, d: Construction) -> Construction:
    if isinstance(d, Pass):
        return d
    for opt in step_options(game, player):
        if opt.building != d.building:
            continue
        if isinstance(d, Build) and isinstance(opt, Build) and opt.level == d.level:
            return opt  # (the engine's price)
        if isinstance(d, Upgrade) and isinstance(opt, Upgrade):
            return opt
    raise IllegalDecision(NOT_AVAILABLE)


def resolve_construction(game: Table) -> None:
    """Every Construction is in: pay and build."""
    s = game.state
    game.scratch.war_resources = None  # (Buildings change now)
    for i, p in enumerate(s.players):
        d = p.submitted
        if d is None or isinstance(d, Pass):
            if game.record_events:  # (as `emit` logs them, without its keywords: logged every turn)
                s.log.append({"type": "construction_passed", "phase": s.phase, "player": i})
            else:
                game.unlogged += 1
            continue
        assert isinstance(d, Build | Upgrade) and d.gold is not None  # priced by the check or the options
        p.gold -= d.gold
        p.buildings[d.building] = d.level
        if not game.record_events:
            game.unlogged += 1
        elif isinstance(d, Build):
            s.log.append({"type": "building_built", "phase": s.phase, "player": i, "building": d.building,
                          "level": d.level, "gold": d.gold, "total": p.gold})
        else:
            game.emit("building_upgraded", player=i, building=d.building, gold=d.gold,
                      cause="construction", total=p.gold)

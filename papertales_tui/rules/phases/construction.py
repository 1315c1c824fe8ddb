"""Phase 5, Construction: each player may build or upgrade one Building."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import kingdom
from ..decisions import Build, Construction, Pass, Step, Upgrade
from ..errors import IllegalDecision
from ..state import Player

if TYPE_CHECKING:
    from ..engine import Game


def step_options(game: Game, player: int) -> list[dict[str, Any]]:
    """Construction options during the Construction step, worked out once a step (nothing changes a
    Kingdom then; `Game.begin` clears them)."""
    options = game._options.get(player)
    if options is None:
        options = game._options[player] = kingdom.construction_options(
            game.rules, game.building_rules, game.state.players[player])
    return options


def asks_construction(game: Game, i: int, p: Player) -> bool:
    return bool(step_options(game, i))


def construction_options(game: Game, i: int, p: Player) -> dict[str, Any]:
    return {"options": game.construction_options(i)}


def check_construction(game: Game, player: int, p: Player, d: Construction) -> Construction:
    if isinstance(d, Pass):
        return d
    for opt in step_options(game, player):
        if opt["building"] != d.building:
            continue
        if isinstance(d, Build) and opt["kind"] == "build" and opt["level"] == d.level:
            return Build(d.building, d.level, opt["gold"])
        if isinstance(d, Upgrade) and opt["kind"] == "upgrade":
            return Upgrade(d.building, opt["gold"])
    raise IllegalDecision("you cannot afford that Construction now (or it is not available)")


def resolve_construction(game: Game) -> None:
    """Every Construction is in: pay and build, then the Aging phase opens."""
    s = game.state
    for i, p in enumerate(s.players):
        d = p.submitted
        if d is None or d["kind"] == "pass":
            game.emit("construction_passed", player=i)
            continue
        p.gold -= d["gold"]
        p.buildings[d["building"]] = d["level"] if d["kind"] == "build" else 2
        if not game.record_events:
            game.unlogged += 1
        elif d["kind"] == "build":
            game.emit("building_built", player=i, building=d["building"], level=d["level"],
                      gold=d["gold"], total=p.gold)
        else:
            game.emit("building_upgraded", player=i, building=d["building"], gold=d["gold"],
                      cause="construction", total=p.gold)
    game.begin(Step.HEAL)

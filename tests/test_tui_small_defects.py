"""Smaller defects found by playing at 80x24 (issue 22): each test fails on the defect."""

from __future__ import annotations

from conftest import goto, new_game, put

from papertales_tui.rules.forecast import safe_forecast
from papertales_tui.tui.screens.construction import blocked_label, building_lines
from papertales_tui.tui.screens.deploy import build_line


def report(game, player: int = 0) -> dict:
    return {(r["building"], r["kind"], r["level"]): r for r in game.construction_report(player)}


def test_a_blocked_construction_names_every_lack_resources_and_gold():
    game = goto(new_game(3, seed=2), "construction")
    put(game, 0, 0, "woodcutter")
    game.state.players[0].buildings["town"] = 1  # wood and food; a second Building costs ¤2 of land
    game.players[0].gold = 1
    tavern = report(game)[("tavern", "build", 2)]
    assert tavern["missing"] == [("food", 1)] and tavern["short"] == 1
    assert blocked_label(game.catalog, tavern).plain == "✗ Tavern level 2: missing ✿ · ¤1 short"


def test_a_first_level_2_building_says_it_opens_the_fifth_spot():
    game = goto(new_game(3, seed=2), "construction")
    lines = " ".join(t.plain for t in building_lines(game.catalog, report(game)[("barracks", "build", 2)]))
    assert "opens your 5th spot (F3, Front)" in lines
    assert "5th spot" not in " ".join(t.plain for t in building_lines(game.catalog,
                                                                        report(game)[("barracks", "build", 1)]))
    game.state.players[0].buildings["town"] = 2  # the spot is open already
    lines = " ".join(t.plain for t in building_lines(game.catalog, report(game)[("barracks", "build", 2)]))
    assert "5th spot" not in lines


def test_could_build_then_keeps_building_names_whole():
    game = goto(new_game(3, seed=2), "deploy")
    for slot, key in zip((0, 1, 3), ["woodcutter", "farmer", "miner"], strict=True):
        put(game, 0, slot, key)
    game.players[0].gold = 15
    f = safe_forecast(game, 0, [u.card if u else None for u in game.state.players[0].slots])
    assert f is not None and len(f.constructions) >= 6
    names = {game.catalog.buildings[o["building"]].name for o in f.constructions}
    for width in (78, 60, 40):
        line = build_line(game, f, width).plain
        assert len(line) <= width, line
        shown = [part.strip() for part in line.removeprefix("Could build then: ").split(",")]
        assert shown and all(part.split(" ")[0] in names for part in shown), line  # no 'Barrac1¤0'
        assert "Constructions, from" not in line
        if len(shown) < len(f.constructions):
            assert line.endswith(f"+{len(f.constructions) - len(shown)} more"), line

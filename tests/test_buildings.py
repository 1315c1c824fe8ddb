"""Buildings: every ability at both levels, and the Construction rules (rulebook phase 5)."""

import pytest
from conftest import deploy, deploy_nothing, events, give, goto, new_game, put

from papertales_tui.rules.decisions import Build, Upgrade
from papertales_tui.rules.engine import IllegalDecision

BUILDINGS = ["town", "tavern", "mine", "temple", "barracks"]


def setup(buildings: dict | None = None, gold: int = 3, step: str = "deploy", players: int = 3):
    """A game at the start of `step` where player 0 owns `buildings` and has `gold`."""
    game = goto(new_game(players), step)
    p = game.state.players[0]
    p.buildings = dict(buildings or {})
    p.gold = gold
    return game


def play_wars(game):
    """Everyone confirms an empty deployment: Wars and Income run, the game stops at Construction."""
    for i in range(len(game.players)):
        deploy_nothing(game, i)
    assert game.state.step == "construction"


def pass_all(game):
    for pend in game.pending():
        game.apply(pend.player, {"kind": "pass"})


def lp_from(game, player, cause):
    return sum(e["amount"] for e in events(game, "lp", player=player, cause=cause))


def income_event(game, player):
    (e,) = events(game, "gold", player=player, cause="income")
    return e["amount"]


def option(game, player, kind, building, level=None):
    for o in game.construction_options(player):
        if o.kind == kind and o.building == building and (level is None or o.level == level):
            return o
    return None


# ---- abilities at both levels ----


def test_town_level1_produces_wood_and_food():
    game = setup({"town": 1})
    assert game.resources(0) == {"wood": 1, "food": 1, "ore": 0}


def test_town_level2_also_produces_ore():
    game = setup({"town": 2})
    assert game.resources(0) == {"wood": 1, "food": 1, "ore": 1}


def test_tavern_level1_gold_per_food_at_income_and_no_lp_at_wars():
    game = setup({"tavern": 1, "town": 1})
    put(game, 0, 3, "farmer")
    assert game.resources(0)["food"] == 2
    assert game.income(0) == 2 + 2
    play_wars(game)
    assert income_event(game, 0) == 4
    assert lp_from(game, 0, "tavern") == 0


def test_tavern_level2_adds_lp_per_food_at_wars_win_or_lose():
    game = setup({"tavern": 2})
    put(game, 0, 3, "farmer")
    put(game, 0, 4, "farmer")
    put(game, 1, 0, "knight")  # both neighbours beat player 0: the Tavern scores anyway
    put(game, 2, 0, "knight")
    play_wars(game)
    assert lp_from(game, 0, "wars") == 0
    assert lp_from(game, 0, "tavern") == 2
    assert income_event(game, 0) == 2 + 2


def test_mine_level1_produces_ore_only():
    game = setup({"mine": 1})
    assert game.resources(0) == {"wood": 0, "food": 0, "ore": 1}
    play_wars(game)
    assert lp_from(game, 0, "mine") == 0


def test_mine_level2_scores_two_lp_per_ore_at_wars():
    game = setup({"mine": 2})
    put(game, 0, 3, "miner")
    assert game.resources(0)["ore"] == 2
    play_wars(game)
    assert lp_from(game, 0, "mine") == 4


def test_temple_level1_brings_two_gold_at_income():
    game = setup({"temple": 1})
    assert game.income(0) == 4
    play_wars(game)
    assert income_event(game, 0) == 4
    assert lp_from(game, 0, "temple") == 0


def test_temple_level2_also_scores_two_lp_at_wars():
    game = setup({"temple": 2})
    put(game, 1, 0, "knight")
    put(game, 2, 0, "knight")
    play_wars(game)
    assert lp_from(game, 0, "temple") == 2
    assert income_event(game, 0) == 4


def test_barracks_level1_adds_one_strength_per_wood():
    game = setup({"barracks": 1, "town": 1})
    put(game, 0, 0, "knight")
    put(game, 0, 3, "woodcutter")  # produces from the Back, does not fight from there
    assert game.resources(0)["wood"] == 2
    total, parts = game.strength_breakdown(0)
    assert total == 4 + 2
    assert ("Barracks (level 1)", 2) in parts


def test_barracks_level1_scores_no_lp_for_strong_units():
    game = setup({"barracks": 1})
    put(game, 0, 0, "knight")
    play_wars(game)
    assert lp_from(game, 0, "barracks") == 0


def test_barracks_level2_scores_lp_per_unit_with_strength_3_or_more_modifiers_included():
    game = setup({"barracks": 2})
    put(game, 0, 0, "cerberus")  # 2, becomes 3 because the Kingdom produces food: counts
    put(game, 0, 1, "woodcutter")  # 2: does not count, the Barracks' +1 is for the Kingdom
    put(game, 0, 3, "farmer")  # 1
    put(game, 0, 4, "knight")  # 4 in the Back: still a Unit of the Kingdom, counts
    play_wars(game)
    assert lp_from(game, 0, "barracks") == 2
    assert game.strength(0) == 3 + 2 + 1  # Cerberus + Woodcutter + 1 per wood


def test_barracks_level2_counts_an_aged_leviathan_that_cannot_fight():
    game = setup({"barracks": 2})
    put(game, 0, 0, "leviathan", age=1)  # aged: produces 2 food, strength 4 + 2x2, stays out of Wars
    assert game.strength(0) == 0
    play_wars(game)
    assert lp_from(game, 0, "barracks") == 1


# ---- construction costs ----


def test_land_cost_is_two_gold_per_building_owned():
    for owned, land in (({}, 0), ({"temple": 1}, 2), ({"temple": 1, "barracks": 1}, 4)):
        game = setup(owned, gold=10, step="construction")
        put(game, 0, 3, "woodcutter")
        assert option(game, 0, "build", "town", 1).gold == land


def test_land_cost_must_be_affordable():
    game = setup({"temple": 1, "barracks": 1}, gold=3, step="construction")
    put(game, 0, 3, "woodcutter")
    assert option(game, 0, "build", "town", 1) is None


def test_upgrade_pays_no_land_cost():
    game = setup({"temple": 1, "barracks": 1, "tavern": 1}, gold=0, step="construction")
    put(game, 0, 3, "forest_child")  # wood + food: the Tavern's level-2 cost
    assert option(game, 0, "upgrade", "tavern") == Upgrade("tavern", 0)


def test_level1_build_needs_its_resources():
    game = setup({}, gold=0, step="construction")
    assert game.construction_options(0) == []
    game = setup({}, gold=0, step="construction")
    put(game, 0, 3, "farmer")
    assert [(o.building, o.level) for o in game.construction_options(0)] == [("tavern", 1)]


def test_direct_level2_town_needs_three_wood():
    game = setup({}, gold=0, step="construction")
    put(game, 0, 3, "woodcutter")
    put(game, 0, 4, "woodcutter")
    assert option(game, 0, "build", "town", 1) is not None
    assert option(game, 0, "build", "town", 2) is None  # wood + wood,wood needed together
    game = setup({}, gold=0, step="construction")
    put(game, 0, 3, "forest_spirit")  # 3 wood
    assert option(game, 0, "build", "town", 2) == Build("town", 2, 0)


def test_direct_level2_tavern_needs_food_wood_food():
    game = setup({}, gold=0, step="construction")
    put(game, 0, 3, "forest_child")  # wood + food
    assert option(game, 0, "build", "tavern", 1) is not None
    assert option(game, 0, "build", "tavern", 2) is None
    game = setup({}, gold=0, step="construction")
    put(game, 0, 3, "forest_child")
    put(game, 0, 4, "farmer")
    assert option(game, 0, "build", "tavern", 2).gold == 0


def test_upgrade_needs_only_the_level2_cost():
    game = setup({"town": 1}, gold=0, step="construction")
    # Town level 1 itself makes 1 wood; a Woodcutter brings the second: wood, wood
    put(game, 0, 3, "woodcutter")
    assert option(game, 0, "upgrade", "town") is not None
    game = setup({"mine": 1}, gold=0, step="construction")
    put(game, 0, 3, "woodcutter")  # wood + the Mine's own ore
    assert option(game, 0, "upgrade", "mine") is not None
    assert option(game, 0, "build", "mine", 1) is None  # already built: no second copy


def test_level2_building_cannot_be_upgraded_or_rebuilt():
    game = setup({"town": 2}, gold=20, step="construction")
    put(game, 0, 3, "forest_spirit")
    assert [o for o in game.construction_options(0) if o.building == "town"] == []


@pytest.mark.parametrize("ore, gold, level, price", [
    (0, 2, 1, 2), (0, 1, 1, None), (1, 0, 1, 0),
    (0, 5, 2, 5), (0, 4, 2, None), (1, 3, 2, 3), (2, 2, 2, 2), (3, 0, 2, 0),
])
def test_temple_gold_alternative_per_level_mixed_with_ore(ore, gold, level, price):
    game = setup({}, gold=gold, step="construction")
    for slot in range(ore):
        put(game, 0, (3, 4, 0)[slot], "miner")
    o = option(game, 0, "build", "temple", level)
    assert (None if o is None else o.gold) == price


@pytest.mark.parametrize("ore, price", [(0, 3), (1, 3), (2, 0)])
def test_temple_upgrade_ore_or_three_gold(ore, price):
    game = setup({"temple": 1}, gold=3, step="construction")
    for slot in range(ore):
        put(game, 0, 3 + slot, "miner")
    assert option(game, 0, "upgrade", "temple").gold == price


def test_temple_gold_alternative_adds_to_land_cost():
    game = setup({"town": 1}, gold=4, step="construction")
    assert option(game, 0, "build", "temple", 1).gold == 2 + 2
    game = setup({"town": 1}, gold=3, step="construction")
    assert option(game, 0, "build", "temple", 1) is None


# ---- construction decisions ----


def test_build_pays_gold_and_places_the_building():
    game = setup({"temple": 1}, gold=5, step="construction")
    put(game, 0, 3, "forest_child")
    put(game, 0, 4, "farmer")
    game.apply(0, {"kind": "build", "building": "tavern", "level": 2})
    pass_all(game)
    p = game.state.players[0]
    assert p.buildings == {"temple": 1, "tavern": 2}
    assert p.gold == 5 - 2
    (e,) = events(game, "building_built", player=0)
    assert (e["building"], e["level"], e["gold"]) == ("tavern", 2, 2)


def test_upgrade_flips_the_building():
    game = setup({"temple": 1}, gold=3, step="construction")
    game.apply(0, {"kind": "upgrade", "building": "temple"})
    pass_all(game)
    assert game.state.players[0].buildings == {"temple": 2}
    assert game.state.players[0].gold == 0
    assert events(game, "building_upgraded", player=0, building="temple", gold=3)


def test_one_construction_per_turn():
    game = setup({}, gold=20, step="construction")
    put(game, 0, 3, "forest_spirit")
    put(game, 0, 4, "farmer")
    game.apply(0, {"kind": "build", "building": "town", "level": 1})
    assert game.pending_for(0) is None
    with pytest.raises(IllegalDecision):
        game.apply(0, {"kind": "build", "building": "barracks", "level": 1})
    pass_all(game)
    assert game.state.players[0].buildings == {"town": 1}


def test_unaffordable_or_unknown_construction_is_refused():
    game = setup({}, gold=1, step="construction")
    put(game, 0, 3, "woodcutter")
    for bad in ({"kind": "build", "building": "town", "level": 2},
                {"kind": "build", "building": "tavern", "level": 1},
                {"kind": "build", "building": "castle", "level": 1},
                {"kind": "upgrade", "building": "town"},
                {"kind": "demolish"}):
        before = game.to_json()
        with pytest.raises(IllegalDecision):
            game.apply(0, bad)
        assert game.to_json() == before


def test_player_without_any_option_is_not_asked():
    game = setup({}, gold=0, step="construction")
    assert game.construction_options(0) == []
    assert game.pending_for(0) is None


# ---- the 5th spot ----


@pytest.mark.parametrize("building", BUILDINGS)
def test_any_level2_building_opens_the_fifth_spot(building):
    game = setup({building: 2})
    (knight,) = give(game, 0, ["knight"])
    assert game.pending_for(0).options.open_slots == (0, 1, 2, 3, 4)
    deploy(game, 0, {2: knight})
    for i in (1, 2):
        deploy_nothing(game, i)
    assert game.state.players[0].slots[2].card == knight
    assert ("Knight (Front 3)", 4) in game.strength_breakdown(0)[1]


@pytest.mark.parametrize("buildings", [{}, {b: 1 for b in BUILDINGS}])
def test_fifth_spot_is_closed_without_a_level2_building(buildings):
    game = setup(buildings)
    (knight,) = give(game, 0, ["knight"])
    assert game.pending_for(0).options.open_slots == (0, 1, 3, 4)
    before = game.to_json()
    with pytest.raises(IllegalDecision, match="5th spot"):
        deploy(game, 0, {2: knight})
    assert game.to_json() == before


def test_building_level2_during_construction_opens_the_spot_next_turn():
    game = setup({}, gold=5, step="construction")
    put(game, 0, 3, "forest_spirit")
    game.apply(0, {"kind": "build", "building": "town", "level": 2})
    pass_all(game)
    assert game.state.turn == 2
    assert game.state.players[0].has_fifth_slot()


# ---- end of game ----


def test_buildings_score_one_or_three_lp_at_game_end():
    game = setup({"town": 1, "tavern": 2, "mine": 1, "temple": 2, "barracks": 2}, gold=0, step="construction")
    game.state.turn = 4
    lp_before = game.state.players[0].lp
    pass_all(game)
    game.resume()
    assert game.over
    for key, lp in (("town", 1), ("mine", 1), ("tavern", 3), ("temple", 3), ("barracks", 3)):
        assert [e["amount"] for e in events(game, "lp", player=0, cause=key, phase="end")] == [lp]
    assert game.state.players[0].lp == lp_before + 11


def test_land_cost_is_two_gold_per_building_and_nothing_with_a_landlord():
    game = new_game(3)
    game.state.players[0].buildings = {"town": 1, "mine": 2}
    assert game.land_cost(0) == 4
    put(game, 0, 3, "landlord")
    assert game.land_cost(0) == 0


@pytest.mark.parametrize("players", [2, 3, 5])
def test_construction_options_priced_with_the_wars_resources_are_those_of_a_loaded_game(players):
    # The Construction step prices with each Kingdom's resources as the Wars worked them out; a game
    # loaded at that step (a copy) works them out again: the same options, every turn of these games
    import random

    from papertales_tui.rules.random_play import random_decision

    for seed in range(6):
        game = new_game(players, seed=seed)
        rng = random.Random(seed)
        checked = 0
        while not game.over:
            if game.state.step == "construction":
                fresh = game.copy()
                assert [game.construction_options(i) for i in range(players)] == \
                    [fresh.construction_options(i) for i in range(players)]
                checked += 1
            pend = game.pending()[0]
            game.apply(pend.player, random_decision(game, pend, rng))
        assert checked

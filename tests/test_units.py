"""Unit abilities read through the Kingdom queries: production, strength, Income and Construction prices.

Each test builds a small explicit Kingdom (slots 0-2 Front, 3-4 Back) and asks the engine about it.
"""

from conftest import deploy_nothing, events, goto, new_game, put


def kingdom(*units: tuple[int, str] | tuple[int, str, int], buildings: dict | None = None, gold: int = 3):
    """A 3-player game whose player 0 has these units ((slot, key) or (slot, key, age))."""
    game = new_game(3)
    for slot, key, *age in units:
        put(game, 0, slot, key, *age)
    game.state.players[0].buildings = dict(buildings or {})
    game.state.players[0].gold = gold
    return game


def res(wood=0, food=0, ore=0) -> dict:
    return {"wood": wood, "food": food, "ore": ore}


def price(game, kind: str, building: str, level: int | None = None) -> int | None:
    for o in game.construction_options(0):
        if o.kind == kind and o.building == building and (level is None or o.level == level):
            return o.gold
    return None


# ---- production-only units and plain strength ----


def test_plain_producers():
    assert kingdom((0, "farmer")).resources(0) == res(food=1)
    assert kingdom((3, "forest_child")).resources(0) == res(wood=1, food=1)
    assert kingdom((0, "forest_spirit")).resources(0) == res(wood=3)
    assert kingdom((4, "miner")).resources(0) == res(ore=1)
    assert kingdom((0, "treefolk")).resources(0) == res(food=1)
    assert kingdom((3, "woodcutter")).resources(0) == res(wood=1)


def test_producers_add_up_front_and_back():
    game = kingdom((0, "farmer"), (3, "woodcutter"), (4, "forest_spirit"), (1, "miner"))
    assert game.resources(0) == res(wood=4, food=1, ore=1)


def test_plain_strengths():
    game = kingdom((0, "knight"), (1, "farmer"), (3, "forest_spirit"))
    assert game.strength(0) == 4 + 1  # Forest Spirit in the Back does not fight
    assert kingdom((0, "forest_spirit"), (1, "treefolk")).strength(0) == 3 + 3
    assert kingdom((0, "woodcutter"), (1, "miner")).strength(0) == 2 + 2
    assert kingdom((0, "forest_child")).strength(0) == 1


def test_hunter_produces_food_only_from_the_front():
    assert kingdom((0, "hunter")).resources(0) == res(food=1)
    assert kingdom((3, "hunter")).resources(0) == res()
    assert kingdom((4, "hunter")).resources(0) == res()


def test_hunter_in_the_fifth_spot_is_in_the_front():
    game = kingdom((2, "hunter"), buildings={"town": 2})
    assert game.resources(0) == res(wood=1, food=2, ore=1)  # level-2 Town: wood, food, ore


def test_adventurer_produces_one_ore_per_age():
    assert kingdom((0, "adventurer")).resources(0) == res()
    assert kingdom((3, "adventurer", 1)).resources(0) == res(ore=1)
    assert kingdom((0, "adventurer", 3)).resources(0) == res(ore=3)
    assert kingdom((0, "adventurer", 2)).strength(0) == 2  # Age does not change its strength


def test_cave_spirit_produces_ore():
    game = kingdom((0, "cave_spirit"))
    assert game.resources(0) == res(ore=1)
    assert game.strength(0) == 4


def test_landlord_produces_wood():
    assert kingdom((3, "landlord")).resources(0) == res(wood=1)


# ---- strength ----


def test_archer_fights_from_the_back():
    game = kingdom((3, "archer"), (4, "knight"))
    total, parts = game.strength_breakdown(0)
    assert total == 2
    assert parts == [("Archer (Back 1)", 2)]
    assert kingdom((0, "archer")).strength(0) == 2


def test_strategist_fights_from_the_back_with_one_strength_per_age_in_the_kingdom():
    assert kingdom((4, "strategist")).strength(0) == 1
    game = kingdom((4, "strategist", 1), (0, "knight", 2), (3, "farmer", 1))
    assert game.strength(0) == (1 + 4) + 4  # its own Age counts too; the Back Farmer does not fight


def test_cerberus_is_three_while_the_kingdom_produces_food():
    assert kingdom((0, "cerberus")).strength(0) == 2
    assert kingdom((0, "cerberus"), (3, "farmer")).strength(0) == 3
    assert kingdom((0, "cerberus"), (3, "farmer"), (4, "treefolk")).strength(0) == 3  # not per food
    assert kingdom((0, "cerberus"), buildings={"town": 1}).strength(0) == 3  # a Building's food counts
    assert kingdom((0, "cerberus"), (3, "hunter")).strength(0) == 2  # a Back Hunter makes no food


def test_dragon_is_seven_while_the_kingdom_produces_ore():
    assert kingdom((0, "dragon")).strength(0) == 0
    assert kingdom((0, "dragon"), (3, "miner")).strength(0) == 7
    assert kingdom((0, "dragon"), (3, "adventurer", 1)).strength(0) == 7
    assert kingdom((0, "dragon"), buildings={"mine": 1}).strength(0) == 7


def test_colossus_is_seven_once_aged():
    assert kingdom((0, "colossus")).strength(0) == 1
    assert kingdom((0, "colossus", 1)).strength(0) == 7
    assert kingdom((0, "colossus", 2)).strength(0) == 7


def test_giant_snake_falls_to_zero_once_aged():
    assert kingdom((0, "giant_snake")).strength(0) == 4
    assert kingdom((0, "giant_snake", 1)).strength(0) == 0


def test_militiaman_gains_one_per_own_age():
    assert kingdom((0, "militiaman")).strength(0) == 2
    assert kingdom((0, "militiaman", 2), (1, "knight", 3)).strength(0) == 4 + 4


def test_salamander_gains_one_per_own_age():
    assert kingdom((0, "salamander")).strength(0) == 4
    assert kingdom((0, "salamander", 1)).strength(0) == 5


def test_manticore_gains_two_per_food():
    assert kingdom((0, "manticore")).strength(0) == 2
    game = kingdom((0, "manticore"), (3, "farmer"), (4, "forest_child"), buildings={"town": 1})
    assert game.resources(0)["food"] == 3
    assert game.strength(0) == 2 + 6


def test_leviathan_gains_two_per_food_while_unaged():
    assert kingdom((0, "leviathan")).resources(0) == res()
    assert kingdom((0, "leviathan")).strength(0) == 4
    assert kingdom((0, "leviathan"), (3, "farmer")).strength(0) == 4 + 2


def test_aged_leviathan_produces_two_food_and_cannot_fight():
    game = kingdom((0, "leviathan", 1), (1, "manticore"))
    assert game.resources(0) == res(food=2)
    total, parts = game.strength_breakdown(0)
    assert parts == [("Manticore (Front 2)", 2 + 4)]
    assert total == 6


def test_ogre_gains_one_per_gold_of_this_turns_income_base_included():
    game = kingdom((0, "ogre"))
    assert game.income(0) == 2
    assert game.strength(0) == 2 + 2
    game = kingdom((0, "ogre"), (3, "blacksmith"), (4, "giant_snake", 1), buildings={"temple": 1})
    assert game.income(0) == 2 + 1 + 3 + 2
    assert game.strength(0) == 2 + 8


def test_necromancer_and_veteran_and_cave_spirit_strengths():
    assert kingdom((0, "necromancer")).strength(0) == 4
    assert kingdom((0, "veteran", 1)).strength(0) == 3
    assert kingdom((0, "cave_spirit", 1)).strength(0) == 4


def test_units_without_strength_bonus():
    for key, strength in [("blacksmith", 1), ("cook", 1), ("commander", 4), ("demon", 7), ("golem", 3),
                          ("grand_architect", 1), ("kraken", 9), ("landlord", 1), ("master_alchemist", 1),
                          ("monkey", 1), ("mystical_healer", 1), ("palm_reader", 1), ("peddler", 1),
                          ("relic_of_wisdom", 0), ("rogue", 3), ("sculptor", 1), ("time_master", 1),
                          ("wood_merchant", 1)]:
        assert kingdom((0, key)).strength(0) == strength, key


# ---- Income ----


def test_income_base_is_two():
    assert kingdom().income(0) == 2
    assert kingdom((0, "knight")).income(0) == 2


def test_blacksmith_brings_one_gold():
    assert kingdom((3, "blacksmith")).income(0) == 3
    assert kingdom((0, "blacksmith"), (3, "blacksmith")).income(0) == 4


def test_peddler_brings_one_gold_and_produces_wood():
    game = kingdom((3, "peddler"))
    assert game.income(0) == 3
    assert game.resources(0) == res(wood=1)


def test_cook_brings_one_gold_per_food():
    assert kingdom((0, "cook")).income(0) == 2
    game = kingdom((0, "cook"), (3, "farmer"), (4, "treefolk"), buildings={"town": 1})
    assert game.income(0) == 2 + 3


def test_giant_snake_brings_three_gold_once_aged():
    assert kingdom((0, "giant_snake")).income(0) == 2
    assert kingdom((0, "giant_snake", 1)).income(0) == 5


def test_master_alchemist_brings_one_gold_per_wood():
    assert kingdom((3, "master_alchemist")).income(0) == 2
    game = kingdom((3, "master_alchemist"), (0, "woodcutter"), (4, "forest_spirit"))
    assert game.income(0) == 2 + 4


# ---- Construction ----


def test_landlord_ignores_the_land_cost():
    base = {"town": 1, "mine": 1}
    assert price(kingdom((0, "woodcutter"), buildings=base, gold=10), "build", "barracks", 1) == 4
    assert price(kingdom((0, "landlord"), buildings=base, gold=10), "build", "barracks", 1) == 0


def test_landlord_can_build_with_no_gold():
    game = kingdom((0, "landlord"), buildings={"town": 1, "mine": 1, "temple": 1}, gold=0)
    assert price(game, "build", "barracks", 1) == 0


def test_grand_architect_buys_any_mix_of_missing_resources():
    game = kingdom((0, "grand_architect"), gold=10)
    assert price(game, "build", "town", 1) == 1  # wood
    assert price(game, "build", "tavern", 1) == 1  # food
    assert price(game, "build", "mine", 2) == 3  # wood + wood + ore
    assert price(game, "build", "tavern", 2) == 3  # food + wood + food


def test_grand_architect_pays_only_for_what_is_missing():
    game = kingdom((0, "grand_architect"), (3, "farmer"), gold=10)
    assert price(game, "build", "tavern", 1) == 0
    assert price(game, "build", "tavern", 2) == 2  # one food produced: one food and the wood bought
    game = kingdom((0, "grand_architect"), (3, "farmer"), gold=1)
    assert price(game, "build", "tavern", 2) is None  # 2 Gold needed, 1 owned


def test_grand_architect_adds_to_the_land_cost():
    game = kingdom((0, "grand_architect"), buildings={"town": 1}, gold=10)
    assert price(game, "build", "mine", 1) == 2  # its wood comes from the Town: land cost only
    assert price(game, "build", "tavern", 2) == 2 + 1  # land + the second food


def test_wood_merchant_buys_only_wood():
    game = kingdom((0, "wood_merchant"), gold=10)
    assert price(game, "build", "town", 1) == 1
    assert price(game, "build", "town", 2) == 3  # wood + wood wood
    assert price(game, "build", "tavern", 1) is None  # food cannot be bought
    assert price(game, "build", "mine", 2) is None  # nor ore
    game = kingdom((0, "wood_merchant"), (3, "miner"), gold=10)
    assert price(game, "build", "mine", 2) == 2  # the ore is produced, the 2 wood are bought


def test_without_a_merchant_missing_resources_cannot_be_bought():
    game = kingdom((0, "knight"), gold=10)
    assert price(game, "build", "town", 1) is None
    assert price(game, "build", "temple", 1) == 2  # only the Temple's own Gold alternative


def test_war_strength_event_shows_the_kingdom_as_it_fights():
    game = goto(kingdom((0, "knight", 1), (3, "archer"), (4, "farmer"), buildings={"barracks": 1}), "deploy")
    game.state.players[0].buildings["town"] = 1
    put(game, 0, 1, "woodcutter")
    knight, archer, farmer, woodcutter = (game.state.players[0].slots[k].card for k in (0, 3, 4, 1))
    for i in range(3):
        deploy_nothing(game, i)
    (e,) = events(game, "war_strength", player=0)
    assert e["units"] == [[0, knight, 1, 4, True], [1, woodcutter, 0, 2, True], [3, archer, 0, 2, True],
                          [4, farmer, 0, 1, False]]
    assert e["buildings"] == [["barracks", 1, 2], ["town", 1, 0]]  # Barracks: 1 per wood (Woodcutter, Town)
    assert e["parts"] == [{"card": "knight", "spot": 0, "strength": 4},
                          {"card": "woodcutter", "spot": 1, "strength": 2},
                          {"card": "archer", "spot": 3, "strength": 2},
                          {"building": "barracks", "level": 1, "strength": 2}]  # by key; the Town adds none
    assert e["strength"] == 4 + 2 + 2 + 2
    assert sum(s for *_, s, fights in e["units"] if fights) + sum(b[2] for b in e["buildings"]) == e["strength"]


def test_would_die_with_more_age_tokens():
    game = kingdom((0, "knight"), (1, "salamander", 1), (3, "relic_of_wisdom"))
    assert not game.would_die(0, 0) and game.would_die(0, 0, 2)
    assert not game.would_die(0, 1) and game.would_die(0, 1, 1)  # Salamander dies at 2 Age tokens
    assert not game.would_die(0, 3, 3)  # Relic of Wisdom never dies
    assert not game.would_die(0, 2)  # an empty spot

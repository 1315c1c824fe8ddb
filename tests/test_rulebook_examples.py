"""The rulebook's worked examples, replayed through the engine."""

from conftest import deploy_nothing, events, give, goto, new_game, put, take

from papertales_tui.rules.decisions import Build, Upgrade
from papertales_tui.rules.engine import Game
from papertales_tui.text.narrator import Names, strength_part

MARIE, SEBASTIAN, DENIS, FRED = range(4)


def four_players() -> Game:
    return Game.new(["Marie", "Sebastian", "Denis", "Fred"], seed=1)


def test_recruitment_marie_keeps_relic_and_passes_four_cards_left():
    # "Marie gets 5 cards ... keeps Relic ... passes the 4 remaining cards to her left neighbor. At the
    # same time, she receives 4 cards from her right neighbor."
    game = four_players()
    marie = game.state.players[MARIE]
    relic = take(game, "relic_of_wisdom")
    game.state.deck.append(marie.draft[0])
    marie.draft[0] = relic
    passed_on = [c for c in marie.draft if c != relic]
    from_right = game.state.players[FRED].draft[1:]  # Fred keeps his first card
    game.apply(MARIE, {"kind": "pick", "card": relic})
    for i in (SEBASTIAN, DENIS, FRED):
        game.apply(i, {"kind": "pick", "card": game.state.players[i].draft[0]})
    assert marie.hand == [relic]
    assert sorted(game.state.players[SEBASTIAN].draft) == sorted(passed_on)  # left = next seat
    assert sorted(marie.draft) == sorted(from_right)  # Fred, the seat before hers, is on her right


def test_wars_marie_with_demon_and_woodcutter_in_the_front_has_strength_9():
    game = goto(four_players(), "deploy")
    demon, woodcutter = give(game, MARIE, ["demon", "woodcutter"])
    game.apply(MARIE, {"kind": "deploy", "slots": [demon, woodcutter, None, None, None], "keep": None})
    assert game.state.players[MARIE].slots == [None] * 5  # face down until everyone is ready
    for i in (SEBASTIAN, DENIS, FRED):
        deploy_nothing(game, i)
    assert game.state.players[MARIE].slots[0].age == 1  # the Demon ages on reveal; its strength stays 7
    assert game.strength(MARIE) == 9
    (e,) = events(game, "war_strength", player=MARIE)
    assert e["strength"] == 9
    assert e["parts"] == [{"card": "demon", "spot": 0, "strength": 7}, {"card": "woodcutter", "spot": 1, "strength": 2}]
    assert [strength_part(p, Names.of(game)) for p in e["parts"]] == ["Demon (Front 1)", "Woodcutter (Front 2)"]


def test_wars_four_player_table():
    # "Marie wins 2 Wars, against Sebastian and Fred. Denis also wins 2 Wars, against Sebastian and Fred.
    # Sebastian wins a single War against Denis, and Fred does not win any Wars."
    # So Marie's neighbours are Sebastian and Fred, and so are Denis's: around the table they sit
    # Marie, Sebastian, Denis, Fred. Denis beats Sebastian and Sebastian beats Denis: a tie, won by both.
    # Marie beats Sebastian and Fred without being tied (they win nothing against her), and Denis beats
    # Fred. Strengths 9 / 5 / 5 / 3 fit.
    game = goto(four_players(), "deploy")
    put(game, MARIE, 0, "demon")
    put(game, MARIE, 1, "woodcutter")  # 7 + 2 = 9
    put(game, SEBASTIAN, 0, "knight")
    put(game, SEBASTIAN, 1, "blacksmith")  # 4 + 1 = 5
    put(game, DENIS, 0, "knight")
    put(game, DENIS, 1, "farmer")  # 4 + 1 = 5
    put(game, FRED, 0, "woodcutter")
    put(game, FRED, 1, "farmer")  # 2 + 1 = 3
    assert [game.strength(i) for i in range(4)] == [9, 5, 5, 3]
    for i in range(4):
        deploy_nothing(game, i)
    wars = {tuple(e["players"]): e["winners"] for e in events(game, "war")}
    assert wars == {(MARIE, SEBASTIAN): [MARIE], (SEBASTIAN, DENIS): [SEBASTIAN, DENIS],
                    (DENIS, FRED): [DENIS], (FRED, MARIE): [MARIE]}
    assert [sum(e["amount"] for e in events(game, "lp", player=i, cause="wars")) for i in range(4)] == [6, 3, 6, 0]


def test_income_julian_earns_5_with_blacksmith_and_temple():
    game = goto(new_game(3), "deploy")
    put(game, 0, 0, "blacksmith")
    game.state.players[0].buildings = {"temple": 1}
    assert game.income(0) == 2 + 1 + 2
    for i in range(3):
        deploy_nothing(game, i)
    assert events(game, "gold", player=0, cause="income")[0]["amount"] == 5


def test_construction_jean_baptiste_builds_tavern_at_level_2_for_4_gold():
    # Two Buildings already (neither produces resources): Land cost 4. His Units produce food, food and
    # wood: the level-1 cost (food) and the level-2 cost (wood, food) together.
    game = goto(new_game(3), "construction")
    jb = game.state.players[0]
    jb.buildings = {"temple": 1, "barracks": 1}
    jb.gold = 4
    put(game, 0, 0, "farmer")
    put(game, 0, 1, "farmer")
    put(game, 0, 3, "woodcutter")
    assert Build("tavern", 2, 4) in game.construction_options(0)
    game.apply(0, {"kind": "build", "building": "tavern", "level": 2})
    for pend in game.pending():
        game.apply(pend.player, {"kind": "pass"})
    assert jb.buildings["tavern"] == 2
    assert jb.gold == 0
    # "Thanks to the Level 2 Tavern ... allowed to have 5 Units deployed in his Kingdom"
    assert jb.open_slots() == (0, 1, 2, 3, 4)


def test_construction_denis_upgrades_town_with_forest_spirit():
    game = goto(new_game(3), "construction")
    denis = game.state.players[0]
    denis.buildings = {"town": 1}
    denis.gold = 0
    put(game, 0, 3, "forest_spirit")
    assert Upgrade("town", 0) in game.construction_options(0)


def test_aging_colossus_and_farmer_die_and_the_others_get_an_age_token():
    game = goto(new_game(3), "heal")
    colossus = put(game, 0, 0, "colossus", age=1)
    farmer = put(game, 0, 3, "farmer", age=1)
    knight = put(game, 0, 1, "knight")
    woodcutter = put(game, 0, 4, "woodcutter")
    game.resume()
    denis = game.state.players[0]
    assert {u.card: u.age for _, u in denis.units()} == {knight: 1, woodcutter: 1}
    assert {e["card"] for e in events(game, "unit_died", player=0)} == {colossus, farmer}
    assert colossus in game.state.discard or colossus in game.state.deck  # discarded (maybe reshuffled)
    assert game.state.turn == 2


def test_deployment_fred_discards_time_master_moves_hunter_and_pays_3_gold():
    game = goto(four_players(), "deploy", turn=2)
    fred = game.state.players[FRED]
    fred.gold = 4
    hunter = put(game, FRED, 0, "hunter", age=1)
    time_master = put(game, FRED, 1, "time_master", age=1)
    knight = put(game, FRED, 3, "knight", age=1)
    demon, miner = give(game, FRED, ["demon", "miner"])
    game.apply(FRED, {"kind": "deploy", "slots": [demon, miner, None, knight, hunter], "keep": None})
    for i in (MARIE, SEBASTIAN, DENIS):
        deploy_nothing(game, i)
    assert [u and (u.card, u.age) for u in fred.slots] == [(demon, 1), (miner, 0), None, (knight, 1), (hunter, 1)]
    assert events(game, "unit_discarded", player=FRED, card=time_master, reason="make_room")
    assert not events(game, "unit_died")  # making room is not dying
    assert time_master in game.state.discard
    (paid,) = events(game, "gold", player=FRED, cause="deployment")
    assert paid["amount"] == -3
    assert not events(game, "age_added", player=FRED, cause="time_master")  # discarded, not revealed

"""Unit abilities of the Deployment (phase 2) and Wars (phase 3), driven through real decisions."""

import pytest
from conftest import deploy, deploy_nothing, events, give, gold_from, goto, lp_from, new_game, put, take, unit

from papertales_tui.rules.engine import IllegalDecision


def at_deployment(players: int = 3, gold: int = 3, lp: int = 0):
    game = goto(new_game(players), "deploy")
    for p in game.state.players:
        p.gold, p.lp = gold, lp
    return game


def others_pass(game, first: int = 1) -> None:
    """Every other player confirms an empty deployment (their Kingdoms stay empty: strength 0)."""
    for i in range(first, len(game.state.players)):
        deploy_nothing(game, i)


# ---- Age on reveal ----


def test_veteran_takes_one_age_on_reveal():
    game = at_deployment()
    (vet,) = give(game, 0, ["veteran"])
    deploy(game, 0, {3: vet})
    others_pass(game)
    assert unit(game, 0, 3).age == 1


def test_cave_spirit_takes_one_age_on_reveal():
    game = at_deployment()
    (spirit,) = give(game, 0, ["cave_spirit"])
    deploy(game, 0, {0: spirit})
    others_pass(game)
    assert unit(game, 0, 0).age == 1
    assert events(game, "age_added", player=0, cause="cave_spirit")


def test_demon_takes_one_age_on_reveal():
    game = at_deployment()
    (demon,) = give(game, 0, ["demon"])
    deploy(game, 0, {0: demon})
    others_pass(game)
    assert unit(game, 0, 0).age == 1


def test_reveal_abilities_apply_only_on_the_turn_of_the_reveal():
    game = at_deployment()
    put(game, 0, 0, "veteran", age=0)  # deployed on an earlier turn (e.g. saved and reset by hand)
    deploy_nothing(game, 0)
    others_pass(game)
    assert unit(game, 0, 0).age == 0


def test_necromancer_ages_each_other_unit_but_not_itself():
    game = at_deployment()
    put(game, 0, 0, "knight")
    put(game, 0, 3, "farmer", age=1)
    necro, vet = give(game, 0, ["necromancer", "veteran"])
    deploy(game, 0, {1: necro, 4: vet})
    others_pass(game)
    assert unit(game, 0, 1).age == 0
    assert unit(game, 0, 0).age == 1
    assert unit(game, 0, 3).age == 2
    assert unit(game, 0, 4).age == 2  # a Unit revealed with it is one of the others: +1 own, +1 Necromancer


# ---- Golem ----


def test_golem_upgrades_every_level_one_building_for_free():
    game = at_deployment(gold=2)
    game.state.players[0].buildings = {"town": 1, "tavern": 1}
    (golem,) = give(game, 0, ["golem"])
    deploy(game, 0, {0: golem})
    others_pass(game)
    assert game.state.players[0].buildings == {"town": 2, "tavern": 2}
    assert len(events(game, "building_upgraded", player=0, cause="golem")) == 2
    assert not events(game, "building_built", player=0)  # it only upgrades, never builds


def test_golem_cannot_open_the_fifth_spot_on_its_own_turn():
    game = at_deployment(gold=3)
    game.state.players[0].buildings = {"town": 1}
    golem, knight = give(game, 0, ["golem", "knight"])
    with pytest.raises(IllegalDecision):
        deploy(game, 0, {2: golem})
    with pytest.raises(IllegalDecision):
        deploy(game, 0, {0: golem, 2: knight})
    assert game.pending_for(0).options.open_slots == (0, 1, 3, 4)
    deploy(game, 0, {0: golem, 1: knight})
    others_pass(game)
    assert game.state.players[0].buildings == {"town": 2}
    goto(game, "deploy")  # the next Deployment has the 5th spot
    assert game.pending_for(0).options.open_slots == (0, 1, 2, 3, 4)


def test_fifth_spot_open_with_a_level_two_building_at_deployment():
    game = at_deployment(gold=3)
    game.state.players[0].buildings = {"mine": 2}
    (golem,) = give(game, 0, ["golem"])
    deploy(game, 0, {2: golem})
    others_pass(game)
    assert unit(game, 0, 2).card == golem


# ---- Kraken ----


def test_kraken_ages_each_other_unit_but_not_itself():
    game = at_deployment(gold=6)
    put(game, 0, 3, "farmer")
    put(game, 0, 1, "knight", age=1)
    (kraken,) = give(game, 0, ["kraken"])
    deploy(game, 0, {0: kraken})
    others_pass(game)
    assert [unit(game, 0, s).age for s in (0, 1, 3)] == [0, 2, 1]


def test_kraken_loses_three_lp_per_level_two_building():
    game = at_deployment(gold=6, lp=10)
    game.state.players[0].buildings = {"town": 2, "mine": 2, "tavern": 1}
    (kraken,) = give(game, 0, ["kraken"])
    deploy(game, 0, {0: kraken})
    others_pass(game)
    assert lp_from(game, 0, "kraken") == -6


def test_kraken_counts_buildings_a_golem_upgraded_the_same_turn():
    game = at_deployment(gold=8, lp=10)
    game.state.players[0].buildings = {"town": 1, "mine": 2}
    kraken, golem = give(game, 0, ["kraken", "golem"])
    deploy(game, 0, {0: kraken, 1: golem})  # Kraken revealed first, yet counted at the end of the phase
    others_pass(game)
    assert lp_from(game, 0, "kraken") == -6
    assert unit(game, 0, 1).age == 1  # Golem is one of Kraken's other Units


def test_kraken_penalty_is_not_repeated_on_later_turns():
    game = at_deployment(lp=10)
    game.state.players[0].buildings = {"town": 2}
    put(game, 0, 0, "kraken")
    deploy_nothing(game, 0)
    others_pass(game)
    assert lp_from(game, 0, "kraken") == 0


def test_kraken_penalty_leaves_the_score_at_zero():
    game = at_deployment(gold=6, lp=2)
    game.state.players[0].buildings = {"town": 2}
    (kraken,) = give(game, 0, ["kraken"])
    deploy(game, 0, {0: kraken})
    others_pass(game)
    assert events(game, "lp", player=0, cause="kraken")[0]["total"] == 0
    assert lp_from(game, 0, "kraken") == -2


# ---- Monkey ----


def test_monkey_gold_pays_for_another_unit_at_once():
    game = at_deployment(gold=0)
    monkey, knight = give(game, 0, ["monkey", "knight"])
    with pytest.raises(IllegalDecision):
        deploy(game, 0, {1: knight})  # the Knight alone cannot be paid
    deploy(game, 0, {0: monkey, 1: knight})
    others_pass(game)
    assert unit(game, 0, 0).card == monkey and unit(game, 0, 1).card == knight
    assert not events(game, "unit_unpaid", player=0)
    assert game.state.players[0].gold == 2  # deployment cost nothing net; then the base Income


def test_monkey_alone_earns_one_gold():
    game = at_deployment(gold=0)
    (monkey,) = give(game, 0, ["monkey"])
    deploy(game, 0, {0: monkey})
    others_pass(game)
    assert events(game, "gold", player=0, cause="deployment") == [
        {"type": "gold", "phase": "deployment", "player": 0, "amount": 1, "cause": "deployment", "total": 1}]


def test_monkey_pays_for_one_unit_only():
    game = at_deployment(gold=0)
    monkey, k1, k2 = give(game, 0, ["monkey", "knight", "knight"])
    with pytest.raises(IllegalDecision):
        deploy(game, 0, {0: monkey, 1: k1, 3: k2})
    p = game.state.players[0]
    slots = [monkey, k1, None, k2, None]
    game.apply(0, {"kind": "deploy", "slots": slots, "keep": None, "unpaid": [k2]})
    others_pass(game)
    assert events(game, "unit_unpaid", player=0, card=k2)
    assert p.slots[3] is None


# ---- Shapeshifter ----


def rig_deck(game, keys: list[str]) -> list[int]:
    """Put these units on top of the draw pile, the first one drawn first."""
    ids = [take(game, k) for k in keys]
    game.state.deck.extend(reversed(ids))
    return ids


def test_shapeshifter_draws_until_a_unit_costing_three_or_less():
    game = at_deployment(gold=0)
    (shifter,) = give(game, 0, ["shapeshifter"])
    kraken, knight = rig_deck(game, ["kraken", "knight"])
    deploy(game, 0, {3: shifter})
    others_pass(game)
    s = game.state
    assert unit(game, 0, 3).card == knight
    assert unit(game, 0, 3).age == 1
    assert shifter in s.discard and kraken in s.discard
    assert events(game, "unit_replaced", player=0, slot=3, old=shifter, new=knight, cause="shapeshift")
    assert not events(game, "gold", player=0, cause="deployment")  # the new Unit comes free


def test_shapeshifter_takes_a_unit_costing_exactly_three():
    game = at_deployment(gold=0)
    (shifter,) = give(game, 0, ["shapeshifter"])
    (dragon,) = rig_deck(game, ["dragon"])
    deploy(game, 0, {0: shifter})
    others_pass(game)
    assert unit(game, 0, 0).card == dragon


def test_shapeshifter_new_unit_applies_its_own_reveal_abilities():
    game = at_deployment(gold=0)
    put(game, 0, 0, "knight")
    (shifter,) = give(game, 0, ["shapeshifter"])
    (necro,) = rig_deck(game, ["necromancer"])
    deploy(game, 0, {1: shifter})
    others_pass(game)
    assert unit(game, 0, 1).card == necro
    assert unit(game, 0, 1).age == 1  # the Shapeshifter's Age token only
    assert unit(game, 0, 0).age == 1  # the Necromancer's reveal ability


def test_shapeshifter_into_veteran_gets_both_age_tokens():
    game = at_deployment(gold=0)
    (shifter,) = give(game, 0, ["shapeshifter"])
    rig_deck(game, ["veteran"])
    deploy(game, 0, {0: shifter})
    others_pass(game)
    assert unit(game, 0, 0).age == 2


def test_shapeshifter_into_golem_upgrades_buildings():
    game = at_deployment(gold=0)
    game.state.players[0].buildings = {"town": 1}
    (shifter,) = give(game, 0, ["shapeshifter"])
    rig_deck(game, ["golem"])
    deploy(game, 0, {0: shifter})
    others_pass(game)
    assert game.state.players[0].buildings == {"town": 2}


# ---- Time Master ----


def test_time_master_puts_two_age_on_the_chosen_unit():
    game = at_deployment()
    put(game, 0, 0, "knight")
    (tm,) = give(game, 0, ["time_master"])
    deploy(game, 0, {3: tm})
    others_pass(game)
    pend = game.pending_for(0)
    assert pend.kind == "age_target"
    assert pend.options.amount == 2
    assert sorted(pend.options.slots) == [0, 3]
    game.apply(0, {"kind": "age_target", "slot": 0})
    assert unit(game, 0, 0).age == 2 and unit(game, 0, 3).age == 0
    assert game.state.phase != "deployment"  # the choice closed the phase


def test_time_master_may_choose_herself():
    game = at_deployment()
    put(game, 0, 0, "knight")
    (tm,) = give(game, 0, ["time_master"])
    deploy(game, 0, {3: tm})
    others_pass(game)
    game.apply(0, {"kind": "age_target", "slot": 3})
    assert unit(game, 0, 3).age == 2 and unit(game, 0, 0).age == 0


def test_time_master_target_must_be_one_of_your_units():
    game = at_deployment()
    put(game, 0, 0, "knight")
    (tm,) = give(game, 0, ["time_master"])
    deploy(game, 0, {3: tm})
    others_pass(game)
    for bad in (1, 4, None, "0"):
        with pytest.raises(IllegalDecision):
            game.apply(0, {"kind": "age_target", "slot": bad})


def test_time_master_alone_ages_herself_without_asking():
    game = at_deployment()
    (tm,) = give(game, 0, ["time_master"])
    deploy(game, 0, {0: tm})
    others_pass(game)
    assert game.pending_for(0) is None or game.pending_for(0).kind != "age_target"
    assert unit(game, 0, 0).age == 2


# ---- Master Alchemist ----


def test_master_alchemist_puts_one_age_per_food_all_on_one_unit_every_turn():
    game = at_deployment()
    put(game, 0, 3, "master_alchemist")  # deployed on an earlier turn: no reveal icon, still applies
    put(game, 0, 0, "farmer")
    put(game, 0, 1, "treefolk")
    deploy_nothing(game, 0)
    others_pass(game)
    pend = game.pending_for(0)
    assert pend.kind == "age_target" and pend.options.amount == 2
    game.apply(0, {"kind": "age_target", "slot": 1})
    assert [unit(game, 0, s).age for s in (0, 1, 3)] == [0, 2, 0]


def test_master_alchemist_with_no_food_adds_nothing():
    game = at_deployment()
    put(game, 0, 3, "master_alchemist")
    put(game, 0, 0, "knight")
    deploy_nothing(game, 0)
    others_pass(game)
    assert game.state.phase != "deployment"
    assert unit(game, 0, 0).age == 0 and unit(game, 0, 3).age == 0


def test_master_alchemist_scores_one_lp_per_ore_per_war_won():
    game = at_deployment()
    put(game, 0, 0, "master_alchemist")
    put(game, 0, 1, "miner")
    put(game, 0, 3, "adventurer", age=1)  # 2 ore in all
    deploy_nothing(game, 0)
    others_pass(game)
    assert events(game, "war", players=[0, 1])[0]["winners"] == [0]
    assert lp_from(game, 0, "master_alchemist") == 2 * 2  # 2 ore x 2 Wars won


def test_master_alchemist_scores_nothing_without_a_war_won():
    game = at_deployment()
    put(game, 0, 3, "master_alchemist")
    put(game, 0, 4, "miner")
    put(game, 1, 0, "knight")
    put(game, 2, 0, "knight")
    deploy_nothing(game, 0)
    others_pass(game)
    assert lp_from(game, 0, "master_alchemist") == 0


# ---- Wars scoring: Commander, Colossus, Rogue ----


def test_commander_scores_one_lp_per_war_won():
    game = at_deployment()
    put(game, 0, 0, "commander")
    deploy_nothing(game, 0)
    others_pass(game)
    assert lp_from(game, 0, "wars") == 6
    assert lp_from(game, 0, "commander") == 2


def test_commander_with_one_war_won():
    game = at_deployment()
    put(game, 0, 0, "commander")
    put(game, 2, 0, "dragon")
    put(game, 2, 1, "miner")  # 7 + 2 beats the Commander
    deploy_nothing(game, 0)
    others_pass(game)
    assert lp_from(game, 0, "wars") == 3
    assert lp_from(game, 0, "commander") == 1


def test_commander_scores_nothing_from_the_back_when_wars_are_lost():
    game = at_deployment()
    put(game, 0, 3, "commander")
    put(game, 1, 0, "knight")
    put(game, 2, 0, "knight")
    deploy_nothing(game, 0)
    others_pass(game)
    assert lp_from(game, 0, "commander") == 0


def test_two_player_commander_scores_two_wars_at_double_strength():
    game = at_deployment(players=2)
    put(game, 0, 0, "commander")
    put(game, 1, 0, "cook")  # 4 >= 2 x 1
    deploy_nothing(game, 0)
    deploy_nothing(game, 1)
    assert lp_from(game, 0, "wars") == 6
    assert lp_from(game, 0, "commander") == 2


def test_colossus_scores_one_lp_per_war_won():
    game = at_deployment()
    put(game, 0, 0, "colossus", age=1)
    deploy_nothing(game, 0)
    others_pass(game)
    assert lp_from(game, 0, "colossus") == 2


def test_rogue_earns_one_gold_per_war_won():
    game = at_deployment()
    put(game, 0, 0, "rogue")
    put(game, 1, 0, "knight")
    deploy_nothing(game, 0)
    others_pass(game)
    # player 0 (3) loses to player 1 (4) and beats player 2 (0)
    assert gold_from(game, 0, "rogue") == 1
    assert gold_from(game, 0, "income") == 2


# ---- Income phase: the Gold collected is what income() announced ----


def test_income_phase_collects_the_announced_gold():
    game = at_deployment(gold=0)
    put(game, 0, 0, "cook")
    put(game, 0, 1, "giant_snake", age=1)
    put(game, 0, 3, "farmer")
    put(game, 0, 4, "peddler")
    game.state.players[0].buildings = {"temple": 1}
    expected = game.income(0)
    assert expected == 2 + 1 + 3 + 1 + 2  # base, Cook (1 food), Giant Snake, Peddler, Temple
    deploy_nothing(game, 0)
    others_pass(game)
    assert gold_from(game, 0, "income") == expected

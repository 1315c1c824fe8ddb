"""Unit abilities of the Aging phase (6) and the end of the game, and what is not a death."""

import pytest
from conftest import deploy, deploy_nothing, events, give, gold_from, goto, lp_from, new_game, put, unit

from papertales_tui.rules.decisions import HealOptions
from papertales_tui.rules.engine import IllegalDecision


def at_aging(players: int = 3, lp: int = 0, turn: int | None = None):
    game = goto(new_game(players), "heal", turn=turn)
    for p in game.state.players:
        p.lp = lp
    return game


def died(game, player: int) -> list[int]:
    return [e["card"] for e in events(game, "unit_died", player=player)]


# ---- who dies ----


def test_aged_units_die_and_the_others_take_an_age_token():
    game = at_aging()
    knight = put(game, 0, 0, "knight", age=1)
    farmer = put(game, 0, 3, "farmer")
    game.resume()
    assert died(game, 0) == [knight]
    assert unit(game, 0, 0) is None
    assert unit(game, 0, 3).card == farmer and unit(game, 0, 3).age == 1
    assert knight in game.state.discard


def test_salamander_dies_only_with_two_age_tokens():
    game = at_aging()
    young = put(game, 0, 0, "salamander", age=1)
    game.resume()
    assert unit(game, 0, 0).card == young and unit(game, 0, 0).age == 2
    game = at_aging()
    old = put(game, 0, 0, "salamander", age=2)
    game.resume()
    assert died(game, 0) == [old]


def test_relic_of_wisdom_never_dies():
    game = at_aging()
    relic = put(game, 0, 4, "relic_of_wisdom", age=5)
    game.resume()
    assert unit(game, 0, 4).card == relic and unit(game, 0, 4).age == 6
    assert not died(game, 0)


def test_relic_of_wisdom_scores_two_lp_per_age_at_the_end_of_the_game():
    game = at_aging(turn=4)
    put(game, 0, 4, "relic_of_wisdom", age=2)
    game.resume()
    assert game.over
    assert unit(game, 0, 4).age == 3  # it ages on turn 4 before the final count
    assert lp_from(game, 0, "relic_of_wisdom") == 6
    assert game.state.players[0].lp == 6


def test_relic_of_wisdom_scores_nothing_before_the_end():
    game = at_aging(turn=3)
    put(game, 0, 4, "relic_of_wisdom", age=2)
    game.resume()
    assert not game.over
    assert lp_from(game, 0, "relic_of_wisdom") == 0


# ---- death abilities ----


def test_sculptor_scores_three_lp_when_it_dies():
    game = at_aging()
    put(game, 0, 0, "sculptor", age=1)
    game.resume()
    assert lp_from(game, 0, "sculptor") == 3


def test_sculptor_that_survives_scores_nothing():
    game = at_aging()
    put(game, 0, 0, "sculptor")
    game.resume()
    assert lp_from(game, 0, "sculptor") == 0


def test_monkey_earns_one_gold_per_age_when_it_dies():
    game = at_aging()
    game.state.players[0].gold = 0
    put(game, 0, 0, "monkey", age=3)
    game.resume()
    assert gold_from(game, 0, "monkey") == 3
    assert game.state.players[0].gold == 3


def test_demon_costs_three_lp_if_it_dies_with_exactly_one_age():
    game = at_aging(lp=10)
    put(game, 0, 0, "demon", age=1)
    game.resume()
    assert lp_from(game, 0, "demon") == -3
    assert game.state.players[0].lp == 7


def test_demon_dying_with_two_age_costs_nothing():
    game = at_aging(lp=10)
    put(game, 0, 0, "demon", age=2)
    game.resume()
    assert died(game, 0)
    assert lp_from(game, 0, "demon") == 0
    assert game.state.players[0].lp == 10


def test_kraken_scores_one_lp_per_age_on_each_dying_unit_itself_included():
    game = at_aging()
    put(game, 0, 0, "kraken", age=1)
    put(game, 0, 1, "knight", age=2)
    put(game, 0, 3, "farmer")  # survives: its Age does not count
    game.resume()
    assert lp_from(game, 0, "kraken") == 3


def test_palm_reader_scores_one_lp_per_age_on_each_dying_unit_itself_included():
    game = at_aging()
    put(game, 0, 3, "palm_reader", age=1)
    put(game, 0, 0, "veteran", age=1)
    game.resume()
    assert lp_from(game, 0, "palm_reader") == 2


def test_kraken_and_palm_reader_both_apply():
    game = at_aging()
    put(game, 0, 0, "kraken")
    put(game, 0, 3, "palm_reader")
    put(game, 0, 4, "palm_reader")
    put(game, 0, 1, "monkey", age=2)
    game.resume()
    assert lp_from(game, 0, "kraken") == 2
    assert lp_from(game, 0, "palm_reader") == 4  # two Palm Readers, 2 LP each


def test_palm_reader_with_nothing_dying_scores_nothing():
    game = at_aging()
    put(game, 0, 3, "palm_reader")
    put(game, 0, 4, "salamander", age=1)  # does not die with one Age token
    game.resume()
    assert lp_from(game, 0, "palm_reader") == 0


def test_death_abilities_of_other_players_stay_with_their_owner():
    game = at_aging()
    put(game, 0, 0, "palm_reader")
    put(game, 1, 0, "sculptor", age=1)
    game.resume()
    assert lp_from(game, 0, "palm_reader") == 0
    assert lp_from(game, 1, "sculptor") == 3


# ---- Mystical Healer ----


def test_mystical_healer_saves_a_unit_with_one_age_which_still_ages():
    game = at_aging()
    put(game, 0, 3, "mystical_healer")
    knight = put(game, 0, 0, "knight", age=1)
    pend = game.pending_for(0)
    assert pend.kind == "heal"
    assert pend.options == HealOptions((0,), 1)
    game.apply(0, {"kind": "heal", "slots": [0]})
    assert unit(game, 0, 0).card == knight and unit(game, 0, 0).age == 2
    assert events(game, "unit_saved", player=0, slot=0, card=knight)
    assert not died(game, 0)


def test_mystical_healer_may_save_itself():
    game = at_aging()
    healer = put(game, 0, 3, "mystical_healer", age=1)
    game.apply(0, {"kind": "heal", "slots": [3]})
    assert unit(game, 0, 3).card == healer and unit(game, 0, 3).age == 2


def test_mystical_healer_may_save_nobody():
    game = at_aging()
    put(game, 0, 3, "mystical_healer")
    knight = put(game, 0, 0, "knight", age=1)
    game.apply(0, {"kind": "heal", "slots": []})
    assert died(game, 0) == [knight]


def test_mystical_healer_cannot_save_a_unit_with_two_age():
    game = at_aging()
    put(game, 0, 3, "mystical_healer")
    put(game, 0, 0, "knight", age=2)
    put(game, 0, 1, "farmer", age=1)
    assert game.pending_for(0).options.slots == (1,)
    with pytest.raises(IllegalDecision):
        game.apply(0, {"kind": "heal", "slots": [0]})


def test_mystical_healer_has_nothing_to_save_from_units_with_two_age():
    game = at_aging()
    put(game, 0, 3, "mystical_healer")
    knight = put(game, 0, 0, "knight", age=2)
    assert game.pending_for(0) is None
    game.resume()
    assert died(game, 0) == [knight]


def test_each_mystical_healer_saves_one_unit():
    game = at_aging()
    put(game, 0, 3, "mystical_healer")
    put(game, 0, 0, "knight", age=1)
    put(game, 0, 1, "farmer", age=1)
    with pytest.raises(IllegalDecision):
        game.apply(0, {"kind": "heal", "slots": [0, 1]})

    game = at_aging()
    put(game, 0, 3, "mystical_healer")
    put(game, 0, 4, "mystical_healer")
    put(game, 0, 0, "knight", age=1)
    put(game, 0, 1, "farmer", age=1)
    assert game.pending_for(0).options.max == 2
    game.apply(0, {"kind": "heal", "slots": [0, 1]})
    assert unit(game, 0, 0).age == 2 and unit(game, 0, 1).age == 2


def test_a_saved_unit_does_not_die_so_its_death_abilities_do_not_apply():
    game = at_aging(lp=10)
    put(game, 0, 3, "mystical_healer")
    put(game, 0, 4, "palm_reader")
    put(game, 0, 0, "demon", age=1)
    game.apply(0, {"kind": "heal", "slots": [0]})
    assert lp_from(game, 0, "demon") == 0
    assert lp_from(game, 0, "palm_reader") == 0
    assert unit(game, 0, 0).age == 2


# ---- discarding is not dying ----


def test_units_discarded_to_make_room_do_not_die():
    game = goto(new_game(3), "deploy")
    p = game.state.players[0]
    p.lp, p.gold = 5, 0
    sculptor = put(game, 0, 0, "sculptor", age=1)
    monkey = put(game, 0, 1, "monkey", age=2)
    demon = put(game, 0, 3, "demon", age=1)
    reader = put(game, 0, 4, "palm_reader", age=1)
    cutter, farmer = give(game, 0, ["woodcutter", "farmer"])
    game.apply(0, {"kind": "deploy", "slots": [cutter, farmer, None, None, None], "keep": None})
    for i in (1, 2):
        deploy_nothing(game, i)
    discarded = {e["card"] for e in events(game, "unit_discarded", player=0, reason="make_room")}
    assert discarded == {sculptor, monkey, demon, reader}
    assert not events(game, "unit_died")
    for cause in ("sculptor", "demon", "palm_reader", "monkey"):
        assert not events(game, "lp", player=0, cause=cause)
        assert not events(game, "gold", player=0, cause=cause)


def test_discarded_units_are_not_counted_by_palm_reader():
    game = goto(new_game(3), "deploy")
    put(game, 0, 3, "palm_reader")
    put(game, 0, 0, "knight", age=3)
    game.apply(0, {"kind": "deploy", "slots": [None, None, None, game.state.players[0].slots[3].card, None],
                   "keep": None})
    for i in (1, 2):
        deploy_nothing(game, i)
    goto(game, "heal")
    game.resume()
    assert lp_from(game, 0, "palm_reader") == 0


def test_unpaid_units_do_not_die_nor_act():
    game = goto(new_game(3), "deploy")
    p = game.state.players[0]
    p.lp, p.gold = 5, 0
    put(game, 0, 1, "knight")
    (demon,) = give(game, 0, ["demon"])
    game.apply(0, {"kind": "deploy", "slots": [demon, p.slots[1].card, None, None, None], "keep": None,
                   "unpaid": [demon]})
    for i in (1, 2):
        deploy_nothing(game, i)
    assert events(game, "unit_unpaid", player=0, card=demon)
    assert p.slots[0] is None
    assert not events(game, "age_added", player=0, cause="demon")
    assert not events(game, "unit_died")
    assert lp_from(game, 0, "demon") == 0


def test_unpaid_kraken_does_not_age_the_other_units():
    game = goto(new_game(3), "deploy")
    game.state.players[0].gold = 5
    game.state.players[0].buildings = {"town": 2}
    put(game, 0, 1, "knight")
    (kraken,) = give(game, 0, ["kraken"])
    with pytest.raises(IllegalDecision):
        deploy(game, 0, {0: kraken})
    game.apply(0, {"kind": "deploy", "slots": [kraken, game.state.players[0].slots[1].card, None, None, None],
                   "keep": None, "unpaid": [kraken]})
    for i in (1, 2):
        deploy_nothing(game, i)
    assert unit(game, 0, 1).age == 0
    assert not events(game, "lp", player=0, cause="kraken")


# ---- the score never goes below 0 (FAQ) ----


def test_score_never_goes_below_zero():
    game = at_aging(lp=1)
    put(game, 0, 0, "demon", age=1)
    game.resume()
    assert game.state.players[0].lp == 0
    assert events(game, "lp", player=0, cause="demon")[0]["amount"] == -1


def test_score_at_zero_stays_at_zero():
    game = at_aging(lp=0)
    put(game, 0, 0, "demon", age=1)
    game.resume()
    assert game.state.players[0].lp == 0


def test_gains_apply_before_losses_at_aging():
    game = at_aging(lp=0)
    put(game, 0, 0, "demon", age=1)
    put(game, 0, 1, "sculptor", age=1)
    game.resume()
    assert game.state.players[0].lp == 0  # +3 then -3 (project ruling: gains first)

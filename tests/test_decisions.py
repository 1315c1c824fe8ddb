"""Typed steps, decisions and errors (rules/decisions.py, rules/errors.py) through the engine."""

import json

import pytest
from conftest import give, goto, new_game, put

from papertales_tui.rules.decisions import (
    AgeTarget,
    Build,
    Deploy,
    Heal,
    Pass,
    Pick,
    Step,
    Upgrade,
    decision_from_dict,
)
from papertales_tui.rules.errors import IllegalDecision, MalformedDecision, NotPending, Unaffordable, WrongKind


@pytest.mark.parametrize("decision", [
    Pick(3), Pick(3, discard=4), Deploy((1, None, None, 2, None), keep=5, unpaid=(2,)), AgeTarget(1),
    Build("tavern", 1), Build("town", 2, gold=4), Upgrade("tavern", gold=0), Pass(), Heal((0, 3)),
])
def test_to_dict_and_from_dict_are_inverses(decision):
    d = decision.to_dict()
    assert json.loads(json.dumps(d)) == d
    assert decision_from_dict(d) == decision


def test_steps_keep_the_saved_strings():
    game = new_game(3)
    assert game.state.step is Step.PICK and game.state.step == "pick"
    assert json.loads(game.to_json())["step"] == "pick"
    assert all(p.kind is Step.PICK for p in game.pending())


def test_typed_and_dict_decisions_make_the_same_game():
    a, b = new_game(3, seed=5), new_game(3, seed=5)
    for pend in a.pending():
        card = pend.options.cards[0]
        a.apply(pend.player, Pick(card))
        b.apply(pend.player, {"kind": "pick", "card": card})
    assert a.to_json() == b.to_json()


def test_errors_carry_data():
    game = new_game(3)
    with pytest.raises(NotPending) as err:
        game.apply(7, Pick(1))
    assert err.value.player == 7
    with pytest.raises(WrongKind) as err:
        game.apply(0, Pass())
    assert (err.value.expected, err.value.got) == (("pick",), "pass")
    with pytest.raises(MalformedDecision):
        game.apply(0, {"kind": "pick", "card": "7"})
    assert issubclass(Unaffordable, IllegalDecision) and issubclass(IllegalDecision, ValueError)


def test_unaffordable_gives_the_cost_and_the_gold():
    game = goto(new_game(3), "deploy")
    knight, farmer = give(game, 0, ["knight", "farmer"])
    cost = game.card(knight).cost + game.card(farmer).cost
    game.players[0].gold = cost - 1
    before = game.to_json()
    with pytest.raises(Unaffordable) as err:
        game.check(0, Deploy((knight, None, None, farmer, None)))
    assert (err.value.cost, err.value.gold) == (cost, cost - 1)
    assert game.to_json() == before


def test_check_settles_the_price_without_applying():
    game = goto(new_game(3), "construction")
    game.players[0].gold = 5
    put(game, 0, 3, "farmer")
    before = game.to_json()
    d = game.check(0, Build("tavern", 1, gold=-5))
    assert isinstance(d, Build) and d.gold is not None and d.gold >= 0
    assert game.to_json() == before


def test_the_engine_says_where_the_draft_goes_and_who_fights_whom():
    game = new_game(4)
    assert game.pass_direction() == "left" and game.pass_target(3) == 0
    game.state.turn = 2
    assert game.pass_direction() == "right" and game.pass_target(0) == 3
    assert game.rivals(0) == [1, 3] and new_game(2).rivals(1) == [0]


def test_the_suggested_give_up_list_is_one_the_engine_accepts():
    game = goto(new_game(3), "deploy")
    knight, farmer, miner = give(game, 0, ["knight", "farmer", "miner"])
    costs = {c: game.card(c).cost for c in (knight, farmer, miner)}
    for gold in range(sum(costs.values()) + 1):
        game.players[0].gold = gold
        unpaid = game.suggested_unpaid(0, [knight, farmer, miner])
        paid = sum(costs[c] for c in costs if c not in unpaid)
        assert paid <= gold and all(costs[c] > gold - paid for c in unpaid)
        d = game.check(0, Deploy((knight, farmer, None, miner, None), unpaid=tuple(unpaid)))
        assert d.unpaid == tuple(unpaid)
    assert game.suggested_unpaid(0, [knight, farmer, miner]) == []

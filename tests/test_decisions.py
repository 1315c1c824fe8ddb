"""Typed steps, decisions and errors (rules/decisions.py, rules/errors.py) through the engine."""

import json
from dataclasses import FrozenInstanceError, fields

import pytest
from conftest import give, goto, new_game, put

from papertales_tui.rules.decisions import (
    AgeTarget,
    Build,
    ConstructionOptions,
    Deploy,
    DeployOptions,
    Heal,
    HealOptions,
    Pass,
    Pick,
    PickOptions,
    Step,
    Upgrade,
    decision_from_dict,
)
from papertales_tui.rules.engine import Game
from papertales_tui.rules.errors import IllegalDecision, MalformedDecision, NotPending, Unaffordable, WrongKind


@pytest.mark.parametrize("decision", [
    Pick(3), Pick(3, discard=4), Deploy((1, None, None, 2, None), keep=5, unpaid=(2,)), AgeTarget(1),
    Build("tavern", 1), Build("town", 2, gold=4), Upgrade("tavern", gold=0), Pass(), Heal((0, 3)),
])
def test_to_dict_and_from_dict_are_inverses(decision):
    d = decision.to_dict()
    assert json.loads(json.dumps(d)) == d
    assert decision_from_dict(d) == decision
    assert decision.record(7) == {"player": 7, **d}  # the entry of the game's decisions list


@pytest.mark.parametrize("value", [Pick(3), Deploy((None,) * 5), Build("town", 1, 2), Heal((1,)),
                                   PickOptions((1, 2), False), HealOptions((0,), 1)])
def test_decisions_and_options_stay_frozen(value):
    names = [f.name for f in fields(value)]
    with pytest.raises(FrozenInstanceError):
        setattr(value, names[0], None)
    again = type(value)(*(getattr(value, n) for n in names))  # (made by `quick_init`: the same signature)
    assert again == value and hash(again) == hash(value)


def test_options_are_typed_per_step_and_resolution_reads_the_typed_decision():
    game = Game.new(["Ann", "Bob", "Cy"], seed=3)
    pend = game.pending_for(0)
    assert pend is not None and isinstance(pend.options, PickOptions)
    game.apply(0, {"kind": "pick", "card": pend.options.cards[0]})  # the JSON form is read at the edge
    assert game.state.players[0].submitted == Pick(pend.options.cards[0])  # kept typed until resolved
    assert game.state.decisions[-1] == {"player": 0, "kind": "pick", "card": pend.options.cards[0]}
    while game.state.step != Step.DEPLOY:
        for p in game.pending():
            assert isinstance(p.options, PickOptions)
            game.apply(p.player, Pick(p.options.cards[-1]))
    pend = game.pending_for(1)
    assert pend is not None and isinstance(pend.options, DeployOptions) and pend.options.gold == 3
    while game.state.step != Step.CONSTRUCTION and not game.over:
        for p in game.pending():
            game.apply(p.player, Deploy((None,) * 5) if p.kind == Step.DEPLOY else AgeTarget(p.options.slots[0]))
    for p in game.pending():
        assert isinstance(p.options, ConstructionOptions)
        assert all(o.gold is not None and o.gold <= game.state.players[p.player].gold for o in p.options.options)


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

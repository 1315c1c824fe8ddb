"""Game flow: setup, the drafts, deployment, Wars, the end, player order, illegal decisions, views, JSON."""

import copy
import json
import random
import re
from pathlib import Path

import pytest
from conftest import deploy, deploy_nothing, events, give, goto, new_game, put

from papertales_tui.rules.decisions import HealOptions, Pick
from papertales_tui.rules.engine import Game, IllegalDecision
from papertales_tui.rules.random_play import play_random_game, random_decision


def simple_decision(pend) -> dict:
    """The plainest legal decision: first card(s), nothing new deployed, pass, save nobody."""
    o = pend.options
    if pend.kind == "pick":
        d = {"kind": "pick", "card": o.cards[0]}
        if o.discard:
            d["discard"] = o.cards[1]
        return d
    if pend.kind == "deploy":
        slots = [None] * 5
        for slot, card in o.in_play:
            slots[slot] = card
        return {"kind": "deploy", "slots": slots, "keep": None}
    if pend.kind == "age_target":
        return {"kind": "age_target", "slot": o.slots[0]}
    if pend.kind == "construction":
        return {"kind": "pass"}
    return {"kind": "heal", "slots": []}


def play_until(game: Game, done) -> None:
    while not done(game):
        for pend in game.pending():
            game.apply(pend.player, simple_decision(pend))


def at_step(turn: int, step: str):
    return lambda g: g.over or (g.state.turn == turn and g.state.step == step)


def rejected(game: Game, player: int, decision, match: str = "") -> str:
    """Apply an illegal decision: it must raise with a message and leave the state byte-identical."""
    before = game.to_json()
    with pytest.raises(IllegalDecision, match=match) as info:
        game.apply(player, decision)
    assert game.to_json() == before
    assert len(str(info.value)) > 10
    return str(info.value)


# ---- setup ----


@pytest.mark.parametrize("n", range(2, 8))
def test_setup(n):
    game = new_game(n)
    size = 9 if n == 2 else 5
    assert game.state.turn == 1 and game.state.phase == "recruitment" and game.state.step == "pick"
    for p in game.players:
        assert (p.gold, p.lp, p.hand, p.kept, p.buildings) == (3, 0, [], None, {})
        assert len(p.draft) == size
        assert p.slots == [None] * 5
    assert len(game.state.deck) == 81 - n * size
    assert len(events(game, "cards_dealt")) == n


def test_game_needs_2_to_7_players():
    for n in (1, 8):
        with pytest.raises(ValueError):
            new_game(n)


def test_same_seed_same_game():
    assert new_game(4, seed=7).to_json() == new_game(4, seed=7).to_json()
    assert new_game(4, seed=7).to_json() != new_game(4, seed=8).to_json()


# ---- the draft, 3+ players ----


@pytest.mark.parametrize("turn, direction", [(1, "left"), (2, "right"), (3, "left"), (4, "right")])
def test_draft_passes_left_on_turns_1_and_3_right_on_2_and_4(turn, direction):
    game = new_game(4, seed=turn)
    play_until(game, at_step(turn, "pick"))
    before = [list(p.draft) for p in game.players]
    for i, p in enumerate(game.players):
        game.apply(i, {"kind": "pick", "card": p.draft[0]})
    shift = 1 if direction == "left" else -1  # left = to the next seat index
    for i, p in enumerate(game.players):
        assert p.draft == before[(i - shift) % 4][1:]
        assert p.hand[-1] == before[i][0]
    assert events(game, "cards_passed")[-1]["direction"] == direction


def test_draft_keep_one_until_a_hand_of_5():
    game = new_game(3)
    sizes = []
    while game.state.step == "pick":
        sizes.append(sorted({len(p.options.cards) for p in game.pending()}))
        for pend in game.pending():
            assert pend.options.discard is False
            game.apply(pend.player, {"kind": "pick", "card": pend.options.cards[-1]})
    assert sizes == [[5], [4], [3], [2]]  # the last single card is taken without asking
    assert game.state.step == "deploy"
    assert [len(p.hand) for p in game.players] == [5, 5, 5]
    assert all(p.draft == [] for p in game.players)
    assert len(events(game, "card_picked")) == 15


def test_draft_refuses_cards_not_in_front_of_you():
    game = new_game(3)
    other = game.players[1].draft[0]
    rejected(game, 0, {"kind": "pick", "card": other}, "pick a card")
    rejected(game, 0, {"kind": "pick", "card": game.players[0].draft[0], "discard": game.players[0].draft[1]},
             "cannot discard")


def test_kept_card_joins_the_hand_at_the_end_of_recruitment():
    game = new_game(3, seed=3)
    play_until(game, at_step(1, "deploy"))
    kept = game.players[0].hand[0]
    deploy(game, 0, {}, keep=kept)
    assert game.players[0].kept is None  # face down until the step resolves
    for i in (1, 2):
        deploy_nothing(game, i)
    assert game.players[0].kept == kept
    assert kept not in game.state.discard
    assert len(events(game, "card_discarded", player=0, reason="not_deployed")) == 4
    play_until(game, at_step(2, "pick"))
    for pend in game.pending():  # first pick of turn 2: the kept card is still set aside
        game.apply(pend.player, simple_decision(pend))
    assert kept not in game.players[0].hand and game.players[0].kept == kept
    play_until(game, at_step(2, "deploy"))
    assert game.players[0].kept is None
    assert len(game.players[0].hand) == 6 and game.players[0].hand[-1] == kept
    assert events(game, "kept_card_returned", player=0, card=kept)
    assert [len(p.hand) for p in game.players[1:]] == [5, 5]


# ---- the draft, 2 players ----


def test_two_player_draft_keep_one_discard_one():
    game = new_game(2, seed=5)
    sizes = []
    while game.state.step == "pick":
        pend = game.pending()
        sizes.append(sorted({len(p.options.cards) for p in pend}))
        before = [list(p.draft) for p in game.players]
        for p in pend:
            assert p.options.discard is True
            card, disc = p.options.cards[:2]
            game.apply(p.player, {"kind": "pick", "card": card, "discard": disc})
        if game.state.step == "pick":  # the remaining cards went to the opponent
            assert game.players[0].draft == before[1][2:] and game.players[1].draft == before[0][2:]
    assert sizes == [[9], [7], [5], [3]]  # and the last card is taken without asking
    assert [len(p.hand) for p in game.players] == [5, 5]
    assert len(events(game, "card_discarded", reason="draft")) == 8
    assert len(game.state.discard) == 8


def test_two_player_draft_needs_a_different_discard():
    game = new_game(2)
    a, b = game.players[0].draft[:2]
    rejected(game, 0, {"kind": "pick", "card": a}, "discard")
    rejected(game, 0, {"kind": "pick", "card": a, "discard": a}, "discard")
    rejected(game, 0, {"kind": "pick", "card": a, "discard": game.players[1].draft[0]}, "discard")
    game.apply(0, {"kind": "pick", "card": a, "discard": b})


# ---- deployment ----


def deploy_step(players=3, gold=3):
    game = goto(new_game(players), "deploy")
    game.players[0].gold = gold
    return game


def finish_deployment(game, but=0):
    for i in range(len(game.players)):
        if i != but and game.pending_for(i):
            deploy_nothing(game, i)


def test_deploy_moves_and_discards_units_in_play():
    game = deploy_step()
    hunter = put(game, 0, 0, "hunter", age=1)
    farmer = put(game, 0, 1, "farmer", age=1)
    (knight,) = give(game, 0, ["knight"])
    game.apply(0, {"kind": "deploy", "slots": [knight, None, None, None, hunter], "keep": None})
    finish_deployment(game)
    p = game.players[0]
    assert p.slots[4].card == hunter and p.slots[4].age == 1  # moved, keeps its Age
    assert p.slots[0].card == knight and p.slots[1] is None
    assert farmer in game.state.discard
    assert events(game, "unit_discarded", player=0, card=farmer, reason="make_room")
    assert not events(game, "unit_died")
    assert events(game, "gold", player=0, cause="deployment", amount=-1)


def test_deploy_keeps_one_card_and_discards_the_others():
    game = deploy_step()
    knight, farmer, miner = give(game, 0, ["knight", "farmer", "miner"])
    deploy(game, 0, {0: knight}, keep=miner)
    finish_deployment(game)
    p = game.players[0]
    assert p.kept == miner and p.hand == []
    assert farmer in game.state.discard and miner not in game.state.discard
    assert events(game, "card_kept", player=0, card=miner)
    assert events(game, "units_revealed", player=0, units=[[0, knight]])


def test_deploy_pays_each_new_unit_once():
    game = deploy_step(gold=5)
    put(game, 0, 3, "commander")  # in play already: never paid again
    commander, knight = give(game, 0, ["commander", "knight"])
    deploy(game, 0, {0: commander, 1: knight})
    finish_deployment(game)
    (paid,) = events(game, "gold", player=0, cause="deployment")
    assert (paid["amount"], paid["total"]) == (-3, 5 - 2 - 1)


def test_monkey_gold_pays_for_other_units():
    game = deploy_step(gold=0)
    monkey, knight = give(game, 0, ["monkey", "knight"])
    deploy(game, 0, {0: monkey, 1: knight})
    finish_deployment(game)
    assert [u.card for _, u in game.players[0].units()] == [monkey, knight]
    assert not events(game, "gold", player=0, cause="deployment")  # -1 + 1: nothing to pay
    assert events(game, "gold", player=0, cause="income")[0]["total"] == 0 + 2


def test_unpaid_units_when_gold_is_short():
    game = deploy_step(gold=1)
    knight, commander = give(game, 0, ["knight", "commander"])
    slots = [knight, commander, None, None, None]
    msg = rejected(game, 0, {"kind": "deploy", "slots": slots, "keep": None}, "cost 3 Gold")
    assert "you have 1" in msg
    rejected(game, 0, {"kind": "deploy", "slots": slots, "keep": None, "unpaid": [knight]}, "cost 2 Gold")
    rejected(game, 0, {"kind": "deploy", "slots": slots, "keep": None, "unpaid": [knight, commander]},
             "can pay for Knight")
    rejected(game, 0, {"kind": "deploy", "slots": slots, "keep": None, "unpaid": [commander, commander]},
             "left unpaid")
    game.apply(0, {"kind": "deploy", "slots": slots, "keep": None, "unpaid": [commander]})
    finish_deployment(game)
    p = game.players[0]
    assert [u.card for _, u in p.units()] == [knight]
    assert events(game, "gold", player=0, cause="deployment", amount=-1, total=0)
    assert commander in game.state.discard
    assert events(game, "unit_unpaid", player=0, card=commander)


def test_units_in_play_or_hand_cards_not_deployed_cannot_be_unpaid():
    game = deploy_step(gold=0)
    farmer = put(game, 0, 3, "farmer")
    knight, miner = give(game, 0, ["knight", "miner"])
    slots = [knight, None, None, farmer, None]
    rejected(game, 0, {"kind": "deploy", "slots": slots, "keep": None, "unpaid": [farmer]}, "unpaid")
    rejected(game, 0, {"kind": "deploy", "slots": slots, "keep": None, "unpaid": [miner]}, "unpaid")
    rejected(game, 0, {"kind": "deploy", "slots": slots, "keep": None, "unpaid": "knight"}, "unpaid")


def test_illegal_deployments():
    game = deploy_step()
    farmer = put(game, 0, 3, "farmer")
    knight, miner = give(game, 0, ["knight", "miner"])
    other = give(game, 1, ["woodcutter"])[0]
    d = {"kind": "deploy", "keep": None}
    rejected(game, 0, {**d, "slots": [knight, None, None, farmer]}, "exactly 5")
    rejected(game, 0, {**d, "slots": "knight"}, "exactly 5")
    rejected(game, 0, {**d, "slots": [knight, knight, None, farmer, None]}, "one spot")
    rejected(game, 0, {**d, "slots": [other, None, None, farmer, None]}, "hand or already in play")
    rejected(game, 0, {**d, "slots": [True, None, None, farmer, None]}, "card numbers")
    rejected(game, 0, {**d, "slots": ["7", None, None, farmer, None]}, "card numbers")
    rejected(game, 0, {**d, "slots": [None, None, knight, farmer, None]}, "5th spot")
    rejected(game, 0, {**d, "slots": [knight, None, None, farmer, None], "keep": knight}, "keep")
    rejected(game, 0, {**d, "slots": [knight, None, None, farmer, None], "keep": other}, "keep")
    rejected(game, 0, {**d, "slots": [knight, None, None, None, None], "keep": farmer}, "keep")
    rejected(game, 0, {"kind": "pick", "card": knight}, "deploy")
    deploy(game, 0, {0: knight}, keep=miner)
    rejected(game, 0, {**d, "slots": [None] * 5}, "nothing to decide")  # already submitted


# ---- wars ----


def two_player_wars(a: list[str], b: list[str]) -> list[int]:
    game = goto(new_game(2), "deploy")
    for player, keys in ((0, a), (1, b)):
        for slot, key in enumerate(keys):
            put(game, player, slot, key)
    deploy_nothing(game, 0)
    deploy_nothing(game, 1)
    (war,) = events(game, "war")
    assert [sum(e["amount"] for e in events(game, "lp", player=i, cause="wars")) for i in (0, 1)] == \
        [3 * w for w in war["wars_won"]]
    return war["wars_won"]


def test_two_player_double_war():
    assert two_player_wars(["knight"], ["knight"]) == [1, 1]  # 4 = 4: both win one War
    assert two_player_wars(["knight", "farmer"], ["knight"]) == [1, 0]  # 5 >= 4 but < 8
    assert two_player_wars(["knight", "knight"], ["knight"]) == [2, 0]  # 8 >= 2 x 4
    assert two_player_wars(["knight"], ["woodcutter"]) == [2, 0]  # 4 >= 2 x 2
    assert two_player_wars(["knight"], ["woodcutter", "farmer"]) == [1, 0]  # 4 < 2 x 3
    assert two_player_wars(["farmer"], []) == [2, 0]  # 1 >= 2 x 0
    assert two_player_wars([], []) == [2, 2]  # 0 >= 2 x 0, read literally: both win two Wars


def test_wars_ties_are_won_by_both():
    game = goto(new_game(3), "deploy")
    for i in range(3):
        put(game, i, 0, "knight")
    for i in range(3):
        deploy_nothing(game, i)
    assert all(len(e["winners"]) == 2 for e in events(game, "war"))
    assert [p.lp for p in game.players] == [6, 6, 6]


def test_each_player_fights_both_neighbours():
    game = goto(new_game(5), "deploy")
    for i, key in enumerate(["knight", "farmer", "woodcutter", "farmer", "knight"]):
        put(game, i, 0, key)  # strengths 4 1 2 1 4
    for i in range(5):
        deploy_nothing(game, i)
    assert [tuple(e["players"]) for e in events(game, "war")] == [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]
    assert [p.lp for p in game.players] == [6, 0, 6, 0, 6]


# ---- turns and the end ----


def test_four_turns_then_the_game_ends():
    game = new_game(3, seed=11)
    play_until(game, lambda g: g.over)
    assert [e["turn"] for e in events(game, "turn_started")] == [1, 2, 3, 4]
    assert game.state.turn == 4 and game.state.phase == "end"
    assert game.pending() == []
    (over,) = events(game, "game_over")
    assert over["scores"] == game.scores() and over["winners"] == game.winners()
    rejected(game, 0, {"kind": "pass"}, "nothing to decide")


@pytest.mark.parametrize("lp, gold, winners", [
    ([5, 7, 6], [9, 0, 9], [1]),  # most LP
    ([7, 7, 6], [2, 3, 9], [1]),  # tied on LP: most Gold
    ([7, 7, 6], [3, 3, 9], [0, 1]),  # still tied: shared victory
    ([0, 0, 0], [0, 0, 0], [0, 1, 2]),
])
def test_tie_breakers(lp, gold, winners):
    game = new_game(3)
    for p, points, g in zip(game.players, lp, gold):
        p.lp, p.gold = points, g
    assert game.winners() == winners


@pytest.mark.parametrize("n", [6, 7])
def test_six_and_seven_players_play_a_whole_game(n):
    game = play_random_game([f"P{i}" for i in range(n)], seed=n)
    assert game.over and len(game.scores()) == n
    assert events(game, "deck_reshuffled")  # 5 cards x 7 players x 4 turns > 81: the discard is reused


def test_player_order_most_lp_first_then_least_gold():
    game = new_game(4)
    for p, lp, gold in zip(game.players, [3, 5, 5, 0], [1, 4, 2, 0]):
        p.lp, p.gold = lp, gold
    assert game.player_order() == [2, 1, 0, 3]


def test_player_order_ties_are_drawn_and_asking_changes_nothing():
    game = new_game(4)
    before = game.to_json()
    orders = {tuple(game.player_order()) for _ in range(3)}
    assert game.to_json() == before
    assert len(orders) == 1 and sorted(next(iter(orders))) == [0, 1, 2, 3]
    draws = {tuple(new_game(4, seed=s).player_order()) for s in range(30)}
    assert len(draws) > 1  # the tie is broken at random (seeded), not by seat


# ---- illegal decisions of every kind ----


def test_illegal_decisions_in_general():
    game = new_game(3)
    card = game.players[0].draft[0]
    rejected(game, 0, ["pick", card], "mapping")
    rejected(game, 0, {"card": card}, "kind")
    rejected(game, 0, {"kind": "deploy", "slots": [None] * 5}, "kind pick")
    rejected(game, 3, {"kind": "pick", "card": card}, "nothing to decide")
    rejected(game, -1, {"kind": "pick", "card": card}, "nothing to decide")


def test_illegal_picks():
    game = new_game(3)
    draft = game.players[0].draft
    for bad in ({"kind": "pick"}, {"kind": "pick", "card": None}, {"kind": "pick", "card": True},
                {"kind": "pick", "card": str(draft[0])}, {"kind": "pick", "card": 999}):
        rejected(game, 0, bad, "pick a card")
    game.apply(0, {"kind": "pick", "card": draft[0]})
    rejected(game, 0, {"kind": "pick", "card": draft[0]}, "nothing to decide")


def age_target_game():
    game = goto(new_game(3), "deploy")
    put(game, 0, 0, "knight")
    (tm,) = give(game, 0, ["time_master"])
    deploy(game, 0, {1: tm})
    finish_deployment(game)
    assert game.state.step == "age_target"
    return game


def test_illegal_age_targets():
    game = age_target_game()
    pend = game.pending_for(0)
    assert pend.kind == "age_target" and pend.options.slots == (0, 1) and pend.options.amount == 2
    for bad in ({"kind": "age_target", "slot": 3}, {"kind": "age_target", "slot": None},
                {"kind": "age_target", "slot": True}, {"kind": "age_target", "slot": "0"},
                {"kind": "age_target"}):
        rejected(game, 0, bad, "your Units")
    rejected(game, 0, {"kind": "heal", "slots": [0]}, "age_target")
    game.apply(0, {"kind": "age_target", "slot": 0})
    assert game.players[0].slots[0].age == 2


def test_single_possible_age_target_is_taken_without_asking():
    game = goto(new_game(3), "deploy")
    (tm,) = give(game, 0, ["time_master"])
    deploy(game, 0, {1: tm})
    finish_deployment(game)
    assert game.state.step == "construction" or game.state.phase != "deployment"
    assert game.players[0].slots[1].age == 2  # she is her only possible target


def test_illegal_constructions():
    game = goto(new_game(3), "construction")
    game.players[0].gold = 2
    put(game, 0, 3, "farmer")
    assert {o.building for o in game.construction_options(0)} == {"tavern", "temple"}
    for bad in ({"kind": "build", "building": "town", "level": 1},
                {"kind": "build", "building": "tavern", "level": 2},
                {"kind": "build", "building": "tavern", "level": 3},
                {"kind": "build", "building": "tavern"},
                {"kind": "build", "building": None, "level": 1},
                {"kind": "upgrade", "building": "tavern"}):
        rejected(game, 0, bad, "cannot afford")
    rejected(game, 0, {"kind": "demolish", "building": "tavern"}, "build or upgrade or pass")
    game.apply(0, {"kind": "build", "building": "tavern", "level": 1, "gold": -5})  # the price is the engine's
    for pend in game.pending():
        game.apply(pend.player, {"kind": "pass"})
    assert game.players[0].gold == 2 + 0


def heal_game():
    game = goto(new_game(3), "heal")
    put(game, 0, 0, "mystical_healer")
    knight = put(game, 0, 1, "knight", age=1)
    put(game, 0, 3, "farmer", age=1)
    put(game, 0, 4, "salamander", age=1)  # survives anyway: not offered
    return game, knight


def test_illegal_heals():
    game, knight = heal_game()
    pend = game.pending_for(0)
    assert pend.kind == "heal" and pend.options == HealOptions((1, 3), 1)
    rejected(game, 0, {"kind": "heal", "slots": [1, 3]}, "at most 1")
    rejected(game, 0, {"kind": "heal", "slots": [0]}, "exactly one Age")
    rejected(game, 0, {"kind": "heal", "slots": [4]}, "exactly one Age")
    rejected(game, 0, {"kind": "heal", "slots": [1, 1]}, "each once")
    rejected(game, 0, {"kind": "heal", "slots": 1}, "each once")
    rejected(game, 0, {"kind": "heal", "slots": [True]}, "each once")
    rejected(game, 0, {"kind": "pass"}, "heal")
    game.apply(0, {"kind": "heal", "slots": [1]})
    p = game.players[0]
    assert p.slots[1].card == knight and p.slots[1].age == 2
    assert p.slots[3] is None and p.slots[4].age == 2
    assert events(game, "unit_saved", player=0, card=knight)


# ---- views ----


def test_view_hides_other_players_secrets():
    game = new_game(3)
    game.apply(1, {"kind": "pick", "card": game.players[1].draft[0]})
    v = game.view(0)
    json.dumps(v.to_dict())
    assert v.deck == len(game.state.deck) and v.discard == len(game.state.discard)
    assert "rng" not in v.to_dict() and "log" not in v.to_dict()
    assert v.players[0].draft == tuple(game.players[0].draft) and v.players[0].picks == ()
    assert v.players[1].draft is None and v.players[1].draft_count == 5
    assert v.players[1].submitted is True and v.players[1].decided is None and v.players[1].picks is None
    assert v.players[2].submitted is False and v.players[2].hand is None and v.players[2].hand_count == 0
    assert game.view(1).players[1].decided == Pick(game.players[1].submitted.card)
    spectator = game.view(None)
    assert all(p.draft is None and p.picks is None and p.age_choices is None for p in spectator.players)


def test_view_hides_hands_kept_cards_and_deployments_in_progress():
    game = new_game(3, seed=4)
    play_until(game, at_step(1, "deploy"))
    hand = list(game.players[1].hand)
    game.apply(1, {"kind": "deploy", "slots": [hand[0], None, None, None, None], "keep": hand[1],
                   "unpaid": [hand[0]] if game.card(hand[0]).cost > 3 else []})
    v = game.view(0)
    assert v.players[1].hand is None and v.players[1].hand_count == 5 and v.players[1].submitted is True
    assert v.players[1].decided is None and v.players[0].hand == tuple(game.players[0].hand)
    finish_deployment(game, but=1)
    v = game.view(0)
    assert v.players[1].has_kept is True and v.players[1].kept is None
    assert game.view(1).players[1].kept == hand[1]
    assert hand[1] not in v.known_discards and v.players[1].picks is None
    assert events(game, "card_kept", player=1)  # the event exists, only for player 1's eyes


def test_view_does_not_change_the_game():
    game = new_game(3)
    before = game.to_json()
    game.view(0), game.view(None), game.pending(), game.construction_options(0), game.winners()
    assert game.to_json() == before


# ---- JSON ----


def play_out(game: Game, seed: int) -> str:
    rng = random.Random(seed)
    while not game.over:
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    return game.to_json()


def test_json_round_trip_at_every_step_and_identical_continuation():
    game = new_game(4, seed=21)
    rng = random.Random(1)
    step = 0
    while not game.over:
        text = game.to_json()
        assert Game.from_json(text).to_json() == text
        if step % 9 == 0:  # the restored game continues exactly like the original would
            assert play_out(Game.from_json(text), step) == play_out(copy.deepcopy(game), step)
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
        step += 1
    restored = Game.from_json(game.to_json())
    assert restored.to_json() == game.to_json() and restored.over and restored.winners() == game.winners()


def test_restored_game_plays_to_the_same_end():
    game = new_game(3, seed=8)
    play_until(game, at_step(2, "deploy"))
    assert play_out(Game.from_json(game.to_json()), 5) == play_out(game, 5)


# ---- project rulings (docs/rulings.md) ----


def test_ruling_gains_before_losses_at_aging():
    game = goto(new_game(3), "heal")
    put(game, 0, 0, "demon", age=1)
    put(game, 0, 3, "palm_reader")
    game.resume()
    assert [(e["amount"], e["cause"]) for e in events(game, "lp", player=0)] == [(1, "palm_reader"), (-1, "demon")]
    assert game.players[0].lp == 0


def test_ruling_master_alchemist_counts_food_after_automatic_reveal_abilities():
    game = goto(new_game(3), "deploy")
    put(game, 0, 3, "master_alchemist")
    put(game, 0, 4, "leviathan")  # produces 2 food once aged
    (necro,) = give(game, 0, ["necromancer"])
    deploy(game, 0, {0: necro})
    finish_deployment(game)
    pend = game.pending_for(0)
    assert pend.kind == "age_target" and pend.options.amount == 2 and pend.options.name == "Master Alchemist"


def test_ruling_master_alchemist_counts_food_before_time_master_tokens():
    game = goto(new_game(3), "deploy")
    put(game, 0, 3, "master_alchemist")
    put(game, 0, 4, "leviathan")
    (tm,) = give(game, 0, ["time_master"])
    deploy(game, 0, {0: tm})
    finish_deployment(game)
    game.apply(0, {"kind": "age_target", "slot": 4})  # the Leviathan ages: 2 food, counted only next turn
    assert game.pending_for(0) is None or game.pending_for(0).kind != "age_target"
    assert not events(game, "age_added", cause="master_alchemist")


def test_every_engine_event_is_documented():
    root = Path(__file__).resolve().parent.parent
    rules = root / "papertales_tui" / "rules"
    engine = "".join(p.read_text() for p in [rules / "engine.py", *(rules / "phases").glob("*.py")])
    doc = (root / "docs" / "events.md").read_text()
    types = set(re.findall(r'emit\("(\w+)"', engine))
    assert types and not [t for t in types if f"`{t}`" not in doc]

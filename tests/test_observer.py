"""`observe(game, seat)`: one shape for every viewer, hidden information absent, JSON-ready."""

import dataclasses
import json
import random

import pytest

from papertales_tui.rules import (
    Deploy,
    Pick,
    SeatView,
    SoloView,
    Step,
    game_decisions,
    game_log,
    game_seed,
    game_turn,
    new_game,
    observe,
)
from papertales_tui.rules.random_play import random_decision


def _strings(data) -> str:
    return json.dumps(data, sort_keys=True)


def _field_names(view: SeatView) -> list:
    """The shape of a view: its fields, and its players' fields (values left out)."""
    return [f.name for f in dataclasses.fields(view)] + [f.name for p in view.players for f in dataclasses.fields(p)]


def test_a_seat_sees_its_own_hand_and_draft_and_only_counts_of_the_others():
    game = new_game(["Ann", "Bob", "Cid"], seed=3)
    game.apply(0, Pick(game.pending_for(0).options.cards[0]))
    view = observe(game, 1)
    bob, ann = view.players[1], view.players[0]
    assert bob.draft == tuple(game.players[1].draft) and bob.hand == ()
    assert ann.hand is None and ann.draft is None and ann.kept is None
    assert ann.hand_count == 0 and ann.draft_count == len(game.players[0].draft) and ann.submitted
    # Ann's pick is nowhere in what Bob sees: her hand and draft are counts, her decision a bare flag
    seen = view.to_dict()["players"][0]
    assert seen["hand"] is None and seen["draft"] is None and seen["submitted"] is True


def test_a_face_down_deployment_is_only_a_bare_has_decided():
    game = new_game(["Ann", "Bob"], seed=5)
    rng = random.Random(5)
    while game.state.step != Step.DEPLOY:
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    hand = game.players[0].hand
    game.apply(0, Deploy(slots=(hand[0], None, None, None, None), keep=None, unpaid=()))
    seen = observe(game, 1)
    assert seen.players[0].submitted and seen.players[0].slots == (None,) * 5  # placed, not yet revealed
    assert seen.players[0].hand is None and seen.players[0].hand_count == len(hand)
    ann = seen.to_dict()["players"][0]
    assert list(ann["slots"]) == [None] * 5 and ann["hand"] is None and ann["kept"] is None  # the card placed: nowhere
    assert observe(game, 0).players[0].hand == tuple(hand)


def test_a_spectator_sees_no_hand_and_every_viewer_gets_the_same_shape():
    game = new_game(["Ann", "Bob", "Cid", "Dan"], seed=7)
    views = [observe(game, seat) for seat in (None, 0, 1, 2, 3)]
    assert all(p.hand is None and p.draft is None for p in views[0].players)
    assert len({tuple(_field_names(v)) for v in views}) == 1
    assert {type(v.players[0].hand_count) for v in views} == {int}
    for seat, view in enumerate(views[1:]):
        assert [p.hand is not None for p in view.players] == [i == seat for i in range(4)]


def test_a_view_serialises_to_json_and_leaves_out_the_catalog():
    game = new_game(["Ann", "Bob", "Cid"], seed=11)
    rng = random.Random(11)
    for _ in range(40):  # into the game: Units in play, Buildings perhaps
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    data = observe(game, 0).to_dict()
    assert "catalog" not in data and json.loads(json.dumps(data)) == json.loads(_strings(data))
    assert data["players"][0]["name"] == "Ann" and data["turn"] == game.state.turn
    assert any(u is not None for p in data["players"] for u in p["slots"])


def test_kingdom_figures_are_the_engines():
    game = new_game(["Ann", "Bob", "Cid"], seed=13)
    rng = random.Random(13)
    while game.state.turn < 3 and not game.over:
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    view = observe(game, None)
    for i, p in enumerate(view.players):
        assert p.strength == game.strength(i)
        assert {k: u.strength for k, u in p.units()} == game.unit_strengths(i)
        assert [k for k, u in p.units() if u.healable] == game.healable(i)
        assert [u.dies for _, u in p.units()] == [game.dies(u) for _, u in game.players[i].units()]
        assert dict(p.resources) == game.resources(i)


@pytest.mark.parametrize("seat", [0, None])
def test_solo_view_hides_face_down_necropolis_cards_and_the_underworld_order(seat):
    game = new_game(["Ann"], seed=2, mode="solo", difficulty=2)
    rng = random.Random(2)
    while game.mode.solo.underworld == [] or game.state.step != Step.PICK:
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    solo = game.mode.solo
    view = observe(game, seat)
    seen = view.mode_view
    assert isinstance(seen, SoloView)
    face_down = solo.necropolis[solo.revealed:]
    assert seen.row[solo.revealed:] == (None,) * len(face_down)
    text = _strings(view.to_dict())
    for key in set(face_down) - set(solo.necropolis[:solo.revealed]) - set(seen.next_candidates):
        assert key not in text
    assert seen.lich_cards == tuple(solo.lich_cards) and seen.underworld_count == len(solo.underworld)
    if seat == 0:
        assert seen.underworld == tuple(sorted(solo.underworld))
        assert [c for c, _ in seen.quest_lp] == game.players[0].draft
    else:
        assert seen.underworld is None and seen.discard is None and seen.quest_lp == ()


def test_a_standard_game_has_no_solo_view():
    assert observe(new_game(["Ann", "Bob"], seed=1), 0).mode_view is None


def test_the_table_queries_agree_with_the_view_as_the_game_goes_on():
    game = new_game(["Ann", "Bob"], seed=11)
    rng = random.Random(11)
    turns = set()
    while not game.over:
        view = observe(game, None)
        assert (len(game_log(game)), len(game_decisions(game))) == (view.log_size, view.decisions)
        assert (game_turn(game), game_seed(game)) == (view.turn, 11)
        turns.add(game_turn(game))
        pend = game.pending()[0]
        game.apply(pend.player, random_decision(game, pend, rng))
        assert game_decisions(game)[-1]["player"] == pend.player
    assert turns == set(range(1, view.turns + 1))
    saved = json.loads(game.to_json())
    assert (list(game_log(game)), list(game_decisions(game))) == (saved["log"], saved["decisions"])


def test_what_a_seat_learnt_from_the_events_it_saw_is_its_own():
    game = new_game(["Ann", "Bob"], seed=9)  # 2 players: each draft round, a pick and a discard
    rng = random.Random(9)
    while game.state.turn < 2 or game.state.draft_round < 2:
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    ann, bob = observe(game, 0), observe(game, 1)
    mine = ann.players[0].picks
    assert mine is not None and len(mine) == 2 and all(len(r) == 2 for r in mine)  # this turn's rounds only
    assert {r[0] for r in mine} <= set(game.players[0].hand) and {r[1] for r in mine} <= set(game.state.discard)
    assert ann.players[1].picks is None and bob.players[0].picks is None
    assert observe(game, None).players[0].picks is None
    theirs = {c for r in bob.players[1].picks for c in r[1:]}  # Bob's draft discards: in his view, not in Ann's
    assert theirs <= set(bob.known_discards) and not theirs & set(ann.known_discards)
    assert [(w.turn, w.player) for w in ann.war_strengths] == [(1, 0), (1, 1)] == [(w.turn, w.player) for w in
                                                                                  bob.war_strengths]

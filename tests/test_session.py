"""The game flow without Textual: what comes next after each decision, hand-offs and take-back."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys

from conftest import new_game

from papertales_tui.rules.decisions import Pick
from papertales_tui.rules.engine import Game, IllegalDecision
from papertales_tui.rules.random_play import random_decision
from papertales_tui.rules.solo import SoloGame
from papertales_tui.tui import flow
from papertales_tui.tui.session import BotFailed, BotTurn, Decide, Final, Handoff, Session, Summary


def play_through(session: Session, seed: int = 1, limit: int = 5000) -> list:
    """Play the session to its end with random decisions; the scenes seen, in order."""
    rng = random.Random(seed)
    scenes = []
    for _ in range(limit):
        scene = session.scene
        scenes.append(scene)
        if isinstance(scene, Final):
            return scenes
        if isinstance(scene, (Summary, Handoff)):
            session.proceed()
        elif isinstance(scene, BotTurn):
            session.bot_submit(scene.pend, session.bot_decision(scene.pend))
        else:
            assert session.submit(scene.pend.player, random_decision(session.game, scene.pend, rng)) is None
    raise AssertionError("the game did not end")


def test_session_needs_no_textual():
    code = "import sys, papertales_tui.tui.session; assert not any(m.startswith('textual') for m in sys.modules)"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_hot_seat_game_hands_off_before_every_other_players_decision():
    session = Session(new_game(3, seed=5), ["human"] * 3)
    scenes = play_through(session)
    at_screen = None
    for before, scene in itertools.pairwise(scenes):
        if isinstance(scene, Handoff):
            at_screen = scene.pend.player
        elif isinstance(scene, Summary):
            at_screen = None  # everyone looks at the summary
        elif isinstance(scene, Decide):
            assert scene.pend.player == at_screen or isinstance(before, Handoff), "a decision shown to the wrong player"
            at_screen = scene.pend.player
    assert isinstance(scenes[-1], Final) and scenes[-1].events
    assert session.game.over


def test_one_page_per_chapter_in_the_order_of_the_turn():
    session = Session(new_game(3, seed=6), ["human"] * 3)
    pages = [s for s in play_through(session) if isinstance(s, Summary)]
    assert all(len(p.chapters) == 1 for p in pages)
    order = [(p.turn, p.chapters[0][0]) for p in pages]
    order = [x for k, x in enumerate(order) if k == 0 or x != order[k - 1]]  # a Time Master splits a reveal
    assert order == [(t, c) for t in (1, 2, 3, 4) for c in ("reveal", "income", "construction", "aging")]
    log = session.game.state.log
    for p in pages:  # each page is as of its last event
        assert log[p.as_of - 1] is p.chapters[0][1][-1]


def test_the_same_decisions_make_the_same_game_as_the_engine_alone():
    session = Session(new_game(3, seed=7), ["human"] * 3)
    play_through(session, seed=3)
    game = new_game(3, seed=7)
    for d in session.game.state.decisions:
        game.apply(d["player"], {k: v for k, v in d.items() if k != "player"})
    assert game.to_json() == session.game.to_json()


def test_one_human_and_bots_no_hand_off():
    session = Session(new_game(3, seed=2), ["human", "bot:easy", "bot:easy"])
    scenes = play_through(session)
    assert not any(isinstance(s, Handoff) for s in scenes)
    assert any(isinstance(s, BotTurn) and s.pend.player == 1 for s in scenes)
    assert all(s.pend.player == 0 for s in scenes if isinstance(s, Decide))


def test_a_refused_bot_decision_is_replaced_by_a_random_one():
    session = Session(new_game(2, seed=2), ["bot:easy", "bot:easy"])
    scene = session.scene
    assert isinstance(scene, BotTurn)
    warning = session.bot_submit(scene.pend, Pick(card=-1))
    assert warning and "plays at random" in warning and "the cards in front of you" in warning
    assert len(session.game.state.decisions) == 1


def test_a_bot_that_fails_is_replaced_by_a_random_decision():
    session = Session(new_game(2, seed=2), ["bot:easy", "bot:easy"])
    scene = session.scene
    assert isinstance(scene, BotTurn)
    session.bots[scene.pend.player] = None  # choose() raises AttributeError
    decision = session.bot_decision(scene.pend)
    assert isinstance(decision, BotFailed) and "AttributeError" in decision.reason
    warning = session.bot_submit(scene.pend, decision)
    assert warning and "AttributeError" in warning and "plays at random" in warning
    assert len(session.game.state.decisions) == 1


def test_solo_game_no_hand_off_and_lich_king_pages():
    session = Session(SoloGame.new(["Ann"], seed=3, difficulty=1), ["human"])
    scenes = play_through(session)
    assert not any(isinstance(s, Handoff) for s in scenes)
    chapters = [s.chapters[0][0] for s in scenes if isinstance(s, Summary)]
    assert chapters[:5] == ["lich", "reveal", "income", "construction", "aging"]


def test_a_refused_decision_leaves_the_scene_as_it_was():
    session = Session(new_game(2), ["human", "human"])
    session.proceed()  # P0 accepts the hand-off
    scene = session.scene
    assert isinstance(scene, Decide) and scene.pend.player == 0
    error = session.submit(0, {"kind": "pick", "card": -1})
    assert isinstance(error, IllegalDecision)
    assert session.scene == scene and session.game.state.decisions == []
    assert isinstance(session.submit(1, {"kind": "pick"}), IllegalDecision)  # not P1's turn at the screen


def pick(session: Session, player: int) -> dict:
    pend = session.scene.pend
    assert pend.player == player
    cards = pend.options["cards"]
    decision = {"kind": "pick", "card": cards[0]}
    if pend.options["discard"]:
        decision["discard"] = cards[1]
    assert session.submit(player, decision) is None
    return decision


def test_take_back_a_pick_until_the_next_player_accepts_the_hand_off():
    session = Session(new_game(3, seed=4), ["human"] * 3)
    session.proceed()
    before = session.game.to_json()
    pick(session, 0)
    scene = session.scene
    assert isinstance(scene, Handoff) and scene.pend.player == 1 and scene.take_back == (0, "pick")
    assert session.take_back()
    assert session.game.to_json() == before
    assert isinstance(session.scene, Decide) and session.scene.pend.player == 0  # no hand-off to oneself
    pick(session, 0)
    session.proceed()  # P1 accepts: too late
    assert not session.take_back()
    assert len(session.game.state.decisions) == 1


def test_no_take_back_once_the_step_was_resolved():
    session = Session(new_game(2, seed=4), ["human", "human"])
    session.proceed()
    pick(session, 0)
    session.proceed()
    pick(session, 1)  # the last pick of the round: the cards are passed, the hands change
    scene = session.scene
    assert isinstance(scene, Handoff) and scene.pend.player == 0 and scene.take_back is None
    assert not session.take_back()


def test_take_back_a_confirmed_deployment():
    game = new_game(2, seed=4)
    rng = random.Random(0)
    while game.state.step == "pick":
        game.apply(game.pending()[0].player, random_decision(game, game.pending()[0], rng))
    session = Session(game, ["human", "human"], shown=len(game.state.log))
    session.proceed()
    pend = session.scene.pend
    assert pend.kind == "deploy"
    before = session.game.to_json()
    assert session.submit(0, random_decision(session.game, pend, rng)) is None
    assert session.scene.take_back == (0, "deploy")
    assert session.take_back() and session.game.to_json() == before
    assert session.scene == Decide(session.game.pending_for(0))


def test_no_take_back_after_a_bot_decided():
    session = Session(new_game(3, seed=4), ["human", "bot:easy", "human"])
    session.proceed()
    pick(session, 0)
    scene = session.scene
    assert isinstance(scene, BotTurn)
    session.bot_submit(scene.pend, session.bot_decision(scene.pend))
    assert isinstance(session.scene, Handoff) and session.scene.take_back is None


def totals_match(game: Game) -> None:
    lp, gold, lich = flow.totals_at(game.state.log, len(game.state.log))
    for i, p in enumerate(game.players):
        assert lp.get(i, 0) == p.lp and gold.get(i, 3) == p.gold
    if isinstance(game, SoloGame):
        assert (lich or 0) == game.lich_lp


def test_totals_from_the_log_match_the_game_after_every_decision():
    for game in (new_game(2, seed=1), new_game(4, seed=2), SoloGame.new(["Ann"], seed=3, difficulty=2)):
        rng = random.Random(1)
        while not game.over:
            pend = game.pending()[0]
            game.apply(pend.player, random_decision(game, pend, rng))
            totals_match(game)

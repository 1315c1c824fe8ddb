"""The game flow without Textual: what comes next after each decision, hand-offs and take-back."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys

import pytest
from conftest import new_game
from test_bot_knowledge import every_card

from papertales_tui.rules.bots.knowledge import game_from_view
from papertales_tui.rules.decisions import Pick, Step, as_decision
from papertales_tui.rules.engine import Game, IllegalDecision
from papertales_tui.rules.random_play import random_decision
from papertales_tui.rules.solo import SoloMode
from papertales_tui.rules.solo import new_game as new_solo_game
from papertales_tui.tui import chapters
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
        one_scene(session, rng)
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
        assert p.chapters[0][1][-1].to_dict() == log[p.as_of - 1]  # typed (rules/events.py)


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
    session = Session(new_solo_game(["Ann"], seed=3, difficulty=1), ["human"])
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
    cards = pend.options.cards
    decision = {"kind": "pick", "card": cards[0]}
    if pend.options.discard:
        decision["discard"] = cards[1]
    assert session.submit(player, decision) is None
    return decision


def test_take_back_a_pick_until_the_next_player_accepts_the_hand_off():
    session = Session(new_game(3, seed=4), ["human"] * 3)
    session.proceed()
    before = session.game.to_json()
    taken = pick(session, 0)
    scene = session.scene
    assert isinstance(scene, Handoff) and scene.pend.player == 1 and scene.take_back == (0, "pick")
    assert session.take_back()
    assert session.game.to_json() == before
    assert isinstance(session.scene, Decide) and session.scene.pend.player == 0  # no hand-off to oneself
    assert session.scene.prior == as_decision(taken)  # the pick taken back, to start from
    pick(session, 0)
    scene = session.scene  # the table is told, on the next hand-off and in the log
    assert isinstance(scene, Handoff) and scene.announce == "P0 took back their pick."
    logged = len(session.game.state.log)  # the note stands where the log was when it happened
    assert session.take_back_notes() == [(logged, "P0 took back their pick")]
    assert session.settings()["take_backs"] == [[logged, 0, "pick"]]
    session.proceed()  # P1 accepts: too late
    assert not session.take_back()
    assert len(session.game.state.decisions) == 1
    pick(session, 1)
    assert session.scene.announce == ""  # told once


def test_take_backs_kept_in_a_save_come_back_and_bad_ones_are_left_out():
    game = new_game(3, seed=4)
    session = Session(game, ["human"] * 3, take_backs=[[0, 2, "deploy"], [0, 9, "pick"], "x", [1, 1, "dance"]])
    assert session.take_back_notes() == [(0, "P2 took back their deployment")]


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
    decision = random_decision(session.game, pend, rng)
    assert session.submit(0, decision) is None
    assert session.scene.take_back == (0, "deploy")
    assert session.take_back() and session.game.to_json() == before
    # the plan comes back as it was confirmed, not reset
    assert session.scene == Decide(session.game.pending_for(0), as_decision(decision))


def test_no_take_back_after_a_bot_decided():
    session = Session(new_game(3, seed=4), ["human", "bot:easy", "human"])
    session.proceed()
    pick(session, 0)
    scene = session.scene
    assert isinstance(scene, BotTurn)
    session.bot_submit(scene.pend, session.bot_decision(scene.pend))
    assert isinstance(session.scene, Handoff) and session.scene.take_back is None


def totals_match(game: Game) -> None:
    lp, gold, lich = chapters.totals_at(game.state.log, len(game.state.log))
    for i, p in enumerate(game.players):
        assert lp.get(i, 0) == p.lp and gold.get(i, 3) == p.gold
    if isinstance(game.mode, SoloMode):
        assert (lich or 0) == game.mode.lich_lp


def test_totals_from_the_log_match_the_game_after_every_decision():
    for game in (new_game(2, seed=1), new_game(4, seed=2), new_solo_game(["Ann"], seed=3, difficulty=2)):
        rng = random.Random(1)
        while not game.over:
            pend = game.pending()[0]
            game.apply(pend.player, random_decision(game, pend, rng))
            totals_match(game)


# --- what each human seat remembers of the draft, for the coach's hints ------------------------------

def one_scene(session: Session, rng: random.Random) -> None:
    """Go on from the scene as the table would (random decisions)."""
    scene = session.scene
    if isinstance(scene, (Summary, Handoff)):
        session.proceed()
    elif isinstance(scene, BotTurn):
        session.bot_submit(scene.pend, session.bot_decision(scene.pend))
    else:
        assert session.submit(scene.pend.player, random_decision(session.game, scene.pend, rng)) is None


def deciding_pick(session: Session) -> int | None:
    """The seat deciding a pick after the first round of a draft now, if any."""
    scene = session.scene
    if isinstance(scene, Decide) and scene.pend.kind is Step.PICK and session.game.state.draft_round > 0:
        return scene.pend.player
    return None


def samples_of(session: Session, me: int) -> list[Game]:
    """What the coach's hint samples for `me` now: its view and its memory of the draft."""
    game = session.game
    return [game_from_view(game.view(me), me, game.catalog, random.Random(k), drafts=session.draft_memory(me))
            for k in range(3)]


def knows_the_next_draft(session: Session, me: int) -> bool:
    """Every sample holds the true draft cards of the seat `me` passed to; all samples are whole games."""
    game = session.game
    nxt = game.pass_target(me)
    truth = sorted(game.state.players[nxt].draft)
    samples = samples_of(session, me)
    assert all(every_card(s) == every_card(game) for s in samples)
    assert all([len(p.draft) for p in s.state.players] == [len(p.draft) for p in game.state.players] for s in samples)
    return all(sorted(s.state.players[nxt].draft) == truth for s in samples)


def test_each_human_seat_remembers_the_draft_cards_it_held_for_the_coach():
    session = Session(new_game(2, seed=3), ["human", "human"])
    rng = random.Random(2)
    checked, took_back = [], False
    while session.game.state.turn <= 2:
        me = deciding_pick(session)
        if me is not None:
            assert knows_the_next_draft(session, me)  # each seat remembers what it passed on
            checked.append(me)
            if not took_back and me == 0:  # a decision taken back leaves the memory right
                one_scene(session, rng)
                assert session.take_back() and deciding_pick(session) == 0
                assert knows_the_next_draft(session, 0)
                took_back = True
        one_scene(session, rng)
    assert took_back and checked.count(0) == checked.count(1) == 2 * 3  # rounds 1 to 3 of 2 turns


@pytest.mark.parametrize("players", [2, 3])
def test_a_bot_seat_has_no_memory_and_a_resumed_game_starts_with_an_empty_one(players):
    session = Session(new_game(players, seed=5), ["human"] + ["bot:easy"] * (players - 1))
    assert session.draft_memory(1) is None
    rng = random.Random(4)
    while not (session.game.state.turn == 2 and deciding_pick(session) == 0):
        one_scene(session, rng)
    assert knows_the_next_draft(session, 0)
    game = session.game
    resumed = Session(Game.from_json(game.to_json(), game.catalog), session.seats, shown=len(game.state.log))
    while deciding_pick(resumed) != 0:
        one_scene(resumed, rng)
    assert not knows_the_next_draft(resumed, 0)  # it did not see the first round again: drawn at random
    one_scene(resumed, rng)
    while deciding_pick(resumed) != 0:
        one_scene(resumed, rng)
    assert knows_the_next_draft(resumed, 0)  # it saw the last round since

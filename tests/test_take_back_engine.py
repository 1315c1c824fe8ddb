"""`Game.take_back`: a decision waiting for the others is withdrawn, the game exactly as before it;
refused (NothingToTakeBack, nothing changed) when there is none to take back."""

from __future__ import annotations

import random

import pytest

from papertales_tui.rules import Game, NothingToTakeBack, Step, game_log, random_decision


def play(seed: int, players: int, take_backs: bool) -> tuple[Game, int, set[Step]]:
    game = Game.new([f"P{i}" for i in range(players)], seed=seed)
    rng = random.Random(seed)
    taken, steps = 0, set()
    while not game.over:
        pends = game.pending()
        first = pends[0]
        decision = random_decision(game, first, rng)
        if take_backs and len(pends) > 1 and first.kind != Step.AGE_TARGET:
            before = game.to_json()
            game.apply(first.player, decision)
            assert game.take_back(first.player) == decision
            assert game.to_json() == before  # as if never decided
            assert game.pending_for(first.player) == first
            taken += 1
            steps.add(first.kind)
        game.apply(first.player, decision)
    return game, taken, steps


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (7, 3), (11, 5)])
def test_a_decision_taken_back_leaves_the_same_game(seed: int, players: int) -> None:
    taken_game, taken, steps = play(seed, players, take_backs=True)
    plain, _, _ = play(seed, players, take_backs=False)
    assert taken > 10 and {Step.PICK, Step.DEPLOY} <= steps
    assert taken_game.to_json() == plain.to_json()


def test_nothing_to_take_back_is_refused_and_changes_nothing() -> None:
    game = Game.new(["Ann", "Bob", "Cid"], seed=2)
    before = game.to_json()
    for who in (0, 7, -1, True):
        with pytest.raises(NothingToTakeBack):
            game.take_back(who)  # type: ignore[arg-type]  # (True is no player)
    assert game.to_json() == before
    rng = random.Random(2)
    for pend in game.pending():  # the round resolves with the last pick
        game.apply(pend.player, random_decision(game, pend, rng))
    logged = len(game_log(game))
    with pytest.raises(NothingToTakeBack):
        game.take_back(0)  # its pick was resolved with the round
    assert len(game_log(game)) == logged

"""The engine's trusted fast path: the same games as one validated `apply` per decision."""

from __future__ import annotations

import random
from functools import partial

import pytest
from conftest import new_game

from papertales_tui.rules import draws
from papertales_tui.rules.engine import Game
from papertales_tui.rules.errors import IllegalDecision, NotPending
from papertales_tui.rules.random_play import play_random_game, random_choice, random_decision
from papertales_tui.rules.solo import new_game as new_solo_game


def _without_log(game: Game) -> dict:
    d = game.state.to_dict()
    d.pop("log")
    return d


def _same_game_both_ways(players: int, seed: int) -> None:
    names = [f"P{i}" for i in range(players)]
    full = play_random_game(names, seed)
    fast = play_random_game(names, seed, fast=True)
    assert _without_log(fast) == _without_log(full)  # every decision, every card, LP and Gold
    assert fast.scores() == full.scores() and fast.winners() == full.winners()
    assert fast.state.log == [] and fast.unlogged == len(full.state.log)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_same_seed_same_game_on_both_paths(players):
    for seed in range(12):
        _same_game_both_ways(players, seed)


@pytest.mark.volume
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_same_seed_same_game_on_both_paths_volume(players):
    for seed in range(1000):
        _same_game_both_ways(players, seed)


def test_tie_breaks_do_not_depend_on_what_is_logged():
    # a game with players tied on LP and Gold from the start: every ordering is a seeded draw
    logged, counted = new_game(4, seed=9), new_game(4, seed=9)
    counted.stop_recording()
    assert logged.player_order() == counted.player_order()


def test_a_validated_submission_applies_nothing_if_one_decision_is_illegal():
    game = new_game(3, seed=1)
    before = game.to_json()
    pends = game.pending()
    good = {p.player: {"kind": "pick", "card": p.options.cards[0]} for p in pends}
    bad = dict(good)
    bad[2] = {"kind": "pick", "card": 9999}
    with pytest.raises(IllegalDecision):
        game.submit(bad)
    assert game.to_json() == before
    with pytest.raises(NotPending):
        game.submit({**good, 7: {"kind": "pick", "card": 0}})
    assert game.to_json() == before
    game.submit(good)  # validated, then resolved once: the cards are passed on
    assert game.state.draft_round == 1 and all(p.submitted is None for p in game.state.players)


def test_submitting_a_step_together_is_applying_each_decision():
    rng_a, rng_b = random.Random(4), random.Random(4)
    one_by_one, together = new_game(3, seed=4), new_game(3, seed=4)
    for _ in range(40):
        if one_by_one.over:
            break
        for pend in one_by_one.pending():
            one_by_one.apply(pend.player, random_decision(one_by_one, pend, rng_a))
        together.submit({p.player: random_decision(together, p, rng_b) for p in together.pending()})
        assert together.to_json() == one_by_one.to_json()  # the log too: events are recorded


@pytest.mark.parametrize("players", [2, 5])
def test_playing_a_step_is_submitting_its_pending_decisions(players):
    # play_step asks the same players, in the same order, with the same options as pending()
    for seed in range(6):
        by_step, by_submit = new_game(players, seed=seed), new_game(players, seed=seed)
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        decide = partial(random_choice, by_step, rng=rng_a)
        while not by_step.over:
            by_step.play_step(decide)
            by_submit.submit({p.player: random_decision(by_submit, p, rng_b) for p in by_submit.pending()},
                             trusted=True)
            assert by_step.to_json() == by_submit.to_json()  # the log too: events are recorded
        assert by_submit.over


def test_a_solo_game_keeps_its_log():
    with pytest.raises(ValueError, match="solo game cannot be played without its log"):
        new_solo_game(["Ann"], seed=1).stop_recording()


def test_draws_are_randoms_own():
    # rules/draws.py makes Random's choice, shuffle and sample without a call per element: the same results
    for seed in range(300):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n in range(1, 14):
            cards = list(range(n))
            mine = list(cards)
            draws.shuffle(ours, mine)
            theirs.shuffle(cards)
            assert mine == cards
            assert draws.choice(ours, cards) == theirs.choice(cards)
            for k in range(n + 1):
                assert draws.sample(ours, cards, k) == theirs.sample(cards, k)
        assert ours.getstate() == theirs.getstate()
    big = list(range(30))  # (Random's other method for a large population)
    assert draws.sample(random.Random(7), big, 3) == random.Random(7).sample(big, 3)
    with pytest.raises(ValueError):
        draws.sample(random.Random(7), [1, 2], 3)

"""benchmarks/bench_oracle.py: the hard bot's samples with some hidden cards set as they truly are."""

from __future__ import annotations

import random

import pytest
from conftest import new_game
from helpers.scripts import load_script

from papertales_tui.rules.bots import hard, knowledge, make_bot


@pytest.fixture(scope="module")
def oracle():
    return load_script("benchmarks/bench_oracle.py")


def hidden(state, me):
    return {i: (sorted(p.hand), sorted(p.draft), p.kept) for i, p in enumerate(state.players) if i != me}


def every_card(state):
    cards = state.deck + state.discard + [c for p in state.players for c in p.hand + p.draft]
    return sorted(cards + [p.kept for p in state.players if p.kept is not None])


def played_to_the_draft(seed, players=3):
    game = new_game(players, seed=seed)
    bots = [make_bot("medium", i) for i in range(players)]
    while game.state.turn < 2 or game.state.draft_round < 1:
        for pend in game.pending():
            game.apply(pend.player, bots[pend.player].choose(game.view(pend.player), pend, game.catalog))
    return game


@pytest.mark.parametrize("zones", [("hand", "draft", "kept", "deck"), ("draft",), ("deck",)])
def test_a_sample_gets_the_true_cards_of_its_zones_and_keeps_every_card_once(oracle, zones):
    game = played_to_the_draft(4)
    view = game.view(0)
    oracle._truth.append(game)
    try:
        sample = knowledge.game_from_view(view, 0, game.catalog, random.Random(3))
        before = every_card(sample.state)
        oracle.true_in(sample, 0, zones)
    finally:
        oracle._truth.pop()
    s, t = sample.state, game.state
    assert every_card(s) == before == every_card(t)
    for i in range(1, 3):
        if "draft" in zones:
            assert s.players[i].draft == t.players[i].draft
        if "hand" in zones:
            assert s.players[i].hand == t.players[i].hand and s.players[i].kept == t.players[i].kept
    if "deck" in zones:
        assert s.deck == t.deck and s.discard == t.discard
        # (the piles true: the other seats' cards together are theirs, whoever holds which)
        held = [sorted(c for h in hidden(x, 0).values() for c in [*h[0], *h[1], *([h[2]] if h[2] is not None else [])])
                for x in (s, t)]
        assert held[0] == held[1]


def test_the_hard_bot_plays_out_the_true_cards_in_the_block_and_its_own_samples_after(oracle, monkeypatch):
    seen = []  # per playout: whether the sample's hidden cards were the game's
    real = hard.playout

    def spy(sim, me, *rest, **kw):
        truth = oracle._truth[-1].state if oracle._truth else None
        seen.append(truth is not None and hidden(sim.state, me) == hidden(truth, me))
        return real(sim, me, *rest, **kw)

    monkeypatch.setattr(hard, "playout", spy)
    import papertales_tui.rules.bots as bots

    with oracle.knowing(oracle.ZONES["oracle"]):
        bots.play_bot_game(["hard", "medium"], 5, bot_options={"budget": 0.01})
    assert seen and all(seen)
    assert not oracle._truth and hard._sample is oracle.hard._sample
    seen.clear()
    bots.play_bot_game(["hard", "medium"], 5, bot_options={"budget": 0.01})
    assert seen and not any(seen)

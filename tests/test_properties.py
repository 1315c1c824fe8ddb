"""Properties of whole random games, checked after every single decision."""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from papertales_tui.rules.engine import Game
from papertales_tui.rules.random_play import play_random_game, random_decision
from papertales_tui.rules.state import FIFTH_SLOT


def card_places(game: Game) -> Counter:
    """How many times each card id is found in the deck, discard pile, hands, drafts, kept cards, Kingdoms."""
    s = game.state
    seen = Counter(s.deck) + Counter(s.discard)
    for p in s.players:
        seen.update(p.hand)
        seen.update(p.draft)
        if p.kept is not None:
            seen[p.kept] += 1
        seen.update(u.card for _, u in p.units())
    return seen


def check_invariants(game: Game) -> None:
    seen = card_places(game)
    assert seen == Counter(range(len(game.state.cards))), "every card is in exactly one place"
    for p in game.players:
        assert p.gold >= 0 and p.lp >= 0
        units = p.units()
        assert len(units) <= len(p.open_slots())
        assert all(slot in p.open_slots() for slot, _ in units)
        assert p.slots[FIFTH_SLOT] is None or p.has_fifth_slot()
    text = game.to_json()
    assert Game.from_json(text).to_json() == text


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 7), seed=st.integers(0, 2**32 - 1), play_seed=st.integers(0, 2**32 - 1))
def test_random_games_keep_every_invariant_at_every_step(players, seed, play_seed):
    game = Game.new([f"P{i}" for i in range(players)], seed=seed)
    rng = random.Random(play_seed)
    check_invariants(game)
    steps = 0
    while not game.over:
        pending = game.pending()
        assert pending, "a game that is not over always waits for someone"
        for pend in pending:
            game.apply(pend.player, random_decision(game, pend, rng))
            check_invariants(game)
            steps += 1
        assert steps < 5000
    assert game.state.turn == 4
    assert game.winners() and game.pending() == []


@pytest.mark.volume
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_volume_thousand_random_games(players):
    names = [f"P{i}" for i in range(players)]
    for seed in range(1000):
        game = play_random_game(names, seed=seed)
        assert game.over
        assert card_places(game) == Counter(range(len(game.state.cards)))

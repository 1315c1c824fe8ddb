"""The hard bot's samples of the hidden cards: the other seats' hands as picked in a draft."""

from __future__ import annotations

import pytest

from papertales_tui.rules.bots import hard, make_bot
from papertales_tui.rules.bots.knowledge import DraftMemory, hidden_cards
from papertales_tui.rules.bots.medium import Planner
from papertales_tui.rules.card_files import default_catalog
from papertales_tui.rules.engine import Game


@pytest.fixture(scope="module")
def deployment():
    """Seat 0's view at the first Deployment of a 3-player game of medium bots, with its memory of
    the draft."""
    catalog = default_catalog()
    game = Game.new(["Ann", "Bob", "Cat"], seed=3, catalog=catalog)
    bots = [make_bot("medium", k) for k in range(3)]
    memory = DraftMemory()
    while game.state.phase != "deployment":
        for pend in game.pending():
            view = game.view(pend.player)
            if pend.player == 0:
                memory.watch(view, 0)
            game.apply(pend.player, bots[pend.player].choose(view, pend, catalog))
    return game, game.view(0), memory, catalog


def test_a_sample_is_the_same_for_the_same_seed(deployment):
    _, view, memory, catalog = deployment
    hidden = hidden_cards(view, 0)
    judge = hard.judgement({})
    a, b = (hard.sample(view, 0, catalog, 0.25, hidden, memory, judge) for _ in range(2))
    assert [p.hand for p in a.state.players] == [p.hand for p in b.state.players]
    assert a.state.deck == b.state.deck
    c = hard.sample(view, 0, catalog, 0.75, hidden, memory, judge)
    assert [p.hand for p in c.state.players] != [p.hand for p in a.state.players]


def test_the_other_hands_are_as_picked_and_the_cards_stay_the_same(deployment):
    """With a judgement, the other seats' hands hold cards worth more to their Kingdoms (the medium
    bot's gain of a card on the public Kingdom) than hands drawn at random; the seat's own cards and
    the cards in the game are the same either way."""
    game, view, memory, catalog = deployment
    hidden = hidden_cards(view, 0)
    judge = hard.judgement({})
    worth = {True: 0.0, False: 0.0}
    for k in range(40):
        seed = k / 40
        for picked in (True, False):
            sim = hard.sample(view, 0, catalog, seed, hidden, memory, judge if picked else None)
            assert sim.state.players[0].hand == game.state.players[0].hand
            cards = sorted([*sim.state.deck, *(c for p in sim.state.players for c in p.hand)])
            assert cards == sorted([*game.state.deck, *(c for p in game.state.players for c in p.hand)])
            for j in (1, 2):
                hand = sim.state.players[j].hand
                worth[picked] += sum(Planner(sim, j).public_gains(hand).values())
    assert worth[True] > worth[False]


def test_drawn_at_random_when_picked_from_one(deployment, monkeypatch):
    _, view, memory, catalog = deployment
    monkeypatch.setattr(hard, "PICKED_FROM", 1)
    assert hard.judgement({}) is None

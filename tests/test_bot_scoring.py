"""What the hard bot's playouts score: how far they play, and the standing of a Kingdom mid-game."""

from __future__ import annotations

import random

import pytest
from helpers.random_games import random_game

from papertales_tui.rules.bots.hard import candidates, playout, standing
from papertales_tui.rules.bots.knowledge import game_from_view
from papertales_tui.rules.bots.medium import GOLD_LP
from papertales_tui.rules.engine import Game


def _played_out(turn: int) -> Game:
    """A sample of the first decision of `turn` (3 players), played out."""
    game = random_game(3, 5, until_turn=turn)
    pend = game.pending()[0]
    view = game.view(pend.player)
    option = candidates(game_from_view(view, pend.player, game.catalog), pend, {})[0]
    sim = game_from_view(view, pend.player, game.catalog, random.Random(2))
    playout(sim, pend.player, option, {})
    return sim


@pytest.mark.parametrize("turn", [2, 3])
def test_a_playout_stops_at_the_end_of_its_turn(turn):
    sim = _played_out(turn)
    assert not sim.over and sim.state.turn == turn + 1


def test_a_playout_of_the_last_turn_goes_to_the_end_of_the_game():
    sim = _played_out(4)
    assert sim.state.turn == sim.state.turns == 4 and sim.over


@pytest.mark.parametrize("seed", range(3))
def test_a_gold_counts_gold_lp_in_the_standing(seed):
    game = random_game(2, seed, until_turn=4)
    before = standing(game, 0, {})
    game.state.players[0].gold += 1
    assert standing(game, 0, {}) - before == GOLD_LP == 0.5

"""Positions for the bots' tests: a seeded game of random legal decisions, played to a turn."""

from __future__ import annotations

import random

from papertales_tui.rules.engine import Game
from papertales_tui.rules.random_play import random_decision


def random_game(players: int, seed: int, until_turn: int) -> Game:
    """The game of `players` seated on `seed`, played by a random bot until `until_turn` begins."""
    game = Game.new([f"P{i}" for i in range(players)], seed=seed)
    rng = random.Random(seed)
    while game.state.turn < until_turn and not game.over:
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    return game

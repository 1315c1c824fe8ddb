"""Play, or resume, a seeded game with a fixed decision policy, autosaving after every decision.

Usage: python scripted_game.py SEED PLAYERS [PAUSE]   (autosaves go to $PAPERTALES_DATA_DIR)

Prints "ready" once playing, then "saved N" after each autosave (N = decisions in the file). The
policy depends only on the game state, so a resumed game goes on exactly as an uninterrupted one.
"""

from __future__ import annotations

import random
import sys
import time

from papertales_tui.persistence import SaveFileError, autosave, load_autosave
from papertales_tui.rules.decisions import Decision
from papertales_tui.rules.engine import Game
from papertales_tui.rules.random_play import random_decision


def next_decision(game: Game, seed: int) -> tuple[int, Decision]:
    """The policy: a random legal decision, seeded by the game seed and the decision number."""
    pend = game.pending()[0]
    rng = random.Random(f"{seed}/{len(game.state.decisions)}")
    return pend.player, random_decision(game, pend, rng)


def play(game: Game, seed: int, after=lambda game: None) -> Game:
    while not game.over:
        player, decision = next_decision(game, seed)
        game.apply(player, decision)
        after(game)
    return game


def main(seed: int, players: int, pause: float = 0.0) -> None:
    try:
        game = load_autosave().game
    except SaveFileError as err:
        if err.kind != "missing":
            raise
        game = Game.new([f"P{i}" for i in range(players)], seed=seed)
    print("ready", flush=True)

    def after(game: Game) -> None:
        autosave(game)
        print(f"saved {len(game.state.decisions)}", flush=True)
        time.sleep(pause)

    play(game, seed, after)


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]) if len(sys.argv) > 3 else 0.0)

"""Full random games per second, on one core, for 2 and 5 players.

Usage: python benchmarks/bench_engine.py [--games N]
"""

from __future__ import annotations

import argparse
import time

from papertales_tui.rules.catalog import default_catalog
from papertales_tui.rules.random_play import play_random_game


def games_per_second(players: int, games: int, catalog) -> float:
    names = [f"P{i}" for i in range(players)]
    start = time.perf_counter()
    for seed in range(games):
        play_random_game(names, seed, catalog)
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500)
    args = parser.parse_args()
    catalog = default_catalog()
    games_per_second(3, 20, catalog)  # warm up
    for players in (2, 5):
        rate = games_per_second(players, args.games, catalog)
        print(f"{players} players: {rate:8.1f} full random games/s ({args.games} games)")


if __name__ == "__main__":
    main()

"""Full random games per second, on one core, for 2 and 5 players.

Each figure is the best of `--repeat` runs, in wall time and in CPU time of this process (on a
shared machine the CPU figure is the steadier one).

Usage: python benchmarks/bench_engine.py [--games N] [--repeat R]
"""

from __future__ import annotations

import argparse
import time

from papertales_tui.rules.catalog import default_catalog
from papertales_tui.rules.random_play import play_random_game


def games_per_second(players: int, games: int, catalog) -> tuple[float, float]:
    """(games per wall-clock second, games per CPU second)."""
    names = [f"P{i}" for i in range(players)]
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        play_random_game(names, seed, catalog)
    return games / (time.perf_counter() - start), games / (time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=3, help="runs per player count; the best is shown")
    args = parser.parse_args()
    catalog = default_catalog()
    games_per_second(3, 20, catalog)  # warm up
    for players in (2, 5):
        runs = [games_per_second(players, args.games, catalog) for _ in range(max(1, args.repeat))]
        wall, cpu = max(r[0] for r in runs), max(r[1] for r in runs)
        print(f"{players} players: {wall:8.1f} full random games/s, {cpu:8.1f} per CPU second "
              f"({args.games} games, best of {len(runs)})")


if __name__ == "__main__":
    main()

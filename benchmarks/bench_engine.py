"""Full random games per CPU second at 2, 3 and 5 players, on both paths of the engine, and the
previous release's engine in the same run.

- full path: one validated `apply` per decision, every event logged (what the app does);
- fast path: each step played with `Game.play_step` (the random player decides from the engine's
  own options, nothing is checked again), events counted but not logged
  (`play_random_game(..., fast=True)`: the same games, see tests/test_fast_path.py);
  `papertales simulate` plays this path unless `--log` asks for the events, so `fast/prev` is its ratio;
- previous release: `--baseline DIR` plays the same seeds with the code in DIR (e.g. a
  `git worktree add /tmp/prev 64f065b`) in a subprocess, alternating with this version's runs.

Each figure is the median of `--repeat` runs, in CPU time of the process that plays (on a shared
machine the CPU figure is the steady one).

Usage: python benchmarks/bench_engine.py [--games N] [--repeat R] [--baseline DIR]
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import statistics
import subprocess
import sys
import time

try:
    from papertales_tui.rules.card_files import default_catalog
except ImportError:  # the previous release (--baseline runs this file with its code): catalog.py had it
    from papertales_tui.rules.catalog import default_catalog  # type: ignore[no-redef]
from papertales_tui.rules.random_play import play_random_game

PLAYERS = (2, 3, 5)


def games_per_cpu_second(players: int, games: int, fast: bool) -> float:
    catalog = default_catalog()
    names = [f"P{i}" for i in range(players)]
    options = {"fast": True} if fast else {}
    cpu = time.process_time()
    for seed in range(games):
        play_random_game(names, seed, catalog, **options)
    return games / (time.process_time() - cpu)


def one_round(games: int) -> dict:
    """One run of each path at each player count (the fast path only where this code has it)."""
    has_fast = "fast" in inspect.signature(play_random_game).parameters
    out = {}
    for players in PLAYERS:
        out[f"full {players}"] = games_per_cpu_second(players, games, False)
        if has_fast:
            out[f"fast {players}"] = games_per_cpu_second(players, games, True)
    return out


def baseline_round(directory: str, games: int) -> dict:
    cmd = [sys.executable, __file__, "--games", str(games), "--round"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": os.path.abspath(directory)})
    return json.loads(out.stdout)


def spread(runs: dict[str, list[float]], before: dict[str, list[float]], players: int) -> str:
    """The lowest and highest ratio of the runs, each run against the baseline run next to it."""
    out = []
    for path in ("fast", "full"):
        ratios = [a / b for a, b in zip(runs.get(f"{path} {players}", []), before[f"full {players}"])]
        out.append(f"{min(ratios):.2f}-{max(ratios):.2f}" if ratios else "-")
    return ", ".join(out)


def _paired(runs: dict[str, list[float]], before: dict[str, list[float]], key: str) -> str:
    """The lowest and highest ratio of the runs of one path, each against the baseline's run next to it."""
    ratios = [a / b for a, b in zip(runs[key], before[key])]
    return f"{min(ratios):.2f}-{max(ratios):.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3, help="runs of everything; the median of each is shown")
    parser.add_argument("--baseline", metavar="DIR", help="the previous release's code, to compare in this run")
    parser.add_argument("--round", action="store_true", help=argparse.SUPPRESS)  # one round, as JSON
    args = parser.parse_args()
    if args.round:
        print(json.dumps(one_round(args.games)))
        return
    games_per_cpu_second(3, 20, True)  # warm up
    runs: dict[str, list[float]] = {}
    runs_before: dict[str, list[float]] = {}
    for _ in range(max(1, args.repeat)):
        for key, v in one_round(args.games).items():
            runs.setdefault(key, []).append(v)
        if args.baseline:
            for key, v in baseline_round(args.baseline, args.games).items():
                runs_before.setdefault(key, []).append(v)
    now = {key: statistics.median(v) for key, v in runs.items()}
    before = {key: statistics.median(v) for key, v in runs_before.items()}
    print(f"full random games per CPU second ({args.games} games a figure, median of {args.repeat})")
    print(f"{'players':>7} {'full path':>10} {'fast path':>10} {'fast/full':>9}"
          + (f" {'previous':>9} {'fast/prev':>9} {'full/prev':>9}  each run: fast/prev, full/prev" if before else ""))
    for players in PLAYERS:
        full, fast = now[f"full {players}"], now.get(f"fast {players}", 0.0)
        line = f"{players:>7} {full:>10.0f} {fast:>10.0f} {fast / full:>9.2f}"
        if before:
            prev = before[f"full {players}"]
            line += f" {prev:>9.0f} {fast / prev:>9.2f} {full / prev:>9.2f}  {spread(runs, runs_before, players)}"
        print(line)
    if before:
        print(f"previous release: the code in {args.baseline} (its full path: one apply per decision, events logged)")
        print("papertales simulate (no --log) plays the fast path (ratio fast/prev); the app and replays: full/prev")
        if any(key.startswith("fast") for key in before):  # a baseline with a fast path too: path against path
            print(f"{'players':>7} {'full/prev full':>14} {'fast/prev fast':>14}  each run: full, fast")
            for players in PLAYERS:
                ratios = [now[f"{path} {players}"] / before[f"{path} {players}"] for path in ("full", "fast")]
                each = ", ".join(_paired(runs, runs_before, f"{path} {players}") for path in ("full", "fast"))
                print(f"{players:>7} {ratios[0]:>14.3f} {ratios[1]:>14.3f}  {each}")


if __name__ == "__main__":
    main()

"""The coach's figures: does the review charge an easy (random) bot's decisions more LP than a medium
bot's? And how much CPU do a hint at 5 players and a full 5-player review take?

1. Plays `--games` games of medium against easy bots (seats rotating) and reviews every seat: the
   mean estimated cost per decision of each level, with a 95% interval over decisions.
2. Times hints (CPU of the thinking thread) at 5 players on the decisions of one game: median, max.
3. Times a full review of a 5-player game, every seat reviewed (CPU time of the process).
4. Times (wall clock) the review of the human seats of a 3-player game as `papertales review` makes
   it (default budget), in one process and in `--jobs` processes (default one per core), in the same
   run: the ratio is the figure.
5. With --cli SAVE --baseline DIR (only this part): `papertales review SAVE` as a command, this code's
   and the code in DIR's (an older commit's files, e.g. `git archive 919efae | tar -x -C DIR`),
   alternating `--runs` times on the same save: wall time and CPU seconds (of the command and its
   worker processes) of each run, and the ratio of the mean wall times. Each version's default
   options (this code: one process per core).
6. With --breakdown SAVE [--baseline DIR] (only this part): where the CPU of `papertales review SAVE`
   goes, this code's (and DIR's): the review made in one process (its default budget) with each
   search's CPU (thread time) taken apart from the rest: the searches that spent their budget, those
   that ended at MAX_SAMPLES first, and what is not searching (options, views, replaying the game);
   the process's start (interpreter, package, catalog) and this code's worker processes' start.

Usage: python benchmarks/bench_coach.py [--games 6] [--players 3] [--budget 15] [--jobs N] [--skip-timing]
       [--only-wall]
       python benchmarks/bench_coach.py --cli SAVE --baseline DIR [--runs 3]
       python benchmarks/bench_coach.py --breakdown SAVE [--baseline DIR]
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import inspect
import math
import os
import resource
import statistics
import subprocess
import sys
import time
from typing import Any

from papertales_tui.rules import coach
from papertales_tui.rules.bots import play_bot_game
from papertales_tui.rules.card_files import default_catalog
from papertales_tui.rules.engine import Game


def rotated(levels: list[str], k: int) -> list[str]:
    k %= len(levels)
    return levels[-k:] + levels[:-k] if k else list(levels)


def mean_ci(xs: list[float]) -> tuple[float, float]:
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf
    return m, half


def review_costs(games: int, players: int, budget: float, seed: int) -> dict[str, list[float]]:
    catalog = default_catalog()
    costs: dict[str, list[float]] = {"medium": [], "easy": []}
    base = (["medium", "easy"] * players)[:players]
    for g in range(games):
        levels = rotated(base, g)
        game = play_bot_game(levels, seed + g, catalog)
        names = [p.name for p in game.players]
        start = Game.new(names, seed=seed + g, catalog=catalog)
        result = coach.review(start, game.state.decisions, list(range(players)), budget=budget, seed=g)
        for a in result.assessments:
            costs[levels[a.player]].append(a.cost)  # (unbiased: may be below 0 where the choice was as good)
        print(f"  game {g + 1}/{games} ({','.join(levels)}): " + ", ".join(
            f"{lv} {statistics.fmean(c):.2f}" for lv, c in costs.items() if c), flush=True)
    return costs


def hint_times(seed: int) -> list[float]:
    """CPU seconds of each hint on the searched decisions of seat 0 in a 5-player medium game."""
    catalog = default_catalog()
    game = play_bot_game(["medium"] * 5, seed, catalog)
    replay = Game.new([p.name for p in game.players], seed=seed, catalog=catalog)
    out = []
    for d in game.state.decisions:
        decision = {k: v for k, v in d.items() if k != "player"}
        if d["player"] == 0:
            pend = replay.pending_for(0)
            if pend is not None and pend.kind in coach.SEARCHED:
                start = time.thread_time()
                coach.hint(replay.view(0), pend, catalog)
                out.append(time.thread_time() - start)
        replay.apply(d["player"], decision)
    return out


def review_time(seed: int) -> tuple[float, int]:
    """CPU seconds of a full review of a 5-player game (every seat), and the decisions reviewed."""
    catalog = default_catalog()
    game = play_bot_game(["medium", "easy", "medium", "easy", "medium"], seed, catalog)
    start_game = Game.new([p.name for p in game.players], seed=seed, catalog=catalog)
    start = time.process_time()
    result = coach.review(start_game, game.state.decisions, list(range(5)))
    return time.process_time() - start, len(result.assessments)


def review_wall(seed: int, jobs: int) -> tuple[float, int]:
    """Wall seconds of the review of a 3-player game's two medium seats (a bot's not reviewed), as
    `papertales review` makes it with the default budget in `jobs` processes; the decisions."""
    from papertales_tui.workers import in_processes

    catalog = default_catalog()
    game = play_bot_game(["medium", "easy", "medium"], seed, catalog)
    start_game = Game.new([p.name for p in game.players], seed=seed, catalog=catalog)
    start = time.perf_counter()
    result = coach.review(start_game, game.state.decisions, [0, 2], run=in_processes(jobs))
    return time.perf_counter() - start, len(result.assessments)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=6, help="medium-vs-easy games reviewed (default 6)")
    parser.add_argument("--players", type=int, default=3, help="players per game (default 3)")
    parser.add_argument("--budget", type=float, default=15.0, help="CPU seconds of review per game (default 15)")
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--skip-timing", action="store_true", help="only the medium-vs-easy check")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes for part 4")
    parser.add_argument("--only-wall", action="store_true", help="only part 4")
    parser.add_argument("--cli", metavar="SAVE", help="part 5 only: time `papertales review SAVE`")
    parser.add_argument("--baseline", metavar="DIR", help="part 5: the older code to compare with")
    parser.add_argument("--runs", type=int, default=3, help="part 5: runs of each version (default 3)")
    parser.add_argument("--breakdown", metavar="SAVE", help="part 6 only: where the review's CPU goes")
    parser.add_argument("--here", action="store_true", help=argparse.SUPPRESS)  # (part 6: this code only)
    args = parser.parse_args()
    if args.breakdown:
        breakdown(args)
        return
    if args.cli:
        cli_wall(args)
        return
    if args.only_wall:
        wall(args)
        return

    print(f"1. Review of {args.games} games of {args.players} players, medium vs easy, "
          f"{args.budget:g} CPU s of review a game")
    costs = review_costs(args.games, args.players, args.budget, args.seed)
    rows = {lv: mean_ci(c) for lv, c in costs.items()}
    print("| level | decisions | mean cost per decision (LP, 95% CI) |")
    print("|---|---|---|")
    for lv, (m, half) in rows.items():
        print(f"| {lv} | {len(costs[lv])} | {m:.2f} ± {half:.2f} |")
    ratio = rows["easy"][0] / rows["medium"][0] if rows["medium"][0] else math.inf
    separated = rows["easy"][0] - rows["easy"][1] > rows["medium"][0] + rows["medium"][1]
    print(f"easy / medium = {ratio:.2f}; intervals {'separate' if separated else 'overlap'}; "
          f"check (easy charged more): {'PASS' if rows['easy'][0] > rows['medium'][0] else 'FAIL'}")
    if args.skip_timing:
        return
    times = hint_times(args.seed)
    print(f"2. Hints at 5 players: {len(times)} hints, CPU median {statistics.median(times):.3f} s, "
          f"max {max(times):.3f} s (target: within 1 s)")
    cpu, n = review_time(args.seed)
    print(f"3. Full review of a 5-player game: {n} decisions in {cpu:.1f} CPU s (target: under 60 s)")
    wall(args)


def wall(args: argparse.Namespace) -> None:
    """One process, then `--jobs`, then one again: the machine's load may change in between (the
    load averages are printed with each)."""
    times = []
    for jobs in (1, args.jobs, 1):
        took, n = review_wall(args.seed, jobs)
        times.append(took)
        print(f"  {jobs} process(es): {took:.1f} s of wall time (load average {os.getloadavg()[0]:.1f})", flush=True)
    one = (times[0] + times[2]) / 2
    print(f"4. Review of a 3-player game's 2 human seats ({n} decisions, default budget): one process "
          f"{one:.1f} s (mean of two runs), {args.jobs} processes {times[1]:.1f} s of wall time: ratio "
          f"{times[1] / one:.2f} (target: 0.5 or less)")


def cli_review(code: str, save: str) -> tuple[float, float]:
    """Wall and CPU seconds (the command's and its workers') of `papertales review SAVE` run with
    the package in `code`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    # run in `code`: `python -m` puts the working folder first on the path, before PYTHONPATH
    subprocess.run([sys.executable, "-m", "papertales_tui.cli", "review", os.path.abspath(save)], check=True,
                   stdout=subprocess.DEVNULL, cwd=os.path.abspath(code),
                   env={**os.environ, "PYTHONPATH": os.path.abspath(code)})
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return took, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def cli_wall(args: argparse.Namespace) -> None:
    """Part 5: this code and the baseline's, alternating on the same save."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    runs: dict[str, list[tuple[float, float]]] = {"baseline": [], "this": []}
    for k in range(args.runs):
        for name, code in (("baseline", args.baseline), ("this", here)) if k % 2 == 0 else \
                (("this", here), ("baseline", args.baseline)):
            load = os.getloadavg()[0]
            took, cpu = cli_review(code, args.cli)
            runs[name].append((took, cpu))
            print(f"  {name}: {took:.1f} s of wall time, {cpu:.1f} CPU s (load average before {load:.1f})", flush=True)
    mean = {name: statistics.mean(t for t, _ in r) for name, r in runs.items()}
    cpus = {name: statistics.mean(c for _, c in r) for name, r in runs.items()}
    print(f"5. papertales review {args.cli}: this code {mean['this']:.1f} s of wall time "
          f"({cpus['this']:.1f} CPU s), {args.baseline} {mean['baseline']:.1f} s ({cpus['baseline']:.1f} CPU s), "
          f"means of {args.runs} runs each: ratio {mean['this'] / mean['baseline']:.2f} (target: 0.5 or less)")


def breakdown(args: argparse.Namespace) -> None:
    """Part 6, for the code imported (`--here`), then for the baseline's in a process of its own."""
    if args.baseline and not args.here:
        breakdown_here(args.breakdown, args.jobs)
        print(f"  -- {args.baseline}:", flush=True)
        subprocess.run([sys.executable, os.path.abspath(__file__), "--breakdown", os.path.abspath(args.breakdown),
                        "--here"], check=True, cwd=os.path.abspath(args.baseline),
                       env={**os.environ, "PYTHONPATH": os.path.abspath(args.baseline)})
        return
    breakdown_here(args.breakdown, args.jobs)


def breakdown_here(path: str, jobs: int) -> None:
    """Review SAVE's human seats in this process as `papertales review` does (default budget), each
    search timed: CPU seconds by part."""
    from papertales_tui.commands.review import review_seats
    from papertales_tui.persistence import iter_replay, load_save

    catalog = default_catalog()
    usage = resource.getrusage(resource.RUSAGE_SELF)
    boot = usage.ru_utime + usage.ru_stime
    t = time.process_time()
    save = load_save(path, catalog)
    start = next(iter_replay(save)).game
    seats = review_seats(save, [])
    load = time.process_time() - t
    searches: list[tuple[int, int, bool, float]] = []  # (options, samples, at the cap?, thread CPU) of each search
    search = coach.search

    def timed(*a: Any, **k: Any) -> list[coach.Outcome]:
        s = time.thread_time()
        out = search(*a, **k)
        n = len(out[0].scores)
        searches.append((len(out), n, n >= k.get("max_samples", coach.MAX_SAMPLES), time.thread_time() - s))
        return out

    assess = coach.assess
    chose: list[int] = []  # samples that chose the coach's option, by decision searched

    def counted(*a: Any, **k: Any) -> coach.Assessment:
        before = len(searches)
        out = assess(*a, **k)
        if len(searches) > before and not k.get("hint"):  # (this code: the first search chooses; before: half)
            n = searches[before][1]
            chose.append(n if hasattr(coach, "MEASURING_SEEDS") else n // 2)
        return out

    coach.search, coach.assess = timed, counted
    t = time.process_time()
    try:
        result = coach.review(start, save.decisions, seats)
    finally:
        coach.search, coach.assess = search, assess
    total = time.process_time() - t
    playouts = sum(a.playouts for a in result.assessments)
    searched = sum(c for *_, c in searches)
    capped = [c for _, _, cap, c in searches if cap]
    spent = [c for _, _, cap, c in searches if not cap]
    print(f"6. Where the CPU of `papertales review {path}` goes ({coach.__file__}), one process:")
    print(f"  process start (interpreter, package, catalog): {boot:.2f} s; reading the save: {load:.2f} s")
    print(f"  review: {total:.2f} s for {len(result.assessments)} decisions, {len(searches)} searches, {playouts} "
          f"playouts ({1e3 * searched / max(playouts, 1):.2f} ms each):")
    print(f"    searches that spent their budget: {len(spent)}, {sum(spent):.2f} s")
    print(f"    searches that ended at their number of samples first: {len(capped)}, {sum(capped):.2f} s")
    print(f"    outside the searches (options, views, replaying the game, draft memory): {total - searched:.2f} s")
    # what the review tells: the decisions the coach agrees with, and how precise the others' costs are
    others = [a for a in result.assessments if not a.agreed]
    if chose:
        print(f"  the coach's option chosen on {statistics.mean(chose):.1f} samples (mean of {len(chose)} decisions)")
    if others:
        print(f"  {len(result.assessments) - len(others)} decisions agreed; the {len(others)} others: "
              f"{statistics.mean(a.samples for a in others):.1f} samples, 95% interval ± "
              f"{statistics.mean(a.error for a in others):.2f} LP (mean), "
              f"{statistics.median(a.error for a in others):.2f} (median)")
    pools = importlib.import_module("papertales_tui.workers") if importlib.util.find_spec("papertales_tui.workers") \
        else coach  # (the pools were in the coach before)
    if hasattr(pools, "worker_pool"):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        w = time.perf_counter()
        forks = "fork" in inspect.signature(pools.worker_pool).parameters  # (as the command starts them)
        pool = pools.worker_pool(catalog, jobs, fork=True) if forks else pools.worker_pool(catalog, jobs)
        pool.map(abs, range(jobs))  # (every worker has started)
        w = time.perf_counter() - w
        pool.close()
        pool.join()
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        how = "forked" if forks else "started afresh"
        print(f"  {jobs} worker processes ({how}): {cpu:.2f} CPU s to start and stop, {w:.2f} s of wall time to start")


if __name__ == "__main__":
    main()

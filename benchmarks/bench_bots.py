"""Decision time of each bot level (median, 95th percentile, max) and the hard bot's playouts.

    PYTHONPATH=. python benchmarks/bench_bots.py --players 3 --games 4 --seats hard,medium,easy
    PYTHONPATH=. python benchmarks/bench_bots.py --baseline /tmp/prev   # and the previous release's

With --baseline DIR, the same games are also played with the code in DIR (e.g. a
`git worktree add /tmp/prev 64f065b`), in a subprocess of this run, and both are printed with the
ratios of the hard bot's samples and playouts per searched decision (medians and means). The hard
bot's CPU time of its slowest searched decision is also shown as a ratio to its budget, and its
playouts per CPU second of search: the racing search stops when one candidate is left, so samples
per decision mix speed and how soon the search is decided (--no-race: every candidate plays every
sample, as in the previous release). Since the draft memory racing is off by default (measured
no stronger); --race turns it on.

Every decision a bot makes in the games is timed from view to decision, the trivial ones included;
the hard bot's searched decisions (Recruitment, Deployment, Construction) are also shown apart.
Both wall-clock time and the CPU time of the thinking thread are reported: on a machine busy with
other work the wall time grows, while the CPU time is what one free core needs (the hard bot's
budget is counted in CPU time, so it searches as much on a busy machine as on an idle one).
A sample is one draw of the hidden cards; it plays each candidate decision still in the search out
once (a playout).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections import defaultdict

from papertales_tui.rules.bots import hard, play_bot_game

try:
    from papertales_tui.rules.card_files import default_catalog
except ImportError:  # the previous release (--baseline runs this file with its code): catalog.py had it
    from papertales_tui.rules.catalog import default_catalog  # type: ignore[no-redef]

SEARCHED = ("pick", "deploy", "construction", "age_target", "heal")  # the decisions the hard bot searches
ROWS = ("easy", "medium", "hard", "hard (search)")


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def figures(xs: list[float]) -> dict:
    return {"median_ms": round(1000 * statistics.median(xs), 2), "p95_ms": round(1000 * percentile(xs, 0.95), 2),
            "max_ms": round(1000 * max(xs), 2)}


def count_playouts(searches: list[tuple[int, float]]) -> None:
    """Record (samples, playouts per sample) of every hard-bot search (works with older versions of hard.py)."""
    search = hard.HardBot.search

    def counted(self, view, me, catalog, options, *rest):
        totals = search(self, view, me, catalog, options, *rest)
        # playouts per sample: the bot's own count where it races its candidates (not every
        # candidate plays every sample), else every candidate once a sample
        counts = getattr(self, "playouts", None)  # (not kept by the previous release's bot)
        playouts = counts[-1] if counts else self.samples[-1] * len(options)
        searches.append((self.samples[-1], playouts / max(self.samples[-1], 1)))
        return totals

    hard.HardBot.search = counted


def measure(args) -> dict:
    catalog = default_catalog()
    levels = [s.strip() for s in args.seats.split(",")]
    levels = [levels[i % len(levels)] for i in range(args.players)]
    options: dict = {"budget": args.budget} if args.budget is not None else {}
    if args.no_race and hasattr(hard, "RACE_Z"):  # (a bot without racing plays every candidate anyway)
        hard.RACE_Z = 0.0
    if args.race and hasattr(hard, "RACE_Z"):
        hard.RACE_Z = 2.0
    wall: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    searches: list[tuple[int, float]] = []
    count_playouts(searches)

    def record(pending, level: str, seconds: float, cpu_seconds: float) -> None:
        keys = [level] + (["hard (search)"] if level == "hard" and pending.kind in SEARCHED else [])
        for key in keys:
            wall[key].append(seconds)
            cpu[key].append(cpu_seconds)

    start = time.perf_counter()
    for k in range(args.games):
        seats = levels[k % len(levels):] + levels[:k % len(levels)]
        play_bot_game(seats, args.seed + k, catalog, bot_options=options, on_decision=record)
    rows = [{"level": key, "decisions": len(wall[key]), "wall": figures(wall[key]), "cpu": figures(cpu[key])}
            for key in ROWS if wall[key]]
    playouts = {}
    if searches and cpu["hard (search)"]:
        playouts = {"searches": len(searches),
                    "samples_median": statistics.median(s for s, _ in searches),
                    "samples_mean": round(statistics.mean(s for s, _ in searches), 1),
                    "playouts_median": statistics.median(s * n for s, n in searches),
                    "playouts_mean": round(statistics.mean(s * n for s, n in searches), 1),
                    # the speed itself: a search that ends early (racing) has fewer playouts, not slower ones
                    "playouts_per_cpu_s": round(sum(s * n for s, n in searches) / sum(cpu["hard (search)"]), 1)}
    budget = args.budget if args.budget is not None else hard.BUDGET
    return {"players": args.players, "games": args.games, "seats": levels, "budget": budget,
            "seconds": round(time.perf_counter() - start, 1), "levels": rows, "hard_search": playouts}


def baseline(args) -> dict:
    """The same measure with the code in args.baseline, in a subprocess."""
    cmd = [sys.executable, __file__, "--json", "--players", str(args.players), "--games", str(args.games),
           "--seats", args.seats, "--seed", str(args.seed)] + (["--budget", str(args.budget)] if args.budget else []) \
        + (["--no-race"] if args.no_race else []) + (["--race"] if args.race else [])
    out = subprocess.run(cmd, capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": os.path.abspath(args.baseline)})
    return json.loads(out.stdout)


def show(result: dict, title: str) -> None:
    print(f"{title}: {result['games']} games, {result['players']} players, seats {','.join(result['seats'])}")
    print(f"{'level':<14} {'decisions':>9} {'cpu median':>11} {'cpu p95':>9} {'cpu max':>9} "
          f"{'wall median':>12} {'wall p95':>9}")
    for r in result["levels"]:
        c, w = r["cpu"], r["wall"]
        print(f"{r['level']:<14} {r['decisions']:>9} {c['median_ms']:>9.1f}ms {c['p95_ms']:>7.1f}ms "
              f"{c['max_ms']:>7.1f}ms {w['median_ms']:>10.1f}ms {w['p95_ms']:>7.1f}ms")
    h = result["hard_search"]
    if h:
        print(f"hard search: {h['searches']} searched decisions, samples per decision median {h['samples_median']} "
              f"(mean {h['samples_mean']}), playouts per decision median {h['playouts_median']} "
              f"(mean {h['playouts_mean']}), {h.get('playouts_per_cpu_s', '?')} playouts per CPU second of search")
    search = [r for r in result["levels"] if r["level"] == "hard (search)"]
    if search:
        print(f"hard search cpu max / budget: {search[0]['cpu']['max_ms'] / 1000 / result['budget']:.3f} "
              f"(budget {result['budget']} s)")
    print(f"seconds: {result['seconds']}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seats", default="hard,medium,easy", help="levels by seat, repeated to fill the seats")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--budget", type=float, default=None, help="hard bot search budget per decision (s)")
    ap.add_argument("--no-race", action="store_true",
                    help="every candidate plays every sample (no racing; the default since the draft memory)")
    ap.add_argument("--race", action="store_true",
                    help="race the candidates (RACE_Z=2: drop those clearly behind, stop once one is left)")
    ap.add_argument("--baseline", metavar="DIR", help="also measure the code in DIR (a previous release)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    result = measure(args)
    if args.json:
        print(json.dumps(result))
        return
    show(result, "this version")
    if args.baseline:
        before = baseline(args)
        show(before, f"baseline ({args.baseline})")
        now, then = result["hard_search"], before["hard_search"]
        if now and then:
            print("hard bot per searched decision, this version / baseline:")
            if "playouts_per_cpu_s" in now and "playouts_per_cpu_s" in then:
                print(f"  playouts per CPU second of search: "
                      f"{now['playouts_per_cpu_s'] / then['playouts_per_cpu_s']:.2f}x")
            for what in ("samples", "playouts"):
                print(f"  {what}: {now[what + '_median'] / then[what + '_median']:.2f}x (medians "
                      f"{now[what + '_median']} / {then[what + '_median']}), "
                      f"{now[what + '_mean'] / then[what + '_mean']:.2f}x (means "
                      f"{now[what + '_mean']} / {then[what + '_mean']})")


if __name__ == "__main__":
    main()

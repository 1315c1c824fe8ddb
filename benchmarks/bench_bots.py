"""Decision time of each bot level: median and 95th percentile per decision.

    PYTHONPATH=. python benchmarks/bench_bots.py --players 3 --games 4 --seats hard,medium,easy

Every decision a bot makes in the games is timed from view to decision, the trivial ones included;
the hard bot's searched decisions (Recruitment, Deployment, Construction) are also shown apart.
Both wall-clock time and the CPU time of the thinking thread are reported: on a machine busy with
other work the wall time grows, while the CPU time is what one free core needs (the hard bot's
budget is counted in CPU time, so it searches as much on a busy machine as on an idle one).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import defaultdict

from papertales_tui.rules.bots import play_bot_game
from papertales_tui.rules.catalog import default_catalog

SEARCHED = ("pick", "deploy", "construction")  # the decisions the hard bot searches
ROWS = ("easy", "medium", "hard", "hard (search)")


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def figures(xs: list[float]) -> dict:
    return {"median_ms": round(1000 * statistics.median(xs), 2), "p95_ms": round(1000 * percentile(xs, 0.95), 2),
            "max_ms": round(1000 * max(xs), 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seats", default="hard,medium,easy", help="levels by seat, repeated to fill the seats")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--budget", type=float, default=None, help="hard bot search budget per decision (s)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    catalog = default_catalog()
    levels = [s.strip() for s in args.seats.split(",")]
    levels = [levels[i % len(levels)] for i in range(args.players)]
    options = {"budget": args.budget} if args.budget is not None else {}
    wall: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)

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
    result = {"players": args.players, "games": args.games, "seats": levels, "budget": args.budget,
              "seconds": round(time.perf_counter() - start, 1), "levels": rows}
    if args.json:
        print(json.dumps(result))
        return
    print(f"{args.games} games, {args.players} players, seats {','.join(levels)}")
    print(f"{'level':<14} {'decisions':>9} {'cpu median':>11} {'cpu p95':>9} {'wall median':>12} {'wall p95':>9}")
    for r in rows:
        c, w = r["cpu"], r["wall"]
        print(f"{r['level']:<14} {r['decisions']:>9} {c['median_ms']:>9.1f}ms {c['p95_ms']:>7.1f}ms "
              f"{w['median_ms']:>10.1f}ms {w['p95_ms']:>7.1f}ms")
    print(f"seconds: {result['seconds']}")


if __name__ == "__main__":
    main()

"""Decision time of each bot level: median and 95th percentile per decision, on one core.

    PYTHONPATH=. python benchmarks/bench_bots.py --players 3 --games 4 --seats hard,medium,easy

Every decision a bot makes in the games is timed (view in, decision out), including the trivial
ones; the hard bot's search decisions (Recruitment, Deployment, Construction) are also reported
apart.
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


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seats", default="hard,medium,easy")
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--budget", type=float, default=None, help="hard bot seconds per decision")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    catalog = default_catalog()
    levels = [s.strip() for s in args.seats.split(",")]
    levels = [levels[i % len(levels)] for i in range(args.players)]
    options = {"budget": args.budget} if args.budget is not None else {}
    times: dict[str, list[float]] = defaultdict(list)
    start = time.perf_counter()
    for k in range(args.games):
        seats = levels[k % len(levels):] + levels[:k % len(levels)]
        def record(pending, level: str, seconds: float) -> None:
            times[level].append(seconds)
            if level == "hard" and pending.kind in SEARCHED:
                times["hard (search)"].append(seconds)

        game = play_bot_game(seats, args.seed + k, catalog, bot_options=options, on_decision=record)
        assert game.over
    rows = []
    for level in ("easy", "medium", "hard", "hard (search)"):
        if times[level]:
            xs = times[level]
            rows.append({"level": level, "decisions": len(xs), "median_ms": round(1000 * statistics.median(xs), 2),
                         "p95_ms": round(1000 * percentile(xs, 0.95), 2), "max_ms": round(1000 * max(xs), 2)})
    result = {"players": args.players, "games": args.games, "seats": levels, "budget": args.budget,
              "seconds": round(time.perf_counter() - start, 1), "levels": rows}
    if args.json:
        print(json.dumps(result))
        return
    print(f"{args.games} games, {args.players} players, seats {','.join(levels)}")
    print(f"{'level':<14} {'decisions':>9} {'median':>10} {'p95':>10} {'max':>10}")
    for r in rows:
        print(f"{r['level']:<14} {r['decisions']:>9} {r['median_ms']:>8.2f}ms {r['p95_ms']:>8.2f}ms {r['max_ms']:>8.2f}ms")
    print(f"seconds: {result['seconds']}")


if __name__ == "__main__":
    main()

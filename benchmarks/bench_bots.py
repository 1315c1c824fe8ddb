"""Decision time of each bot level (median, 95th percentile, max) and the hard bot's playouts; with
--aims, issue 41's aims for the hard bot in duplicate tournaments, with their intervals and seeds.

    nice -n 15 python benchmarks/bench_bots.py --aims /tmp/aims41.jsonl --deals 50 --configs 2p,3p,5p
    python benchmarks/bench_bots.py --report /tmp/aims41.jsonl

--aims plays duplicate deals (each deal once per rotation of the seats, as `papertales tournament
--duplicate` does, with its functions) of the configurations interleaved, deal by deal, and appends
one JSON line per deal to the file, so that a run stopped early still has about as many deals of
each and can be resumed (deals already in the file are not played again): `2p` hard and medium
(aim: hard wins at least 88% of the games), `3p` hard and two mediums (65%), `5p` hard and four
mediums (45%), `4p`, `6p`, `7p` hard and mediums; at every count the paired LP margin of hard over
medium above 0 with its whole 95% interval (paired by deal). `solo`: the hard and the medium bot
on the same seed against the Lich King, deal k at difficulty k mod 5 (0-4 Lich King cards). Deal k
uses seed --aims-seed + k (700000 by default: seeds never used to tune the bots). --report prints,
per configuration, the deals and their seeds, hard's win rate and the paired margins with their 95%
intervals, against the aims, and the CPU time a deal took.

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


# --- issue 41's aims: duplicate deals ---------------------------------------------------------------

AIMS = {  # name: (levels by seat, hard's win rate aimed at or None)
    "2p": (["hard", "medium"], 0.88),
    "3p": (["hard", "medium", "medium"], 0.65),
    "4p": (["hard"] + ["medium"] * 3, None),
    "5p": (["hard"] + ["medium"] * 4, 0.45),
    "6p": (["hard"] + ["medium"] * 5, None),
    "7p": (["hard"] + ["medium"] * 6, None),
}


def play_deal(name: str, seed: int, catalog, options: dict | None = None) -> dict:
    """Deal `seed` of configuration `name`, once per rotation of its seats (`options`: the hard bots')."""
    from papertales_tui.commands.tournament import play_one, rotations

    games = []
    for seats in rotations(AIMS[name][0]):
        out = play_one((seats, seed, catalog, dict(options or {})))
        if isinstance(out, str):
            raise RuntimeError(out)
        games.append(list(out))
    return {"config": name, "seed": seed, "games": games}


def play_solo_deal(seed: int, difficulty: int, catalog) -> dict:
    from papertales_tui.rules import solo
    from papertales_tui.rules.bots import make_bot

    out: dict = {"config": "solo", "seed": seed, "difficulty": difficulty}
    for level in ("hard", "medium"):
        game = solo.new_game(["Bot"], seed=seed, catalog=catalog, difficulty=difficulty)
        bot = make_bot(level, seed)
        while not game.over:
            for pend in game.pending():
                game.apply(pend.player, bot.choose(game.view(pend.player), pend, catalog))
        mode = solo.mode_of(game)
        out[level] = {"lp": game.players[0].lp, "lich": mode.lich_lp, "won": game.winners() == [0]}
    return out


def read_deals(path: str) -> list[dict]:
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def play_aims(args) -> None:
    catalog = default_catalog()
    done = {(r["config"], r["seed"]) for r in read_deals(args.aims)}
    with open(args.aims, "a") as f:
        for k in range(args.deals):
            seed = args.aims_seed + k
            for name in args.configs.split(","):
                if (name, seed) in done:
                    continue
                cpu = time.process_time()
                rec = play_solo_deal(seed, k % 5, catalog) if name == "solo" else play_deal(name, seed, catalog)
                rec["cpu"] = round(time.process_time() - cpu, 1)
                f.write(json.dumps(rec) + "\n")
                f.flush()


def seeds_text(seeds: list[int]) -> str:
    """700000–700049 or 700000–700041, 700045 (runs of consecutive seeds)."""
    parts, run = [], [seeds[0]]
    for s in seeds[1:]:
        if s == run[-1] + 1:
            run.append(s)
        else:
            parts.append(run)
            run = [s]
    parts.append(run)
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 1 else str(r[0]) for r in parts)


def report_aims(path: str) -> None:
    from papertales_tui.commands.tournament import _ci95, _wilson, margins, summarise

    deals = read_deals(path)
    for name in [*AIMS, "solo"]:
        recs = sorted((r for r in deals if r["config"] == name), key=lambda r: r["seed"])
        if not recs:
            print(f"{name}: not played")
            continue
        seeds = [r["seed"] for r in recs]
        cpu = sum(r["cpu"] for r in recs) / len(recs)
        head = f"{name}: {len(recs)} deals, seeds {seeds_text(seeds)}"
        if name == "solo":
            print(head + f", {cpu:.0f} s CPU a deal (hard and medium on the same seed)")
            for d in range(5):
                rs = [r for r in recs if r["difficulty"] == d]
                if not rs:
                    continue
                line = f"  difficulty {d}: {len(rs)} seeds"
                for level in ("hard", "medium"):
                    won = [1.0 if r[level]["won"] else 0.0 for r in rs]
                    lo, hi = _wilson(won)
                    m = sum(r[level]["lp"] - r[level]["lich"] for r in rs) / len(rs)
                    line += f"; {level} wins {sum(won) / len(won):.0%} ({lo:.0%}–{hi:.0%}), margin {m:+.1f} LP"
                diffs = [float((r["hard"]["lp"] - r["hard"]["lich"]) - (r["medium"]["lp"] - r["medium"]["lich"]))
                         for r in rs]
                lo, hi = _ci95(diffs)
                print(line + f"; hard - medium {sum(diffs) / len(diffs):+.2f} LP ({lo:+.2f} to {hi:+.2f})")
            continue
        results = [tuple(g) for r in recs for g in r["games"]]
        game_seeds = [r["seed"] for r in recs for _ in r["games"]]
        levels = {row["level"]: row for row in summarise(results, game_seeds)}
        [m] = [m for m in margins(results, game_seeds) if (m["level"], m["versus"]) == ("hard", "medium")]
        h = levels["hard"]
        aim = AIMS[name][1]
        lo, hi = h["win_rate_ci95"]
        verdict = "" if aim is None else (f" (aim ≥ {aim:.0%}: {'met' if h['win_rate'] >= aim else 'not met'} by "
                                          f"the figure, {'by' if lo >= aim else 'not by'} the whole interval)")
        print(f"{head}, {len(results)} games, {cpu:.0f} s CPU a deal")
        print(f"  hard wins {h['win_rate']:.1%} ({lo:.1%}–{hi:.1%}){verdict}; "
              f"medium {levels['medium']['win_rate']:.1%}")
        lp_lo, lp_hi = m["lp_ci95"]
        print(f"  hard over medium, paired by deal: {m['lp']:+.2f} LP ({lp_lo:+.2f} to {lp_hi:+.2f}; aim > 0 with the "
              f"whole interval: {'met' if lp_lo > 0 and len(recs) > 1 else 'not met'}), wins {m['wins']:+.1%} "
              f"({m['wins_ci95'][0]:+.1%} to {m['wins_ci95'][1]:+.1%})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--aims", metavar="FILE", help="play duplicate deals for issue 41's aims, appended to FILE")
    ap.add_argument("--deals", type=int, default=20, help="deals of each configuration (--aims)")
    ap.add_argument("--aims-seed", type=int, default=700000, help="seed of deal 0 (--aims)")
    ap.add_argument("--configs", default="2p,3p,5p,4p,6p,7p,solo", help="configurations (--aims)")
    ap.add_argument("--report", metavar="FILE", help="the aims from FILE's deals")
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
    if args.aims:
        play_aims(args)
        report_aims(args.aims)
        return
    if args.report:
        report_aims(args.report)
        return
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

"""Issue 21's aims for the hard bot, measured game by game into a file that can be read at any time.

    nice -n 15 python benchmarks/bench_aims.py play --out /tmp/aims.jsonl --games 100
    python benchmarks/bench_aims.py show /tmp/aims.jsonl

`play` plays the configurations interleaved (one game of each in turn, so that a run stopped early
still has about as many games of each) and appends one JSON line per game:

- `2p`: hard against medium, seeds 0.., seats rotating (game k shifts the seats by k, as
  `papertales tournament` does);
- `3p`: hard, medium, easy, seeds 0..;
- `5p`: hard, medium, medium, easy, easy, seeds 50000..;
- `solo`: solo at difficulty 3 (3 Lich King cards drawn by the seed), seeds 0..; the hard bot and
  the medium bot play the same seed (paired), the margin over the Lich King of each is kept.

`show` prints per configuration the games, hard's win rate (a shared win counts 1/k) with its
Wilson 95% interval against the aim, and for solo the mean paired difference of the margins with its
95% interval. `--set NAME=VALUE` changes a constant of `rules/bots/hard.py` for the run (to compare a
variant with the shipped bot on the same seeds: `show A.jsonl --against B.jsonl` pairs the games;
`--earlier 3p:18/30` pools an earlier run's totals on other seeds).
The hard bot plays with its default budget (CPU time of its thread, so machine load matters little).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time

from papertales_tui.rules import solo
from papertales_tui.rules.bots import hard, make_bot, play_bot_game
from papertales_tui.rules.card_files import default_catalog

CONFIGS = {  # name: (levels by seat, first seed, aim for hard's win rate)
    "2p": (["hard", "medium"], 0, 0.85),
    "3p": (["hard", "medium", "easy"], 0, 0.65),
    "5p": (["hard", "medium", "medium", "easy", "easy"], 50000, 0.55),
}
SOLO_SEED, SOLO_DIFFICULTY, SOLO_AIM = 0, 3, 2.0


def rotated(levels: list[str], k: int) -> list[str]:
    k %= len(levels)
    return levels[-k:] + levels[:-k] if k else list(levels)


def play_table(name: str, k: int, catalog) -> dict:
    levels, first, _ = CONFIGS[name]
    seats = rotated(levels, k)
    seed = first + k
    game = play_bot_game(seats, seed, catalog)
    scores, winners = game.scores(), game.winners()
    me = seats.index("hard")
    best_other = max(s for j, s in enumerate(scores) if j != me)
    return {"config": name, "seed": seed, "seats": seats, "lp": scores, "winners": winners,
            "hard_win": (1 / len(winners)) if me in winners else 0.0, "hard_margin": scores[me] - best_other}


def solo_margin(level: str, seed: int, catalog) -> tuple[int, int]:
    game = solo.new_game(["Bot"], seed=seed, catalog=catalog, difficulty=SOLO_DIFFICULTY)
    bot = make_bot(level, seed)
    while not game.over:
        for pend in game.pending():
            game.apply(pend.player, bot.choose(game.view(pend.player), pend, catalog))
    mode = solo.mode_of(game)
    assert mode is not None
    return game.players[0].lp, mode.lich_lp


def play_solo(k: int, catalog) -> dict:
    seed = SOLO_SEED + k
    out: dict = {"config": "solo", "seed": seed}
    for level in ("hard", "medium"):
        lp, lich = solo_margin(level, seed, catalog)
        out[level] = {"lp": lp, "lich": lich, "margin": lp - lich}
    out["diff"] = out["hard"]["margin"] - out["medium"]["margin"]
    return out


def play(args) -> None:
    for item in args.set or []:
        name, value = item.split("=", 1)
        if not hasattr(hard, name):
            sys.exit(f"hard.py has no {name}")
        setattr(hard, name, type(getattr(hard, name))(json.loads(value)))
    catalog = default_catalog()
    configs = args.configs.split(",")
    with open(args.out, "a") as f:
        for k in range(args.start, args.start + args.games):
            for name in configs:
                start = time.perf_counter()
                cpu = time.process_time()
                rec = play_solo(k, catalog) if name == "solo" else play_table(name, k, catalog)
                rec.update(k=k, label=args.label, set=args.set or [],
                           seconds=round(time.perf_counter() - start, 1), cpu=round(time.process_time() - cpu, 1))
                f.write(json.dumps(rec) + "\n")
                f.flush()


def wilson(p: float, n: int, z: float = 1.96) -> tuple[float, float]:
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its normal-approximation 95% interval."""
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, math.inf
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    return m, 1.96 * sd / math.sqrt(n)


def load(path: str) -> dict[str, dict[int, dict]]:
    runs: dict[str, dict[int, dict]] = {}
    with open(path) as f:
        for line in f:
            if line.strip():
                rec = json.loads(line)
                runs.setdefault(rec["config"], {})[rec["seed"]] = rec
    return runs


def seeds_text(seeds: list[int]) -> str:
    """0–99 or 0–41, 45 (runs of consecutive seeds)."""
    parts, run = [], [seeds[0]]
    for s in seeds[1:]:
        if s == run[-1] + 1:
            run.append(s)
        else:
            parts.append(run)
            run = [s]
    parts.append(run)
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 1 else str(r[0]) for r in parts)


def pooled(name: str, recs: dict[int, dict], earlier: dict[str, list[float]]) -> str | None:
    """The figure of this run pooled with an earlier run's totals on other seeds (`--earlier`)."""
    if name not in earlier:
        return None
    seeds = sorted(recs)
    if name == "solo":  # earlier: mean, standard deviation and number of the paired differences
        m0, sd0, n0 = earlier[name]
        diffs = [float(recs[s]["diff"]) for s in seeds]
        n1 = len(diffs)
        n = n0 + n1
        m = (m0 * n0 + sum(diffs)) / n
        squares = (n0 - 1) * sd0 ** 2 + n0 * (m0 - m) ** 2 + sum((x - m) ** 2 for x in diffs)
        half = 1.96 * math.sqrt(squares / (n - 1)) / math.sqrt(n)
        return f"      pooled with the earlier {int(n0)} seeds: n={int(n)}, paired difference {m:+.2f} ± {half:.2f} LP"
    wins0, n0 = earlier[name]
    wins = wins0 + sum(recs[s]["hard_win"] for s in seeds)
    n = int(n0) + len(seeds)
    lo, hi = wilson(wins / n, n)
    return (f"      pooled with the earlier {int(n0)} games: n={n}, hard wins {100 * wins / n:.1f}% "
            f"({100 * lo:.1f} – {100 * hi:.1f})")


def show(args) -> None:
    runs = load(args.file)
    other = load(args.against) if args.against else None
    earlier = {}
    for item in args.earlier or []:  # 3p:18/30 or solo:1.17,8.62,24
        name, figures = item.split(":")
        earlier[name] = [float(x) for x in figures.replace("/", ",").split(",")]
    for name, recs in sorted(runs.items()):
        seeds = sorted(recs)
        cpu = sum(r["cpu"] for r in recs.values()) / len(recs)
        if name == "solo":
            diffs = [float(recs[s]["diff"]) for s in seeds]
            m, h = mean_ci(diffs)
            hm = sum(recs[s]["hard"]["margin"] for s in seeds) / len(seeds)
            mm = sum(recs[s]["medium"]["margin"] for s in seeds) / len(seeds)
            won = sum(recs[s]["hard"]["margin"] > 0 for s in seeds), sum(recs[s]["medium"]["margin"] > 0 for s in seeds)
            print(f"solo  n={len(seeds)} seeds {seeds_text(seeds)}: hard margin {hm:+.2f}, medium {mm:+.2f}, "
                  f"paired difference {m:+.2f} ± {h:.2f} LP (aim ≥ +{SOLO_AIM}); won hard {won[0]}, "
                  f"medium {won[1]}; {cpu:.0f} s CPU a seed")
        else:
            wins = [recs[s]["hard_win"] for s in seeds]
            p = sum(wins) / len(wins)
            lo, hi = wilson(p, len(wins))
            margin, mh = mean_ci([float(recs[s]["hard_margin"]) for s in seeds])
            aim = CONFIGS[name][2]
            print(f"{name}    n={len(seeds)} seeds {seeds_text(seeds)}: hard wins {100 * p:.1f}% "
                  f"({100 * lo:.1f} – {100 * hi:.1f}), aim ≥ {100 * aim:.0f}% (short by {100 * (aim - p):+.1f} "
                  f"points); margin over the best other {margin:+.2f} ± {mh:.2f} LP; {cpu:.0f} s CPU a game")
        line = pooled(name, recs, earlier)
        if line:
            print(line)
        if other and name in other:
            common = [s for s in seeds if s in other[name]]
            if not common:
                continue
            key = "diff" if name == "solo" else "hard_margin"
            d, dh = mean_ci([float(recs[s][key] - other[name][s][key]) for s in common])
            line = f"      against {args.against} on {len(common)} common seeds: margin {d:+.2f} ± {dh:.2f} LP"
            if name != "solo":
                a = sum(recs[s]["hard_win"] for s in common) / len(common)
                b = sum(other[name][s]["hard_win"] for s in common) / len(common)
                line += f", win rate {100 * b:.1f}% -> {100 * a:.1f}%"
            print(line)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(required=True)
    p = sub.add_parser("play", help="play games, one JSON line each, appended to --out")
    p.add_argument("--out", required=True)
    p.add_argument("--games", type=int, default=100, help="games of each configuration")
    p.add_argument("--start", type=int, default=0, help="game index of the first (seed offset)")
    p.add_argument("--configs", default="2p,3p,5p,solo")
    p.add_argument("--label", default="shipped")
    p.add_argument("--set", action="append", metavar="NAME=VALUE", help="a hard.py constant for this run")
    p.set_defaults(run=play)
    s = sub.add_parser("show", help="summarise a file of games")
    s.add_argument("file")
    s.add_argument("--against", help="another run's file: paired differences on the common seeds")
    s.add_argument("--earlier", action="append", metavar="CONFIG:FIGURES",
                   help="an earlier run's totals on other seeds, pooled: 3p:WINS/GAMES, solo:MEAN,SD,N")
    s.set_defaults(run=show)
    args = ap.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()

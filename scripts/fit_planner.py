"""Fit the hard bot's planner weights (`hard.WEIGHTS`) by self-play against medium bots.

The medium planner judges a Kingdom with a few hand-set numbers (`medium.Weights`: a Gold's worth
in LP, the share of next turn's value the survivors keep, the spread of a War's outcome...). This
script fits them for 2, 3 and 5 players apart (a 2-player game has its double War; at 5 players a
seat fights two of its four opponents), moving one number at a time (coordinate search, the steps shrinking
from round to round). A trial is a medium bot with the trial's weights in one seat against plain
medium bots in the others, on duplicate deals (each deal once with the trial's seat in each
place). A move is kept when its LP margin over the others beats the current weights' by more than
`--z` standard errors of their difference, paired by deal. Medium games cost about 0.1 s of CPU:
a trial of 200 deals takes under a minute on two cores.

Deterministic: the same `--seed`, `--deals`, `--rounds` and `--z` give the same weights (the bots
are), whatever `--jobs`.

    python scripts/fit_planner.py --seed 800000 --deals 200 --rounds 2 --jobs 2 \\
        --out papertales_tui/rules/bots/planner_weights.json --log benchmarks/data/planner-fit-800000.jsonl
    python scripts/fit_planner.py --check papertales_tui/rules/bots/planner_weights.json --seed 810000 --deals 1000
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import asdict, fields, replace
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from papertales_tui.rules.bots import MediumBot
from papertales_tui.rules.bots.medium import MEDIUM, Weights
from papertales_tui.rules.engine import Game

PLAYERS = (2, 3, 5)  # the counts fitted (hard.weights_for gives a count the nearest one's)
STEPS = (0.3, 0.15, 0.08)  # relative step of each round's moves (down and up), then the last again
FITTED = [f.name for f in fields(Weights) if f.name != "last_turn_gold_lp"]  # (that one only breaks ties)


def game_margin(players: int, seed: int, seat: int, weights: Weights) -> tuple[float, float]:
    """The trial seat's LP minus the mean of the others', and its share of the win."""
    game = Game.new([f"P{i + 1}" for i in range(players)], seed=seed)
    bots = [MediumBot(0, weights if i == seat else MEDIUM) for i in range(players)]
    while not game.over:
        for pend in game.pending():
            game.apply(pend.player, bots[pend.player].choose(game.view(pend.player), pend, game.catalog))
    scores, winners = game.scores(), game.winners()
    others = [s for i, s in enumerate(scores) if i != seat]
    return scores[seat] - sum(others) / len(others), (1 / len(winners) if seat in winners else 0.0)


def deal(task: tuple[int, int, Weights]) -> tuple[float, float]:
    """A deal played once per seat of the trial's bot: its mean margin and share of the wins."""
    players, seed, weights = task
    games = [game_margin(players, seed, seat, weights) for seat in range(players)]
    return sum(m for m, _ in games) / players, sum(w for _, w in games) / players


def trials(pool: Any, players: int, seeds: range, tried: list[Weights]) -> list[list[tuple[float, float]]]:
    """Each weights' (margin, wins) deal by deal (the medium bot's own: 0 and an even share)."""
    tasks = [(players, s, w) for w in tried if w != MEDIUM for s in seeds]
    out = iter(pool.map(deal, tasks, chunksize=4))
    return [[(0.0, 1 / players)] * len(seeds) if w == MEDIUM else [next(out) for _ in seeds] for w in tried]


def paired(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> tuple[float, float]:
    """Mean margin of a minus b, deal by deal, and its standard error."""
    d = [x[0] - y[0] for x, y in zip(a, b)]
    m = sum(d) / len(d)
    return m, math.sqrt(sum((x - m) ** 2 for x in d) / (len(d) - 1) / len(d))


def moved(weights: Weights, name: str, factor: float) -> Weights:
    value = getattr(weights, name)
    new: Any = tuple(round(v * factor, 3) for v in value) if isinstance(value, tuple) else round(value * factor, 3)
    return replace(weights, **{name: new})


def figures(results: list[tuple[float, float]]) -> dict[str, float]:
    n = len(results)
    return {"margin": round(sum(m for m, _ in results) / n, 3), "wins": round(sum(w for _, w in results) / n, 4)}


def fit(pool: Any, players: int, seeds: range, rounds: int, z: float,
        log: list[dict[str, Any]]) -> tuple[Weights, dict[str, float]]:
    current = MEDIUM
    base = trials(pool, players, seeds, [current])[0]
    for r in range(rounds):
        step = STEPS[min(r, len(STEPS) - 1)]
        for name in FITTED:
            start = time.time()
            tried = [moved(current, name, 1 - step), moved(current, name, 1 + step)]
            best: tuple[float, Weights, list[tuple[float, float]]] | None = None
            for w, res in zip(tried, trials(pool, players, seeds, tried)):
                gain, se = paired(res, base)
                entry = {"players": players, "round": r, "weight": name, "value": getattr(w, name),
                         "gain": round(gain, 3), "se": round(se, 3), **figures(res)}
                log.append(entry)
                print(json.dumps(entry), file=sys.stderr, flush=True)
                if gain > z * se and (best is None or gain > best[0]):
                    best = (gain, w, res)
            if best is not None:
                current, base = best[1], best[2]
                print(f"{players} players: kept {name}={getattr(current, name)} ({time.time() - start:.0f}s)",
                      file=sys.stderr, flush=True)
    return current, figures(base)


def check(args: argparse.Namespace) -> int:
    from papertales_tui.rules.bots.hard import fitted_weights

    weights = fitted_weights(Path(args.check))
    with Pool(args.jobs) as pool:
        for n in args.players:
            seeds = range(args.seed, args.seed + (args.deals // 2 if n == 5 else args.deals))
            res = trials(pool, n, seeds, [weights[n]])[0]
            even = [(0.0, 1 / n)] * len(res)
            gain, se = paired(res, even)
            wins, wse = paired([(w, 0.0) for _, w in res], [(w, 0.0) for _, w in even])
            print(f"{n} players, seeds {seeds[0]}-{seeds[-1]} ({len(seeds)} deals): LP over the mediums "
                  f"{gain:+.2f} ({gain - 1.96 * se:+.2f} to {gain + 1.96 * se:+.2f}), wins "
                  f"{100 / n + 100 * wins:.1f}% ({100 / n + 100 * (wins - 1.96 * wse):.1f} to "
                  f"{100 / n + 100 * (wins + 1.96 * wse):.1f}; an even share {100 / n:.1f}%)", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=800000, help="first deal's seed")
    ap.add_argument("--deals", type=int, default=200, help="deals a trial (half at 5 players)")
    ap.add_argument("--rounds", type=int, default=2, help=f"passes over the weights (steps {STEPS})")
    ap.add_argument("--z", type=float, default=1.5, help="standard errors a move must gain by")
    ap.add_argument("--jobs", type=int, default=2, help="processes")
    ap.add_argument("--players", type=int, nargs="+", default=list(PLAYERS), choices=list(PLAYERS))
    ap.add_argument("--out", help="the JSON file to write the weights and the fit's log to")
    ap.add_argument("--log", help="a file for every trial's figures, a JSON line each")
    ap.add_argument("--check", metavar="FILE", help="no fit: play FILE's weights against medium bots on the deals "
                    "(seeds never used to fit them) and print their margin with its 95%% interval")
    args = ap.parse_args(argv)
    if args.check:
        return check(args)
    log: list[dict[str, Any]] = []
    weights, found = {}, {}
    with Pool(args.jobs) as pool:
        for n in args.players:
            seeds = range(args.seed, args.seed + (args.deals // 2 if n == 5 else args.deals))
            w, found[str(n)] = fit(pool, n, seeds, args.rounds, args.z, log)
            weights[str(n)] = asdict(w)
    result = {
        "weights": weights,
        "fit": {"script": "scripts/fit_planner.py", "seed": args.seed, "deals": args.deals, "rounds": args.rounds,
                "z": args.z, "from": asdict(MEDIUM), "margin over medium on the fit's deals": found},
    }
    text = json.dumps(result, indent=1)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    else:
        print(text)
    if args.log:
        with open(args.log, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(entry) + "\n" for entry in log)
    return 0


if __name__ == "__main__":
    sys.exit(main())

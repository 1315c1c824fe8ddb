"""Calibration of the Wars forecast's chances (rules/forecast.py): over seeded bot games, each seat's
forecast of each War at its deployment (the plan it then confirms, the neighbours' hidden cards
sampled as the deployment board samples them, with the seat's memory of the draft) gives the chance
the War is won (a tie is won by both; 2 players: at least one War of the double War). The chances
are put in bands 0-20%, ..., 80-100%; for each band: how many, the mean chance, the share of those
Wars actually won with its Wilson 95% interval, and whether that interval meets the band (a
calibrated forecast's does). Wars foretold exactly (nothing hidden) are counted apart: they must all
come true.

The bots: seat levels rotate over the games (`--levels`, e.g. hard,medium,medium); the hard bots
search with `--budget` CPU seconds a decision. Seeds `--seed` .. `--seed + games - 1`.

Usage: python benchmarks/bench_forecast.py [--games N] [--players 2,3,4] [--levels hard,medium,medium]
       [--budget 0.05] [--samples 64] [--seed S]
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from papertales_tui.rules import DraftMemory, Game, default_catalog
from papertales_tui.rules.bots import HardOptions, make_bot
from papertales_tui.rules.decisions import Deploy, Step
from papertales_tui.rules.forecast import deployment_forecast, rival_strengths

BANDS = ((0.0, 0.2), (0.2, 0.4), (0.4, 0.6), (0.6, 0.8), (0.8, 1.0))


@dataclass
class Tally:
    chances: list[tuple[float, bool]] = field(default_factory=list)  # (chance foretold, won)
    exact: list[tuple[bool, bool]] = field(default_factory=list)  # (foretold won, won)


def wilson(won: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a share `won`/`n` (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = won / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def band_of(chance: float) -> int:
    return min(int(chance * 5), len(BANDS) - 1)


def wars_won(game: Game, start: int, player: int) -> dict[int, bool]:
    """The Wars `player` fought in the log since `start`, by opponent: won (a tie included)?"""
    out = {}
    for e in game.state.log[start:]:
        if e["type"] != "war" or player not in e["players"]:
            continue
        other = next(p for p in e["players"] if p != player)
        out[other] = player in e["winners"] if "winners" in e else e["wars_won"][e["players"].index(player)] > 0
    return out


def play(levels: Sequence[str], seed: int, tally: Tally, samples: int, budget: float) -> None:
    """One bot game; every deployment's forecast goes in `tally` with what came of it."""
    catalog = default_catalog()
    game = Game.new([f"{lv.title()} {i + 1}" for i, lv in enumerate(levels)], seed=seed, catalog=catalog)
    bots = [make_bot(lv, seed * 101 + i, **(HardOptions(budget=budget) if lv == "hard" else HardOptions()))
            for i, lv in enumerate(levels)]
    memories = [DraftMemory() for _ in levels]
    while not game.over:
        pending = game.pending()
        foretold = []
        decisions = []
        for pend in pending:
            view = game.view(pend.player)
            memories[pend.player].watch(view, pend.player)
            decision = bots[pend.player].choose(view, pend, catalog)
            decisions.append((pend.player, decision))
            if pend.kind == Step.DEPLOY:
                assert isinstance(decision, Deploy)
                rivals = rival_strengths(view, catalog, memories[pend.player], samples=samples)
                f = deployment_forecast(game, pend.player, list(decision.slots), decision.keep, rivals)
                foretold.append((pend.player, f))
        start = len(game.state.log)
        for player, decision in decisions:
            game.apply(player, decision)
        while foretold and not game.over and game.state.step == Step.AGE_TARGET:  # (choices before the Wars)
            for pend in game.pending():
                game.apply(pend.player, bots[pend.player].choose(game.view(pend.player), pend, catalog))
        for player, f in foretold:
            won = wars_won(game, start, player)
            for w in f.wars:
                if w.player is None or w.player not in won:
                    continue
                if w.won_chance is None:
                    tally.exact.append((w.wars_won[0] > 0, won[w.player]))
                else:
                    tally.chances.append((w.won_chance, won[w.player]))


def report(tally: Tally) -> list[str]:
    lines = ["band       Wars  mean chance  won   Wilson 95%     meets the band"]
    for k, (low, high) in enumerate(BANDS):
        inside = [(c, w) for c, w in tally.chances if band_of(c) == k]
        n = len(inside)
        won = sum(w for _, w in inside)
        lo, hi = wilson(won, n)
        mean = sum(c for c, _ in inside) / n if n else math.nan
        rate = won / n if n else math.nan
        meets = "yes" if n and lo <= high and hi >= low else "no" if n else "-"
        lines.append(f"{int(low * 100):>3}-{int(high * 100):<3}%  {n:>5}  {mean:>10.1%}  {rate:>5.1%}  "
                     f"{lo:>6.1%}-{hi:<6.1%}  {meets}")
    right = sum(f == w for f, w in tally.exact)
    lines.append(f"exact (nothing hidden): {len(tally.exact)} Wars, {right} came true")
    if tally.chances:
        brier = sum((c - w) ** 2 for c, w in tally.chances) / len(tally.chances)
        lines.append(f"Brier score of the chances: {brier:.3f} (always saying the overall rate: "
                     f"{base_brier(tally):.3f})")
    return lines


def base_brier(tally: Tally) -> float:
    rate = sum(w for _, w in tally.chances) / len(tally.chances)
    return sum((rate - w) ** 2 for _, w in tally.chances) / len(tally.chances)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40, help="games per player count")
    parser.add_argument("--players", default="2,3,4", help="player counts, comma-separated")
    parser.add_argument("--levels", default="hard,medium,medium",
                        help="bot levels, rotated over the seats and games (repeated to fill a table)")
    parser.add_argument("--budget", type=float, default=0.05, help="CPU seconds of a hard bot's decision")
    parser.add_argument("--samples", type=int, default=64, help="samples of the hidden cards a forecast")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    tally = Tally()
    start = time.perf_counter()
    for players in (int(n) for n in args.players.split(",")):
        for k in range(args.games):
            seats = [levels[(k + i) % len(levels)] for i in range(players)]
            play(seats, args.seed + k, tally, args.samples, args.budget)
    print(f"{args.games} games at each of {args.players} players, seeds {args.seed}..{args.seed + args.games - 1}, "
          f"levels rotating {args.levels} (hard: {args.budget} s), {args.samples} samples a forecast, "
          f"{time.perf_counter() - start:.0f} s")
    print("\n".join(report(tally)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

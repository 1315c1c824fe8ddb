"""Playouts per searched decision of the hard bot, with the playouts' shared Kingdom values
(`hard.PLAYOUT_VALUES`, issue 41) and without (each sample working its values out again), on the
same positions and in the same run.

The positions: every decision of seat 0 that the hard bot searches, in games of medium bots
(seeds --seed, --seed+1...); at each, a hard bot of each kind searches with its budget of CPU time
(0.3 s by default) and the playouts it played are counted. The games go on with the medium bots'
decisions, so both kinds see exactly the same positions. The ratio of the medians is the speed-up
of the search in playouts (the mean is held back by the 160-sample cap of quick decisions).

    nice -n 5 python benchmarks/bench_playout_values.py --players 2 --games 3 --seed 900100
"""

from __future__ import annotations

import argparse
import statistics

from papertales_tui.rules.bots import hard, make_bot
from papertales_tui.rules.card_files import default_catalog
from papertales_tui.rules.engine import Game

KINDS = {"shared": True, "per sample": False}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=900100)
    ap.add_argument("--budget", type=float, default=hard.BUDGET)
    args = ap.parse_args()
    catalog = default_catalog()
    playouts: dict[str, list[int]] = {kind: [] for kind in KINDS}
    for seed in range(args.seed, args.seed + args.games):
        game = Game.new([f"P{i}" for i in range(args.players)], seed=seed, catalog=catalog)
        mediums = [make_bot("medium", i) for i in range(args.players)]
        bots = {kind: hard.HardBot(1, budget=args.budget) for kind in KINDS}
        while not game.over:
            for pend in game.pending():
                view = game.view(pend.player)
                if pend.player == 0:
                    for kind, shared in KINDS.items():
                        hard.PLAYOUT_VALUES = shared
                        bot = bots[kind]
                        searched = len(bot.playouts)
                        bot.choose(view, pend, catalog)
                        if len(bot.playouts) > searched:
                            playouts[kind].append(bot.playouts[-1])
                game.apply(pend.player, mediums[pend.player].choose(view, pend, catalog))
    hard.PLAYOUT_VALUES = True
    print(f"{args.players} players, seeds {args.seed}..{args.seed + args.games - 1}, budget {args.budget} s")
    for kind, xs in playouts.items():
        print(f"{kind:>11}: {len(xs)} searches, playouts per search median {statistics.median(xs):.0f}, "
              f"mean {statistics.mean(xs):.0f}")
    med = {kind: statistics.median(xs) for kind, xs in playouts.items()}
    print(f"shared / per sample: {med['shared'] / med['per sample']:.2f}x (medians)")


if __name__ == "__main__":
    main()

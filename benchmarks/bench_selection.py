"""What the hard bot's search leaves on the table: its choice at its budget against a long search's.

For every decision of seat 0 that the hard bot searches, in games of medium bots (seeds --seed,
--seed+1...), `play` records how many samples the bot's search draws in its budget (0.3 s of CPU)
and then the playout scores of the same candidates over --samples samples (a long search, no
budget). `show` splits each long search in two halves: the first stands for the search, the second
judges its choice without the bias of a best-of-several mean. For each kind of decision it prints
what the search gains over the medium bot's own candidate (option 0), in the playouts' score (LP of
margin), when it draws as many samples as its budget allowed (x1), twice and four times as many
(x2, x4), with `hard.best`'s prior at several strengths (z: standard errors; 0: the best mean), and
what the whole first half would choose. If x4 and the whole half gain little more than x1, more
playouts would not make the bot stronger: its candidates and its playouts' model are the limit.

    nice -n 8 python benchmarks/bench_selection.py play --out sel.jsonl --players 3 --seed 905000 --games 2
    python benchmarks/bench_selection.py show sel.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections import defaultdict

from papertales_tui.rules.bots import hard, make_bot
from papertales_tui.rules.bots.knowledge import game_from_view
from papertales_tui.rules.engine import Game

sys.path.insert(0, os.path.dirname(__file__))
from bench_bots import default_catalog  # noqa: E402

PRIORS = (0.0, 0.5, 1.0, 1.5, 2.0, 3.0)
BUDGETS = (1, 2, 4)
DRAWS = 100  # subsets of the first half drawn per position and budget


def play(args: argparse.Namespace) -> None:
    catalog = default_catalog()
    with open(args.out, "a") as out:
        for seed in range(args.seed, args.seed + args.games):
            game = Game.new([f"P{i}" for i in range(args.players)], seed=seed, catalog=catalog)
            mediums = [make_bot("medium", i) for i in range(args.players)]
            probe = hard.HardBot(7)  # the bot as it plays: how many samples its budget allows here
            long = hard.HardBot(11, budget=1e9, max_samples=args.samples)
            while not game.over:
                for pend in game.pending():
                    view = game.view(pend.player)
                    if pend.player == 0:
                        searched = len(probe.samples)
                        probe.choose(view, pend, catalog)
                        if len(probe.samples) > searched:
                            long.drafts, long.opponents = probe.drafts, probe.opponents  # (the same knowledge)
                            if view.turn != long.turn:
                                long.memo.clear()
                                long.turn = view.turn
                            options = hard.candidates(game_from_view(view, 0, catalog), pend, long.memo,
                                                      long.opponents.outlook())
                            cpu = time.thread_time()
                            scores = long.search(view, 0, catalog, options, time.thread_time() + 1e9)
                            out.write(json.dumps({
                                "players": args.players, "seed": seed, "turn": view.turn, "kind": pend.kind.name,
                                "round": view.draft_round, "budget_samples": probe.samples[-1],
                                "cpu": round(time.thread_time() - cpu, 2), "scores": scores}) + "\n")
                            out.flush()
                    game.apply(pend.player, mediums[pend.player].choose(view, pend, catalog))


def kind_of(rec: dict) -> str:
    if rec["kind"] == "PICK":
        return "first pick of a turn" if rec["round"] == 0 else "later picks"
    return rec["kind"].lower().replace("_", " ")


def gains(recs: list[dict], seed: int = 1) -> dict[tuple[str, object, object], list[float]]:
    """Per (kind, budget multiple or "half", prior): the gain over option 0 of each choice, judged
    on the second half of each position's samples."""
    rng = random.Random(seed)
    out: dict[tuple[str, object, object], list[float]] = defaultdict(list)
    for rec in recs:
        scores = rec["scores"]
        half = len(scores[0]) // 2
        first = [s[:half] for s in scores]
        judged = [sum(s[half:]) / (len(s) - half) for s in scores]
        kind = kind_of(rec)
        for mult in BUDGETS:
            n = max(1, min(half, rec["budget_samples"] * mult))
            for _ in range(DRAWS):
                picked = rng.sample(range(half), n)
                sub = [[s[i] for i in picked] for s in first]
                for z in PRIORS:
                    choice = hard.best(sub, z) if z > 0 else max(range(len(sub)), key=lambda k: (sum(sub[k]), -k))
                    out[kind, mult, z].append(judged[choice] - judged[0])
        whole = max(range(len(first)), key=lambda k: (sum(first[k]), -k))
        out[kind, "half", None].append(judged[whole] - judged[0])
    return out


def show(paths: list[str]) -> None:
    recs = []
    for path in paths:
        with open(path) as f:
            recs += [json.loads(line) for line in f if line.strip()]
    for players in sorted({r["players"] for r in recs}):
        rs = [r for r in recs if r["players"] == players]
        g = gains(rs)
        seeds = sorted({r["seed"] for r in rs})
        half = len(rs[0]["scores"][0]) // 2
        print(f"{players} players: {len(rs)} searched decisions of seat 0, seeds {seeds[0]}–{seeds[-1]}, "
              f"{2 * half} samples each (gain over the medium bot's own candidate, LP of margin a decision)")
        for kind in dict.fromkeys(kind_of(r) for r in rs):
            n = sum(1 for r in rs if kind_of(r) == kind)
            budget = sorted(r["budget_samples"] for r in rs if kind_of(r) == kind)[n // 2]
            whole = g[kind, "half", None]
            print(f"  {kind} ({n}; the budget's samples: median {budget}): "
                  f"the first {half} samples' choice {sum(whole) / len(whole):+.3f}")
            for mult in BUDGETS:
                print(f"    x{mult}: " + "  ".join(f"z {z}: {sum(g[kind, mult, z]) / len(g[kind, mult, z]):+.3f}"
                                                 for z in PRIORS))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("--out", required=True)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--seed", type=int, default=905000)
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--samples", type=int, default=240, help="samples of each long search (split in two halves)")
    s = sub.add_parser("show")
    s.add_argument("files", nargs="+")
    args = ap.parse_args(argv)
    try:
        if args.cmd == "play":
            play(args)
        else:
            show(args.files)
    except (OSError, json.JSONDecodeError, KeyError, IndexError) as exc:
        print(f"bench_selection: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

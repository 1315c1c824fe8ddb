"""The hard bot against itself changed: variants of its settings on the same duplicate deals.

Each deal (a seed) is played by every variant, each in every rotation of the seats (hard and
mediums, as `bench_bots.py --aims`), so that a variant's figure and the difference between two
variants are paired by deal: the luck of the cards cancels out of the comparison.

    python benchmarks/bench_variants.py play --out ab.jsonl --config 3p --seed 730000 --deals 40 \
        --variant base --variant shared-off:hard.PLAYOUT_VALUES=False
    python benchmarks/bench_variants.py show ab.jsonl

A variant is `NAME` (the defaults) or `NAME:module.ATTR=value,...`, the module one of
`papertales_tui.rules.bots`' (`hard`, `medium`, `evaluation`...) and the value a Python literal.
The file is appended to one deal at a time, so a run that is stopped keeps its deals and `play`
resumes it; two processes on different seeds may write two files that `show` reads together.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import math
import os
import sys
import time
from contextlib import contextmanager
from typing import Any, Iterator

sys.path.insert(0, os.path.dirname(__file__))
from bench_bots import AIMS, play_deal  # noqa: E402

from bench_bots import default_catalog  # noqa: E402


def parse_variant(text: str) -> tuple[str, list[tuple[str, str, Any]]]:
    name, _, rest = text.partition(":")
    settings = []
    for part in filter(None, rest.split(",")):
        target, _, value = part.partition("=")
        module, _, attr = target.strip().rpartition(".")
        settings.append((module, attr, ast.literal_eval(value.strip())))
    return name, settings


@contextmanager
def applied(settings: list[tuple[str, str, Any]]) -> Iterator[None]:
    saved = []
    for module, attr, value in settings:
        mod = importlib.import_module(f"papertales_tui.rules.bots.{module}")
        saved.append((mod, attr, getattr(mod, attr)))
        setattr(mod, attr, value)
    try:
        yield
    finally:
        for mod, attr, old in reversed(saved):
            setattr(mod, attr, old)


def play(args: argparse.Namespace) -> None:
    catalog = default_catalog()
    variants = [parse_variant(v) for v in args.variant]
    done = set()
    if os.path.exists(args.out):
        with open(args.out) as f:
            done = {(r["variant"], r["config"], r["seed"]) for r in map(json.loads, f) if r}
    with open(args.out, "a") as f:
        for k in range(args.deals):
            seed = args.seed + k
            for name, settings in variants:
                if (name, args.config, seed) in done:
                    continue
                cpu = time.process_time()
                with applied(settings):
                    rec = play_deal(args.config, seed, catalog)
                rec["variant"] = name
                rec["cpu"] = round(time.process_time() - cpu, 1)
                f.write(json.dumps(rec) + "\n")
                f.flush()


def deal_figures(rec: dict) -> tuple[float, float]:
    """Hard's LP over the mediums' mean, and its share of the wins, averaged over the deal's games."""
    margin = wins = 0.0
    for levels, scores, winners in rec["games"]:
        hard = [s for lv, s in zip(levels, scores) if lv == "hard"]
        others = [s for lv, s in zip(levels, scores) if lv != "hard"]
        margin += sum(hard) / len(hard) - sum(others) / len(others)
        wins += sum(1 / len(winners) for seat in winners if levels[seat] == "hard")
    n = len(rec["games"])
    return margin / n, wins / n


def t95(n: int) -> float:
    table = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26, 10: 2.23,
             15: 2.13, 20: 2.09, 30: 2.04, 60: 2.00}
    return next((v for k, v in sorted(table.items()) if n <= k), 1.96)


def interval(xs: list[float]) -> str:
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return f"{mean:+.2f}"
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1))
    h = t95(n - 1) * sd / math.sqrt(n)
    return f"{mean:+.2f} ({mean - h:+.2f} to {mean + h:+.2f})"


def show(paths: list[str]) -> None:
    recs = [json.loads(line) for p in paths for line in open(p) if line.strip()]
    for config in dict.fromkeys(r["config"] for r in recs):
        rs = [r for r in recs if r["config"] == config]
        names = list(dict.fromkeys(r["variant"] for r in rs))
        by = {(r["variant"], r["seed"]): deal_figures(r) for r in rs}
        common = sorted(set.intersection(*({s for v, s in by if v == name} for name in names)))
        if not common:
            continue
        print(f"{config}: {len(common)} deals played by every variant, seeds {common[0]}–{common[-1]}"
              f" (even share of the wins {1 / len(AIMS[config][0]):.1%})")
        for name in names:
            cpu = [r["cpu"] for r in rs if r["variant"] == name and r["seed"] in common]
            margins = [by[name, s][0] for s in common]
            wins = [by[name, s][1] for s in common]
            print(f"  {name:>14}: hard's LP over the mediums {interval(margins)}, hard's wins "
                  f"{100 * sum(wins) / len(wins):.1f}%, {sum(cpu) / len(cpu):.0f} s CPU a deal")
        for name in names[1:]:
            dm = [by[name, s][0] - by[names[0], s][0] for s in common]
            dw = [100 * (by[name, s][1] - by[names[0], s][1]) for s in common]
            print(f"  {name} - {names[0]}: LP margin {interval(dm)}, wins {interval(dw)} points")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("--out", required=True)
    p.add_argument("--config", default="3p", choices=list(AIMS))
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--variant", action="append", required=True)
    s = sub.add_parser("show")
    s.add_argument("files", nargs="+")
    args = ap.parse_args()
    if args.cmd == "play":
        play(args)
    else:
        show(args.files)


if __name__ == "__main__":
    main()

"""The hard bot against itself changed: variants of its settings on the same duplicate deals.

Each deal (a seed) is played by every variant, each in every rotation of the seats (hard and
mediums, as `bench_bots.py --aims`), so that a variant's figure and the difference between two
variants are paired by deal: the luck of the cards cancels out of the comparison.

    python benchmarks/bench_variants.py play --out ab.jsonl --config 3p --seed 730000 --deals 40 \
        --variant base --variant shared-off:hard.PLAYOUT_VALUES=False
    python benchmarks/bench_variants.py show ab.jsonl

A variant is `NAME` (the defaults) or `NAME:module.ATTR=value,...`, the module one of
`papertales_tui.rules.bots`' (`hard`, `medium`, `evaluation`...), the attribute one the code reads
when it runs (not a default argument: the budget is `--budget`, the samples `--samples`, for every
variant) and the value a Python literal (`--variant medium-weights:hard.WEIGHTS={}`: the hard bot's seat planned
with the medium bot's weights, not the fitted ones).
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
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

sys.path.insert(0, os.path.dirname(__file__))
from bench_bots import AIMS, default_catalog, play_deal  # noqa: E402

BOUND = {("hard", "BUDGET"): "--budget", ("hard", "MAX_SAMPLES"): "--samples"}  # read once, as defaults


class BadVariant(ValueError):
    """A variant that names no setting of the bots, or a value that is not a literal."""


def parse_variant(text: str) -> tuple[str, list[tuple[str, str, Any]]]:
    """`NAME` or `NAME:module.ATTR=value,...` as (NAME, [(module, ATTR, value)...]), each setting checked."""
    name, _, rest = text.partition(":")
    if not name:
        raise BadVariant(f"{text!r}: a variant needs a name")
    settings = []
    for part in filter(None, _top_level(rest)):
        target, eq, value = part.partition("=")
        module, _, attr = target.strip().rpartition(".")
        if not eq or not module or not attr:
            raise BadVariant(f"{part!r}: expected module.ATTR=value")
        if (module, attr) in BOUND:
            raise BadVariant(f"{module}.{attr} is a default argument, read before any variant: "
                             f"use {BOUND[module, attr]}")
        try:
            mod = importlib.import_module(f"papertales_tui.rules.bots.{module}")
        except ImportError:
            raise BadVariant(f"{module!r}: no such module of papertales_tui.rules.bots") from None
        if not hasattr(mod, attr):
            raise BadVariant(f"{module}.{attr}: no such setting")
        try:
            settings.append((module, attr, ast.literal_eval(value.strip())))
        except (ValueError, SyntaxError):
            raise BadVariant(f"{part!r}: the value is not a Python literal") from None
    return name, settings


def _top_level(text: str) -> list[str]:
    """`text` split at the commas outside brackets (a value may be a tuple or a dict)."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += (ch in "([{") - (ch in ")]}")
        if ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    return [*parts, text[start:]]


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
    options: dict[str, Any] = {}
    if args.budget is not None:
        options["budget"] = args.budget
    if args.samples is not None:
        options["max_samples"] = args.samples
    done = set()
    if os.path.exists(args.out):
        with open(args.out) as f:
            done = {(r["variant"], r["config"], r["seed"]) for r in map(json.loads, filter(str.strip, f))}
    with open(args.out, "a") as f:
        for k in range(args.deals):
            seed = args.seed + k
            for name, settings in variants:
                if (name, args.config, seed) in done:
                    continue
                cpu = time.process_time()
                with applied(settings):
                    rec = play_deal(args.config, seed, catalog, options)
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
    recs = []
    for path in paths:
        with open(path) as f:
            recs += [json.loads(line) for line in f if line.strip()]
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("--out", required=True)
    p.add_argument("--config", default="3p", choices=list(AIMS))
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--deals", type=int, default=20)
    p.add_argument("--variant", action="append", required=True)
    p.add_argument("--budget", type=float, default=None, help="the hard bots' CPU seconds a decision")
    p.add_argument("--samples", type=int, default=None, help="the hard bots' samples a decision at most")
    s = sub.add_parser("show")
    s.add_argument("files", nargs="+")
    args = ap.parse_args(argv)
    try:
        if args.cmd == "play":
            play(args)
        else:
            show(args.files)
    except (BadVariant, OSError, json.JSONDecodeError, KeyError) as exc:
        print(f"bench_variants: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

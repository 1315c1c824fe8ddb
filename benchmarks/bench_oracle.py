"""What the hard bot would gain by knowing the hidden cards: a diagnostic, not a bot.

The hard bot's samples draw the hidden cards (the other seats' hands, drafts and kept cards, the
piles) from what its seat saw. Here, for its deals only, some of them are set as they truly are in
each sample (the rest drawn as usual: every card keeps its place in the sample's multiset), so the
search plays out the true cards. The gap between a variant and `base` bounds what better inference
of those cards could give the search as it is. It plays each deal as `bench_variants.py play` does
(hard and mediums, every rotation of the seats) and writes the same records, so that
`bench_variants.py show FILE` prints the table, paired by deal:

    python benchmarks/bench_oracle.py --out oracle.jsonl --config 3p --seed 742000 --deals 20 \
        --variant base --variant oracle --variant oracle-deck

Variants: `base` (the bot as it ships), `oracle` (every hidden card true), `oracle-hands` (the
other seats' hands and kept cards), `oracle-draft` (their draft cards), `oracle-deck` (the piles:
which also leaves, for the other zones together, exactly the cards the other seats hold).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

sys.path.insert(0, os.path.dirname(__file__))
from bench_bots import AIMS, default_catalog, play_deal  # noqa: E402

import papertales_tui.rules.bots as bots  # noqa: E402
from papertales_tui.rules.bots import HardOptions, hard, make_bot  # noqa: E402
from papertales_tui.rules.engine import Game  # noqa: E402

ZONES = {"base": (), "oracle": ("hand", "draft", "kept", "deck"), "oracle-hands": ("hand", "kept"),
         "oracle-draft": ("draft",), "oracle-deck": ("deck",)}
_truth: list[Game] = []  # the game being played (the one the bots' views come from)


def _zones(state: Any, me: int) -> dict[tuple[str, int], list[int]]:
    """The hidden zones of a state for seat `me`, as lists (the pile's order is the deck's)."""
    z: dict[tuple[str, int], list[int]] = {}
    for i, p in enumerate(state.players):
        if i != me:
            z["hand", i], z["draft", i] = p.hand, p.draft
            z["kept", i] = [p.kept] if p.kept is not None else []
    z["deck", -1], z["discard", -1] = state.deck, state.discard
    return z


def true_in(sim: Game, me: int, zones: tuple[str, ...]) -> Game:
    """`sim` with the cards of `zones` set as in the game being played (swapped with wherever the
    sample had them, so the sample keeps every card once)."""
    s, truth = sim.state, _truth[-1].state
    zs, zt = _zones(s, me), _zones(truth, me)
    where = {c: (k, j) for k, cards in zs.items() for j, c in enumerate(cards)}
    for key, cards in zt.items():
        if key[0] not in zones and not (key[0] == "discard" and "deck" in zones):
            continue
        for j, t in enumerate(cards):
            k2, j2 = where[t]
            here = zs[key][j]
            zs[key][j], zs[k2][j2] = t, here
            where[t], where[here] = (key, j), (k2, j2)
    for i, p in enumerate(s.players):
        if i != me:
            p.kept = zs["kept", i][0] if zs["kept", i] else None
    return sim


def _game(levels: list[str], seed: int, catalog: Any = None, bot_options: HardOptions | None = None,
          on_decision: Any = None) -> Game:
    """`play_bot_game` with the game in `_truth` while it is played."""
    game = Game.new([f"{lv.title()} {i + 1}" for i, lv in enumerate(levels)], seed=seed, catalog=catalog)
    players = [make_bot(lv, seed * 101 + i, **(bot_options or HardOptions()) if lv == "hard" else HardOptions())
               for i, lv in enumerate(levels)]
    _truth.append(game)
    try:
        while not game.over:
            for pend in game.pending():
                game.apply(pend.player, players[pend.player].choose(game.view(pend.player), pend, game.catalog))
    finally:
        _truth.pop()
    return game


@contextmanager
def knowing(zones: tuple[str, ...]) -> Iterator[None]:
    """The hard bot's samples with `zones` true, while in the block."""
    if not zones:
        yield
        return
    sample, play = hard._sample, bots.play_bot_game

    def known(view: Any, me: int, *rest: Any) -> Game:
        return true_in(sample(view, me, *rest), me, zones)

    hard._sample, bots.play_bot_game = known, _game  # type: ignore[assignment]
    try:
        yield
    finally:
        hard._sample, bots.play_bot_game = sample, play  # type: ignore[assignment]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--config", choices=sorted(AIMS), default="3p")
    ap.add_argument("--seed", type=int, default=742000)
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--variant", action="append", choices=sorted(ZONES), required=True)
    args = ap.parse_args()
    catalog = default_catalog()
    done = set()
    if os.path.exists(args.out):
        with open(args.out) as f:
            done = {(r["variant"], r["config"], r["seed"]) for r in map(json.loads, filter(str.strip, f))}
    with open(args.out, "a") as f:
        for seed in range(args.seed, args.seed + args.deals):
            for name in args.variant:
                if (name, args.config, seed) in done:
                    continue
                cpu = time.process_time()
                with knowing(ZONES[name]):
                    rec = play_deal(args.config, seed, catalog, {})
                rec["variant"], rec["cpu"] = name, round(time.process_time() - cpu, 1)
                f.write(json.dumps(rec) + "\n")
                f.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

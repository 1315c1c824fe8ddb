"""Record the bots' decisions, to check that a speed-up changes none of them.

    PYTHONPATH=. python scripts/record_bot_decisions.py out.json [--games 30] [--hard 36]
    PYTHONPATH=/frozen/copy python scripts/record_bot_decisions.py before.json
    cmp before.json out.json

Plays seeded games between medium (and easy) bots at 1 to 5 players, solo included, and writes
every decision made (the engine's JSON form). Then, on positions taken from medium games, the hard
bot's decision and its search totals with a fixed number of samples and a budget it never reaches
(so that the result does not depend on the machine's speed), and whole games of such hard bots.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from papertales_tui.rules.bots import make_bot
from papertales_tui.rules.card_files import default_catalog
from papertales_tui.rules.engine import Game
from papertales_tui.rules.solo import new_game as new_solo_game

SEATS = ["medium", "medium", "easy", "medium", "medium"]
FIXED = {"budget": 1000.0, "max_samples": 4}  # a hard bot's search, whatever the machine's speed
HARD_GAMES = [(["hard", "medium"], 201, None), (["medium", "hard", "easy"], 202, None), (["hard"], 203, 1),
              (["medium", "hard", "medium", "easy"], 204, None),
              (["hard", "medium", "medium", "medium", "medium"], 205, None),
              (["medium", "hard"], 206, None), (["hard"], 207, 3)]


def setups(games: int) -> list[tuple[list[str], int, int | None]]:
    """(levels by seat, seed, solo difficulty or None) of each game."""
    out: list[tuple[list[str], int, int | None]] = []
    for k in range(games):
        n = 1 + k % 5
        if n == 1:
            out.append((["medium"], k, k % 5))
        else:
            levels = ["medium"] * n if k % 3 == 0 else SEATS[:n]
            out.append((levels, k, None))
    return out


def new_game(levels: list[str], seed: int, difficulty: int | None) -> Game:
    names = [f"P{i}" for i in range(len(levels))]
    if difficulty is not None:
        return new_solo_game(names, seed=seed, difficulty=difficulty)
    return Game.new(names, seed=seed)


def play(levels: list[str], seed: int, difficulty: int | None, at: Any = None) -> Game:
    """A whole game; `at(game, pending)` is called before each medium decision (hard-bot positions).
    Hard bots search a fixed number of samples."""
    game = new_game(levels, seed, difficulty)
    bots = [make_bot(lv, seed * 7 + i, **(FIXED if lv == "hard" else {})) for i, lv in enumerate(levels)]
    while not game.over:
        for pend in game.pending():
            if at is not None and levels[pend.player] == "medium":
                at(game, pend)
            game.apply(pend.player, bots[pend.player].choose(game.view(pend.player), pend, game.catalog))
    return game


def hard_positions(count: int) -> list[dict[str, Any]]:
    """The hard bot's decision and totals on every 4th searched medium position of a few games."""
    catalog = default_catalog()
    out: list[dict[str, Any]] = []
    seen = [0]

    def at(game: Game, pend: Any) -> None:
        if len(out) >= count or pend.kind.value not in ("pick", "deploy", "construction"):
            return
        seen[0] += 1
        if seen[0] % 4:
            return
        bot = make_bot("hard", seen[0], **FIXED)
        totals: list[float] = []
        search = bot.search  # type: ignore[attr-defined]
        bot.search = lambda *a: totals.extend(search(*a)) or totals  # type: ignore[attr-defined]
        d = bot.decide(game.view(pend.player), pend, catalog)  # type: ignore[attr-defined]
        out.append({"turn": game.state.turn, "kind": pend.kind.value, "decision": d.to_dict(),
                    "totals": [repr(t) for t in totals]})

    for levels, seed, difficulty in [(["medium", "medium"], 101, None), (["medium", "medium", "easy"], 102, None),
                                     (["medium"], 103, 2), (["medium"] * 4, 104, None),
                                     (["medium"] * 5, 105, None), (["medium", "medium"], 106, None)]:
        play(levels, seed, difficulty, at)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--hard", type=int, default=60, help="hard-bot positions")
    args = ap.parse_args()
    record: dict[str, Any] = {"games": [], "hard": []}
    for levels, seed, difficulty in setups(args.games):
        game = play(levels, seed, difficulty)
        record["games"].append({"levels": levels, "seed": seed, "difficulty": difficulty,
                                "decisions": game.state.decisions, "scores": game.scores()})
        print(f"game {seed}: {len(levels)} players, {len(game.state.decisions)} decisions", file=sys.stderr)
    if args.hard:
        record["hard"] = hard_positions(args.hard)
        record["hard_games"] = [play(levels, seed, difficulty).state.decisions
                                for levels, seed, difficulty in HARD_GAMES]
    with open(args.out, "w") as f:
        json.dump(record, f, indent=0, sort_keys=True)


if __name__ == "__main__":
    main()

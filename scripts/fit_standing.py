"""Fit the hard bot's `STANDING_WEIGHTS` (rules/bots/hard.py): play medium-bot games, take each
player's Kingdom at the end of every turn but the last (where a playout stops and `standing` judges
it), and fit by least squares the LP it still made by the end of the game (beyond its LP and its
Buildings' LP) on the parts of the standing, one fit per number of turns still to play.

    python scripts/fit_standing.py [--players 2] [--games 1000] [--seed 0]

Prints the weights (Units' value next turn, Gold, the kept card's gain, its cost, Buildings) and the
spread of the final margin around the standing margin (`MARGIN_SPREAD`, 2 players). About 20 games
a CPU-second at 2 players.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from papertales_tui.rules.bots.hard import standing  # noqa: E402
from papertales_tui.rules.bots.medium import Planner, medium_decision  # noqa: E402
from papertales_tui.rules.engine import Game  # noqa: E402

PARTS = ("units", "gold", "kept_gain", "kept_cost", "buildings")


def parts(game: Game, j: int, memo: dict) -> list[float]:
    """The parts of player j's standing that the weights multiply."""
    p = game.state.players[j]
    planner = Planner(game, j, memo)
    units = planner.turn_value(planner.forecast(p.slots), planner.rival_now)
    gain = cost = 0.0
    if p.kept is not None:
        slots = list(p.slots)
        free = [k for k in p.open_slots() if slots[k] is None]
        if free:
            slots[free[0]] = planner.new_unit(p.kept)
        gain = planner.turn_value(planner.forecast(slots), planner.rival_now) - units
        cost = game.card(p.kept).cost
    return [units, p.gold, gain, cost, len(p.buildings)]


def play(players: int, seed: int) -> tuple[list[int], list[tuple[int, list[list[float]], list[float]]]]:
    """A medium-bot game: final LP, and per end of turn (turns left, parts by player, LP so far
    with the Buildings' LP, and the plain standing margin's inputs)."""
    game = Game.new([f"P{i}" for i in range(players)], seed=seed)
    game.stop_recording()
    memo: dict = {}
    turn, rows = 1, []
    while not game.over:
        if game.state.turn != turn:
            turn, memo = game.state.turn, {}
            s = game.state
            banked = [float(p.lp + sum(game.catalog.buildings[k].level(lv).legend_points
                                       for k, lv in p.buildings.items())) for p in s.players]
            plain = [standing(game, j, memo) for j in range(players)]
            rows.append((s.turns - s.turn + 1, [parts(game, j, memo) for j in range(players)], banked, plain))
        game.submit({pend.player: medium_decision(game, pend, memo) for pend in game.pending()}, trusted=True)
    return game.scores(), rows


def least_squares(x: list[list[float]], y: list[float]) -> list[float]:
    """Coefficients of y on the columns of x (a constant column added; constant columns get 0)."""
    cols = [c for c in range(len(x[0])) if len({r[c] for r in x}) > 1]
    rows = [[r[c] for c in cols] + [1.0] for r in x]
    k = len(cols) + 1
    a = [[sum(r[i] * r[j] for r in rows) + (1e-9 if i == j else 0.0) for j in range(k)] for i in range(k)]
    b = [sum(r[i] * v for r, v in zip(rows, y)) for i in range(k)]
    for i in range(k):  # Gauss-Jordan elimination with partial pivoting
        piv = max(range(i, k), key=lambda r: abs(a[r][i]))
        a[i], a[piv], b[i], b[piv] = a[piv], a[i], b[piv], b[i]
        for r in range(k):
            if r != i:
                f = a[r][i] / a[i][i]
                a[r] = [u - f * v for u, v in zip(a[r], a[i])]
                b[r] -= f * b[i]
    fitted = dict(zip(cols, (b[i] / a[i][i] for i in range(k - 1))))
    return [fitted.get(c, 0.0) for c in range(len(x[0]))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    data: dict[int, tuple[list, list, list]] = {}
    for seed in range(args.seed, args.seed + args.games):
        final, rows = play(args.players, seed)
        for left, by_player, banked, plain in rows:
            x, y, margins = data.setdefault(left, ([], [], []))
            x.extend(by_player)
            y.extend(f - b for f, b in zip(final, banked))
            if args.players == 2:
                margins.append((final[0] - final[1]) - (plain[0] - plain[1]))
    print(f"{args.games} games, {args.players} players; weights of {', '.join(PARTS)}")
    for left in sorted(data, reverse=True):
        x, y, margins = data[left]
        weights = ", ".join(f"{w:.2f}" for w in least_squares(x, y))
        sd = math.sqrt(sum(m * m for m in margins) / max(len(margins), 1))
        spread = f", final margin's spread {sd:.1f} LP" if margins else ""
        print(f"{left} turn(s) to play: ({weights}){spread}")


if __name__ == "__main__":
    main()

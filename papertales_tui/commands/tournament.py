"""`papertales tournament`: bots of several levels play each other, seats rotating every game."""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from ..terminal import stderr_is_terminal
from . import CLI, GAMES, PLAYERS, SEED, CommandError, float_range, int_range, say

_ = CLI.gettext

if TYPE_CHECKING:
    from ..rules import Catalog
    from ..rules.bots import HardOptions

T = TypeVar("T")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("tournament", help=_("play bots against each other and compare their levels"))
    p.add_argument("--players", type=PLAYERS, default=3, help=_("players per game (2-7, default 3)"))
    p.add_argument("--games", type=GAMES, default=100, help=_("number of games (default 100)"))
    p.add_argument("--seed", type=SEED, default=0, help=_("seed of the first game; game k uses seed+k"))
    p.add_argument("--seats", default="medium,easy",
                   help=_("bot levels by seat, comma-separated (easy, medium, hard); repeated to fill "
                          "every seat; game k shifts them k seats (default medium,easy)"))
    p.add_argument("--budget", type=float_range(0, 3600, low_open=True), default=None, metavar="SECONDS",
                   help=_("thinking time of the hard bot per decision (default: the bot's own)"))
    p.add_argument("--jobs", type=int_range(1, 256), default=1,
                   help=_("games played in parallel processes (default 1; at most one per core)"))
    p.add_argument("--json", action="store_true", help=_("print the results as one JSON object"))
    p.set_defaults(run=run)


def seat_levels(seats: str, players: int) -> list[str]:
    levels = [s.strip() for s in seats.split(",") if s.strip()]
    return [levels[i % len(levels)] for i in range(players)] if levels else []


def rotated(levels: list[str], game: int) -> list[str]:
    k = game % len(levels)
    return levels[-k:] + levels[:-k] if k else list(levels)


def play_one(task: tuple[list[str], int, Catalog, HardOptions]) -> tuple[list[str], list[int], list[int]] | str:
    """One game of the tournament: (levels by seat, LP by seat, winners), or an error message."""
    from ..rules.bots import play_bot_game

    levels, seed, catalog, options = task
    try:
        game = play_bot_game(levels, seed, catalog, bot_options=options)
    except Exception as exc:  # a bug: report it with its seed, go on with the other games
        return f"seed {seed}: {type(exc).__name__}: {exc}"
    return levels, game.scores(), game.winners()


def summarise(results: list[tuple[list[str], list[int], list[int]]]) -> list[dict[str, Any]]:
    """Per level: seat-games played, win rate (a shared win counts 1/k) with its Wilson 95% interval,
    mean LP with its normal-approximation 95% interval."""
    wins: dict[str, list[float]] = {}
    lps: dict[str, list[float]] = {}
    for levels, scores, winners in results:
        for seat, level in enumerate(levels):
            wins.setdefault(level, []).append(1 / len(winners) if seat in winners else 0.0)
            lps.setdefault(level, []).append(float(scores[seat]))
    order = ["hard", "medium", "easy"]
    rows = []
    for level in sorted(wins, key=lambda lv: order.index(lv) if lv in order else len(order)):
        w, lp = wins[level], lps[level]
        rows.append({"level": level, "seat_games": len(w), "wins": round(sum(w), 3),
                     "win_rate": round(_mean(w), 4), "win_rate_ci95": [round(x, 4) for x in _wilson(w)],
                     "mean_lp": round(_mean(lp), 2), "mean_lp_ci95": [round(x, 2) for x in _ci95(lp)]})
    return rows


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs)


def _wilson(shares: list[float]) -> tuple[float, float]:
    """Wilson 95% interval of a win rate (sound near 0% and 100%; a shared win counts 1/k)."""
    n, p, z = len(shares), _mean(shares), 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _ci95(xs: list[float]) -> tuple[float, float]:
    """Normal-approximation 95% confidence interval of the mean."""
    m = _mean(xs)
    if len(xs) < 2:
        return m, m
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
    half = 1.96 * sd / math.sqrt(len(xs))
    return m - half, m + half


def clock(seconds: float) -> str:
    """1:05:09, 5:09 or 0:09."""
    m, sec = divmod(round(seconds), 60)
    h, m = divmod(m, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m}:{sec:02d}"


def progress_line(done: int, total: int, elapsed: float) -> str:
    """`game 12/100 · 0:41 so far · about 5:01 left` (the time left at the pace so far)."""
    if not done:
        return _("game 0/%(total)s · the time left is known after the first game") % {"total": total}
    return (_("game %(done)s/%(total)s · %(elapsed)s so far · about %(left)s left")
            % {"done": done, "total": total, "elapsed": clock(elapsed), "left": clock(elapsed / done * (total - done))})


def played(outcomes: Iterable[T], total: int, start: float) -> list[T]:
    """The games' outcomes, in order; on a terminal, a progress line on stderr while they come in."""
    shown = stderr_is_terminal()
    out: list[T] = []
    if shown:
        print(progress_line(0, total, 0.0), end="", file=sys.stderr, flush=True)
    for outcome in outcomes:
        out.append(outcome)
        if shown:
            print(f"\r{progress_line(len(out), total, time.perf_counter() - start)}\033[K", end="",
                  file=sys.stderr, flush=True)
    if shown:
        print("\r\033[K", end="", file=sys.stderr, flush=True)  # the line goes: the results follow
    return out


def run(args: argparse.Namespace, catalog: Catalog) -> int:
    from ..rules.bots import LEVELS, HardOptions
    from ..workers import bounded, ended_by_sigterm, game_pool

    levels = seat_levels(args.seats, args.players)
    unknown = sorted({lv for lv in levels if lv not in LEVELS})
    if not levels or unknown:
        known = ", ".join(LEVELS)
        raise CommandError(_("--seats takes levels among %(levels)s (unknown: %(unknown)s)")
                           % {"levels": known, "unknown": ", ".join(unknown)} if unknown
                           else _("--seats takes levels among %(levels)s") % {"levels": known})
    options = HardOptions(budget=args.budget) if args.budget is not None else HardOptions()
    tasks = [(rotated(levels, k), args.seed + k, catalog, options) for k in range(args.games)]
    start = time.perf_counter()
    jobs = bounded(args.jobs, len(tasks))
    if jobs == 1:
        outcomes = played(map(play_one, tasks), len(tasks), start)
    else:
        with ended_by_sigterm(), game_pool(jobs) as pool:
            outcomes = played(pool.imap(play_one, tasks, chunksize=max(1, len(tasks) // (jobs * 8))),
                              len(tasks), start)
    errors = [o for o in outcomes if isinstance(o, str)]
    results = [o for o in outcomes if not isinstance(o, str)]
    summary = {"players": args.players, "games": args.games, "seed": args.seed, "seats": levels,
               "errors": len(errors), "seconds": round(time.perf_counter() - start, 1),
               "levels": summarise(results) if results else []}
    if args.json:
        print(json.dumps(summary))
    else:
        print(table(summary))
    for e in errors[:5]:
        say(_("error: %(error)s") % {"error": e}, file=sys.stderr)
    return 1 if errors else 0


def table(summary: dict[str, Any]) -> str:
    # (the column headings: at most 8, 6, 9, 17, 8 and 15 characters in every language)
    level, seats, win_rate, ci, mean_lp = _("level"), _("seats"), _("win rate"), _("95% CI"), _("mean LP")
    lines = [_("%(games)s games, %(players)s players, seats %(seats)s (rotating), seeds %(first)s..%(last)s")
             % {"games": summary["games"], "players": summary["players"], "seats": ",".join(summary["seats"]),
                "first": summary["seed"], "last": summary["seed"] + summary["games"] - 1},
             f"{level:<8} {seats:>6} {win_rate:>9} {ci:>17} {mean_lp:>8} {ci:>15}"]
    for r in summary["levels"]:
        lo, hi = r["win_rate_ci95"]
        lp_lo, lp_hi = r["mean_lp_ci95"]
        lines.append(f"{r['level']:<8} {r['seat_games']:>6} {r['win_rate']:>9.1%} "
                     f"{f'{lo:.1%} - {hi:.1%}':>17} {r['mean_lp']:>8.1f} {f'{lp_lo:.1f} - {lp_hi:.1f}':>15}")
    lines.append(_("(a level no better than the others wins %(rate)s of its seat-games)")
                 % {"rate": f"{1 / summary['players']:.1%}"})
    lines.append(_("errors: %(errors)s   seconds: %(seconds)s") % summary)
    return "\n".join(lines)

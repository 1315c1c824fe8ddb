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
from . import CLI, GAMES, PLAYERS, SEED, CommandError, float_range, int_range, printable, say

_ = CLI.gettext

if TYPE_CHECKING:
    from ..rules import Catalog
    from ..rules.bots import HardOptions
    from ..workers import ClusterError

T = TypeVar("T")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("tournament", help=_("play bots against each other and compare their levels"))
    p.add_argument("--players", type=PLAYERS, default=3, help=_("players per game (2-7, default 3)"))
    p.add_argument("--games", type=GAMES, default=100,
                   help=_("number of games (default 100); with --duplicate, of deals"))
    p.add_argument("--seed", type=SEED, default=0, help=_("seed of the first game; game k uses seed+k"))
    p.add_argument("--seats", default="medium,easy",
                   help=_("bot levels by seat, comma-separated (easy, medium, hard); repeated to fill "
                          "every seat; game k shifts them k seats (default medium,easy)"))
    p.add_argument("--duplicate", action="store_true",
                   help=_("play each deal once per rotation of the seats, so that every level holds every "
                          "seat with the same cards; margins paired by deal"))
    p.add_argument("--budget", type=float_range(0, 3600, low_open=True), default=None, metavar="SECONDS",
                   help=_("thinking time of the hard bot per decision (default: the bot's own)"))
    p.add_argument("--samples", type=int_range(1, 100_000), default=None, metavar="N",
                   help=_("the hard bot searches exactly N samples per decision, however long they take "
                          "(the same games on any machine)"))
    p.add_argument("--jobs", type=int_range(1, 256), default=1,
                   help=_("games played in parallel processes (default 1; at most one per core)"))
    p.add_argument("--cluster", metavar="ADDRESS", type=scheduler_address, default=None,
                   help=_("play the games on a Dask cluster, its scheduler at ADDRESS (tcp://HOST:PORT; "
                          "needs the cluster extra)"))
    p.add_argument("--json", action="store_true", help=_("print the results as one JSON object"))
    p.set_defaults(run=run)


def scheduler_address(text: str) -> str:
    """An argparse type: a Dask scheduler's address, tcp://HOST:PORT or tls://HOST:PORT."""
    import re

    if not re.fullmatch(r"(tcp|tls)://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):[0-9]{1,5}", text):
        raise argparse.ArgumentTypeError(_("%(value)s is not a scheduler's address (tcp://HOST:PORT or "
                                           "tls://HOST:PORT)") % {"value": repr(text)})
    return text


def seat_levels(seats: str, players: int) -> list[str]:
    levels = [s.strip() for s in seats.split(",") if s.strip()]
    return [levels[i % len(levels)] for i in range(players)] if levels else []


def rotated(levels: list[str], game: int) -> list[str]:
    k = game % len(levels)
    return levels[-k:] + levels[:-k] if k else list(levels)


def rotations(levels: list[str]) -> list[list[str]]:
    """The seatings a deal is played with in a duplicate tournament: every rotation of `levels`, each
    once (medium,easy,medium,easy has two), so that every level holds every seat."""
    out: list[list[str]] = []
    for k in range(len(levels)):
        r = rotated(levels, k)
        if r not in out:
            out.append(r)
    return out


Task = tuple[list[str], int, "Catalog", "HardOptions"]
Result = tuple[list[str], list[int], list[int]]


def make_tasks(levels: list[str], seed: int, games: int, duplicate: bool, catalog: Catalog,
               options: HardOptions) -> list[Task]:
    """The games to play, in order: game k (seed+k) with the seats shifted k times; with `duplicate`,
    deal k (seed+k) once per rotation of the seats."""
    if duplicate:
        return [(seating, seed + k, catalog, options) for k in range(games) for seating in rotations(levels)]
    return [(rotated(levels, k), seed + k, catalog, options) for k in range(games)]


def play_one(task: Task) -> Result | str:
    """One game of the tournament: (levels by seat, LP by seat, winners), or an error message."""
    from ..rules.bots import play_bot_game

    levels, seed, catalog, options = task
    try:
        game = play_bot_game(levels, seed, catalog, bot_options=options)
    except Exception as exc:  # a bug: report it with its seed, go on with the other games
        return f"seed {seed}: {type(exc).__name__}: {exc}"
    return levels, game.scores(), game.winners()


ORDER = ("hard", "medium", "easy")


def _level_order(level: str) -> int:
    return ORDER.index(level) if level in ORDER else len(ORDER)


def by_deal(results: list[tuple[int, Result]]) -> dict[int, dict[str, tuple[float, float]]]:
    """Per deal (its seed), per level: (its mean share of the wins, its mean LP) over the deal's
    seat-games of that level (a shared win counts 1/k)."""
    seats: dict[int, dict[str, list[tuple[float, float]]]] = {}
    for seed, (levels, scores, winners) in results:
        deal = seats.setdefault(seed, {})
        for seat, level in enumerate(levels):
            deal.setdefault(level, []).append((1 / len(winners) if seat in winners else 0.0, float(scores[seat])))
    return {seed: {lv: (_mean([w for w, _ in xs]), _mean([lp for _, lp in xs])) for lv, xs in deal.items()}
            for seed, deal in seats.items()}


def summarise(results: list[Result], seeds: list[int] | None = None) -> list[dict[str, Any]]:
    """Per level: seat-games played, win rate (a shared win counts 1/k) with its Wilson 95% interval,
    mean LP with its 95% interval (Student's t). With `seeds` (a duplicate tournament: the
    seed of each result), the intervals are over deals, a deal's seat-games sharing their cards: the
    mean LP's over the deals' means, the win rate's Wilson interval with the games the seat-games
    are worth (`_effective_games`)."""
    wins: dict[str, list[float]] = {}
    lps: dict[str, list[float]] = {}
    for levels, scores, winners in results:
        for seat, level in enumerate(levels):
            wins.setdefault(level, []).append(1 / len(winners) if seat in winners else 0.0)
            lps.setdefault(level, []).append(float(scores[seat]))
    deals = by_deal(list(zip(seeds, results))) if seeds is not None else None
    rows = []
    for level in sorted(wins, key=_level_order):
        w, lp = wins[level], lps[level]
        if deals is not None:
            per_deal = [d[level] for d in deals.values() if level in d]
            w_ci = _wilson(w, _effective_games(w, [x for x, _ in per_deal]))
            lp_ci = _ci95([x for _, x in per_deal])
        else:
            w_ci, lp_ci = _wilson(w), _ci95(lp)
        rows.append({"level": level, "seat_games": len(w), "wins": round(sum(w), 3),
                     "win_rate": round(_mean(w), 4), "win_rate_ci95": [round(x, 4) for x in w_ci],
                     "mean_lp": round(_mean(lp), 2), "mean_lp_ci95": [round(x, 2) for x in lp_ci]})
    return rows


def margins(results: list[Result], seeds: list[int]) -> list[dict[str, Any]]:
    """For each two levels (the stronger named first): the mean per deal of the difference of their
    mean LP in the deal, and of their shares of the wins, with 95% intervals paired by deal (over the
    deals where both played; Student's t)."""
    deals = by_deal(list(zip(seeds, results)))
    levels = sorted({lv for d in deals.values() for lv in d}, key=_level_order)
    out = []
    for i, a in enumerate(levels):
        for b in levels[i + 1:]:
            both = [d for d in deals.values() if a in d and b in d]
            if not both:
                continue
            lp = [d[a][1] - d[b][1] for d in both]
            w = [d[a][0] - d[b][0] for d in both]
            out.append({"level": a, "versus": b, "deals": len(both),
                        "lp": round(_mean(lp), 2), "lp_ci95": [round(x, 2) for x in _ci95(lp)],
                        "wins": round(_mean(w), 4), "wins_ci95": [round(x, 4) for x in _ci95(w, -1.0, 1.0)]})
    return out


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs)


def _wilson(shares: list[float], n: float | None = None) -> tuple[float, float]:
    """Wilson 95% interval of a win rate (sound near 0% and 100%; a shared win counts 1/k), the mean
    of `shares` over `n` independent games (by default, as many as the shares)."""
    p, z = min(1.0, max(0.0, _mean(shares))), 1.96
    n = len(shares) if n is None else n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _effective_games(shares: list[float], per_deal: list[float]) -> float:
    """How many independent games the seat-games `shares` are worth when they come in deals
    (`per_deal`: each deal's mean share): p(1-p) over the variance of the mean of the deals' means,
    at most the seat-games (the deals' means vary less than games would when each game has one
    winner among copies of a level), at least 1."""
    p, d = _mean(shares), len(per_deal)
    if d < 2:
        return float(len(shares))
    m = _mean(per_deal)
    var = sum((x - m) ** 2 for x in per_deal) / (d - 1)
    if var <= 0:
        return float(len(shares))
    return max(1.0, min(float(len(shares)), d * p * (1 - p) / var))


# Student's t, 97.5th percentile, by degrees of freedom (1-30); beyond, the normal 1.96 (within 2%)
_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
         2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
         2.045, 2.042)


def _ci95(xs: list[float], low: float = -math.inf, high: float = math.inf) -> tuple[float, float]:
    """95% confidence interval of the mean (Student's t: few deals are not taken for many), within
    [low, high] (what the values can be)."""
    m = _mean(xs)
    if len(xs) < 2:
        return m, m
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
    df = len(xs) - 1
    half = (_T975[df - 1] if df <= len(_T975) else 1.96) * sd / math.sqrt(len(xs))
    return max(low, m - half), min(high, m + half)


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


def played(outcomes: Iterable[tuple[int, T]], total: int, start: float) -> list[T]:
    """The games' outcomes (given as (index, outcome) in any order), in the games' order; on a
    terminal, a progress bar (rich) on stderr while they come in, with the time left at the pace so
    far; it goes once they are all in."""
    got: dict[int, T] = {}
    if not stderr_is_terminal():
        got.update(outcomes)
    else:
        from rich.console import Console
        from rich.progress import BarColumn, Progress, TextColumn

        with Progress(BarColumn(), TextColumn("{task.description}"), console=Console(file=sys.stderr),
                      transient=True, auto_refresh=False) as bar:
            task = bar.add_task(progress_line(0, total, 0.0), total=total)
            for index, outcome in outcomes:
                got[index] = outcome
                bar.update(task, completed=len(got), refresh=True,
                           description=progress_line(len(got), total, time.perf_counter() - start))
    return [got[k] for k in sorted(got)]


def run(args: argparse.Namespace, catalog: Catalog) -> int:
    from ..rules.bots import LEVELS, HardOptions
    from ..workers import ClusterError, bounded, cluster_games, ended_by_sigterm, game_pool

    levels = seat_levels(args.seats, args.players)
    unknown = sorted({lv for lv in levels if lv not in LEVELS})
    if not levels or unknown:
        known = ", ".join(LEVELS)
        raise CommandError(_("--seats takes levels among %(levels)s (unknown: %(unknown)s)")
                           % {"levels": known, "unknown": ", ".join(unknown)} if unknown
                           else _("--seats takes levels among %(levels)s") % {"levels": known})
    options = HardOptions()
    if args.budget is not None:
        options["budget"] = args.budget
    if args.samples is not None:  # every sample searched, however long: no clock in the decisions
        options["budget"], options["max_samples"] = math.inf, args.samples
    tasks = make_tasks(levels, args.seed, args.games, args.duplicate, catalog, options)
    start = time.perf_counter()
    workers: dict[str, int] | None = None
    if args.cluster is not None:
        workers = {}
        try:
            with ended_by_sigterm():  # (the client is closed: the scheduler drops the run's games)
                outcomes = played(cluster_games(args.cluster, tasks, play_one, workers), len(tasks), start)
        except ClusterError as exc:
            raise CommandError(cluster_error(exc, args.cluster)) from None
    elif (jobs := bounded(args.jobs, len(tasks))) == 1:
        outcomes = played(enumerate(map(play_one, tasks)), len(tasks), start)
    else:
        with ended_by_sigterm(), game_pool(jobs) as pool:
            outcomes = played(enumerate(pool.imap(play_one, tasks, chunksize=max(1, len(tasks) // (jobs * 8)))),
                              len(tasks), start)
    errors = [o for o in outcomes if isinstance(o, str)]
    results = [o for o in outcomes if not isinstance(o, str)]
    seeds = [t[1] for t, o in zip(tasks, outcomes) if not isinstance(o, str)]
    summary: dict[str, Any] = {"players": args.players, "games": len(tasks), "seed": args.seed, "seats": levels,
                               "duplicate": args.duplicate, "deals": args.games if args.duplicate else None,
                               "errors": len(errors), "seconds": round(time.perf_counter() - start, 1),
                               "levels": summarise(results, seeds if args.duplicate else None) if results else [],
                               "margins": margins(results, seeds) if results else []}
    if workers is not None:
        summary["workers"] = dict(sorted(workers.items()))
    if args.json:
        print(json.dumps(summary))
    else:
        print(table(summary))
    for e in errors[:5]:
        say(_("error: %(error)s") % {"error": e}, file=sys.stderr)
    return 1 if errors else 0


def cluster_error(exc: ClusterError, address: str) -> str:
    if exc.kind == "missing":
        return _("--cluster needs Dask's distributed: pip install 'papertales-tui[cluster]'")
    if exc.kind == "unreachable":
        return (_("--cluster: no Dask scheduler could be reached at %(address)s (%(detail)s)")
                % {"address": printable(address), "detail": printable(exc.detail)})
    return (_("--cluster: the cluster at %(address)s lost a game (%(detail)s); nothing was counted")
            % {"address": printable(address), "detail": printable(exc.detail)})


def table(summary: dict[str, Any]) -> str:
    # (the column headings: at most 8, 6, 9, 17, 8 and 15 characters in every language)
    level, seats, win_rate, ci, mean_lp = _("level"), _("seats"), _("win rate"), _("95% CI"), _("mean LP")
    if summary.get("duplicate"):
        title = (_("%(deals)s deals, each played %(times)s times (duplicate), %(players)s players, seats %(seats)s, "
                   "seeds %(first)s..%(last)s")
                 % {"deals": summary["deals"], "times": summary["games"] // summary["deals"],
                    "players": summary["players"], "seats": ",".join(summary["seats"]),
                    "first": summary["seed"], "last": summary["seed"] + summary["deals"] - 1})
    else:
        title = (_("%(games)s games, %(players)s players, seats %(seats)s (rotating), seeds %(first)s..%(last)s")
                 % {"games": summary["games"], "players": summary["players"], "seats": ",".join(summary["seats"]),
                    "first": summary["seed"], "last": summary["seed"] + summary["games"] - 1})
    lines = [title, f"{level:<8} {seats:>6} {win_rate:>9} {ci:>17} {mean_lp:>8} {ci:>15}"]
    for r in summary["levels"]:
        lo, hi = r["win_rate_ci95"]
        lp_lo, lp_hi = r["mean_lp_ci95"]
        lines.append(f"{r['level']:<8} {r['seat_games']:>6} {r['win_rate']:>9.1%} "
                     f"{f'{lo:.1%} - {hi:.1%}':>17} {r['mean_lp']:>8.1f} {f'{lp_lo:.1f} - {lp_hi:.1f}':>15}")
    lines.append(_("(a level no better than the others wins %(rate)s of its seat-games)")
                 % {"rate": f"{1 / summary['players']:.1%}"})
    if summary.get("margins"):
        lines.append(_("paired by deal (95% CI): LP per game, share of the wins"))
        for m in summary["margins"]:
            lp_lo, lp_hi = m["lp_ci95"]
            w_lo, w_hi = m["wins_ci95"]
            lines.append(_("%(level)s over %(versus)s: %(lp)s LP (%(lp_lo)s to %(lp_hi)s), "
                           "%(wins)s wins (%(w_lo)s to %(w_hi)s), %(deals)s deals")
                         % {"level": m["level"], "versus": m["versus"], "deals": m["deals"],
                            "lp": f"{m['lp']:+.2f}", "lp_lo": f"{lp_lo:+.2f}", "lp_hi": f"{lp_hi:+.2f}",
                            "wins": f"{m['wins']:+.1%}", "w_lo": f"{w_lo:+.1%}", "w_hi": f"{w_hi:+.1%}"})
    if "workers" in summary:
        lines.append(_("games per worker: %(workers)s")
                     % {"workers": ", ".join(f"{printable(w)} {n}" for w, n in summary["workers"].items())})
    lines.append(_("errors: %(errors)s   seconds: %(seconds)s") % summary)
    return "\n".join(lines)

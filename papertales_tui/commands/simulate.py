"""`papertales simulate`: play many games with random legal decisions and summarise them."""

from __future__ import annotations

import argparse
import errno
import json
import os
import sys
import time
from typing import TYPE_CHECKING, TextIO

from . import CLI, GAMES, PLAYERS, SEED, CommandError, int_range, interruptible, say

_ = CLI.gettext
ngettext = CLI.ngettext

if TYPE_CHECKING:
    from ..rules import Catalog, Game


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("simulate", help=_("play games headless with random legal decisions"))
    p.add_argument("--players", type=PLAYERS, default=4, help=_("number of players (2-7, default 4)"))
    p.add_argument("--games", type=GAMES, default=100, help=_("number of games (default 100)"))
    p.add_argument("--seed", type=SEED, default=0, help=_("seed of the first game; game k uses seed+k"))
    p.add_argument("--json", action="store_true", help=_("print the summary as one JSON object"))
    p.add_argument("--log", metavar="FILE", help=_("write every game's events as JSON lines to FILE"))
    p.add_argument("--force", action="store_true", help=_("with --log: replace FILE if it exists"))
    p.add_argument("--solo", action="store_true", help=_("solo games against the Lich King (--players is ignored)"))
    p.add_argument("--difficulty", type=int_range(0, 99), default=0, metavar="D",
                   help=_("solo: number of Lich King cards, 0-4 (default 0)"))
    p.set_defaults(run=run)


def run(args: argparse.Namespace, catalog: Catalog) -> int:
    from ..rules.random_play import play_random_game

    if args.solo:
        return run_solo(args, catalog)
    names = [f"Player {i + 1}" for i in range(args.players)]
    log = open_log(args)
    start = time.perf_counter()
    errors, best = [], []
    try:
        for k in interruptible(range(args.games)):
            seed = args.seed + k
            try:
                # Without --log nothing needs the events: the trusted fast path plays the same game.
                game = play_random_game(names, seed, catalog, fast=log is None)
            except Exception as exc:  # a rules bug: count it, report it, go on
                errors.append(f"seed {seed}: {type(exc).__name__}: {exc}")
                continue
            best.append(max(game.scores()))
            if log:
                write_events(log, k, seed, game)
    finally:
        if log:
            close_log(log)
    seconds = time.perf_counter() - start
    summary = {
        "games": args.games,
        "players": args.players,
        "seed": args.seed,
        "errors": len(errors),
        "mean_winning_score": round(sum(best) / len(best), 2) if best else None,
        "min_winning_score": min(best, default=None),
        "max_winning_score": max(best, default=None),
        "seconds": round(seconds, 3),
    }
    if args.json:
        print(json.dumps(summary))
    else:
        seeds = {"first": args.seed, "last": args.seed + args.games - 1}
        print(ngettext("games: %(games)s (%(players)s player, seeds %(first)s..%(last)s)",
                       "games: %(games)s (%(players)s players, seeds %(first)s..%(last)s)", args.players)
              % {"games": summary["games"], "players": args.players, **seeds})
        print(_("errors: %(errors)s") % summary)
        print(_("winning score: mean %(mean_winning_score)s, min %(min_winning_score)s, max %(max_winning_score)s")
              % said(summary))
        print(_("seconds: %(seconds)s") % said(summary))
    for e in errors[:5]:
        say(_("error: %(error)s") % {"error": e}, file=sys.stderr)
    return 1 if errors else 0


def run_solo(args: argparse.Namespace, catalog: Catalog) -> int:
    from ..rules.solo import play_random_solo_game

    levels = len(catalog.lich_king)
    if not 0 <= args.difficulty <= levels:
        raise CommandError(_("--difficulty must be between 0 and %(most)s") % {"most": levels})
    log = open_log(args)
    start = time.perf_counter()
    errors, player, lich, wins = [], [], [], 0
    try:
        for k in interruptible(range(args.games)):
            seed = args.seed + k
            try:
                game = play_random_solo_game("Player 1", seed, args.difficulty, catalog)
            except Exception as exc:  # a rules bug: count it, report it, go on
                errors.append(f"seed {seed}: {type(exc).__name__}: {exc}")
                continue
            player.append(game.players[0].lp)
            lich.append(game.mode.other_scores(game)[0])  # the Lich King's LP
            wins += bool(game.winners())
            if log:
                write_events(log, k, seed, game)
    finally:
        if log:
            close_log(log)
    played = len(player)
    summary = {
        "games": args.games,
        "mode": "solo",
        "difficulty": args.difficulty,
        "seed": args.seed,
        "errors": len(errors),
        "player_win_rate": round(wins / played, 4) if played else None,
        "mean_player_score": round(sum(player) / played, 2) if played else None,
        "mean_lich_king_score": round(sum(lich) / played, 2) if played else None,
        "seconds": round(time.perf_counter() - start, 3),
    }
    if args.json:
        print(json.dumps(summary))
    else:
        print(_("games: %(games)s (solo, difficulty %(difficulty)s, seeds %(first)s..%(last)s)")
              % {"games": args.games, "difficulty": args.difficulty, "first": args.seed,
                 "last": args.seed + args.games - 1})
        print(_("errors: %(errors)s") % summary)
        print(_("player wins: %(player_win_rate)s") % said(summary, percent=("player_win_rate",)))
        print(_("mean score: player %(mean_player_score)s, Lich King %(mean_lich_king_score)s") % said(summary))
        print(_("seconds: %(seconds)s") % said(summary))
    for e in errors[:5]:
        say(_("error: %(error)s") % {"error": e}, file=sys.stderr)
    return 1 if errors else 0


def said(summary: dict[str, object], percent: tuple[str, ...] = ()) -> dict[str, object]:
    """The summary's numbers as the CLI's language writes them ("37,0" in French, "45 %"); the
    `--json` summary keeps them as numbers."""
    from babel.numbers import format_decimal, format_percent

    locale = CLI.language()
    out = dict(summary)
    for key, value in summary.items():
        if isinstance(value, float):
            out[key] = (format_percent(value, locale=locale) if key in percent
                        else format_decimal(value, "#,##0.0##", locale=locale))
    return out


def open_log(args: argparse.Namespace) -> TextIO | None:
    """The --log file, open for writing (None without --log). An existing file is replaced only with
    --force; a folder, an empty name or a FIFO that nothing reads is refused (CommandError), and a file
    that cannot be created raises OSError naming it: the command line reports either in one line."""
    if args.log is None:
        return None
    path = args.log
    if not path:
        raise CommandError(_("--log needs a file name (an empty one was given)"))
    if os.path.isdir(path):
        raise CommandError(_("%(path)s: this is a folder; --log needs a file name") % {"path": path})
    # O_NONBLOCK: opening a FIFO that nothing reads fails at once (ENXIO) instead of waiting forever
    flags = os.O_WRONLY | os.O_CREAT | (os.O_TRUNC if args.force else os.O_EXCL) | getattr(os, "O_NONBLOCK", 0)

    def opener(name: str, _flags: int) -> int:
        fd = os.open(name, flags, 0o644)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return fd

    try:
        return open(path, "w", encoding="utf-8", opener=opener)  # noqa: SIM115 (closed by run)
    except FileExistsError:
        raise CommandError(_("%(path)s: the file already exists (add --force to replace it)")
                           % {"path": path}) from None
    except OSError as e:
        if e.errno == errno.ENXIO:
            raise CommandError(_("%(path)s: a FIFO (named pipe) that nothing reads") % {"path": path}) from None
        raise OSError(e.errno, e.strerror, path) from None


def write_events(log: TextIO, k: int, seed: int, game: Game) -> None:
    """Append one game's events to the --log file, one JSON object per line (OSError names the file)."""
    try:
        for event in game.state.log:
            log.write(json.dumps({"game": k, "seed": seed, **event}) + "\n")
    except OSError as e:  # a full disk, /dev/full: say which file
        raise OSError(e.errno, e.strerror, log.name) from None


def close_log(log: TextIO) -> None:
    """Close the --log file (its last lines are written now: OSError names the file)."""
    try:
        log.close()
    except OSError as e:
        raise OSError(e.errno, e.strerror, log.name) from None

"""`papertales review SAVE`: the coach's review of a saved game (rules/coach.py).

For each decision of each human seat (or of the seats named with --seat): the coach's choice and its
estimate of the LP the decision cost, with a 95% interval and the playouts behind it; the three
costliest first; in solo, the turn that decided the result. Exit codes: 0 reviewed, 2 the file
cannot be used (one line on stderr).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from ..terminal import stderr_is_terminal
from . import CLI, float_range, int_range, printable, say

_ = CLI.gettext

if TYPE_CHECKING:
    from ..persistence import Save
    from ..rules import Catalog, Game
    from ..rules.coach import Assessment, Review


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("review", help=_("the coach's review of a saved game: the costliest decisions first"))
    p.add_argument("file", metavar="SAVE", help=_("a save file (e.g. an autosave, or one made with 'save as')"))
    p.add_argument("--seat", action="append", default=[], metavar="NAME",
                   help=_("review this player's decisions (repeatable; default: the human seats)"))
    effort = p.add_mutually_exclusive_group()
    effort.add_argument("--budget", type=float_range(0, 3600, low_open=True), default=None, metavar="SECONDS",
                        help=_("CPU seconds of search for the whole review (default 50)"))
    effort.add_argument("--samples", type=int_range(4, 10_000), default=None, metavar="N",
                        help=_("N samples of the hidden cards for each decision instead of a CPU budget (half "
                               "to choose the coach's option, half to measure the cost): the same review on any "
                               "machine"))
    p.add_argument("--jobs", type=int_range(1, 256), default=None, metavar="N",
                   help=_("assess N decisions at once, each in its own process (default and at most: one per core)"))
    p.add_argument("--all", action="store_true", help=_("list every reviewed decision, not only the costliest"))
    p.add_argument("--json", action="store_true", help=_("print the review as one JSON object"))
    p.set_defaults(run=run)


def run(args: argparse.Namespace, catalog: Catalog) -> int:
    from ..persistence import ReplayError, SaveFileError, iter_replay, load_save
    from ..rules import coach
    from ..rules.errors import IllegalDecision
    from ..workers import ended_by_sigterm, in_processes

    try:
        save = load_save(args.file, catalog)
        seats = review_seats(save, args.seat)
        start = next(iter_replay(save)).game
    except (SaveFileError, ReplayError, ValueError) as err:
        print(_("papertales: cannot review: %(problem)s") % {"problem": printable(err)}, file=sys.stderr)
        return 2
    if args.budget is not None and not args.budget > 0:
        print(_("papertales: cannot review: --budget must be a positive number of seconds"), file=sys.stderr)
        return 2
    bar = ProgressBar() if stderr_is_terminal() else None
    try:
        with ended_by_sigterm():  # (its workers stopped on the way out)
            result = coach.review(start, save.decisions, seats, budget=args.budget or coach.REVIEW_BUDGET,
                                  samples=args.samples, progress=bar,
                                  hints=save.settings.kept_hints(),
                                  run=in_processes(args.jobs, fork=True))  # (this command runs one thread)
    except IllegalDecision as err:  # the engine refused a decision of the file
        print(_("papertales: cannot review: %(file)s: %(problem)s")
              % {"file": printable(args.file), "problem": printable(err)}, file=sys.stderr)
        return 2
    finally:
        if bar is not None:
            bar.done()
    if args.json:
        print(json.dumps(as_json(result, start, args.file), indent=1))
    else:
        for line in text_lines(result, start, args.file, every=args.all):
            say(line)
    return 0


def review_seats(save: Save, names: list[str]) -> list[int]:
    """Seats to review: those named, else the human seats of the save's settings, else all."""
    players = save.players
    if names:
        unknown = [n for n in names if n not in players]
        if unknown:
            raise ValueError(_("no player named %(names)s in this game (players: %(players)s)")
                             % {"names": ", ".join(map(repr, unknown)), "players": ", ".join(players)})
        return [i for i, n in enumerate(players) if n in names]
    kinds = save.settings.seats
    if kinds is not None and len(kinds) == len(players):
        humans = [i for i, k in enumerate(kinds) if not str(k).startswith("bot:")]
        if humans:
            return humans
    return list(range(len(players)))


class ProgressBar:
    """A one-line progress bar on stderr (a terminal only)."""

    WIDTH = 30

    def __call__(self, done: int, total: int) -> None:
        from ..text.coach import COACH

        filled = self.WIDTH * done // max(total, 1)
        bar = "#" * filled + "." * (self.WIDTH - filled)
        sys.stderr.write("\r" + COACH.ngettext("Reviewing [%(bar)s] %(done)s/%(total)s decision",
                                               "Reviewing [%(bar)s] %(done)s/%(total)s decisions", total)
                         % {"bar": bar, "done": done, "total": total})
        sys.stderr.flush()

    def done(self) -> None:
        sys.stderr.write("\r" + " " * (self.WIDTH + 60) + "\r")
        sys.stderr.flush()


def line_of(a: Assessment, game: Game, names: list[str]) -> str:
    from ..text.coach import COACH, cost_text, cost_why
    from ..text.decisions import decision_text

    head = COACH.gettext("turn %(turn)s, %(player)s: %(decision)s") % {
        "turn": a.turn, "player": printable(names[a.player]), "decision": decision_text(a.decision, game, a.before)}
    values = {"head": head, "cost": cost_text(a), "why": cost_why(a), "count": a.playouts,
              "choice": decision_text(a.choice, game, a.before)}
    if a.agreed:
        return COACH.ngettext("%(head)s; %(cost)s (%(count)s playout)", "%(head)s; %(cost)s (%(count)s playouts)",
                              a.playouts) % values
    if a.on_hint:
        values["head"] = COACH.gettext("%(head)s (on a hint)") % values
    if values["why"]:
        return COACH.ngettext("%(head)s; coach: %(choice)s; %(cost)s (%(why)s) (%(count)s playout)",
                              "%(head)s; coach: %(choice)s; %(cost)s (%(why)s) (%(count)s playouts)",
                              a.playouts) % values
    return COACH.ngettext("%(head)s; coach: %(choice)s; %(cost)s (%(count)s playout)",
                          "%(head)s; coach: %(choice)s; %(cost)s (%(count)s playouts)", a.playouts) % values


def seat_line(result: Review, player: int) -> str:
    """A seat's decisions in counts (their costs are not added up: each is measured against the
    coach's choice with medium bots playing on, which the final margin does not add up to)."""
    from ..text.coach import COACH, decimal

    mine = [a for a in result.assessments if a.player == player]
    agreed = sum(a.agreed for a in mine)
    hinted = sum(a.agreed and a.on_hint for a in mine)
    clear = [a for a in mine if a.charged > 0]
    out = COACH.ngettext("%(player)s: %(count)s decision, the coach agrees with %(agreed)s",
                         "%(player)s: %(count)s decisions, the coach agrees with %(agreed)s", len(mine)) % {
        "player": printable(result.players[player]), "count": len(mine), "agreed": agreed}
    if hinted:
        out = COACH.gettext("%(line)s (%(count)s on its hint)") % {"line": out, "count": hinted}
    if clear:
        out = COACH.ngettext("%(line)s; %(count)s clearly cost LP (the largest %(lp)s)",
                             "%(line)s; %(count)s clearly cost LP (the largest %(lp)s)", len(clear)) % {
            "line": out, "count": len(clear), "lp": decimal(max(a.cost for a in clear))}
    return out


def text_lines(result: Review, game: Game, path: str, every: bool = False) -> list[str]:
    from ..text.coach import COACH, uncertainty
    from ..text.narrator import phase_name

    names = result.players
    seats = ", ".join(printable(names[i]) for i in result.seats)
    count = (COACH.ngettext("%(count)s player", "%(count)s players", len(names)) % {"count": len(names)}
             if len(names) > 1 else COACH.gettext("solo"))
    out = [COACH.ngettext("Review of %(file)s: %(players)s; reviewed: %(seats)s; %(count)s decision",
                          "Review of %(file)s: %(players)s; reviewed: %(seats)s; %(count)s decisions",
                          len(result.assessments)) % {"file": printable(path), "players": count, "seats": seats,
                                                      "count": len(result.assessments)}]
    if not game.over:
        out.append(COACH.gettext("(the game is not finished: turn %(turn)s, %(phase)s)")
                   % {"turn": game.state.turn, "phase": phase_name(game.state.phase)})
    out.append(COACH.gettext("Costliest decisions:"))
    listed = [f" {k}. {line_of(a, game, names)}" for k, a in enumerate(result.costliest(3), 1)]
    out += listed or [" " + COACH.gettext("none: the coach agrees with every decision")]
    out += [seat_line(result, i) for i in result.seats]
    if result.deciding_turn is not None:
        d = result.deciding_turn
        values = {"turn": d["turn"], "margin": f"{d['margin']:+d}"}
        out.append((COACH.gettext("Solo: the game was won on turn %(turn)s (%(margin)s LP against the Lich King "
                                  "that turn)") if d["won"] else
                    COACH.gettext("Solo: the game was lost on turn %(turn)s (%(margin)s LP against the Lich King "
                                  "that turn)")) % values)
    if every:
        out.append(COACH.gettext("Every decision:"))
        out += [f" #{a.index + 1} {line_of(a, game, names)}" for a in result.assessments]
    out.append(uncertainty())
    return out


def as_json(result: Review, game: Game, path: str) -> dict[str, Any]:
    """The review as one JSON object; decisions in their JSON form (`to_dict`), as in saves."""
    from ..rules.coach import cards_in
    from ..text.coach import cost_text, cost_why, uncertainty
    from ..text.decisions import decision_text

    def item(a: Assessment) -> dict[str, Any]:
        return {"decision_number": a.index + 1, "player": result.players[a.player], "seat": a.player,
                "turn": a.turn, "kind": a.kind, "decision": a.decision.to_dict(),
                "text": decision_text(a.decision, game, a.before), "coach": a.choice.to_dict(),
                "coach_text": decision_text(a.choice, game, a.before), "agreed": a.agreed, "on_hint": a.on_hint,
                "cost_lp": round(a.cost, 3), "ci95": round(a.error, 3), "constant": a.constant,
                "uncertain": a.uncertain, "cost_text": cost_text(a), "cost_why": cost_why(a), "samples": a.samples,
                "playouts": a.playouts,
                "cards": [{"key": k, "name": n}
                          for k, n in dict.fromkeys(cards_in(a.decision, game) + cards_in(a.choice, game))]}

    return {"file": path, "players": result.players, "seats": [result.players[i] for i in result.seats],
            "finished": game.over, "decisions": [item(a) for a in result.assessments],
            "costliest": [a.index + 1 for a in result.costliest(3)],
            "clear_costs_lp": {result.players[i]: round(result.total(i), 3) for i in result.seats},
            "deciding_turn": result.deciding_turn, "uncertainty": uncertainty()}

"""`papertales replay FILE`: re-play a saved game step by step and check the stored state.

Exit codes: 0 the replay reproduces the stored game, 1 it does not (a decision refused or a
different state), 2 the file cannot be used (missing, damaged, future version, unknown cards).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from . import CLI

_ = CLI.gettext

if TYPE_CHECKING:
    from ..rules import Catalog, Game


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("replay", help=_("re-play a saved game step by step and check its stored state"))
    p.add_argument("file", metavar="FILE", help=_("a save file (e.g. an autosave, or one made with 'save as')"))
    p.add_argument("--quiet", action="store_true", help=_("print only whether the stored state matches"))
    p.add_argument("--reveal", action="store_true",
                   help=_("an unfinished game: show the hands, picks and plans too (by default only what every "
                          "player may see, so that a replay at the table shows no one's cards)"))
    p.set_defaults(run=run)


def run(args: argparse.Namespace, catalog: Catalog) -> int:
    from ..persistence import ReplayError, SaveFileError, iter_replay, read_save_file, state_differences
    from ..text.errors import problem
    from ..text.narrator import NARRATOR, Names, narrate, phase_name
    from . import say

    try:
        save = read_save_file(args.file, catalog)  # the format checks; the replay below is the rest
    except SaveFileError as err:
        say(_("papertales: cannot replay: %(problem)s") % {"problem": problem(err)}, file=sys.stderr)
        return 2
    out = (lambda *a: None) if args.quiet else say
    players = NARRATOR.ngettext("%(count)s player (%(names)s)", "%(count)s players (%(names)s)",
                                len(save.players)) % {"count": len(save.players), "names": ", ".join(save.players)}
    decisions = NARRATOR.ngettext("%(count)s decision", "%(count)s decisions", len(save.decisions)) % {
        "count": len(save.decisions)}
    out(NARRATOR.gettext("Replay of %(file)s: %(players)s, seed %(seed)s, %(decisions)s, saved %(date)s UTC") % {
        "file": args.file, "players": players, "seed": save.seed, "decisions": decisions,
        "date": f"{save.saved_at:%Y-%m-%d %H:%M}"})
    if save.catalog_changed:
        print(NARRATOR.gettext("note: the card data has changed since this game was saved; differences may come "
                               "from that"), file=sys.stderr)
    secret = not save.game.over and not args.reveal  # hands and plans stay hidden until the game is over
    if secret:
        out(NARRATOR.gettext("This game is not finished: only what every player may see is shown (--reveal shows "
                             "all)."))
    game = None
    in_play: dict[int, tuple[int | None, ...]] = {}  # each player's spots before the decision
    try:
        for step in iter_replay(save):
            game = step.game
            names = Names.of(game)
            if step.decision is None:
                out(NARRATOR.gettext("Setup"))
            else:
                out(f"#{step.index} {told(step.decision, game, in_play, secret)}")
            in_play = {i: tuple(u.card if u is not None else None for u in p.slots)
                       for i, p in enumerate(game.state.players)}
            for e in step.events:
                line = narrate(e, names, full=not secret)
                if line:
                    out(f"    {line}")
    except ReplayError as err:
        say(NARRATOR.gettext("MISMATCH: %(problem)s") % {"problem": problem(err)}, file=sys.stderr)
        return 1
    assert game is not None  # the replay starts with the setup
    diffs = state_differences(json.loads(game.to_json()), save.stored_state)
    if diffs:
        print(NARRATOR.gettext("MISMATCH: the stored game differs from what the rules produce:"), file=sys.stderr)
        for d in diffs:
            say(f"  {d}", file=sys.stderr)
        return 1
    where = (NARRATOR.gettext("game over") if game.over else NARRATOR.gettext("turn %(turn)s, %(phase)s")
             % {"turn": game.state.turn, "phase": phase_name(game.state.phase)})
    print(NARRATOR.gettext("OK: the stored state matches the replay (%(decisions)s, %(where)s).")
          % {"decisions": decisions, "where": where})
    return 0


def told(d: dict[str, Any], game: Game, in_play: dict[int, tuple[int | None, ...]], secret: bool) -> str:
    """A replayed decision as a line: "Ann: pick Knight, discard Archer" (the words of the coach and
    the review: text/decisions.py), or only "Ann makes a pick" while the game is secret."""
    from ..rules.decisions import decision_from_dict
    from ..text.decisions import decision_text, public_text
    from ..text.narrator import NARRATOR

    player = d["player"]  # the replay has played it: a seat of the game, a well-formed decision
    decision = decision_from_dict({k: v for k, v in d.items() if k != "player"})
    who = game.state.players[player].name
    if secret:
        return public_text(decision, who)
    return NARRATOR.gettext("%(player)s: %(decision)s") % {
        "player": who, "decision": decision_text(decision, game, in_play.get(player, ()))}

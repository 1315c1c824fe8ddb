"""`papertales replay FILE`: re-play a saved game step by step and check the stored state.

Exit codes: 0 the replay reproduces the stored game, 1 it does not (a decision refused or a
different state), 2 the file cannot be used (missing, damaged, future version, unknown cards).
"""

from __future__ import annotations

import argparse
import json
import sys


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("replay", help="re-play a saved game step by step and check its stored state")
    p.add_argument("file", metavar="FILE", help="a save file (e.g. an autosave, or one made with 'save as')")
    p.add_argument("--quiet", action="store_true", help="print only whether the stored state matches")
    p.add_argument("--reveal", action="store_true",
                   help="an unfinished game: show the hands, picks and plans too (by default only what every "
                        "player may see, so that a replay at the table shows no one's cards)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace, catalog) -> int:
    from ..persistence import ReplayError, SaveFileError, iter_replay, read_save_file, state_differences
    from ..rules.narrator import Names, narrate
    from . import say

    try:
        save = read_save_file(args.file, catalog)  # the format checks; the replay below is the rest
    except SaveFileError as err:
        say(f"papertales: cannot replay: {err}", file=sys.stderr)
        return 2
    out = (lambda *a: None) if args.quiet else say
    out(f"Replay of {args.file}: {len(save.players)} players ({', '.join(save.players)}), seed {save.seed}, "
        f"{len(save.decisions)} decisions, saved {save.saved_at:%Y-%m-%d %H:%M} UTC")
    if save.catalog_changed:
        print("note: the card data has changed since this game was saved; differences may come from that",
              file=sys.stderr)
    secret = not save.game.over and not args.reveal  # hands and plans stay hidden until the game is over
    if secret:
        out("This game is not finished: only what every player may see is shown (--reveal shows all).")
    game = None
    try:
        for step in iter_replay(save):
            game = step.game
            names = Names.of(game)
            if step.decision is None:
                out("Setup")
            else:
                told = public_decision(step.decision, game) if secret else describe_decision(step.decision, game)
                out(f"#{step.index} {told}")
            for e in step.events:
                line = narrate(e, names, full=not secret)
                if line:
                    out(f"    {line}")
    except ReplayError as err:
        say(f"MISMATCH: {err}", file=sys.stderr)
        return 1
    assert game is not None  # the replay starts with the setup
    diffs = state_differences(json.loads(game.to_json()), save.stored_state)
    if diffs:
        print("MISMATCH: the stored game differs from what the rules produce:", file=sys.stderr)
        for d in diffs:
            say(f"  {d}", file=sys.stderr)
        return 1
    where = "game over" if game.over else f"turn {game.state.turn}, {game.state.phase}"
    print(f"OK: the stored state matches the replay ({len(save.decisions)} decisions, {where}).")
    return 0


# ---- readable decisions (events: rules/narrator.py) ----


def _player(game, i) -> str:
    players = game.state.players
    return players[i].name if isinstance(i, int) and 0 <= i < len(players) else f"player {i}"


def _card(game, c) -> str:
    try:
        return game.card(c).name
    except (IndexError, TypeError):
        return f"card {c}"


def _building(game, key) -> str:
    b = game.catalog.buildings.get(key)
    return b.name if b else str(key)


def _slot(s) -> str:
    from ..rules.state import SLOT_NAMES

    return SLOT_NAMES[s] if isinstance(s, int) and 0 <= s < len(SLOT_NAMES) else f"slot {s}"


DECISION_NAMES = {"pick": "a pick", "deploy": "a deployment", "build": "a Construction", "upgrade": "a Construction",
                  "pass": "a Construction", "heal": "a choice of Units to save", "age_target": "an Age token choice"}


def public_decision(d: dict, game) -> str:
    """A decision as the table knows it before the game is over: who decided, not what (what every
    player may see of it is in the events that follow)."""
    return f"{_player(game, d.get('player'))} makes {DECISION_NAMES.get(str(d.get('kind')), 'a decision')}"


def describe_decision(d: dict, game) -> str:
    """One decision as a sentence ("Alice picks Dragon")."""
    who, kind = _player(game, d.get("player")), d.get("kind")
    if kind == "pick":
        extra = f" and discards {_card(game, d['discard'])}" if d.get("discard") is not None else ""
        return f"{who} picks {_card(game, d.get('card'))}{extra}"
    if kind == "deploy":
        placed = [f"{_slot(i)} {_card(game, c)}" for i, c in enumerate(d.get("slots", [])) if c is not None]
        keep = f"; keeps {_card(game, d['keep'])}" if d.get("keep") is not None else ""
        return f"{who} deploys: {', '.join(placed) or 'no Units'}{keep}"
    if kind == "age_target":
        return f"{who} puts the Age tokens on {_slot(d.get('slot'))}"
    if kind == "build":
        return f"{who} builds {_building(game, d.get('building'))} (level {d.get('level')})"
    if kind == "upgrade":
        return f"{who} upgrades {_building(game, d.get('building'))}"
    if kind == "pass":
        return f"{who} builds nothing"
    if kind == "heal":
        return f"{who} heals {', '.join(_slot(s) for s in d.get('slots', [])) or 'nothing'}"
    return f"{who}: {kind} {_fields(d, 'player', 'kind')}"


def _fields(d: dict, *skip: str) -> str:
    return ", ".join(f"{k}={v}" for k, v in d.items() if k not in skip)

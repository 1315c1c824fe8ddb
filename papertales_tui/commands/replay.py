"""`papertales replay FILE`: re-play a saved game step by step and check the stored state.

Exit codes: 0 the replay reproduces the stored game, 1 it does not (a decision refused or a
different state), 2 the file cannot be used (missing, damaged, future version, unknown cards).
"""

from __future__ import annotations

import argparse
import json
import os
import sys


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("replay", help="re-play a saved game step by step and check its stored state")
    p.add_argument("file", metavar="FILE", help="a save file (e.g. an autosave, or one made with 'save as')")
    p.add_argument("--quiet", action="store_true", help="print only whether the stored state matches")
    p.set_defaults(run=run)


def run(args: argparse.Namespace, catalog) -> int:
    try:
        return _run(args, catalog)
    except BrokenPipeError:  # output piped into `head` and the like
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _run(args: argparse.Namespace, catalog) -> int:
    from ..persistence import ReplayError, SaveFileError, iter_replay, load_save, state_differences

    try:
        save = load_save(args.file, catalog)
    except SaveFileError as err:
        print(f"papertales: cannot replay: {err}", file=sys.stderr)
        return 2
    out = (lambda *a: None) if args.quiet else print
    out(f"Replay of {args.file}: {len(save.players)} players ({', '.join(save.players)}), seed {save.seed}, "
        f"{len(save.decisions)} decisions, saved {save.saved_at:%Y-%m-%d %H:%M} UTC")
    if save.catalog_changed:
        print("note: the card data has changed since this game was saved; differences may come from that",
              file=sys.stderr)
    game = None
    try:
        for step in iter_replay(save):
            game = step.game
            out("Setup" if step.decision is None else f"#{step.index} {describe_decision(step.decision, game)}")
            for e in step.events:
                out(f"    {describe_event(e, game)}")
    except ReplayError as err:
        print(f"MISMATCH: {err}", file=sys.stderr)
        return 1
    diffs = state_differences(json.loads(game.to_json()), save.stored_state)
    if diffs:
        print("MISMATCH: the stored game differs from what the rules produce:", file=sys.stderr)
        for d in diffs:
            print(f"  {d}", file=sys.stderr)
        return 1
    where = "game over" if game.over else f"turn {game.state.turn}, {game.state.phase}"
    print(f"OK: the stored state matches the replay ({len(save.decisions)} decisions, {where}).")
    return 0


# ---- readable text ----


def _player(game, i) -> str:
    players = game.state.players
    return players[i].name if isinstance(i, int) and 0 <= i < len(players) else f"player {i}"


def _card(game, c) -> str:
    try:
        return game.card(c).name
    except (IndexError, TypeError):
        return f"card {c}"


def _cards(game, cards) -> str:
    return ", ".join(_card(game, c) for c in cards) or "nothing"


def _building(game, key) -> str:
    b = game.catalog.buildings.get(key)
    return b.name if b else str(key)


def _slot(s) -> str:
    from ..rules.state import SLOT_NAMES

    return SLOT_NAMES[s] if isinstance(s, int) and 0 <= s < len(SLOT_NAMES) else f"slot {s}"


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


def describe_event(e: dict, game) -> str:
    """One engine event as readable text; unknown event types are shown with their fields."""
    t = e.get("type")
    who = _player(game, e.get("player"))
    texts = {
        "game_started": lambda: f"Game started: {', '.join(e.get('players', []))} (seed {e.get('seed')})",
        "turn_started": lambda: f"Turn {e.get('turn')}",
        "cards_dealt": lambda: f"{who} is dealt {_cards(game, e.get('cards', []))}",
        "deck_reshuffled": lambda: f"The discard pile is shuffled into a new deck ({e.get('cards')} cards)",
        "card_picked": lambda: f"{who} takes {_card(game, e.get('card'))}",
        "card_discarded": lambda: f"{who} discards {_card(game, e.get('card'))} ({e.get('reason')})",
        "cards_passed": lambda: f"The remaining cards are passed {e.get('direction')}",
        "kept_card_returned": lambda: f"{who} takes back the kept card {_card(game, e.get('card'))}",
        "unit_unpaid": lambda: f"{who} cannot pay for {_card(game, e.get('card'))}",
        "unit_discarded": lambda: f"{who} discards {_card(game, e.get('card'))} from play",
        "card_kept": lambda: f"{who} keeps {_card(game, e.get('card'))} for the next turn",
        "units_revealed": lambda: f"{who} reveals "
                                  + (", ".join(f"{_card(game, c)} ({_slot(s)})" for s, c in e.get("units", []))
                                     or "no new Units"),
        "unit_replaced": lambda: f"{who}'s {_card(game, e.get('old'))} becomes {_card(game, e.get('new'))} "
                                 f"({e.get('cause')})",
        "shapeshift_failed": lambda: f"{who}'s Shapeshifter finds no Unit",
        "building_upgraded": lambda: f"{who} upgrades {_building(game, e.get('building'))} ({e.get('cause')})",
        "building_built": lambda: f"{who} builds {_building(game, e.get('building'))} level {e.get('level')} "
                                  f"for {e.get('gold')} Gold",
        "construction_passed": lambda: f"{who} builds nothing",
        "age_added": lambda: f"{who}'s {_card(game, e.get('card'))} gets {e.get('amount')} Age "
                             f"({e.get('cause')}; now {e.get('total')})",
        "war_strength": lambda: f"{who} has strength {e.get('strength')}",
        "war": lambda: _war(e, game),
        "lp": lambda: f"{who} {_signed(e.get('amount'))} LP ({e.get('cause')}; now {e.get('total')})",
        "gold": lambda: f"{who} {_signed(e.get('amount'))} Gold ({e.get('cause')}; now {e.get('total')})",
        "unit_saved": lambda: f"{who}'s {_card(game, e.get('card'))} is saved from death",
        "unit_died": lambda: f"{who}'s {_card(game, e.get('card'))} dies (Age {e.get('age')})",
        "units_aged": lambda: f"{who}'s Units age ({', '.join(_slot(s) for s in e.get('slots', [])) or 'none'})",
        # solo games (the Lich King)
        "solo_started": lambda: f"Solo game against the Lich King ({e.get('difficulty')} Lich King cards"
                                + (f": {', '.join(e['lich_cards'])})" if e.get("lich_cards") else ")"),
        "necropolis_revealed": lambda: f"Necropolis card {e.get('name')} is revealed (position {e.get('position')})",
        "underworld_shuffled": lambda: f"The Underworld is shuffled ({e.get('cards')} cards)",
        "underworld_drawn": lambda: f"{who} draws {_cards(game, e.get('cards', []))} from the Underworld",
        "underworld_added": lambda: f"{_cards(game, e.get('cards', []))} go to the Underworld",
        "underworld_bottom": lambda: f"{_cards(game, e.get('cards', []))} go under the Underworld",
        "underworld_discarded": lambda: f"The Underworld is discarded ({len(e.get('cards', []))} cards)",
        "lich_quest": lambda: f"Lich King quest of {e.get('source')}: {len(e.get('matches', []))} matching cards",
        "lich_lp": lambda: f"The Lich King +{e.get('amount')} LP ({e.get('cause')}, {e.get('source')}; "
                           f"now {e.get('total')})",
        "solo_war": lambda: f"War against the {e.get('army')} army: {e.get('strength')} against "
                            f"{e.get('army_strength')}, "
                            + {(True, True): "both win", (True, False): f"{_player(game, 0)} wins",
                               (False, True): "the Lich King wins"}.get(
                                   (e.get("player_won"), e.get("lich_won")), "nobody wins"),
        "time_moved": lambda: f"The Time token moves to position {e.get('position')}",
        "solo_over": lambda: f"Solo game over: {_player(game, 0)} {e.get('player_lp')} LP, the Lich King "
                             f"{e.get('lich_lp')} LP; winner: "
                             + (_player(game, 0) if e.get("winner") == "player" else "the Lich King"),
        "game_over": lambda: "Game over: " + ", ".join(
            f"{_player(game, i)} {lp} LP" for i, lp in enumerate(e.get("scores", [])))
                             + f"; winner: {' and '.join(_player(game, i) for i in e.get('winners', []))}",
    }
    text = texts.get(t)
    try:
        return text() if text else f"{t}: {_fields(e, 'type')}"
    except Exception:  # an event with unexpected fields: show it raw rather than fail the replay
        return f"{t}: {_fields(e, 'type')}"


def _war(e: dict, game) -> str:
    a, b = (e.get("players") or [None, None])[:2]
    sa, sb = (e.get("strengths") or [None, None])[:2]
    text = f"War: {_player(game, a)} ({sa}) against {_player(game, b)} ({sb})"
    if "winners" in e:
        won = e["winners"]
        return text + (f", won by {' and '.join(_player(game, i) for i in won)}" if won else ", nobody wins")
    return text + f", wars won: {e.get('wars_won')}"


def _signed(n) -> str:
    return f"+{n}" if isinstance(n, int) and n >= 0 else str(n)


def _fields(d: dict, *skip: str) -> str:
    return ", ".join(f"{k}={v}" for k, v in d.items() if k not in skip)

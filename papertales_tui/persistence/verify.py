"""Replays: a saved game re-played from its seed and decisions, and compared with its stored state.
A save is trusted only once its replay reproduces it (`verify`)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..rules.engine import Game
from ..rules.errors import IllegalDecision
from ..rules.games import start_of
from ..words import N_, Worded
from .format import Save, SaveFileError


class ReplayError(Worded, Exception):
    """A replay that does not reproduce the stored game: a refused decision or a different state (its
    words: words.py)."""

    def __init__(self, reason: str, **data: Any):
        super().__init__(self.worded(reason, data))

    def __str__(self) -> str:
        return self.told()


@dataclass
class ReplayStep:
    index: int  # 1-based number of the decision; 0 for the setup before any decision
    decision: dict[str, Any] | None
    events: list[dict[str, Any]]  # events this decision caused (for the setup: the opening events)
    game: Game


def iter_replay(save: Save) -> Iterator[ReplayStep]:
    """Re-play the game from its seed: the setup, then each decision with the events it caused.
    Raises ReplayError if a decision is refused or the game cannot be set up again."""
    try:
        game = start_of(save.game)  # (the save's players and seed are its state's: checked as it loads)
    except Exception as exc:  # players, mode or a mode's cards the rules refuse: the file is at fault
        raise ReplayError(f"the game cannot be set up again ({type(exc).__name__}: {exc})") from None
    yield ReplayStep(0, None, list(game.state.log), game)
    for k, d in enumerate(save.decisions, start=1):
        before = len(game.state.log)
        decision = {key: v for key, v in d.items() if key != "player"}
        try:
            game.apply(d["player"], decision)
        except IllegalDecision as err:
            raise ReplayError(N_("decision %(number)s (%(kind)s by %(player)s) was refused: %(problem)s"), number=k,
                              kind=d.get("kind"), player=_name(save, d["player"]), problem=err) from None
        except Exception as exc:  # a decision the engine cannot even check: the file is at fault
            raise ReplayError(N_("decision %(number)s (%(kind)s by %(player)s) cannot be played (%(problem)s)"),
                              number=k, kind=d.get("kind"), player=_name(save, d["player"]),
                              problem=f"{type(exc).__name__}: {exc}") from None
        yield ReplayStep(k, d, game.state.log[before:], game)


def replay_game(save: Save) -> Game:
    """Re-play the game from its seed and decisions; raise ReplayError unless the result equals the
    stored state."""
    game = None
    for step in iter_replay(save):
        game = step.game
    assert game is not None  # the replay starts with the setup
    diffs = state_differences(json.loads(game.to_json()), save.stored_state)
    if diffs:
        raise ReplayError("the stored game differs from what the rules produce: " + "; ".join(diffs))
    return game


# Event fields added since saves were first written: an older save's events lack them, and its replay
# is compared without them.
ADDED_EVENT_FIELDS: dict[str, tuple[str, ...]] = {"war_strength": ("units", "buildings")}


def state_differences(replayed: dict[str, Any], stored: dict[str, Any], limit: int = 5) -> list[str]:
    """Where two states differ, as readable paths (at most `limit`); event fields added since the save
    was written do not count."""
    log, stored_log = replayed.get("log", []), stored.get("log", [])
    replayed = dict(replayed, log=[_as_stored(e, stored_log[k]) if k < len(stored_log) else e
                                   for k, e in enumerate(log)])
    out: list[str] = []
    _diff(replayed, stored, "state", out, limit)
    return out


def _as_stored(replayed: dict[str, Any], stored: dict[str, Any]) -> dict[str, Any]:
    """A replayed event without the fields added since the stored one was written."""
    added = [k for k in ADDED_EVENT_FIELDS.get(str(replayed.get("type")), ()) if k in replayed and k not in stored]
    return {k: v for k, v in replayed.items() if k not in added} if added else replayed


def _diff(a: Any, b: Any, where: str, out: list[str], limit: int) -> None:
    if len(out) >= limit:
        return
    if isinstance(a, dict) and isinstance(b, dict):
        for k in list(a) + [k for k in b if k not in a]:
            if k not in a or k not in b:
                out.append(f"{where}.{k} is {'missing' if k not in b else 'extra'} in the save")
            else:
                _diff(a[k], b[k], f"{where}.{k}", out, limit)
    elif isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            _diff(x, y, f"{where}[{i}]", out, limit)
        if len(a) != len(b) and len(out) < limit:
            out.append(f"{where} has {len(b)} entries in the save, {len(a)} in the replay")
    elif a != b or type(a) is not type(b):
        out.append(f"{where} is {_short(b)} in the save, {_short(a)} in the replay")


def _short(v: Any) -> str:
    text = json.dumps(v)
    return text if len(text) <= 60 else text[:57] + "..."


def _name(save: Save, player: Any) -> str:
    return save.players[player] if isinstance(player, int) and 0 <= player < len(save.players) else f"player {player}"




def verify(save: Save) -> Save:
    """The save, once its replay reproduces the stored state; else SaveFileError "mismatch". This is
    the check every loaded save goes through (`--resume`, Continue, `replay` reports it in detail)."""
    try:
        replay_game(save)
    except ReplayError as err:
        raise SaveFileError(save.path or "save", "mismatch",
                            N_("the saved game is not what its decisions produce (%(problem)s)"), problem=err) from None
    except Exception as exc:  # the rules failed on this file's decisions: not a usable save
        raise SaveFileError(save.path or "save", "mismatch", N_("the saved game cannot be replayed (%(problem)s)"),
                            problem=f"{type(exc).__name__}: {exc}") from None
    return save

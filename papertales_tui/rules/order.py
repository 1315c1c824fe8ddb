"""Player order for abilities that act in several Kingdoms at once (rulebook: most LP first, then
least Gold, then a draw; `Game.player_order`)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .table import Table


def in_order(game: Table, acting: list[int]) -> list[int]:
    """These players in player order, for abilities that touch only their own player's Kingdom: the
    order shows only in the log. So it is only worked out (a seeded draw if tied) when two or more
    act and events are logged: a player with nothing to do changes nothing and logs nothing."""
    if len(acting) < 2 or not game.record_events:  # (what they do touches only their own Kingdom)
        return acting
    return ranked(game, acting)


def gains_in_order(game: Table, gains: list[list[tuple[str, int, int]]]) -> None:
    """Each player's (cause, LP, Gold) gains, player after player in player order."""
    for i in in_order(game, [i for i, g in enumerate(gains) if g]):
        for cause, lp, gold in gains[i]:
            game.gain(i, lp=lp, gold=gold, cause=cause)


def player_order(game: Table) -> list[int]:
    """Most LP first, then least Gold, then a seeded draw (`Game.player_order`)."""
    return ranked(game, list(range(len(game.state.players))))


def ranked(game: Table, players: list[int]) -> list[int]:
    """These players in the order `player_order` gives them; the seeded draw is only made when two
    of them tie (seeding it is slow; its values are fixed, so the order is the same)."""
    s = game.state
    keys = {i: (-s.players[i].lp, s.players[i].gold) for i in players}
    if len(set(keys.values())) == len(players):  # no ties: the draw would not change the order
        return sorted(players, key=keys.__getitem__)
    tiebreak = _tiebreak(game, len(s.players))
    return sorted(players, key=lambda i: (keys[i], tiebreak[i]))


def _tiebreak(game: Table, n: int) -> list[float]:
    """Seeded draws for ties, fixed by the seed and the number of events so far, whether they
    were logged or not (asking does not advance the game's rng); the last ones are remembered,
    as seeding a Random is slow."""
    s = game.state
    key = f"{s.seed}:{len(s.log) + game.unlogged}"  # the events so far, logged or not
    scratch = game.scratch
    if scratch.tiebreak[0] != key or len(scratch.tiebreak[1]) != n:
        draw = random.Random(key)
        scratch.tiebreak = (key, [draw.random() for _ in range(n)])
    return scratch.tiebreak[1]

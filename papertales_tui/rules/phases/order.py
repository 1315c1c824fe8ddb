"""Player order for abilities that act in several Kingdoms at once (rulebook: most LP first, then
least Gold, then a draw; `Game.player_order`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine import Game


def in_order(game: Game, acting: list[int]) -> list[int]:
    """These players in player order, for abilities that touch only their own player's Kingdom: the
    order shows only in the log. So it is only worked out (a seeded draw if tied) when two or more
    act and events are logged: a player with nothing to do changes nothing and logs nothing."""
    if len(acting) < 2 or not game.record_events:  # (what they do touches only their own Kingdom)
        return acting
    return [i for i in game.player_order() if i in acting]


def gains_in_order(game: Game, gains: list[list[tuple[str, int, int]]]) -> None:
    """Each player's (cause, LP, Gold) gains, player after player in player order."""
    for i in in_order(game, [i for i, g in enumerate(gains) if g]):
        for cause, lp, gold in gains[i]:
            game.gain(i, lp=lp, gold=gold, cause=cause)

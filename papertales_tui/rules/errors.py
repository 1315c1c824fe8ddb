"""Errors the rules core raises for refused decisions; each carries the data a program needs.

`IllegalDecision` is the base (a `ValueError`): the game state is left untouched and `str()` gives
the reason in words. A screen or a bot reads the fields (`cost`, `gold`, `expected`…), never the
wording.
"""

from __future__ import annotations


class IllegalDecision(ValueError):
    """A decision the rules refuse. The game state is left untouched; `str()` gives the reason."""


class MalformedDecision(IllegalDecision):
    """Not a decision at all: a field is missing or of the wrong type (like a bad JSON line)."""


class NotPending(IllegalDecision):
    """This player has nothing to decide now (not a seat, already decided, or the game is over)."""

    def __init__(self, player: object):
        super().__init__(f"player {player} has nothing to decide now")
        self.player = player


class NothingToTakeBack(IllegalDecision):
    """This player has no decision to take back (`Game.take_back`): none made in this step, one
    applied at once (an Age-token target), or the step has resolved."""

    def __init__(self, player: object):
        super().__init__(f"player {player} has no decision to take back now")
        self.player = player


class WrongKind(IllegalDecision):
    """A decision of another kind than the step asks for (`expected` lists the kinds accepted)."""

    def __init__(self, expected: tuple[str, ...], got: object):
        super().__init__(f"expected a decision of kind {' or '.join(expected)}, got {got!r}")
        self.expected = expected
        self.got = got


class Unaffordable(IllegalDecision):
    """The new Units cost more Gold than the player has: some must be given up (left unpaid)."""

    def __init__(self, cost: int, gold: int):
        super().__init__(f"these Units cost {cost} Gold and you have {gold}: choose which to give up")
        self.cost = cost
        self.gold = gold


__all__ = ["IllegalDecision", "MalformedDecision", "NotPending", "NothingToTakeBack", "Unaffordable", "WrongKind"]

"""Errors the rules core raises for refused decisions; each carries the data a program needs.

`IllegalDecision` is the base (a `ValueError`): the game state is left untouched. A refusal is typed
data (`words.Worded`): its `reason`, the English sentence with named placeholders (a message of the
catalogs, marked `N_`), and its `data` (the values: numbers, card types, kinds). A screen or a bot
reads the fields (`reason`, `data`, `cost`, `gold`, `expected`…), never the wording. `str()` gives the
reason in words: in English (`english()`), or in the player's language once text/errors.py is loaded
(rules/ does not import text/).
"""

from __future__ import annotations

from typing import Any

from ..words import N_, Worded, english_value, tell_with


def _remade(cls: type[IllegalDecision], reason: str, data: dict[str, Any], fields: dict[str, Any]) -> IllegalDecision:
    err = IllegalDecision.__new__(cls)
    IllegalDecision.__init__(err, reason, **data)
    err.__dict__.update(fields)
    return err


class IllegalDecision(Worded, ValueError):
    """A decision the rules refuse. The game state is left untouched; `str()` gives the reason."""

    def __init__(self, reason: str, **data: Any):
        super().__init__(self.worded(reason, data))

    def __str__(self) -> str:
        return self.told()

    def __reduce__(self) -> tuple[Any, ...]:  # (to a worker process and back: the typed data, not the words)
        return _remade, (type(self), self.reason, self.data, self.__dict__)


class MalformedDecision(IllegalDecision):
    """Not a decision at all: a field is missing or of the wrong type (like a bad JSON line)."""


class NotPending(IllegalDecision):
    """This player has nothing to decide now (not a seat, already decided, or the game is over)."""

    def __init__(self, player: object):
        super().__init__(N_("player %(player)s has nothing to decide now"), player=player)
        self.player = player


class NothingToTakeBack(IllegalDecision):
    """This player has no decision to take back (`Game.take_back`): none made in this step, one
    applied at once (an Age-token target), or the step has resolved."""

    def __init__(self, player: object):
        super().__init__(N_("player %(player)s has no decision to take back now"), player=player)
        self.player = player


class WrongKind(IllegalDecision):
    """A decision of another kind than the step asks for (`expected` lists the kinds accepted)."""

    def __init__(self, expected: tuple[str, ...], got: object):
        super().__init__(N_("expected a decision of kind %(expected)s, got %(got)r"), expected=tuple(expected),
                         got=got)
        self.expected = expected
        self.got = got


class Unaffordable(IllegalDecision):
    """The new Units cost more Gold than the player has: some must be given up (left unpaid)."""

    def __init__(self, cost: int, gold: int):
        super().__init__(N_("these Units cost %(cost)s Gold and you have %(gold)s: choose which to give up"),
                         cost=cost, gold=gold)
        self.cost = cost
        self.gold = gold


__all__ = ["N_", "IllegalDecision", "MalformedDecision", "NotPending", "NothingToTakeBack", "Unaffordable", "WrongKind",
           "english_value",
           "tell_with"]

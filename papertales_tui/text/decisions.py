"""The one describer of decisions: a typed `Decision` in the few words a player reads, the same in
the coach's hints, the review (screen and `papertales review`) and `papertales replay`.

    decision_text(Pick(knight, archer), game)   # "pick Knight, discard Archer"
    f"{who}: {decision_text(decision, game, before)}"  # a line of the replay: "Ann: build Tavern (level 1)"
    public_text(decision, who)                  # "Ann makes a pick" (what the table knows of it)

A deployment names the new Units and the ones moved, from `before` (the cards in the player's spots
before it): "deploy Knight (Front 1), move Rogue to Back 1; keep Archer" ("no new Units"); given the
`hand` too (the coach's hint), what it leaves to be discarded: "; to the discard: Farmer, Hunter (taken out)".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, assert_never

from ..rules.decisions import AgeTarget, Build, Decision, Deploy, Heal, Pass, Pick, Upgrade
from ..rules.state import SLOT_NAMES

if TYPE_CHECKING:
    from ..rules.engine import Game
    from ..rules.observer import SeatView

KIND_NAMES = {"pick": "a pick", "deploy": "a deployment", "build": "a Construction", "upgrade": "a Construction",
              "pass": "a Construction", "heal": "a choice of Units to save", "age_target": "an Age token choice"}


def decision_text(decision: Decision, game: Game | SeatView, before: tuple[int | None, ...] = (),
                  hand: Sequence[int] | None = None) -> str:
    """A decision in a few words ("pick Knight, discard Archer", "build Tavern (level 1)"); a deployment
    with the `hand` it was made from also says which cards it leaves to be discarded."""
    def name(c: int) -> str:
        return game.card(c).name

    match decision:
        case Pick(card=card, discard=discard):
            return f"pick {name(card)}" + (f", discard {name(discard)}" if discard is not None else "")
        case Deploy(slots=slots, keep=keep):
            placed = [f"{name(c)} ({SLOT_NAMES[s]})" for s, c in enumerate(slots) if c is not None and c not in before]
            moved = [f"{name(c)} to {SLOT_NAMES[s]}" for s, c in enumerate(slots)
                     if c is not None and c in before and before.index(c) != s]
            words = f"deploy {', '.join(placed)}" if placed else "no new Units"
            words += f", move {', '.join(moved)}" if moved else ""
            words += f"; keep {name(keep)}" if keep is not None else ""
            if hand is None:
                return words
            gone = [name(c) for c in hand if c not in slots and c != keep]
            gone += [f"{name(c)} (taken out)" for c in before if c is not None and c not in slots]
            return words + (f"; to the discard: {', '.join(gone)}" if gone else "; nothing to the discard")
        case Build(building=b, level=level):
            return f"build {game.catalog.buildings[b].name} (level {level})"
        case Upgrade(building=b):
            return f"upgrade {game.catalog.buildings[b].name}"
        case Pass():
            return "build nothing"
        case AgeTarget(slot=slot):
            return f"Age tokens on {SLOT_NAMES[slot]}"
        case Heal(slots=saved):
            return f"save {', '.join(SLOT_NAMES[s] for s in saved) or 'nobody'}"
        case _:
            assert_never(decision)


def public_text(decision: Decision, who: str) -> str:
    """A decision as the table knows it before the game is over: who decided, not what (what every
    player may see of it is in the events that follow)."""
    return f"{who} makes {KIND_NAMES[decision.kind]}"


__all__ = ["KIND_NAMES", "decision_text", "public_text"]

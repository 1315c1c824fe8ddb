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
from .i18n import N_
from .narrator import NARRATOR, spot

if TYPE_CHECKING:
    from ..rules.engine import Game
    from ..rules.observer import SeatView

_ = NARRATOR.gettext

# What the table knows of a decision before the game is over (public_text), by kind
KIND_NAMES = {"pick": N_("%(player)s makes a pick"), "deploy": N_("%(player)s makes a deployment"),
              "build": N_("%(player)s makes a Construction"), "upgrade": N_("%(player)s makes a Construction"),
              "pass": N_("%(player)s makes a Construction"), "heal": N_("%(player)s makes a choice of Units to save"),
              "age_target": N_("%(player)s makes an Age token choice")}


def decision_text(decision: Decision, game: Game | SeatView, before: tuple[int | None, ...] = (),
                  hand: Sequence[int] | None = None) -> str:
    """A decision in a few words ("pick Knight, discard Archer", "build Tavern (level 1)"); a deployment
    with the `hand` it was made from also says which cards it leaves to be discarded. Its clauses are
    whole messages, joined with ", " and (`_then`) "; "."""
    def name(c: int) -> str:
        return NARRATOR.card_name(game.card(c))

    match decision:
        case Pick(card=card, discard=discard):
            if discard is None:
                return _("pick %(card)s") % {"card": name(card)}
            return _("pick %(card)s, discard %(other)s") % {"card": name(card), "other": name(discard)}
        case Deploy():
            return _deployment(decision, game, before, hand)
        case Build(building=b, level=level):
            return _("build %(building)s (level %(level)s)") % {
                "building": NARRATOR.card_name(game.catalog.buildings[b]), "level": level}
        case Upgrade(building=b):
            return _("upgrade %(building)s") % {"building": NARRATOR.card_name(game.catalog.buildings[b])}
        case Pass():
            return _("build nothing")
        case AgeTarget(slot=slot):
            return _("Age tokens on %(spot)s") % {"spot": spot(slot)}
        case Heal(slots=saved):
            if not saved:
                return _("save nobody")
            return _("save %(spots)s") % {"spots": ", ".join(spot(s) for s in saved)}
        case _:
            assert_never(decision)


def _deployment(decision: Deploy, game: Game | SeatView, before: tuple[int | None, ...],
                hand: Sequence[int] | None) -> str:
    def name(c: int) -> str:
        return NARRATOR.card_name(game.card(c))

    def taken_out(c: int) -> str:
        masculine = NARRATOR.pgettext("masculine", "%(card)s (taken out)")
        feminine = NARRATOR.pgettext("feminine", "%(card)s (taken out)")
        return (feminine if NARRATOR.gender(game.card(c)) == "feminine" else masculine) % {"card": name(c)}

    slots, keep = decision.slots, decision.keep
    placed = [f"{name(c)} ({spot(s)})" for s, c in enumerate(slots) if c is not None and c not in before]
    moved = [_("%(card)s to %(spot)s") % {"card": name(c), "spot": spot(s)} for s, c in enumerate(slots)
             if c is not None and c in before and before.index(c) != s]
    words = _("deploy %(units)s") % {"units": ", ".join(placed)} if placed else _("no new Units")
    words += ", " + _("move %(units)s") % {"units": ", ".join(moved)} if moved else ""
    if keep is not None:
        words = _then(words, _("keep %(card)s") % {"card": name(keep)})
    if hand is None:
        return words
    gone = [name(c) for c in hand if c not in slots and c != keep]
    gone += [taken_out(c) for c in before if c is not None and c not in slots]
    return _then(words, _("to the discard: %(cards)s") % {"cards": ", ".join(gone)} if gone
                 else _("nothing to the discard"))


def _then(words: str, more: str) -> str:
    """Two clauses of a decision, as the language separates them ("deploy Knight (Front 1); keep Archer")."""
    return _("%(words)s; %(more)s") % {"words": words, "more": more}


def public_text(decision: Decision, who: str) -> str:
    """A decision as the table knows it before the game is over: who decided, not what (what every
    player may see of it is in the events that follow)."""
    return NARRATOR.marked(KIND_NAMES[decision.kind]) % {"player": who}


__all__ = ["KIND_NAMES", "decision_text", "public_text"]

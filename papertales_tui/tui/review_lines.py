"""A reviewed decision in one line, as the coach's review lists it (the review screen, tui/screens/review.py,
and a seat's page for a phone, phone/render.py, show the same words): not a screen, so both may read it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text

from ..rules import SeatView
from .language import SCREENS

if TYPE_CHECKING:  # the coach loads when a review starts
    from ..rules.coach import Assessment

_ = SCREENS.gettext


def assessment_line(a: Assessment, names: Sequence[str], view: SeatView) -> Text:
    """`T2 Ann: pick Archer · coach: Mine · -3 LP (40 playouts)`, the coach's choice in bold."""
    from ..text.coach import cost_text, cost_why
    from ..text.decisions import decision_text

    head = _("T%(turn)s %(name)s: %(decision)s") % {"turn": a.turn, "name": names[a.player],
                                                    "decision": decision_text(a.decision, view, a.before)}
    words = {"head": head, "cost": cost_text(a), "count": a.playouts}
    if a.agreed:
        return Text(SCREENS.ngettext("%(head)s · %(cost)s (%(count)s playout)",
                                     "%(head)s · %(cost)s (%(count)s playouts)", a.playouts) % words)
    if a.on_hint:
        words["head"] = _("%(head)s (on a hint)") % {"head": head}
    choice = decision_text(a.choice, view, a.before)
    words |= {"choice": choice, "why": f" · {cost_why(a)}" if cost_why(a) else ""}
    text = SCREENS.ngettext("%(head)s · coach: %(choice)s · %(cost)s%(why)s (%(count)s playout)",
                            "%(head)s · coach: %(choice)s · %(cost)s%(why)s (%(count)s playouts)", a.playouts) % words
    out = Text(text)
    at = text.find(choice, len(head))
    if at >= 0:  # the coach's choice in bold
        out.stylize("bold", at, at + len(choice))
    return out

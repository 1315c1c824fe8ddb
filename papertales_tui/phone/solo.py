"""The phone page's side of a solo game (the Lich King's Necropolis row, armies and LP): the solo mode's
own module for the page, as tui/solo_panels.py is for the screens (tests/test_solo_checks.py)."""

from __future__ import annotations

from typing import Any

from ..rules import SeatView
from ..text.glyphs import LP
from ..tui.board_i18n import SCREENS

_ = SCREENS.gettext
def solo(view: SeatView) -> dict[str, Any] | None:
    """The Lich King's side of a solo game (Necropolis row, armies, LP), when the view has one."""
    from ..rules.solo import SoloView
    from ..text.solo import necropolis

    sv = view.mode_view
    if isinstance(sv, dict):  # (the protocol's view carries the mode's side as its JSON form: read it back)
        from pydantic import TypeAdapter, ValidationError

        try:
            sv = TypeAdapter(SoloView).validate_python(sv)
        except ValidationError:
            return None
    if not isinstance(sv, SoloView):
        return None
    row = []
    for n, key in enumerate(sv.row):
        name = view.catalog.necropolis[key].name if key is not None and key in view.catalog.necropolis else "▒"
        row.append({"label": necropolis(n), "name": name, "time": TIME if n == sv.time else ""})
    armies = ""
    if sv.armies is not None:
        armies = _("Armies: Black %(black)s · Purple %(purple)s") % {"black": sv.armies[0], "purple": sv.armies[1]}
    return {"lp": sv.lich_lp, "row": row, "armies": armies, "necropolis": _("Necropolis"),
            "legend": _("%(time)s Time token · B/P: Black/Purple army · ▒ face down · %(lp)sn each: quest LP") % {
                "time": TIME, "lp": LP}}



TIME = "►"  # the Time token, before the card it is on (as tui/views.py draws it)

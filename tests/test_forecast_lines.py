"""The deployment forecast's LP line keeps its items when the full line is too long (QA playtest, solo
at 4 Lich King cards, turn 3: "LP this turn ★2-10" alone, nothing said of where the LP would come from)."""

from __future__ import annotations

from papertales_tui.rules import forecast as fc
from papertales_tui.tui.screens.deploy import lp_line


def forecast(lp, uncertain=()) -> fc.TurnForecast:
    return fc.TurnForecast(after=None, strength=9, parts=(), wars=(), cost=0, gold_left=0, unpaid=(), income=2,
                           war_gold=(0, 0), resources={}, constructions=(), dying=(), healable=(), lp=lp,
                           uncertain=uncertain)


def test_the_lp_items_stay_when_the_full_line_is_too_long():
    f = forecast((("War vs Black army", 0, 3), ("War vs Purple army", 0, 3), ("Temple", 2, 2), ("Commander", 0, 2)),
                 ("the next Necropolis card (face down)",))
    line = lp_line(f, 78).plain
    assert len(line) <= 78
    assert line == "LP ★2-10: vs Black army ★0-3, vs Purple army ★0-3, Temple ★2, Commander ★0-2", line
    assert lp_line(f, 120).plain.startswith("LP this turn ★2-10: War vs Black army ★0-3")  # room: the full line
    assert lp_line(f, 0).plain == "LP this turn ★2-10"  # (the total, where Aging and LP share a line)

"""The rules measure a name's width without a terminal library (rules/names.py `cells`): never fewer
cells than Rich, which the screens lay names out with, gives; so a name the rule takes fits."""

from __future__ import annotations

import sys
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len, get_character_cell_size

from papertales_tui.rules.names import MAX_NAME_CELLS, cell, cells, name_problem


def test_no_character_takes_more_cells_on_screen_than_the_rule_counts():
    more = [f"U+{code:04X}" for code in range(sys.maxunicode + 1)
            if not 0xD800 <= code < 0xE000 and cell(chr(code)) < get_character_cell_size(chr(code))]
    assert more == []


@settings(max_examples=300, deadline=None)
@given(st.text(st.characters(exclude_categories=("Cs",)), max_size=30))
def test_no_text_takes_more_cells_on_screen_than_the_rule_counts(text):
    assert cells(text) >= cell_len(text)


def test_the_widths_of_names_the_screens_show():
    assert [cells(n) for n in ("Ann", "李小龍", "Zoe\u0308", "Mehr\u200cnaz", "각", "\u1100\u1161\u11a8")] == [
        3, 6, 3, 7, 2, 2]
    assert cells("Ａｎｎ") == 6 and cell("\u0301") == 0 and cell("👍") == 2 and unicodedata.category("♥") == "So"
    assert name_problem("漢" * (MAX_NAME_CELLS // 2)) is None
    assert "columns on screen" in (name_problem("漢" * (MAX_NAME_CELLS // 2 + 1)) or "")

"""Each mode's screen panels (tui/panels.py): looked up by the view's mode name, the standard ones
for a mode that registered none, a mode's own once registered."""

from __future__ import annotations

from dataclasses import replace

from papertales_tui.rules import new_game, observe
from papertales_tui.tui import panels
from papertales_tui.tui.solo_panels import SoloPanels


def test_a_view_gets_the_panels_of_its_mode(catalog):
    standard = observe(new_game(["Ann", "Bob"], seed=1, catalog=catalog), 0)
    solo = observe(new_game(["Ann"], seed=1, catalog=catalog, mode="solo", difficulty=2), 0)
    assert panels.of(standard) is panels.STANDARD
    assert panels.of(standard).top(standard) == [] and panels.of(standard).final_body(None) is None
    assert isinstance(panels.of(solo), SoloPanels)
    assert [w.id for w in panels.of(solo).top(solo)] == ["necropolis"]
    assert panels.of(solo).quest_lp(solo) == dict(solo.mode_view.quest_lp)


def test_a_new_mode_registers_its_own_panels(catalog):
    class Siege(panels.Panels):
        save_name = "siege"

    view = replace(observe(new_game(["Ann", "Bob"], seed=1, catalog=catalog), 0), mode="siege")
    assert panels.of(view) is panels.STANDARD
    panels.register("siege", Siege())
    try:
        assert panels.of(view).save_name == "siege"
    finally:
        del panels.PANELS["siege"]

"""Defects found by playing the app at 80x24 as a player would: each test fails on the defect."""

from __future__ import annotations

from conftest import goto, new_game
from test_tui_support import SIZE, screen_text

from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.construction import ConstructionScreen, blocked_label


async def test_construction_entries_each_fit_on_one_line(catalog):
    """A fresh Kingdom cannot build most things: each '✗ ... missing ...' entry stays on one line
    (it once wrapped as '✗ Barracks level 2: missing ♣2 wood ✿' / 'food')."""
    game = goto(new_game(3, seed=2), "construction")
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game, ["human"] * 3)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ConstructionScreen)
        assert len(screen.blocked) >= 8
        lines = screen_text(app).splitlines()
        for r in screen.blocked:
            label = blocked_label(game.catalog, r).plain
            assert any(label in line for line in lines), label

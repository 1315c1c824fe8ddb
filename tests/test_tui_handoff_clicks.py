"""The hand-off screen passes only by Enter or by its own button (a Textual Button, drawn as one in a
browser too); a click anywhere else does nothing, during a take-back question too (issue 30, item 1)."""

from __future__ import annotations

from conftest import new_game
from test_tui_support import SIZE, keys_for, screen_text
from textual.widgets import Button

from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.draft import DraftScreen
from papertales_tui.tui.screens.handoff import HandoffScreen


async def test_a_click_away_from_the_button_passes_nothing(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(new_game(2, seed=3), ["human"] * 2)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HandoffScreen)
        button = screen.query_one("#ready", Button)
        assert str(button.label).strip() == "I am P0" and "I am P0" in screen_text(app)
        for offset in ((0, 0), (2, 12), (70, 20), (40, 22)):  # the title, either side of the box, below it
            await pilot.click(offset=offset)
            await pilot.pause()
        await pilot.click("#handoff-text")  # the box's own words: not the button
        await pilot.pause()
        assert app.screen is screen and app.game.state.decisions == []
        await pilot.click("#ready")
        await pilot.pause()
        assert isinstance(app.screen, DraftScreen) and app.screen.player == 0


async def test_a_click_away_confirms_no_take_back(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(new_game(2, seed=3), ["human"] * 2)
        await pilot.pause()
        await pilot.click("#ready")
        await pilot.pause()
        for key in keys_for(app):  # P0 picks
            await pilot.press(key)
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HandoffScreen) and screen.pend.player == 1
        await pilot.press("u")  # the take-back question: the screen goes back to P0
        await pilot.pause()
        assert str(screen.query_one("#ready", Button).label).strip() == "I am P0"
        await pilot.click(offset=(1, 10))
        await pilot.click("#handoff-text")
        await pilot.pause()
        assert app.screen is screen and len(app.game.state.decisions) == 1  # nothing taken back
        await pilot.click("#ready")  # P0 says so with the button
        await pilot.pause()
        assert isinstance(app.screen, DraftScreen) and app.screen.player == 0
        assert app.game.state.decisions == []

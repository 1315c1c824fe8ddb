"""Screens say things whole and say what a key does: names not broken across lines in the draft panel,
Enter labelled for what it does on the summary pages."""

from __future__ import annotations

from conftest import deploy, give, goto, new_game
from test_tui_support import SIZE, screen_text, start

from papertales_tui.rules.engine import Game
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.draft import DraftScreen
from papertales_tui.tui.screens.summary import SummaryScreen
from papertales_tui.tui.widgets import KeyBar

LONG_NAMES = ["Alexandrina Long", "Bartholomew Ames", "Cid", "Dorothea Winters", "Ebenezer Scrooge"]


def key_bar(app) -> str:
    return app.screen.query_one(KeyBar).lines[0].plain


def side_panel(text: str) -> list[str]:
    """The lines right of the draft screen's divider."""
    return [line.split("│", 1)[1].strip() for line in text.splitlines() if "│" in line]


async def test_the_draft_panel_keeps_each_player_name_on_one_line(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, LONG_NAMES, seed=3)
        await pilot.press("enter")  # the hand-off
        await pilot.pause()
        assert isinstance(app.screen, DraftScreen)
        panel = side_panel(screen_text(app))
        assert any(line.startswith("Still to pick:") for line in panel)
        for name in LONG_NAMES:  # every player is still to pick, each named whole on some line
            assert any(name in line for line in panel), (name, panel)
        assert any("to Bartholomew Ames" in line for line in panel)  # where the cards go


def five_wars() -> tuple[Game, int]:
    """Five players who each deploy a Unit: the reveal and its five Wars fill two pages at 80x24.
    Returns the game and the log index before the reveal."""
    game = goto(new_game(5, seed=3), "deploy")
    for p, key in enumerate(["knight", "hunter", "veteran", "cook", "woodcutter"]):
        game.state.players[p].hand.clear()
        give(game, p, [key])
    before = len(game.state.log)
    for p in range(5):
        deploy(game, p, {0: game.state.players[p].hand[0]})
    return game, before


async def test_enter_is_labelled_next_page_until_the_last_page_then_continue(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game, before = five_wars()
        app.play(game, ["human"] * 5, shown=before)
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SummaryScreen) and len(screen.pages) == 2
        assert "Enter Next page" in key_bar(app) and "Continue" not in key_bar(app)
        assert "Next page (Enter) · page 1 of 2" in screen_text(app)
        await pilot.press("enter")  # turns the page: the same summary, its last page
        await pilot.pause()
        await pilot.pause()
        assert app.screen is screen and screen.page == 1
        assert "Enter Continue" in key_bar(app) and "Next page" not in key_bar(app).replace("Previous page", "")
        assert "Continue (Enter) · page 2 of 2" in screen_text(app)
        await pilot.press("left")  # back: Enter turns the page again
        await pilot.pause()
        await pilot.pause()
        assert screen.page == 0 and "Enter Next page" in key_bar(app)
        await pilot.press("enter", "enter")  # the last page, then on to the next summary
        await pilot.pause()
        assert app.screen is not screen


async def test_enter_pressed_quickly_through_the_pages_leaves_no_error_behind(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game, before = five_wars()
        app.play(game, ["human"] * 5, shown=before)
        await pilot.press("enter", "enter", "enter", "enter")  # each page goes before its refresh comes
        await pilot.pause()
        await pilot.pause()
        assert app.session.scene is not None and app.game.state.step != "deploy"
    assert app.return_code in (None, 0)  # no error raised in a callback after a page had gone

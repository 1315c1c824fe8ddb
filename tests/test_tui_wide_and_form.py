"""Issue 30, item 12: a wider terminal widens the right-hand columns (the draft's, Construction's)
rather than leaving them at their 80-column width; the New game form offers the last table again."""

from __future__ import annotations

from test_tui_support import SIZE, open_new_game, screen_text, start

from papertales_tui.dirs import data_dir
from papertales_tui.persistence.table import TABLE, last_table
from papertales_tui.rules.engine import Game
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.draft import DraftScreen


async def test_at_120x40_the_draft_column_uses_the_width(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.play(Game.new(["Player 1", "Player 2", "Player 3"], seed=1, catalog=catalog), ["human"] * 3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, DraftScreen)
        info = app.screen.query_one("#draft-info")
        assert info.outer_size.width == 120 * 2 // 5  # not 34
        assert "Passing: left → the rest goes to Player 2" in screen_text(app)  # one line, not wrapped
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:  # 80 columns: as before
        await pilot.pause()
        app.play(Game.new(["Player 1", "Player 2", "Player 3"], seed=1, catalog=catalog), ["human"] * 3)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.query_one("#draft-info").outer_size.width == 34


async def test_the_new_game_form_offers_the_last_table_again(catalog):
    app = PaperTalesApp(catalog, autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await open_new_game(pilot, app)
        app.screen.query_one("#count").value = 3
        await pilot.pause()
        app.screen.query_one("#seat-1").value = "bot:hard"
        await start(pilot, app, ["Ann", "Ben", "Cid"], seed=4)
        assert app.game is not None
    assert last_table() is not None
    app = PaperTalesApp(catalog, autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("down")  # past "Resume the last game"
        await pilot.pause()
        app.new_game()
        await pilot.pause()
        form = app.screen
        assert form.query_one("#count").value == 3
        assert [form.query_one(f"#name-{i}").value for i in range(3)] == ["Ann", "Ben", "Cid"]
        assert [form.query_one(f"#seat-{i}").value for i in range(3)] == ["human", "bot:hard", "human"]


async def test_an_unreadable_last_table_leaves_the_form_as_it_was(catalog):
    (data_dir() / TABLE).write_text('{"mode": "hotseat", "names": ["\\u001b[31mEvil"], "seats": ["human"]}')
    assert last_table() is None  # a name the form would refuse
    (data_dir() / TABLE).write_text("not json")
    assert last_table() is None
    app = PaperTalesApp(catalog, autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await open_new_game(pilot, app)
        assert app.screen.query_one("#name-0").value == "Player 1"

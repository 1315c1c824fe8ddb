"""The app around a game: bot seats, autosave and resume, NO_COLOR."""

from __future__ import annotations

from test_tui_support import SIZE, keys_for, screen_text

from papertales_tui import persistence
from papertales_tui.rules.engine import Game
from papertales_tui.tui import seats
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.final import FinalScreen
from papertales_tui.tui.screens.handoff import BotScreen, HandoffScreen
from papertales_tui.tui.screens.title import TitleScreen


async def test_a_human_against_a_bot_plays_to_the_end(catalog):
    assert ("Bot (easy)", "bot:easy") in seats.seat_options()
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.start_game(["Ann", "Robot"], ["human", "bot:easy"], seed=9)
        for _ in range(400):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, FinalScreen):
                break
            assert not isinstance(screen, HandoffScreen)  # one human: nobody to hide the screen from
            if isinstance(screen, BotScreen):
                await pilot.pause(0.02)
                continue
            await pilot.press(*keys_for(app))
        assert isinstance(app.screen, FinalScreen)
    game = app.game
    assert game.over
    bot_moves = [d for d in game.state.decisions if d["player"] == 1]
    assert len([d for d in bot_moves if d["kind"] == "pick"]) == 16 and len(bot_moves) >= 20


async def test_autosave_after_each_decision_and_resume(catalog, tmp_path, monkeypatch):
    monkeypatch.setenv(persistence.DATA_DIR_ENV, str(tmp_path))
    app = PaperTalesApp(catalog, autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.start_game(["Ann", "Ben"], ["human", "human"], seed=5)
        await pilot.pause()
        await pilot.press("enter", "enter", "down", "enter")  # Ann: hand-off, pick, discard
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.pend.player == 1
    save = persistence.load_autosave(catalog=catalog)
    assert save.decisions == app.game.state.decisions and len(save.decisions) == 1
    assert save.settings == {"seats": ["human", "human"]}

    resumed = PaperTalesApp(catalog, save=save)  # papertales --resume
    async with resumed.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(resumed.screen, HandoffScreen) and resumed.screen.pend.player == 1
        assert "Pass to Ben" in screen_text(resumed)

    from_title = PaperTalesApp(catalog)  # "Resume the last game" on the title screen
    async with from_title.run_test(size=SIZE) as pilot:
        await pilot.pause()
        title = from_title.screen
        assert isinstance(title, TitleScreen) and "Resume the last game" in screen_text(from_title)
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(from_title.screen, HandoffScreen)
        assert from_title.game.to_json() == Game.from_json(save.game.to_json(), catalog).to_json()


async def test_no_color_keeps_every_meaning_in_glyphs_and_words(catalog, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.no_color
        text = screen_text(app)
        for word in ("¤ Gold", "★ Legend Points", "◷ Age tokens", "⚔ strength", "♣ wood", "✿ food", "◆ ore"):
            assert word in text

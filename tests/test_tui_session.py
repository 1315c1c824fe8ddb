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
        await pilot.press("enter", "enter", "down", "enter", "c")  # Ann: hand-off, pick, discard, confirm
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.pend.player == 1
    save = persistence.load_autosave(catalog=catalog)
    assert save.decisions == app.game.state.decisions and len(save.decisions) == 1
    assert (save.settings.seats, save.settings.hints, save.settings.take_backs, save.settings.coach,
            save.settings.seed_typed) == (["human", "human"], [0, 0], [], None, True)

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


async def test_save_as_asks_before_replacing_and_never_replaces_a_damaged_file(catalog, tmp_path):
    from papertales_tui.tui.screens.modals import Confirm, SaveAsModal

    app = PaperTalesApp(catalog)
    target, bad = tmp_path / "mine.json", tmp_path / "bad.json"
    bad.write_bytes(b'{"format": "papertales-save", "vers')  # a damaged file

    async def save_to(pilot, path, enters: int = 1) -> str:
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SaveAsModal)
        app.screen.query_one("#save-path").value = str(path)
        for _ in range(enters):
            await pilot.press("enter")
            await pilot.pause()
        return str(app.screen.query_one("#dialog-message").render()) if isinstance(app.screen, SaveAsModal) else ""

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.start_game(["Ann", "Ben"], ["human", "human"], seed=5)
        await pilot.pause()
        await save_to(pilot, target)
        assert isinstance(app.screen, HandoffScreen)  # saved and closed
        first = target.read_bytes()
        assert persistence.load_save(target, catalog).decisions == []
        await pilot.press("enter", "enter", "down", "enter", "c")  # Ann picks and discards
        await pilot.pause()
        text = await save_to(pilot, target)
        assert isinstance(app.screen, Confirm) and target.read_bytes() == first  # asked first
        await pilot.press("y")  # confirmed: a good save file is replaced
        await pilot.pause()
        assert not isinstance(app.screen, SaveAsModal)
        assert persistence.load_save(target, catalog).decisions == app.game.state.decisions
        await save_to(pilot, bad)
        await pilot.press("y")
        await pilot.pause()
        text = str(app.screen.query_one("#dialog-message").render())
        assert "Not saved: will not replace this file, it is not a good save file" in text
        assert bad.read_bytes() == b'{"format": "papertales-save", "vers'
        app.screen.query_one("#save-path").value = str(tmp_path / "no-such-dir" / "x.json")
        await pilot.press("enter")
        await pilot.pause()
        assert "Not saved: cannot write" in str(app.screen.query_one("#dialog-message").render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)


async def test_continue_never_resumes_a_finished_game(catalog, tmp_path, monkeypatch):
    from papertales_tui.rules.random_play import play_random_game

    monkeypatch.setenv(persistence.DATA_DIR_ENV, str(tmp_path))
    finished = play_random_game(["Ann", "Ben"], seed=3)
    persistence.autosave(finished, {"seats": ["human", "human"]})
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "See the last game's final scores (it is finished)" in text and "Continue" not in text
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, FinalScreen)
        text = screen_text(app)
        assert "already finished" in text and "Final scores" in text
        assert "End of game: Buildings, abilities" in text  # the end-of-game scoring is shown again
        assert app.game.state.decisions == finished.state.decisions  # nothing was played

    resumed = PaperTalesApp(catalog, save=persistence.load_autosave(catalog=catalog))  # papertales --resume
    async with resumed.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(resumed.screen, FinalScreen) and "already finished" in screen_text(resumed)


async def test_continue_offers_the_previous_autosave_when_the_last_is_damaged(catalog, tmp_path, monkeypatch):
    monkeypatch.setenv(persistence.DATA_DIR_ENV, str(tmp_path))
    game = Game.new(["Ann", "Ben"], seed=5, catalog=catalog)
    persistence.autosave(game, {"seats": ["human", "human"]})
    game.apply(0, {"kind": "pick", "card": game.pending()[0].options.cards[0],
                   "discard": game.pending()[0].options.cards[1]})
    persistence.autosave(game, {"seats": ["human", "human"]})
    damaged = persistence.autosave_path()
    damaged.write_bytes(damaged.read_bytes()[:100])
    app = PaperTalesApp(catalog)
    notes: list[str] = []
    shown = app.notify

    def notify(message: str, *args, **kwargs) -> None:  # records the toasts, through the public method
        notes.append(message)
        shown(message, *args, **kwargs)

    monkeypatch.setattr(app, "notify", notify)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Resume the last game (autosave)" in screen_text(app)  # the file cannot be read
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.game.state.decisions == []
        assert any("the file ends too early" in n and "the previous autosave (turn 1)" in n for n in notes)
    assert len(damaged.read_bytes()) == 100  # left as it is

"""Take-back in the app, at 80x24 without colour: a pick or a confirmed deployment can be taken back
from the hand-off screen, until the next player accepts it; never once the step was resolved."""

from __future__ import annotations

from conftest import give, goto, new_game
from test_tui_support import SIZE, screen_text

from papertales_tui import persistence
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.deploy import DeployScreen
from papertales_tui.tui.screens.draft import DraftScreen
from papertales_tui.tui.screens.handoff import HandoffScreen


async def press(pilot, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


async def test_take_back_a_pick_before_the_next_player_accepts(catalog, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(new_game(3, seed=3), ["human"] * 3)
        await press(pilot, "enter")  # P0 accepts the hand-off
        assert isinstance(app.screen, DraftScreen) and app.screen.player == 0
        first = app.screen.cards[0]
        await press(pilot, "enter")  # picks the first card
        assert isinstance(app.screen, HandoffScreen) and app.screen.pend.player == 1
        text = screen_text(app)
        assert "P0: press u to take back your pick" in text and "u Take back" in text
        assert app.game.state.decisions[0]["card"] == first
        await press(pilot, "u")
        assert isinstance(app.screen, DraftScreen) and app.screen.player == 0  # straight back to P0
        assert app.game.state.decisions == [] and first in app.screen.cards
        await press(pilot, "down", "enter")  # another card this time
        assert app.game.state.decisions[0]["card"] != first
        await press(pilot, "enter")  # P1 accepts: too late to take back
        assert isinstance(app.screen, DraftScreen) and app.screen.player == 1
        await press(pilot, "enter")  # P1 picks: P0's pick can no longer be taken back, P1's can
        assert "P1: press u to take back your pick" in screen_text(app)
        await press(pilot, "enter", "enter")  # P2 picks: the round is resolved, the cards passed on
        assert isinstance(app.screen, HandoffScreen) and app.screen.pend.player == 0
        assert "take back" not in screen_text(app)
        await press(pilot, "u")
        assert isinstance(app.screen, HandoffScreen) and len(app.game.state.decisions) == 3


async def test_take_back_a_confirmed_deployment(catalog, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = goto(new_game(2, seed=1), "deploy")
        give(game, 0, ["knight", "archer"])
        give(game, 1, ["knight"])
        app.play(game, ["human", "human"])
        await press(pilot, "enter")
        assert isinstance(app.screen, DeployScreen)
        await press(pilot, "1", "c")  # Knight in F1, confirmed
        assert isinstance(app.screen, HandoffScreen) and app.screen.pend.player == 1
        assert "P0: press u to take back your deployment" in screen_text(app)
        await press(pilot, "u")
        assert isinstance(app.screen, DeployScreen) and app.screen.player == 0
        assert app.game.players[0].submitted is None and app.game.state.decisions == []
        await press(pilot, "c")  # deploys nothing this time
        assert app.game.state.decisions[-1]["slots"] == [None] * 5
        await press(pilot, "enter", "c")  # P1 confirms too: the Units are revealed
        assert not isinstance(app.screen, HandoffScreen)
        assert "take back" not in screen_text(app)


async def test_the_autosave_follows_a_take_back(catalog, tmp_path, monkeypatch):
    monkeypatch.setenv(persistence.DATA_DIR_ENV, str(tmp_path))
    app = PaperTalesApp(catalog, autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(new_game(3, seed=3), ["human"] * 3)
        await press(pilot, "enter", "enter")  # P0 picks
        assert len(persistence.load_autosave(catalog=catalog).decisions) == 1
        await press(pilot, "u")
        assert persistence.load_autosave(catalog=catalog).decisions == []
        await press(pilot, "down", "enter")
        save = persistence.load_autosave(catalog=catalog)
        assert save.decisions == app.game.state.decisions and len(save.decisions) == 1

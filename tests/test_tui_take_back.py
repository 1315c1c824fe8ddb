"""Take-back in the app, at 80x24 without colour: a pick or a confirmed deployment can be taken back
from the hand-off screen, until the next player accepts it; never once the step was resolved. The
take-back is a hand-off back to that player (Enter: "I am Ann"; Esc: no), announced to the table on
the next hand-off screen and in the log; the decision taken back comes back as it was."""

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
        await press(pilot, "enter", "c")  # picks the first card, confirms
        assert isinstance(app.screen, HandoffScreen) and app.screen.pend.player == 1
        text = screen_text(app)
        assert "P0 may still take back their pick: press u" in text and "u Take back" in text
        assert app.game.state.decisions[0]["card"] == first
        await press(pilot, "u")  # whoever holds the keyboard: the screen asks for P0 first
        assert isinstance(app.screen, HandoffScreen) and app.game.state.decisions[0]["card"] == first
        text = screen_text(app)
        assert "P0 takes back their pick" in text and "Press Enter or the button when only P0 is looking" in text
        assert "Esc: no take-back, back to P1" in text
        await press(pilot, "escape")  # not a take-back after all
        assert "Pass to P1" in screen_text(app) and len(app.game.state.decisions) == 1
        await press(pilot, "u", "enter")  # P0 says so
        assert isinstance(app.screen, DraftScreen) and app.screen.player == 0  # back to P0
        assert app.game.state.decisions == [] and first in app.screen.cards
        assert app.screen.picked == first and "✓ picked" in screen_text(app)  # as it was
        await press(pilot, "u", "down", "enter", "c")  # another card this time
        assert app.game.state.decisions[0]["card"] != first
        assert "P0 took back their pick." in screen_text(app)  # the table is told
        await press(pilot, "f3")
        assert "P0 took back their pick." in screen_text(app)  # and the log says so
        await press(pilot, "escape")
        await press(pilot, "enter")  # P1 accepts: too late to take back
        assert isinstance(app.screen, DraftScreen) and app.screen.player == 1
        await press(pilot, "enter", "c")  # P1 picks: P0's pick can no longer be taken back, P1's can
        text = screen_text(app)
        assert "P1 may still take back their pick" in text and "took back" not in text  # told once
        await press(pilot, "enter", "enter", "c")  # P2 picks: the round is resolved, the cards passed on
        assert isinstance(app.screen, HandoffScreen) and app.screen.pend.player == 0
        assert "take back" not in screen_text(app)
        await press(pilot, "u")
        assert isinstance(app.screen, HandoffScreen) and len(app.game.state.decisions) == 3
        assert "takes back" not in screen_text(app)


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
        assert "P0 may still take back their deployment: press u" in screen_text(app)
        await press(pilot, "u", "enter")
        assert isinstance(app.screen, DeployScreen) and app.screen.player == 0
        assert app.game.players[0].submitted is None and app.game.state.decisions == []
        knight = app.screen.plan.hand[0]
        assert app.screen.plan.slots[0] == knight  # the plan as it was, not reset
        assert "F1 Knight" in screen_text(app)
        await press(pilot, "x", "c", "y")  # deploys nothing this time (y: yes, nothing)
        assert app.game.state.decisions[-1]["slots"] == [None] * 5
        assert "P0 took back their deployment." in screen_text(app)
        await press(pilot, "enter", "c")  # P1 confirms too: the Units are revealed
        assert not isinstance(app.screen, HandoffScreen)
        assert "take back" not in screen_text(app)


async def test_the_autosave_follows_a_take_back(catalog, tmp_path, monkeypatch):
    monkeypatch.setenv(persistence.DATA_DIR_ENV, str(tmp_path))
    app = PaperTalesApp(catalog, autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(new_game(3, seed=3), ["human"] * 3)
        await press(pilot, "enter", "enter", "c")  # P0 picks
        assert len(persistence.load_autosave(catalog=catalog).decisions) == 1
        await press(pilot, "u", "enter")
        save = persistence.load_autosave(catalog=catalog)
        assert save.decisions == [] and save.settings.take_back_list() == [[len(app.game.state.log), 0, "pick"]]
        await press(pilot, "u", "down", "enter", "c")
        save = persistence.load_autosave(catalog=catalog)
        assert save.decisions == app.game.state.decisions and len(save.decisions) == 1

"""No stray key decides: Enter pressed once too often, held down, or a confirming key pressed twice
never starts or replaces a game, deploys nothing, puts Age tokens, or replaces a saved file. Each
of those steps needs a key of its own (c after Enter for a choice, y for a yes, Ctrl+S to start)."""

from __future__ import annotations

import random

import pytest
from conftest import give, goto, new_game
from test_tui_support import SIZE, screen_text

from papertales_tui import persistence
from papertales_tui.rules import random_decision
from papertales_tui.rules.games import new_game as new_any_game
from papertales_tui.rules.random_play import play_random_game
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.deploy import DeployScreen
from papertales_tui.tui.screens.draft import DraftScreen
from papertales_tui.tui.screens.final import FinalScreen
from papertales_tui.tui.screens.handoff import HandoffScreen
from papertales_tui.tui.screens.modals import Confirm, SaveAsModal
from papertales_tui.tui.screens.newgame import NewGameScreen


async def press(pilot, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


@pytest.mark.parametrize("solo", [False, True])
async def test_enter_on_the_final_scores_never_leaves_them(catalog, solo):
    if solo:
        game = new_any_game(["Ann"], seed=4, catalog=catalog, mode="solo", difficulty=2)
        rng = random.Random(4)
        while not game.over:
            for pend in game.pending():
                game.apply(pend.player, random_decision(game, pend, rng))
    else:
        game = play_random_game(["Ann", "Ben", "Cid", "Dee", "Eve"], seed=4)
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.show_finished(game, ["human"] * len(game.players))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FinalScreen)
        await press(pilot, *["enter"] * 6)  # past the last page: Enter held down
        assert app.screen is screen and screen.page == screen.pages - 1
        assert "New game (n)" in screen_text(app)  # offered, not focused
        assert not screen.query_one("#again").has_focus
        await press(pilot, "n")  # a key of its own
        assert isinstance(app.screen, NewGameScreen)


@pytest.mark.parametrize("mode", ["hotseat", "solo"])
async def test_enter_held_down_on_the_new_game_form_never_starts_a_game(catalog, mode, tmp_path, monkeypatch):
    monkeypatch.setenv(persistence.DATA_DIR_ENV, str(tmp_path))
    unfinished = new_game(3, seed=1)
    unfinished.apply(0, {"kind": "pick", "card": unfinished.state.players[0].draft[0]})
    persistence.autosave(unfinished, {"seats": ["human"] * 3})  # an unfinished game the form warns of
    app = PaperTalesApp(catalog, autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "enter")  # title: New game
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#mode").value = mode
        await pilot.pause()
        form.query_one("#name-0").focus()
        await press(pilot, *["enter"] * 12)  # through every field and past the last one
        assert app.screen is form and app.session is None  # no game started
        assert form.query_one("#discard").value is False  # the unfinished game is still kept
        assert not form.query_one("#start").has_focus
        await press(pilot, "escape") if app.screen is not form else None  # (a dropdown left open)
        await press(pilot, "ctrl+s")  # the deliberate way
        assert app.session is not None


async def test_a_pick_confirmed_twice_never_deploys_nothing(catalog):
    """One human seat: the last pick's c pressed twice reaches the Deployment, where c with nothing
    placed asks first; Enter (the key held) says no, y says yes."""
    game = goto(new_game(2, seed=1), "deploy")
    give(game, 0, ["knight", "archer"])
    game.state.players[0].gold = 3
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game, ["human", "human"])
        await press(pilot, "enter")  # the hand-off
        assert isinstance(app.screen, DeployScreen)
        await press(pilot, "c", "c", "enter")  # a bounce: nothing is decided
        assert isinstance(app.screen, DeployScreen) and game.state.decisions == []
        await press(pilot, "c")
        assert isinstance(app.screen, Confirm)
        assert "Deploy no new Unit? 2 cards of your hand go to the discard." in screen_text(app)
        await press(pilot, "n")
        assert isinstance(app.screen, DeployScreen) and game.state.decisions == []
        await press(pilot, "1", "c")  # a Unit placed: c confirms at once
        assert game.state.decisions and isinstance(app.screen, HandoffScreen)


async def test_deploying_nothing_on_purpose_takes_y(catalog):
    game = goto(new_game(2, seed=1), "deploy")
    give(game, 0, ["knight"])
    game.state.players[0].gold = 3
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game, ["human", "human"])
        await press(pilot, "enter", "c", "y")
        assert game.state.decisions[0]["slots"] == [None] * 5 and isinstance(app.screen, HandoffScreen)


async def test_a_saved_file_is_replaced_only_with_y(catalog, tmp_path):
    target = tmp_path / "mine.json"
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.start_game(["Ann", "Ben"], ["human", "human"], seed=5)
        await pilot.pause()
        persistence.save_as(play_random_game(["Cy", "Di"], seed=2), target)  # another game's save
        first = target.read_bytes()
        await press(pilot, "enter", "enter", "down", "enter", "c")  # Ann picks and discards
        await press(pilot, "ctrl+s")
        app.screen.query_one("#save-path").value = str(target)
        await press(pilot, "enter", "enter")  # Enter pressed twice: asked, then no
        assert isinstance(app.screen, SaveAsModal) and target.read_bytes() == first
        assert "already exists" in screen_text(app)
        await press(pilot, "enter")
        assert isinstance(app.screen, Confirm)
        assert "mine.json already exists. Replace it with this game?" in screen_text(app)
        await press(pilot, "y")
        assert not isinstance(app.screen, (SaveAsModal, Confirm))
        assert persistence.load_save(target, catalog).decisions == app.game.state.decisions
        assert isinstance(app.screen, (HandoffScreen, DraftScreen))

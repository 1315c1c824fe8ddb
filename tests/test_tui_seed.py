"""The seed deals every hidden card: the screens show it during play only when a player typed it on
the New game form (then everyone knew it already), otherwise only once the game is over. Whether it
was typed is kept in the save (`settings.seed_typed`); a save without it shows it only at the end."""

from __future__ import annotations

import json

from test_tui_support import SIZE, open_new_game, screen_text

from papertales_tui.persistence import load_save
from papertales_tui.rules import new_game, random_decision
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.info import LogScreen, ScoreboardScreen
from papertales_tui.tui.session import Session


async def start_without_seed(pilot, app: PaperTalesApp) -> None:
    await open_new_game(pilot, app)
    screen = app.screen
    screen.query_one("#count").value = 3
    await pilot.pause()
    for i, name in enumerate(["Ann", "Ben", "Cid"]):
        screen.query_one(f"#name-{i}").value = name
    await pilot.press("ctrl+s")  # the seed left empty: a random game
    await pilot.pause()


async def test_a_seed_not_typed_is_not_shown_during_play(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await start_without_seed(pilot, app)
        seed = app.session.game.state.seed
        await pilot.press("f3")
        await pilot.pause()
        text = screen_text(app)
        assert isinstance(app.screen, LogScreen) and "New game: Ann, Ben, Cid." in text
        assert "seed" not in text and str(seed) not in text
        await pilot.press("f4")
        await pilot.pause()
        text = screen_text(app)
        assert isinstance(app.screen, ScoreboardScreen) and "Turn 1/4" in text
        assert "seed" not in text and str(seed) not in text
        assert str(seed) not in app.save_name()
        assert app.session.settings()["seed_typed"] is False


async def test_a_typed_seed_is_shown_and_kept_with_the_game(catalog, tmp_path):
    from test_tui_support import start

    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, ["Ann", "Ben", "Cid"], seed=498713)
        await pilot.press("f4")
        await pilot.pause()
        assert "seed 498713" in screen_text(app)
        assert "498713" in app.save_name()
        assert app.save_as(str(tmp_path / "typed.json")) is None
    save = load_save(tmp_path / "typed.json", catalog)
    assert save.settings.seed_typed is True
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.resume(save)
        await pilot.pause()
        assert app.session.seed_shown
        await pilot.press("f3")
        await pilot.pause()
        assert "New game: Ann, Ben, Cid (seed 498713)." in screen_text(app)


async def test_a_save_that_does_not_say_shows_the_seed_only_at_the_end(catalog, tmp_path):
    """A save written before `seed_typed` (its settings without the key) resumes with the seed hidden."""
    from papertales_tui.persistence import save_as

    game = new_game(["Ann", "Ben"], seed=4242, catalog=catalog)
    save_as(game, tmp_path / "old.json", {"seats": ["human", "human"], "hints": [0, 0]})
    assert "seed_typed" not in json.loads((tmp_path / "old.json").read_text())["settings"]
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.resume(load_save(tmp_path / "old.json", catalog))
        await pilot.pause()
        assert not app.session.seed_shown
        await pilot.press("f4")
        await pilot.pause()
        assert "4242" not in screen_text(app)


def test_the_seed_is_shown_once_the_game_is_over(catalog):
    import random

    game = new_game(["Ann", "Ben"], seed=5, catalog=catalog)
    session = Session(game, ["human", "human"])
    assert not session.seed_shown
    rng = random.Random(5)
    while not game.over:
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    assert session.seed_shown

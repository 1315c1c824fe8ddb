"""The pages between decisions: one chapter a page, F4 as of the page, the same order in solo and
hot-seat games, the title of a decision after the reveal, and toasts that do not stack."""

from __future__ import annotations

from conftest import give, goto, new_game, put
from test_tui_support import SIZE, open_new_game, screen_text

from papertales_tui.rules.random_play import random_decision
from papertales_tui.rules.solo import SoloGame
from papertales_tui.tui import flow
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.info import ScoreboardScreen
from papertales_tui.tui.screens.summary import SummaryScreen, render_reveal
from papertales_tui.tui.session import Summary


async def press(pilot, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await pilot.pause()


def row(text: str, name: str) -> list[str]:
    return next(line.split() for line in text.splitlines() if line.split()[:1] == [name])


async def test_scores_on_the_wars_page_are_those_of_the_wars(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = goto(new_game(2, seed=1), "deploy")
        give(game, 0, ["knight"])
        app.play(game, ["human", "human"])
        await press(pilot, "enter", "1", "c", "enter", "c")  # P0: a Knight; P1: nothing
        assert isinstance(app.screen, SummaryScreen) and "Reveal & Wars" in app.screen.title_text
        page = app.session.scene
        assert isinstance(page, Summary) and page.chapters[0][0] == "reveal"
        lp, gold, _ = flow.totals_at(app.game.state.log, page.as_of)
        assert gold[0] != app.game.players[0].gold  # Income is already in the game, not on this page
        await press(pilot, "f4")
        assert isinstance(app.screen, ScoreboardScreen)
        text = screen_text(app)
        assert "Turn 1/4 · after Reveal & Wars" in text and "Income" not in text
        assert row(text, "P0")[1:3] == [f"★{lp.get(0, 0)}", f"¤{gold[0]}"]
        await press(pilot, "escape", "enter")  # the Income page: now F4 shows the Gold after Income
        assert "Income" in app.screen.title_text
        await press(pilot, "f4")
        text = screen_text(app)
        assert "after Income" in text and row(text, "P0")[2] == f"¤{app.game.players[0].gold}"


def headings(parts: list) -> list[str]:
    return [p.plain.strip() for p in parts if hasattr(p, "plain") and p.plain.startswith("\n")]


def reveal_events(game, seed: int = 1) -> list[dict]:
    import random

    rng = random.Random(seed)
    while game.state.step in ("pick", "deploy"):
        pend = game.pending()[0]
        game.apply(pend.player, random_decision(game, pend, rng))
    return next(events for chapter, events in flow.chapters(game.state.log, 0) if chapter == "reveal")


def test_solo_and_hot_seat_reveal_pages_in_the_same_order():
    hot_seat = headings(render_reveal(game := new_game(3, seed=2), reveal_events(game)))
    solo = headings(render_reveal(game := SoloGame.new(["Ann"], seed=2, difficulty=1), reveal_events(game)))
    common = ["Revealed", "War strength", "Wars", "Won this phase"]

    def order(found: list[str]) -> list[str]:
        return [c for h in found for c in common if h.startswith(c) and not (c == "Wars" and h.startswith("War "))]

    assert order(hot_seat) == order(solo) == common


async def test_time_master_hand_off_says_reveal(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = goto(new_game(2, seed=1), "deploy")
        give(game, 0, ["time_master"])
        put(game, 0, 0, "knight")
        app.play(game, ["human", "human"])
        await press(pilot, "enter", "2", "c", "enter", "c", "enter")  # both deploy, the reveal page
        assert app.game.state.step == "age_target"
        assert "Turn 1/4 · Reveal" in screen_text(app) and "Deployment" not in screen_text(app)


async def test_a_toast_does_not_stack_when_the_key_is_pressed_again(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await open_new_game(pilot, app)
        app.screen.query_one("#name-0").value = ""
        await press(pilot, "ctrl+s", "ctrl+s", "ctrl+s")
        assert screen_text(app).count("Please fix the highlighted fields.") == 1

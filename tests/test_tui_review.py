"""The coach's review screen, opened with r on the final scores (tui/screens/review.py), at 80x24."""

from __future__ import annotations

import asyncio
import time

import pytest
from test_tui_support import SIZE, keys_for, learn_each, screen_text

from papertales_tui.persistence import load_save, save_as
from papertales_tui.rules import coach
from papertales_tui.rules.bots import make_bot
from papertales_tui.rules.engine import Game
from papertales_tui.text import coach as coach_text
from papertales_tui.tui import session as session_module
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.final import FinalScreen
from papertales_tui.tui.screens.review import ReviewScreen


@pytest.fixture
def finished(tmp_path, catalog):
    game = Game.new(["Ann", "Bot"], seed=4, catalog=catalog)
    bots = [make_bot("medium"), make_bot("easy", 1)]
    while not game.over:
        for pend in game.pending():
            game.apply(pend.player, bots[pend.player].choose(game.view(pend.player), pend, catalog))
    return load_save(save_as(game, tmp_path / "done.json", {"seats": ["human", "bot:easy"]}), catalog)


async def test_the_review_lists_the_costliest_decisions_of_the_human_seat(finished, catalog, monkeypatch):
    monkeypatch.setattr(coach, "REVIEW_BUDGET", 2.0)
    app = PaperTalesApp(catalog, save=finished)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, FinalScreen)
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        result = screen.result
        ann = [d for d in finished.decisions if d["player"] == 0]
        assert result is not None and result.seats == [0] and len(result.assessments) == len(ann)
        text = screen_text(app)
        assert "Costliest decisions first" in text and f"Ann: {len(ann)} decisions, the coach agrees with" in text
        assert "Bot:" not in text  # the bot's seat is not reviewed
        assert "95% interval" in text
        worst = result.costliest(1)[0]
        assert coach_text.cost_text(worst) in text
        lines = screen.query_one("#review-lines")
        most = max(range(lines.option_count), key=lambda k: len(screen.cards.get(lines.get_option_at_index(k).id, [])))
        lines.highlighted = most  # the line naming the most cards: every one of them can be opened
        await pilot.pause()
        cards = screen.highlighted_cards()
        assert len(cards) >= 2 and await learn_each(pilot, app, cards) == [key for key, _ in cards]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, FinalScreen)


async def test_escape_stops_the_review(finished, catalog, monkeypatch):
    monkeypatch.setattr(coach, "REVIEW_BUDGET", 600.0)
    app = PaperTalesApp(catalog, save=finished)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert "The coach replays the game" in screen_text(app)
        await pilot.press("escape")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, FinalScreen)


async def test_the_review_progress_holds_on_one_row(finished, catalog, monkeypatch):
    """The line "The coach replays the game: [###...] 7/24 decisions · Esc: stop" fits 80 columns: the bar
    takes the room the words leave."""
    monkeypatch.setattr(coach, "REVIEW_BUDGET", 600.0)
    app = PaperTalesApp(catalog, save=finished)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        for _ in range(200):
            await pilot.pause(0.05)
            if "decisions · Esc: stop" in screen_text(app):
                break
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        status = screen.query_one("#review-status")
        assert "decisions · Esc: stop" in screen_text(app) and status.size.height == 1
        screen.progress(123, 456)  # a long game's figures
        await pilot.pause()
        assert "123/456 decisions · Esc: stop" in screen_text(app) and status.size.height == 1
        await pilot.press("escape")
        await app.workers.wait_for_complete()


async def test_the_review_is_ready_when_the_game_ends(catalog, monkeypatch):
    """3 players, one human: each human decision is assessed in the background while the game goes
    on (a player takes longer over a decision than the coach's half-second search: the test waits
    for it, as a player would take their time), so that the review is on screen within 2 s of the
    final scores."""
    monkeypatch.setattr(session_module, "BACKGROUND_REVIEW", True)
    # A short search per decision: what is timed is the review once the game ends (the background
    # worker is niced, and the suite keeps every core busy: at 0.5 s each the game took minutes).
    monkeypatch.setattr(session_module, "REVIEW_EACH", 0.05)
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(["Ann", "Bob", "Cy"], ["human", "bot:easy", "bot:easy"], seed=12)
        await pilot.pause()
        for _ in range(1000):
            if isinstance(app.screen, FinalScreen):
                break
            background = app.session.coach
            while background is not None and background.pending():  # the player thinks
                await asyncio.sleep(0.05)
            await pilot.press(*keys_for(app))
            await pilot.pause()
        background = app.session.coach
        assert background is not None and background.tasks  # Ann's decisions went to the background
        started = time.monotonic()
        await pilot.press("r")
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        while screen.result is None and time.monotonic() - started < 30:
            await asyncio.sleep(0.02)
        elapsed = time.monotonic() - started
        assert screen.result is not None
        assert elapsed <= 2.0, f"the review took {elapsed:.1f} s"
        made = background.results()  # every decision reviewed was assessed in the background
        assert screen.result.assessments == [made[k] for k in sorted(made)] and len(made) >= 16
    assert background.closed and background.pool is None  # the app stopped its process


async def test_a_resumed_game_is_assessed_in_the_background_too(finished, catalog, monkeypatch):
    monkeypatch.setattr(session_module, "BACKGROUND_REVIEW", True)
    monkeypatch.setattr(session_module, "REVIEW_EACH", 0.05)  # (quick searches: the test waits for them)
    app = PaperTalesApp(catalog, save=finished)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, FinalScreen)
        background = app.session.coach
        assert background is not None and background.past  # Ann's decisions, made before it was opened
        for _ in range(1200):
            if not background.pending():
                break
            await asyncio.sleep(0.1)
        made = background.results()
        await pilot.press("r")
        screen = app.screen
        for _ in range(200):
            if screen.result is not None:
                break
            await asyncio.sleep(0.05)
        ann = [k for k, d in enumerate(finished.decisions) if d["player"] == 0]
        assert screen.result is not None and [a.index for a in screen.result.assessments] == sorted(made)
        assert set(made) <= set(ann) and screen.result.assessments == [made[k] for k in sorted(made)]
    assert background.closed

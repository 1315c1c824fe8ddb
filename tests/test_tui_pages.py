"""The pages between decisions: F4 as of the page on screen, the title of a decision after the reveal,
and toasts that do not stack."""

from __future__ import annotations

from conftest import give, goto, new_game, put
from test_tui_support import SIZE, open_new_game, screen_text

from papertales_tui.tui import chapters
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.info import ScoreboardScreen
from papertales_tui.tui.screens.summary import SummaryScreen
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
        lp, gold, _ = chapters.totals_at(app.game.state.log, page.as_of)
        assert gold[0] != app.game.players[0].gold  # Income is already in the game, not on this page
        await press(pilot, "f4")
        assert isinstance(app.screen, ScoreboardScreen)
        text = screen_text(app)
        assert "Turn 1/4 · after Reveal & Wars" in text and "Income" not in text
        assert row(text, "P0")[1:3] == [f"★{lp.get(0, 0)}", f"¤{gold[0]}"]
        await press(pilot, "f3")  # the log, too, ends with this page
        assert "(income)" not in screen_text(app) and "Knight" in screen_text(app)
        await press(pilot, "escape", "enter")  # the Income page: now F4 shows the Gold after Income
        assert "Income" in app.screen.title_text
        await press(pilot, "f4")
        text = screen_text(app)
        assert "after Income" in text and row(text, "P0")[2] == f"¤{app.game.players[0].gold}"
        await press(pilot, "f3")
        assert "(income)" in screen_text(app)


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


async def test_the_final_scores_fit_80x24_with_one_end_of_game_line_a_player(catalog):
    from textual.containers import VerticalScroll

    from papertales_tui.rules import events as ev
    from papertales_tui.rules.random_play import play_random_game
    from papertales_tui.tui.screens.final import FinalScreen

    game = play_random_game(["Ann", "Ben", "Cid"], seed=1)
    starts = [k for k, e in enumerate(game.state.log) if e["type"] == "turn_started"]
    end = [e for e in ev.known(game.state.log[starts[-1]:]) if isinstance(e, ev.LpChanged) and e.phase == "end"]
    assert len(end) > len(game.players)  # more end-of-game gains than players: one line each is shorter
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.show_finished(game, ["human"] * 3)
        await pilot.pause()
        assert isinstance(app.screen, FinalScreen)
        assert app.screen.query_one("#final", VerticalScroll).max_scroll_y == 0
        text = screen_text(app)
    for i, player in enumerate(game.players):
        mine = [e for e in end if e.player == i]
        if mine:
            line = next(line.split(f"{player.name}: ")[1].strip() for line in text.splitlines()
                        if f"{player.name}: " in line)  # beside the ranking
            assert line.endswith(f"= ★{mine[-1].total}") and line.count("+") + line.count("-") >= len(mine)


async def test_the_final_scores_of_7_players_fit_80x24_on_two_pages_without_kept_cards(catalog):
    """At 7 players the scores and the Kingdoms at the end do not fit one screen: two pages, neither
    scrolls; a card kept on the last turn means nothing any more, so no Kingdom says "1 kept"."""
    from textual.containers import VerticalScroll

    from papertales_tui.rules.random_play import play_random_game
    from papertales_tui.tui.screens.final import FinalScreen

    names = ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus"]
    game = play_random_game(names, seed=1)
    assert any(p.kept is not None for p in game.players)  # a card kept on the last turn
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.show_finished(game, ["human"] + ["bot:easy"] * 6)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FinalScreen)
        final = screen.query_one("#final", VerticalScroll)
        pages = []
        for key in ("right", "left"):
            await pilot.pause()
            assert final.max_scroll_y == 0
            pages.append(screen_text(app))
            await press(pilot, key)
    scores, kingdoms = pages
    assert "Final scores · page 1 of 2" in scores and "Final scores · page 2 of 2" in kingdoms
    assert all(f"{name} " in scores for name in names)  # the ranking
    assert "Kingdoms at the end" in kingdoms and all(f"{p.name} ★{p.lp}" in kingdoms for p in game.players)
    assert "kept" not in kingdoms and "in hand" not in kingdoms

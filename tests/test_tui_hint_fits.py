"""The coach's answer on the deployment board at 80x24 is read whole (issue 30's playtest, QA):
a deployment hint names the Units placed, the moves and the discards, and its why can take two
lines; the panel took at most 4 rows, so the end of the why was cut off while the lists above had
empty rows. And with the hint shown, a refusal ("F3 holds …") took a row from the board, which then
scrolled and cut its rows at the scroll bar."""

from __future__ import annotations

from conftest import give, goto, new_game, put
from test_tui_support import SIZE, screen_text, widget_text

from papertales_tui.rules import coach
from papertales_tui.rules.solo import new_game as new_solo_game
from papertales_tui.text import coach as coach_text
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.deploy import DeployScreen
from papertales_tui.tui.screens.hint import HintPanel

LONG_WHY = ("+2.5 LP in all vs the next best: wins a War against Player 2 in 105 of 120 samples, "
            "+1.0 LP this turn, ¤1 more for next turn, and the last words show: END-OF-WHY")


async def open_hint(pilot, app, monkeypatch) -> DeployScreen:
    monkeypatch.setattr(coach, "HINT_BUDGET", 0.05)
    monkeypatch.setattr(coach_text, "why", lambda found, names: LONG_WHY)
    screen = app.screen
    assert isinstance(screen, DeployScreen)
    screen.hand.focus()
    await pilot.press("h")
    await app.workers.wait_for_complete()
    await pilot.pause()
    assert "Coach: " in widget_text(screen.query_one(HintPanel))
    return screen


async def test_a_long_deployment_hint_is_read_whole_at_80x24(catalog, monkeypatch):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = goto(new_game(2, seed=4), "deploy", turn=2)
        put(game, 0, 0, "salamander", age=1)
        put(game, 0, 1, "giant_snake", age=1)
        put(game, 0, 4, "mystical_healer", age=2)
        give(game, 0, ["golem", "miner", "treefolk", "peddler", "time_master", "golem"])
        app.play(game, ["human", "bot:easy"])
        await pilot.pause()
        screen = await open_hint(pilot, app, monkeypatch)
        text = screen_text(app)
        assert "END-OF-WHY" in text, text  # the why to its last word
        assert screen.hand.shown() == screen.hand.count and screen.spots.shown() == screen.spots.count


async def test_a_refusal_with_the_hint_shown_takes_no_row_from_the_board(catalog, monkeypatch):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = goto(new_solo_game(["Ann"], seed=3, catalog=catalog, difficulty=4), "deploy", turn=4)
        put(game, 0, 0, "necromancer", age=2)
        put(game, 0, 1, "commander", age=1)
        put(game, 0, 3, "blacksmith")
        give(game, 0, ["salamander", "rogue", "woodcutter", "monkey", "knight"])
        app.play(game, ["human"])
        await pilot.pause()
        screen = await open_hint(pilot, app, monkeypatch)
        screen.hand.cursor = 4  # the Knight
        await pilot.press("2")  # F2 holds the Commander: refused, with a reason
        await pilot.pause()
        text = screen_text(app)
        assert "F2 holds Commander" in text, text
        assert screen.spots.shown() == screen.spots.count, text  # the board whole: no row scrolled away
        assert screen.hand.shown() == screen.hand.count, text
        assert "✚save" in text or "✚" not in text  # no row cut at a scroll bar
        assert "END-OF-WHY" in text, text  # the hint whole, the status shortened for it

"""Rows never hidden out of reach (issue 30, item 11): the solo deployment at 80x24 with the coach's
hint on screen shows every card of the hand and the Units taken out; a list given fewer lines than
it has scrolls, with a scroll bar, the cursor always in sight."""

from __future__ import annotations

from conftest import give, goto, put
from rich.text import Text
from test_tui_support import SIZE, screen_text, widget_text
from textual.app import App

from papertales_tui.rules.solo import new_game as new_solo_game
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.deploy import DeployScreen
from papertales_tui.tui.screens.hint import HintPanel
from papertales_tui.tui.widgets import RowList


async def test_the_solo_deployment_with_a_hint_shows_the_whole_hand_at_80x24(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = goto(new_solo_game(["Ann"], seed=3, catalog=catalog, difficulty=3), "deploy", turn=2)
        put(game, 0, 0, "hunter")
        give(game, 0, ["forest_child", "woodcutter", "peddler", "palm_reader", "manticore"])
        app.play(game, ["human"])
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DeployScreen)
        screen.spots.focus()
        await pilot.press("x")  # the Hunter taken out: a sixth row
        screen.hand.focus()
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "Coach: " in widget_text(screen.query_one(HintPanel))
        hand = screen.hand
        assert hand.count == 6 and hand.shown() == 6  # every row in sight
        text = screen_text(app)
        for name in ("Forest Child", "Woodcutter", "Peddler", "Palm Reader", "Manticore", "Hunter"):
            assert name in text, text
        await pilot.press("end")
        await pilot.pause()
        assert hand.cursor == 5 and "taken out" in text
        await pilot.press("h")  # the hint put away: the card details come back
        await pilot.pause()
        assert not screen.query(HintPanel) and screen.texts.get("detail")


class OneList(App[None]):
    def compose(self):
        yield RowList("Hand", id="hand")


async def test_a_list_taller_than_its_room_scrolls_with_a_bar_and_keeps_the_cursor_in_sight():
    app = OneList()
    async with app.run_test(size=(30, 5)) as pilot:  # the title and 4 of its 8 rows
        rows = app.query_one(RowList)
        rows.set_rows([Text(f"card {k}") for k in range(8)], footer=[Text("Kept: nothing")])
        rows.focus()
        await pilot.pause()
        assert rows.shown() == 3  # (the footer stays under the rows)

        def lines() -> list[str]:
            return [line[:29].rstrip() for line in screen_text(app).splitlines()]

        assert lines()[1:4] == ["card 0", "card 1", "card 2"] and lines()[4] == "Kept: nothing"
        strips = app.screen._compositor.render_strips()
        bar = [next(iter(strips[y].crop(29, 30))) for y in range(1, 5)]  # the last column
        assert any(s.style.reverse or s.text.strip() for s in bar[:3])  # the thumb, beside the rows only
        assert not bar[3].text.strip() and not bar[3].style.reverse
        await pilot.press("end")
        await pilot.pause()
        assert rows.cursor == 7 and "card 7" in lines()[1:4]  # the cursor in sight
        await pilot.click(rows, offset=(2, 2))  # the row drawn there, not the third from the top
        await pilot.pause()
        assert rows.cursor == rows.top + 1 and f"card {rows.cursor}" == lines()[2]
        await pilot.press("home")
        await pilot.pause()
        assert lines()[1] == "card 0"

"""The mouse (issue 30, item 10): a card is read by hovering it, without picking it; a click still
picks; a kept card placed by a click on the key bar is no longer kept, and the board says so."""

from __future__ import annotations

from conftest import give, goto, new_game
from test_tui_support import SIZE, screen_text

from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.deploy import DeployScreen
from papertales_tui.tui.screens.draft import DraftScreen
from papertales_tui.tui.widgets import KeyBar, RowList, TextBox


async def deploy_board(pilot, app, keys: list[str]) -> DeployScreen:
    game = goto(new_game(3, seed=1), "deploy")
    give(game, 0, keys)
    app.play(game, ["human"] * 3)
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, DeployScreen)
    return app.screen


def detail(screen: DeployScreen) -> str:
    return "\n".join(line.plain for line in screen.texts.get("detail", []))


async def test_hovering_a_card_shows_its_details_and_picks_nothing(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        screen = await deploy_board(pilot, app, ["knight", "ogre", "farmer"])
        hand = screen.hand
        assert "Knight" in detail(screen)  # the cursor's card
        row = len(hand.header) + 2  # the Farmer's row
        await pilot.hover(hand, offset=(4, row))
        await pilot.pause()
        assert "Farmer" in detail(screen) and "Knight" not in detail(screen)
        assert screen.held is None and hand.cursor == 0 and not screen.plan.history  # nothing picked
        await pilot.hover(screen.info, offset=(2, 0))  # off the lists: the cursor's card again
        await pilot.pause()
        assert "Knight" in detail(screen)
        await pilot.click(hand, offset=(4, row))  # a click still picks
        await pilot.pause()
        assert screen.held == screen.plan.hand[2]


async def test_hovering_a_draft_card_shows_it_without_picking(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        game = new_game(3, seed=1)
        app.play(game, ["human"] * 3)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DraftScreen)
        cards = screen.query_one("#draft-cards", RowList)
        third = game.view(0).card(screen.cards[2]).name
        await pilot.hover(cards, offset=(4, len(cards.header) + 2))
        await pilot.pause()
        assert screen.query_one("#card-detail", TextBox).text.plain.startswith(third)
        assert screen.picked is None and cards.cursor == 0


async def test_a_kept_card_placed_from_the_key_bar_is_no_longer_kept_and_the_board_says_so(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        screen = await deploy_board(pilot, app, ["knight", "farmer"])
        knight = screen.plan.hand[0]
        bar = screen.query_one(KeyBar)

        async def click(action: str) -> None:
            start = next(s for s, _, _, a in bar.spans if a == action)
            await pilot.click(bar, offset=(start, 0))
            await pilot.pause()

        await click("keep")
        assert screen.plan.keep == knight
        await click("place(0)")  # "F1" on the key bar
        assert screen.plan.slots[0] == knight and screen.plan.keep is None
        text = screen_text(app)
        assert "no longer kept" in text and "Kept for next turn: nothing" in text
        await pilot.press("u")  # undo: kept again, out of F1
        await pilot.pause()
        assert screen.plan.keep == knight and screen.plan.slots[0] is None

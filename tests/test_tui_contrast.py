"""Colour: every text the app draws at WCAG AA (4.5:1) on the background it is drawn on, the cursor
and highlighted rows, the header and the key bar included (issue 30, item 9: the red ⚔ on the blue
cursor row was 1.1:1, the gold ¤ 2.1:1, the header 3.8:1, "(Front)" 3.8:1).

The screens are rendered through Pilot and each drawn segment's colours read back as the terminal
gets them (Textual's theme variables resolved, its ANSI colours in truecolour, dim as a blend)."""

from __future__ import annotations

from conftest import give, goto, new_game, put
from test_tui_support import SIZE, open_new_game
from textual.color import Color

from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.contrast import AA, contrast, readable_color, unreadable
from papertales_tui.tui.screens.deploy import DeployScreen
from papertales_tui.tui.screens.hint import HintPanel


def below_aa(app) -> list[str]:
    return [f"{ratio}:1 {text!r} {fg.hex} on {bg.hex}" for ratio, text, fg, bg in
            unreadable(app.screen._compositor.render_strips())]


async def test_every_text_on_the_played_screens_reaches_aa_in_colour(catalog):
    app = PaperTalesApp(catalog)
    seen: dict[str, list[str]] = {}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seen["title"] = below_aa(app)
        await open_new_game(pilot, app)
        seen["new game"] = below_aa(app)
        await pilot.press("escape")
        await pilot.pause()
        game = goto(new_game(3, seed=1), "deploy")
        put(game, 0, 0, "knight")
        give(game, 0, ["ogre", "farmer", "woodcutter"])  # ⚔, ¤, a production with "(Front)"…
        app.play(game, ["human"] * 3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, DeployScreen)
        for k in range(4):  # the cursor (focused) on each card of the hand
            seen[f"deploy, hand row {k}"] = below_aa(app)
            await pilot.press("down")
            await pilot.pause()
        await pilot.press("1")  # a card placed ("→ F1") over a Unit in play
        app.screen.spots.focus()
        await pilot.pause()
        seen["deploy, the spots focused (the hand's cursor blurred)"] = below_aa(app)
        await pilot.press("h")  # the coach's hint panel
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen.query(HintPanel)
        seen["deploy with a hint"] = below_aa(app)
        for key in ("f1", "f2", "f3", "f4"):
            await pilot.press(key)
            await pilot.pause()
            seen[key] = below_aa(app)
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("u", "c")  # nothing new placed: the Confirm dialog
        await pilot.pause()
        seen["confirm dialog"] = below_aa(app)
    assert {k: v for k, v in seen.items() if v} == {}


def test_a_colour_moves_only_as_far_as_aa_needs():
    red, cursor, back = Color.parse("#F4005F"), Color.parse("#0178D4"), Color.parse("#121212")
    assert contrast(red, cursor) < 1.2  # the issue's ⚔ on the cursor row
    for ground in (cursor, back, Color.parse("#FFFFFF"), Color.parse("#E0E0E0")):
        out = readable_color(red, ground)
        assert contrast(out, ground) >= AA
    lifted = readable_color(red, back)
    assert lifted.r > lifted.g and lifted.r > lifted.b  # still a red: no lighter than needed
    assert readable_color(Color.parse("#FFFFFF"), back) == Color.parse("#FFFFFF")  # already readable

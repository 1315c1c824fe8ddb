"""NO_COLOR: every glyph and word stays readable, at WCAG AA contrast (4.5:1) on the background it
is drawn on (Textual's own greys put a red "⚔2" at about 1.5:1)."""

from __future__ import annotations

from conftest import give, goto, new_game
from rich.segment import Segment
from rich.style import Style
from test_tui_support import SIZE
from textual.color import Color

from papertales_tui.tui import text as tx
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.contrast import AA, contrast, readable_grey
from papertales_tui.tui.screens.deploy import DeployScreen


def drawn(app, style: Style, background: Color) -> tuple[Color, Color]:
    """The text and background colours of `style` on `background`, through the app's filters."""
    segments = [Segment("⚔2", style)]
    for f in app.get_line_filters():
        segments = f.apply(segments, background)
    out = segments[0].style
    assert out is not None and out.color is not None
    back = Color.from_rich_color(out.bgcolor) if out.bgcolor is not None else background.monochrome
    return Color.from_rich_color(out.color), back


async def test_no_color_glyphs_reach_aa_contrast_on_every_widget(catalog, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = goto(new_game(3, seed=1), "deploy")
        give(game, 0, ["knight"])
        app.play(game, ["human"] * 3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, DeployScreen)
        styles = [t.spans[0].style if t.spans else t.style for t in
                  (tx.strength(2), tx.lp(3), tx.gold(4), tx.age(1))]
        backgrounds = {w.background_colors[1] for w in app.screen.query("*")} | {app.screen.styles.background}
        assert len(backgrounds) >= 2
        for style in styles:
            for background in backgrounds:
                fg, bg = drawn(app, Style.parse(str(style)), background)
                assert fg.r == fg.g == fg.b  # still grey: no colour under NO_COLOR
                assert contrast(fg, bg) >= AA, (style, background, fg, bg)


def grey(g: int) -> Color:
    return Color(g, g, g)


def xterm_grey(g: int) -> int:
    """The grey a 256-colour terminal draws for grey `g`: the nearest of its palette's greys."""
    palette = [8 + 10 * k for k in range(24)] + [0, 95, 135, 175, 215, 255]
    return min(palette, key=lambda p: abs(p - g))


def test_a_grey_moves_only_as_far_as_aa_needs_even_in_256_colours():
    assert readable_grey(200, 18) == 200  # already readable
    lighter = readable_grey(58, 18)  # grey 237 on 233: the "⚔2" of the issue
    assert contrast(grey(xterm_grey(lighter)), grey(18)) >= AA  # as a 256-colour terminal draws it
    assert lighter < 140  # no lighter than needed (white would do, but greys keep their order)
    for back in range(0, 256, 5):  # every background, each way
        for g in range(0, 256, 15):
            out = readable_grey(g, back)
            assert contrast(grey(xterm_grey(out)), grey(xterm_grey(back))) >= AA or out in (0, 255), (g, back, out)

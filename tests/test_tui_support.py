"""Helpers for the UI tests: read the screen as text, and play decisions with simple key scripts.

(No tests here; the module name only keeps it among the TUI test files.)
"""

from __future__ import annotations

import html
import re

from rich.cells import cell_len

from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.construction import ConstructionScreen
from papertales_tui.tui.screens.deploy import DeployScreen
from papertales_tui.tui.screens.draft import DraftScreen
from papertales_tui.tui.screens.final import FinalScreen
from papertales_tui.tui.screens.handoff import HandoffScreen
from papertales_tui.tui.screens.modals import AgeTargetModal, HealModal, UnpaidModal
from papertales_tui.tui.screens.newgame import NewGameScreen
from papertales_tui.tui.screens.summary import SummaryScreen
from papertales_tui.tui.screens.title import TitleScreen

SIZE = (80, 24)
CHAR_WIDTH = 0.61 * 20  # the width of a cell in the SVG that Rich exports (font size 20)


_SPAN = re.compile(r'<text class="[^"]*" x="([0-9.]+)" y="[0-9.]+" textLength="[0-9.]+" '
                   r'clip-path="url\(#[^)]*-line-(\d+)\)">([^<]*)</text>')


def screen_text(app) -> str:
    """Everything visible on the terminal, as plain text: read back from Textual's public SVG
    screenshot (each span of text stands at its column on its line)."""
    width, height = app.size
    grid = [[" "] * width for _ in range(height)]
    for x, line, text in _SPAN.findall(app.export_screenshot()):
        column = round(float(x) / CHAR_WIDTH)
        for char in html.unescape(text).replace("\xa0", " "):
            if 0 <= column < width and int(line) < height:
                grid[int(line)][column] = char
            column += cell_len(char)
    return "\n".join("".join(row).rstrip() for row in grid)


def widget_text(widget) -> str:
    """A widget's text as it is drawn, its lines joined with spaces (the text of any renderable: a
    `Prose` too, which Textual keeps as a Rich renderable)."""
    lines = [widget.render_line(y).text.replace("\xa0", " ").strip() for y in range(widget.size.height)]
    return " ".join(line for line in lines if line)


def deploy_keys(screen: DeployScreen) -> list[str]:
    """Place the first affordable hand card in the first free spot (if any), then confirm."""
    game, plan = screen.view, screen.plan
    free = [s for s in screen.options.open_slots if plan.slots[s] is None]
    for k, card in enumerate(plan.hand):
        if free and game.card(card).cost <= screen.gold_left():
            return ["down"] * k + [str(free[0] + 1), "c"]
    return ["c"]


def keys_for(app: PaperTalesApp) -> list[str]:
    """A quick legal script for whatever the app asks now."""
    screen = app.screen
    if isinstance(screen, (HandoffScreen, SummaryScreen)):
        return ["enter"]
    if isinstance(screen, DraftScreen):
        return ["enter", "down", "enter", "c"] if screen.with_discard else ["enter", "c"]
    if isinstance(screen, DeployScreen):
        return deploy_keys(screen)
    if isinstance(screen, ConstructionScreen):
        return ["enter", "c"]  # the first option (cheapest offer or pass)
    if isinstance(screen, AgeTargetModal):
        return ["enter", "c"]  # the first Unit, confirmed
    if isinstance(screen, (HealModal, UnpaidModal)):
        return ["c"]
    raise AssertionError(f"unexpected screen {type(screen).__name__}")


async def play_to_end(pilot, app: PaperTalesApp, limit: int = 1000) -> list[type]:
    """Answer every question with `keys_for` until the final scores; returns the screens seen."""
    seen = []
    await pilot.pause()
    for _ in range(limit):
        if isinstance(app.screen, FinalScreen):
            return seen
        seen.append(type(app.screen))
        await pilot.press(*keys_for(app))
    raise AssertionError("the game did not end")


async def learn_each(pilot, app: PaperTalesApp, cards: list[tuple[str, str]]) -> list[str]:
    """Press l for each card a hint or review line mentions, choose it when asked which, and close the
    card browser again; the keys of the cards the browser opened on."""
    from papertales_tui.tui.screens.info import CardBrowser
    from papertales_tui.tui.screens.modals import LearnModal

    back_to, opened = app.screen, []
    for k in range(len(cards)):
        await pilot.press("l")
        await pilot.pause()
        if isinstance(app.screen, LearnModal):
            assert "Learn a card: which one?" in screen_text(app)
            assert all(name in screen_text(app) for _, name in cards)  # every card listed at 80x24
            await pilot.press(*["down"] * k, "enter")
            await pilot.pause()
        assert isinstance(app.screen, CardBrowser)
        opened.append(app.screen.start_key)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is back_to
    return opened


async def open_new_game(pilot, app: PaperTalesApp) -> None:
    await pilot.pause()
    if isinstance(app.screen, TitleScreen):
        await pilot.press("enter")  # "New game" is the first choice
        await pilot.pause()
    assert isinstance(app.screen, NewGameScreen)


async def start(pilot, app: PaperTalesApp, names: list[str], seed: int) -> None:
    """From the title screen, fill in the new-game screen and start."""
    await open_new_game(pilot, app)
    screen = app.screen
    screen.query_one("#count").value = len(names)
    await pilot.pause()
    for i, name in enumerate(names):
        screen.query_one(f"#name-{i}").value = name
    screen.query_one("#seed").value = str(seed)
    await pilot.press("ctrl+s")
    await pilot.pause()

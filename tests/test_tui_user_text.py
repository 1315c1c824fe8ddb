"""Text from people and files is shown literally: player names and card packs holding Rich markup
(`[/]`, `[b]`) neither crash the app nor change how anything is drawn."""

from __future__ import annotations

import random
import shutil

import pytest
from conftest import edit_yaml
from test_tui_solo import start_solo
from test_tui_support import SIZE, keys_for, screen_text

from papertales_tui.rules.card_paths import default_cards_dir
from papertales_tui.rules.catalog import load_catalog
from papertales_tui.rules.engine import Game
from papertales_tui.rules.random_play import random_decision
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.final import FinalScreen
from papertales_tui.tui.screens.summary import SummaryScreen

HOSTILE = "[/]"


def _mark_cards(data: dict) -> None:
    for kind in ("units", "buildings", "necropolis", "lich_king"):
        for card in data.get(kind, []):
            card["name"] = f"{HOSTILE}{card['name']}[b]"
            for level in [card, card.get("level1", {}), card.get("level2", {})]:
                for ability in level.get("abilities", []):
                    ability["text"] = f"[/]{ability['text']}"


@pytest.fixture(scope="module")
def hostile_catalog(tmp_path_factory):
    d = tmp_path_factory.mktemp("cards") / "base"
    shutil.copytree(default_cards_dir(), d)
    for f in d.glob("*.yaml"):
        edit_yaml(f, _mark_cards)
    return load_catalog(base_dir=d)


REFERENCE_KEYS = ["f1", "f2", "f3", "f4"]


async def play_through(app, pilot) -> list[str]:
    """Every screen's text until the final scores, opening each reference screen once."""
    texts, opened = [], 0
    for _ in range(1000):
        await pilot.pause()
        texts.append(screen_text(app))
        if isinstance(app.screen, FinalScreen):
            assert opened == len(REFERENCE_KEYS)
            return texts
        if isinstance(app.screen, SummaryScreen) and opened < len(REFERENCE_KEYS):
            await pilot.press(REFERENCE_KEYS[opened])
            await pilot.pause()
            texts.append(screen_text(app))
            await pilot.press("escape")
            opened += 1
            continue
        await pilot.press(*keys_for(app))
    raise AssertionError("the game did not end")


def from_turn(game, turn: int):
    """The game played on with random legal decisions until `turn` starts (keeps the UI test short)."""
    rng = random.Random(0)
    while game.state.turn < turn:
        pend = game.pending()[0]
        game.apply(pend.player, random_decision(game, pend, rng))
    return game


async def test_markup_in_names_and_cards_is_shown_as_typed(hostile_catalog):
    names = [HOSTILE, "[b]Bo", "[red]Cy[/red]"]
    app = PaperTalesApp(hostile_catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = from_turn(Game.new(names, seed=5, catalog=hostile_catalog), 3)
        app.play(game, ["human"] * 3, shown=len(game.state.log) - 40)
        texts = await play_through(app, pilot)
    final, shown = texts[-1], "\n".join(texts)
    assert "[b]Bo" in final and "[red]Cy[/red]" in final and HOSTILE in final
    assert f"{HOSTILE}Town[b]" in shown  # a Building name, as written in the card file


async def test_markup_in_a_solo_game_is_shown_as_typed(hostile_catalog):
    app = PaperTalesApp(hostile_catalog)
    async with app.run_test(size=SIZE) as pilot:
        await start_solo(pilot, app, "[i]Sam[/]", seed=21, difficulty=2)
        texts = await play_through(app, pilot)
    assert "[i]Sam[/]" in texts[-1] and f"{HOSTILE}" in "\n".join(texts)

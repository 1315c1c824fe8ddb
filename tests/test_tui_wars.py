"""The war comparison pages: each War side by side, a page at a time, nothing below the fold at 80x24."""

from __future__ import annotations

import io
import random

import pytest
from test_tui_support import SIZE, screen_text
from textual.containers import VerticalScroll

from papertales_tui.rules import events as ev
from papertales_tui.rules import observe
from papertales_tui.rules.engine import Game
from papertales_tui.rules.random_play import random_decision
from papertales_tui.tui import wars
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.summary import SummaryScreen, paginate
from papertales_tui.tui.text import SPOT_KEYS

NAMES = ["Ann", "Ben", "Cid", "Dee", "Eve", "Fay", "Gus"]


def played_to(players: int, seed: int, turn: int, stop: str) -> tuple[Game, int]:
    """A seeded random game stopped at the first `stop` decision of `turn`; and the log index where
    that turn's Deployment began (its summaries are shown from there)."""
    game = Game.new(NAMES[:players], seed=seed)
    rng = random.Random(seed)
    mark = 0
    while True:
        pend = game.pending()[0]
        if game.state.turn == turn and pend.kind == stop:
            return game, mark
        if pend.kind == "deploy" and game.state.turn == turn:
            mark = len(game.state.log)
        game.apply(pend.player, random_decision(game, pend, rng))


async def read_pages(app, pilot) -> list[str]:
    """Every page of the summary, pressing Enter; each page must fit the screen whole."""
    pages = []
    while isinstance(app.screen, SummaryScreen):
        scroll = app.screen.query_one("#summary", VerticalScroll)
        assert scroll.max_scroll_y == 0, f"page {len(pages) + 1} is taller than the screen"
        text = screen_text(app)
        assert all(len(line) <= SIZE[0] for line in text.splitlines())
        pages.append(text)
        await pilot.press("enter")
        await pilot.pause()
    return pages


@pytest.mark.parametrize("no_color", [False, True])
async def test_four_players_each_war_side_by_side_a_page_at_a_time(catalog, monkeypatch, no_color):
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    game, mark = played_to(4, seed=5, turn=2, stop="construction")
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game, ["human"] * 4, shown=mark)
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        assert "Next page (Enter)" in screen_text(app)
        pages = await read_pages(app, pilot)
    assert len(pages) >= 3  # 4 Wars side by side do not fit one 80x24 screen: they are paged, not scrolled
    log = game.state.log[mark:]
    sides = {e["player"]: e for e in log if e["type"] == "war_strength"}
    wars_ = [e for e in log if e["type"] == "war"]
    for k, e in enumerate(wars_):
        i, j = e["players"]
        page = next(p for p in pages if f"War {k + 1} of 4" in p)
        assert f"{NAMES[i]} ⚔{e['strengths'][0]} against {NAMES[j]} ⚔{e['strengths'][1]}" in page
        for side in (i, j):
            won = "wins ★3" if side in e["winners"] else "loses"
            assert f"{NAMES[side]}  total ⚔{sides[side]['strength']}  {won}" in page
            column = 0 if side == i else 1
            rows = [line.split("│")[column] for line in page.splitlines() if line.count("│") == 1]
            for slot, card, _age, strength, fights in sides[side]["units"]:
                row = next(r for r in rows if f"{SPOT_KEYS[slot]} {game.card(card).name[:14]}" in r)
                assert f"⚔{strength}" in row if fights else "idle" in row
    assert any("Won this phase" in p for p in pages)


@pytest.mark.parametrize("players", [5, 7])
async def test_from_five_players_every_war_on_one_page_and_each_kingdom_once(catalog, players):
    game, mark = played_to(players, seed=5, turn=2, stop="construction")
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game, ["human"] * players, shown=mark)
        await pilot.pause()
        pages = await read_pages(app, pilot)
    assert not any("…" in page for page in pages)
    log = game.state.log[mark:]
    sides = {e["player"]: e for e in log if e["type"] == "war_strength"}
    wars_ = [e for e in log if e["type"] == "war"]
    page = next(p for p in pages if f"War 1 of {players}" in p)
    won = dict.fromkeys(range(players), 0)
    for k, e in enumerate(wars_):  # every War on the same page, one line each
        i, j = e["players"]
        assert f"War {k + 1} of {players}  {NAMES[i]} ⚔{e['strengths'][0]} against {NAMES[j]} ⚔{e['strengths'][1]}" \
            in page
        for w in e["winners"]:
            won[w] += 1
    text = "\n".join(pages)
    names = {u.name: u.short_name for u in catalog.units.values()}
    for side, e in sides.items():  # each Kingdom once, each Unit with what it added
        result = "loses" if not won[side] else "wins ★3" if won[side] == 1 else f"wins 2 Wars ★{3 * won[side]}"
        assert text.count(f"{NAMES[side]} ⚔{e['strength']} {result}") == 1, (NAMES[side], result)
        block = text.split(f"{NAMES[side]} ⚔{e['strength']} {result}")[1].split("\n  ")[0:3]
        for _slot, card, _age, strength, fights in e["units"]:
            name = game.card(card).name
            assert any((f"{name} ⚔{strength}" if fights else f"{name} idle") in line
                       or (f"{names[name]} ⚔{strength}" if fights else f"{names[name]} idle") in line
                       for line in block), (name, block)
    # the reveal, the Wars, the Kingdoms (side by side, 5 Wars took 4 pages and 7 took 6)
    assert len([p for p in pages if "REVEAL & WARS" in p]) <= (3 if players == 5 else 4)


async def test_previous_page_and_the_last_enter_goes_on(catalog):
    game, mark = played_to(5, seed=5, turn=2, stop="construction")
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game, ["human"] * 5, shown=mark)
        await pilot.pause()
        screen = app.screen
        first = screen_text(app)
        await pilot.press("left")  # nothing before the first page
        await pilot.pause()
        assert screen.page == 0
        await pilot.press("enter")
        await pilot.pause()
        assert screen.page == 1 and app.screen is screen
        await pilot.press("left")
        await pilot.pause()
        assert screen.page == 0 and screen_text(app) == first
        for _ in range(len(screen.pages) - 1):
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is screen
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is not screen


async def test_two_players_fight_one_double_war(catalog):
    game, mark = played_to(2, seed=4, turn=2, stop="construction")
    (war,) = [e for e in game.state.log[mark:] if e["type"] == "war"]
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game, ["human"] * 2, shown=mark)
        await pilot.pause()
        pages = await read_pages(app, pilot)
    text = next(p for p in pages if "2 players: 2 Wars" in p)
    won = war["wars_won"]
    result = ", ".join(f"{name} wins {won[k]} War" + "s" * (won[k] > 1) for k, name in enumerate(NAMES[:2]) if won[k])
    assert (result if won[0] != won[1] else "a tie, each wins 1 War") in text and "…" not in text
    for k in (0, 1):
        assert (f"wins {won[k]} Wars ★{3 * won[k]}" if won[k] == 2 else "wins ★3" if won[k] else "loses") in text


@pytest.mark.parametrize(("strengths", "won", "said"), [([3, 3], [1, 1], "a tie, each wins 1 War"),
                                                      ([4, 3], [1, 0], "Ann wins 1 War"),
                                                      ([3, 6], [0, 2], "Ben wins 2 Wars")])
def test_the_double_war_says_who_wins_how_many_wars(strengths, won, said):
    game = Game.new(NAMES[:2], seed=1)
    war = ev.War(phase="wars", players=[0, 1], strengths=strengths, wars_won=won)
    (line,) = wars.war_heading(game, war, 1, 1, 76)
    assert line.plain == f"2 players: 2 Wars  Ann ⚔{strengths[0]} against Ben ⚔{strengths[1]}: {said}"


def test_a_war_heading_too_long_for_a_line_puts_its_result_on_the_next():
    game, mark = played_to(2, seed=4, turn=2, stop="construction")
    names = ["Bartholomew Fairwind", "Dorothea Winterbourn"]  # 20: the longest the new-game screen takes
    for player, name in zip(game.state.players, names):
        player.name = name
    (block,) = wars.war_blocks(observe(game, None), ev.parse(game.state.log[mark:]), 76)
    head, result = block[0].plain, block[1].plain
    assert head.startswith("2 players: 2 Wars  Bartholomew Fairwind ⚔") and head.endswith(":")
    assert result.strip().endswith(("War", "Wars")) and "…" not in head + result


def test_the_war_shows_the_kingdoms_as_they_fought_after_aging_ran():
    game, mark = played_to(5, seed=5, turn=3, stop="pick")  # turn 2 is over: its Aging ran
    turn2 = game.state.log[game.state.log.index(next(e for e in game.state.log if e.get("turn") == 2)):]
    died = [e for e in turn2 if e["type"] == "unit_died"]
    assert died
    seen = observe(game, None)
    text = "\n".join(line.plain for block in wars.war_blocks(seen, ev.parse(turn2[:turn2.index(died[0])]), 76)
                     for line in block)
    for e in died:  # gone from play now, but they fought this turn
        assert game.card(e["card"]).name[:14] in text


def test_pages_fill_up_and_a_tall_block_gets_its_own_page():
    chapters = ["reveal"] * 4 + ["income"]
    assert paginate([5, 5, 5, 5, 2], chapters, 15) == [[0, 1], [2, 3], [4]]
    assert paginate([5, 5, 5, 5, 2], chapters, 16) == [[0, 1], [2, 3, 4]]
    assert paginate([5, 30, 2], ["reveal"] * 3, 16) == [[0], [1], [2]]
    assert paginate([3, 3], ["reveal", "income"], 10) == [[0, 1]]  # a title for each chapter: 2+3+2+3
    assert paginate([3, 3], ["reveal", "income"], 9) == [[0], [1]]


async def test_every_results_page_of_a_whole_solo_game_fits_80x24(catalog):
    """The solo pages have the least room (the Necropolis row is on top): none needs scrolling."""
    from test_tui_solo import start_solo
    from test_tui_support import keys_for

    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await start_solo(pilot, app, "Ann", seed=2, difficulty=4)
        pages = 0
        for _ in range(400):
            if app.game.over and not isinstance(app.screen, SummaryScreen):
                break
            if isinstance(app.screen, SummaryScreen):
                scroll = app.screen.query_one("#summary", VerticalScroll)
                assert scroll.max_scroll_y == 0, screen_text(app)
                pages += 1
            await pilot.press(*keys_for(app))
            await pilot.pause()
        assert app.game.over and pages > 12


def test_a_war_logged_before_the_kingdom_was_shows_its_parts_by_name():
    """A format-1 save's `war_strength` has only its parts (migrated to keys): the page names them."""
    import json
    from pathlib import Path

    from rich.text import Text

    from papertales_tui.persistence import load_save

    path = Path(__file__).resolve().parent / "data" / "v1-finished-two-players.json"
    stored = [e for e in json.loads(path.read_text())["state"]["log"] if e["type"] == "war_strength"]
    game = load_save(path).game
    sides = [e for e in game.state.log if e["type"] == "war_strength"]
    assert len(sides) == len(stored) and not any("units" in e for e in sides)
    for old, e in zip(stored, sides):
        side = ev.from_dict(e)
        assert isinstance(side, ev.WarStrength)
        lines = [line.plain for line in wars.side_lines(observe(game, None), side, set(), Text("won"), 40)[1:]]
        assert lines == ([f"{label} ⚔{value}" for label, value in old["parts"]] or ["no fighting Unit"])


@pytest.mark.parametrize("players", [5, 7])
def test_from_five_players_every_kingdom_is_shown_as_it_fought(players):
    """A Kingdom whole on one line was dropped from the Reveal & Wars pages (a one-line block was taken
    for an empty section): at 5 players the last one often was."""
    from rich.console import Console

    from papertales_tui.tui.screens.summary import render_reveal

    for seed in range(12):
        game, mark = played_to(players, seed=seed, turn=2, stop="construction")
        console = Console(width=78, record=True, file=io.StringIO())
        for block in render_reveal(observe(game, None), ev.known(game.state.log[mark:]), 76):
            console.print(block)
        text = console.export_text()
        fought = text[text.index("Kingdoms as they fought"):]
        heads = [line.split(" ⚔", 1)[0].strip() for line in fought.splitlines()[1:] if " ⚔" in line
                 and not line.startswith("    ")]
        assert [name for name in NAMES[:players] if name in heads] == NAMES[:players], (seed, fought)

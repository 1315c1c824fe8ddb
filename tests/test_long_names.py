"""The widest names the New game form takes (20 cells: MAX_NAME_CELLS, in Latin letters or CJK) at
80x24: nothing cut, nothing pushed off the screen (scripts/audit_screens.py --names long|wide plays
whole games with them)."""

from __future__ import annotations

import random

import pytest
from conftest import give, goto
from rich.cells import cell_len
from test_tui_support import SIZE, screen_text

from papertales_tui.rules import events as ev
from papertales_tui.rules import random_decision
from papertales_tui.rules.engine import Game
from papertales_tui.rules.names import MAX_NAME_CELLS
from papertales_tui.tui import wars
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.deploy import DeployScreen
from papertales_tui.tui.screens.draft import DraftScreen
from papertales_tui.tui.screens.final import FinalScreen

LONG = [f"Wilhelmina Ashford{k + 1:02d}" for k in range(7)]
WIDE = ["山田花子美咲一二三" + "１２３４５６７"[k] for k in range(7)]


def test_the_names_are_as_wide_as_the_form_allows():
    assert {cell_len(n) for n in LONG + WIDE} == {MAX_NAME_CELLS}


@pytest.mark.parametrize("names", [LONG, WIDE], ids=["long", "wide"])
@pytest.mark.parametrize(("won", "winners"), [([2, 0], None), ([1, 1], None), (None, [1])])
def test_a_war_heading_never_cuts_a_name(names, won, winners):
    game = Game.new(names[:2] if won else names[:5], seed=1)
    war = ev.War(phase="wars", players=[0, 1], strengths=[11, 12], wars_won=won, winners=winners)
    lines = wars.war_heading(game, war, 1, 5, 76)
    text = " ".join(line.plain for line in lines)
    assert all(line.cell_len <= 76 for line in lines) and "…" not in text
    assert names[0] in text and names[1] in text and "⚔11" in text and "⚔12" in text


def played(names: list[str], seed: int, until) -> Game:
    game = Game.new(names, seed=seed)
    rng = random.Random(seed)
    while not until(game):
        pend = game.pending()[0]
        game.apply(pend.player, random_decision(game, pend, rng))
    return game


async def test_seven_long_names_leave_the_draft_its_list(catalog):
    game = played(LONG, 2, lambda g: g.state.turn == 4)  # the last turn: Kingdoms at their fullest
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game, ["human"] + ["bot:easy"] * 6, shown=None)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DraftScreen)
        text = screen_text(app)
        assert "Still to pick: you and 6 others" in text  # not seven names of 20 cells
        for c in screen.cards:
            assert game.card(c).name in text  # every card of the list on screen
        assert "…" not in text


async def test_two_short_names_are_still_listed_as_still_to_pick(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(Game.new(["Ann", "Ben"], seed=1), ["human", "bot:easy"])
        await pilot.pause()
        assert "Still to pick: Ann, Ben" in " ".join(screen_text(app).split())


async def test_the_deployment_forecast_says_left_and_right_rather_than_cut_names(catalog):
    game = goto(Game.new(LONG[:5], seed=1), "deploy")
    give(game, 0, ["knight"])
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game, ["human"] * 5)
        await pilot.press("enter")  # the hand-off
        await pilot.pause()
        assert isinstance(app.screen, DeployScreen)
        line = next(line for line in screen_text(app).splitlines() if "Forecast" in line)
        assert "vs left ⚔0" in line and "vs right ⚔0" in line, line  # (not "vs Wilhel", twice)


@pytest.mark.parametrize("names", [LONG, WIDE], ids=["long", "wide"])
async def test_the_final_scores_of_seven_long_names_fit_without_scrolling(catalog, names):
    game = played(names, 5, lambda g: g.over)
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.show_finished(game, ["human"] * 7)
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FinalScreen)
        assert screen.query_one("#final-top").has_class("stacked")  # the end-of-game LP below the ranking
        assert screen.query_one("#final").max_scroll_y == 0
        text = screen_text(app).replace(" ", "")  # (a wide character's second cell reads as a space)
        assert all(name.replace(" ", "") in text for name in names) and "…" not in text


async def test_short_names_keep_the_end_of_game_lp_beside_the_ranking(catalog):
    game = played(["Ann", "Ben", "Cid"], 5, lambda g: g.over)
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.show_finished(game, ["human"] * 3)
        await pilot.pause()
        assert not app.screen.query_one("#final-top").has_class("stacked")


def test_what_the_wars_won_breaks_lines_between_players_not_inside_a_name():
    from papertales_tui.tui.screens.summary import gains

    game = Game.new(LONG[:5], seed=1)
    events = [ev.LpChanged(phase="wars", player=i, amount=3 + i, total=3 + i, cause="wars") for i in range(5)]
    lines = gains(game, events, 76).plain.split("\n")
    assert len(lines) > 1 and all(len(line) <= 76 for line in lines)
    assert [name for line in lines for name in LONG[:5] if name in line] == LONG[:5]  # each whole, in order


def test_the_audit_sees_a_name_cut_without_an_ellipsis_or_broken_across_lines():
    from test_audit_screens import audit_module

    audit = audit_module()
    report = audit.Report()
    audit.check_names("DeployScreen", [" Forecast: ⚔4 vs Wilhel ⚔2 win ★3 · vs Wilhelmina Ashford07 ⚔2",
                                       "  Wilhelmina Ashford01: ★5   Wilhelmina", " vs 山田花子美咲 ⚔0"],
                      report, LONG + WIDE)
    assert [cut for _, cut in report.cut_names] == ["Wilhel ⚔2 win ★3 · vs Wi", "Wilhelmina", "山田花子美咲 ⚔0"]
    assert audit.player_names(7, "long") == LONG and audit.player_names(7, "wide") == WIDE


def at_deploy(names: list[str], seed: int, turn: int) -> Game:
    """A game played at random until seat 0 deploys at `turn`."""
    game = Game.new(names, seed=seed)
    rng = random.Random(seed)
    while not (game.state.turn == turn and any(p.player == 0 and p.kind == "deploy" for p in game.pending())):
        pend = game.pending()[0]
        game.apply(pend.player, random_decision(game, pend, rng))
    return game


async def test_a_deployment_short_of_rows_puts_aging_and_lp_on_one_line_before_hiding_details(catalog):
    from test_audit_screens import audit_module

    audit = audit_module()
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(at_deploy(LONG, 8, 2), ["human"] + ["bot:easy"] * 6, shown=None)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DeployScreen) and screen.short_status == 2  # the last layout
        report = audit.Report()
        audit.check_widgets(screen, "DeployScreen", report)
        assert report.hidden_rows == []  # every card's details in their rows
        assert any(line.startswith(" Aging:") and "· LP this turn" in line for line in screen_text(app).splitlines())

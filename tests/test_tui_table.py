"""The table at a glance on the decision screens: every opponent's public Kingdom, the forecast of
the turn, and nothing private of another player (80x24, with and without colour)."""

from __future__ import annotations

import re

import pytest
from conftest import give, goto, new_game, put
from test_tui_support import SIZE, screen_text

from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.deploy import DeployScreen
from papertales_tui.tui.screens.draft import DraftScreen


def table_game(players: int = 3):
    """Deployment of turn 2: P0 has a dying Hunter and a Healer; P1 and P2 have Units, Buildings,
    hands and kept cards of their own that P0 must not see."""
    game = goto(new_game(players, seed=4), "deploy", turn=2)
    put(game, 0, 0, "hunter", age=1)
    put(game, 0, 3, "mystical_healer")
    give(game, 0, ["knight", "farmer"])
    put(game, 1, 0, "treefolk", age=1)
    put(game, 1, 1, "woodcutter")
    game.state.players[1].buildings["tavern"] = 1
    game.state.players[1].lp = 7
    put(game, 2, 0, "miner")
    secret = give(game, 1, ["dragon", "forest_spirit"]) + give(game, 2, ["adventurer"])
    game.state.players[2].kept = give(game, 2, ["archer"])[0]
    game.state.players[2].hand.remove(game.state.players[2].kept)
    for p in game.state.players:
        p.gold = 5
    return game, secret


async def open_deploy(app, pilot, game):
    app.play(game, ["human"] * len(game.players))
    await pilot.pause()
    await pilot.press("enter")  # hand-off to P0
    await pilot.pause()
    assert isinstance(app.screen, DeployScreen) and app.screen.player == 0
    return app.screen


@pytest.mark.parametrize("no_color", [False, True])
async def test_deployment_shows_neighbours_forecast_gold_income_and_deaths(catalog, monkeypatch, no_color):
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    game, secret = table_game()
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = await open_deploy(app, pilot, game)
        text = screen_text(app)
        # every opponent's public Kingdom, neighbours marked, without a key press
        assert "P1 (left) ★7 ¤5 ⚔" in text and "Treefolk" in text and "Tavern 1" in text
        assert "P2 (right)" in text and "Miner" in text and "1 kept" in text
        # the neighbours hold hidden cards: each War's chance over the range of their strength, no verdict
        assert re.search(rf"vs P1 ⚔{game.strength(1)}-\d+: win [<>]?\d+%", text), text
        assert re.search(r"vs P2 ⚔\d+-\d+: win [<>]?\d+%", text) and " lose" not in text and "tie ★3" not in text
        assert "Gold ¤5 − new Units ¤0 = ¤5 left · next Income +¤2" in text
        assert "Aging: Hunter (F1) ✝ dies · a Mystical Healer can save Hunter" in text
        assert "Treefolk ⚔3◷1✝" in text  # an opponent's Unit that dies at Aging
        for c in secret:
            assert game.card(c).name not in text
        # each key press updates the forecast
        await pilot.press("1")  # the Knight... onto the Hunter's spot is refused: F1 holds it
        await pilot.press("2")  # the Knight to Front 2
        await pilot.pause()
        text = screen_text(app)
        assert board.plan.slots[1] == game.players[0].hand[0]
        assert re.search(rf"⚔6 vs P1 ⚔{game.strength(1)}-\d+: win [<>]?\d+%", text)
        assert "Gold ¤5 − new Units ¤1 = ¤4 left" in text
        assert re.search(r"LP this turn ★0-6: War vs P1 ★3 [<>]?\d+%, War vs P2 ★3 [<>]?\d+%", text), text
        assert "Knight ¤1 ⚔4 ◷0 NEW" in text and "(F3)" not in text
        for line in text.splitlines():
            assert len(line) <= 80


@pytest.mark.parametrize("players", [5, 7])
async def test_the_whole_table_fits_80x24(catalog, players):
    game, secret = table_game(players)
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await open_deploy(app, pilot, game)
        text = screen_text(app)
        for j in range(1, players):
            assert f"P{j} (" in text
        assert f"P{players - 1} (right)" in text and "(no War)" in text
        assert "Your Kingdom · no Building" in text and "Could build then" in text and "Aging:" in text
        for c in secret:
            assert game.card(c).name not in text


@pytest.mark.parametrize("no_color", [False, True])
async def test_no_private_card_of_an_opponent_reaches_the_draft_screen(catalog, monkeypatch, no_color):
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    game = new_game(3, seed=8)
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game, ["human"] * 3)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, DraftScreen)
        text = screen_text(app)
        mine = {game.card(c).name for c in game.players[0].draft}
        theirs = {game.card(c).name for p in game.players[1:] for c in p.draft} - mine
        assert theirs and not any(name in text for name in theirs)
        assert "P1 (left, gets your cards)" in text and "P2 (right)" in text


@pytest.mark.parametrize("no_color", [False, True])
async def test_scoreboard_and_age_target_draw_kingdoms_with_the_widget(catalog, monkeypatch, no_color):
    from papertales_tui.tui.kingdom import Kingdom
    from papertales_tui.tui.screens.info import ScoreboardScreen

    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    game, secret = table_game()
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await open_deploy(app, pilot, game)
        await pilot.press("f4")
        await pilot.pause()
        assert isinstance(app.screen, ScoreboardScreen)
        assert len(app.screen.query(Kingdom)) == 3
        text = screen_text(app)
        assert "P1 ★7 ¤5 ⚔" in text and "2 in hand" in text and "Treefolk ⚔3◷1✝" in text
        assert "1 kept" in text and "✝ dies at the coming Aging" in text
        for c in secret:
            assert game.card(c).name not in text


async def test_solo_scoreboard_shows_the_lich_king_cards(catalog):
    from papertales_tui.rules.solo import new_game as new_solo_game
    from papertales_tui.tui.screens.info import ScoreboardScreen

    game = new_solo_game(["Ann"], seed=2, difficulty=3)
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game, ["human"])
        await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        assert isinstance(app.screen, ScoreboardScreen)
        text = " ".join(screen_text(app).split())
        assert "Lich King cards: " + ", ".join(c.name for c in game.mode.lich_king_cards()) in text
        assert "Ann ★0 ¤3 ⚔0" in text


@pytest.mark.parametrize("no_color", [False, True])
async def test_construction_says_what_it_builds_and_what_is_missing(catalog, monkeypatch, no_color):
    from papertales_tui.tui.screens.construction import ConstructionScreen

    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    game = goto(new_game(2, seed=2), "construction")
    put(game, 0, 0, "woodcutter")
    put(game, 0, 1, "wood_merchant")  # missing wood can be bought for 1 Gold each
    game.state.players[0].buildings["tavern"] = 1  # the next Building pays 2 Gold of Land
    game.state.players[0].gold = 4
    game.state.players[1].gold = 0
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game, ["human", "human"])
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ConstructionScreen)
        report = {(r.building, r.kind, r.level): r for r in game.construction_report(0)}
        first = screen.options[0]
        text = " ".join(screen_text(app).split())
        r = report[(first.building, first.kind, first.level)]
        name = game.catalog.buildings[first.building].name
        assert f"{name}, level {r.level}" in text and "End of the game: ★" in text
        assert f"Price ¤{r.gold}" in text and f"Land cost ¤{r.land}" in text
        town2 = report[("town", "build", 2)]  # wood 3: 1 made, 2 bought: 2 Land + 2 = 4 Gold
        assert town2.possible and town2.bought == (("wood", 2),) and town2.gold == 4
        for k in range(len(screen.options)):
            if screen.options[k].building == "town" and screen.options[k].level == 2:
                break
        await pilot.press(*["down"] * k)
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "Town, level 2" in text and "• ¤2 buys ♣2 wood (Unit discount)" in text
        assert "made by your Kingdom: ♣ wood" in text
        assert f"P0 ★0 ¤4 ⚔{game.strength(0)} · Tavern 1 Woodcutter ⚔2 Wood Merchant ⚔" in text  # the widget
        blocked = [r for r in report.values() if not r.possible and r.kind != "complete"]
        assert blocked
        for r in blocked:
            name = game.catalog.buildings[r.building].name
            assert f"✗ {name} level {r.level}:" in text


@pytest.mark.parametrize("no_color", [False, True])
async def test_solo_deployment_header_forecast_and_legend(catalog, monkeypatch, no_color):
    from papertales_tui.rules.solo import new_game as new_solo_game

    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    game = new_solo_game(["Ann"], seed=5, difficulty=2)
    while game.state.step == "pick":
        game.apply(0, {"kind": "pick", "card": game.pending_for(0).options.cards[0]})
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game, ["human"], shown=len(game.state.log))
        await pilot.pause()
        assert isinstance(app.screen, DeployScreen)
        text = screen_text(app)
        outlook = game.mode.army_outlook()
        (b1, b2), (p1, p2) = outlook["black"], outlook["purple"]
        assert f"turn 1 armies: Black ⚔{b1}-{b2} · Purple ⚔{p1}-{p2}" in text
        cards = {c.key: c.name for c in game.mode.lich_king_cards()}
        if "legion_of_bone" in cards:  # its Wars apply to the deployment: its effect first
            assert "Lich King: Legion of Bone (+★1 a Black War won) · " in text
        assert all(name in text for name in cards.values())
        assert "► Time token · B/P: Black/Purple army · ▒ face down" in text
        assert f"vs Black army ⚔{b1}-{b2} lose" in text and "Gold ¤3 − new Units ¤0 = ¤3 left" in text
        for line in text.splitlines():
            assert len(line) <= 80


async def test_a_confirmed_deployment_stays_face_down_for_the_next_player(catalog):
    game, secret = table_game()
    golem = give(game, 0, ["golem"])[0]
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = await open_deploy(app, pilot, game)
        await pilot.press(*["down"] * board.plan.hand.index(golem), "2", "c")  # the Golem to F2, confirm
        await pilot.pause()
        assert game.players[0].submitted is not None
        await pilot.press("enter")  # hand-off to P1
        await pilot.pause()
        assert isinstance(app.screen, DeployScreen) and app.screen.player == 1
        text = screen_text(app)
        assert "P0 (right)" in text and "Hunter" in text  # P0's Kingdom as it stands
        assert "Golem" not in text
        for c in secret[:2]:  # P1's own hand is there
            assert game.card(c).name in text


@pytest.mark.parametrize("no_color", [False, True])
async def test_a_war_is_foretold_exactly_only_when_the_neighbour_has_nothing_hidden(catalog, monkeypatch, no_color):
    """Neighbours whose hands are empty add nothing at the reveal: the forecast says win, tie or lose
    with the LP, no chance; one holding a card gets a chance."""
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    game, _ = table_game()
    game.state.players[1].hand.clear()
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await open_deploy(app, pilot, game)
        text = screen_text(app)
        assert f"vs P1 ⚔{game.strength(1)} lose" in text  # nothing hidden: a verdict
        assert re.search(r"vs P2 ⚔\d+-\d+: win [<>]?\d+%", text), text  # a hidden card: a chance
        await pilot.press("2")
        await pilot.pause()
        assert f"⚔6 vs P1 ⚔{game.strength(1)} win ★3" in screen_text(app)

"""Whole games played through the app with scripted key presses, from the new-game screen to the
final scores."""

from __future__ import annotations

from test_tui_support import SIZE, play_to_end, screen_text, start

from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.deploy import DeployScreen
from papertales_tui.tui.screens.draft import DraftScreen
from papertales_tui.tui.screens.final import FinalScreen
from papertales_tui.tui.screens.handoff import HandoffScreen
from papertales_tui.tui.screens.summary import SummaryScreen


def decisions(game, kind: str) -> list[dict]:
    return [d for d in game.state.decisions if d["kind"] == kind]


async def play_game(catalog, names: list[str], seed: int):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, names, seed)
        seen = await play_to_end(pilot, app)
        assert isinstance(app.screen, FinalScreen)
        return app, seen, screen_text(app)


def check_finished(app, seen, text, names):
    game = app.game
    assert game.over
    assert {HandoffScreen, DraftScreen, DeployScreen, SummaryScreen} <= set(seen)
    assert "Final scores" in text
    winners = " and ".join(names[i] for i in game.winners())
    assert f"{winners} win" in text
    for p in game.players:
        assert str(p.lp) in text
    # every player took part in every step, through the UI
    assert game.state.turn == 4
    assert len(decisions(game, "deploy")) == 4 * len(names)
    revealed = [e for e in game.state.log if e["type"] == "units_revealed" and e["units"]]
    assert revealed, "the scripted deployments put Units in play"


async def test_complete_two_player_game(catalog):
    names = ["Ann", "Ben"]
    app, seen, text = await play_game(catalog, names, seed=11)
    check_finished(app, seen, text, names)
    picks = decisions(app.game, "pick")
    assert len(picks) == 4 * 2 * 4  # 9 -> 7 -> 5 -> 3 -> 1: four picks each per turn, the last card is given
    assert all("discard" in d for d in picks)  # 2 players: every pick comes with a discard


async def test_complete_three_player_game(catalog):
    names = ["Ann", "Ben", "Cid"]
    app, seen, text = await play_game(catalog, names, seed=5)
    check_finished(app, seen, text, names)
    assert len(decisions(app.game, "pick")) == 4 * 3 * 4
    wars = [e for e in app.game.state.log if e["type"] == "war"]
    assert len(wars) == 4 * 3  # each neighbour pair, every turn

"""Defects found by playing the app at 80x24 as a player would: each test fails on the defect."""

from __future__ import annotations

from conftest import goto, new_game
from test_tui_support import SIZE, screen_text

from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.construction import ConstructionScreen, blocked_label
from papertales_tui.tui.screens.modals import UnpaidModal


async def test_construction_entries_each_fit_on_one_line(catalog):
    """A fresh Kingdom cannot build most things: each '✗ ... missing ...' entry stays on one line
    (it once wrapped as '✗ Barracks level 2: missing ♣2 wood ✿' / 'food')."""
    game = goto(new_game(3, seed=2), "construction")
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game, ["human"] * 3)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ConstructionScreen)
        assert len(screen.blocked) >= 8
        lines = screen_text(app).splitlines()
        for r in screen.blocked:
            label = blocked_label(game.catalog, r).plain
            assert any(label in line for line in lines), label


async def test_give_up_dialog_says_in_words_which_units_are_given_up(catalog, monkeypatch):
    """Without colour a player could not tell the ticked Units (a SelectionList shows X on every
    line): each line now reads [x] given up or [ ] paid, and a line says what confirming does."""
    monkeypatch.setenv("NO_COLOR", "1")
    veteran, kraken = 7, 8
    modal = UnpaidModal([veteran, kraken], {veteran: 0, kraken: 6}, {veteran: "Veteran", kraken: "Kraken"},
                        gold=3, default=[kraken])
    chosen = []
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(modal, chosen.append)
        await pilot.pause()
        text = screen_text(app)
        assert "[ ] Veteran" in text and "¤0  paid" in text
        assert "[x] Kraken" in text and "¤6  given up" in text
        assert "Confirming pays for Veteran (¤3 left); gives up Kraken." in text
        await pilot.press("down", "space")  # pay for the Kraken too: not enough Gold
        await pilot.pause()
        text = screen_text(app)
        assert "[ ] Kraken" in text and "Still ¤3 short: tick more Units to give up." in text
        await pilot.press("enter", "c")  # Enter ticks it again
        await pilot.pause()
    assert chosen == [[kraken]]


async def test_a_hint_on_the_deployment_hides_no_spot_and_no_hand_card(catalog, monkeypatch):
    """With 5 players at 80x24 the coach's answer once pushed B2, the Buildings line and the last
    hand cards below the fold; the card details make room for it instead."""
    from conftest import give, goto, new_game

    from papertales_tui.rules import coach
    from papertales_tui.tui.screens.deploy import DeployScreen
    from papertales_tui.tui.screens.hint import HintPanel

    monkeypatch.setattr(coach, "HINT_BUDGET", 0.05)
    game = goto(new_game(5, seed=3), "deploy")
    give(game, 0, ["demon", "cave_spirit", "rogue", "palm_reader", "forest_child"])
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game, ["human"] * 5)
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DeployScreen)
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.query(HintPanel)
        text = screen_text(app)
        assert "Coach: " in text
        for spot in ("F1 ", "F2 ", "F3 ", "B1 ", "B2 ", "Your Kingdom · no Building"):
            assert spot in text, spot
        for card in screen.plan.hand:
            assert game.card(card).name in text
        await pilot.press("h")  # put the answer away: the card details come back
        await pilot.pause()
        assert "Coach: " not in screen_text(app) and "cost ¤" in screen_text(app)


async def test_quit_before_any_decision_does_not_promise_a_resume(catalog, tmp_path, monkeypatch):
    """Quitting on the first hand-off said 'Resume it from the title screen', but nothing was saved
    yet (and Resume would have opened an older game)."""
    from test_tui_support import keys_for, start

    from papertales_tui.persistence import DATA_DIR_ENV

    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path))
    app = PaperTalesApp(catalog, autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, ["Ann", "Ben"], seed=3)
        assert "Resume" not in app.quit_question() and "not saved" in app.quit_question()
        for _ in range(8):  # both pick (the engine applies a step's decisions together)
            if app.game.state.decisions:
                break
            await pilot.press(*keys_for(app))
            await pilot.pause()
        assert app.game.state.decisions
        assert "Resume it from the title screen" in app.quit_question()

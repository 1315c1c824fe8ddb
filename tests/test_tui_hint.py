"""The coach's hint on the decision screens (tui/screens/hint.py), through the app at 80x24."""

from __future__ import annotations

from test_tui_support import SIZE, keys_for, learn_each, screen_text, start, widget_text

from papertales_tui.persistence import load_save, save_as
from papertales_tui.rules import coach
from papertales_tui.rules.bots import make_bot
from papertales_tui.rules.engine import Game
from papertales_tui.text import coach as coach_text
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.construction import ConstructionScreen
from papertales_tui.tui.screens.deploy import DeployScreen
from papertales_tui.tui.screens.draft import DraftScreen
from papertales_tui.tui.screens.hint import HintPanel
from papertales_tui.tui.widgets import KeyBar, RowList


async def until(pilot, app, screen_type, limit: int = 400):
    for _ in range(limit):
        await pilot.pause()
        if isinstance(app.screen, screen_type):
            return app.screen
        await pilot.press(*keys_for(app))
    raise AssertionError(f"no {screen_type.__name__}")


async def hint_on(pilot, app) -> str:
    """Press h and wait for the coach's answer; the panel's text."""
    await pilot.press("h")
    await app.workers.wait_for_complete()
    await pilot.pause()
    return widget_text(app.screen.query_one(HintPanel))


async def test_a_hint_on_each_decision_screen_then_learn_a_card(catalog, tmp_path):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, ["Ann", "Ben", "Cid"], seed=5)
        for screen_type in (DraftScreen, DeployScreen, ConstructionScreen):
            screen = await until(pilot, app, screen_type)
            if screen_type is DeployScreen:  # a Unit placed: the most keys this screen shows
                await pilot.press("1")
                await pilot.pause()
                assert "u Undo" in app.screen.query_one(KeyBar).lines[0].plain
            text = await hint_on(pilot, app)
            assert text.startswith("Coach: ") and "playouts" in text
            assert "Coach: " in screen_text(app)  # on screen at 80x24
            keys = app.screen.query_one(KeyBar).lines[0].plain  # the keys, Learn added, whole at 80 columns
            assert len(keys) <= SIZE[0] and all(k in keys for k in ("l Learn", "h Hint", "Quit", "Help")), keys
            cards = screen._hint_cards
            for _, name in cards:
                assert name in text  # named on the hint line
            assert await learn_each(pilot, app, cards) == [key for key, _ in cards]  # each one reachable
        assert sum(app.session.hints) == 3  # recorded for the seats that asked
        asked = list(app.session.hints)
        assert app.save_as(str(tmp_path / "hints.json")) is None
        assert load_save(tmp_path / "hints.json", catalog).settings.hints == asked


async def test_a_deploy_hint_says_what_it_leaves_to_be_discarded(catalog):
    """Issue 30, item 7: the deploy hint named the Units placed, never the cards it leaves to the discard."""
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, ["Ann", "Ben", "Cid"], seed=5)
        screen = await until(pilot, app, DeployScreen)
        text = await hint_on(pilot, app)
        choice = app.session.kept_hints[-1].choice  # the hint given, as the game keeps it
        view = screen.view
        gone = [view.card(c).name for c in view.players[screen.player].hand if c not in choice.slots
                and c != choice.keep]  # (turn 1: no Unit in play to take out)
        assert f"; to the discard: {', '.join(gone)}" in text if gone else "; nothing to the discard" in text


async def test_the_final_scores_show_the_hints_used(catalog, tmp_path):
    game = Game.new(["Ann", "Ben"], seed=3, catalog=catalog)
    bots = [make_bot("easy", 1), make_bot("easy", 2)]
    while not game.over:
        for pend in game.pending():
            game.apply(pend.player, bots[pend.player].choose(game.view(pend.player), pend, catalog))
    save = load_save(save_as(game, tmp_path / "done.json", {"seats": ["human", "human"], "hints": [2, 0]}), catalog)
    app = PaperTalesApp(catalog, save=save)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Coach's hints used: Ann 2, Ben 0" in screen_text(app)


async def test_a_hint_can_be_cancelled_and_never_blocks_typing(catalog, monkeypatch):
    monkeypatch.setattr(coach, "HINT_BUDGET", 600.0)  # it thinks until cancelled
    monkeypatch.setattr(coach, "MAX_SAMPLES", 10**9)
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, ["Ann", "Ben"], seed=2)
        screen = await until(pilot, app, DraftScreen)
        cards = screen.query_one(RowList)
        before = cards.cursor
        await pilot.press("h", "down")  # the coach thinks; the list still moves
        assert cards.cursor == before + 1
        await pilot.press("h")  # cancel
        await app.workers.wait_for_complete()
        await pilot.pause()
        text = widget_text(screen.query_one(HintPanel))
        assert text.startswith("Hint cancelled")
        monkeypatch.setattr(coach, "HINT_BUDGET", 0.05)
        assert (await hint_on(pilot, app)).startswith("Coach: ")  # asks again
        await pilot.press("h")  # puts the answer away
        await pilot.pause()
        assert not screen.query(HintPanel)


async def test_a_hint_in_the_mystical_healer_choice(catalog):
    from conftest import goto, new_game, put

    from papertales_tui.tui.screens.modals import HealModal

    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = goto(new_game(2, seed=2), "heal")
        game.state.phase = "aging"
        put(game, 0, 3, "mystical_healer")
        put(game, 0, 0, "knight", age=1)
        app.play(game, ["human", "human"])
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HealModal)
        text = await hint_on(pilot, app)
        assert text.startswith("Coach: save ")  # "save Front 1" or "save nobody"
        assert "Coach: save" in screen_text(app)


async def test_a_hint_uses_what_the_seat_remembers_of_the_draft(catalog, monkeypatch):
    import random

    from papertales_tui.rules.bots.knowledge import game_from_view

    asked = []
    real = coach.hint

    def spy(view, pend, catalog, **options):
        asked.append((view, pend.player, options.get("drafts")))
        return real(view, pend, catalog, **options)

    monkeypatch.setattr(coach, "hint", spy)
    monkeypatch.setattr(coach, "HINT_BUDGET", 0.05)
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, ["Ann", "Ben"], seed=2)
        screen = await until(pilot, app, DraftScreen)
        while app.game.state.draft_round == 0:  # past the first round of the draft
            await pilot.press(*keys_for(app))
            screen = await until(pilot, app, DraftScreen)
        assert (await hint_on(pilot, app)).startswith("Coach: ")
        view, me, drafts = asked[-1]
        game = app.game
        assert me == screen.player and view == game.view(me)
        sample = game_from_view(view, me, catalog, random.Random(1), drafts=drafts).state
        assert sorted(sample.players[1 - me].draft) == sorted(game.state.players[1 - me].draft)  # what it passed on


async def test_a_hint_is_kept_with_the_game_for_the_review(catalog, tmp_path, monkeypatch):
    """The hint given for a decision is kept in the save (settings "coach") and read back by a resumed
    game: the review then takes it as the coach's answer for that decision."""
    monkeypatch.setattr(coach, "HINT_BUDGET", 0.05)
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, ["Ann", "Ben"], seed=2)
        screen = await until(pilot, app, DraftScreen)
        assert (await hint_on(pilot, app)).startswith("Coach: ")
        me = screen.player
        kept = app.session.kept_hints
        assert len(kept) == 1 and (kept[0].player, kept[0].ordinal, kept[0].turn) == (me, 0, 1)
        app.session.game.apply(me, kept[0].choice)  # legal: the hint's choice for this decision
        assert app.save_as(str(tmp_path / "hinted.json")) is None
    save = load_save(tmp_path / "hinted.json", catalog)
    assert [h.to_dict() for h in save.settings.kept_hints()] == [kept[0].to_dict()]
    resumed = PaperTalesApp(catalog, save=save)
    async with resumed.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert [h.to_dict() for h in resumed.session.kept_hints] == [kept[0].to_dict()]
    points = coach.decision_points(coach.start_of(save.game), save.decisions, [me])
    followed = coach.assess(points[0].view, points[0].pending, catalog, points[0].decision, budget=0.01,
                            hint=coach.hint_for(points[0], resumed.session.kept_hints))
    assert followed.on_hint and followed.agreed and coach_text.cost_text(followed) == "you followed the coach's hint"

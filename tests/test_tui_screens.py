"""Behaviour of each screen: privacy, refusals, validation, the deployment board, modals, references."""

from __future__ import annotations

import pytest
from conftest import events, give, goto, new_game, put
from test_tui_support import SIZE, open_new_game, screen_text, start

from papertales_tui.rules import observe
from papertales_tui.rules.engine import Game
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.construction import ConstructionScreen
from papertales_tui.tui.screens.decide import AgeTargetScreen, HealScreen
from papertales_tui.tui.screens.deploy import DeployScreen
from papertales_tui.tui.screens.draft import DraftScreen
from papertales_tui.tui.screens.final import tie_note
from papertales_tui.tui.screens.handoff import HandoffScreen
from papertales_tui.tui.screens.info import CardBrowser, LogScreen, ScoreboardScreen, TooSmallScreen
from papertales_tui.tui.screens.modals import AgeTargetModal, ConfirmQuit, HealModal, UnpaidModal
from papertales_tui.tui.screens.newgame import NewGameScreen
from papertales_tui.tui.screens.summary import SummaryScreen
from papertales_tui.tui.screens.title import TitleScreen
from papertales_tui.tui.widgets import KeyBar

HUMANS3 = ["human"] * 3


def key_bar(app) -> str:
    bar = app.screen.query_one(KeyBar)
    return bar.lines[0].plain if bar.lines else ""


# --- new game ---------------------------------------------------------------------------------

async def test_new_game_validation_keeps_what_was_typed(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await open_new_game(pilot, app)
        screen = app.screen
        screen.query_one("#name-0").value = ""
        screen.query_one("#name-1").value = ""
        await pilot.click("#name-1")
        await pilot.press(*"player 1")  # same name as player 1, other case
        await pilot.click("#seed")
        await pilot.press(*"12x")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and app.game is None
        assert "Give this player a name" in str(screen.query_one("#name-0-error").render())
        text = screen_text(app)
        assert "Give this player a name" in text
        assert "whole number" in text
        assert screen.query_one("#name-1").value == "player 1"
        assert screen.query_one("#seed").value == "12x"
        # a field's message goes as soon as the field is fixed; the others stay
        await pilot.click("#seed")
        await pilot.press("end", "backspace")
        await pilot.pause()
        assert screen.query_one("#seed").value == "12"
        text = screen_text(app)
        assert "whole number" not in text and "Give this player a name" in text
        # fixing the fields starts the game, with the typed names and seed
        screen.query_one("#name-0").value = "Ann"
        screen.query_one("#seed").value = "12"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.game is not None and [p.name for p in app.game.players] == ["Ann", "player 1"]
        assert app.game.state.seed == 12
        assert isinstance(app.screen, HandoffScreen)


async def test_enter_in_a_field_goes_to_the_next_one_and_never_starts_the_game(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await open_new_game(pilot, app)
        screen = app.screen
        assert app.focused is screen.query_one("#name-0")
        screen.query_one("#name-0").value = ""
        await pilot.press(*"Ann", "enter")  # the first name typed, then Enter
        await pilot.pause()
        assert app.game is None and isinstance(app.screen, NewGameScreen)
        assert app.focused is screen.query_one("#seat-0")  # the next field: Player 1's seat
        screen.query_one("#name-1").value = ""
        await pilot.press("tab", *"Ben", "enter")
        await pilot.pause()
        assert app.game is None and app.focused is screen.query_one("#seat-1")
        screen.query_one("#seed").focus()
        await pilot.press(*"7", "enter", "enter")  # the last field: Enter stays there (never on to Start)
        await pilot.pause()
        assert app.game is None and app.focused is screen.query_one("#seed")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert [p.name for p in app.game.players] == ["Ann", "Ben"] and app.game.state.seed == 7


async def test_duplicate_names_refused_and_player_count_choice(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await open_new_game(pilot, app)
        screen = app.screen
        screen.query_one("#count").value = 7  # the expansion size is offered
        await pilot.pause()
        assert screen.query_one("#row-6").display
        screen.query_one("#name-4").value = "Player 2"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Same name as player 2" in screen_text(app)
        screen.query_one("#count").value = 3  # rows 4-7 hidden again: their values stay
        await pilot.pause()
        assert not screen.query_one("#row-4").display
        assert screen.query_one("#name-4").value == "Player 2"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert len(app.game.players) == 3


# --- privacy ----------------------------------------------------------------------------------

async def test_hand_off_hides_the_next_players_cards(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, ["Ann", "Ben", "Cid"], seed=3)
        for turn_of in range(3):  # each player's first pick is preceded by a hand-off
            screen = app.screen
            assert isinstance(screen, HandoffScreen)
            player = screen.pend.player
            assert player == turn_of
            name = app.game.players[player].name
            text = screen_text(app)
            assert f"Pass to {name}" in text and f"Press Enter or the button when only {name} is looking." in text
            for p in app.game.players:  # nobody's cards are on screen
                for card in p.draft + p.hand:
                    assert app.game.card(card).name not in text
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, DraftScreen)
            text = screen_text(app)
            assert app.game.card(app.game.players[player].draft[0]).name in text
            await pilot.press("enter", "c")
            await pilot.pause()


# --- draft ------------------------------------------------------------------------------------

async def test_two_player_pick_then_discard(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, ["Ann", "Ben"], seed=4)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DraftScreen) and screen.with_discard
        first = screen.cards[0]
        await pilot.press("enter")  # pick the first card
        await pilot.pause()
        assert screen.picked == first and "DISCARD" in screen_text(app)
        assert "u Undo" in key_bar(app) and "Confirm" not in key_bar(app)
        await pilot.press("up")  # the picked card cannot be discarded too: the cursor skips it
        await pilot.pause()
        assert app.game.state.decisions == []
        await pilot.press("enter")  # so Enter marks the next card for the discard
        await pilot.pause()
        assert screen.discard == screen.cards[1] and "✗ discard" in screen_text(app)
        assert "c Confirm" in key_bar(app) and app.game.state.decisions == []  # nothing decided yet
        await pilot.press("enter")  # a stray Enter decides nothing
        await pilot.pause()
        assert app.screen is screen and app.game.state.decisions == []
        await pilot.press("c")
        await pilot.pause()
        assert "Not allowed" not in screen_text(app)
        assert app.game.state.decisions[0] == {"player": 0, "kind": "pick", "card": first,
                                               "discard": screen.cards[1]}
        assert isinstance(app.screen, HandoffScreen) and app.screen.pend.player == 1


async def test_a_pick_is_chosen_then_confirmed_and_can_be_undone(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, ["Ann", "Ben", "Cid"], seed=3)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DraftScreen) and not screen.with_discard
        first, second = screen.cards[:2]
        await pilot.press("enter", "enter")  # two Enters: the first card chosen, nothing decided
        await pilot.pause()
        assert app.screen is screen and screen.picked == first and app.game.state.decisions == []
        assert "c: confirm your pick" in screen_text(app) and "✓ picked" in screen_text(app)
        await pilot.press("down", "enter")  # another card replaces the choice
        await pilot.pause()
        assert screen.picked == second
        await pilot.press("u")  # undo: nothing chosen, c does nothing
        await pilot.pause()
        assert screen.picked is None and "PICK" in screen_text(app) and "Confirm" not in key_bar(app)
        await pilot.press("c")
        await pilot.pause()
        assert app.screen is screen and app.game.state.decisions == []
        await pilot.press("enter", "c")
        await pilot.pause()
        assert app.game.state.decisions[0]["card"] == second


# --- deployment -------------------------------------------------------------------------------

def deploy_game(hand0: list[str], gold: int = 3, in_play: dict[int, str] | None = None) -> Game:
    game = goto(new_game(2, seed=1), "deploy")
    give(game, 0, hand0)
    for slot, key in (in_play or {}).items():
        put(game, 0, slot, key)
    game.state.players[0].gold = gold
    return game


async def open_board(app, pilot, game: Game) -> DeployScreen:
    app.play(game, ["human", "human"])
    await pilot.pause()
    await pilot.press("enter")  # hand-off
    await pilot.pause()
    assert isinstance(app.screen, DeployScreen)
    return app.screen


async def test_deploy_place_preview_undo_keep_confirm(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = deploy_game(["knight", "archer", "dragon"], gold=3)
        knight, archer, dragon = game.state.players[0].hand
        board = await open_board(app, pilot, game)
        assert "Undo" not in key_bar(app)
        await pilot.press("1")  # Knight (first in hand) to Front 1
        await pilot.pause()
        assert board.plan.slots[0] == knight
        assert "Forecast on what you see: ⚔4 vs P1 ⚔0 win ×2 ★6" in screen_text(app)
        assert "Undo" in key_bar(app)
        await pilot.press("down", "4")  # Archer to Back 1: it fights from the Back
        await pilot.pause()
        assert board.plan.slots[3] == archer
        assert "⚔6" in screen_text(app)
        await pilot.press("u")
        await pilot.pause()
        assert board.plan.slots[3] is None
        await pilot.press("down", "k")  # keep the Dragon
        await pilot.pause()
        assert board.plan.keep == dragon
        assert "Kept for next turn: Dragon" in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        assert game.state.players[0].submitted.slots == (knight, None, None, None, None)
        assert game.state.players[0].submitted.keep == dragon
        assert isinstance(app.screen, HandoffScreen)


async def test_take_it_out_first_goes_once_taken_out(catalog):
    """Issue 30, item 6: "F1 holds Knight: take it out first (x)" stayed on screen after x."""
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = deploy_game(["farmer"], in_play={0: "knight"})
        farmer = game.state.players[0].hand[0]
        board = await open_board(app, pilot, game)
        await pilot.press("1")
        await pilot.pause()
        assert "F1 holds Knight: take it out first (x)" in screen_text(app)
        await pilot.press("tab", "x")  # the cursor on Front 1: the Knight taken out
        await pilot.pause()
        assert board.plan.slots[0] is None and "take it out first" not in screen_text(app)
        await pilot.press("shift+tab", "1")  # now the Farmer goes there
        await pilot.pause()
        assert board.plan.slots[0] == farmer


async def test_deploy_move_and_take_out_units_in_play(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = deploy_game(["farmer"], in_play={0: "knight"})
        knight = game.state.players[0].slots[0].card
        board = await open_board(app, pilot, game)
        await pilot.press("1")  # the Farmer cannot push the Knight out by accident
        await pilot.pause()
        assert board.plan.slots[0] == knight and "take it out first" in screen_text(app)
        await pilot.press("tab")  # to the Kingdom: the cursor is on Front 1
        await pilot.press("4")  # move the Knight to the Back
        await pilot.pause()
        assert board.plan.slots[3] == knight and board.plan.slots[0] is None
        await pilot.press("down", "down", "x")  # take the Knight out of play (the locked F3 is skipped)
        await pilot.pause()
        assert board.plan.slots == [None] * 5 and board.plan.discarded() == [knight]
        assert "taken out" in screen_text(app)
        await pilot.press("c")  # no new Unit: asked first
        await pilot.pause()
        assert "Deploy no new Unit? 1 card of your hand goes to the discard." in screen_text(app)
        await pilot.press("y")
        await pilot.pause()
        assert game.state.players[0].submitted.slots == (None,) * 5


async def test_short_of_gold_asks_what_to_give_up(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = deploy_game(["knight", "dragon"], gold=3)  # 1 + 3 Gold with 3 in hand
        knight, dragon = game.state.players[0].hand
        await open_board(app, pilot, game)
        await pilot.press("1", "down", "2")
        await pilot.pause()
        assert "short by ¤1" in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        modal = app.screen
        assert isinstance(modal, UnpaidModal)
        assert modal.unpaid == [dragon]  # the dearest Unit is suggested
        await pilot.press("down", "space", "c")  # untick the Dragon: still short, the dialog stays
        await pilot.pause()
        assert app.screen is modal and "Not enough Gold yet" in screen_text(app)
        assert game.state.players[0].submitted is None
        await pilot.press("space", "c")  # tick it again and confirm: the suggestion
        await pilot.pause()
        assert app.screen is not modal
        assert game.state.players[0].submitted.unpaid == (dragon,)


async def test_locked_fifth_spot_key_is_hidden(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = await open_board(app, pilot, deploy_game(["knight"]))
        assert not board.check_action("place", (2,)) and board.check_action("place", (0,))
        await pilot.press("3")
        await pilot.pause()
        assert board.plan.slots == [None] * 5


# --- modals during the game ---------------------------------------------------------------------

async def test_time_master_target_is_asked_in_a_modal_and_warns_who_dies(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = deploy_game(["time_master"], in_play={0: "knight", 3: "relic_of_wisdom"})
        knight = game.state.players[0].slots[0].card
        await open_board(app, pilot, game)
        await pilot.press("2", "c")  # Time Master to Front 2
        await pilot.pause()
        await pilot.press("enter", "c", "y")  # Ben: hand-off, deploy nothing
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)  # the reveal is public
        assert "P0 reveals Time Master (Front 2)" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert "Turn 1/4 · Reveal" in screen_text(app) and "Deployment" not in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, AgeTargetModal)
        assert isinstance(app.screen_stack[-2], AgeTargetScreen)
        text = screen_text(app)
        assert "put 2◷ on one of your Units" in text
        rows = {line.split()[2]: line for line in text.splitlines() if "→ ◷" in line}
        assert "✝ dies this turn" in rows["Knight"]  # the engine says: 2 Age tokens, dies at Aging
        assert "lives through this Aging" in rows["Relic"]  # never dies
        await pilot.press("c", "enter")  # c alone confirms nothing; Enter chooses the first Unit, the Knight
        await pilot.pause()
        assert isinstance(app.screen, AgeTargetModal) and "Knight" in app.screen.label(0).plain
        assert "✓ chosen" in screen_text(app) and not events(game, "age_added", cause="time_master")
        await pilot.press("c")  # confirmed
        await pilot.pause()
        assert events(game, "age_added", cause="time_master", card=knight, amount=2)
        assert game.state.phase != "deployment"


async def test_time_master_dialog_says_what_the_age_tokens_change(catalog, monkeypatch):
    """Issue 30, item 6: the dialog said only "✝ dies this turn"; each Unit now says what the Age tokens
    change in its Kingdom this turn, as the engine works it out (the Adventurer's ore, the Militiaman's
    strength, the Income they bring)."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = deploy_game(["time_master"], in_play={0: "militiaman", 3: "adventurer", 4: "knight"})
        await open_board(app, pilot, game)
        await pilot.press("2", "c", "enter", "c", "y", "enter", "enter")  # Time Master in F2; Ben deploys nothing
        await pilot.pause()
        assert isinstance(app.screen, AgeTargetModal)
        text = screen_text(app)
        rows = {line.split()[2]: line for line in text.splitlines() if "→ ◷" in line}
        assert "◆0 → ◆2 ore" in rows["Adventurer"] and "⚔" not in rows["Adventurer"]
        assert "Kingdom ⚔3 → ⚔5" in rows["Militiaman"] and "ore" not in rows["Militiaman"]
        assert "✝ dies this turn" in rows["Knight"]


@pytest.mark.parametrize("no_color", [False, True])
async def test_mystical_healer_says_who_is_saved_and_who_dies(catalog, monkeypatch, no_color):
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = goto(new_game(2, seed=2), "heal")
        game.state.phase = "aging"
        put(game, 0, 3, "mystical_healer")
        knight = put(game, 0, 0, "knight", age=1)
        farmer = put(game, 0, 1, "farmer", age=1)
        assert game.pending()[0].kind == "heal"
        app.play(game, ["human", "human"])
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HealModal) and isinstance(app.screen_stack[-2], HealScreen)
        text = screen_text(app)  # nothing ticked at first: the state in glyphs and words
        assert "[ ] F1 Knight" in text and "[ ] F2 Farmer" in text and text.count("✝ dies") == 2
        assert "Confirming saves nobody; Knight, Farmer die." in text
        await pilot.press("space")  # ticks the Knight
        await pilot.pause()
        text = screen_text(app)
        assert "[x] F1 Knight" in text and "saved" in text and "Confirming saves Knight; Farmer dies." in text
        await pilot.press("down", "space")  # one Healer: one Unit
        await pilot.pause()
        assert "[ ] F2 Farmer" in screen_text(app) and "can save 1: untick one first" in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        assert events(game, "unit_saved", card=knight) and not events(game, "unit_saved", card=farmer)
        assert isinstance(app.screen, SummaryScreen)
        assert "saves Knight" in screen_text(app)


async def test_the_healer_dialog_lists_every_unit_that_dies(catalog, monkeypatch):
    """Issue 30, item 6: a Treefolk with ◷2 dies too, though a Healer saves only a Unit with ◷1: the dialog
    listed only the Units the Healer could save, and its last line left the Treefolk out."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = goto(new_game(2, seed=2), "heal")
        game.state.phase = "aging"
        put(game, 0, 3, "mystical_healer", age=1)
        knight = put(game, 0, 0, "knight", age=1)
        treefolk = put(game, 0, 1, "treefolk", age=2)
        put(game, 0, 2, "farmer")  # lives: not listed
        assert game.pending()[0].kind == "heal" and game.dies(game.state.players[0].slots[1])
        app.play(game, ["human", "human"])
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HealModal)
        text = screen_text(app)
        assert "[ ] F1 Knight" in text and "[ ] B1 Mystical Healer" in text and "Farmer" not in text
        assert "F2 Treefolk" in text and "✝ dies: no Healer can save it" in text and "[ ] F2" not in text
        assert "Confirming saves nobody; Knight, Treefolk, Mystical Healer die." in text
        await pilot.press("space")  # the Knight; the cursor never stops on the Treefolk
        await pilot.press("down", "space")
        await pilot.pause()
        text = screen_text(app)
        assert "[x] F1 Knight" in text and "can save 1: untick one first" in text
        assert "Confirming saves Knight; Treefolk, Mystical Healer die." in text
        await pilot.press("c")
        await pilot.pause()
        assert events(game, "unit_saved", card=knight) and events(game, "unit_died", card=treefolk)


async def test_construction_lists_offers_and_what_is_missing(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = goto(new_game(2, seed=2), "construction")
        put(game, 0, 0, "woodcutter")  # produces wood: Town, Mine, Barracks can be built
        game.state.players[0].gold = 0
        game.state.players[1].gold = 0
        assert [p.player for p in game.pending()] == [0]
        app.play(game, ["human", "human"])
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ConstructionScreen)
        text = screen_text(app)
        assert "Build Town at level 1" in text and "Pass" in text
        assert "✗ Tavern level 1: missing ✿" in text
        assert "Town, level 1" in text and "End of the game: ★1" in text and "Land cost ¤0" in text
        assert "made by your Kingdom: ♣ wood" in text
        assert screen.options[0].building == "town"
        await pilot.press("enter")
        await pilot.pause()
        assert not events(game, "building_built")  # chosen, not built: c confirms
        assert "✓ chosen · c: confirm · u: undo" in screen_text(app) and "c Confirm" in key_bar(app)
        assert screen.choice == "0" and "Build Town at level 1" in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        assert events(game, "building_built", player=0, building="town", level=1)


async def test_one_human_two_stray_enters_build_nothing(catalog):
    """One human seat: Enter on the Income page, then Enter again, only chooses the top item; p
    chooses Pass; u undoes; nothing is built before c."""
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = goto(new_game(2, seed=2), "construction")
        put(game, 0, 0, "woodcutter")
        game.state.players[1].gold = 0
        app.play(game, ["human", "bot:easy"])
        for _ in range(20):  # to the Construction screen (the bot may play first)
            await pilot.pause()
            if isinstance(app.screen, ConstructionScreen):
                break
            await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, ConstructionScreen)
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert app.screen is screen and not events(game, "building_built", player=0)
        await pilot.press("p")
        await pilot.pause()
        assert screen.choice == "pass" and "✓ chosen" in screen_text(app)
        await pilot.press("u")
        await pilot.pause()
        assert screen.choice is None and "Confirm" not in key_bar(app)
        await pilot.press("c")
        await pilot.pause()
        assert app.screen is screen and game.players[0].submitted is None
        await pilot.press("p", "c")
        await pilot.pause()
        assert app.screen is not screen and not events(game, "building_built", player=0)


# --- always reachable -------------------------------------------------------------------------

def card_pane(app) -> str:
    """The card browser's right pane, its wrapped lines joined."""
    return " ".join(line.split("│")[-1].strip() for line in screen_text(app).splitlines() if "│" in line)


async def test_card_browser_log_scoreboard_and_palette(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, ["Ann", "Ben", "Cid"], seed=3)
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, CardBrowser)
        await pilot.press("slash", *"krak", "enter")
        await pilot.pause()
        text = screen_text(app)
        assert "Kraken" in text and "level-2 Building" in card_pane(app)
        await pilot.press("f3")  # one reference screen at a time
        await pilot.pause()
        assert isinstance(app.screen, LogScreen) and "New game: Ann, Ben, Cid (seed 3)" in screen_text(app)
        await pilot.press("f4")
        await pilot.pause()
        assert isinstance(app.screen, ScoreboardScreen) and "Turn 1/4" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"golem")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CardBrowser)
        assert "Golem  cost ¤2" in screen_text(app) and "level-1 Buildings turns to" in card_pane(app)


async def test_quit_asks_for_confirmation(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, ["Ann", "Ben"], seed=3)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("ctrl+q", "y")
        await pilot.pause()
    assert app.return_code == 0


async def test_small_terminal_says_the_size_it_needs(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "at least 80×24" in screen_text(app) and "60×20" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_too_small_message_wraps_on_a_narrow_terminal(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = " ".join(screen_text(app).split())
        assert "Paper Tales needs a terminal of at least 80×24. This one is 40×20: please enlarge it." in text


def dialog_text(app) -> str:
    """The words inside a modal dialog's frame, its wrapped lines joined."""
    inside = [line.split("█")[1] for line in screen_text(app).splitlines() if line.count("█") >= 2]
    return " ".join(" ".join(inside).split())


async def test_quit_question_is_shown_whole(catalog, tmp_path, monkeypatch):
    from papertales_tui.persistence import DATA_DIR_ENV

    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path))
    app = PaperTalesApp(catalog, autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, ["Ann", "Ben"], seed=3)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit)
        assert len(app.quit_question()) > 70  # longer than the dialog is wide: it wraps
        assert app.quit_question() in dialog_text(app)


async def test_card_browser_shows_one_line_per_card(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        browser = app.screen
        assert isinstance(browser, CardBrowser)
        names = [name for _, _, name in browser.entries()]
        seen = 0
        for _ in range(3):  # the top of the list, then two pages further down
            for line in screen_text(app).splitlines()[2:-1]:
                left = line.split("│")[0].strip(" ▁▂▃▄▅▆▇█")
                assert not left or any(left.startswith(n) for n in names), line
                seen += bool(left)
            await pilot.press("pagedown")
            await pilot.pause()
        assert seen > 40


def test_final_scores_explain_the_tie_breaker():
    game = new_game(3)
    for p, (lp, gold) in zip(game.players, [(20, 3), (20, 5), (12, 9)]):
        p.lp, p.gold = lp, gold
    game.state.over = True  # (the scores as at the end)
    assert "tie goes to the most Gold — P1" in tie_note(observe(game, None)).plain
    game.players[0].gold = 5
    assert "share the victory" in tie_note(observe(game, None)).plain


async def test_final_screen_and_new_game(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = new_game(2)
        game.state.over = True
        game.players[0].lp = 9
        app.play(game, ["human", "human"], shown=len(game.state.log))
        await pilot.pause()
        assert "P0 wins!" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)


async def test_deploy_with_the_mouse(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = deploy_game(["knight", "archer"])
        knight, archer = game.state.players[0].hand
        board = await open_board(app, pilot, game)
        await pilot.click("#hand", offset=(3, 2))  # the title line, then Knight, Archer
        await pilot.pause()
        assert board.held == archer and "Holding Archer" in screen_text(app)
        await pilot.click("#spots", offset=(3, 4))  # Back 1
        await pilot.pause()
        assert board.plan.slots[3] == archer and board.held is None
        bar = app.screen.query_one(KeyBar)
        start = next(s for s, _, _, action in bar.spans if action == "confirm")
        await pilot.click(KeyBar, offset=(start + 1, 0))
        await pilot.pause()
        assert game.state.players[0].submitted.slots == (None, None, None, archer, None)


async def test_key_bar_fits_the_width_and_shows_quit_in_full(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = await open_board(app, pilot, deploy_game(["knight", "archer"]))
        await pilot.press("1", "down", "enter")  # a placed card (undo) and a held one (drop)
        await pilot.pause()
        assert board.held is not None
        bar = key_bar(app)
        assert "Esc Drop" in bar and "u Undo" in bar and "c Confirm" in bar
        assert "Ctrl+Q Quit" in bar and "f1-f4 Help" in bar and len(bar) <= SIZE[0] and "…" not in bar

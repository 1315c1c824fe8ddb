"""A game is never lost, and stored text is shown literally (issue 20): one rule for player names
shared by the New game form, the rules core and the save format; New game keeps an unfinished game;
the quit question tells the truth about the autosave; Save as refuses bad paths in one line; names
from an unverified autosave are drawn literally."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_tui_support import SIZE, keys_for, open_new_game, screen_text
from textual import events

from papertales_tui.persistence import SaveFileError, encode_save, load_autosave, read_save, replay_game
from papertales_tui.rules import observe
from papertales_tui.rules.engine import Game
from papertales_tui.rules.names import MAX_NAME_CELLS, SAVED_NAME_CELLS, BadName, name_problem
from papertales_tui.rules.random_play import random_decision
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.newgame import NewGameScreen, validate


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    d = tmp_path / "data"
    monkeypatch.setenv("PAPERTALES_DATA_DIR", str(d))
    return d


# ---- one rule for names ----


async def test_a_pasted_control_character_is_refused_by_the_form_and_the_game_is_kept(data_dir, catalog):
    """Item 1: `Ann\\x01\\x7f` pasted into the form used to start a game none of whose autosaves loaded."""
    app = PaperTalesApp(catalog, autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await open_new_game(pilot, app)
        field = app.screen.query_one("#name-0")
        field.value = ""
        field.post_message(events.Paste("Ann\x01\x7f"))  # as a terminal's bracketed paste delivers it
        await pilot.pause()
        assert field.value == "Ann\\x01\\x7f"  # shown literally (tests/test_literal_text.py)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and app.game is None
        assert "The pasted name held a control character (U+0001), shown as \\x01; retype it." in screen_text(app)
        for name in ("W" * 99, "漢" * 11, "Bo\u202e", "a" + "\u0301" * 70):  # each message whole at 80 columns
            app.screen.query_one("#name-0").value = name
            await pilot.pause()
            assert validate([name, "Player 2"], "")["name-0"] in screen_text(app).replace("漢 ", "漢")
        app.screen.query_one("#name-0").value = "Ann"
        await pilot.pause()
        assert "control character" not in screen_text(app)  # the message goes once the name is fixed
        await pilot.press("ctrl+s")
        await pilot.pause()
        for _ in range(3):
            await pilot.press(*keys_for(app))
            await pilot.pause()
        assert load_autosave(catalog=catalog).players == ["Ann", "Player 2"]


@pytest.mark.parametrize("name", ["Ann\x01\x7f", "Ann\x1b[2J", "Bo\u202eevil", "\u200b", "Cy\u0085", "Di\ud800",
                                  "A" * (SAVED_NAME_CELLS + 1), "漢" * (SAVED_NAME_CELLS // 2 + 1), " Ann"])
def test_the_rules_core_refuses_what_the_form_refuses(name, catalog):
    assert validate([name, "Bo"], "") != {} or name != name.strip()  # the form trims spaces itself
    with pytest.raises(BadName):
        Game.new([name, "Bo"], seed=1, catalog=catalog)


def test_a_wide_name_a_0_1_save_could_hold_still_loads_but_the_form_keeps_new_names_narrower(catalog):
    """0.1.0 allowed 20 characters of any width: such a game is not lost (it loads and replays), while
    the form holds a new name to MAX_NAME_CELLS columns, what the screens lay out whole."""
    wide = "漢" * MAX_NAME_CELLS
    assert "columns on screen" in validate([wide, "Bo"], "")["name-0"]
    game = Game.new([wide, "Bo"], seed=1, catalog=catalog)
    for _ in range(6):
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, random.Random(pend.player)))
    save = read_save(encode_save(game), "x.json", catalog)
    assert save.players == [wide, "Bo"] and replay_game(save).to_json() == game.to_json()


@pytest.mark.parametrize("name", ["Ann", "李小龍", "漢" * (MAX_NAME_CELLS // 2), "A" * MAX_NAME_CELLS, "Zoë",
                                  "Zoe\u0308", "Mehr\u200cnaz", "👨\u200d👩\u200d👧", "[b]Bo[/]", "Ann Lee"])
def test_good_names_pass_everywhere(name, catalog):
    assert name_problem(name) is None and validate([name, "Other"], "") == {}
    game = Game.new([name, "Other"], seed=1, catalog=catalog)
    assert read_save(encode_save(game), "x.json", catalog).players == [name, "Other"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=30))
def test_what_the_form_accepts_every_save_accepts(catalog, raw):
    """Any text typed or pasted: either the form refuses it with a reason, or the game it starts is
    saved and loaded back."""
    errors = validate([raw, "Other"], "")
    if errors:
        assert set(errors) == {"name-0"} and errors["name-0"].endswith(".")
        return
    game = Game.new([raw.strip(), "Other"], seed=1, catalog=catalog)
    assert read_save(encode_save(game), "x.json", catalog).players == [raw.strip(), "Other"]


def test_a_save_with_a_control_character_in_a_name_is_refused_with_the_reason(catalog):
    import json

    from papertales_tui.persistence import _checksum

    payload = json.loads(encode_save(Game.new(["Ann", "Bo"], seed=1, catalog=catalog)))
    payload["state"]["players"][0]["name"] = payload["players"][0]["name"] = "Ann\x1b]2;x\x07"
    payload["checksum"] = _checksum(payload)
    with pytest.raises(SaveFileError, match=r"name.*control character \(U\+001B\)"):
        read_save(json.dumps(payload).encode(), "x.json", catalog)


# ---- Save as: a bad path is refused in one line ----


@pytest.mark.parametrize(("typed", "said"), [
    ("~nosuchuser9/game.json", "~nosuchuser9 is not a home folder on this computer"),
    ("{tmp}", "this is a folder: add a file name, e.g. {tmp}/game.json"),
    ("{tmp}/no/such/folder/game.json", "there is no folder {tmp}/no/such/folder"),
    ("{tmp}/locked/game.json", "Permission denied"),
    ("game\x00.json", "embedded null byte"),
])
async def test_save_as_refuses_a_path_it_cannot_write_in_one_line(tmp_path, catalog, typed, said):
    """Item 6: `~nosuchuser/game.json` ended the app in `RuntimeError: Could not determine home directory`."""
    import os

    from papertales_tui.tui.screens.modals import SaveAsModal

    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    if os.geteuid() == 0 and "locked" in typed:
        pytest.skip("root may write anywhere")
    typed, said = typed.format(tmp=tmp_path), said.format(tmp=tmp_path)
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(Game.new(["Ann", "Bo"], seed=1, catalog=catalog), ["human"] * 2)
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        app.screen.query_one("#save-path").value = typed
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SaveAsModal) and app.is_running
        message = str(app.screen.query_one("#dialog-message").render())
        assert message.startswith("Not saved:") and said in message and "\n" not in message and "\x00" not in message
        shown = "".join(line.strip(" █") for line in screen_text(app).splitlines()).replace(" ", "")
        assert message.replace(" ", "") in shown  # the whole message: it wraps in the dialog, never cut
    assert list(locked.iterdir()) == []


# ---- names from an unverified autosave are shown literally ----

HOSTILE_NAME = "Ann\x1b]2;Hacked\x07\x1b[2J[b]"


def write_unverified_autosave(data_dir, names, over=False):
    """An autosave as the title screen's quick look reads it (no checksum: the look checks nothing)."""
    import json

    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "autosave.json").write_text(json.dumps({
        "players": [{"seat": i, "name": n} for i, n in enumerate(names)],
        "state": {"turn": 2, "turns": 4, "over": over}}))


async def test_the_title_screen_shows_names_from_the_autosave_literally(data_dir, catalog):
    write_unverified_autosave(data_dir, [HOSTILE_NAME, "Bo\u202eevil"])
    app = PaperTalesApp(catalog, autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        label = app.screen.choices[1][1]
        assert "\x1b" not in label and "\x07" not in label and "\u202e" not in label
        text = screen_text(app)
        assert "(turn 2/4, Ann\\x1b]2;Hacked\\x07\\x1b[2J[b] and …)" in text  # (not a good name: long)
        await pilot.press("enter")  # New game: the warning names both players, literally
        await pilot.pause()
        assert "Ann\\x1b]2;Hacked\\x07\\x1b[2J[b], Bo\\u202eevil" in " ".join(screen_text(app).split())
        assert "New game" in text and "Quit" in text  # the menu is whole


@pytest.mark.skipif(not hasattr(__import__("os"), "openpty"), reason="a pseudo-terminal")
def test_the_real_app_sends_no_control_code_from_an_autosaved_name(data_dir):
    """Item 11: a name holding `ESC]2;...BEL ESC[2J` retitled the terminal and erased the menu."""
    from test_app_killed import App

    write_unverified_autosave(data_dir, [HOSTILE_NAME, "Bo"])
    app = App([], data_dir)
    try:
        app.wait_for_screen()
        output = bytes(app.output)
    finally:
        app.kill()
    assert b"Resume the last game" in output
    assert b"\x1b]2;Hacked" not in output and b"Hacked\x07" not in output
    assert b"\\x1b]2;Hacked" in output


# ---- quitting tells the truth about the autosave ----


async def decide(pilot, app, n: int) -> None:
    goal = len(app.game.state.decisions) + n
    while len(app.game.state.decisions) < goal:
        await pilot.press(*keys_for(app))
        await pilot.pause()


async def test_quit_after_a_failed_autosave_says_what_is_lost_and_offers_save_as(data_dir, tmp_path, catalog):
    """Item 3: with autosaves failing, Ctrl+Q said "The game is autosaved" and quitting lost every
    decision since the failure."""
    from test_tui_support import start

    from papertales_tui.tui.screens.modals import ConfirmQuit, SaveAsModal

    app = PaperTalesApp(catalog, autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, ["Ann", "Ben"], seed=3)
        await decide(pilot, app, 2)
        assert len(load_autosave(catalog=catalog).decisions) == 2
        data_dir.rename(tmp_path / "moved")
        data_dir.write_text("a file where the data folder should be")  # autosaves fail from now on
        await decide(pilot, app, 3)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit)
        question, shown = app.screen.question, screen_text(app)
        assert "The autosave is failing: the last 3 decisions of this game are not saved anywhere" in question
        assert "autosaved: Resume" not in question and "Save as… (s)" in shown and "file first." in shown
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SaveAsModal)
        app.screen.query_one("#save-path").value = str(tmp_path / "kept.json")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit)
        assert f"This game is saved: resume it with papertales --resume {tmp_path / 'kept.json'}" in app.screen.question
        await pilot.press("y")
        await pilot.pause()
    from papertales_tui.persistence import load_save

    assert len(load_save(tmp_path / "kept.json", catalog).decisions) == 5


async def test_quit_without_the_autosave_lock_offers_save_as(catalog):
    from papertales_tui.tui.screens.modals import ConfirmQuit

    app = PaperTalesApp(catalog, autosave=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(Game.new(["Ann", "Bo"], seed=1, catalog=catalog), ["human"] * 2)
        await pilot.pause()
        await decide(pilot, app, 1)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmQuit) and app.screen.offer_save
        assert "it is lost if you quit now. Press s to save it to a file first." in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmQuit) and app.is_running


# ---- a new game keeps an unfinished one ----


async def play_a_little(catalog, names, n, discard=False, seen=None):
    """Launch the app, start a new game of `names` from the title screen, make `n` decisions, quit."""
    from test_tui_support import start

    app = PaperTalesApp(catalog, autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await open_new_game(pilot, app)
        if seen is not None:
            seen.append(screen_text(app))
        if discard:
            app.screen.query_one("#discard").value = True
        await start(pilot, app, names, seed=3)
        await decide(pilot, app, n)
    return app


async def test_a_new_game_warns_and_keeps_the_unfinished_game_listed_under_resume(data_dir, catalog):
    """Item 2: two decisions of a new game replaced both autosaves of an unfinished one, unannounced."""
    from papertales_tui.dirs import kept_games
    from papertales_tui.persistence import load_save

    await play_a_little(catalog, ["Ann", "Bo"], 3)
    seen: list[str] = []
    await play_a_little(catalog, ["Cy", "Di"], 2, seen=seen)
    warning = " ".join(seen[0].split())
    assert "An unfinished game is autosaved (turn 1/4, Ann, Bo). Starting a new game keeps it" in warning
    assert "Discard it instead" in warning
    assert load_autosave(catalog=catalog).players == ["Cy", "Di"]
    [kept] = kept_games()
    assert load_save(kept, catalog).players == ["Ann", "Bo"] and len(load_save(kept, catalog).decisions) == 3

    app = PaperTalesApp(catalog, autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        labels = [label for _, label in app.screen.choices]
        assert labels[1].startswith("Resume the last game (turn 1/4, Cy, Di)")
        assert labels[2].startswith("Resume kept ") and labels[2].endswith(": turn 1/4, Ann, Bo")
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert app.game.players[0].name == "Ann" and len(app.game.state.decisions) == 3
    assert load_autosave(catalog=catalog).players == ["Ann", "Bo"]  # the kept game is the autosave again
    [kept] = kept_games()  # and the other one is kept in its turn
    assert load_save(kept, catalog).players == ["Cy", "Di"]


async def test_the_discard_box_says_its_state_in_words(data_dir, catalog):
    """Textual's box shows its X in both states (its colour alone tells them apart, none without
    colour): the box is empty until ticked, and the words say what a tick does."""
    await play_a_little(catalog, ["Ann", "Bo"], 3)
    app = PaperTalesApp(catalog, autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await open_new_game(pilot, app)
        assert "▐ ▌ Discard it instead (Space: tick)" in screen_text(app)
        app.screen.query_one("#discard").focus()
        await pilot.press("space")
        await pilot.pause()
        assert "▐X▌ Discard it instead: the new game replaces its autosave" in screen_text(app)


async def test_a_new_game_replaces_the_unfinished_one_only_when_told_to(data_dir, catalog):
    from papertales_tui.dirs import kept_games

    await play_a_little(catalog, ["Ann", "Bo"], 3)
    await play_a_little(catalog, ["Cy", "Di"], 2, discard=True)
    assert kept_games() == [] and load_autosave(catalog=catalog).players == ["Cy", "Di"]


async def test_no_warning_without_an_unfinished_game(data_dir, catalog):
    seen: list[str] = []
    await play_a_little(catalog, ["Ann", "Bo"], 1, seen=seen)
    assert "unfinished" not in seen[0] and "Discard" not in seen[0]


# ---- signals and wide names ----


@pytest.mark.skipif(not hasattr(__import__("os"), "openpty"), reason="a pseudo-terminal and POSIX signals")
@pytest.mark.parametrize(("sig", "code"), [("SIGINT", 130), ("SIGTERM", 143)])
def test_the_real_app_stopped_by_a_signal_exits_with_the_shells_code(data_dir, sig, code):
    """Item 13: `kill -INT` on the running app ended it with exit code 0, not 130."""
    import os
    import signal

    from test_app_killed import App

    app = App([], data_dir)
    try:
        app.wait_for_screen()
        app.proc.send_signal(getattr(signal, sig))
        assert app.proc.wait(timeout=30) == code
    finally:
        if app.proc.poll() is None:
            app.kill()
        else:
            os.close(app.master)
    assert b"\x1b[?1049l" in app.output  # the terminal was given back (alternate screen left)


@pytest.mark.parametrize("name", ["龍" * (MAX_NAME_CELLS // 2), "W" * MAX_NAME_CELLS, "Ｗｉｄｅ ｎａｍｅ ０"])
async def test_the_widest_names_are_whole_on_every_hand_off(catalog, name):
    """Item 13: 20-character CJK names were cut on the hand-off screen (so were 20-letter ones)."""
    from types import SimpleNamespace

    from papertales_tui.rules.decisions import Step
    from papertales_tui.tui.screens.handoff import YOUR_TURN, HandoffScreen, wrapped

    game = Game.new([name, "Bo"], seed=1, catalog=catalog)
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for kind in YOUR_TURN:
            pend = SimpleNamespace(player=0, kind=kind)
            await app.push_screen(HandoffScreen(observe(game, None), pend, (0, Step.DEPLOY)))
            await pilot.pause()
            text = screen_text(app).replace(" ", "")  # (wide characters are read back one cell apart)
            squeezed = name.replace(" ", "")
            assert f"Passto{squeezed}" in text and f"PressEnterorthebuttonwhenonly{squeezed}islooking." in text
            assert f"Iam{squeezed}" in text and f"{squeezed}maystilltakebacktheirdeployment:pressu" in text
            turn = wrapped(YOUR_TURN[kind], name)  # "龍龍…, it is your turn to" / "deploy Units.": each line whole
            assert all(line.replace(" ", "") in text for line in turn) and any(name in line for line in turn)
            await pilot.press("u")  # the take-back is a hand-off back to that player: the same names whole
            text = screen_text(app).replace(" ", "")
            assert f"Passbackto{squeezed}" in text and f"PressEnterorthebuttonwhenonly{squeezed}islooking." in text
            assert f"{squeezed}takesbacktheirdeployment" in text and f"Iam{squeezed}" in text
            app.pop_screen()


async def test_the_command_palette_shows_card_names_from_packs_literally(tmp_path):
    """Card packs are file text: a card named with markup is listed as typed, and still found."""
    import shutil

    from conftest import edit_yaml

    from papertales_tui.rules.card_paths import default_cards_dir
    from papertales_tui.rules.catalog import load_catalog

    d = tmp_path / "cards"
    shutil.copytree(default_cards_dir(), d)

    def rename(data: dict) -> None:
        for card in data.get("units", []):
            if card["name"] == "Knight":
                card["name"] = "[b]Knight[/]"

    for f in d.glob("*.yaml"):
        edit_yaml(f, rename)
    app = PaperTalesApp(load_catalog(base_dir=d))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Knight")
        await pilot.pause(0.5)
        assert "Card: [b]Knight[/]" in screen_text(app)
        await pilot.press("escape")
        await pilot.press("ctrl+p")
        await pilot.pause(0.5)
        await pilot.press(*"Card: [b]")
        await pilot.pause(0.5)
        assert "Card: [b]Knight[/]" in screen_text(app)


async def test_the_title_screen_lists_long_games_whole_at_80_columns(data_dir, catalog):
    """Seven players of 20 cells: each Resume entry fits its line ("... and 4 more")."""
    from papertales_tui.persistence.store import keep_autosave

    names = [f"{'Wilhelmina'}{k:02d}{'x' * 8}" for k in range(7)]
    write_unverified_autosave(data_dir, names)
    keep_autosave()
    write_unverified_autosave(data_dir, names)
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        for _, label in app.screen.choices:
            assert label in text  # whole on its line
        assert "Resume the last game (turn 2/4, Wilhelmina00xxxxxxxx and 6 more)" in text
        assert ": turn 2/4, Wilhelmina00xxxxxxxx and 6 more" in text.split("Resume kept ")[1]

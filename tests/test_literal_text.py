"""One way to show text from people and files, in the CLI and on the screens (`rules.literal`, which
`commands.printable` is): Rich markup shown as typed, and no control character (C0, C1, DEL, ESC
sequences, CR, tab, bidi overrides, zero-width spaces, line breaks) ever reaches the terminal raw.
The same rule refuses such characters in player names and card texts (`names.unsafe`)."""

from __future__ import annotations

import unicodedata

import pytest
import yaml
from rich.text import Text
from test_tui_support import SIZE, open_new_game, screen_text
from textual import events

from papertales_tui.cli import main
from papertales_tui.commands import printable
from papertales_tui.rules import literal, name_problem
from papertales_tui.rules.catalog import CardFileError, load_catalog
from papertales_tui.rules.names import unsafe
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.handoff import HandoffScreen
from papertales_tui.tui.screens.newgame import NewGameScreen

HOSTILE = ["[bold]", "[/]", "\x1b[2J", "\x9b31m", "a\rb", "a\tb", "\u202eevil", "zero\u200bwidth", "\x7f",
           "line\u2028break", "W" * 20, "漢字" * 10]


def raw_controls(text: str) -> list[str]:
    return [ch for ch in text
            if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs") and ch not in "\u200c\u200d"]


@pytest.mark.parametrize("text", HOSTILE)
def test_the_cli_and_the_screens_show_text_the_same_literal_way(text):
    shown = literal(text)
    assert printable(text) == shown  # one rule for both
    assert raw_controls(shown) == []  # nothing left to drive the terminal
    assert Text(shown).plain == shown  # a Text shows [bold] and [/] as typed, never as markup
    assert shown == text or "\\" in shown  # only the unsafe characters changed, to their escapes
    assert (shown == text) == (not any(unsafe(ch) for ch in text))


def test_escapes_name_the_characters():
    assert literal("\x1b[2J") == "\\x1b[2J" and literal("\x9b") == "\\x9b" and literal("a\rb\tc") == "a\\rb\\tc"
    assert literal("\u202eevil") == "\\u202eevil" and literal("👩\u200d💻") == "👩\u200d💻"  # a joiner is kept


@pytest.mark.parametrize("name", ["\x1b[2J", "\x9b", "a\rb", "a\tb", "\u202eevil"])
def test_names_holding_what_literal_escapes_are_refused(name):
    problem = name_problem(name)
    assert problem is not None and "U+" in problem and raw_controls(problem) == []


@pytest.mark.parametrize("bad", ["Gno\u202eme", "Gno\u200bme", "Gno\x9bme", "Gno\x1b[2Jme"])
def test_card_texts_follow_the_same_rule(tmp_path, bad):
    d = tmp_path / "pack"
    d.mkdir()
    unit = {"id": "gnome", "name": "Gnome", "copies": 2, "cost": 1, "strength": 2, "abilities": [
        {"effect": "gold", "phase": "income", "params": {"amount": 1}, "text": bad}]}
    (d / "pack.yaml").write_text(yaml.safe_dump({"units": [unit]}), encoding="utf-8")
    with pytest.raises(CardFileError) as info:
        load_catalog([d])
    assert f"U+{ord(next(ch for ch in bad if unsafe(ch))):04X}" in info.value.message


def test_a_card_file_error_is_one_literal_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("PAPERTALES_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PAPERTALES_CACHE_DIR", str(tmp_path / "cache"))
    d = tmp_path / "pack"
    d.mkdir()
    (d / "bad\x1b[2J\x9b[b].yaml").write_text("units:\n- id: [bold]\n", encoding="utf-8")
    assert main(["--cards", str(d), "simulate", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and raw_controls(err.rstrip("\n")) == []
    assert "bad\\x1b[2J\\x9b[b].yaml" in err


def test_a_save_path_in_an_error_is_literal(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("PAPERTALES_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PAPERTALES_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "game\r\x1b]0;pwned\x07.json"
    path.write_text("{}", encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and raw_controls(err.rstrip("\n")) == []
    assert "game\\r\\x1b]0;pwned\\x07.json" in err


async def test_pasted_control_characters_show_as_their_escapes_and_markup_as_typed(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await open_new_game(pilot, app)
        form = app.screen
        field = form.query_one("#name-0")
        field.value = ""
        field.focus()
        await pilot.pause()
        field.post_message(events.Paste("\x1b[2J[bold]\u202e\nsecond line"))
        await pilot.pause()
        assert field.value == "\\x1b[2J[bold]\\u202e"  # shown literally, first line only
        form.query_one("#name-1").value = "[/]" + "W" * 17  # the widest name the form takes (20 cells)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and app.game is None  # refused until retyped
        text = screen_text(app)
        assert "The pasted name held a control character (U+001B), shown as \\x1b; retype it." in text
        field.value = "[bold]Ann\\"  # retyped (a backslash typed is just a backslash)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert [p.name for p in app.game.players] == ["[bold]Ann\\", "[/]" + "W" * 17]
        assert "Pass to [bold]Ann\\" in screen_text(app)  # markup shown as typed

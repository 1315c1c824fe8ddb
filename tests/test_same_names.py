"""Two players of one name: the New game form and the save loader compare names the same way (rules/names.py
`name_key`: NFKC-normalized, case-folded), so a save holds only names the form would take: "Ann" twice,
or "Ann" and the full-width "Ａｎｎ", are refused by the form, by the commands (one line naming the file,
exit 2) and by the app (a message; the title screen stays)."""

from __future__ import annotations

import json

import pytest
from test_tui_support import SIZE, screen_text

from papertales_tui import persistence
from papertales_tui.cli import main
from papertales_tui.persistence import _checksum, save_as
from papertales_tui.rules import name_key
from papertales_tui.rules.engine import Game
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.newgame import NewGameScreen, validate
from papertales_tui.tui.screens.title import TitleScreen


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    monkeypatch.setenv(persistence.DATA_DIR_ENV, str(tmp_path / "data"))
    monkeypatch.setenv("PAPERTALES_CACHE_DIR", str(tmp_path / "cache"))


def renamed(path, names: list[str]):
    """The save at `path` with its players renamed, its checksum made again (the deeper checks run)."""
    payload = json.loads(path.read_bytes())
    for seat, name in enumerate(names):
        payload["players"][seat]["name"] = payload["state"]["players"][seat]["name"] = name
    payload["checksum"] = _checksum(payload)
    path.write_text(json.dumps(payload, ensure_ascii=False), encoding="utf-8")
    return path


def test_names_are_compared_nfkc_normalized_and_case_folded():
    assert name_key("Ａｎｎ") == name_key("ANN") == name_key("ann") == name_key("Ann")
    assert name_key("Straße") == name_key("STRASSE") and name_key("Ann") != name_key("Anne")


def test_the_form_refuses_a_full_width_twin():
    errors = validate(["Ann", "Ａｎｎ", "Bo"], "")
    assert errors == {"name-1": "Same name as player 1: names must differ."}


@pytest.mark.parametrize("names, words", [
    (["Ann", "Ann", "Ann"], "players 1 and 2 have the same name, 'Ann'"),
    (["Ann", "Bo", "Ａｎｎ"], "players 1 and 3 have the same name, 'Ann' and 'Ａｎｎ'"),
], ids=["three Anns", "full-width"])
@pytest.mark.parametrize("command", [["replay"], ["--resume"], ["review", "--samples", "4"]],
                         ids=["replay", "resume", "review"])
def test_a_save_with_two_players_of_one_name_is_refused(tmp_path, capsys, names, words, command):
    path = renamed(save_as(Game.new(["Ann", "Bo", "Cy"], seed=1), tmp_path / "g.json"), names)
    assert main([*command, str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(path) in err and words in err and "names must differ" in err, err


async def test_the_app_says_why_it_cannot_continue_such_an_autosave(catalog, tmp_path, monkeypatch):
    persistence.autosave(Game.new(["Ann", "Bo", "Cy"], seed=1, catalog=catalog), {"seats": ["human"] * 3})
    renamed(persistence.autosave_path(), ["Ann", "Ann", "Ann"])
    app = PaperTalesApp(catalog)
    notes: list[str] = []
    shown = app.notify

    def notify(message: str, *args, **kwargs) -> None:  # records the toasts, through the public method
        notes.append(message)
        shown(message, *args, **kwargs)

    monkeypatch.setattr(app, "notify", notify)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Ann, Ann, Ann" in screen_text(app)  # (the title screen reads only the summary)
        await pilot.press("down", "enter")  # Resume the last game
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen | NewGameScreen) and app.session is None
    assert any("players 1 and 2 have the same name, 'Ann'" in n for n in notes), notes

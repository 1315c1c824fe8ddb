"""Every file and terminal the program is given is handled (issue 20): FIFOs, directories, devices and
dangling links refused by name without ever blocking; sizes checked before reading and said in human
units; JSON and YAML with bounded nesting and numbers; every field of a save, its settings included,
checked by the one schema that `--resume`, `replay` and `review` share; no terminal on stdin; the title
screen survives a damaged autosave."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from test_save_faults import played  # a game n random decisions in

from papertales_tui import files
from papertales_tui.cli import main
from papertales_tui.persistence import _checksum, autosave, load_save, read_save_file, save_as
from papertales_tui.rules.catalog import CardFileError, load_catalog
from papertales_tui.rules.solo import new_game as new_solo_game

ROOT = Path(__file__).resolve().parents[1]
posix_only = pytest.mark.skipif(os.name != "posix", reason="FIFOs and symbolic links as on POSIX")


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    import papertales_tui.tui.launch as app_module

    monkeypatch.setenv("PAPERTALES_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PAPERTALES_CACHE_DIR", str(tmp_path / "cache"))

    def no_app(args, catalog):  # a file `--resume` should refuse would start the app here
        raise AssertionError("the game would start")

    monkeypatch.setattr(app_module, "run_app", no_app)


def run(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as exc:  # argparse
        return int(exc.code or 0)


def refused(capsys, argv: list[str], *words: str) -> str:
    """`papertales argv` exits with 2 and one line on stderr holding `words`, never a traceback."""
    code = run(argv)
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("papertales") and "Traceback" not in err, err
    for w in words:
        assert w in err, err
    return err


def finishes(call, seconds: float = 30):
    """call() in a thread; its result, failing the test if it has not returned after `seconds` (it is
    blocked: on a FIFO, a FIFO opened for writing by the test lets it go)."""
    out: dict = {}

    def target() -> None:
        try:
            out["result"] = call()
        except BaseException as exc:  # raised again in the test's thread
            out["error"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "blocked"
    if "error" in out:
        raise out["error"]
    return out.get("result")


def unblock(fifo: Path) -> None:
    """Open `fifo` for writing once, to release a reader the code under test may have left waiting."""
    with contextlib.suppress(OSError):
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))


def edited(path: Path, change) -> Path:
    """The save at `path` changed by `change(payload)`, its checksum recomputed (so the deeper checks run)."""
    payload = json.loads(path.read_bytes())
    change(payload)
    payload["checksum"] = _checksum(payload)
    path.write_text(json.dumps(payload))
    return path


# ---- the safe-read helpers ----


def test_sizes_are_said_in_human_units():
    assert files.human_size(812) == "812 bytes"
    assert files.human_size(16 * 1024 * 1024) == "16 MB"
    assert files.human_size(200 * 1024 * 1024) == "200 MB"
    assert files.human_size(6 * 1024**3) == "6 GB"
    assert files.too_large(200 * 1024 * 1024, 16 * 1024 * 1024, "save file") == \
        "the file is too large for a save file (200 MB, the limit is 16 MB)"


def test_a_huge_file_is_refused_before_any_of_it_is_read(tmp_path, monkeypatch):
    big = tmp_path / "big.yaml"
    with open(big, "wb") as f:
        f.truncate(6 * 1024**3)  # sparse: 6 GB that take no room
    reads: list[int] = []
    real_read = os.read
    monkeypatch.setattr(files.os, "read", lambda fd, n: reads.append(n) or real_read(fd, n))
    with pytest.raises(files.FileProblem, match=r"\(6 GB, the limit is 1 MB\)"):
        files.read_limited(big, 1024 * 1024, "card file")
    assert reads == []


@pytest.mark.parametrize("text, problem", [
    ("[" * 100_000, "nested more than 64 levels deep"),
    ("[" * 70 + "]" * 70, "nested more than 64 levels deep"),  # passes the parser, too deep for later
    ('{"a": ' * 70 + "1" + "}" * 70, "nested more than 64 levels deep"),
    ("9" * 5000, "a number of 5000 digits"),
    ("1e999", "too large a number"),
    ("[NaN]", "NaN is not a number"),
])
def test_json_is_read_with_bounded_nesting_and_numbers(text, problem):
    with pytest.raises(files.JSONLimitError, match=problem):
        files.loads_json(text)


# ---- saves: FIFOs, directories, sizes ----


@posix_only
@pytest.mark.parametrize("command", [["replay"], ["--resume"], ["review"]])
def test_a_fifo_given_as_a_save_is_refused_without_blocking(tmp_path, capsys, command):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    try:
        code = finishes(lambda: run([*command, str(fifo)]))
    finally:
        unblock(fifo)
    err = capsys.readouterr().err
    assert code == 2 and "FIFO" in err and str(fifo) in err and err.count("\n") == 1, err


@pytest.mark.parametrize("command", [["replay"], ["--resume"], ["review"]])
def test_a_save_too_large_is_refused_in_human_units(tmp_path, capsys, command):
    big = tmp_path / "big.json"
    with open(big, "wb") as f:
        f.truncate(200 * 1024 * 1024)
    refused(capsys, [*command, str(big)], str(big), "200 MB, the limit is 16 MB")


@pytest.mark.parametrize("command", [["replay"], ["--resume"], ["review"]])
def test_a_device_given_as_a_save_is_refused(capsys, command):
    refused(capsys, [*command, os.devnull], os.devnull, "not a save file")


@posix_only
def test_a_fifo_as_the_autosave_fails_the_autosave_and_is_left_alone(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    os.mkfifo(data / "autosave.json")
    try:
        with pytest.raises(OSError, match="FIFO"):
            finishes(lambda: autosave(played(2)))
    finally:
        unblock(data / "autosave.json")
    assert sorted(p.name for p in data.iterdir()) == ["autosave.json"]  # nothing written nor moved


@posix_only
def test_a_fifo_as_the_card_cache_is_ignored(tmp_path):
    from papertales_tui.card_cache import cached_catalog

    first = cached_catalog([])
    (cache,) = (tmp_path / "cache").iterdir()
    cache.unlink()
    os.mkfifo(cache)
    try:
        again = finishes(lambda: cached_catalog([]))
    finally:
        unblock(cache)
    assert again is not None and list(again.units) == list(first.units)


# ---- saves: one schema for every field, the settings included ----


@pytest.mark.parametrize("settings, problem", [
    ({"seats": ["human", "bot:genius", "human"]}, "settings.seats.1"),
    ({"seats": ["human", 7, "human"]}, "settings.seats.1"),
    ({"seats": ["human", "human"]}, "settings.seats has 2 entries for 3 players"),
    ({"seats": "human"}, "settings.seats"),
    ({"hints": [0, -1, 0]}, "settings.hints.1"),
    ({"hints": [0, 0, 0, 0]}, "settings.hints has 4 entries"),
    ({"hints": [0, 0, 0], "colour": "red"}, "settings.colour"),
])
@pytest.mark.parametrize("command", [["replay"], ["--resume"], ["review"]])
def test_settings_are_checked_by_the_one_schema(tmp_path, capsys, settings, problem, command):
    path = edited(save_as(played(6), tmp_path / "g.json"), lambda d: d.update(settings=settings))
    refused(capsys, [*command, str(path)], str(path), "not valid", problem)


def _one_player(d: dict) -> None:
    d["state"]["players"] = d["state"]["players"][:1]
    d["players"] = d["players"][:1]


def _solo_with_two_players(d: dict) -> None:
    d["state"]["players"].append(dict(d["state"]["players"][0], name="Bo", hand=[], draft=[], kept=None,
                                      slots=[None] * 5))
    d["players"].append({"seat": 1, "name": "Bo"})
    d["settings"] = {}


def _duplicated_lich_king(d: dict) -> None:
    cards = d["state"]["mode_state"]["lich_cards"]
    cards[1] = cards[0]


@pytest.mark.parametrize("make, change, problem", [
    ("standard", _one_player, "2 to 7 players"),
    ("solo", lambda d: d["state"].update(mode="standard"), "no side but theirs"),
    ("solo", _solo_with_two_players, "one player"),
    ("solo", _duplicated_lich_king, "Lich King card is in play twice"),
    ("solo", lambda d: d["state"]["mode_state"].update(time=9), "state.mode_state.time"),
])
@pytest.mark.parametrize("command", [["replay"], ["--resume"], ["review"]])
def test_replay_resume_and_review_refuse_the_same_saves(tmp_path, capsys, make, change, problem, command):
    game = played(0, players=2) if make == "standard" else new_solo_game(["Ann"], seed=3, difficulty=2)
    path = edited(save_as(game, tmp_path / "g.json"), change)
    refused(capsys, [*command, str(path)], str(path), "not valid", problem)


def test_settings_a_save_cannot_hold_are_refused_when_writing(tmp_path):
    with pytest.raises(ValueError):
        save_as(played(2), tmp_path / "g.json", {"seats": ["human", "bot:genius", "human"]})
    assert not (tmp_path / "g.json").exists()


def test_old_bare_bot_levels_still_load():
    save = read_save_file(ROOT / "tests" / "data" / "v1-three-players.json")
    assert save.settings.seats == ["human", "easy", "medium"]


def test_the_bot_levels_of_the_schema_are_those_of_the_bots():
    from papertales_tui.persistence.format import BOT_LEVELS
    from papertales_tui.rules.bots import LEVELS

    assert BOT_LEVELS == LEVELS


# ---- no terminal on stdin ----


def _papertales(shell: str, tmp_path: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PAPERTALES_DATA_DIR=str(tmp_path / "data"), PAPERTALES_CACHE_DIR=str(tmp_path / "cache"))
    command = f"exec {sys.executable} -m papertales_tui.cli {shell}"  # exec: a timeout ends the game itself
    return subprocess.run(["sh", "-c", command], capture_output=True, text=True, timeout=120, env=env)


@posix_only
@pytest.mark.parametrize("shell", ["<&-", "</dev/null", "--resume <&-", "--resume </dev/null"])
def test_no_terminal_on_stdin_is_one_line_and_exit_2(tmp_path, shell):
    if "--resume" in shell:
        autosave(played(4), {"seats": ["human"] * 3}, directory=tmp_path / "data")
    done = _papertales(shell, tmp_path)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "not a terminal" in done.stderr, done.stderr


# ---- the title screen and a damaged autosave ----


@pytest.mark.parametrize("content", [b"[" * 100_000, b'{"a": ' * 900 + b"1" + b"}" * 900],
                         ids=["deeper than the parser", "deep"])
async def test_the_title_screen_survives_a_deeply_nested_autosave(tmp_path, catalog, content):
    from test_tui_support import SIZE, start

    from papertales_tui.tui.app import PaperTalesApp
    from papertales_tui.tui.screens.handoff import HandoffScreen
    from papertales_tui.tui.screens.title import TitleScreen

    data = tmp_path / "data"
    data.mkdir()
    (data / "autosave.json").write_bytes(content)
    app = PaperTalesApp(catalog, autosave=True)
    said: list[str] = []
    app.notify = lambda message, **kw: said.append(message)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        labels = [label for _, label in app.screen.choices]
        assert "Resume the last game (autosave)" in labels
        await pilot.press("down", "enter")  # Resume: the problem is said, the title stays
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and app.game is None
        assert any("nested more than 64 levels deep" in m for m in said), said
        await pilot.press("up")
        await start(pilot, app, ["Ann", "Bo"], seed=1)  # New game still works
        assert isinstance(app.screen, HandoffScreen) and app.game is not None
    kept = [p for p in data.iterdir() if p.name.startswith("autosave.kept-") and not p.name.endswith(".prev.json")]
    assert [p.read_bytes() for p in kept] == [content]  # it may be an unfinished game: kept, not overwritten


@posix_only
def test_the_title_screen_reports_an_autosave_that_is_a_fifo(tmp_path):
    from papertales_tui.tui.screens.title import autosave_label

    data = tmp_path / "data"
    data.mkdir()
    os.mkfifo(data / "autosave.json")
    try:
        label = finishes(autosave_label)
    finally:
        unblock(data / "autosave.json")
    assert label == "Resume the last game (the autosave cannot be read)"


# ---- card files ----


def _pack(tmp_path: Path) -> Path:
    d = tmp_path / "pack"
    d.mkdir()
    return d


@posix_only
@pytest.mark.parametrize("make, problem", [
    (lambda p: p.symlink_to(p.parent / "gone.yaml"), "a symbolic link to a file that does not exist"),
    (lambda p: os.mkfifo(p), "FIFO"),
    (lambda p: (p.symlink_to(p.with_name("e.yaml")), p.with_name("e.yaml").symlink_to(p)), "symbolic links"),
    (lambda p: p.mkdir(), "a directory, not a card file"),
], ids=["dangling link", "fifo", "link loop", "directory"])
def test_unusable_card_files_are_reported_not_skipped(tmp_path, capsys, make, problem):
    d = _pack(tmp_path)
    make(d / "d.yaml")
    try:
        err = finishes(lambda: refused(capsys, ["--cards", str(d), "simulate", "--games", "1"], problem))
    finally:
        if (d / "d.yaml").is_fifo():
            unblock(d / "d.yaml")
    assert "d.yaml" in err


def test_a_card_number_of_thousands_of_digits_is_refused_with_its_line(tmp_path):
    d = _pack(tmp_path)
    (d / "p.yaml").write_text("units:\n- id: gnome\n  name: Gnome\n  copies: " + "9" * 5000 + "\n")
    with pytest.raises(CardFileError, match="line 4") as info:
        load_catalog([d])
    assert "more than 12 digits" in str(info.value)


def test_a_huge_sparse_card_file_is_refused_by_its_size(tmp_path, capsys):
    d = _pack(tmp_path)
    with open(d / "huge.yaml", "wb") as f:
        f.truncate(6 * 1024**3)
    refused(capsys, ["--cards", str(d), "simulate", "--games", "1"], "huge.yaml", "6 GB, the limit is 1 MB")


def test_card_ids_that_look_like_hex_are_not_numbers(tmp_path):
    d = _pack(tmp_path)
    (d / "p.yaml").write_text("units:\n- {id: accededfacade, name: Acceded, copies: 1, cost: 1, strength: 1}\n")
    assert "accededfacade" in load_catalog([d]).units


# ---- clear messages on the command line ----


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_log_to_a_full_device_names_the_file(capsys):
    refused(capsys, ["simulate", "--games", "3", "--log", "/dev/full", "--force"], "/dev/full", "No space left")


def test_log_to_a_folder_says_it_is_a_folder(tmp_path, capsys):
    for force in (["--force"], []):
        refused(capsys, ["simulate", "--games", "1", "--log", str(tmp_path), *force], str(tmp_path), "this is a folder")


@posix_only
def test_log_to_a_fifo_nothing_reads_is_refused_without_blocking(tmp_path, capsys):
    fifo = tmp_path / "log"
    os.mkfifo(fifo)
    finishes(lambda: refused(capsys, ["simulate", "--games", "1", "--log", str(fifo), "--force"], "FIFO"))


@pytest.mark.parametrize("argv, words", [
    (["simulate", "--games", "1", "--log", ""], ["--log needs a file name"]),
    (["--cards", "", "simulate", "--games", "1"], ["--cards", "needs a folder name"]),
    (["simulate", "--players", "٣"], ["--players", "not a whole number"]),
    (["simulate", "--seed", "١٢"], ["--seed", "not a whole number"]),
    (["tournament", "--budget", "٣"], ["--budget", "not a number"]),
])
def test_empty_names_and_other_scripts_digits_are_refused(capsys, argv, words):
    refused(capsys, argv, *words)


def test_a_save_that_loads_resumes(tmp_path):
    """The schema refuses nothing the app writes: a game with bots and hints loads with every check."""
    path = save_as(played(12), tmp_path / "g.json", {"seats": ["human", "bot:easy", "bot:hard"], "hints": [2, 0, 0]})
    settings = load_save(path).settings
    assert (settings.seats, settings.hints) == (["human", "bot:easy", "bot:hard"], [2, 0, 0])


@pytest.mark.parametrize("text", [
    '{"state": {"over": false, "turn": NaN, "turns": 4}, "players": [{"name": "Ann"}]}',
    '{"state": {"over": false, "turn": 1e400, "turns": 4}, "players": [{"name": "Ann"}]}',
    '{"state": {"over": false, "turn": 1, "turns": ' + "9" * 41 + '}, "players": [{"name": "Ann"}]}',
    "[" * 100_000 + "]" * 100_000,
    '{"state": {"over": false, "turn": 1}, "players": [{"name": "Ann"}]}',
])
def test_the_title_screen_glances_at_a_save_within_the_limits_of_json_files(tmp_path, text):
    """The title menu's look at a save (the full checks run when it is chosen) shows nothing of a file
    past the limits of `files.loads_json` (NaN, infinite, a number too long, too deep) or not a save."""
    from papertales_tui.tui.screens.title import game_words, glance

    path = tmp_path / "autosave.json"
    path.write_text(text, encoding="utf-8")
    assert glance(path) == {} and game_words({}) == ""
    path.write_text('{"state": {"over": false, "turn": 2, "turns": 4}, "players": [{"name": "Ann"}, {"name": "Bo"}]}',
                    encoding="utf-8")
    assert glance(path) == {"over": False, "turn": 2, "turns": 4, "names": ["Ann", "Bo"]}
    assert game_words(glance(path) or {}) == "turn 2/4, Ann, Bo"

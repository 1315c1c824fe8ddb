"""One error path for the command line: every expected failure is one line "papertales: ..." naming the
file and the problem, exit code 2, never a traceback; Ctrl-C exits with 130; text from files is shown
with its control characters escaped."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from papertales_tui import cli
from papertales_tui.cli import LAST_AUTOSAVE, main
from papertales_tui.persistence import save_as
from papertales_tui.rules.engine import Game

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("PAPERTALES_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PAPERTALES_CACHE_DIR", str(tmp_path / "cache"))


def refused(capsys, argv: list[str], *words: str) -> str:
    """Run `papertales argv`: exit code 2 and one line on stderr holding `words`."""
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("papertales"), err
    for w in words:
        assert w in err, err
    return err


# ---- options ----


@pytest.mark.parametrize("argv, words", [
    (["simulate", "--games", "0"], ["--games", "out of range"]),
    (["simulate", "--games", "x"], ["--games", "not a whole number"]),
    (["simulate", "--players", "8"], ["--players", "from 2 to 7"]),
    (["simulate", "--seed", "1e3"], ["--seed"]),
    (["simulate", "--solo", "--difficulty", "9"], ["--difficulty must be between 0 and"]),
    (["tournament", "--budget", "-1"], ["--budget", "out of range"]),
    (["tournament", "--budget", "nan"], ["--budget"]),
    (["tournament", "--budget", "0"], ["--budget"]),
    (["tournament", "--jobs", "0"], ["--jobs"]),
    (["tournament", "--seats", "genius"], ["--seats", "unknown: genius"]),
    (["--resume", "replay", "x.json"], ["--resume", "replay"]),
    (["review", "x.json", "--samples", "1"], ["--samples", "from 4 to"]),
    (["review", "x.json", "--samples", "4", "--budget", "3"], ["--budget", "not allowed with", "--samples"]),
])
def test_bad_options_are_refused_in_one_line(capsys, argv, words):
    refused(capsys, argv, *words)


def test_log_refuses_to_replace_a_file_without_force(tmp_path, capsys):
    log = tmp_path / "games.jsonl"
    log.write_text("keep me\n")
    refused(capsys, ["simulate", "--games", "1", "--log", str(log)], str(log), "already exists", "--force")
    assert log.read_text() == "keep me\n"
    assert main(["simulate", "--games", "1", "--log", str(log), "--force"]) == 0
    assert json.loads(log.read_text().splitlines()[0])["game"] == 0


@pytest.mark.parametrize("where", ["missing/games.jsonl", "."])
def test_log_to_a_missing_folder_or_a_folder_is_refused(tmp_path, capsys, where):
    refused(capsys, ["simulate", "--games", "1", "--log", str(tmp_path / where), "--force"], str(tmp_path))


# ---- card files ----


@pytest.mark.parametrize("content", [b"\x00\x01\x02binary\xff", b"units:\n- id: caf\xe9\n", b"[" * 50_000],
                         ids=["binary", "latin-1", "deep"])
def test_unusable_card_files_are_refused(tmp_path, capsys, content):
    d = tmp_path / "pack"
    d.mkdir()
    (d / "pack.yaml").write_bytes(content)
    refused(capsys, ["--cards", str(d), "simulate", "--games", "1"], "invalid card file", "pack.yaml")


def test_cards_that_are_a_file_not_a_folder_are_refused(tmp_path, capsys):
    f = tmp_path / "pack.yaml"
    f.write_text("units: []\n")
    refused(capsys, ["--cards", str(f), "simulate", "--games", "1"], "--cards", str(f), "not a directory")


def test_cards_in_a_folder_that_does_not_exist_are_refused(tmp_path, capsys):
    refused(capsys, ["--cards", str(tmp_path / "nowhere"), "simulate", "--games", "1"], "--cards",
            str(tmp_path / "nowhere"), "no such directory")


def test_a_card_folder_refused_by_the_real_program_is_one_line():
    """In a fresh process (no module of the catalog loaded before): one line, exit 2."""
    done = subprocess.run([sys.executable, "-m", "papertales_tui.cli", "--cards", "/nonexistent", "simulate"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert (done.returncode, done.stderr) == (2, "papertales: --cards: /nonexistent: no such directory\n")


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="permissions do not stop root")
def test_an_unreadable_card_folder_is_refused(tmp_path, capsys):
    d = tmp_path / "pack"
    d.mkdir()
    d.chmod(0)
    try:
        refused(capsys, ["--cards", str(d), "simulate", "--games", "1"], str(d))
    finally:
        d.chmod(0o755)


# ---- saves ----


@pytest.mark.parametrize("content", [
    b"[" * 100_000,  # nested too deeply for the parser
    b'{"format": "papertales-save", "version": 1, "n": ' + b"9" * 5000 + b"}",  # a number too long
    b'{"format": "papertales-save", "version": 1e400}',
    b"\xef\xbb\xbf{}",  # a byte-order mark
    b'"just a string"',
], ids=["deep", "long-number", "huge-float", "bom", "string"])
@pytest.mark.parametrize("command", [["replay"], ["--resume"], ["review"]])
def test_pathological_json_is_refused(tmp_path, capsys, content, command):
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    refused(capsys, [*command, str(path)], str(path))
    assert path.read_bytes() == content


def test_a_data_directory_that_is_a_file_is_refused(tmp_path, capsys, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("PAPERTALES_DATA_DIR", str(blocker))
    refused(capsys, ["--resume"], "not-a-folder")


def test_control_characters_in_file_names_are_escaped(tmp_path, capsys):
    path = tmp_path / "evil\x1b[2J\rname.json"
    err = refused(capsys, ["replay", str(path)], "no such file")
    assert "\x1b" not in err and "\r" not in err and "\\x1b[2J\\rname.json" in err


def test_a_player_name_with_control_characters_is_refused_in_a_save(tmp_path, capsys):
    from papertales_tui.persistence import _checksum

    path = save_as(Game.new(["Ann", "Bo"], seed=1), tmp_path / "g.json")  # Game.new refuses such a name
    payload = json.loads(path.read_bytes())
    payload["players"][1]["name"] = payload["state"]["players"][1]["name"] = "Bo\x1b[31m"
    payload["checksum"] = _checksum(payload)
    path.write_text(json.dumps(payload))
    err = refused(capsys, ["replay", str(path)], "not valid", "name")
    assert "\x1b" not in err


def test_a_lone_surrogate_in_a_save_is_refused_naming_the_file(tmp_path, capsys):
    """JSON may escape a lone surrogate ("\\ud800"): not text. The file's name and the problem, exit 2."""
    path = save_as(Game.new(["Ann", "Bo"], seed=1), tmp_path / "g.json")  # (no checksum can be worked out for it)
    path.write_text(path.read_text(encoding="utf-8").replace('"Bo"', '"Bo\\ud800"'), encoding="utf-8")
    for command in (["replay"], ["--resume"], ["review", "--samples", "4"]):
        refused(capsys, [*command, str(path)], str(path), "lone surrogate", "U+D800")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_the_version_onto_a_full_disk_is_one_line_and_exit_2():
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "papertales_tui.cli", "--version"], stdout=full,
                              stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=60)
    assert (done.returncode, done.stderr) == (2, "papertales: cannot write the output: No space left on device\n")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_refusal_that_cannot_be_written_still_exits_2(tmp_path):
    """`replay /nonexistent 2>/dev/full`: the line cannot be written, the exit code still says."""
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "papertales_tui.cli", "replay", str(tmp_path / "none.json")],
                              stdout=subprocess.PIPE, stderr=full, cwd=ROOT, timeout=60)
    assert (done.returncode, done.stdout) == (2, b"")


# ---- interrupted input ----


def test_ctrl_d_at_the_resume_question_means_no(tmp_path, capsys, monkeypatch, catalog):
    def eof(prompt):
        raise EOFError

    _damaged_autosave_with_backup(tmp_path)
    assert cli.resume(LAST_AUTOSAVE, catalog, ask=eof, interactive=True) is None


def test_ctrl_c_at_the_resume_question_exits_with_130(tmp_path, capsys, monkeypatch):
    def interrupt(prompt):
        raise KeyboardInterrupt

    _damaged_autosave_with_backup(tmp_path)
    monkeypatch.setattr("builtins.input", interrupt)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    assert main(["--resume"]) == 130


def _damaged_autosave_with_backup(tmp_path) -> None:
    from papertales_tui.persistence import autosave

    game = Game.new(["A", "B"], seed=2)
    autosave(game)
    autosave(game)
    (tmp_path / "data" / "autosave.json").write_text("{broken")


def test_ctrl_c_during_simulate_exits_quietly_with_130(tmp_path):
    # "started" once the command runs: on a loaded machine the imports alone can take over a second,
    # and a Ctrl+C before `main` is Python's own (a traceback from the import)
    code = "import sys; from papertales_tui.cli import main; print('started', flush=True); sys.exit(main())"
    proc = subprocess.Popen([sys.executable, "-c", code, "simulate", "--games", "100000"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    import signal
    import time

    assert proc.stdout is not None and proc.stdout.readline() == b"started\n"
    time.sleep(0.5)  # into the games
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130 and b"Traceback" not in err, err


def test_a_review_with_stderr_closed_finishes(tmp_path):
    """`papertales review FILE 2>&-`: the pipe to a worker process took descriptor 2, which the worker
    then pointed at /dev/null to keep quiet; the workers died and were started again forever."""
    from papertales_tui.rules.random_play import play_random_game

    path = save_as(play_random_game(["Ann", "Bo"], 3), tmp_path / "g.json")
    code = "import sys; from papertales_tui.cli import main; sys.exit(main())"
    shell = 'exec "$0" -c "$1" review "$2" --samples 4 --jobs 1 2>&-'  # stderr closed from the start
    try:
        done = subprocess.run(["sh", "-c", shell, sys.executable, code, str(path)], stdout=subprocess.PIPE,
                              text=True, timeout=60, start_new_session=True)
    except subprocess.TimeoutExpired:
        raise AssertionError("the review did not finish") from None
    assert done.returncode == 0 and "Ann:" in done.stdout, done.stdout

"""Save files: round trip, atomic autosave with backup, damaged files refused and left untouched,
resume after SIGKILL at random points."""

from __future__ import annotations

import ast
import hashlib
import json
import os
import random
import runpy
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from papertales_tui import persistence
from papertales_tui.cli import LAST_AUTOSAVE, main
from papertales_tui.cli import resume as resume_from_cli
from papertales_tui.persistence import (
    SaveFileError,
    autosave,
    latest_good_autosave,
    load_autosave,
    load_save,
    save_as,
)
from papertales_tui.rules.engine import Game

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tests" / "helpers" / "scripted_game.py"
scripted = runpy.run_path(str(SCRIPT))  # next_decision / play: the policy the subprocess uses


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    d = tmp_path / "data"
    monkeypatch.setenv("PAPERTALES_DATA_DIR", str(d))
    return d


def played(n: int, players: int = 3, seed: int = 4) -> Game:
    """A game after `n` decisions of the scripted policy."""
    game = Game.new([f"P{i}" for i in range(players)], seed=seed)
    for _ in range(n):
        game.apply(*scripted["next_decision"](game, seed))
    return game


def payload(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def rewrite(path: Path, data: dict, fix_checksum: bool = True) -> None:
    if fix_checksum:
        data["checksum"] = persistence._checksum(data)
    path.write_text(json.dumps(data), encoding="utf-8")


# ---- round trip and autosave ----


def test_save_as_and_load_give_the_same_game(tmp_path):
    game = played(30)
    path = save_as(game, tmp_path / "game.json", settings={"seats": ["human", "bot:hard", "human"]})
    save = load_save(path)
    assert save.game.to_json() == game.to_json()
    assert save.players == ["P0", "P1", "P2"] and save.seed == 4
    assert save.decisions == game.state.decisions and len(save.decisions) == 30
    assert save.settings.seats == ["human", "bot:hard", "human"]  # typed (persistence.Settings)
    assert save.settings.hints is None and save.settings.kept_hints() == [] and save.settings.take_back_list() == []
    assert save.saved_at.tzinfo is not None and not save.catalog_changed
    data = payload(path)
    assert data["format"] == "papertales-save" and data["version"] == persistence.FORMAT_VERSION
    assert data["catalog"]["units"] == list(game.catalog.units)
    assert data["checksum"].startswith("sha256:")


def test_a_loaded_game_plays_on_like_the_original(tmp_path):
    game = played(25)
    loaded = load_save(save_as(game, tmp_path / "g.json")).game
    scripted["play"](game, 4)
    scripted["play"](loaded, 4)
    assert loaded.to_json() == game.to_json()


def test_autosave_goes_to_the_data_dir_and_keeps_the_previous_one(data_dir):
    first, second = played(5), played(6)
    assert autosave(first) == data_dir / "autosave.json"
    assert not (data_dir / "autosave.prev.json").exists()
    autosave(second)
    assert load_autosave().game.to_json() == second.to_json()
    assert load_save(data_dir / "autosave.prev.json").game.to_json() == first.to_json()
    assert sorted(p.name for p in data_dir.iterdir()) == ["autosave.json", "autosave.prev.json"]


def test_without_an_autosave_there_is_nothing_to_resume(data_dir):
    with pytest.raises(SaveFileError) as err:
        load_autosave()
    assert err.value.kind == "missing" and "no autosaved game" in str(err.value)
    assert latest_good_autosave() is None


def test_save_as_does_not_replace_a_file_unless_asked(tmp_path):
    path = save_as(played(3), tmp_path / "g.json")
    with pytest.raises(SaveFileError, match="already exists"):
        save_as(played(4), path)
    save_as(played(4), path, overwrite=True)
    assert len(load_save(path).decisions) == 4


@pytest.mark.parametrize("module", sorted(Path(persistence.__file__).parent.glob("*.py")), ids=lambda p: p.name)
def test_the_code_uses_no_pickle_and_no_eval(module):
    tree = ast.parse(module.read_text(encoding="utf-8"))
    imported = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))
                for a in n.names} | {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    called = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    assert not imported & {"pickle", "marshal", "shelve", "dill"}
    assert not called & {"eval", "exec"}


# ---- damaged files ----


def _truncated(path):
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _empty(path):
    path.write_bytes(b"")


def _bad_json(path):
    data = bytearray(path.read_bytes())
    data[len(data) // 3] = ord("#")
    path.write_bytes(bytes(data))


def _not_utf8(path):
    data = bytearray(path.read_bytes())
    data[100] = 0xFF
    path.write_bytes(bytes(data))


def _tampered(path):
    data = payload(path)
    data["state"]["players"][0]["lp"] += 10
    rewrite(path, data, fix_checksum=False)


def _tampered_decisions(path):
    data = payload(path)
    data["decisions"][0]["card"] = data["decisions"][1].get("card", 0)
    rewrite(path, data, fix_checksum=False)


def _future_version(path):
    data = payload(path)
    data["version"] = persistence.FORMAT_VERSION + 1
    rewrite(path, data)


def _not_a_save(path):
    path.write_text('{"hello": "world"}', encoding="utf-8")


def _schema_broken(path):  # checksum recomputed: a state that does not re-validate
    data = payload(path)
    data["state"]["players"][1]["gold"] = "lots"
    rewrite(path, data)


def _card_in_two_places(path):
    data = payload(path)
    state = data["state"]
    state["discard"].append(state["deck"][0])
    rewrite(path, data)


def _decisions_disagree(path):
    data = payload(path)
    data["decisions"] = data["decisions"][:-1]
    rewrite(path, data)


def _engine_refuses(path):
    data = payload(path)
    data["state"]["rng"] = [3, [1, 2], None]
    rewrite(path, data)


def _unknown_cards(path):
    data = payload(path)
    data["state"]["cards"][0] = "flying_teapot"
    rewrite(path, data)


DAMAGE = {
    "truncated": (_truncated, "truncated", "ends too early"),
    "empty": (_empty, "truncated", "file is empty"),
    "bad JSON": (_bad_json, "corrupted", "bad JSON at line 1"),
    "not UTF-8": (_not_utf8, "corrupted", "not UTF-8"),
    "tampered state": (_tampered, "tampered", "checksum does not match"),
    "tampered decisions": (_tampered_decisions, "tampered", "checksum does not match"),
    "future version": (_future_version, "future_version", "written by a newer papertales"),
    "not a save": (_not_a_save, "not_a_save", "not a Paper Tales save file"),
    "schema": (_schema_broken, "invalid", "state.players.1.gold"),
    "card twice": (_card_in_two_places, "invalid", "in two places at once"),
    "decisions": (_decisions_disagree, "invalid", "decision list does not match"),
    "engine refuses": (_engine_refuses, "invalid", "the saved game is not valid"),
    "unknown cards": (_unknown_cards, "unknown_cards", "flying_teapot"),
}


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("damage", DAMAGE, ids=list(DAMAGE))
def test_a_damaged_file_is_refused_with_its_message_and_left_untouched(tmp_path, damage):
    spoil, kind, message = DAMAGE[damage]
    path = save_as(played(20), tmp_path / "g.json")
    spoil(path)
    before = digest(path)
    with pytest.raises(SaveFileError) as err:
        load_save(path)
    assert err.value.kind == kind
    assert message in str(err.value) and str(path) in str(err.value)
    assert digest(path) == before


@pytest.mark.parametrize("damage", ["truncated", "bad JSON", "tampered state", "future version"])
def test_a_damaged_autosave_is_moved_aside_and_the_previous_good_one_is_offered(data_dir, damage):
    autosave(played(10))
    autosave(played(11))
    current = data_dir / "autosave.json"
    DAMAGE[damage][0](current)
    damaged = digest(current)
    with pytest.raises(SaveFileError):
        load_autosave()
    good = latest_good_autosave()
    assert good.path == data_dir / "autosave.prev.json" and len(good.decisions) == 10

    autosave(played(12))  # the next autosave keeps the damaged file, byte for byte
    aside = [p for p in data_dir.iterdir() if ".damaged-" in p.name]
    assert len(aside) == 1 and aside[0].name.startswith("autosave.damaged-")
    assert digest(aside[0]) == damaged
    assert len(load_autosave().decisions) == 12
    assert len(load_save(data_dir / "autosave.prev.json").decisions) == 10  # the good backup is kept


def test_a_damaged_backup_is_moved_aside_too(data_dir):
    autosave(played(10))
    autosave(played(11))
    backup = data_dir / "autosave.prev.json"
    _truncated(backup)
    damaged = digest(backup)
    autosave(played(12))
    aside = [p for p in data_dir.iterdir() if p.name.startswith("autosave.prev.damaged-")]
    assert len(aside) == 1 and digest(aside[0]) == damaged
    assert len(load_save(backup).decisions) == 11


def test_save_as_never_replaces_a_damaged_file(tmp_path):
    path = save_as(played(3), tmp_path / "g.json")
    _bad_json(path)
    before = digest(path)
    with pytest.raises(SaveFileError, match="not a good save file"):
        save_as(played(4), path, overwrite=True)
    assert digest(path) == before


# ---- papertales --resume ----


def test_resume_without_an_autosave_says_so(capsys):
    assert main(["--resume"]) == 2
    assert "there is no autosaved game" in capsys.readouterr().err


def test_resume_a_file_that_is_damaged(tmp_path, capsys):
    path = save_as(played(3), tmp_path / "g.json")
    _truncated(path)
    assert main(["--resume", str(path)]) == 2
    err = capsys.readouterr().err
    assert "cannot resume" in err and "ends too early" in err and "Traceback" not in err


def test_resume_offers_the_previous_autosave_when_the_last_is_damaged(data_dir, capsys, catalog):
    autosave(played(7))
    autosave(played(8))
    _bad_json(data_dir / "autosave.json")
    assert resume_from_cli(LAST_AUTOSAVE, catalog, interactive=False) is None
    err = capsys.readouterr().err
    assert "bad JSON" in err and "left as it is" in err
    assert f"papertales --resume {data_dir / 'autosave.prev.json'}" in err

    save = resume_from_cli(LAST_AUTOSAVE, catalog, ask=lambda prompt: "y", interactive=True)
    assert save.path == data_dir / "autosave.prev.json" and len(save.decisions) == 7
    assert resume_from_cli(LAST_AUTOSAVE, catalog, ask=lambda prompt: "n", interactive=True) is None


def test_resume_loads_the_last_autosave(catalog):
    autosave(played(9))
    save = resume_from_cli(LAST_AUTOSAVE, catalog, interactive=False)
    assert save.game.to_json() == played(9).to_json()


# ---- SIGKILL at random points ----


def start(seed: int, players: int, data_dir: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PAPERTALES_DATA_DIR": str(data_dir)}
    # A short pause after each decision: on a fast, idle machine a 2-player game (50 decisions) could
    # otherwise finish before the 6 kills (at most 0.9 s in all) have landed.
    return subprocess.Popen([sys.executable, str(SCRIPT), str(seed), str(players), "0.02"],
                            stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)


def until_saved(proc: subprocess.Popen) -> str:
    """The output of `proc` up to and including its first "saved N" line."""
    lines = []
    for line in proc.stdout:
        lines.append(line)
        if line.startswith("saved "):
            break
    return "".join(lines)


def confirmed(output: str) -> int:
    saved = [int(line.split()[1]) for line in output.splitlines() if line.startswith("saved ")]
    return max(saved, default=0)


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL")
@pytest.mark.parametrize("seed,players", [(11, 4), (12, 2)])
def test_killed_at_random_points_the_game_resumes_and_ends_as_if_never_interrupted(data_dir, seed, players):
    # the uninterrupted game, with the state after each decision
    reference = Game.new([f"P{i}" for i in range(players)], seed=seed)
    states = [json.loads(reference.to_json())]
    scripted["play"](reference, seed, lambda g: states.append(json.loads(g.to_json())))

    rng = random.Random(seed)
    kept = 0  # decisions in the autosave
    for kill in range(6):
        proc = start(seed, players, data_dir)
        assert proc.stdout.readline().strip() == "ready"
        # The first kill waits for an autosave, so that at least one lands mid-game however slow the
        # machine is; the others land at random times from the start.
        head = until_saved(proc) if kill == 0 else ""
        time.sleep(rng.uniform(0.0, 0.15))
        proc.send_signal(signal.SIGKILL)
        out = head + proc.communicate()[0]
        assert proc.returncode == -signal.SIGKILL
        if not (data_dir / "autosave.json").exists():
            assert confirmed(out) == 0
            continue
        save = load_autosave()  # never damaged by a kill
        n = len(save.decisions)
        assert n >= max(kept, confirmed(out))  # nothing confirmed is lost
        assert save.stored_state == states[n]  # exactly the uninterrupted game at that point
        kept = n
    assert 0 < kept < len(states) - 1  # the kills did land in the middle of the game

    proc = start(seed, players, data_dir)
    out = proc.communicate(timeout=60)[0]
    assert proc.returncode == 0
    final = load_autosave()
    assert final.game.over and final.stored_state == states[-1]
    assert final.game.scores() == reference.scores() and final.game.winners() == reference.winners()
    assert confirmed(out) == len(states) - 1


@pytest.mark.parametrize("players,mode", [(2, "standard"), (5, "standard"), (1, "solo")])
def test_a_save_holds_the_state_as_its_json_text_reads_back(players, mode):
    """`encode_save` writes the state from `GameState.to_dict` itself (no trip through JSON text): the
    bytes, and so the checksum, are those of the state read back from `Game.to_json`, at every step."""
    from papertales_tui.persistence.format import _checksum
    from papertales_tui.rules import new_game, random_decision

    options = {"mode": "solo", "difficulty": 2} if mode == "solo" else {}
    game = new_game([f"P{i}" for i in range(players)], seed=7, **options)
    rng, steps = random.Random(7), 0
    while True:
        data = persistence.encode_save(game, {})
        payload, state = json.loads(data), json.loads(game.to_json())
        assert payload["state"] == state and payload["decisions"] == state["decisions"]
        assert payload["checksum"] == _checksum({**payload, "state": state, "decisions": state["decisions"]})
        assert data.decode().endswith(
            '"state":' + json.dumps(state, separators=(",", ":"), ensure_ascii=False)
            + ',"checksum":' + json.dumps(payload["checksum"]) + "}\n")
        steps += 1
        if game.over:
            break
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    assert steps > 20

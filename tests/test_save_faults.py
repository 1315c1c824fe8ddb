"""Saves under faults and concurrency: an autosave that cannot be written changes nothing on disk and
the app plays on; the data directory's lock keeps a second copy of the game from autosaving; two
processes autosaving at once never leave a broken file; mutated save and card files fed to the
command line end in a clean exit code, never a traceback, and are never changed."""

from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from papertales_tui.cli import main
from papertales_tui.persistence import (
    DataDirLock,
    _checksum,
    autosave,
    load_autosave,
    read_save,
    save_as,
)
from papertales_tui.persistence import atomic as atomic_module
from papertales_tui.rules.engine import Game
from papertales_tui.rules.random_play import random_decision

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tests" / "helpers" / "scripted_game.py"
DATA = ROOT / "tests" / "data"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    d = tmp_path / "data"
    monkeypatch.setenv("PAPERTALES_DATA_DIR", str(d))
    monkeypatch.setenv("PAPERTALES_CACHE_DIR", str(tmp_path / "cache"))
    return d


def played(n: int, players: int = 3, seed: int = 4) -> Game:
    game, rng = Game.new([f"P{i}" for i in range(players)], seed=seed), random.Random(seed)
    for _ in range(n):
        pend = game.pending()[0]
        game.apply(pend.player, random_decision(game, pend, rng))
    return game


def snapshot(d: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(d.iterdir()) if p.is_file()}


# ---- an autosave that cannot be written ----


def test_a_full_disk_leaves_the_autosave_as_it_was(data_dir, monkeypatch):
    autosave(played(5))
    autosave(played(6))
    before = snapshot(data_dir)

    def disk_full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic_module.os, "fsync", disk_full)
    with pytest.raises(OSError, match="No space left"):
        autosave(played(7))
    monkeypatch.undo()
    assert snapshot(data_dir) == before  # nothing replaced, no temporary file left behind


def test_a_folder_in_the_way_of_the_autosave_is_left_alone(data_dir):
    (data_dir / "autosave.json").mkdir(parents=True)
    with pytest.raises(OSError):
        autosave(played(3))
    assert (data_dir / "autosave.json").is_dir() and [p.name for p in data_dir.iterdir()] == ["autosave.json"]


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="permissions do not stop root")
def test_a_read_only_data_directory_is_reported(data_dir):
    autosave(played(2))
    before = snapshot(data_dir)
    data_dir.chmod(0o555)
    try:
        with pytest.raises(OSError):
            autosave(played(3))
    finally:
        data_dir.chmod(0o755)
    assert snapshot(data_dir) == before


async def test_the_app_reports_a_failed_autosave_and_plays_on(data_dir, catalog):
    from test_tui_support import SIZE, keys_for, start

    from papertales_tui.tui.app import PaperTalesApp

    data_dir.parent.mkdir(exist_ok=True)
    data_dir.write_text("a file where the data folder should be")
    app = PaperTalesApp(catalog, autosave=True)
    said: list[str] = []
    app.notify = lambda message, **kw: said.append(message)  # what the player is told
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, ["Ann", "Ben", "Cid"], seed=3)
        while len(app.game.state.decisions) < 4:
            await pilot.press(*keys_for(app))
            await pilot.pause()
        failed = [m for m in said if m.startswith("Autosave failed")]
        assert len(failed) == 1 and "the last good autosave is kept" in failed[0]  # said once, not per decision
        data_dir.unlink()  # the folder can be made again: autosaving resumes
        n = len(app.game.state.decisions)
        while len(app.game.state.decisions) == n:
            await pilot.press(*keys_for(app))
            await pilot.pause()
        assert "Autosave works again." in said
        assert len(load_autosave().decisions) == len(app.game.state.decisions)


# ---- one copy of the game autosaves ----


def test_a_second_copy_is_told_the_autosave_is_in_use(data_dir):
    from papertales_tui.tui.app import claim_autosave

    first, note = claim_autosave()
    assert first.held and note is None
    second, note = claim_autosave()
    assert not second.held and "Another copy of Paper Tales is using the autosave" in note
    first.release()
    third, note = claim_autosave()
    assert third.held and note is None
    third.release()


def test_the_lock_is_released_when_its_process_is_killed(data_dir):
    code = ("import sys, time; from papertales_tui.persistence import DataDirLock; "
            "assert DataDirLock(sys.argv[1]).acquire(); print('locked', flush=True); time.sleep(60)")
    proc = subprocess.Popen([sys.executable, "-c", code, str(data_dir)], stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert proc.stdout.readline().strip() == "locked"
        assert not DataDirLock(data_dir).acquire()
    finally:
        proc.kill()
        proc.wait()
    lock = DataDirLock(data_dir)
    assert lock.acquire()
    lock.release()


def test_two_processes_autosaving_at_once_never_leave_a_broken_file(data_dir):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PAPERTALES_DATA_DIR": str(data_dir)}
    procs = [subprocess.Popen([sys.executable, str(SCRIPT), str(seed), "3"], stdout=subprocess.DEVNULL,
                              env=env, cwd=ROOT) for seed in (21, 22)]
    reads = 0
    while any(p.poll() is None for p in procs):  # meanwhile, every read sees a whole, good save
        for name in ("autosave.json", "autosave.prev.json"):
            try:
                data = (data_dir / name).read_bytes()
            except FileNotFoundError:
                continue
            read_save(data, data_dir / name)
            reads += 1
        time.sleep(0.005)
    assert [p.returncode for p in procs] == [0, 0]
    assert reads > 10
    assert load_autosave().game.over
    leftovers = sorted(p.name for p in data_dir.iterdir() if p.name not in ("autosave.json", "autosave.prev.json"))
    assert leftovers == []  # no temporary file left, nothing damaged to move aside


# ---- fuzz: mutated saves and card files ----


def _leaves(node, path=()):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _leaves(v, (*path, i))
    yield path


ODD_VALUES = [None, -1, 0, 10**30, 2.5, "", "x" * 200, "[/]\x1b[2J", [], {}, True, [0, 0], {"kind": "pick"}]


def mutate_save(data: bytes, rng: random.Random) -> tuple[str, bytes]:
    """A damaged copy of a save: bytes flipped or cut, or a JSON value changed with the checksum
    recomputed (so that the deeper checks are reached)."""
    how = rng.choice(["flip", "cut", "insert", "value", "value", "value", "delete", "swap"])
    if how == "flip":
        b = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        return how, bytes(b)
    if how == "cut":
        return how, data[:rng.randrange(len(data))]
    if how == "insert":
        k = rng.randrange(len(data))
        return how, data[:k] + rng.choice([b"[", b"{", b'"', b"\x00", b"\xff", b"1e999", b"]]"]) + data[k:]
    payload = json.loads(data)
    paths = [p for p in _leaves(payload) if p and p[0] != "checksum"]
    path = rng.choice(paths)
    parent = payload
    for k in path[:-1]:
        parent = parent[k]
    if how == "value":
        parent[path[-1]] = rng.choice(ODD_VALUES + [rng.randint(-5, 200)])
    elif how == "delete":
        if isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent.pop(path[-1])
    else:  # swap two entries of a list, or the values of two keys
        keys = list(range(len(parent))) if isinstance(parent, list) else list(parent)
        a, b = rng.choice(keys), rng.choice(keys)
        parent[a], parent[b] = parent[b], parent[a]
    payload["checksum"] = _checksum(payload)
    return how, json.dumps(payload).encode()


def mutate_cards(text: str, rng: random.Random) -> tuple[str, str]:
    """A damaged copy of a card file: characters changed or cut, or a number or word replaced."""
    how = rng.choice(["char", "cut", "number", "number", "word", "line"])
    if how == "char":
        k = rng.randrange(len(text))
        return how, text[:k] + rng.choice(["[", "{", ":", "-", "&a", "*a", "\t", "\x00", "é", "\n  "]) + text[k + 1:]
    if how == "cut":
        return how, text[:rng.randrange(len(text))]
    lines = text.splitlines(keepends=True)
    k = rng.randrange(len(lines))
    if how == "number":
        digits = [i for i, c in enumerate(lines[k]) if c.isdigit()]
        if digits:
            i = rng.choice(digits)
            lines[k] = lines[k][:i] + rng.choice(["-9", "99", "0", "x", "1.5", "-1"]) + lines[k][i + 1:]
    elif how == "word":
        lines[k] = lines[k].replace(":", ": [/]", 1)
    else:
        lines.insert(k, rng.choice(lines))
    return how, "".join(lines)


def run_cli(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as exc:  # argparse
        return exc.code


SAVES = [DATA / "v1-three-players.json", DATA / "v1-solo.json"]


def fuzz_saves(tmp_path: Path, rounds: int, seed: int, monkeypatch) -> Counter:
    import papertales_tui.tui.app as app_module

    monkeypatch.setattr(app_module, "run_app", lambda args, catalog: 0)  # --resume: stop before the screen
    current = [save_as(played(40, players=4, seed=seed), tmp_path / "current.json").read_bytes()]
    sources = [p.read_bytes() for p in SAVES] + current
    rng, outcomes = random.Random(seed), Counter()
    for k in range(rounds):
        how, data = mutate_save(rng.choice(sources), rng)
        path = tmp_path / f"fuzz{k % 4}.json"
        path.write_bytes(data)
        codes = []
        for command in (["replay", "--quiet"], ["--resume"]):
            code = run_cli([*command, str(path)])
            assert code in ((0, 1, 2) if command[0] == "replay" else (0, 2)), (how, command, code)
            assert path.read_bytes() == data
            outcomes[command[0], how, code] += 1
            codes.append(code)
        assert (codes[0] == 0) == (codes[1] == 0), (how, codes)  # one idea of a valid save
    return outcomes


def fuzz_cards(tmp_path: Path, rounds: int, seed: int) -> Counter:
    from papertales_tui.rules.catalog import default_cards_dir

    base = {p.name: p.read_text(encoding="utf-8") for p in default_cards_dir().glob("*.yaml")}
    rng, outcomes = random.Random(seed), Counter()
    for k in range(rounds):
        d = tmp_path / f"pack{k}"
        d.mkdir()
        name = rng.choice(sorted(base))
        how, text = mutate_cards(base[name], rng)
        # a pack of a renamed copy of the file (ids and names otherwise clash with the base game)
        text = text.replace("id: ", "id: x").replace("name: ", "name: X")
        (d / name).write_text(text, encoding="utf-8")
        digest = hashlib.sha256((d / name).read_bytes()).hexdigest()
        code = run_cli(["--cards", str(d), "simulate", "--games", "1", "--players", "3"])
        assert code in (0, 2), (how, code)
        assert hashlib.sha256((d / name).read_bytes()).hexdigest() == digest
        outcomes["cards", how, code] += 1
        shutil.rmtree(d)
    return outcomes


def test_mutated_saves_are_refused_cleanly_and_never_changed(tmp_path, monkeypatch, capsys):
    outcomes = fuzz_saves(tmp_path, 30, seed=1, monkeypatch=monkeypatch)
    assert sum(v for (cmd, _, code), v in outcomes.items() if code == 2) > 20  # most mutations are refused


def test_mutated_card_files_are_refused_cleanly_and_never_changed(tmp_path, capsys):
    outcomes = fuzz_cards(tmp_path, 12, seed=1)
    assert outcomes.total() == 12


@pytest.mark.volume
def test_fuzz_volume(tmp_path, monkeypatch, capsys):
    saves = fuzz_saves(tmp_path, 1000, seed=7, monkeypatch=monkeypatch)
    cards = fuzz_cards(tmp_path, 300, seed=7)
    with capsys.disabled():
        for (cmd, how, code), n in sorted((saves + cards).items()):
            print(f"{cmd:8} {how:8} exit {code}: {n}")


@pytest.mark.parametrize("change", [
    lambda d: d["state"].update(mode="chess"),  # an unknown mode
    lambda d: d["state"]["players"][0].update(gold=d["state"]["players"][0]["gold"] + 1),  # an edited state
], ids=["unknown mode", "edited state"])
def test_resume_refuses_what_replay_rejects(tmp_path, monkeypatch, capsys, change):
    import papertales_tui.tui.app as app_module

    monkeypatch.setattr(app_module, "run_app", lambda args, catalog: 0)
    path = save_as(played(20), tmp_path / "g.json")
    payload = json.loads(path.read_bytes())
    change(payload)
    payload["checksum"] = _checksum(payload)
    path.write_text(json.dumps(payload))
    assert run_cli(["replay", "--quiet", str(path)]) in (1, 2)
    assert run_cli(["--resume", str(path)]) == 2

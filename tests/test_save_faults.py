"""Saves under faults and concurrency: an autosave that cannot be written changes nothing on disk and
the app plays on; the data directory's lock keeps a second copy of the game from autosaving; two
processes autosaving at once never leave a broken file; mutated save and card files fed to the
command line end in a clean exit code, never a traceback, and are never changed."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import random
import shutil
import signal
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
    from papertales_tui.tui.launch import claim_autosave

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
# names and other text with control and wide characters, bidi overrides, markup
ODD_TEXT = ["Ann\x01\x7f", "\x1b]2;title\x07\x1b[2J", "漢字" * 10, "\u202eevil", "[b]Bo[/b]", "\u200b", "ＡＢ"]
# settings a save may hold, and many it may not
ODD_SETTINGS = [{}, {"seats": None}, {"seats": "human"}, {"seats": ["bot:genius"]}, {"seats": [7]},
                {"hints": [-1]}, {"hints": [10**9]}, {"colour": "red"}, {"seats": ["bot:easy"] * 7},
                {"seats": ["human", "bot:hard", "easy", "human"]}, {"hints": [0, 1, 2, 3]}]


def _deep(depth: int):
    value: object = 1
    for _ in range(depth):
        value = [value]
    return value


def _mutate_bytes(data: bytes, how: str, rng: random.Random) -> bytes:
    if how == "flip":
        b = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        return bytes(b)
    if how == "cut":
        return data[:rng.randrange(len(data))]
    k = rng.randrange(len(data))
    return data[:k] + rng.choice([b"[", b"{", b'"', b"\x00", b"\xff", b"1e999", b"]]", b"NaN",
                                  b"9" * rng.choice([41, 5000])]) + data[k:]


def mutate_save(data: bytes, rng: random.Random) -> tuple[str, bytes]:
    """A damaged copy of a save: bytes flipped or cut, or a JSON value changed with the checksum
    recomputed (so that the deeper checks are reached): odd values, text with control and wide
    characters, settings, deep nesting, numbers of many digits."""
    how = rng.choice(["flip", "cut", "insert", "value", "value", "value", "delete", "swap", "text", "settings",
                      "deep"])
    if how in ("flip", "cut", "insert"):
        return how, _mutate_bytes(data, how, rng)
    payload = json.loads(data)
    if how == "settings":
        n = len(payload["players"])
        payload["settings"] = rng.choice(ODD_SETTINGS + [
            {"seats": [rng.choice(["human", "bot:easy", "bot:medium", "easy", "bot:x", 0]) for _ in range(n)],
             "hints": [rng.choice([0, 1, -1, 2.5]) for _ in range(n)]}])
        payload["checksum"] = _checksum(payload)
        return how, json.dumps(payload).encode()
    paths = [p for p in _leaves(payload) if p and p[0] != "checksum"]
    if how == "text":  # a name, or any string of the file
        names = [p for p in paths if p[-1] == "name"]
        paths = names if names and rng.random() < 0.7 else paths
    path = rng.choice(paths)
    parent = payload
    for k in path[:-1]:
        parent = parent[k]
    if how == "value":
        parent[path[-1]] = rng.choice(ODD_VALUES + [rng.randint(-5, 200)])
    elif how == "text":
        parent[path[-1]] = rng.choice(ODD_TEXT)
    elif how == "deep":
        parent[path[-1]] = _deep(rng.choice([65, 200, 900]))
    elif how == "delete":
        if isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent.pop(path[-1])
    else:  # swap two entries of a list, or the values of two keys
        keys = list(range(len(parent))) if isinstance(parent, list) else list(parent)
        a, b = rng.choice(keys), rng.choice(keys)
        parent[a], parent[b] = parent[b], parent[a]
    try:
        payload["checksum"] = _checksum(payload)
        return how, json.dumps(payload).encode()
    except RecursionError:  # too deep even to write: the parser's limit is tried by "insert"
        return how, b"[" * 100_000


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
HANG_SECONDS = 60  # a command still running after this long counts as a hang


class Hang(Exception):
    pass


@contextlib.contextmanager
def hang_guard(seconds: float = HANG_SECONDS):
    """Raise Hang in the main thread if the block runs longer than `seconds` (POSIX; else no guard)."""
    if not hasattr(signal, "setitimer"):
        yield
        return

    def stop(signum, frame):
        raise Hang()

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def guarded(argv: list[str], allowed: tuple[int, ...] = (0, 2)) -> tuple[int, str | None]:
    """`papertales argv`: its exit code, and the problem when it did not end cleanly with one of the
    `allowed` codes ("hang", the traceback, the exit code)."""
    try:
        with hang_guard():
            code = run_cli(argv)
    except Hang:
        return -1, "hang"
    except Exception as exc:
        return -1, f"traceback: {type(exc).__name__}: {exc}"
    return code, None if code in allowed else f"exit {code}"


def play_on(save, decisions: int = 3) -> None:
    """What the app does with a save `--resume` accepted (tui/app.py `resume`): a session with the saved
    seats and hints, then a few decisions (bots decide for theirs), an autosave and its reload."""
    from papertales_tui.persistence import load_autosave
    from papertales_tui.tui.session import BotFailed, BotTurn, Decide, Final, Session

    game = save.game
    seat_types = save.settings.seats or ["human"] * len(game.players)
    hints = save.settings.hints
    if game.over:
        Session.finished(game, seat_types, "finished", hints)
        return
    session, rng = Session(game, seat_types, shown=len(game.state.log), hints=hints), random.Random(0)
    done = 0
    for _ in range(100):
        scene = session.scene
        if done >= decisions or isinstance(scene, Final):
            break
        if isinstance(scene, Decide):
            assert session.submit(scene.pend.player, random_decision(game, scene.pend, rng)) is None
            done += 1
        elif isinstance(scene, BotTurn):
            decision = session.bot_decision(scene.pend)
            assert not isinstance(decision, BotFailed), decision.reason
            session.bot_submit(scene.pend, decision)
            done += 1
        else:
            session.proceed()
    autosave(session.game, session.settings())
    assert load_autosave(catalog=game.catalog).game.to_json() == session.game.to_json()


def played_on(save) -> str | None:
    """None when the game of an accepted save plays on (`play_on`), else what went wrong."""
    try:
        with hang_guard():
            play_on(save)
    except Hang:
        return "hang"
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


def _odd_file(path: Path, rng: random.Random) -> str:
    """`path` made a FIFO, a folder, a dangling link or a link to a device instead of a file."""
    how = rng.choice(["fifo", "folder", "dangling link", "device"])
    if how == "fifo":
        os.mkfifo(path)
    elif how == "folder":
        path.mkdir()
    elif how == "dangling link":
        path.symlink_to(path.with_name("gone.json"))
    else:
        path.symlink_to(os.devnull)
    return how


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink(missing_ok=True)


def fuzz_saves(tmp_path: Path, rounds: int, seed: int, monkeypatch, review: bool = True) -> tuple[Counter, list]:
    """Mutated saves through `replay`, `--resume` (and on into the game when it accepts), `review` and,
    now and then, `--resume` with stdin closed (`review=False`: not `review`, whose coach takes about a
    second on each save it accepts). Returns the outcomes and the problems: tracebacks, hangs, commands that
    disagree, accepted saves that crash later."""
    import papertales_tui.tui.launch as app_module

    real_run_app, resumed = app_module.run_app, []

    def run_app(args, catalog):  # --resume: record the save and stop before the screen
        resumed.append(args.resume_save)
        return 0

    monkeypatch.setattr(app_module, "run_app", run_app)
    game = played(40, players=4, seed=seed)
    current = [save_as(game, tmp_path / "current.json", {"seats": ["human", "bot:easy", "bot:medium", "human"],
                                                         "hints": [1, 0, 0, 2]}).read_bytes()]
    sources = [p.read_bytes() for p in SAVES] + current
    rng, outcomes, problems = random.Random(seed), Counter(), []
    posix = os.name == "posix"
    for k in range(rounds):
        path = tmp_path / f"fuzz{k % 4}.json"
        _remove(path)
        if posix and rng.random() < 0.03:
            how, data = _odd_file(path, rng), None
        else:
            how, data = mutate_save(rng.choice(sources), rng)
            path.write_bytes(data)
        codes = []
        for command in (["replay", "--quiet"], ["--resume"], ["review", "--samples", "4"])[:3 if review else 2]:
            resumed.clear()
            code, problem = guarded([*command, str(path)], (0, 1, 2) if command[0] == "replay" else (0, 2))
            if problem:
                problems.append((k, how, command[0], problem))
            if data is not None and path.read_bytes() != data:
                problems.append((k, how, command[0], "file changed"))
            if command[0] == "--resume" and code == 0:
                problem = played_on(resumed[0])
                outcomes["--resume", how, "then played on" if problem is None else "then crashed"] += 1
                if problem:
                    problems.append((k, how, "play on", problem))
            outcomes[command[0], how, code] += 1
            codes.append(code)
        if len({code == 0 for code in codes}) > 1:  # one idea of a valid save
            problems.append((k, how, "all", f"replay, --resume, review exit {codes}"))
        if k % 25 == 0:  # stdin closed: one line, exit 2, whatever the file
            with monkeypatch.context() as m:
                m.setattr(app_module, "run_app", real_run_app)
                m.setattr(sys, "stdin", None)
                code, problem = guarded(["--resume", str(path)], (2,))
            outcomes["--resume <&-", "any", code] += 1
            if problem:
                problems.append((k, how, "--resume <&-", problem))
    return outcomes, problems


def fuzz_cards(tmp_path: Path, rounds: int, seed: int) -> tuple[Counter, list]:
    """Mutated card packs (and, now and then, a pack file that is a FIFO, a folder, a dangling link)
    through `--cards DIR simulate`; returns the outcomes and the problems (tracebacks, hangs, files
    changed, unusable files skipped in silence)."""
    from papertales_tui.rules.card_paths import default_cards_dir

    base = {p.name: p.read_text(encoding="utf-8") for p in default_cards_dir().glob("*.yaml")}
    rng, outcomes, problems = random.Random(seed), Counter(), []
    for k in range(rounds):
        d = tmp_path / f"pack{k}"
        d.mkdir()
        name = rng.choice(sorted(base))
        if os.name == "posix" and rng.random() < 0.04:
            how, digest = _odd_file(d / name, rng), None
        else:
            how, text = mutate_cards(base[name], rng)
            # a pack of a renamed copy of the file (ids and names otherwise clash with the base game)
            text = text.replace("id: ", "id: x").replace("name: ", "name: X")
            (d / name).write_text(text, encoding="utf-8")
            digest = hashlib.sha256((d / name).read_bytes()).hexdigest()
        code, problem = guarded(["--cards", str(d), "simulate", "--games", "1", "--players", "3"],
                                (0, 2) if digest is not None else (2,))  # an unusable file is never skipped
        if problem:
            problems.append((k, how, problem))
        if digest is not None and hashlib.sha256((d / name).read_bytes()).hexdigest() != digest:
            problems.append((k, how, "file changed"))
        outcomes["cards", how, code] += 1
        _remove(d / name)
        shutil.rmtree(d)
    return outcomes, problems


def test_mutated_saves_are_refused_cleanly_and_never_changed(tmp_path, monkeypatch, capsys):
    outcomes, problems = fuzz_saves(tmp_path, 30, seed=1, monkeypatch=monkeypatch, review=False)
    assert problems == []
    assert sum(v for (cmd, _, code), v in outcomes.items() if code == 2) > 20  # most mutations are refused


def test_mutated_card_files_are_refused_cleanly_and_never_changed(tmp_path, capsys):
    outcomes, problems = fuzz_cards(tmp_path, 12, seed=1)
    assert problems == [] and outcomes.total() == 12


def fuzz_run(tmp_path: Path, monkeypatch, capsys, saves: int, packs: int, seed: int) -> None:
    """`saves` mutated saves and `packs` card packs: the outcomes printed, no problem."""
    save_outcomes, save_problems = fuzz_saves(tmp_path, saves, seed, monkeypatch)
    card_outcomes, card_problems = fuzz_cards(tmp_path, packs, seed)
    with capsys.disabled():
        for (cmd, how, code), n in sorted((save_outcomes + card_outcomes).items(), key=str):
            print(f"{cmd:14} {how:14} {code if isinstance(code, str) else f'exit {code}'}: {n}")
        print(f"problems: {len(save_problems)} with saves, {len(card_problems)} with card packs")
        for p in (save_problems + card_problems)[:20]:
            print("  ", p)
    assert save_problems == [] and card_problems == []


@pytest.mark.volume
def test_fuzz_volume(tmp_path, monkeypatch, capsys):
    """The figures of docs/saves.md: 2,000 mutated saves and 500 card packs."""
    seed = int(os.environ.get("FUZZ_SEED", 7))  # FUZZ_SAVES, FUZZ_PACKS, FUZZ_SEED: other runs
    fuzz_run(tmp_path, monkeypatch, capsys, int(os.environ.get("FUZZ_SAVES", 2000)),
             int(os.environ.get("FUZZ_PACKS", 500)), seed)


@pytest.mark.ci
def test_fuzz_subset(tmp_path, monkeypatch, capsys):
    """A few minutes of the volume fuzz, with `review`, which .ci/run runs (`pytest -m ci`): 400 saves
    and 200 card packs, of another seed than the volume run's."""
    fuzz_run(tmp_path, monkeypatch, capsys, 400, 200, seed=3)


@pytest.mark.parametrize("change", [
    lambda d: d["state"].update(mode="chess"),  # an unknown mode
    lambda d: d["state"]["players"][0].update(gold=d["state"]["players"][0]["gold"] + 1),  # an edited state
], ids=["unknown mode", "edited state"])
def test_resume_refuses_what_replay_rejects(tmp_path, monkeypatch, capsys, change):
    import papertales_tui.tui.launch as app_module

    monkeypatch.setattr(app_module, "run_app", lambda args, catalog: 0)
    path = save_as(played(20), tmp_path / "g.json")
    payload = json.loads(path.read_bytes())
    change(payload)
    payload["checksum"] = _checksum(payload)
    path.write_text(json.dumps(payload))
    assert run_cli(["replay", "--quiet", str(path)]) in (1, 2)
    assert run_cli(["--resume", str(path)]) == 2

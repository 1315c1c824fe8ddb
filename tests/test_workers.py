"""Worker processes end with their parent (papertales_tui/workers.py): the app killed with kill -9 while
the coach assesses in the background, a tournament ended by SIGTERM or kill -9; a worker whose kernel
does not tell it ends by its own check of its parent; `--jobs` bounded by the CPUs and the games.
Each test runs the real program in a process of its own, watches its children in /proc, and kills
whatever it started, whatever happens."""

from __future__ import annotations

import contextlib
import multiprocessing.pool
import os
import random
import signal
import struct
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from papertales_tui.cli import main
from papertales_tui.persistence import save_as
from papertales_tui.rules.engine import Game
from papertales_tui.rules.random_play import random_decision
from papertales_tui.workers import cpus

ROOT = Path(__file__).resolve().parents[1]
GONE_WITHIN = 5.0  # seconds for the workers to end once their parent is gone (they check twice a second)

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def parent_of(pid: int) -> int | None:
    """The parent of a live process, None when it is gone (or a zombie: it has ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2:].split()
    return None if fields[0] in "ZX" else int(fields[1])


def children(pid: int) -> list[int]:
    return [int(d) for d in os.listdir("/proc") if d.isdigit() and parent_of(int(d)) == pid]


def command_line(pid: int) -> str:
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    return ""


def wait_for(condition, timeout: float, what: str):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        found = condition()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"not within {timeout} s: {what}")


def still_running(pids: list[int]) -> list[int]:
    return [p for p in pids if parent_of(p) is not None]


@contextlib.contextmanager
def started(args: list[str], **options) -> Iterator[subprocess.Popen]:
    """The program, in a session of its own; it and every process it started killed at the end."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), **options.pop("env", {})}
    proc = subprocess.Popen([sys.executable, *args], env=env, cwd=ROOT, start_new_session=True, **options)
    seen: set[int] = set()
    try:
        yield proc
    finally:
        seen.update(children(proc.pid))
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        for pid in seen | set(still_running(list(seen))):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        proc.wait(timeout=30)


def assert_gone(workers: list[int]) -> None:
    """The workers end within GONE_WITHIN seconds; any left is killed (and the test fails)."""
    end = time.monotonic() + GONE_WITHIN
    while still_running(workers) and time.monotonic() < end:
        time.sleep(0.05)
    left = [(p, command_line(p)) for p in still_running(workers)]
    for pid, _ in left:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    assert left == []


def test_the_background_review_ends_with_the_app_killed(tmp_path):
    """The real app resumes a game with human decisions made: its worker assesses them in the background
    (seconds of CPU); kill -9 of the app ends the worker within seconds, not when its work is done."""
    import fcntl
    import pty
    import termios

    game, rng = Game.new(["Ann", "Bob", "Cy"], seed=3), random.Random(3)
    while game.state.turn < 3:
        pend = game.pending()[0]
        game.apply(pend.player, random_decision(game, pend, rng))
    save = save_as(game, tmp_path / "game.json", {"seats": ["human", "human", "human"]})
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {"PAPERTALES_DATA_DIR": str(tmp_path / "data"), "TERM": "xterm-256color"}
    program = "import sys; from papertales_tui.cli import main; sys.exit(main())"
    try:
        with started(["-c", program, "--resume", str(save)], env=env, stdin=slave, stdout=slave,
                     stderr=slave) as app:
            os.close(slave)
            slave = -1
            fcntl.fcntl(master, fcntl.F_SETFL, fcntl.fcntl(master, fcntl.F_GETFL) | os.O_NONBLOCK)

            def worker() -> list[int]:
                with contextlib.suppress(OSError):  # (the screen's output, drained: the app never blocks)
                    os.read(master, 1 << 16)
                return [p for p in children(app.pid) if "spawn_main" in command_line(p)]

            workers = wait_for(worker, 120, "the background worker starts")
            time.sleep(2.0)  # (at work: it replays the game and assesses its first decisions)
            assert still_running(workers) == workers
            everything = children(app.pid)  # the worker and the resource tracker
            app.kill()
            app.wait(timeout=30)
            assert_gone(everything)
    finally:
        os.close(master)
        if slave >= 0:
            os.close(slave)


@pytest.mark.skipif(cpus() < 2, reason="--jobs 2 needs two CPUs")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "kill -9"])
def test_tournament_workers_end_with_the_command(sig):
    args = ["-m", "papertales_tui.cli", "tournament", "--games", "2000", "--jobs", "2"]
    with started(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) as proc:
        workers = wait_for(lambda: len(children(proc.pid)) >= 2 and children(proc.pid), 60, "two workers")
        time.sleep(0.5)  # (playing their first games)
        proc.send_signal(sig)
        code = proc.wait(timeout=30)
        assert_gone(workers)
        assert code == (128 + sig if sig == signal.SIGTERM else -sig)
        assert b"Traceback" not in proc.stderr.read()


@pytest.mark.skipif(cpus() < 2, reason="--jobs 2 needs two CPUs")
def test_review_workers_end_with_the_command_on_sigterm(tmp_path):
    from papertales_tui.rules.random_play import play_random_game

    path = save_as(play_random_game(["Ann", "Bo"], 3), tmp_path / "g.json")
    args = ["-m", "papertales_tui.cli", "review", str(path), "--samples", "2000", "--jobs", "2"]
    with started(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) as proc:
        workers = wait_for(lambda: len(children(proc.pid)) >= 2 and children(proc.pid), 60, "two workers")
        time.sleep(0.5)  # (at work)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 128 + signal.SIGTERM
        assert_gone(workers)
        assert b"Traceback" not in proc.stderr.read()


def test_a_worker_ends_by_its_own_check_when_the_kernel_does_not_tell_it(tmp_path):
    """The fallback of systems without PR_SET_PDEATHSIG: the worker sees its parent change and ends."""
    script = textwrap.dedent("""
        import multiprocessing, os, sys, time
        from papertales_tui import workers

        def busy(parent):
            workers.ask_the_kernel = lambda: None  # the kernel says nothing: only the check is left
            workers.end_with_parent(parent)
            while True:
                pass

        if __name__ == "__main__":
            child = multiprocessing.get_context("fork").Process(target=busy, args=(os.getpid(),))
            child.start()
            print(child.pid, flush=True)
            time.sleep(600)
    """)
    (tmp_path / "parent.py").write_text(script)
    with started([str(tmp_path / "parent.py")], stdout=subprocess.PIPE) as proc:
        worker = int(proc.stdout.readline())
        time.sleep(1.0)
        assert still_running([worker]) == [worker]
        proc.kill()
        proc.wait(timeout=30)
        assert_gone([worker])


def test_tournament_jobs_are_bounded_by_the_cpus_and_the_games(monkeypatch, capsys):
    sizes: list[int | None] = []
    real = multiprocessing.pool.Pool.__init__

    def recorded(self, processes=None, *args, **kwargs):
        sizes.append(processes)
        real(self, processes, *args, **kwargs)

    monkeypatch.setattr(multiprocessing.pool.Pool, "__init__", recorded)
    assert main(["tournament", "--games", "2", "--jobs", "64", "--json"]) == 0
    assert all(n is not None and n <= min(2, cpus()) for n in sizes)

"""SIGKILL of the real `papertales` process (in a terminal, driven by key presses) at spread moments,
every other one as soon as an autosave's temporary file appears (during the write itself): the
autosave on disk always loads, replays to its stored state, and never goes back; each restart with
--resume goes on from it."""

from __future__ import annotations

import fcntl
import os
import random
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

from papertales_tui.persistence import load_autosave

ROOT = Path(__file__).resolve().parents[1]
PROGRAM = "import sys; from papertales_tui.cli import main; sys.exit(main())"
# Enough to move any screen on: pick (Enter), the discard of a 2-player draft (Down, Enter), confirm (c).
KEYS = ["\r", "\x1b[B", "\r", "c"]

pytestmark = pytest.mark.skipif(os.name != "posix", reason="a pseudo-terminal and SIGKILL")


class App:
    """The real program in a pseudo-terminal of 80x24."""

    def __init__(self, args: list[str], data_dir: Path):
        import pty

        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PAPERTALES_DATA_DIR": str(data_dir), "TERM": "xterm-256color"}
        self.proc = subprocess.Popen([sys.executable, "-c", PROGRAM, *args], stdin=slave, stdout=slave, stderr=slave,
                                     env=env, cwd=ROOT, start_new_session=True)
        os.close(slave)
        self.master, self.output = master, bytearray()
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        while True:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            self.output += data

    def wait_for_screen(self, timeout: float = 60) -> None:
        end = time.monotonic() + timeout
        while len(self.output) < 2000 and time.monotonic() < end:
            time.sleep(0.05)
        time.sleep(0.5)

    def press(self, key: str) -> None:
        os.write(self.master, key.encode())

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)
        os.close(self.master)


def wait_for_a_write(data_dir: Path, timeout: float = 0.3) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if data_dir.is_dir() and any(name.endswith(".tmp") for name in os.listdir(data_dir)):
            return


def kill_and_check(data_dir: Path, kills: int, seed: int) -> dict[str, int]:
    rng = random.Random(seed)
    kept, mid_write, runs = 0, 0, 0
    while runs < kills or (kept == 0 and runs < 3 * kills):  # (a loaded machine: until a decision is kept)
        app = App(["--resume"] if kept else [], data_dir)
        app.wait_for_screen()
        if not kept:
            app.press("\r")  # New game
            time.sleep(1.0)
            app.press("\x13")  # Ctrl+S: start with the defaults (2 players)
            time.sleep(1.0)
        for i in range(rng.randint(8, 40)):
            app.press(KEYS[i % len(KEYS)])
            time.sleep(0.06)
        app.press("c" if rng.random() < 0.5 else "\r")
        if runs % 2:  # the moment a write has begun (its temporary file exists), if one begins soon
            wait_for_a_write(data_dir)
        else:
            time.sleep(rng.uniform(0.0, 0.06))  # spread over the autosave that key may start
        app.kill()
        runs += 1
        assert app.proc.returncode == -signal.SIGKILL
        mid_write += any(p.name.endswith(".tmp") for p in data_dir.iterdir())
        if not (data_dir / "autosave.json").exists():
            continue
        try:  # never damaged; replays to its stored state (load_autosave checks)
            save = load_autosave(data_dir)
        except Exception as e:  # (what was on disk, for whoever reads the failure)
            listing = sorted((p.name, p.stat().st_size) for p in data_dir.iterdir())
            raise AssertionError(f"after kill {runs} (decisions kept {kept}): {e!r}; on disk: {listing}") from e
        n = len(save.decisions)
        assert n >= kept  # never goes back
        kept = n
        assert not [p for p in data_dir.iterdir() if "damaged" in p.name]
    assert kept > 0
    return {"kills": runs, "during a write": mid_write, "decisions kept": kept}


def test_the_real_app_killed_at_spread_moments_never_loses_its_autosave(tmp_path):
    kill_and_check(tmp_path / "data", kills=4, seed=1)


@pytest.mark.volume
def test_the_real_app_killed_many_times(tmp_path, capsys):
    result = kill_and_check(tmp_path / "data", kills=40, seed=2)
    with capsys.disabled():
        print(result)

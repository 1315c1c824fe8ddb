"""`papertales serve` driven by a real headless Chromium (Debian's `chromium`, through Playwright for
Python, launched with that executable: Playwright's own browser downloads are never used).

The terminal in the page (xterm.js) draws on a canvas, so its text is read from xterm's buffer: the
page's script keeps the terminal in a closure, and an init script catches it when textual.js's
terminal class first assigns `websocket_url` on itself (a setter on Object.prototype, removed at once).
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from papertales_tui.commands.serve_web import own_session_ending_with_server

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
VIEWPORT = {"width": 1024, "height": 768}

CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, "websocket_url", {
  configurable: true,
  set(value) {
    delete Object.prototype.websocket_url;
    Object.defineProperty(this, "websocket_url", {value, writable: true, configurable: true, enumerable: true});
    window.__papertales = this;
  },
});
"""
SCREEN_TEXT = """() => {
  const t = window.__papertales && window.__papertales.terminal;
  if (!t) return "";
  const b = t.buffer.active, rows = [];
  for (let y = 0; y < t.rows; y++) { const line = b.getLine(y); rows.push(line ? line.translateToString(true) : ""); }
  return rows.join("\\n");
}"""
CELL = """() => {
  const t = window.__papertales.terminal, box = document.querySelector(".xterm-screen").getBoundingClientRect();
  return {x: box.left, y: box.top, w: box.width / t.cols, h: box.height / t.rows, cols: t.cols, rows: t.rows};
}"""


def chromium_missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if not Path(CHROMIUM).is_file():
        return "no Chromium (Debian: apt-get install -y chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "no Playwright for Python (pip install '.[test]')"
    return None


@contextlib.contextmanager
def served(data_dir: Path, *options: str, timeout: float = 30) -> Iterator[tuple[subprocess.Popen, str]]:
    """`papertales serve --port 0` in a session of its own, and the link it printed; ended (the server
    with SIGINT, then its whole process group and every game it started with SIGKILL) on the way out,
    and by SIGTERM if the test process dies first."""
    env = {**os.environ, "PAPERTALES_DATA_DIR": str(data_dir), "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "papertales_tui.cli", "serve", "--port", "0", *options],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT,
                            preexec_fn=own_session_ending_with_server)
    try:
        url = None
        end = time.monotonic() + timeout
        while url is None and time.monotonic() < end:
            line = proc.stdout.readline()
            if not line:
                break
            found = re.search(r"http://\S+", line)
            url = found.group(0) if found else None
        if url is None:
            raise RuntimeError(f"papertales serve printed no link (exit code {proc.poll()})")
        yield proc, url
    finally:
        kill_server(proc)


def game_pids(server_pid: int) -> list[int]:
    """The game processes a server started (its children: each game runs in a session of its own)."""
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(server_pid)], capture_output=True, text=True)
    return [int(p) for p in out.stdout.split()]


def kill_server(proc: subprocess.Popen) -> None:
    games = game_pids(proc.pid) if proc.poll() is None else []
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(10)
    for pid in [proc.pid, *games]:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signal.SIGKILL)
    proc.wait()
    if proc.stdout:
        proc.stdout.close()


@contextlib.contextmanager
def browser() -> Iterator:
    """A headless Chromium with a fresh profile, and a new page of 1024x768 that can read the terminal."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="papertales-chromium-") as profile, sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS,
                                                        headless=True, viewport=VIEWPORT)
        try:
            context.add_init_script(CATCH_TERMINAL)
            yield context.pages[0] if context.pages else context.new_page()
        finally:
            context.close()


def screen(page) -> str:
    return page.evaluate(SCREEN_TEXT)


def wait_for_text(page, pattern: str, timeout: float = 20) -> str:
    """The terminal's text once it matches `pattern` (a regular expression); TimeoutError with the
    screen as it is if it does not in time."""
    end = time.monotonic() + timeout
    text = ""
    while time.monotonic() < end:
        text = screen(page)
        if re.search(pattern, text):
            return text
        page.wait_for_timeout(30)
    raise TimeoutError(f"no {pattern!r} on the screen after {timeout} s:\n{text}")


def click_text(page, text: str, nth: int = 0) -> None:
    """Click the middle of the `nth` place on the terminal where `text` is written."""
    lines = screen(page).split("\n")
    spots = [(y, m.start()) for y, line in enumerate(lines) for m in re.finditer(re.escape(text), line)]
    if len(spots) <= nth:
        raise LookupError(f"{text!r} is not on the screen:\n" + "\n".join(lines))
    y, x = spots[nth]
    cell = page.evaluate(CELL)
    page.mouse.click(cell["x"] + (x + len(text) / 2) * cell["w"], cell["y"] + (y + 0.5) * cell["h"])


def click_cell(page, x: float, y: float) -> None:
    """Click the terminal's cell at column `x`, row `y` (from 0)."""
    cell = page.evaluate(CELL)
    page.mouse.click(cell["x"] + (x + 0.5) * cell["w"], cell["y"] + (y + 0.5) * cell["h"])


def wait_for_change(page, before: str, timeout: float = 20) -> str:
    """The terminal's text once it differs from `before` (and has stayed so for a moment: a repaint
    can come in parts)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if screen(page) != before:
            page.wait_for_timeout(100)
            return screen(page)
        page.wait_for_timeout(30)
    raise TimeoutError(f"the screen did not change in {timeout} s:\n{before}")


def start_game(page, url: str, seed: int, timeout: float = 20) -> str:
    """Open the served page and start a 2-player game with this seed by clicks: New game, the seed
    field, Start game. The screen's text once the first hand-off shows."""
    page.goto(url)
    wait_for_text(page, "New game", timeout=timeout)
    click_text(page, "New game")
    wait_for_text(page, "Start game")
    click_text(page, "empty = random game")  # the seed
    page.keyboard.type(str(seed))
    wait_for_text(page, rf"Seed +{seed}")
    click_text(page, "Start game")
    return wait_for_text(page, "Pass to")

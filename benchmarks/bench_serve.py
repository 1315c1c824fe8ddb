"""How the game feels in a browser (`papertales serve`, headless Chromium at 1024x768) against the same
app in a terminal (benchmarks/bench_tui.py's figures), measured in the same run.

1. Request to the first screen: from asking for the page to the title screen's text in the browser's
   terminal (the page, textual.js, the websocket, a new game process: interpreter, imports, cards from
   their cache, the first paint sent over). Against bench_tui's cold start of the app in a fresh
   process (its wall time from the first line of the program to the first paint: the interpreter's own
   start is not in it), and against the same cold start plus `python -c pass` (the interpreter start).
2. A keypress on the deployment board (placing a card with 1, undoing with u, as bench_tui does): from
   sending the key to the browser to the new text being in its terminal (xterm's `onWriteParsed`,
   timed by the page's clock). Against bench_tui's keypress on the deployment board (in-process, key
   event to the end of the repaint), and its bare Textual app's.

Usage: python benchmarks/bench_serve.py [--starts 5] [--keys 40]   (needs Debian's chromium, the `test` extra)
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from helpers.browser import (  # noqa: E402
    browser,
    chromium_missing,
    screen,
    served,
    start_game,
    wait_for_change,
    wait_for_text,
)

from benchmarks.bench_tui import cold_first_screen, command_time, keypress  # noqa: E402

WATCH = """([target, present]) => {
  const t = window.__papertales.terminal;
  const text = () => { const b = t.buffer.active, rows = [];
    for (let y = 0; y < t.rows; y++) rows.push(b.getLine(y).translateToString(true)); return rows.join("\\n"); };
  window.__changedAt = null;
  const watch = t.onWriteParsed(() => {
    if (text().includes(target) === present) { window.__changedAt = performance.now(); watch.dispose(); }
  });
  return performance.now();
}"""


def first_screens(context, url: str, starts: int) -> list[float]:
    """Seconds from the request to the title screen's text, each in a new tab (a new game process)."""
    times = []
    for _ in range(starts + 1):  # the first one warms the caches (page, files, cards)
        page = context.new_page()
        start = time.perf_counter()
        page.goto(url)
        wait_for_text(page, "New game", timeout=60)
        times.append(time.perf_counter() - start)
        page.close()
    return times[1:]


def to_deployment(page, url: str) -> None:
    """A 2-player game (seed 7) drafted with the keyboard up to Player 1's deployment board."""
    text = start_game(page, url, 7, timeout=60)
    while "Deployment · Player 1" not in text:
        if "to DISCARD" in text:
            page.keyboard.press("ArrowDown")
        page.keyboard.press("c" if "c: confirm" in text else "Enter")
        text = wait_for_change(page, text)
    wait_for_text(page, "F1 — empty")


def key_latencies(page, keys: int) -> list[float]:
    """Seconds from each key (1: place the card under the cursor in F1; u: undo) to its text on screen."""
    times = []
    for k in range(keys):
        key, present = ("1", False) if k % 2 == 0 else ("u", True)
        start = page.evaluate(WATCH, ["F1 — empty", present])
        page.keyboard.press(key)
        changed = None
        while changed is None:
            changed = page.evaluate("window.__changedAt")
        times.append((changed - start) / 1000)
        page.wait_for_timeout(20)  # let the repaint's tail settle, as bench_tui's pilot.pause()
    return times


def spread(xs: list[float]) -> str:
    q = statistics.quantiles(xs, n=4) if len(xs) > 1 else [xs[0]] * 3
    return f"median {statistics.median(xs) * 1000:.0f} ms (quartiles {q[0] * 1000:.0f}-{q[2] * 1000:.0f}, n={len(xs)})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=5, help="first screens of each (default 5)")
    parser.add_argument("--keys", type=int, default=40, help="keypresses of each (default 40)")
    args = parser.parse_args()
    why = chromium_missing()
    if why:
        print(f"bench_serve: {why}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as data, served(Path(data)) as (_, url), browser() as page:
        browser_starts = first_screens(page.context, url, args.starts)
        to_deployment(page, url)
        assert "Deployment" in screen(page)
        browser_keys = key_latencies(page, args.keys)
    (_, _), (app_wall, _) = cold_first_screen(args.starts)
    python_start = statistics.median(command_time([sys.executable, "-c", "pass"])[0] for _ in range(args.starts))
    bare_key, board_key, *_ = asyncio.run(keypress(args.keys))  # (then their quartiles and CPU times)

    browser_start = statistics.median(browser_starts)
    print(f"first screen: browser {spread(browser_starts)}; terminal cold start {app_wall * 1000:.0f} ms "
          f"(+ python start {python_start * 1000:.0f} ms = {(app_wall + python_start) * 1000:.0f} ms); "
          f"ratio {browser_start / app_wall:.2f} "
          f"(with the python start {browser_start / (app_wall + python_start):.2f})")
    browser_key = statistics.median(browser_keys)
    print(f"keypress:     browser {spread(browser_keys)}; terminal deployment board {board_key * 1000:.1f} ms "
          f"(bare Textual app {bare_key * 1000:.1f} ms); ratio {browser_key / board_key:.2f} "
          f"({browser_key / bare_key:.2f} to the bare app)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

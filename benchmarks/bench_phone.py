"""The seat's page for a phone (issue 38) against the terminal seat's page (`?view=terminal`: the same
seat's screens in a terminal in the page, textual-serve), both served by one hosted table on loopback
and opened in Debian's Chromium, in one run: the phone page in phone emulation (390x844, touch), the
terminal page at 1024x768 (at a phone's size it says the screen is too small, issue 38's reason):

1. First load: the bytes of every response (the page, its script, styles, icon, fonts) and of the
   websocket frames received until the first card of the draft is on screen. Goal: at most 300 KB.
2. First card on screen: from the navigation's start to the first draft card shown (the phone page: a
   card's button; the terminal page: the draft's "to PICK" in the terminal's buffer). Each of `--starts`
   fresh tabs (a new browser context each). Goal: at most 1.5 s.
3. A tap answered: from a tap on a draft card (the phone page; it selects the card: its click event) to
   the page's next body in the document; the terminal page: from ArrowDown (the cursor to the next card:
   its keydown event) to the terminal's text changed. Both on the page's own clock. `--taps` of each.
   Goal: at most 100 ms.

Medians with quartiles and the number of samples; the ratios phone / terminal.

Usage: python benchmarks/bench_phone.py [--starts 5] [--taps 40]   (Debian's chromium, the `test` extra)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from helpers.browser import ARGS, CATCH_TERMINAL, CHROMIUM, SCREEN_TEXT, VIEWPORT, chromium_missing  # noqa: E402
from helpers.phone import PHONE  # noqa: E402
from test_join_play import serving  # noqa: E402

from papertales_tui.hosting.server import link  # noqa: E402
from papertales_tui.hosting.table import HostedTable  # noqa: E402
from papertales_tui.rules import Game  # noqa: E402

PHONE_CARD = "button[data-a=card]"


def spread(xs: list[float], unit: float = 1000, label: str = "ms") -> str:
    q = statistics.quantiles(xs, n=4) if len(xs) > 1 else [xs[0]] * 3
    return (f"median {statistics.median(xs) * unit:.0f} {label} (quartiles {q[0] * unit:.0f}-{q[2] * unit:.0f}, "
            f"n={len(xs)})")


def open_tab(browser: Any, url: str, terminal: bool) -> tuple[Any, Any, float, int]:
    """A fresh tab on `url` until its first draft card is shown: (context, page, seconds, bytes loaded)."""
    if terminal:  # (at a phone's size it says the screen is too small: a tablet's, as issue 38 found it)
        context = browser.new_context(viewport=VIEWPORT)
        context.add_init_script(CATCH_TERMINAL)
    else:
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    page = context.new_page()
    loaded: list[int] = []

    def body_size(response: Any) -> None:
        try:
            loaded.append(len(response.body()))
        except Exception:  # (a redirect or a websocket upgrade has no body)
            loaded.append(0)

    page.on("response", body_size)
    page.on("websocket", lambda ws: ws.on("framereceived", lambda data: loaded.append(
        len(data.encode() if isinstance(data, str) else data))))
    start = time.perf_counter()
    page.goto(url)
    if terminal:
        page.wait_for_function(f"() => ({SCREEN_TEXT})().includes('to PICK')", polling="raf", timeout=60000)
    else:
        page.wait_for_selector(PHONE_CARD, timeout=60000)
    took = time.perf_counter() - start
    return context, page, took, sum(loaded)


# In the page: the moment of the tap (the click a touch makes) or the key, and the moment the answer is
# in the page (the phone page's next body in the document; the terminal's text changed once parsed),
# both on the page's clock (performance.now): the driver's own delays are left out of both.
PHONE_WATCH = """() => {
  window.__t0 = null; window.__changedAt = null;
  document.addEventListener("click", () => { if (window.__t0 === null) window.__t0 = performance.now(); },
                            {capture: true, once: true});
  const seen = new MutationObserver(() => { window.__changedAt = performance.now(); seen.disconnect(); });
  seen.observe(document.getElementById("app"), {childList: true});
}"""
TERMINAL_WATCH = """(before) => {
  const t = window.__papertales.terminal;
  const text = () => { const b = t.buffer.active, rows = [];
    for (let y = 0; y < t.rows; y++) rows.push(b.getLine(y).translateToString(true)); return rows.join("\\n"); };
  window.__t0 = null; window.__changedAt = null;
  document.addEventListener("keydown", () => { if (window.__t0 === null) window.__t0 = performance.now(); },
                            {capture: true, once: true});
  const watch = t.onWriteParsed(() => {
    if (text() !== before) { window.__changedAt = performance.now(); watch.dispose(); }
  });
}"""


def answered(page: Any) -> float:
    page.wait_for_function("() => window.__changedAt !== null && window.__t0 !== null", polling="raf")
    return float(page.evaluate("window.__changedAt - window.__t0")) / 1000


def phone_taps(page: Any, taps: int) -> list[float]:
    times = []
    cards = [c.get_attribute("id") for c in page.query_selector_all(PHONE_CARD)]
    for k in range(taps):
        page.evaluate(PHONE_WATCH)
        page.tap(f"#{cards[k % 2]}")  # (one card, then another: each tap changes the selection)
        times.append(answered(page))
        page.wait_for_timeout(20)
    return times


def terminal_keys(page: Any, keys: int) -> list[float]:
    times = []
    page.focus(".xterm-helper-textarea")  # (the terminal takes the keys)
    for k in range(keys):
        page.evaluate(TERMINAL_WATCH, page.evaluate(SCREEN_TEXT))
        page.keyboard.press("ArrowDown" if k % 2 == 0 else "ArrowUp")
        times.append(answered(page))
        page.wait_for_timeout(20)  # (the repaint's tail settles)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=5, help="fresh tabs of each page (default 5)")
    parser.add_argument("--taps", type=int, default=40, help="taps (keys) on each page (default 40)")
    args = parser.parse_args()
    why = chromium_missing()
    if why:
        print(f"bench_phone: {why}", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    from papertales_tui.commands.seat_web import SeatServer
    from papertales_tui.phone import PhonePages

    table = HostedTable(Game.new(["Ann", "Bob"], seed=11), ["human", "bot:easy"])
    server = SeatServer(table, None, log=lambda line: None)
    server.seat_pages = PhonePages(server)  # (as `papertales host` makes it)
    with serving(server) as port, sync_playwright() as pw:
        seat = link("127.0.0.1", port, 0, table.secrets[0] or "")
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            figures: dict[str, tuple[list[float], list[int], list[float]]] = {}
            for name, url, terminal in (("phone", seat, False), ("terminal", seat + "&view=terminal", True)):
                starts, sizes = [], []
                for _ in range(args.starts):
                    context, page, took, size = open_tab(browser, url, terminal)
                    starts.append(took)
                    sizes.append(size)
                    context.close()
                context, page, _took, _size = open_tab(browser, url, terminal)
                taps = terminal_keys(page, args.taps) if terminal else phone_taps(page, args.taps)
                context.close()
                figures[name] = (starts, sizes, taps)
        finally:
            browser.close()
    (p_start, p_size, p_tap), (t_start, t_size, t_tap) = figures["phone"], figures["terminal"]
    print(f"first load: phone {statistics.median(p_size) / 1000:.0f} KB (min {min(p_size) / 1000:.0f}, max "
          f"{max(p_size) / 1000:.0f}, n={len(p_size)}); terminal page {statistics.median(t_size) / 1000:.0f} KB; "
          f"ratio {statistics.median(p_size) / statistics.median(t_size):.2f} (goal: phone <= 300 KB)")
    print(f"first card on screen: phone {spread(p_start)}; terminal page {spread(t_start)}; ratio "
          f"{statistics.median(p_start) / statistics.median(t_start):.2f} (goal: phone <= 1500 ms)")
    print(f"a tap answered: phone {spread(p_tap)}; terminal page (a key) {spread(t_tap)}; ratio "
          f"{statistics.median(p_tap) / statistics.median(t_tap):.2f} (goal: phone <= 100 ms)")
    ok = (statistics.median(p_size) <= 300_000 and statistics.median(p_start) <= 1.5
          and statistics.median(p_tap) <= 0.1)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

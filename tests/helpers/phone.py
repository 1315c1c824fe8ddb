"""The phone page (papertales_tui/phone/) driven by taps in Debian's Chromium, through
Playwright's Python driver, in phone emulation (touch, a phone's viewport): a hosted table served from a
thread of the test (tests/test_join_play.py `hosted`, ended on leaving), and a player that taps through
a whole game. Every console message of an error, every failed request and every answer of 400 or more
is recorded (`Page.problems`)."""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from helpers.browser import ARGS, CHROMIUM

PHONE = {"width": 390, "height": 844}
SMALL = {"width": 360, "height": 640}
LANDSCAPE = {"width": 640, "height": 360}
ZOOMED = {"width": 180, "height": 320}  # 360x640 zoomed to 200%: half as many CSS pixels


@dataclass
class Phone:
    page: Any
    problems: list[str] = field(default_factory=list)

    def shown(self) -> int:
        return int(self.page.get_attribute("#app", "data-shown") or 0)

    def tap(self, selector: str, timeout: float = 20) -> None:
        """Tap a button and wait for the page's next body (each tap is answered with one)."""
        before = self.shown()
        self.page.tap(selector)
        self.wait_shown(before, timeout)

    def wait_shown(self, before: int, timeout: float = 20) -> None:
        self.page.wait_for_function(f"() => Number(document.getElementById('app').dataset.shown || 0) > {before}",
                                    timeout=timeout * 1000)

    def kind(self) -> str:
        """The screen shown: pick, deploy, choose, results, final, waiting (or '' while connecting)."""
        found = self.page.query_selector("section.screen[id^=screen-]")
        return (found.get_attribute("id") or "")[len("screen-"):] if found else ""


@contextlib.contextmanager
def phone(viewport: dict[str, int] = PHONE, locale: str = "en-US") -> Iterator[Phone]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            context = browser.new_context(viewport=viewport, is_mobile=True, has_touch=True, device_scale_factor=2,
                                          locale=locale)
            page = context.new_page()
            found = Phone(page)
            page.on("console", lambda m: found.problems.append(f"console {m.type}: {m.text}")
                    if m.type in ("error", "warning") else None)
            page.on("pageerror", lambda e: found.problems.append(f"page error: {e}"))
            page.on("requestfailed", lambda r: found.problems.append(f"failed: {r.url} {r.failure}"))
            page.on("response", lambda r: found.problems.append(f"{r.status}: {r.url}") if r.status >= 400 else None)
            yield found
        finally:
            browser.close()


def play(ph: Phone, seen: Callable[[str], None] = lambda kind: None, timeout: float = 240) -> list[str]:
    """Tap through the game to its final scores, as a player would: the first card of the draft (and
    the next to discard), the first card of the hand that Gold pays on the first open spot, the first
    choice of every other prompt, Next on every results page. `seen(kind)` is called on each new screen
    (before any tap on it). Returns the kinds of screen in the order shown."""
    page, kinds = ph.page, []
    end = time.monotonic() + timeout
    page.wait_for_selector("section.screen[id^=screen-]", timeout=20000)
    last = None
    while time.monotonic() < end:
        body = ph.shown()  # (first: a body that comes after it ends the wait below at once)
        kind = ph.kind()
        if (kind, body) != last:
            kinds.append(kind)
            seen(kind)
        last = (kind, body)
        if kind == "final":
            return kinds
        if kind == "results":
            ph.tap("#read")
        elif kind == "pick":
            cards = page.query_selector_all("button[data-a=card]")
            ph.tap(f"#{cards[0].get_attribute('id')}")
            if page.query_selector("#confirm[disabled]"):
                ph.tap(f"#{cards[1].get_attribute('id')}")
            ph.tap("#confirm")
        elif kind == "deploy":
            deploy(ph)
        elif kind == "choose":
            if page.query_selector("#confirm[disabled]"):
                ph.tap("#opt-0")
            ph.tap("#confirm")
        else:  # waiting, or connecting: the next body
            ph.wait_shown(body, timeout=60)
    raise AssertionError(f"the game did not end in {timeout} s: {kinds[-10:]}")


def deploy(ph: Phone) -> None:
    page = ph.page
    money = page.inner_text(".money")
    left = int(money.rsplit("=", 1)[1].split()[0].strip("¤"))
    free = page.query_selector("button.spot:not([disabled]):not(.new) .dim")
    for card in page.query_selector_all("button[data-a=hand]"):
        cost = int(card.inner_text().split("¤", 1)[1].split()[0])
        if free is not None and cost <= left:
            ph.tap(f"#{card.get_attribute('id')}")
            spot = page.query_selector_all("button.spot:not([disabled])")
            empty = [s for s in spot if s.query_selector(".dim")]
            ph.tap(f"#{empty[0].get_attribute('id')}")
            break
    ph.tap("#confirm")
    for asked in ("#unpaid-ok", "#nothing-ok"):  # Gold short; no new Unit where one could go
        if page.query_selector(asked):
            ph.tap(asked)


@contextlib.contextmanager
def hosted(players: int, seed: int, types: list[str], solo: bool = False) -> Iterator[tuple[Any, list[str], list[str]]]:
    """A table served on 127.0.0.1 from a thread of the test (tests/test_join_play.py `serving`, ended on
    leaving): the table, each seat's link ("" for a bot's) and what the server logged."""
    from test_join_play import serving

    from papertales_tui.hosting.server import TableServer, link
    from papertales_tui.hosting.table import HostedTable
    from papertales_tui.rules import Game

    game = Game.new([f"Seat{i}" for i in range(players)], seed=seed)
    table = HostedTable(game, types)
    logged: list[str] = []
    with serving(with_phone(TableServer(table, None, log=logged.append))) as port:
        yield table, [link("127.0.0.1", port, i, s) if s else "" for i, s in enumerate(table.secrets)], logged


LAYOUT = """() => {
  const out = [], de = document.documentElement, width = de.clientWidth;
  if (de.scrollWidth > width) out.push(`sideways scroll: ${de.scrollWidth} > ${width}`);
  if (width > screen.width) out.push(`laid out ${width} px wide on a screen of ${screen.width}`);
  const name = (el) => el.id || el.textContent.trim().slice(0, 30);
  for (const el of document.querySelectorAll("button, a[href], input, select")) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    if (r.width < 44 || r.height < 44) out.push(`control ${name(el)}: ${r.width}x${r.height}`);
    if (r.right > width + 0.5 || r.left < -0.5) out.push(`control ${name(el)} off the screen`);
  }
  const rgb = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
                       return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const background = (el) => {
    for (; el; el = el.parentElement) {
      const c = rgb(getComputedStyle(el).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] > 0.99)) return c;
    }
    return [255, 255, 255];
  };
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || el.closest(".sr")) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const fg = rgb(getComputedStyle(el).color), bg = background(el);
    const a = lum(fg), b = lum(bg), ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < 4.5) out.push(`contrast ${ratio.toFixed(2)} of "${n.textContent.trim().slice(0, 30)}"`);
  }
  return out;
}"""


def layout_problems(ph: Phone) -> list[str]:
    """What breaks the layout rules on the screen shown: sideways scroll, a control under 44x44 CSS px or
    off the screen, text under 4.5:1 contrast against its background."""
    return list(ph.page.evaluate(LAYOUT))


def with_phone(server: Any) -> Any:
    """A table's server with the seats' phone pages (as `papertales host` makes it)."""
    from papertales_tui.phone import PhonePages

    server.seat_pages = PhonePages(server)
    return server


ROUTINE = re.compile(r"seat \d+ \(.*\) (joined|left)|the game is over: .*|a rematch starts \(.*\)")


def troubles(logged: list[str]) -> list[str]:
    """What the host logged beyond its routine lines (a seat joined or left, the game over, a rematch):
    a page's error, a connection dropped, a save that failed."""
    return [line for line in logged if not ROUTINE.fullmatch(line)]

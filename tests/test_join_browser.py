"""A seat of a hosted table played in a real headless Chromium (Debian's, through Playwright's Python
driver, as tests/test_serve.py): the seat's link is a page whose terminal plays `papertales join` for
that seat (commands/seat_web.py), the link in the game's environment; the page's other requests carry
the seat's secret in a cookie of that seat only; the page breaks none of its Content-Security-Policy;
the server's end ends the tab's game."""

from __future__ import annotations

import os
import time
import urllib.error
import urllib.request

import pytest
from helpers.browser import browser, chromium_missing, click_text, screen, wait_for_text
from test_join_play import hosted

pytestmark = pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))


def status(url: str, cookie: str | None = None) -> int:
    request = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as err:
        return err.code


def test_a_seat_plays_in_chromium_beside_a_bot(tmp_path):
    from papertales_tui.commands.seat_web import SeatServer

    with hosted(tmp_path, 2, seed=7, types=["human", "bot:easy"], server_class=SeatServer) as (table, links):
        base = links[0].split("?")[0]
        assert status(base + "/static/js/textual.js") == 403  # no secret, no cookie
        assert status(base + "/static/../../etc/passwd") in (403, 404)
        with browser() as page:
            violations: list[str] = []
            page.context.on("console", lambda m: violations.append(m.text)
                            if "Content Security Policy" in m.text else None)
            page.goto(links[0] + "&view=terminal")  # (the link alone: the phone page, tests/test_phone.py)
            wait_for_text(page, "to PICK", timeout=60)
            text = screen(page)
            assert "Turn 1/4" in text and "Pass to" not in text  # no hand-off: the seat's own device
            click_text(page, "Farmer")  # (a click: the terminal has the keyboard's focus then)
            wait_for_text(page, "to DISCARD")
            page.keyboard.press("ArrowDown")
            page.keyboard.press("Enter")
            wait_for_text(page, "c: confirm")
            page.keyboard.press("c")
            end = time.monotonic() + 60
            while time.monotonic() < end and not any(d["player"] == 0 for d in table.game.state.decisions):
                page.wait_for_timeout(50)
            assert any(d["player"] == 0 for d in table.game.state.decisions)  # through the seat's game
            wait_for_text(page, "to PICK|Waiting for", timeout=60)  # the bot picked too: the next pick
            cookies = {c["name"]: c for c in page.context.cookies()}
            (name,) = [n for n in cookies if n.startswith("papertales_seat_")]
            assert cookies[name]["path"] == "/seat/0" and cookies[name]["httpOnly"]
            assert status(base + "/static/js/textual.js", f"{name}={cookies[name]['value']}") == 200
            assert status(links[0].replace("/seat/0", "/seat/1").split("?")[0] + "/static/js/textual.js",
                          f"{name}={cookies[name]['value']}") == 403  # another seat's path: not this cookie
            assert violations == []
            game = table_games()
            assert len(game) == 1  # the tab's game
    assert all(not os.path.exists(f"/proc/{pid}") or zombie(pid) for pid in game)  # ended with the server


def table_games() -> list[int]:
    """The browser games this test's server started: its children running `commands.join`."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    cmd = f.read()
                with open(f"/proc/{entry}/stat") as f:
                    parent = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            if b"papertales_tui.commands.join" in cmd and parent == os.getpid():
                out.append(int(entry))
    return out


def zombie(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True

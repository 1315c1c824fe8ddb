"""`papertales serve`: the game in a real headless Chromium (end to end: the server, textual-serve's page
and websocket, one game process per tab, the autosave and its lock, Ctrl-C), the token, and the one-line
errors of the command."""

from __future__ import annotations

import os
import signal
import socket
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from helpers.browser import chromium_missing, click_text, game_pids, screen, served, wait_for_text

from papertales_tui.cli import main
from papertales_tui.dirs import kept_games
from papertales_tui.persistence import load_autosave, load_save

needs_serve = pytest.mark.skipif(sys.platform == "win32", reason="process groups and signals")


def status(url: str, headers: dict[str, str] | None = None) -> int:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=10) as reply:
            return reply.status
    except urllib.error.HTTPError as err:
        return err.code


def alive(pid: int) -> bool:
    """Whether the process runs (a zombie, ended but not yet reaped, does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


@needs_serve
@pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))
def test_a_two_player_game_in_chromium(catalog):
    """Start a 2-player game through the token link, pick through clicks (the key bar's Confirm included)
    and keys; the autosave is written; a second tab is told the autosave is in use and plays a game that
    autosaves to a file of its own; Ctrl-C ends the server and both games (130), and both games are on
    disk. The page breaks none of its Content-Security-Policy."""
    from helpers.browser import browser, start_game

    data = Path(os.environ["PAPERTALES_DATA_DIR"])  # this test's own (tests/conftest.py)
    with served(data) as (server, url), browser() as page:
        assert "?token=" in url
        violations: list[str] = []
        page.context.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
        start_game(page, url, 7)
        wait_for_text(page, "I am Player 1")
        click_text(page, "I am Player 1")  # the hand-off screen's button
        wait_for_text(page, "to PICK")
        click_text(page, "Farmer")
        wait_for_text(page, "to DISCARD")
        click_text(page, "Colossus")
        wait_for_text(page, "c Confirm")
        click_text(page, "Confirm", nth=-1)  # in the key bar
        wait_for_text(page, "Pass to Player 2")
        page.keyboard.press("Enter")
        wait_for_text(page, "to PICK")
        page.keyboard.press("Enter")  # the first card
        wait_for_text(page, "to DISCARD")
        page.keyboard.press("ArrowDown")
        page.keyboard.press("Enter")
        wait_for_text(page, "c: confirm")
        page.keyboard.press("c")
        text = wait_for_text(page, "Pass to Player 1")
        assert "Turn 1/4" in text

        save = load_autosave(catalog=catalog)
        state = save.game.state
        assert save.players == ["Player 1", "Player 2"] and save.seed == 7
        assert [state.cards[c] for c in state.players[0].hand] == ["farmer"]
        assert len(save.decisions) == 2 and all(d["kind"] == "pick" for d in save.decisions)

        second = page.context.new_page()  # another tab: another game, on the same data directory
        second.goto(url)
        assert "Another copy of Paper Tales is using the autosave" in wait_for_text(second, "Another copy")
        games = game_pids(server.pid)
        assert len(games) == 2
        start_game(second, url.split("/?")[0] + "/", 8)  # the cookie holds the token now
        second.keyboard.press("Enter")  # the hand-off
        wait_for_text(second, "to PICK")
        second.keyboard.press("Enter")
        wait_for_text(second, "to DISCARD")
        second.keyboard.press("Enter")
        wait_for_text(second, "c: confirm")
        second.keyboard.press("c")
        wait_for_text(second, "Pass to Player 2")
        assert not violations, violations

        server.send_signal(signal.SIGINT)
        assert server.wait(15) == 130
        end = time.monotonic() + 5
        while any(alive(p) for p in games) and time.monotonic() < end:
            time.sleep(0.05)
        assert not any(alive(p) for p in games)
        assert screen(second)  # the page stays (it says the session ended)
    assert len(load_autosave(catalog=catalog).decisions) == 2
    [own] = kept_games(data)  # the second tab's game
    save = load_save(own, catalog)
    assert save.seed == 8 and len(save.decisions) == 1


@needs_serve
def test_the_token_is_required():
    with served(Path(os.environ["PAPERTALES_DATA_DIR"])) as (_, url):
        base, token = url.split("/?token=")
        assert status(url) == 200
        for path in ("/", "/static/js/textual.js", "/ws", "/download/x"):
            assert status(base + path) == 403, path
            assert status(base + path + "?token=wrong") == 403, path
        cookie = {"Cookie": f"papertales_token_{base.rsplit(':', 1)[1]}={token}"}  # what the page got
        assert status(base + "/static/js/textual.js", cookie) == 200
        websocket = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                     "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}
        assert status(base + "/ws", websocket) == 403


@needs_serve
def test_another_host_requires_the_token_and_a_site_cannot_drive_a_game():
    with served(Path(os.environ["PAPERTALES_DATA_DIR"]), "--no-token") as (_, url):
        assert "token" not in url and status(url) == 200  # this computer only: no token
        port = url.rsplit(":", 1)[1].strip("/")
        assert status(url, {"Host": f"evil.example:{port}"}) == 403  # DNS rebinding
        assert status(url + "ws", {"Origin": "http://evil.example"}) == 403
    with served(Path(os.environ["PAPERTALES_DATA_DIR"]), "--host", "0.0.0.0") as (_, url):
        assert "?token=" in url
        port = url.split("/?")[0].rsplit(":", 1)[1]
        assert status(f"http://127.0.0.1:{port}/") == 403


def test_port_in_use_is_one_line(capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err == (f"papertales: port {port} is in use on 127.0.0.1: choose another one with --port "
                   "(--port 0 picks a free one)\n")


@pytest.mark.parametrize("host, problem", [("192.0.2.1", "it is not an address of this computer"),
                                           ("no-such-host.invalid", "it is not a known address or name")])
def test_a_host_that_cannot_be_served_on_is_one_line(capsys, host, problem):
    assert main(["serve", "--host", host, "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"papertales: cannot serve on host {host!r}: {problem}") and err.count("\n") == 1


def test_without_textual_serve_it_says_what_to_install(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)  # import fails
    assert main(["serve"]) == 2
    assert capsys.readouterr().err == ("papertales: serving needs textual-serve, which is not installed: pip install "
                                       "'papertales-tui[serve]' (or: pip install 'textual-serve>=1.1,<2')\n")


@pytest.mark.parametrize("word, screen_class", [("Help", "RulesScreen"), ("Cards", "CardBrowser")])
async def test_each_word_of_a_key_group_is_clickable(catalog, word, screen_class):
    """In a browser or on a touch screen there is no F2: the key bar's `f1-f2 Help/Cards` opens what
    the word clicked names."""
    from papertales_tui.tui.app import PaperTalesApp
    from papertales_tui.tui.widgets import KeyBar

    app = PaperTalesApp(catalog)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        line = bar.keys_line().plain
        assert "f1-f2 Help/Cards" in line
        await pilot.click(KeyBar, offset=(line.index(word, line.index("f1-f2")) + 1, 0))
        await pilot.pause()
        assert type(app.screen).__name__ == screen_class


def test_each_tab_plays_with_the_cards_the_server_was_given(tmp_path):
    from papertales_tui.commands.serve import app_command

    command = app_command([tmp_path / "my cards"])
    assert command.startswith("exec ") and command.endswith(f"--cards '{tmp_path / 'my cards'}'")
    assert "-m papertales_tui.commands.serve" in command


@pytest.mark.parametrize("word, screen_class", [("Help", "RulesScreen"), ("Save as", "SaveAsModal")])
async def test_a_click_on_the_key_bar_of_a_hand_off_does_not_pass_it(catalog, word, screen_class):
    """The hand-off goes on at a click anywhere, but not at one on its key bar: `Save as` (or `Help`)
    opens over the hand-off, which then still waits for the next player (their hand stays hidden)."""
    from test_tui_support import start

    from papertales_tui.tui.app import PaperTalesApp
    from papertales_tui.tui.screens.handoff import HandoffScreen
    from papertales_tui.tui.widgets import KeyBar

    app = PaperTalesApp(catalog)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, app, ["Ann", "Ben"], seed=7)
        handoff = app.screen
        assert isinstance(handoff, HandoffScreen)
        line = handoff.query_one(KeyBar).keys_line().plain
        await pilot.click(KeyBar, offset=(line.index(word) + 1, 0))
        await pilot.pause()
        assert type(app.screen).__name__ == screen_class
        assert app.screen_stack[-2] is handoff

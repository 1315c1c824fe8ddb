"""Issue 29: serving is safe. No browser tab reaches past its game (Save as takes a name, in the saves
folder), no other user or site gets in (the token always, headers against framing, a strict Host
header), no tab takes more than its share (bounded resizes, at most --max-games games), and no tab's game
is lost (a tab without the autosave's lock autosaves to a file of its own)."""

from __future__ import annotations

import asyncio
import os
import socket
import sys
import threading
import time
from pathlib import Path

import aiohttp
import pytest
from helpers.browser import chromium_missing, game_pids, served
from test_tui_support import SIZE, keys_for

from papertales_tui.dirs import kept_games, saved_games, saves_dir
from papertales_tui.persistence import autosave, load_save
from papertales_tui.rules import Game
from papertales_tui.tui.app import PaperTalesApp

needs_serve = pytest.mark.skipif(sys.platform == "win32", reason="process groups and signals")


def data() -> Path:
    return Path(os.environ["PAPERTALES_DATA_DIR"])  # this test's own (tests/conftest.py)


def raw(port: int, request: bytes) -> bytes:
    """The whole answer to one raw HTTP request."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(request)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    return answer


def get(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
    """Status, headers and text of a GET (any status)."""
    async def fetch() -> tuple[int, dict[str, str], str]:
        async with aiohttp.ClientSession() as session, session.get(url, headers=headers or {}) as reply:
            return reply.status, dict(reply.headers), await reply.text()

    return asyncio.run(fetch())


def base_and_token(url: str) -> tuple[str, str]:
    base, token = url.split("/?token=")
    return base, token


class Output:
    """The server's output lines, read as they come (a thread: the link's line was read already)."""

    def __init__(self, proc):
        self.lines: list[str] = []
        self.thread = threading.Thread(target=lambda: self.lines.extend(iter(proc.stdout.readline, "")), daemon=True)
        self.thread.start()

    def wait_for(self, text: str, timeout: float = 20) -> list[str]:
        """The lines once one holds `text` (TimeoutError after `timeout` s)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if any(text in line for line in self.lines):
                return list(self.lines)
            time.sleep(0.05)
        raise TimeoutError(f"no {text!r} in the server's output: {self.lines}")


# ---- 2: a token always, on 127.0.0.1 too ----


@needs_serve
def test_the_token_is_required_by_default_on_this_computer_too():
    with served(data()) as (_, url):
        assert url.startswith("http://127.0.0.1:") and "/?token=" in url
        base, token = base_and_token(url)
        assert get(url)[0] == 200
        for path in ("/", "/static/js/textual.js", "/page/page.js", "/ws", "/download/x"):
            assert get(base + path)[0] == 403, path
            assert get(base + path + "?token=" + token[:-1])[0] == 403, path

        async def websocket(query: str) -> int:
            async with aiohttp.ClientSession() as session:
                try:
                    async with session.ws_connect(base.replace("http", "ws") + "/ws" + query):
                        return 101
                except aiohttp.WSServerHandshakeError as err:
                    return err.status

        assert asyncio.run(websocket("")) == 403
        assert asyncio.run(websocket("?token=nope")) == 403


@needs_serve
def test_no_token_is_an_explicit_choice_with_a_warning():
    with served(data(), "--no-token") as (proc, url):
        assert "token" not in url
        assert any(line.startswith("Warning: no token") for line in Output(proc).wait_for("Warning"))


def test_no_token_is_refused_for_another_host(capsys):
    from papertales_tui.cli import main

    assert main(["serve", "--host", "0.0.0.0", "--port", "0", "--no-token"]) == 2
    assert capsys.readouterr().err.startswith("papertales: --no-token serves to this computer only")


# ---- 3: no framing, no sniffing, no referrer ----


@needs_serve
def test_every_response_forbids_framing_and_allows_only_the_pages_own_files():
    with served(data()) as (_, url):
        base, token = base_and_token(url)
        answers = [get(url), get(base + "/"), get(base + f"/static/js/textual.js?token={token}"),
                   get(base + f"/nothing?token={token}"), get(url, {"Host": "a@b"})]
        assert [status for status, _, _ in answers] == [200, 403, 200, 404, 400]
        for _, headers, _ in answers:
            assert headers["X-Frame-Options"] == "DENY"
            policy = dict(part.strip().split(" ", 1) for part in headers["Content-Security-Policy"].split(";"))
            assert policy["frame-ancestors"] == "'none'" and policy["default-src"] == "'none'"
            for kind in ("script-src", "font-src", "connect-src", "img-src"):
                assert policy[kind] == "'self'", kind
            assert policy["style-src"] == "'self' 'unsafe-inline'"  # the terminal's own <style> elements
            assert headers["X-Content-Type-Options"] == "nosniff"
            assert headers["Referrer-Policy"] == "no-referrer"
        page = answers[0][2]
        assert "<script>" not in page and "<style>" not in page and "onClick" not in page  # none inline


# ---- 8: the Host header ----


@needs_serve
@pytest.mark.parametrize("host", ["evil.example@127.0.0.1:{port}", "127.0.0.1:{port}, evil.example",
                                  "127.0.0.1:{port}/x", ""])
def test_a_host_header_with_userinfo_or_a_list_is_refused(host):
    with served(data(), "--no-token") as (proc, url):
        output = Output(proc)
        port = int(url.rsplit(":", 1)[1].strip("/"))
        answer = raw(port, f"GET / HTTP/1.1\r\nHost: {host.format(port=port)}\r\nConnection: close\r\n\r\n".encode())
        assert answer.startswith(b"HTTP/1.1 400 "), answer[:200]
        assert get(url)[0] == 200  # and the server plays on
        raw(port, b"GET /?end HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        proc.send_signal(2)
        proc.wait(15)
        output.thread.join(5)
        assert "Traceback" not in "".join(output.lines)


# ---- 4: bounded messages ----


def peak_rss_mib(pid: int) -> float:
    """The most memory the process has held (MiB); infinite when it is gone (it crashed)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return float("inf")
    return int(next(line for line in status.splitlines() if line.startswith("VmHWM:")).split()[1]) / 1024


@needs_serve
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_a_huge_resize_is_clamped_and_malformed_messages_are_ignored():
    with served(data()) as (proc, url):
        base, token = base_and_token(url)
        output = Output(proc)

        async def tab() -> tuple[int, float, bool]:
            async with aiohttp.ClientSession() as session, session.ws_connect(
                    f"{base.replace('http', 'ws')}/ws?token={token}&width=80&height=24") as ws:

                async def repaint(limit: float = 60) -> int:
                    """Bytes of the next repaint: from its first message until none came for a second."""
                    got, end = 0, time.monotonic() + limit
                    while time.monotonic() < end:
                        try:
                            message = await ws.receive(timeout=1 if got else limit)
                        except TimeoutError:
                            return got
                        got += len(message.data) if isinstance(message.data, (bytes, str)) else 0
                    return got

                await repaint()  # the title screen
                game = game_pids(proc.pid)[0]
                await ws.send_str('["resize", {"width": 20000, "height": 20000}]')
                sent, peak = await repaint(), peak_rss_mib(game)
                for bad in ('["resize", {"width": -5, "height": 24}]', '["resize", {"width": null, "height": 24}]',
                            '["resize", {"width": 80.5, "height": "24"}]', '["resize", null]', '["resize"]',
                            'not json', "[" * 5000 + "]" * 5000, '{"a": 1}', '[]', '[5]', '["stdin", 5]',
                            '["nothing", 1]'):
                    await ws.send_str(bad)
                await ws.send_str('["ping", "after"]')
                while True:  # the pong: every message before it was handled
                    message = await ws.receive(timeout=20)
                    if message.type == aiohttp.WSMsgType.TEXT and "pong" in message.data:
                        break
                    assert message.type in (aiohttp.WSMsgType.TEXT, aiohttp.WSMsgType.BINARY), message
                await ws.send_str('["resize", {"width": 90, "height": 30}]')
                await repaint()
                return sent, peak, Path(f"/proc/{game}").exists()

        sent, peak, alive = asyncio.run(tab())
        assert peak < 200  # MiB, the most the game process took, by the end of its repaint at 20000 x 20000
        assert sent < 2_000_000  # bytes of that repaint (clamped to 400 x 150 cells)
        assert alive  # no message crashed the game
        lines = output.wait_for('"nothing" with int data')
        ignored = [line for line in lines if "a message from a tab ignored" in line]
        assert len(ignored) == 12 and "a resize to -5 x 24" in ignored[0], lines
        assert all(line.count("\n") == 1 for line in ignored)


# ---- 5: a cap on games ----


@needs_serve
def test_twelve_tabs_at_once_start_at_most_eight_games():
    with served(data()) as (proc, url):
        base, token = base_and_token(url)

        async def tabs() -> list[int | str]:
            async with aiohttp.ClientSession() as session:
                async def open_tab() -> int | aiohttp.ClientWebSocketResponse:
                    try:
                        return await session.ws_connect(f"{base.replace('http', 'ws')}/ws?token={token}")
                    except aiohttp.WSServerHandshakeError as err:
                        return err.status

                opened = await asyncio.gather(*(open_tab() for _ in range(12)))
                playing = [ws for ws in opened if not isinstance(ws, int)]
                end = time.monotonic() + 30
                while len(game_pids(proc.pid)) < len(playing) and time.monotonic() < end:
                    await asyncio.sleep(0.1)  # each game process is started once its websocket is open
                result: list[int | str] = [ws if isinstance(ws, int) else 101 for ws in opened]
                result.append(len(game_pids(proc.pid)))
                async with session.get(url) as page:
                    result += [page.status, await page.text()]
                for ws in playing:
                    await ws.close()
                return result

        *answers, games, page_status, page = asyncio.run(tabs())
        assert sorted(answers) == [101] * 8 + [503] * 4
        assert games == 8
        assert page_status == 503 and "8 games are being played on this server" in page
        end = time.monotonic() + 20
        while game_pids(proc.pid) and time.monotonic() < end:  # the closed tabs' games end
            time.sleep(0.1)
        assert get(url)[0] == 200  # room again


def test_max_games_is_an_option(capsys):
    from papertales_tui.cli import main

    with pytest.raises(SystemExit) as stopped:
        main(["serve", "--max-games", "0"])
    assert stopped.value.code == 2 and "--max-games" in capsys.readouterr().err


# ---- 1 and 7: Save as in a served game takes a name ----


def game_under_way(catalog) -> Game:
    game = Game.new(["Ann", "Bo"], seed=5, catalog=catalog)
    return game


@pytest.mark.parametrize("name", ["/tmp/evil.json", "~/.bash_login", "../autosave.json", "../../x.json",
                                  "saves/../../x", ".hidden", "a\\b", "~", "", "a" * 81, "x\x00y"])
async def test_save_as_in_a_served_game_refuses_a_path(catalog, tmp_path, name):
    home = tmp_path / "home"
    home.mkdir()
    app = PaperTalesApp(catalog, served=True)
    before = sorted(p for p in tmp_path.rglob("*"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game_under_way(catalog), ["human"] * 2)
        error = app.save_as(name)
    assert error is not None and "by name, not by path" in str(error)
    assert sorted(p for p in tmp_path.rglob("*")) == before
    assert not list(saves_dir().glob("*"))


async def test_save_as_in_a_served_game_writes_in_the_saves_folder_only(catalog, tmp_path):
    """`autosave.json` names a file of the saves folder: the autosave files are unchanged; Resume lists
    the saved games."""
    from test_tui_support import start

    from papertales_tui.tui.screens.modals import SaveAsModal

    game = game_under_way(catalog)
    autosave(game, {"seats": ["human"] * 2})
    autosaves = {p.name: p.read_bytes() for p in data().glob("autosave*.json")}
    app = PaperTalesApp(catalog, served=True)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, ["Cy", "Di"], seed=9)
        assert app.save_as("autosave.json") is None
        assert app.save_as("Tuesday night") is None
        await pilot.press("ctrl+s")  # the dialog says what it takes
        await pilot.pause()
        assert isinstance(app.screen, SaveAsModal)
        assert "A name for this game" in str(app.screen.query_one(".hint").render())
    assert {p.name: p.read_bytes() for p in data().glob("autosave*.json")} == autosaves
    assert sorted(p.name for p in saved_games()) == ["Tuesday night.json", "autosave.json"]
    assert load_save(saves_dir() / "Tuesday night.json", catalog).seed == 9

    from papertales_tui.tui.screens.title import TitleScreen

    title = TitleScreen()
    assert sum(label.startswith("Resume saved") for _, label in title.choices) == 2


async def test_save_as_in_a_served_game_follows_no_symbolic_link(catalog, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    data().mkdir(parents=True, exist_ok=True)
    (outside / "target.json").write_text("not a save")
    app = PaperTalesApp(catalog, served=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game_under_way(catalog), ["human"] * 2)
        saves_dir().symlink_to(outside, target_is_directory=True)  # the saves folder: a link out
        assert "symbolic link" in str(app.save_as("game"))
        saves_dir().unlink()
        saves_dir().mkdir()
        (saves_dir() / "link.json").symlink_to(outside / "target.json")  # a file: a link out
        assert "not a save file" in str(app.save_as("link", overwrite=True))
        (saves_dir() / "notes.json").write_text("my notes")  # not a save of this program
        assert "not a good save file" in str(app.save_as("notes", overwrite=True))
    assert sorted(p.name for p in outside.iterdir()) == ["target.json"]
    assert (outside / "target.json").read_text() == "not a save"
    assert (saves_dir() / "notes.json").read_text() == "my notes"


async def test_save_as_in_the_terminal_still_takes_a_path(catalog, tmp_path):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game_under_way(catalog), ["human"] * 2)
        assert app.save_as(str(tmp_path / "here.json")) is None
    assert load_save(tmp_path / "here.json", catalog).seed == 5


# ---- 6: every tab's game is kept ----


async def test_a_copy_without_the_lock_autosaves_to_a_file_of_its_own(catalog):
    """Tab B, while tab A holds the autosave: its decisions are in a kept file of its own, which the
    title screen lists, and the shared autosave is untouched."""
    from test_tui_support import start

    from papertales_tui.tui.screens.title import TitleScreen

    app = PaperTalesApp(catalog, own_autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, ["Ann", "Bo"], seed=4)
        while len(app.game.state.decisions) < 3:
            await pilot.press(*keys_for(app))
            await pilot.pause()
        assert app.unsaved() is None
    assert not (data() / "autosave.json").exists()
    [own] = kept_games()
    save = load_save(own, catalog)
    assert save.seed == 4 and len(save.decisions) == 3
    assert sum(label.startswith("Resume kept") for _, label in TitleScreen().choices) == 1

    again = PaperTalesApp(catalog, own_autosave=True)  # resumed by a copy without the lock: played on in it
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        again.resume_kept(own)
        while len(again.game.state.decisions) < 4:
            await pilot.press(*keys_for(again))
            await pilot.pause()
    assert kept_games() == [own] and len(load_save(own, catalog).decisions) == 4


@needs_serve
@pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))
def test_a_page_of_another_site_cannot_frame_a_game_in_chromium():
    """Without a token (the frame's link would hold it, but not its cookie: SameSite) a framed page was
    the server's own origin, and its websocket started a game: now Chromium shows no frame."""
    from helpers.browser import browser

    with served(data(), "--no-token") as (proc, url), browser() as page:
        page.set_content("".join(f'<iframe src="{url}"></iframe>' for _ in range(3)))
        page.wait_for_timeout(3000)  # time for the frames to load and open their websockets, if they could
        assert game_pids(proc.pid) == []


def test_a_copys_own_autosaves_are_new_files_and_cleaned_as_kept_games(catalog):
    """Each game of a copy without the lock gets a new file (two in the same second too); the finished
    ones beyond the newest five are cleaned as kept games are, those in progress never."""
    from papertales_tui.persistence.store import own_autosave_path, prune_kept
    from papertales_tui.rules.random_play import play_random_game

    paths = []
    for seed in range(8):  # seven finished games, then one in progress
        game = (play_random_game(["Ann", "Bo"], seed, catalog) if seed < 7
                else Game.new(["Ann", "Bo"], seed=seed, catalog=catalog))
        path = own_autosave_path()
        autosave(game, {"seats": ["human"] * 2}, path.parent, path.name)
        paths.append(path)
    assert len(set(paths)) == 8 and sorted(kept_games()) == sorted(paths)
    removed = prune_kept(catalog=catalog)
    assert len(removed) == 2 and paths[7] not in removed
    assert len(kept_games()) == 6


async def test_save_as_in_the_terminal_never_replaces_an_autosave_file(catalog):
    """Item 7 in a terminal too: the path of the autosave (or a kept game, or a copy's own autosave),
    where another copy's game may be, is refused even with `overwrite`."""
    from papertales_tui.persistence.store import own_autosave_path

    autosave(game_under_way(catalog), {"seats": ["human"] * 2})
    own = own_autosave_path()
    autosave(game_under_way(catalog), {"seats": ["human"] * 2}, own.parent, own.name)
    before = {p.name: p.read_bytes() for p in data().iterdir() if p.is_file()}
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(Game.new(["Cy", "Di"], seed=6, catalog=catalog), ["human"] * 2)
        for path in (data() / "autosave.json", data() / "autosave.prev.json", own):
            error = app.save_as(str(path), overwrite=True)
            assert error is not None and "never replaces" in str(error), path
    assert {p.name: p.read_bytes() for p in data().iterdir() if p.is_file()} == before

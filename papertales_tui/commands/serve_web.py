"""The web server of `papertales serve`: textual-serve's Server and AppService, adapted (the token, a
strict Host header, headers that keep other sites from framing the page, the page's links from the
address the browser used, bounded websocket messages, at most `max_games` games, each in a session of its
own, every game ended at the end). Imported only when serving: textual-serve is an optional dependency
(the `serve` extra)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import signal
import socket
import sys
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from ..hosting.limits import Limits, StrictWebSocket, limited, serve_until_signal
from ..hosting.web import HOST, host_allowed, same_origin, secure_headers

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

PAGE = Path(__file__).with_name("serve_page")  # the page (textual-serve's, without its font from Google,
PAGE_FILES = PAGE / "static"  # its script in a file of its own: the CSP allows no inline script; its styles too)
STOP_WAIT = 3.0  # seconds a game process has to quit (its autosave is already written) before it is killed
MAX_WIDTH, MAX_HEIGHT = 400, 150  # cells: every size a tab asks for is clamped to these (a 4K screen's worth)
MIN_WIDTH, MIN_HEIGHT = 10, 5
MAX_MESSAGE = 64 * 1024  # bytes of one websocket message (a keypress, a paste, a resize: a few bytes)

class GameProcess(AppService):
    """One tab's game, in a session of its own: a Ctrl-C typed at the server's terminal does not reach
    it (the server ends it, after telling it to quit); on Linux, it gets SIGTERM if the server dies.
    `extra` is added to its environment (a hosted seat's link: never on a command line)."""

    extra: dict[str, str] = {}

    async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        environment = self._build_environment(width=width, height=height) | self.extra
        self._process = process = await asyncio.create_subprocess_shell(
            self.command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=environment, preexec_fn=own_session_ending_with_server)
        assert process.stdin is not None
        self._stdin = process.stdin
        return process


class Served(Server):
    def __init__(self, command: str, host: str, port: int, token: str | None, max_games: int = 8):
        super().__init__(command, host=host, port=port, title="Paper Tales", templates_path=PAGE)
        self.token = token
        self.cookie = f"papertales_token_{port}"  # cookies are per host, not per port
        self.tabs = Tabs(max_games, self.download_manager)
        self.stopped_by: int | None = None
        self.limits = Limits()

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.router.add_static("/page", PAGE_FILES)
        app.middlewares.extend([limited, self.guard])
        app.on_response_prepare.append(secure_headers)
        return app

    @web.middleware
    async def guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """A Host header that is one name or address (no userinfo, no list); the token (from the link,
        or the cookie the page got with it); no page of another site driving a game (the websocket's
        Origin) or, without a token, reaching it through a DNS name of its own (Host)."""
        if not HOST.fullmatch(request.host):
            raise web.HTTPBadRequest(text="Paper Tales: a Host header names one address.\n")
        if not host_allowed(request.host, self.host):
            raise web.HTTPForbidden(text="Paper Tales: open this server at its own address (the printed link).\n")
        from_link = request.query.get("token")
        if self.token is not None:
            given = from_link or request.cookies.get(self.cookie) or ""
            if not secrets.compare_digest(given.encode(), self.token.encode()):
                raise web.HTTPForbidden(text="Paper Tales: this game needs the link with its token "
                                             "(the one `papertales serve` printed).\n")
        elif request.url.host not in ("127.0.0.1", "localhost", "::1", self.host.strip("[]")):
            raise web.HTTPForbidden(text="Paper Tales: served to this computer only "
                                         "(open it as http://127.0.0.1).\n")
        origin = request.headers.get("Origin")
        if request.path == "/ws" and origin is not None and not same_origin(origin, request):
            raise web.HTTPForbidden(text="Paper Tales: a page from another site cannot play.\n")
        response = await handler(request)
        if self.token is not None and from_link and not response.prepared:
            response.set_cookie(self.cookie, self.token, httponly=True, samesite="Strict", path="/")
        return response

    async def handle_index(self, request: web.Request) -> web.Response:
        """The page, its links made from the address the browser used (not the one listened on:
        0.0.0.0 is no address to connect to); a page that says so when max_games games are under way."""
        self.tabs.check()
        return page(request, self.title, f"{request.scheme}://{request.host}")

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """textual-serve's, with the game process of its own session and known to the server, at most
        max_games at once (`Tabs.play`)."""
        return await self.tabs.play(request, self.command)

    async def on_startup(self, app: web.Application) -> None:
        pass  # `run` printed the links (textual-serve prints its logo and its own)

    async def on_shutdown(self, app: web.Application) -> None:
        await self.tabs.end_all()

    def serve_on(self, sock: socket.socket, announce: Callable[[], None] = lambda: None) -> int:
        """Serve until Ctrl-C or SIGTERM; 128 + that signal's number. `announce` (the links) is called
        once both signals are handled: a Ctrl-C the moment after is never lost."""
        try:  # (a second Ctrl-C while the games quit: no more waiting; `kill_left` still ends them)
            self.stopped_by = serve_until_signal(self._make_app(), sock, self.limits, log, announce,
                                                 shutdown_timeout=STOP_WAIT,
                                                 secrets=lambda: iter([self.token] if self.token else []))
        finally:
            kill_left(self.tabs.pids)
        return 128 + (self.stopped_by or signal.SIGINT)


def log(line: str) -> None:
    print(f"papertales serve: {line}", file=sys.stderr, flush=True)


def page(request: web.Request, title: str, base: str, websocket: str = "/ws") -> web.Response:
    """textual-serve's page (serve_page/app_index.html) for the game at `base` (its `websocket`, its
    `/static/` and `/page/` files), its links from the address the browser used (0.0.0.0 is no address
    to connect to)."""
    parts = urlsplit(base)
    ws = ("wss:" if parts.scheme == "https" else "ws:") + f"//{parts.netloc}{parts.path}{websocket}"
    context = {
        "font_size": max(6, min(48, whole_number(request.query.get("fontsize"), 16))),
        "app_websocket_url": ws,
        "config": {"static": {"url": f"{base}/static/"}},
        "page_url": f"{parts.path}/page",
        "application": {"name": title},
    }
    return aiohttp_jinja2.render_template("app_index.html", request, context)


class Tabs:
    """Browser tabs, each with a game in a process of its own (textual-serve's `AppService`), at most
    `max_games` at once, and at most `per_seat` of one seat (a hosted table: no seat takes the others'
    slots); every process ended at the end (`end_all`, then `kill_left(pids)`)."""

    def __init__(self, max_games: int, download_manager: Any, per_seat: int | None = None):
        self.max_games = max_games
        self.per_seat = per_seat
        self.download_manager = download_manager
        self.tabs = 0  # websockets with a game (starting, playing or ending): at most max_games
        self.seat_tabs: Counter[int] = Counter()  # the same, by seat
        self.games: dict[GameProcess, web.WebSocketResponse] = {}
        self.pids: set[int] = set()  # every game process started, to end any left at the end

    def check(self, seat: int | None = None) -> None:
        """HTTPServiceUnavailable, telling the tab to wait, when max_games games are under way already
        (or per_seat of this seat's)."""
        if seat is not None and self.per_seat is not None and self.seat_tabs[seat] >= self.per_seat:
            raise web.HTTPServiceUnavailable(
                text=f"Paper Tales: this seat is played in {self.per_seat} browser tabs already, the most it may. "
                     "Close one of them, then reload this page.\n", headers={"Retry-After": "10"})
        if self.tabs < self.max_games:
            return
        raise web.HTTPServiceUnavailable(
            text=f"Paper Tales: {self.max_games} games are being played on this server, the most it allows at "
                 "once. Close one of their tabs, then reload this page.\n", headers={"Retry-After": "10"})

    async def play(self, request: web.Request, command: str, extra: dict[str, str] | None = None,
                   seat: int | None = None) -> web.WebSocketResponse:
        """A tab's websocket (of `seat`'s page, at a hosted table): its game, `command` run with `extra` in
        its environment, until either ends (a slot taken before the first await: twelve tabs at once start
        eight)."""
        self.check(seat)
        websocket = StrictWebSocket(heartbeat=15, max_msg_size=MAX_MESSAGE)
        width = clamp(whole_number(request.query.get("width"), 80), MIN_WIDTH, MAX_WIDTH)
        height = clamp(whole_number(request.query.get("height"), 24), MIN_HEIGHT, MAX_HEIGHT)
        game: GameProcess | None = None
        self.tabs += 1
        if seat is not None:
            self.seat_tabs[seat] += 1
        try:
            await websocket.prepare(request)
            game = GameProcess(command, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                               close=websocket.close,  # type: ignore[arg-type]  # returns a bool
                               download_manager=self.download_manager)
            game.extra = dict(extra or {})
            await game.start(width, height)
            if game._process is not None:
                self.pids.add(game._process.pid)
            self.games[game] = websocket
            await self._process_messages(websocket, game)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # one tab's failure (a closed socket): the others play on
            print(f"papertales: a game in a browser tab ended: {error}", file=sys.stderr)
        finally:
            try:
                if game is not None:
                    self.games.pop(game, None)
                    await self.end(game)
            finally:
                self.tabs -= 1
                if seat is not None:
                    self.seat_tabs[seat] -= 1
        return websocket

    async def _process_messages(self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
        """textual-serve's, with every message checked: a resize clamped as the first size is, anything
        malformed (not JSON, an unknown kind, a size that is not a positive whole number) ignored with a
        line on the server's stderr."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                kind, data = read_message(message.data)
            except ValueError as why:
                print(f"papertales: a message from a tab ignored: {why}", file=sys.stderr, flush=True)
                continue
            if kind == "stdin":
                await app_service.send_bytes(data.encode("utf-8"))
            elif kind == "resize":
                await app_service.set_terminal_size(*data)
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()

    async def end(self, game: GameProcess) -> None:
        """Tell the game to quit; end its process group if it has not after STOP_WAIT seconds."""
        process = game._process
        if process is None:
            return
        if process.returncode is None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(game.stop(), STOP_WAIT)
            with contextlib.suppress(ProcessLookupError, PermissionError):
                if process.returncode is None:
                    os.killpg(process.pid, signal.SIGKILL)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(process.wait(), STOP_WAIT)
        if process.returncode is not None:  # reaped: its number may go to another process
            self.pids.discard(process.pid)

    async def end_all(self) -> None:
        """Every game quits (its websocket then closes, so that the server need not wait for it)."""
        games = list(self.games.items())
        await asyncio.gather(*(self.end(game) for game, _ in games), return_exceptions=True)
        await asyncio.gather(*(ws.close() for _, ws in games), return_exceptions=True)


def kill_left(pids: set[int]) -> None:
    """End the process group of every game still alive (its own session: `killpg` reaches only it)."""
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signal.SIGKILL)


def read_message(text: str) -> tuple[str, Any]:
    """A tab's message as (kind, data): ("stdin", text), ("resize", (width, height)) clamped to
    MAX_WIDTH x MAX_HEIGHT, ("ping", data), ("blur" | "focus", None). ValueError, saying what is wrong,
    for anything else."""
    from ..files import loads_json

    try:
        envelope = loads_json(text)  # (nested 10000 deep: a ValueError, not a RecursionError)
    except ValueError as err:
        raise ValueError(f"not JSON of a sane size ({literal_short(str(err))})") from None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        raise ValueError("not a [kind, data] list")
    kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
    if kind == "stdin" and isinstance(data, str):
        return kind, data
    if kind == "resize" and isinstance(data, dict):
        width, height = data.get("width"), data.get("height")
        if type(width) is int and type(height) is int and width > 0 and height > 0:  # (bool is no size)
            return kind, (clamp(width, MIN_WIDTH, MAX_WIDTH), clamp(height, MIN_HEIGHT, MAX_HEIGHT))
        raise ValueError(f"a resize to {literal_short(width)} x {literal_short(height)}")
    if kind in ("ping", "blur", "focus"):
        return kind, data
    raise ValueError(f"{literal_short(kind)} with {type(data).__name__} data")


def literal_short(value: object) -> str:
    """A value from a message, for the log: one printable line of at most 40 characters."""
    from ..rules import literal

    text = literal(json.dumps(value))
    return text if len(text) <= 40 else text[:39] + "…"


def clamp(n: int, low: int, high: int) -> int:
    return max(low, min(high, n))


def whole_number(text: Any, default: int) -> int:
    try:
        return int(text)
    except (TypeError, ValueError):
        return default


def _prctl() -> Callable[..., int] | None:
    """Linux's prctl, looked up here rather than between fork and exec (where only simple calls are safe)."""
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True).prctl if sys.platform.startswith("linux") else None
    except (OSError, AttributeError):
        return None


PRCTL = _prctl()
PR_SET_PDEATHSIG = 1


def own_session_ending_with_server() -> None:
    """Run in a game's process before it starts: a session of its own (`killpg` reaches only it), and
    SIGTERM when the server dies, even by SIGKILL (Linux's PR_SET_PDEATHSIG; the game autosaved already)."""
    os.setsid()
    if PRCTL is not None:
        PRCTL(PR_SET_PDEATHSIG, signal.SIGTERM)

"""The web server of `papertales serve`: textual-serve's Server and AppService, adapted (the token, the
page's links from the address the browser used, each game in a session of its own, every game ended at
the end). Imported only when serving: textual-serve is an optional dependency (the `serve` extra)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import signal
import socket
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

PAGE = Path(__file__).with_name("serve_page")  # the page (textual-serve's, without its font from Google)
STOP_WAIT = 3.0  # seconds a game process has to quit (its autosave is already written) before it is killed


class GameProcess(AppService):
    """One tab's game, in a session of its own: a Ctrl-C typed at the server's terminal does not reach
    it (the server ends it, after telling it to quit); on Linux, it gets SIGTERM if the server dies."""

    async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        environment = self._build_environment(width=width, height=height)
        self._process = process = await asyncio.create_subprocess_shell(
            self.command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=environment, preexec_fn=own_session_ending_with_server)
        assert process.stdin is not None
        self._stdin = process.stdin
        return process


class Served(Server):
    def __init__(self, command: str, host: str, port: int, token: str | None):
        super().__init__(command, host=host, port=port, title="Paper Tales", templates_path=PAGE)
        self.token = token
        self.cookie = f"papertales_token_{port}"  # cookies are per host, not per port
        self.games: dict[GameProcess, web.WebSocketResponse] = {}
        self.pids: set[int] = set()  # every game process started, to end any left at the end
        self.stopped_by: int | None = None

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self.guard)
        return app

    @web.middleware
    async def guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """The token (from the link, or the cookie the page got with it), and no page of another site
        driving a game (the websocket's Origin) or reaching it through a DNS name of its own (Host)."""
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
        if request.path == "/ws" and origin is not None and urlsplit(origin).netloc != request.host:
            raise web.HTTPForbidden(text="Paper Tales: a page from another site cannot play.\n")
        response = await handler(request)
        if self.token is not None and from_link and not response.prepared:
            response.set_cookie(self.cookie, self.token, httponly=True, samesite="Strict", path="/")
        return response

    async def handle_index(self, request: web.Request) -> web.Response:
        """The page, its links made from the address the browser used (not the one listened on:
        0.0.0.0 is no address to connect to)."""
        base = f"{request.scheme}://{request.host}"
        ws = ("wss:" if request.scheme == "https" else "ws:") + f"//{request.host}/ws"
        context = {
            "font_size": max(6, min(48, whole_number(request.query.get("fontsize"), 16))),
            "app_websocket_url": ws,
            "config": {"static": {"url": f"{base}/static/"}},
            "application": {"name": self.title},
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """textual-serve's, with the game process of its own session and known to the server."""
        websocket = web.WebSocketResponse(heartbeat=15)
        width = max(10, min(1000, whole_number(request.query.get("width"), 80)))
        height = max(5, min(1000, whole_number(request.query.get("height"), 24)))
        game: GameProcess | None = None
        try:
            await websocket.prepare(request)
            game = GameProcess(self.command, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                               close=websocket.close,  # type: ignore[arg-type]  # returns a bool
                               download_manager=self.download_manager)
            await game.start(width, height)
            if game._process is not None:
                self.pids.add(game._process.pid)
            self.games[game] = websocket
            await self._process_messages(websocket, game)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # one tab's failure (a closed socket): the others play on
            print(f"papertales serve: a game ended: {error}", file=sys.stderr)
        finally:
            if game is not None:
                self.games.pop(game, None)
                await self.end(game)
        return websocket

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

    async def on_startup(self, app: web.Application) -> None:
        pass  # `run` printed the links (textual-serve prints its logo and its own)

    async def on_shutdown(self, app: web.Application) -> None:
        """Every game quits (its websocket then closes, so that the server need not wait for it)."""
        games = list(self.games.items())
        await asyncio.gather(*(self.end(game) for game, _ in games), return_exceptions=True)
        await asyncio.gather(*(ws.close() for _, ws in games), return_exceptions=True)

    def serve_on(self, sock: socket.socket) -> int:
        """Serve until Ctrl-C or SIGTERM; 128 + that signal's number."""
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)

        def stop(sig: int) -> None:
            if self.stopped_by is not None:  # a second Ctrl-C while the games quit: no more waiting
                raise KeyboardInterrupt  # (`kill_left` below still ends them; `papertales` exits with 130)
            self.stopped_by = sig
            raise web.GracefulExit()

        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop, sig)
        try:
            web.run_app(self._make_app(), sock=sock, handle_signals=False, loop=loop, print=None,
                        access_log=None, shutdown_timeout=STOP_WAIT)
        finally:
            kill_left(self.pids)
            loop.close()
        return 128 + (self.stopped_by or signal.SIGINT)


def kill_left(pids: set[int]) -> None:
    """End the process group of every game still alive (its own session: `killpg` reaches only it)."""
    for pid in pids:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signal.SIGKILL)


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

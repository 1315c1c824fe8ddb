"""A seat's page for a phone (issue 38): the seat's link opened in a browser, made for touch, with no
terminal emulator. The host renders the seat's situation to HTML (Jinja2, render.py) and keeps it live
over the page's websocket; a small script of the package's own (static/phone.js) sends the taps.

Routes, under each seat's `/seat/N` (every request checked by the table server's guard: the seat's
secret in the link, or in the cookie the page sets, HttpOnly and for `/seat/N/` only; 403 otherwise):

- `GET /seat/N`: the page (`?view=terminal`: the terminal page, where textual-serve is installed);
- `GET /seat/N/phone/static/FILE`: its script, styles and icon (from the package; nothing else);
- `GET /seat/N/phone/ws`: its websocket (seat.py): taps in, HTML out. Behind it, the seat plays through
  the table's own protocol (docs/protocol.md), as a terminal client does.

The page's responses carry a CSP stricter than the table's (no inline style either).
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiohttp
from aiohttp import WSMsgType, web

from ..hosting.limits import StrictWebSocket
from ..hosting.server import SEAT
from ..hosting.web import set_cookie
from . import render
from .seat import MAX_TAP, PhoneSeat, read_tap

if TYPE_CHECKING:
    from ..hosting.server import TableServer

STATIC = Path(__file__).parent / "static"
FILES = {"phone.js": "text/javascript", "phone.css": "text/css", "icon.svg": "image/svg+xml"}
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
       "frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
TAKEN_OVER = 4001


class PhonePages:
    """The phone page's routes for a table server (`TableServer.app` adds them)."""

    def __init__(self, server: TableServer):
        self.server = server
        self.sockets: set[web.WebSocketResponse] = set()

    def install(self, app: web.Application) -> None:
        app.router.add_get(f"/seat/{SEAT}/phone/static/{{name}}", self.static)
        app.router.add_get(f"/seat/{SEAT}/phone/ws", self.websocket)
        app.on_shutdown.append(self.closing)

    async def page(self, request: web.Request) -> web.Response:
        seat = int(request.match_info["seat"])
        lang = render.accepted_language(request.headers.get("Accept-Language", ""))
        html = render.page(seat, lang, f"/seat/{seat}/phone/static",
                           f"/seat/{seat}?view=terminal" if self.server.terminal_page else "")
        response = web.Response(text=html, content_type="text/html", charset="utf-8")
        response.headers["Content-Security-Policy"] = CSP
        set_cookie(response, request, seat, self.server.table.secrets[seat] or "")
        return response

    async def static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in FILES:
            raise web.HTTPNotFound()
        response = web.Response(body=(STATIC / name).read_bytes(), content_type=FILES[name])
        response.headers["Content-Security-Policy"] = CSP
        return response

    async def websocket(self, request: web.Request) -> web.WebSocketResponse:
        """The page's websocket: the seat played through the protocol behind it (module doc)."""
        from ..hosting.server import link

        seat = int(request.match_info["seat"])
        server = self.server
        if server.connections >= server.max_clients:
            raise web.HTTPServiceUnavailable(text="Paper Tales: too many connections to this table.\n",
                                             headers={"Retry-After": "10"})
        ws = StrictWebSocket(heartbeat=15.0, max_msg_size=MAX_TAP)
        await ws.prepare(request)
        self.sockets.add(ws)
        host, port = request.transport.get_extra_info("sockname")[:2] if request.transport else ("127.0.0.1", 0)
        lang = render.accepted_language(request.headers.get("Accept-Language", ""))
        lock = asyncio.Lock()

        async def push(message: dict[str, Any]) -> None:
            if not ws.closed:
                with contextlib.suppress(ConnectionError, RuntimeError):
                    await ws.send_json(message)

        scheme = "https" if server.tls is not None else "http"
        phone = PhoneSeat(link(str(host), int(port), seat, server.table.secrets[seat] or "", scheme),
                          server.table.game.catalog, lang, push)
        # Over TLS, the page's seat connects to this very server at the address it listens on (its socket's
        # own name, loopback or the served one), not through a name the certificate holds: not verified.
        session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(ssl=False) if server.tls else None)
        table_side = asyncio.ensure_future(phone.run(session))
        try:
            await phone.show()
            page_side = asyncio.ensure_future(self.taps(ws, phone, lock))
            done, _pending = await asyncio.wait({table_side, page_side}, return_when=asyncio.FIRST_COMPLETED)
            page_side.cancel()
            for task in done:
                if not task.cancelled() and task.exception() is not None and not isinstance(
                        task.exception(), aiohttp.ClientError | ConnectionError):
                    server.log(f"seat {seat + 1}'s page: {task.exception()!r}")
        finally:
            table_side.cancel()
            with contextlib.suppress(BaseException):
                await table_side
            await session.close()
            code = TAKEN_OVER if phone.closed_why == "taken_over" else aiohttp.WSCloseCode.GOING_AWAY
            with contextlib.suppress(Exception):
                await ws.close(code=code)
            self.sockets.discard(ws)
        return ws

    @staticmethod
    async def taps(ws: web.WebSocketResponse, phone: PhoneSeat, lock: asyncio.Lock) -> None:
        async for message in ws:
            if message.type != WSMsgType.TEXT:
                break
            tap = read_tap(message.data)
            if tap is not None:
                async with lock:
                    await phone.tapped(tap)

    async def closing(self, app: web.Application) -> None:
        for ws in list(self.sockets):
            with contextlib.suppress(Exception):
                await ws.close(code=aiohttp.WSCloseCode.GOING_AWAY)

"""A hosted table's seats in web browsers (a phone at the table): a seat's link opened in a browser plays
that seat, with the same screens as in a terminal, through textual-serve (the page of `papertales serve`,
commands/serve_web.py): the tab's game is `papertales join` for that seat, run on the host's computer in a
process of its own, the seat's link given in its environment (never on a command line).

`SeatServer` is the hosted table's server (hosting/server.py `TableServer`) with, under each seat's
`/seat/N`: its page (the link itself), the page's files (`static/`: textual-serve's; `page/`: its own
script and styles) and the terminal's websocket (`term`). The page sets a cookie holding the seat's
secret (HttpOnly, SameSite=Strict, for `/seat/N/` only), which the page's own requests carry: every
request still carries the seat's secret, checked as the protocol's websocket checks it (403 otherwise).
At most TABS_PER_SEAT browser games of one seat at once (the next tab is told to wait), so that no seat
takes the others' (the total: `max_games`, or as many as the seats may have); every one ends with the server.

Imported only when textual-serve is installed (the `serve` extra).
"""

from __future__ import annotations

import secrets
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import web

from ..hosting.server import SEAT, TableServer, link, seat_number
from ..hosting.table import HostedTable
from .join import LINK_ENV
from .serve import DEFAULT_MAX_GAMES
from .serve_web import PAGE, PAGE_FILES, Tabs, kill_left, page

TITLE = "Paper Tales"
TABS_PER_SEAT = 2  # a seat's page in two tabs at most (a phone and a computer; a reload while the old one ends)


def seat_command(cards: Sequence[Path] = ()) -> str:
    """The shell command textual-serve runs for a seat's tab (exec: the process it knows is the game's);
    the seat's link comes in its environment (`PAPERTALES_SEAT_LINK`)."""
    parts = [sys.executable, "-m", "papertales_tui.commands.join"]
    for d in cards:
        parts += ["--cards", str(Path(d).resolve())]
    return "exec " + shlex.join(parts)


def textual_files() -> Path:
    """textual-serve's own static files (its script, the terminal's styles, the font)."""
    import textual_serve

    return Path(textual_serve.__file__).parent / "static"


class SeatServer(TableServer):
    """The hosted table's server, each seat's link also a page that plays it in a browser (module doc)."""

    def __init__(self, table: HostedTable, save_path: Path | str | None, *, cards: Sequence[Path] = (),
                 max_games: int = DEFAULT_MAX_GAMES, **options: Any):
        super().__init__(table, save_path, **options)
        from textual_serve.download_manager import DownloadManager

        self.command = seat_command(cards)
        self.trusted: Path | None = None  # over TLS: the certificates its seats' games trust (commands/host.py)
        self.tabs = Tabs(max(max_games, TABS_PER_SEAT * len(table.humans)), DownloadManager(), per_seat=TABS_PER_SEAT)

    def app(self) -> web.Application:
        app = super().app()
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(PAGE))
        app.router.add_get(f"/seat/{SEAT}/term", self.terminal)
        app.router.add_get(f"/seat/{SEAT}/static/{{path:.+}}", self.files(textual_files()))
        app.router.add_get(f"/seat/{SEAT}/page/{{path:.+}}", self.files(PAGE_FILES))
        app.on_shutdown.append(self.end_tabs)
        return app

    @staticmethod
    def cookie(request: web.Request, seat: int) -> str:
        """The cookie of a seat's page (cookies are per host, not per port: the port is in its name)."""
        return SeatServer.cookie_name(request.url.port or 0, seat)

    @staticmethod
    def cookie_name(port: int, seat: int) -> str:
        return f"papertales_seat_{port}_{seat}"

    def seat_of(self, request: web.Request) -> int | None:
        """As the table's server checks a request (the link's secret, or a Bearer header), or the secret
        in the cookie the seat's page set."""
        seat = super().seat_of(request)
        if seat is not None:
            return seat
        n = seat_number(request)
        if n is None:
            return None
        expected = self.table.secrets[n] if 0 <= n < len(self.table.secrets) else None
        given = request.cookies.get(self.cookie(request, n), "")
        if expected is None or not given:
            return None
        return n if secrets.compare_digest(given.encode(), expected.encode()) else None

    async def page(self, request: web.Request) -> web.Response:
        """The seat's page: textual-serve's, its terminal playing `papertales join` for this seat."""
        seat = int(request.match_info["seat"])
        self.tabs.check(seat)
        response = page(request, TITLE, f"{request.scheme}://{request.host}/seat/{seat}", "/term")
        given = request.query.get("secret", "")
        expected = self.table.secrets[seat] or ""
        if given and secrets.compare_digest(given.encode(), expected.encode()):  # (a wrong one: the cookie let
            response.set_cookie(self.cookie(request, seat), given, httponly=True, samesite="Strict",
                                path=f"/seat/{seat}/")  # it in, and it is kept)
        return response

    async def terminal(self, request: web.Request) -> web.WebSocketResponse:
        """A seat's tab: its game, `papertales join` on this server's own address for that seat."""
        seat = int(request.match_info["seat"])
        host, port = request.transport.get_extra_info("sockname")[:2] if request.transport else ("127.0.0.1", 0)
        secret = self.table.secrets[seat] or ""
        extra: dict[str, str] = {}
        if self.tls is None:
            extra[LINK_ENV] = link(str(host), int(port), seat, secret)
        else:  # over TLS: the name the browser used (the certificate's), the certificate trusted
            extra[LINK_ENV] = f"https://{request.host}/seat/{seat}?secret={secret}"
            if self.trusted is not None:
                extra["SSL_CERT_FILE"] = str(self.trusted)
        return await self.tabs.play(request, self.command, extra, seat=seat)

    @staticmethod
    def files(root: Path) -> Any:
        """A handler of the files in `root` (no other file of this computer: `..` and links out refused)."""
        base = root.resolve()

        async def handler(request: web.Request) -> web.FileResponse:
            name = request.match_info["path"]
            if "\x00" in name:
                raise web.HTTPBadRequest()
            try:
                path = (base / name).resolve()
                if not path.is_relative_to(base) or not path.is_file():
                    raise web.HTTPNotFound()
            except (OSError, ValueError):  # (a name too long for this system)
                raise web.HTTPNotFound() from None
            return web.FileResponse(path)

        return handler

    async def end_tabs(self, app: web.Application) -> None:
        """Every browser game quits as the server stops (any left is killed)."""
        await self.tabs.end_all()
        kill_left(self.tabs.pids)

"""A hosted table's seats in web browsers as terminals (tablets, laptops): a seat's link with
`?view=terminal` plays that seat with the same screens as in a terminal, through textual-serve (the page
of `papertales serve`, commands/serve_web.py): the tab's game is `papertales join` for that seat, run on
the host's computer in a process of its own, the seat's link given in its environment (never on a
command line).

`SeatServer` is the hosted table's server (hosting/server.py `TableServer`) with, under each seat's
`/seat/N`: its page (the link itself: the phone's page, papertales_tui/phone/; with `?view=terminal`, this
module's), the page's files (`static/`: textual-serve's; `page/`: its own
script and styles) and the terminal's websocket (`term`). The page sets a cookie holding the seat's
secret (HttpOnly, SameSite=Strict, for `/seat/N` and below only: papertales_tui/phone/), which the page's
own requests carry: every request still carries the seat's secret, checked as the protocol's websocket
checks it (403 otherwise).
At most TABS_PER_SEAT browser games of one seat at once (the next tab is told to wait), so that no seat
takes the others' (the total: `max_games`, or as many as the seats may have); every one ends with the server.

Imported only when textual-serve is installed (the `serve` extra).
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import web

from ..hosting.server import SEAT, TableServer, link
from ..hosting.table import HostedTable
from ..hosting.web import set_cookie
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

    terminal_page = True  # `/seat/N?view=terminal`

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

    async def page(self, request: web.Request) -> web.Response:
        """The seat's page: the phone's (papertales_tui/phone/), or with `?view=terminal` textual-serve's, its
        terminal playing `papertales join` for this seat (tablets, laptops)."""
        if request.query.get("view") != "terminal":
            return await super().page(request)
        seat = int(request.match_info["seat"])
        self.tabs.check(seat)
        response = page(request, TITLE, f"{request.scheme}://{request.host}/seat/{seat}", "/term")
        set_cookie(response, request, seat, self.table.secrets[seat] or "")  # the page's own requests carry it
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

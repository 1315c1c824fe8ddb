"""The hosted table's web server (aiohttp): a websocket per seat, docs/protocol.md.

Each connection is authenticated by its seat's secret before the upgrade (403 otherwise, compared in
constant time); one client per seat (a second takes over and the first is told); at most `max_clients`
connections; every message bounded and checked (protocol.py); nothing but the seats' routes is served
(no file of this computer is reachable); every response carries the headers of `papertales serve`.

All the table's changes happen on the event loop, between awaits: a message is checked, applied, the
table saved (in its journal, durable: hosting/journal.py; the save file rewritten after, in the
background) and every seat's new messages queued, in one go. Each connection has a writer
task that sends its queue in order. Bots decide in threads, on views made before (`HostedTable.bot_jobs`).
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import secrets
import sys
import threading
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit

from aiohttp import WSCloseCode, WSMsgType, web

from ..rules import game_decisions, game_log
from ..text.i18n import Area
from . import protocol as p
from .journal import Journal
from .limits import Limits, StrictWebSocket, limited, running_app, serve_until_signal
from .table import HostedTable, sidecar_path, write_save, write_secrets
from .web import HOST, cookie_secret, host_allowed, same_origin, secure_headers

FILE_DELAY = 0.2  # seconds from a change saved in the journal to the save file's rewrite (hosting/journal.py)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
Sent = Callable[[int, str], None]  # (seat, message): told of every message sent (the tests' record)


class SeatPages(Protocol):
    """The seats' pages in a browser, added to the server's routes (papertales_tui/phone/ `PhonePages`)."""

    def install(self, app: web.Application) -> None: ...

    async def page(self, request: web.Request) -> web.Response: ...


TERMINAL = Area("cli")  # the host's terminal speaks the command line's language
_ = TERMINAL.gettext
SAID = {"joined": lambda: _("seat %(seat)s (%(name)s) joined"),  # (a seat's line, told when said)
        "left": lambda: _("seat %(seat)s (%(name)s) left"),
        "taken over": lambda: _("seat %(seat)s (%(name)s) taken over")}
DEFAULT_MAX_CLIENTS = 32
TAKEN_OVER = 4001  # the close code of a connection whose seat was opened elsewhere
HEARTBEAT = 15.0  # seconds between pings: a client that does not answer within half of it is closed
SEAT = r"{seat:0|[1-9][0-9]?}"  # a seat's number in a path: one spelling (no 00, no other digits than 0-9)
COACH_THREADS = 1  # coach jobs running at once (each bounded in CPU by its budget; the others wait)


class _Stop:
    """A coach job's cancel flag (read from its thread)."""

    def __init__(self) -> None:
        import threading

        self._event = threading.Event()

    def set(self) -> None:
        self._event.set()

    def is_set(self) -> bool:
        return self._event.is_set()


class _Progress:
    """How far a seat's coach job is, told to the seat that asked (its connection only): the job's
    thread reports each count (`report`), the newest is kept and sent from the event loop, one notice
    every `protocol.PROGRESS_EVERY` seconds at most; none once the job has ended or was stopped, or the
    connection is no longer the seat's."""

    def __init__(self, server: TableServer, client: Client, message: p.Ask, stop: _Stop):
        self.server, self.client, self.stop = server, client, stop
        self.ident, self.kind = message.id, message.query.kind
        self.loop = asyncio.get_running_loop()
        self.lock = threading.Lock()
        self.newest: tuple[int, int] | None = None
        self.sent: tuple[int, int] | None = None
        self.waiting = False  # a send is scheduled on the loop
        self.last = -math.inf  # the loop's time of the last notice sent
        self.ended = False

    def report(self, done: int, total: int | None) -> None:
        """A count from the job's thread (`coach.Progress`)."""
        if total is None:
            return
        with self.lock:
            self.newest = (done, total)
            if self.waiting:
                return
            self.waiting = True
        with contextlib.suppress(RuntimeError):  # (the loop closed: the host stops)
            self.loop.call_soon_threadsafe(self.send)

    def send(self) -> None:
        """(On the loop) the newest count, unless one went less than PROGRESS_EVERY seconds ago."""
        wait = self.last + p.PROGRESS_EVERY - self.loop.time()
        if wait > 0:
            self.loop.call_later(wait, self.send)
            return
        with self.lock:
            newest, self.waiting = self.newest, False
        server, client = self.server, self.client
        if (self.ended or self.stop.is_set() or newest is None or newest == self.sent
                or server.clients.get(client.seat) is not client or server.coaching.get(client.seat) is not self.stop):
            return
        self.last, self.sent = self.loop.time(), newest
        server.queue(client, p.progress_notice(self.ident, "hint" if self.kind == "hint" else "review", *newest))


@dataclass(eq=False)
class Client:
    """One seat's connection: what it has been sent, and its queue of messages to send."""

    seat: int
    ws: web.WebSocketResponse
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    pages_sent: int = 0
    last_state: str = ""
    queued: int = 0  # bytes in the queue: at most Limits.queue_bytes, or the client is dropped
    transport: asyncio.Transport | None = None
    dropped: bool = False


class TableServer:
    """The web side of a `HostedTable`: `app()` for aiohttp; `save_path`: where it autosaves."""

    terminal_page = False  # a seat's page also as a terminal (`?view=terminal`: commands/seat_web.py)

    def __init__(self, table: HostedTable, save_path: Path | str | None, *, max_clients: int = DEFAULT_MAX_CLIENTS,
                 on_send: Sent | None = None, log: Callable[[str], None] | None = None,
                 limits: Limits | None = None, host: str = "127.0.0.1", tls: Any = None):
        self.table = table
        self.tls = tls  # an ssl.SSLContext: served over TLS (https://, wss://)
        self.limits = limits or Limits()
        self.host = host  # the address listened on: the Host header must name it (web.host_allowed)
        self.save_path = Path(save_path) if save_path is not None else None
        self.max_clients = max_clients
        self.on_send = on_send
        self.log = log or (lambda line: print(f"papertales host: {line}", file=sys.stderr, flush=True))
        self.clients: dict[int, Client] = {}
        self.connections = 0  # websockets open or opening: at most max_clients
        self.bots_running: set[tuple[int, int, str]] = set()
        self.timers: set[int] = set()  # page counts a read timeout is set for
        self.tasks: set[asyncio.Task[Any]] = set()
        self.samples: dict[tuple[int, int], asyncio.Future[Any]] = {}  # (seat, log size): forecast samples
        self.write_lock = asyncio.Lock()
        self.writing = 0  # saves made and not written yet
        self.journal = Journal(self.save_path) if self.save_path is not None else None
        self.file_lock = threading.Lock()  # the save file's writes (the journal's: under write_lock or at the ends)
        self.made = 0  # saves made (each numbered: the save file is never written with an older one)
        self.filed = 0  # the number of the save in the save file
        self.to_file: tuple[int, bytes] | None = None  # the newest save to write to the save file
        self.filing = False  # a task writes the save file
        self.file_failed = False  # the last write of the save file failed (said once)
        self.sidecar_kept: tuple[Any, ...] | None = None  # what the secrets file was last written with
        self.save_failed = False
        self.seat_pages: SeatPages | None = None  # the seats' pages in a browser (phone/: set by commands/host.py)
        self.ended = table.game.over  # the game's end told on the terminal
        self.coaching: dict[int, _Stop] = {}  # each seat's coach job under way
        self.coach_slots = asyncio.Semaphore(COACH_THREADS)

    def app(self) -> web.Application:
        app = web.Application(middlewares=[limited, self.guard], client_max_size=1024)
        app.router.add_get(f"/seat/{SEAT}/ws", self.websocket)
        app.router.add_get(f"/seat/{SEAT}", self.page)
        if self.seat_pages is not None:
            self.seat_pages.install(app)
        app.on_response_prepare.append(secure_headers)
        app.on_startup.append(self.started)
        app.on_shutdown.append(self.closing)
        return app

    # --- who may connect ---------------------------------------------------------------------------
    @web.middleware
    async def guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """A Host header that is one address, this server's (no other name: DNS rebinding); the seat's
        secret (the link's, or a Bearer header); no page of another site (the Origin, whole)."""
        if not HOST.fullmatch(request.host):
            raise web.HTTPBadRequest(text="Paper Tales: a Host header names one address.\n")
        if not host_allowed(request.host, self.host):
            raise web.HTTPForbidden(text="Paper Tales: open this server at its own address (the printed link).\n")
        seat = self.seat_of(request)
        if seat is None:
            raise web.HTTPForbidden(text="Paper Tales: this seat needs its own link (the one `papertales host` "
                                         "printed for it).\n")
        origin = request.headers.get("Origin")
        if origin is not None and not same_origin(origin, request):
            raise web.HTTPForbidden(text="Paper Tales: a page from another site cannot play.\n")
        return await handler(request)

    def secrets(self) -> Iterator[str]:
        """The seats' secrets (never written to the log)."""
        return (s for s in self.table.secrets if s)

    def seat_of(self, request: web.Request) -> int | None:
        """The human seat the request's secret opens (None: no such seat, or a wrong secret)."""
        seat = seat_number(request)
        if seat is None:
            return None
        given = request.query.get("secret", "")
        header = request.headers.get("Authorization", "")
        if not given and header.startswith("Bearer "):
            given = header[len("Bearer "):]
        expected = self.table.secrets[seat] if 0 <= seat < len(self.table.secrets) else None
        if expected is None:
            return None
        # the link's secret, else the cookie the seat's page set (papertales_tui/phone/): a wrong secret in
        # the link beside a good cookie still lets the seat in (and the cookie is kept: web.set_cookie)
        for offered in (given, cookie_secret(request, seat)):
            if offered and secrets.compare_digest(offered.encode(), expected.encode()):
                return seat
        return None

    async def page(self, request: web.Request) -> web.Response:
        """The seat's page in a browser (`seat_pages`: papertales_tui/phone/), else how to join it from a
        terminal."""
        if self.seat_pages is not None:
            return await self.seat_pages.page(request)
        seat = int(request.match_info["seat"])
        return web.Response(text=f"Paper Tales: seat {seat + 1} ({self.table.names()[seat]}). Play it in a "
                                 "terminal with: papertales join <this link>\n")

    # --- a seat's connection -------------------------------------------------------------------------
    async def websocket(self, request: web.Request) -> web.WebSocketResponse:
        seat = int(request.match_info["seat"])
        if self.connections >= self.max_clients:
            raise web.HTTPServiceUnavailable(text="Paper Tales: too many connections to this table.\n",
                                             headers={"Retry-After": "10"})
        ws = StrictWebSocket(heartbeat=HEARTBEAT, max_msg_size=p.MAX_TO_SERVER)
        self.connections += 1
        client = Client(seat, ws, transport=request.transport)
        writer: asyncio.Task[None] | None = None
        try:
            await ws.prepare(request)
            writer = asyncio.create_task(self.write(client))
            old = self.clients.get(seat)
            self.clients[seat] = client
            self.table.connected(seat, True)
            if old is not None:  # the seat opened again (a phone that slept, a new tab): this one plays
                self.queue(old, p.Notice(what="taken_over", seat=seat))
                old.queue.put_nowait(None)
            self.say("taken over" if old is not None else "joined", seat)
            self.queue(client, self.table.welcome(seat))
            client.pages_sent = self.table.read[seat]  # the pages it has read are not sent again
            self.refresh()
            async for message in ws:
                if message.type == WSMsgType.TEXT:
                    await self.received(client, message.data)
                elif message.type == WSMsgType.BINARY:
                    self.queue(client, p.Refused(reason="bad_message", about="", message="a text frame is expected"))
                else:
                    break
        finally:
            if self.clients.get(seat) is client:
                del self.clients[seat]
                self.table.connected(seat, False)
                self.cancel_coach(seat)
                self.say("left", seat)
                self.refresh()  # (who is online)
            client.queue.put_nowait(None)
            if writer is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(writer, 5)
            self.connections -= 1
        return ws

    def say(self, what: str, seat: int | None = None) -> None:
        """One line on the host's terminal, in its language: a seat joined, left or was taken over, or
        the game ended (names shown literally; never a secret)."""
        if seat is None:
            self.log(printable(what))
            return
        self.log(SAID[what]() % {"seat": seat + 1, "name": printable(self.table.names()[seat])})

    async def write(self, client: Client) -> None:
        """Send a client's queue in order; None closes it."""
        ws = client.ws
        while True:
            text = await client.queue.get()
            if text is None:
                break
            client.queued -= len(text)
            try:
                await asyncio.wait_for(ws.send_str(text), self.limits.send_timeout)
            except TimeoutError:  # it reads nothing: dropped
                self.drop(client)
                break
            except (ConnectionError, RuntimeError):
                break
        with contextlib.suppress(Exception):
            await ws.close(code=TAKEN_OVER if self.clients.get(client.seat) not in (client, None)
                           else WSCloseCode.GOING_AWAY)

    def queue(self, client: Client, message: p.Welcome | p.State | p.Page | p.Answer | p.Refused | p.Notice) -> None:
        self.put(client, p.encode(message))

    def put(self, client: Client, text: str) -> None:
        """Queue `text` for `client`; a client with more than Limits.queue_bytes waiting (it does not
        read) is dropped instead, and what waited for it freed."""
        if client.dropped:
            return
        if client.queued + len(text) > self.limits.queue_bytes:
            self.drop(client)
            return
        client.queued += len(text)
        client.queue.put_nowait(text)
        if self.on_send is not None:
            self.on_send(client.seat, text)

    def drop(self, client: Client) -> None:
        """A client that does not read: its connection closed at once, its queue emptied."""
        if client.dropped:
            return
        client.dropped = True
        while not client.queue.empty():
            client.queue.get_nowait()
        client.queued = 0
        client.queue.put_nowait(None)
        if client.transport is not None:
            client.transport.abort()
        self.log(f"seat {client.seat + 1}'s connection dropped: it does not read what it is sent")

    # --- a seat's message ---------------------------------------------------------------------------
    async def received(self, client: Client, text: str) -> None:
        """Check and apply one message (the table changes in one go, before the first await), then save
        the table and tell every seat."""
        seat, table = client.seat, self.table
        decided = len(game_decisions(table.game))
        try:
            message = p.to_server(text)
        except ValueError as why:
            reason = "version" if str(why).startswith(("decide.v", "take_back.v", "read.v", "ask.v")) else "bad_message"
            self.queue(client, p.Refused(reason=reason, about="", message=str(why)))
            return
        if isinstance(message, p.Rematch):
            self.rematch(client)
            return
        if isinstance(message, p.Ask):
            self.question(client, message)
            return
        if isinstance(message, p.Read):
            refused = table.on_read(seat, message.page)
        elif isinstance(message, p.Decide):
            refused = table.on_decide(seat, message)
            if refused is None:
                self.cancel_coach(seat)
        else:
            refused = table.on_take_back(seat, message)
            if refused is None:
                step = str(table.prior[seat].step) if table.prior[seat] is not None else None  # type: ignore[union-attr]
                for other in self.clients.values():
                    if other is not client:
                        self.queue(other, p.Notice(what="took_back", seat=seat, step=step))
        if refused is not None:
            self.queue(client, refused)
            return
        if isinstance(message, p.Read) and len(game_decisions(table.game)) == decided:
            self.changed()
        else:  # (a page read may let the table answer a Mystical Healer question that changes nothing)
            await self.commit()

    def question(self, client: Client, message: p.Ask) -> None:
        """A seat's question: the coach's in a job of its own, the first forecast of a decision once its
        samples are made (away from the loop), the others at once."""
        seat, table = client.seat, self.table
        if message.query.kind in (*p.COACH_QUESTIONS, "cancel"):
            self.coach(client, message)
            return
        job = table.rivals_job(seat) if message.query.kind == "forecast" and table.asked(seat) else None
        if job is not None:  # the first forecast of a decision: its samples away from the loop
            self.spawn(self.forecast(client, message, job))
        else:
            self.queue(client, table.ask(seat, message))

    # --- the coach: one job a seat, cancellable, in a thread, at most COACH_THREADS at once ----------
    def coach(self, client: Client, message: p.Ask) -> None:
        seat, kind = client.seat, message.query.kind
        running = self.coaching.pop(seat, None)
        if running is not None:
            running.set()  # (its question is answered `cancelled`)
        if kind == "cancel":
            self.queue(client, p.Answer(id=message.id, ask="cancel", result=running is not None))
            return
        job = self.table.coach_job(seat, kind)
        if isinstance(job, p.Refused):
            self.queue(client, job.model_copy(update={"id": message.id}))
            return
        if job is None:  # (nothing to decide now: no hint)
            self.queue(client, p.Answer(id=message.id, ask=kind, result=None))
            return
        stop = self.coaching[seat] = _Stop()
        self.spawn(self.coach_run(client, message, job, stop))

    async def coach_run(self, client: Client, message: p.Ask, job: Any, stop: _Stop) -> None:
        seat, kind = client.seat, message.query.kind
        asked = self.table.asked(seat)
        told = _Progress(self, client, message, stop)
        try:
            async with self.coach_slots:
                result = None if stop.is_set() else await asyncio.to_thread(job, stop.is_set, told.report)
        finally:
            told.ended = True  # (no count after the answer)
            if self.coaching.get(seat) is stop:
                del self.coaching[seat]
        if result is None or stop.is_set() or (kind == "hint" and self.table.asked(seat) != asked):
            self.queue(client, p.Refused(reason="cancelled", about="ask", id=message.id,
                                         message="the coach stopped: asked again, cancelled, or the decision moved on"))
            return
        self.queue(client, p.Answer(id=message.id, ask=kind, result=p.result(kind, result)))
        if kind == "hint":
            self.table.coached(seat, result)
            await self.commit()

    def cancel_coach(self, seat: int) -> None:
        stop = self.coaching.pop(seat, None)
        if stop is not None:
            stop.set()

    # --- a rematch: the same table, a new game ---------------------------------------------------------
    def rematch(self, client: Client) -> None:
        table = self.table
        if not table.game.over:
            self.queue(client, p.Refused(reason="not_over", about="rematch", message="the game is not over"))
            return
        for seat in list(self.coaching):
            self.cancel_coach(seat)
        self.table = table.rematch(secrets.randbits(32))
        self.ended = False
        self.bots_running.clear()
        self.samples.clear()
        self.say(_("a rematch starts (%(names)s)") % {"names": ", ".join(self.table.names())})
        for other in self.clients.values():
            other.pages_sent = 0
            other.last_state = ""
            self.queue(other, p.Notice(what="rematch"))
            self.queue(other, self.table.welcome(other.seat))
        self.spawn(self.commit())

    async def forecast(self, client: Client, message: p.Ask, job: tuple[int, Any, Any]) -> None:
        """Answer a forecast once the samples of the neighbours' strengths for this decision are known
        (worked out once a decision, in a thread: they read only the seat's view)."""
        from ..rules import forecast

        size, view, drafts = job
        key = (client.seat, size)
        found = self.samples.get(key)
        if found is None:
            found = self.samples[key] = asyncio.ensure_future(
                asyncio.to_thread(forecast.rival_strengths, view, self.table.game.catalog, drafts))
        try:
            rivals = await found
        finally:
            self.samples.pop(key, None)
        self.table.rivals_found(client.seat, size, rivals)
        self.queue(client, self.table.ask(client.seat, message))

    def changed(self) -> None:
        """After a change: every seat's new messages, the bots' turns, the read timeout."""
        if self.table.game.over and not self.ended:
            self.ended = True
            self.say(_("the game is over: %(ending)s") % {"ending": ending(self.table.game)})
        self.refresh()
        self.start_bots()
        self.start_timer()

    def refresh(self) -> None:
        """Queue for every connected seat the pages it has not been sent and its state, if it changed;
        nothing while a save is being written (its `commit` refreshes once it is): a seat is told only
        of decisions saved."""
        if self.writing:
            return
        table = self.table
        online = tuple(sorted(table.online))
        for client in list(self.clients.values()):
            while client.pages_sent < len(table.pages):
                self.queue(client, table.page(client.pages_sent))
                client.pages_sent += 1
            state = p.encode(table.state(client.seat, online))
            if state != client.last_state:
                client.last_state = state
                self.put(client, state)

    async def commit(self) -> None:
        """After a decision or a take-back: the table saved (made here, written in a thread, the writes
        in order: to the journal, durable, then the seats are told; the save file from the same bytes
        after, in the background), then every seat told. The secrets file is written again only when
        the secrets or the pages to read change (its sequence numbers are a lower bound: see
        docs/protocol.md)."""
        if self.save_path is not None:
            data, sidecar = self.table.encoded(), self.table.sidecar()
            kept = (sidecar["secrets"], sidecar["read"])
            self.writing += 1  # (until it is written, no seat is told of anything: see `refresh`)
            try:
                async with self.write_lock:
                    journaled = await asyncio.to_thread(self.write_files, data,
                                                        None if kept == self.sidecar_kept else sidecar)
                    self.sidecar_kept = kept
            finally:
                self.writing -= 1
            if journaled:
                self.made += 1
                self.to_file = (self.made, data)
                if not self.filing:
                    self.filing = True
                    self.spawn(self.file_saves())
        self.changed()

    def write_files(self, data: bytes, sidecar: dict[str, Any] | None) -> bool:
        """`data` durable (in the journal; straight into the save file when the journal cannot be
        written), and the secrets file when given. True when the save file is still to be written."""
        assert self.save_path is not None and self.journal is not None
        try:
            try:
                self.journal.write(data)
                journaled = True
            except (OSError, ValueError):
                with contextlib.suppress(OSError):
                    self.journal.remove()  # (so that no older save stays in it)
                with self.file_lock:  # (the save file as before: its own problem is said)
                    write_save(self.save_path, data, None)
                    self.made += 1
                    self.filed = self.made
                journaled = False
            if sidecar is not None:
                write_secrets(self.save_path, sidecar)
            self.save_failed = False
            return journaled
        except (OSError, ValueError) as err:
            if not self.save_failed:
                problem = getattr(err, "strerror", None) or err
                self.log(f"cannot save the table to {failed_file(self.save_path, err)}: {problem}")
            self.save_failed = True
            return False

    async def file_saves(self) -> None:
        """Write the newest journaled save into the save file, until none is newer (in a thread), each
        time FILE_DELAY after the decision (the decisions of those moments written once: its fsyncs
        would slow the journal's)."""
        try:
            while self.to_file is not None and self.to_file[0] > self.filed:
                await asyncio.sleep(FILE_DELAY)
                number, data = self.to_file
                await asyncio.to_thread(self.file_save, number, data)
                if self.file_failed and self.to_file[0] == number:
                    break  # (tried again with the next save)
        finally:
            self.filing = False

    def file_save(self, number: int, data: bytes) -> None:
        assert self.save_path is not None
        with self.file_lock:
            if number <= self.filed:  # (a newer one is there already)
                return
            try:
                write_save(self.save_path, data, None)
            except (OSError, ValueError) as err:  # (the journal holds it: said once, tried again at the next)
                if not self.file_failed:
                    self.log(f"cannot save the table to {failed_file(self.save_path, err)}: "
                             f"{getattr(err, 'strerror', None) or err}")
                self.file_failed = True
                return
            self.filed = number
            self.file_failed = False

    def save(self) -> None:
        """The table and its secrets file saved now, into the save file (at the start and at the end):
        the journal then goes (it is written first when it is there, so that it never holds an older
        save than the save file)."""
        if self.save_path is None or self.journal is None:
            return
        data, sidecar = self.table.encoded(), self.table.sidecar()
        with self.file_lock:
            try:
                self.journal.catch_up(data)
                write_save(self.save_path, data, sidecar)
                self.made += 1
                self.filed = self.made
                with contextlib.suppress(OSError):  # (one that cannot be removed cannot be read either)
                    self.journal.remove()
                self.save_failed = False
            except (OSError, ValueError) as err:
                if not self.save_failed:
                    problem = getattr(err, "strerror", None) or err
                    self.log(f"cannot save the table to {failed_file(self.save_path, err)}: {problem}")
                self.save_failed = True

    # --- bots and the read timeout -----------------------------------------------------------------
    def start_bots(self) -> None:
        for pend, view in self.table.bot_jobs():
            key = (pend.player, view.log_size, str(pend.kind))
            if key not in self.bots_running:
                self.bots_running.add(key)
                self.spawn(self.bot(key, pend, view))

    async def bot(self, key: tuple[int, int, str], pend: Any, view: Any) -> None:
        try:
            decision = await asyncio.to_thread(self.table.bot_choose, pend, view)
            if self.table.bot_decided(pend, decision)[0]:
                await self.commit()
        finally:
            self.bots_running.discard(key)

    def start_timer(self) -> None:
        timeout, pages = self.table.read_timeout, len(self.table.pages)
        if timeout is None or not self.table.reading() or pages in self.timers:
            return
        self.timers.add(pages)
        asyncio.get_running_loop().call_later(timeout, self.timed_out, pages)

    def timed_out(self, pages: int) -> None:
        self.timers.discard(pages)
        if self.table.expire_reading(pages):
            self.spawn(self.commit())  # (it may answer a Mystical Healer question that changes nothing)

    def spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # --- starting and stopping --------------------------------------------------------------------
    async def started(self, app: web.Application) -> None:
        self.save()
        self.changed()

    async def closing(self, app: web.Application) -> None:
        """The host stops: the table saved (after any write under way), every seat told and closed."""
        async with self.write_lock:
            self.save()
        for client in list(self.clients.values()):
            self.queue(client, p.Notice(what="closing"))
            client.queue.put_nowait(None)
        for task in list(self.tasks):
            task.cancel()


def link(host: str, port: int, seat: int, secret: str, scheme: str = "http") -> str:
    """A seat's link, as printed (`scheme` https when served over TLS)."""
    shown = f"[{host}]" if ":" in host else host
    return f"{scheme}://{shown}:{port}/seat/{seat}?secret={secret}"


def ws_url(link_text: str) -> str:
    """The websocket of a seat's link (`papertales join` and the tests connect to it)."""
    parts = urlsplit(link_text)
    scheme = "wss" if parts.scheme == "https" else "ws"
    return f"{scheme}://{parts.netloc}{parts.path.rstrip('/')}/ws?{parts.query}"


def printable(text: str) -> str:
    """A line for the terminal: what would be a terminal's control code shown as "?"."""
    return "".join(ch if ch.isprintable() else "?" for ch in text)


def ending(game: Any) -> str:
    """How the game ended, as the host's terminal tells it: the mode's own verdict when it tells one
    after the game's end (solo: the player's LP against the Lich King's), else each player's LP and
    who won."""
    from ..text.narrator import Names, narrate

    log = game_log(game)
    last = max((k for k, e in enumerate(log) if e.get("type") == "game_over"), default=len(log) - 1)
    names = Names.of(game)
    own = [line for e in log[last + 1:] if (line := narrate(e, names))]
    if own:
        return " ".join(own)
    lp = _("%(lp)s LP")
    scores = ", ".join(pl.name + " " + lp % {"lp": pl.lp} for pl in game.players)
    winners = [game.players[k].name for k in log[last].get("winners", ())] if log else []
    if not winners:
        return scores
    from ..text.narrator import and_list

    return TERMINAL.ngettext("%(scores)s. %(winners)s wins.", "%(scores)s. %(winners)s win.", len(winners)) % {
        "scores": scores, "winners": and_list(winners)}


@contextlib.asynccontextmanager
async def running(server: TableServer, host: str = "127.0.0.1", port: int = 0) -> Any:
    """Serve `server` on this event loop while in the block (the tests', the benchmark's): yields the
    port; the server is ended on leaving, whatever happens."""
    async with running_app(server.app(), server.limits, server.log, host, port, secrets=server.secrets,
                           ssl_context=server.tls) as bound:
        yield bound


def serve(server: TableServer, sock: Any, announce: Callable[[], None] = lambda: None) -> int:
    """Serve on a listening socket until Ctrl-C or SIGTERM (the table saved, every seat told): 128 + that
    signal's number. `announce` (the links, "Press Ctrl-C to stop") is called once both signals are
    handled: a Ctrl-C the moment after is never lost (a process started in the background has SIGINT
    ignored until then). Connections capped, the log kept quiet (hosting/limits.py)."""
    import signal

    try:
        stopped = serve_until_signal(server.app(), sock, server.limits, server.log, announce, shutdown_timeout=2,
                                     secrets=server.secrets, ssl_context=server.tls)
    finally:
        server.save()
    return 128 + (stopped or signal.SIGINT)


def failed_file(path: Path, err: BaseException) -> Path:
    """The file of a hosted table's save whose write failed with `err`: the save, or its secrets file."""
    side = sidecar_path(path)
    for name in (getattr(err, "filename2", None), getattr(err, "filename", None)):
        if name and (Path(name) == side or Path(name).name.startswith(f".{side.name}.")):
            return side
    return path


def seat_number(request: web.Request) -> int | None:
    """The seat a request's path names (None: none). The routes take one spelling only (`SEAT`)."""
    text = request.match_info.get("seat", "")
    if not text.isascii() or not text.isdigit() or str(int(text)) != text:
        return None
    return int(text)

"""What keeps a server of the game up and quiet against strangers and bad clients (issue 39), for every
route by construction: `papertales host` (hosting/server.py) and `papertales serve` (commands/serve_web.py).

- `Connections` (installed by `GuardedRunner`): at most `Limits.connections` connections at once and
  `Limits.per_address` from one address (kept under the process's file limit); a connection that has not
  sent a whole request head within `Limits.header_timeout` seconds is closed (and one kept alive between
  requests as long, aiohttp's keep-alive timeout). When full, the oldest connection still waiting for its
  head (from the busiest address) makes room for the new one: a flood of slow connections never keeps a
  real seat out. `request_started`/`request_ended` (the middleware `limited`) tell it which are served.
- `QuietLog`: aiohttp's and asyncio's log while serving, one short line per record (never a traceback,
  never a secret, only printable characters), the same kind said once and then counted, at most
  `Limits.log_lines` lines a minute (the rest counted, their number said at the end).
- `StrictWebSocket`: aiohttp's websocket, refusing a client frame that is not masked (RFC 6455 5.1: close
  1002), which aiohttp accepts.

nginx's and aiohttp's defaults and OWASP's advice are the guide where the issue is silent."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

Log = Callable[[str], None]
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

FILE_RESERVE = 64  # file descriptors kept for the rest (the saves, the browser seats' processes' pipes)


@dataclass(frozen=True)
class Limits:
    """A server's limits (README, "What hosting exposes")."""

    connections: int = 512  # connections at once, all addresses (below the process's file limit)
    per_address: int = 128  # connections at once from one address
    header_timeout: float = 5.0  # seconds to send a whole request head (and kept-alive idle seconds)
    queue_bytes: int = 2 * 1024 * 1024  # bytes waiting for a websocket client that does not read: then dropped
    send_timeout: float = 30.0  # seconds one message may take to leave: then the client is dropped
    log_lines: int = 20  # lines of aiohttp's and asyncio's log a minute (the rest counted)

    def within_files(self) -> Limits:
        """These limits, the connections kept under the process's file limit (raised to its hard limit
        first, as nginx's worker_rlimit_nofile does)."""
        soft = raise_file_limit()
        if soft is None:
            return self
        room = max(8, soft - FILE_RESERVE)
        if self.connections <= room:
            return self
        return Limits(connections=room, per_address=min(self.per_address, room), header_timeout=self.header_timeout,
                      queue_bytes=self.queue_bytes, send_timeout=self.send_timeout, log_lines=self.log_lines)


def raise_file_limit() -> int | None:
    """The soft limit on open files, raised to the hard one (None where there is no such limit)."""
    try:
        import resource
    except ImportError:
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft != hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
    return None if soft == resource.RLIM_INFINITY else int(soft)


# ---- connections ------------------------------------------------------------------------------


@dataclass(eq=False)
class Connection:
    address: str
    transport: asyncio.Transport
    opened: float
    serving: int = 0  # requests being served on it (a websocket: for as long as it is open)
    deadline: asyncio.TimerHandle | None = None


@dataclass
class Connections:
    """Every connection to one server, capped (module doc). `refused` and `timed_out` count what it closed."""

    limits: Limits
    log: Log
    open: dict[Any, Connection] = field(default_factory=dict)  # by aiohttp's RequestHandler
    per_address: Counter[str] = field(default_factory=Counter)
    refused: int = 0  # connections closed to make room, or refused
    timed_out: int = 0  # connections closed for not sending a request head in time
    said: set[str] = field(default_factory=set)

    def opened(self, handler: Any, transport: asyncio.Transport) -> None:
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        loop = asyncio.get_running_loop()
        conn = Connection(address, transport, loop.time())
        self.open[handler] = conn
        self.per_address[address] += 1
        conn.deadline = loop.call_later(self.limits.header_timeout, self.expire, handler)
        while len(self.open) > self.limits.connections or self.per_address[address] > self.limits.per_address:
            victim = self.victim(address if self.per_address[address] > self.limits.per_address else None)
            self.refused += 1
            self.say_once("full", f"too many connections (at most {self.limits.connections}, "
                                  f"{self.limits.per_address} from one address): the oldest waiting ones are "
                                  "closed to make room")
            self.close(victim if victim is not None else handler)
            if victim is None:
                break

    def victim(self, address: str | None) -> Any:
        """The connection to close to make room: the oldest still waiting for its request head, from
        `address` or else from the address with the most connections (None: every one is served)."""
        waiting = [(h, c) for h, c in self.open.items() if not c.serving and (address is None or c.address == address)]
        if not waiting:
            return None
        if address is None:
            busiest = max({c.address for _h, c in waiting}, key=lambda a: self.per_address[a])
            waiting = [(h, c) for h, c in waiting if c.address == busiest]
        return min(waiting, key=lambda hc: hc[1].opened)[0]

    def close(self, handler: Any) -> None:
        conn = self.forget(handler)
        if conn is not None:
            conn.transport.abort()

    def forget(self, handler: Any) -> Connection | None:
        conn = self.open.pop(handler, None)
        if conn is not None:
            if conn.deadline is not None:
                conn.deadline.cancel()
            self.per_address[conn.address] -= 1
            if self.per_address[conn.address] <= 0:
                del self.per_address[conn.address]
        return conn

    def expire(self, handler: Any) -> None:
        conn = self.open.get(handler)
        if conn is not None and not conn.serving:
            self.timed_out += 1
            self.say_once("slow", f"connections that send no request within {self.limits.header_timeout:g} s are "
                                  "closed")
            self.close(handler)

    def started(self, handler: Any) -> None:
        conn = self.open.get(handler)
        if conn is not None:
            conn.serving += 1
            if conn.deadline is not None:
                conn.deadline.cancel()
                conn.deadline = None  # (kept alive after: aiohttp's keep-alive timeout, as long)

    def ended(self, handler: Any) -> None:
        conn = self.open.get(handler)
        if conn is not None:
            conn.serving = max(0, conn.serving - 1)

    def say_once(self, key: str, line: str) -> None:
        if key not in self.said:
            self.said.add(key)
            self.log(line)

    def summary(self) -> str | None:
        if not (self.refused or self.timed_out):
            return None
        return f"{self.refused} connections refused or closed to make room, {self.timed_out} closed for slowness"


class GuardedServer(web.Server):
    """aiohttp's server, telling `Connections` of every connection made and lost."""

    guard: Connections

    def connection_made(self, handler: Any, transport: asyncio.Transport) -> None:
        super().connection_made(handler, transport)
        self.guard.opened(handler, transport)

    def connection_lost(self, handler: Any, exc: BaseException | None = None) -> None:
        self.guard.forget(handler)
        super().connection_lost(handler, exc)


class GuardedRunner(web.AppRunner):
    """aiohttp's runner, its server's connections capped (`Connections`, `connections(app)`), its
    keep-alive timeout the header timeout."""

    def __init__(self, app: web.Application, limits: Limits, log: Log, *,
                 secrets: Callable[[], Iterator[str]] = lambda: iter(()), **kwargs: Any):
        super().__init__(app, keepalive_timeout=limits.header_timeout, **kwargs)
        self.connections = Connections(limits, log)
        self.quiet = QuietLog(log, limits.log_lines, secrets)
        self.log = log
        app[CONNECTIONS] = self.connections

    async def setup(self) -> None:
        self.quiet.install()
        await super().setup()

    async def cleanup(self) -> None:
        try:
            await super().cleanup()
        finally:
            self.quiet.remove()
            for line in (self.connections.summary(), self.quiet.summary()):
                if line:
                    self.log(line)

    async def _make_server(self) -> web.Server:
        server = await super()._make_server()
        server.__class__ = GuardedServer
        server.guard = self.connections  # type: ignore[attr-defined]
        return server


CONNECTIONS = web.AppKey("connections", Connections)


@web.middleware
async def limited(request: web.Request, handler: Handler) -> web.StreamResponse:
    """First of every route's middlewares: the connection is being served (no header timeout while it is);
    a path with a NUL or a segment longer than a file name can be is refused (400, 404); an error in a
    handler is a 500 of one line in the log, never a traceback."""
    connections = request.app.get(CONNECTIONS)
    protocol = request.protocol
    if connections is not None:
        connections.started(protocol)
    try:
        path = request.path
        if "\x00" in path or not path.isprintable():
            raise web.HTTPBadRequest(text="Paper Tales: a path holds a character no path may hold.\n")
        if len(request.raw_path) > 2048 or any(len(part.encode()) > 255 for part in path.split("/")):
            raise web.HTTPNotFound(text="Paper Tales: no such page.\n")
        try:
            return await handler(request)
        except (web.HTTPException, asyncio.CancelledError, ConnectionError):
            raise
        except Exception as err:
            logging.getLogger("aiohttp.server").error("error in %s: %s", request.method, type(err).__name__)
            raise web.HTTPInternalServerError(text="Paper Tales: something went wrong on this server.\n") from None
    finally:
        if connections is not None:
            connections.ended(protocol)


# ---- the log ----------------------------------------------------------------------------------

SECRET_IN_TEXT = re.compile(r"(?i)(secret|token|papertales_[a-z]+_\d+(?:_\d+)?)(=|%3d)[^&\s'\"\\;]*|(bearer\s+)\S+")
LINE = 160  # characters of a log line at most


def hide_secrets(text: str, secrets: Callable[[], Iterator[str]] = lambda: iter(())) -> str:
    """`text` without any secret: a query's secret= and token=, a cookie's value, a Bearer header, and
    every string `secrets` names."""
    text = SECRET_IN_TEXT.sub(lambda m: f"{m.group(1)}{m.group(2)}…" if m.group(1) else f"{m.group(3)}…", text)
    for secret in secrets():
        if secret:
            text = text.replace(secret, "…")
    return text


class QuietLog(logging.Handler):
    """aiohttp's and asyncio's log records as short lines (module doc), said through `log`."""

    def __init__(self, log: Log, lines: int, secrets: Callable[[], Iterator[str]] = lambda: iter(())):
        super().__init__(logging.INFO)
        self.out, self.lines, self.secrets = log, lines, secrets
        self.window = 0.0
        self.said_in_window = 0
        self.kinds: Counter[str] = Counter()  # records of each kind: the first said, the rest counted
        self.unsaid = 0
        self.kept: list[tuple[logging.Logger, bool, int]] = []

    def emit(self, record: logging.LogRecord) -> None:
        try:
            line = self.line(record)
        except Exception:  # (never a traceback: a record that cannot be told is counted)
            line = "a log record that could not be told"
        kind = re.sub(r"\d+(\.\d+)*", "#", line)[:60]
        if kind not in self.kinds and len(self.kinds) >= 1000:  # (bounded too: the kinds not said since
            kind = "…"  # the first thousand count as one)
        self.kinds[kind] += 1
        now = time.monotonic()
        if now - self.window >= 60:
            self.window, self.said_in_window = now, 0
        if self.kinds[kind] > 1 or self.said_in_window >= self.lines:
            self.unsaid += 1
            return
        self.said_in_window += 1
        self.out(line)

    def line(self, record: logging.LogRecord) -> str:
        from ..rules import literal

        text = record.getMessage().split("\n", 1)[0].strip()
        exc = record.exc_info[1] if record.exc_info else None
        if exc is not None:
            why = getattr(exc, "message", None) or str(exc)
            first = next((part.strip() for part in str(why).splitlines() if part.strip()), "")
            text = f"{text}: {type(exc).__name__}" + (f" ({first})" if first else "")
        text = literal(hide_secrets(text, self.secrets))
        return text if len(text) <= LINE else text[:LINE - 1] + "…"

    def install(self) -> None:
        for name in ("aiohttp", "asyncio"):
            logger = logging.getLogger(name)
            self.kept.append((logger, logger.propagate, logger.level))
            logger.addHandler(self)
            logger.propagate = False
            if logger.level == logging.NOTSET or logger.level > logging.WARNING:
                logger.setLevel(logging.WARNING)

    def remove(self) -> None:
        for logger, propagate, level in self.kept:
            logger.removeHandler(self)
            logger.propagate = propagate
            logger.setLevel(level)
        self.kept.clear()

    def summary(self) -> str | None:
        if not self.unsaid:
            return None
        return f"{self.unsaid} more log lines like the ones above were not shown"


# ---- websockets ---------------------------------------------------------------------------------


class StrictWebSocket(web.WebSocketResponse):
    """aiohttp's websocket response, a client's frame that is not masked refused (RFC 6455 5.1: the
    connection closed with 1002), which aiohttp's reader accepts."""

    async def prepare(self, request: web.BaseRequest) -> Any:
        writer = await super().prepare(request)
        transport = request.transport
        if transport is not None:
            inner = transport.get_protocol()
            transport.set_protocol(MaskedFrames(inner, transport))  # type: ignore[arg-type]
        return writer


class MaskedFrames(asyncio.Protocol):
    """Between a websocket's transport and aiohttp's protocol: follows the client's frames (their
    heads) and passes the bytes on unchanged, until a frame that is not masked: then it sends a close
    frame (1002, protocol error) and closes the connection."""

    def __init__(self, inner: asyncio.Protocol, transport: asyncio.Transport):
        self.inner, self.transport = inner, transport
        self.head = b""  # the bytes of a frame's head read so far
        self.skip = 0  # payload bytes of the current frame still to pass
        self.broken = False

    def data_received(self, data: bytes) -> None:
        if self.broken:
            return
        i, n = 0, len(data)
        while i < n:
            if self.skip:
                step = min(self.skip, n - i)
                self.skip -= step
                i += step
                continue
            self.head += data[i:i + 1]
            i += 1
            if len(self.head) == 2 and not self.head[1] & 0x80:  # not masked
                self.broken = True
                with contextlib.suppress(Exception):
                    self.transport.write(b"\x88\x02\x03\xea")  # close, 1002 (protocol error)
                self.transport.close()
                return
            need = frame_head_size(self.head)
            if need is not None and len(self.head) == need:
                self.skip = payload_size(self.head)
                self.head = b""
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()


def frame_head_size(head: bytes) -> int | None:
    """The size of a websocket frame's head (with its mask key) from its first bytes (None: not known yet)."""
    if len(head) < 2:
        return None
    n = head[1] & 0x7F
    size = 2 + (2 if n == 126 else 8 if n == 127 else 0)
    return size + (4 if head[1] & 0x80 else 0)


def payload_size(head: bytes) -> int:
    n = head[1] & 0x7F
    if n == 126:
        return int.from_bytes(head[2:4], "big")
    if n == 127:
        return int.from_bytes(head[2:10], "big")
    return n


# ---- serving until a signal --------------------------------------------------------------------


def serve_until_signal(app: web.Application | Awaitable[web.Application], sock: Any, limits: Limits, log: Log,
                       announce: Callable[[], None] = lambda: None, *, shutdown_timeout: float = 2.0,
                       secrets: Callable[[], Iterator[str]] = lambda: iter(()), ssl_context: Any = None) -> int | None:
    """Serve `app` on the listening socket `sock`, its connections capped and its log quiet (`GuardedRunner`),
    until Ctrl-C or SIGTERM: that signal's number (None if it ended otherwise). `announce` is called once
    both signals are handled (a Ctrl-C the moment after is never lost); a second Ctrl-C while the server
    stops raises KeyboardInterrupt. `ssl_context`: served over TLS (https, wss)."""
    import signal

    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    stopped: list[int] = []
    done: asyncio.Future[None] = loop.create_future()

    def stop(sig: int) -> None:
        if stopped:  # a second Ctrl-C: no more waiting
            raise KeyboardInterrupt
        stopped.append(sig)
        if not done.done():
            done.set_result(None)

    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop, sig)

    async def start() -> GuardedRunner:
        made = app if isinstance(app, web.Application) else await app
        runner = GuardedRunner(made, limits.within_files(), log, secrets=secrets, access_log=None,
                               shutdown_timeout=shutdown_timeout, handle_signals=False)
        await runner.setup()
        await web.SockSite(runner, sock, ssl_context=ssl_context).start()
        return runner

    try:
        announce()
        runner = loop.run_until_complete(start())
        try:
            loop.run_until_complete(done)
        finally:
            loop.run_until_complete(runner.cleanup())
    finally:
        with contextlib.suppress(BaseException):
            left = asyncio.all_tasks(loop)
            for task in left:
                task.cancel()
            loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
        loop.close()
    return stopped[0] if stopped else None


@contextlib.asynccontextmanager
async def running_app(app: web.Application, limits: Limits, log: Log, host: str = "127.0.0.1", port: int = 0,
                      secrets: Callable[[], Iterator[str]] = lambda: iter(()), ssl_context: Any = None) -> Any:
    """Serve `app` on this event loop while in the block (the tests', the benchmarks'), as
    `serve_until_signal` does: yields the port; the server is ended on leaving, whatever happens."""
    runner = GuardedRunner(app, limits, log, secrets=secrets, access_log=None, shutdown_timeout=1)
    await runner.setup()
    try:
        site = web.TCPSite(runner, host, port, ssl_context=ssl_context)
        await site.start()
        yield runner.addresses[0][1]
    finally:
        await runner.cleanup()

"""The hosted table's server holds against strangers and bad clients (issue 39): a flood of slow
connections, a client that reads nothing, a flood of bad requests, bad paths, unmasked frames, another
site's name or origin, a seat's number spelt otherwise, one seat opening every browser tab. Every attack
is made on a real server on loopback, started and ended by its test (hosting/limits.py says the limits)."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import struct
import time
from pathlib import Path

import aiohttp
import pytest

from papertales_tui.hosting import protocol as P
from papertales_tui.hosting.client import SeatClient
from papertales_tui.hosting.limits import Limits, hide_secrets
from papertales_tui.hosting.server import TableServer, link, running
from papertales_tui.hosting.table import HostedTable
from papertales_tui.rules import Game

needs_serve = pytest.mark.skipif(__import__("importlib").util.find_spec("textual_serve") is None,
                                 reason="needs textual-serve (the serve extra)")


def new_table(players: int = 2, seed: int = 5) -> HostedTable:
    return HostedTable(Game.new([f"Seat{i}" for i in range(players)], seed=seed), ["human"] * players)


async def raw_request(port: int, data: bytes, timeout: float = 3) -> bytes:
    """What the server answers to `data`, sent as it is on a connection of its own."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(data)
        await writer.drain()
        return await asyncio.wait_for(reader.read(65536), timeout)
    finally:
        writer.close()


def status_of(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


async def get(port: int, path: str, headers: str = "") -> int:
    return status_of(await raw_request(port, f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{headers}"
                                             "Connection: close\r\n\r\n".encode()))


async def open_websocket(port: int, path: str, buffer: int | None = None
                         ) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A websocket opened by hand (so that frames can be sent as a bad client sends them); `buffer`: the
    socket's receive buffer (small: a client that does not read fills it soon)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if buffer is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, buffer)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    reader, writer = await asyncio.open_connection(sock=sock)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    await writer.drain()
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
    assert head.startswith(b"HTTP/1.1 101"), head
    return reader, writer


def frame(text: str, masked: bool = True) -> bytes:
    """A text frame from a client (RFC 6455 5.2): masked, as a client's must be, or not."""
    payload = text.encode()
    size = len(payload)
    head = bytes([0x81]) + (bytes([(0x80 if masked else 0) | size]) if size < 126
                            else bytes([(0x80 if masked else 0) | 126]) + struct.pack(">H", size))
    if not masked:
        return head + payload
    mask = os.urandom(4)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


async def seat_connects(port: int, table: HostedTable, seat: int = 0) -> float:
    """Seconds a real seat takes to connect and get its first state."""
    start = time.monotonic()
    client = SeatClient(link("127.0.0.1", port, seat, table.secrets[seat] or ""), table.game.catalog)
    try:
        await client.connect()
        await client.until(lambda m: isinstance(m, P.State), 10)
    finally:
        await client.close()
    return time.monotonic() - start


# ---- slow connections ------------------------------------------------------------------------


async def slow_connection(port: int, until: asyncio.Event, every: float) -> None:
    """A slowloris connection: a request's head, one header line every `every` seconds, never ended."""
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
    except OSError:
        return
    try:
        writer.write(b"GET /seat/0 HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        while not until.is_set():
            await writer.drain()
            await asyncio.sleep(every)
            writer.write(b"X-a: b\r\n")
    except OSError:
        return
    finally:
        writer.close()


async def test_a_flood_of_slow_connections_keeps_no_seat_out(tmp_path: Path) -> None:
    """More slow connections than the server takes: the oldest waiting ones make room, each is closed
    after the header timeout, and a real seat still connects at once; the log says so in a line or two."""
    table, lines = new_table(), []
    limits = Limits(connections=30, per_address=20, header_timeout=1.0)
    server = TableServer(table, tmp_path / "t.json", limits=limits, log=lines.append)
    stop = asyncio.Event()
    async with running(server) as port:
        attackers = [asyncio.ensure_future(slow_connection(port, stop, 0.2)) for _ in range(60)]
        await asyncio.sleep(0.5)
        took = await seat_connects(port, table)
        await asyncio.sleep(1.5)  # longer than the header timeout: every slow one closed
        stop.set()
        await asyncio.gather(*attackers)
        assert took < 3, took
        assert len(lines) <= 4, lines
        answer = await get(port, f"/seat/0?secret={table.secrets[0]}")
        assert answer == 200


async def test_a_connection_that_sends_nothing_is_closed_after_the_header_timeout(tmp_path: Path) -> None:
    server = TableServer(new_table(), tmp_path / "t.json", limits=Limits(header_timeout=0.5), log=lambda _: None)
    async with running(server) as port:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        start = time.monotonic()
        assert await asyncio.wait_for(reader.read(100), 5) == b""  # closed by the server
        assert time.monotonic() - start < 2
        writer.close()


# ---- a client that reads nothing -------------------------------------------------------------


async def test_a_client_that_reads_nothing_is_dropped_and_its_queue_freed(tmp_path: Path) -> None:
    """A seat's client asks for the log again and again and reads nothing: once more than the limit waits
    for it, it is dropped; never more than the limit waited (the host's memory stays bounded)."""
    table = new_table()
    limit = 64 * 1024
    most = [0]
    server: TableServer

    def sent(seat: int, text: str) -> None:
        client = server.clients.get(seat)
        if client is not None:
            most[0] = max(most[0], client.queued)

    server = TableServer(table, tmp_path / "t.json", limits=Limits(queue_bytes=limit), on_send=sent,
                         log=lambda _: None)
    async with running(server) as port:
        reader, writer = await open_websocket(port, f"/seat/0/ws?secret={table.secrets[0]}", buffer=4096)
        ask = frame(json.dumps({"v": P.VERSION, "type": "ask", "id": 1, "query": {"kind": "log"}}))
        for _ in range(3000):
            if 0 not in server.clients and _ > 10:
                break
            try:
                writer.write(ask)
                await asyncio.wait_for(writer.drain(), 1)
            except (OSError, TimeoutError):
                break
            await asyncio.sleep(0)
        for _ in range(50):
            if 0 not in server.clients:
                break
            await asyncio.sleep(0.1)
        assert 0 not in server.clients  # dropped
        assert most[0] <= limit
        writer.close()
        assert await seat_connects(port, table) < 3  # and the seat connects again


# ---- the log -------------------------------------------------------------------------------------


async def test_a_flood_of_bad_requests_adds_a_few_lines_and_no_secret(tmp_path: Path,
                                                                       capfd: pytest.CaptureFixture[str]) -> None:
    table, lines = new_table(), []
    server = TableServer(table, tmp_path / "t.json", log=lines.append)
    secret = table.secrets[0] or ""
    async with running(server) as port:
        for _ in range(300):
            await raw_request(port, b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil\r\n\r\n")
        answer = await raw_request(port, f"GET /seat/0?secret={secret} HTTP/1.1\nHost: 127.0.0.1\n\n".encode())
        assert status_of(answer) == 400
        await get(port, f"/seat/0/{'a' * 300}?secret={secret}")
    out, err = capfd.readouterr()
    said = "\n".join(lines) + out + err
    assert secret not in said
    assert "Traceback" not in said
    assert len(lines) <= Limits().log_lines + 2 and len(said) < 5000, said[:2000]
    assert any("more log lines" in line for line in lines)  # (the rest counted)


def test_a_secret_never_reaches_the_log() -> None:
    line = "GET /seat/0?secret=abc-DEF_123&x=1 HTTP/1.1 Cookie: papertales_seat_8100_0=zzz; Bearer qqq"
    shown = hide_secrets(line, lambda: iter(["x=1"]))
    assert "abc-DEF_123" not in shown and "zzz" not in shown and "qqq" not in shown and "x=1" not in shown


# ---- paths, names, origins --------------------------------------------------------------------


async def test_bad_paths_other_names_and_origins_are_refused(tmp_path: Path) -> None:
    table = new_table()
    secret = table.secrets[0]
    server = TableServer(table, tmp_path / "t.json", log=lambda _: None)
    async with running(server) as port:
        assert await get(port, f"/seat/0?secret={secret}") == 200
        assert await get(port, f"/seat/0/a%00b?secret={secret}") == 400
        assert await get(port, f"/seat/0/{'a' * 300}?secret={secret}") == 404
        for spelling in ("00", "%D9%A0", "%EF%BC%90", "+0"):  # 00, Arabic-Indic zero, fullwidth zero
            assert await get(port, f"/seat/{spelling}?secret={secret}") in (403, 404), spelling
            assert await get(port, f"/seat/{spelling}/ws?secret={secret}") in (403, 404), spelling
        answer = await raw_request(port, f"GET /seat/0?secret={secret} HTTP/1.1\r\nHost: evil.example:{port}\r\n"
                                         "Connection: close\r\n\r\n".encode())
        assert status_of(answer) == 403 and b"evil" not in answer  # DNS rebinding
        answer = await raw_request(port, f"GET /seat/0?secret={secret} HTTP/1.1\r\nHost: localhost:{port}\r\n"
                                         "Connection: close\r\n\r\n".encode())
        assert status_of(answer) == 200
        assert await get(port, f"/seat/0?secret={secret}", f"Origin: http://127.0.0.1:{port}\r\n") == 200
        assert await get(port, f"/seat/0?secret={secret}", f"Origin: https://127.0.0.1:{port}\r\n") == 403
        assert await get(port, f"/seat/0?secret={secret}", "Origin: null\r\n") == 403


def test_the_host_header_must_name_the_server() -> None:
    from papertales_tui.hosting.web import host_allowed

    assert host_allowed("127.0.0.1:8100", "127.0.0.1") and host_allowed("localhost:8100", "127.0.0.1")
    assert not host_allowed("evil.example:8100", "127.0.0.1")
    assert not host_allowed("192.168.1.9:8100", "127.0.0.1")
    assert host_allowed("192.168.1.9:8100", "0.0.0.0") and host_allowed("[::1]:8100", "::")
    assert not host_allowed("evil.example", "0.0.0.0")
    assert host_allowed(f"{socket.gethostname()}:8100", "0.0.0.0")


# ---- websocket frames ------------------------------------------------------------------------------


async def test_an_unmasked_frame_closes_the_connection_with_1002(tmp_path: Path) -> None:
    """RFC 6455 5.1: a server closes the connection on a client's frame that is not masked."""
    table = new_table()
    server = TableServer(table, tmp_path / "t.json", log=lambda _: None)
    async with running(server) as port:
        reader, writer = await open_websocket(port, f"/seat/0/ws?secret={table.secrets[0]}")
        writer.write(frame(json.dumps({"v": P.VERSION, "type": "ask", "id": 7, "query": {"kind": "log"}}),
                           masked=False))
        await writer.drain()
        got = b""
        while True:
            chunk = await asyncio.wait_for(reader.read(65536), 5)
            if not chunk:
                break
            got += chunk
        assert got.endswith(b"\x88\x02\x03\xea")  # close, 1002
        assert b'"id":7' not in got  # never answered
        writer.close()
        # masked, the same is answered
        reader, writer = await open_websocket(port, f"/seat/0/ws?secret={table.secrets[0]}")
        writer.write(frame(json.dumps({"v": P.VERSION, "type": "ask", "id": 8, "query": {"kind": "log"}})))
        got = b""
        while b'"id":8' not in got:
            got += await asyncio.wait_for(reader.read(65536), 5)
        writer.close()


# ---- browser seats ----------------------------------------------------------------------------------


@needs_serve
async def test_one_seat_cannot_take_every_browser_tab_and_a_wrong_secret_keeps_the_cookie(tmp_path: Path) -> None:
    from papertales_tui.commands.seat_web import TABS_PER_SEAT, SeatServer
    from papertales_tui.hosting.web import cookie_name

    table = new_table(3)
    server = SeatServer(table, tmp_path / "t.json", max_games=2, log=lambda _: None)
    server.command = "exec sleep 60"  # (a tab's game: any process will do here)
    async with running(server) as port, aiohttp.ClientSession() as http:
        base = f"http://127.0.0.1:{port}"
        async with http.get(f"{base}/seat/0?secret={table.secrets[0]}") as response:
            assert response.status == 200
        cookie = {"Cookie": f"{cookie_name(port, 0)}={table.secrets[0]}"}
        async with http.get(f"{base}/seat/0?secret=wrong-wrong-wrong-wrong", headers=cookie) as response:
            assert response.status == 200  # the cookie lets it in...
            assert "Set-Cookie" not in response.headers  # ...and is kept
        open_ = []
        for _ in range(TABS_PER_SEAT + 3):
            try:
                open_.append(await http.ws_connect(f"{base}/seat/0/term", headers=cookie))
            except aiohttp.WSServerHandshakeError as err:
                assert err.status == 503
        assert len(open_) == TABS_PER_SEAT
        for seat in (1, 2):
            async with http.get(f"{base}/seat/{seat}?secret={table.secrets[seat]}") as response:
                assert response.status == 200
        for ws in open_:
            await ws.close()


@needs_serve
async def test_the_browser_seat_files_answer_400_or_404(tmp_path: Path) -> None:
    from papertales_tui.commands.seat_web import SeatServer

    table = new_table()
    server = SeatServer(table, tmp_path / "t.json", log=lambda _: None)
    secret = table.secrets[0]
    async with running(server) as port:
        assert await get(port, f"/seat/0/static/a%00b?secret={secret}") == 400
        assert await get(port, f"/seat/0/static/{'a' * 300}?secret={secret}") == 404
        assert await get(port, f"/seat/0/static/{'a' * 200}/{'b' * 200}?secret={secret}") == 404
        assert await get(port, f"/seat/0/static/..%2f..%2fetc%2fpasswd?secret={secret}") == 404


# ---- the real command, with a common open-file limit ------------------------------------------------


@pytest.mark.ci
async def test_papertales_host_with_few_files_keeps_its_seats_and_its_output_under_a_flood(tmp_path: Path) -> None:
    """`papertales host` with 256 open files at most (it cannot raise it) and 400 slow connections: a real
    seat still connects in under 3 s, and the host writes a few lines, not a traceback per accept."""
    import re
    import resource
    import subprocess
    import sys

    from test_host_command import COMMAND, ends_with_the_tests

    def start() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))
        ends_with_the_tests()

    process = subprocess.Popen([*COMMAND, "host", "--port", "0", "--names", "A,B", "--save", str(tmp_path / "t.json")],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=start)
    stop = asyncio.Event()
    try:
        assert process.stdout is not None
        links: list[str] = []
        for line in process.stdout:
            links += re.findall(r"http://127\.0\.0\.1:\d+/seat/0\?secret=[\w-]+", line)
            if line.startswith("Press Ctrl-C"):
                break
        port = int(links[0].split(":")[2].split("/")[0])
        attackers = [asyncio.ensure_future(slow_connection(port, stop, 1.0)) for _ in range(400)]
        await asyncio.sleep(3)
        table = HostedTable.load(tmp_path / "t.json")
        took = [await seat_connects(port, table) for _ in range(3)]
        stop.set()
        await asyncio.gather(*attackers)
        assert max(took) < 3, took
    finally:
        stop.set()
        process.kill()
        _, err = process.communicate(timeout=30)
    assert len(err) < 2000 and "Traceback" not in err, err[:2000]
    assert sys.platform != "linux" or "too many connections" in err

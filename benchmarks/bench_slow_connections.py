"""Issue 39's slow-connection flood against a real `papertales host`, measured: a real seat's connect time
under the flood, the host's output and memory (RSS), with the open-file limit a common default has.

    python benchmarks/bench_slow_connections.py --connections 1100 --files 1024 --seconds 40
    PYTHONPATH=/work/main python benchmarks/bench_slow_connections.py ...   # the same against other code

The host is started with RLIMIT_NOFILE = --files (soft and hard: it cannot raise it); --connections
slowloris connections (a request's head, a header line every --every seconds, never ended; reopened
--every seconds after the server closes one, as slowloris.py does) run for --seconds; meanwhile a real
seat connects (its first state received) every 2 s.
--flood connections send bad requests one after another (two Host headers; a bare-LF request line holding
a secret); --hogs clients of seat 2 (with its secret) ask for the log 2,500 times and read nothing, again and
again. Printed: the seat's connect times (median, max, n), the bytes the host wrote to its output, its RSS
before, at the peak and 5 s after the attackers close. Every process it starts is killed at the end.
Loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import re
import resource
import signal
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

COMMAND = [sys.executable, "-c", "import sys; from papertales_tui.cli import main; sys.exit(main())", "--lang", "en"]
LINK = re.compile(r"http://127\.0\.0\.1:\d+/seat/\d\?secret=[\w-]+")


def rss(pid: int) -> int:
    """Resident memory of a process, bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


async def slow(port: int, stop: asyncio.Event, every: float) -> None:
    """One slowloris connection, reopened `every` seconds after the server closes it (as slowloris.py does)."""
    await asyncio.sleep(random.random() * every)
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            await asyncio.sleep(every)
            continue
        try:
            writer.write(b"GET /seat/0 HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            while not stop.is_set() and not reader.at_eof():
                await writer.drain()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(reader.read(1), every)  # (an answer or the end: the server closed it)
                writer.write(b"X-a: b\r\n")
        except OSError:
            pass
        finally:
            writer.close()
        await asyncio.sleep(every)


async def flood(port: int, stop: asyncio.Event, secret: str) -> int:
    """Bad requests, one after another (two Host headers; a bare-LF request line with a secret): how many."""
    sent = 0
    while not stop.is_set():
        data = (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil\r\n\r\n" if sent % 2 else
                f"GET /seat/0?secret={secret} HTTP/1.1\nHost: 127.0.0.1\n\n".encode())
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(data)
            await writer.drain()
            await asyncio.wait_for(reader.read(4096), 5)
            writer.close()
        except (OSError, TimeoutError):
            await asyncio.sleep(0.1)
        sent += 1
    return sent


async def hog(url: str, stop: asyncio.Event) -> None:
    """A seat's client (with its secret) that asks for the log again and again and reads nothing."""
    import base64
    import json
    import os
    import socket
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    while not stop.is_set():
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.setblocking(False)
        try:
            await asyncio.get_running_loop().sock_connect(sock, (parts.hostname, parts.port))
            reader, writer = await asyncio.open_connection(sock=sock)
            key = base64.b64encode(os.urandom(16)).decode()
            writer.write(f"GET {parts.path}/ws?{parts.query} HTTP/1.1\r\nHost: {parts.netloc}\r\n"
                         "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                         f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
            await reader.readuntil(b"\r\n\r\n")
            payload = json.dumps({"v": 1, "type": "ask", "id": 1, "query": {"kind": "log"}}).encode()
            mask = os.urandom(4)
            frame = bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            for _ in range(2500):
                if stop.is_set():
                    break
                writer.write(frame)
                await asyncio.wait_for(writer.drain(), 2)
            writer.close()
        except (OSError, TimeoutError, asyncio.IncompleteReadError):
            pass
        await asyncio.sleep(0.5)


async def seat(url: str) -> float:
    import aiohttp

    from papertales_tui.hosting.client import SeatClient
    from papertales_tui.hosting.protocol import State
    from papertales_tui.rules import default_catalog

    start = time.monotonic()
    client = SeatClient(url, default_catalog())
    try:
        await client.connect()
        await client.until(lambda m: isinstance(m, State), 60)
    except (aiohttp.ClientError, ConnectionError, TimeoutError, OSError) as err:
        print(f"  a seat could not connect: {type(err).__name__}: {err}", file=sys.stderr)
        return float("inf")
    finally:
        await client.close()
    return time.monotonic() - start


async def attack(port: int, url: str, pid: int, args: argparse.Namespace) -> dict[str, object]:
    stop = asyncio.Event()
    before = rss(pid)
    peak = before
    tasks = [asyncio.ensure_future(slow(port, stop, args.every)) for _ in range(args.connections)]
    secret = url.split("secret=")[1]
    tasks += [asyncio.ensure_future(flood(port, stop, secret)) for _ in range(args.flood)]
    hogs = url.replace("/seat/0", "/seat/1").replace(secret, args.other_secret)
    tasks += [asyncio.ensure_future(hog(hogs, stop)) for _ in range(args.hogs)]
    times = []
    end = time.monotonic() + args.seconds
    while time.monotonic() < end:
        await asyncio.sleep(2)
        times.append(await asyncio.to_thread(asyncio.run, seat(url)))  # (a loop of its own: not the attackers')
        peak = max(peak, rss(pid))
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    await asyncio.sleep(5)
    return {"times": times, "before": before, "peak": peak, "after": rss(pid)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--connections", type=int, default=1100)
    parser.add_argument("--files", type=int, default=1024)
    parser.add_argument("--seconds", type=float, default=40)
    parser.add_argument("--every", type=float, default=5)
    parser.add_argument("--flood", type=int, default=0, help="connections sending bad requests one after another")
    parser.add_argument("--hogs", type=int, default=0, help="seat 2's clients that ask and never read (one at a time "
                                                             "is the seat's: a second takes over)")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # (the attacker's own connections)

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (args.files, args.files))

    host = subprocess.Popen([*COMMAND, "host", "--port", "0", "--names", "A,B", "--save",
                             f"/tmp/bench-slow-{time.time_ns()}.json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=limited)
    output = [0]

    def count() -> None:
        assert host.stderr is not None
        for line in host.stderr:
            output[0] += len(line)

    try:
        assert host.stdout is not None
        links: list[str] = []
        for raw in host.stdout:
            links += LINK.findall(raw.decode())
            if raw.startswith(b"Press Ctrl-C"):
                break
        threading.Thread(target=count, daemon=True).start()
        port = int(links[0].split(":")[2].split("/")[0])
        args.other_secret = links[1].split("secret=")[1]
        result = asyncio.run(attack(port, links[0], host.pid, args))
    finally:
        host.send_signal(signal.SIGKILL)
        host.wait()
    times = [t for t in result["times"] if t != float("inf")]  # type: ignore[attr-defined]
    failed = len(result["times"]) - len(times)  # type: ignore[arg-type]
    mb = 1024 * 1024
    print(f"{args.connections} slow connections, {args.flood} bad-request floods, {args.hogs} clients that do not "
          f"read, RLIMIT_NOFILE {args.files}, {args.seconds:g} s:")
    print(f"  a real seat connects in: median {statistics.median(times) if times else float('nan'):.2f} s, "
          f"max {max(times) if times else float('nan'):.2f} s, n = {len(result['times'])} "  # type: ignore[arg-type]
          f"({failed} failed)")
    print(f"  host output: {output[0]} bytes")
    print(f"  host RSS: {result['before'] / mb:.0f} MB before, {result['peak'] / mb:.0f} MB peak, "  # type: ignore[operator]
          f"{result['after'] / mb:.0f} MB 5 s after")


if __name__ == "__main__":
    main()

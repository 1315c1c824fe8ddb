"""A hosted table's speed on loopback (`papertales host`, docs/protocol.md), against a bare aiohttp
websocket echo measured in the same run.

1. A decision's round trip: a seat's client sends a decision and waits for the state that shows it
   accepted (checked, applied, the table saved durably: in its journal with fdatasync, hosting/journal.py;
   every seat's new state made and sent). The
   seat then takes it back (another round trip, not counted) and decides again: many samples in one
   step. Against the echo of a message of the same size (the network and aiohttp alone), and against
   the disk of the moment: the same save written as one atomic file with fsync (a temporary file, fsync,
   rename, fsync of the folder: how each decision was saved before the journal), in the same run.
2. Tables of 5 seats served at once: K `papertales host` processes (one table each, as the command
   runs), every seat played by a client of this process that thinks `--think` seconds before each
   decision and reads every page at once; each decision's round trip is timed. K doubles until the
   90th percentile exceeds 100 ms or K reaches `--max-tables`.

Usage: python benchmarks/bench_host.py [--samples 200] [--think 1.0] [--seconds 20] [--max-tables 16]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import aiohttp
from aiohttp import web

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from papertales_tui.hosting import protocol as P  # noqa: E402
from papertales_tui.hosting.client import SeatClient  # noqa: E402
from papertales_tui.hosting.server import TableServer, link, running  # noqa: E402
from papertales_tui.hosting.table import HostedTable  # noqa: E402
from papertales_tui.persistence import write_atomic  # noqa: E402
from papertales_tui.rules import Game, Step, default_catalog, random_decision  # noqa: E402
from papertales_tui.rules.bots import make_bot  # noqa: E402
from papertales_tui.table import core  # noqa: E402

LINK = re.compile(r"http://127\.0\.0\.1:\d+/seat/\d\?secret=[\w-]+")


def quartiles(xs: list[float]) -> str:
    q = statistics.quantiles(xs, n=4)
    return f"median {statistics.median(xs) * 1000:.2f} ms (quartiles {q[0] * 1000:.2f}-{q[2] * 1000:.2f}, n={len(xs)})"


async def echo_round_trip(samples: int, size: int) -> list[float]:
    """A bare aiohttp websocket echo on loopback: the baseline."""
    async def echo(request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        async for message in ws:
            await ws.send_str(message.data)
        return ws

    app = web.Application()
    app.router.add_get("/ws", echo)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    text = "x" * size
    out = []
    try:
        async with aiohttp.ClientSession() as http, http.ws_connect(f"ws://127.0.0.1:{port}/ws") as ws:
            for _ in range(samples):
                start = time.perf_counter()
                await ws.send_str(text)
                await ws.receive()
                out.append(time.perf_counter() - start)
    finally:
        await runner.cleanup()
    return out


def atomic_writes(samples: int, folder: Path, data: bytes) -> list[float]:
    """Seconds of each atomic write of `data` with fsync (persistence.write_atomic: the disk's pace now)."""
    out = []
    for _ in range(samples):
        start = time.perf_counter()
        write_atomic(folder / "atomic.json", data)
        out.append(time.perf_counter() - start)
    return out


async def decision_round_trip(samples: int, folder: Path, last_turn: bool = False) -> tuple[list[float], int]:
    """Decide, take back, decide again... at a 2-seat table served in this process (saved durably);
    at the first turn's first pick, or (`last_turn`) the last turn's deployment (the largest save)."""
    game = Game.new(["Ann", "Bob"], seed=1)
    rng = random.Random(1)
    while last_turn and not (game.state.turn == game.state.turns and game.pending()[0].kind == Step.DEPLOY):
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    table = HostedTable(game, ["human", "human"], pages_from=len(game.state.log))  # (no pages to read first)
    core.MAX_TAKE_BACKS = samples + 1  # (the round trip is measured here, not the bound on take-backs)
    server = TableServer(table, folder / "table.json")
    out = []
    async with running(server) as port, SeatClient(link("127.0.0.1", port, 0, table.secrets[0] or ""),
                                                   game.catalog) as c:
        await c.until(lambda m: isinstance(m, P.State) and m.asked is not None)
        assert c.state is not None and c.state.asked is not None
        decision = make_bot("easy", 1).choose(c.state.view, c.state.asked, game.catalog)
        size = len(P.encode(P.Decide(v=1, type="decide", seq=0, decision=decision)))
        for _ in range(samples):
            seq = c.state.next_seq
            start = time.perf_counter()
            await c.decide(decision)
            await c.until(lambda m, seq=seq: isinstance(m, P.State) and m.next_seq > seq)
            out.append(time.perf_counter() - start)
            await c.take_back()
            await c.until(lambda m: isinstance(m, P.State) and m.asked is not None)
    return out, size


@contextlib.contextmanager
def hosts(k: int, folder: Path) -> Iterator[list[list[str]]]:
    """K `papertales host` processes of 5 human seats; their links. Killed on leaving."""
    processes, links = [], []
    try:
        for i in range(k):
            process = subprocess.Popen(
                [sys.executable, "-c", "import sys; from papertales_tui.cli import main; sys.exit(main())",
                 "--lang", "en", "host", "--players", "5", "--port", "0", "--seed", str(i),
                 "--save", str(folder / f"t{k}-{i}.json")], stdout=subprocess.PIPE, text=True)
            processes.append(process)
        for process in processes:
            found = []
            assert process.stdout is not None
            for line in process.stdout:
                found += LINK.findall(line)
                if line.startswith("Press Ctrl-C"):
                    break
            links.append(found)
        yield links
    finally:
        for process in processes:
            process.kill()
            process.wait()
            if process.stdout is not None:
                process.stdout.close()


async def seat(url: str, seed: int, think: float, until: float, times: list[float]) -> None:
    catalog = default_catalog()
    bot, rng = make_bot("easy", seed), random.Random(seed)
    async with SeatClient(url, catalog) as c:
        while time.monotonic() < until:
            try:
                message = await c.next(timeout=max(0.1, until - time.monotonic()))
            except TimeoutError:
                return
            if isinstance(message, P.Page):
                await c.read(message.id)
            elif isinstance(message, P.State) and message.asked is not None and not message.view.over:
                await asyncio.sleep(think * (0.5 + rng.random()))
                seq = message.next_seq
                start = time.perf_counter()
                await c.decide(bot.choose(message.view, message.asked, catalog))
                got = await c.until(lambda m, seq=seq: isinstance(m, P.State | P.Refused) and (
                    isinstance(m, P.Refused) or m.next_seq > seq))
                if isinstance(got, P.State):
                    times.append(time.perf_counter() - start)
            elif isinstance(message, P.State) and message.view.over:
                return


async def tables(k: int, think: float, seconds: float, folder: Path) -> list[float]:
    times: list[float] = []
    with hosts(k, folder) as links:
        until = time.monotonic() + seconds
        await asyncio.gather(*(seat(url, 10 * t + s, think, until, times)
                               for t, table_links in enumerate(links) for s, url in enumerate(table_links)))
    return times


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=200)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--max-tables", type=int, default=16)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        decisions, size = await decision_round_trip(args.samples, folder)
        echo = await echo_round_trip(args.samples, size)
        e = statistics.median(echo)
        print(f"bare aiohttp echo of {size} bytes: {quartiles(echo)}")
        late, _ = await decision_round_trip(args.samples, folder, last_turn=True)
        disk = atomic_writes(max(20, args.samples // 4), folder, (folder / "table.json").read_bytes())
        a = statistics.median(disk)
        print(f"the last turn's save written as one atomic file with fsync (the disk now): {quartiles(disk)}")
        for when, times in (("the first pick", decisions), ("the last turn's deployment", late)):
            d = statistics.median(times)
            print(f"a decision's round trip at {when} (2 seats, saved durably): {quartiles(times)}; "
                  f"ratio to the echo {d / e:.0f}, to the atomic write {d / a:.2f}; "
                  f"aim <= 10 ms: {'met' if d <= 0.01 else 'NOT met'}")
        k = 1
        while k <= args.max_tables:
            times = await tables(k, args.think, args.seconds, folder)
            if len(times) < 2:
                print(f"{k} tables of 5 seats: too few decisions timed ({len(times)})")
                break
            p90 = statistics.quantiles(times, n=10)[-1]
            print(f"{k} tables of 5 seats (a decision every ~{args.think:.1f} s a seat): {quartiles(times)}; "
                  f"90th percentile {p90 * 1000:.1f} ms; median ratio to the echo {statistics.median(times) / e:.1f}")
            if p90 > 0.1:
                break
            k *= 2


if __name__ == "__main__":
    asyncio.run(main())

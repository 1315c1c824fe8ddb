"""`papertales host` as a process: its links, Ctrl-C (saved, 130), bad options (one line, 2), and a host
killed with SIGKILL and resumed, which loses at most the decision being made. Every process started
here is killed when its test ends, however it ends."""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from papertales_tui.hosting import protocol as P
from papertales_tui.hosting.client import SeatClient, autoplay
from papertales_tui.hosting.table import HostedTable, sidecar_path
from papertales_tui.rules import default_catalog, game_decisions

COMMAND = [sys.executable, "-c", "import sys; from papertales_tui.cli import main; sys.exit(main())", "--lang", "en"]
LINK = re.compile(r"http://127\.0\.0\.1:\d+/seat/\d\?secret=[\w-]+")


PRCTL = ctypes.CDLL(None, use_errno=True).prctl if sys.platform.startswith("linux") else None  # (looked up
# here: between fork and exec only simple calls are safe)


def ends_with_the_tests() -> None:
    """In the host's process before it starts: SIGKILL when the test process dies, even killed (Linux)."""
    if PRCTL is not None:
        PRCTL(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


@contextlib.contextmanager
def host(*args: str, background: bool = False, port: bool = True,
         out: list[str] | None = None) -> Iterator[tuple[subprocess.Popen[str], list[str]]]:
    """`papertales host ARGS` started, its links read from its output; killed on leaving. `background`:
    started as a shell starts a job in the background, with SIGINT ignored until the program handles it;
    `port`: `--port 0` given (a free one); `out`: gets the lines it printed before serving."""
    def start() -> None:
        if background:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        ends_with_the_tests()

    process = subprocess.Popen([*COMMAND, "host", *(["--port", "0"] if port else []), *args], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, preexec_fn=start)
    try:
        links, lines = [], []
        assert process.stdout is not None
        for line in process.stdout:
            lines.append(line)
            links += LINK.findall(line)
            if line.startswith("Press Ctrl-C"):
                break
        assert links, "".join(lines) + (process.stderr.read() if process.stderr else "")
        if out is not None:
            out += lines
        yield process, links
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(10)
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()


async def test_killed_with_sigkill_and_resumed_the_table_loses_at_most_the_decision_being_made(
        tmp_path: Path, data_dir: Path) -> None:
    save = tmp_path / "table.json"
    catalog = default_catalog()
    with host("--players", "2", "--seed", "31", "--save", str(save)) as (process, links):
        clients = [SeatClient(u, catalog) for u in links]
        try:
            for c in clients:
                await c.connect()
            await asyncio.gather(*(autoplay(c, i, 0.002, until=lambda s: s.view.decisions >= 15)
                                   for i, c in enumerate(clients)))
            seen = max(c.state.view.decisions for c in clients if c.state is not None)
            os.kill(process.pid, signal.SIGKILL)
            process.wait(10)
        finally:
            for c in clients:
                await c.close()
    saved = HostedTable.load(save, catalog)
    assert len(game_decisions(saved.game)) >= seen >= 15  # every decision a seat was told of is saved
    with host("--resume", str(save)) as (process, again):
        assert [u.split("?")[1] for u in again] == [u.split("?")[1] for u in links]  # the same secrets
        clients = [SeatClient(u, catalog) for u in again]
        try:
            for c in clients:
                await c.connect()
            await asyncio.wait_for(asyncio.gather(*(autoplay(c, 10 + i, 0.002) for i, c in enumerate(clients))), 300)
            assert all(c.state is not None and c.state.view.over for c in clients)
            assert any(isinstance(m, P.Page) and m.kind == "final" for m in clients[0].received)
        finally:
            for c in clients:
                await c.close()
        process.send_signal(signal.SIGINT)
        assert process.wait(20) == 130
    assert HostedTable.load(save, catalog).game.over


@pytest.mark.parametrize("background", [False, True])
def test_ctrl_c_saves_and_exits_130(tmp_path: Path, data_dir: Path, background: bool) -> None:
    """Also started in the background (SIGINT ignored until handled): a Ctrl-C sent the moment the links
    are printed was lost then, and the table served on (the links are printed once it is handled)."""
    save = tmp_path / "t.json"
    with host("--players", "3", "--bots", "2:easy", "--names", "Ann,Bob,Cid", "--save", str(save),
              background=background) as (process, links):
        assert len(links) == 2 and "/seat/0?" in links[0] and "/seat/2?" in links[1]
        process.send_signal(signal.SIGINT)
        assert process.wait(20) == 130
    table = HostedTable.load(save)
    assert table.types == ["human", "bot:easy", "human"] and table.names() == ("Ann", "Bob", "Cid")
    assert [s for s in table.secrets if s] == [u.split("secret=")[1] for u in links]
    assert sidecar_path(save).stat().st_mode & 0o777 == 0o600


@pytest.mark.parametrize(("args", "says"), [
    (["--players", "8"], "out of range"),
    (["--bots", "4:hard", "--players", "3"], "--bots"),
    (["--bots", "1:genius"], "--bots"),
    (["--bots", "1:easy", "--bots", "2:easy", "--players", "2"], "human"),
    (["--names", "Ann,ann"], "same name"),
    (["--names", "Ann,Bob", "--players", "3"], "--names"),
    (["--resume", "missing.json"], "missing.json"),
    (["--host", "no such host.invalid"], "cannot serve"),
    (["--save", "/nonexistent-folder/t.json"], "cannot save"),
    (["--solo", "--players", "2"], "--solo"),
    (["--difficulty", "1"], "--solo"),
    (["--solo", "--difficulty", "99"], "--difficulty"),
    (["--solo", "--names", "Ann,Bob"], "one name"),
])
def test_bad_options_say_so_in_one_line_and_exit_2(args: list[str], says: str, tmp_path: Path,
                                                      data_dir: Path) -> None:
    done = subprocess.run([*COMMAND, "host", "--port", "0", "--save", str(tmp_path / "t.json"), *args],
                          capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 2, done.stderr
    assert says in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "Traceback" not in done.stderr


async def test_a_solo_table_is_played_to_its_end_from_its_one_link(tmp_path: Path, data_dir: Path) -> None:
    save = tmp_path / "solo.json"
    with host("--solo", "--difficulty", "1", "--names", "Ann", "--seed", "5", "--save", str(save)) as (process,
                                                                                                          links):
        assert len(links) == 1
        async with SeatClient(links[0], default_catalog()) as client:
            await asyncio.wait_for(autoplay(client, 3), 300)
            assert client.state is not None and client.state.view.over
            assert client.state.view.mode_view is not None  # (the Lich King's side of the game)
        process.send_signal(signal.SIGINT)
        assert process.wait(20) == 130
    saved = HostedTable.load(save)
    assert saved.game.over and saved.names() == ("Ann",) and saved.game.mode.name == "solo"


def test_resume_without_port_serves_the_same_links_and_says_the_whole_command(tmp_path: Path,
                                                                                data_dir: Path) -> None:
    save = tmp_path / "t.json"
    said: list[str] = []
    with host("--players", "2", "--read-timeout", "30", "--save", str(save), out=said) as (process, links):
        process.send_signal(signal.SIGINT)
        assert process.wait(20) == 130
    line = next(x for x in said if "--resume" in x)
    assert f"papertales host --resume {save} --read-timeout 30" in line
    with host("--resume", str(save), "--read-timeout", "30", port=False) as (process, again):
        assert again == links  # the same port, the same secrets: the same links
        process.send_signal(signal.SIGINT)
        assert process.wait(20) == 130

"""`papertales tournament --cluster`: the games played on a Dask cluster (a scheduler and two workers
started on loopback by the test, and ended by it) give exactly the local run's results, say which
worker played how many games, and lose nothing when a worker is killed mid-run.

Skipped where Dask's distributed (the `cluster` extra, in the `test` extra) is not installed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from papertales_tui.cli import main
from papertales_tui.workers import ask_the_kernel

distributed = pytest.importorskip("distributed")


def start(args: list[str], log: Path) -> subprocess.Popen[bytes]:
    """A Dask process of this Python, ended by the kernel should the test's process die first."""
    with log.open("wb") as out:
        return subprocess.Popen([sys.executable, "-m", *args], stdout=out, stderr=subprocess.STDOUT,
                                preexec_fn=ask_the_kernel, cwd=log.parent)


def end(procs: list[subprocess.Popen[bytes]]) -> None:
    for p in procs:
        if p.poll() is None:
            p.kill()
    for p in procs:
        p.wait(timeout=30)


class Cluster:
    def __init__(self, tmp: Path):
        self.procs: list[subprocess.Popen[bytes]] = []
        self.workers: dict[str, subprocess.Popen[bytes]] = {}
        file = tmp / "scheduler.json"
        try:
            self.procs.append(start(["distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
                                     "--no-dashboard", "--scheduler-file", str(file)], tmp / "scheduler.log"))
            end_at = time.monotonic() + 60
            while not file.exists() or not file.read_text().strip().endswith("}"):
                assert time.monotonic() < end_at and self.procs[0].poll() is None, (tmp / "scheduler.log").read_text()
                time.sleep(0.1)
            self.address = json.loads(file.read_text())["address"]
            assert self.address.startswith("tcp://127.0.0.1:")
            for name in ("w1", "w2"):
                self.workers[name] = start(["distributed.cli.dask_worker", self.address, "--name", name,
                                            "--nthreads", "1", "--no-nanny", "--no-dashboard",
                                            "--death-timeout", "60", "--local-directory", str(tmp)],
                                           tmp / f"{name}.log")
                self.procs.append(self.workers[name])
            with distributed.Client(self.address, timeout=30) as client:
                client.wait_for_workers(2, timeout=60)
        except BaseException:
            end(self.procs)
            raise


@pytest.fixture
def cluster(tmp_path):
    c = Cluster(tmp_path)
    try:
        yield c
    finally:
        end(c.procs)


def tournament(capsys, *args: str) -> dict:
    assert main(["tournament", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def same_results(a: dict, b: dict) -> None:
    for key in ("players", "games", "seed", "seats", "duplicate", "deals", "errors", "levels", "margins"):
        assert a[key] == b[key], key


def test_a_tournament_on_a_cluster_gives_the_local_results(cluster, capsys):
    # the hard bot with a fixed number of samples: no clock in its decisions, the same games anywhere
    args = ["--players", "2", "--games", "2", "--seed", "7", "--seats", "hard,medium", "--duplicate",
            "--samples", "1"]
    local = tournament(capsys, *args)
    remote = tournament(capsys, *args, "--cluster", cluster.address)
    same_results(local, remote)
    assert local["games"] == 4 and "workers" not in local
    assert set(remote["workers"]) <= {"w1", "w2"} and sum(remote["workers"].values()) == 4

    args = ["--players", "3", "--games", "5", "--seed", "100", "--seats", "medium,easy"]
    local = tournament(capsys, *args)
    remote = tournament(capsys, *args, "--cluster", cluster.address)
    same_results(local, remote)
    assert sum(remote["workers"].values()) == 5


def test_a_worker_killed_mid_run_loses_no_game_and_none_counts_twice(cluster, capsys, tmp_path):
    args = ["--players", "2", "--games", "60", "--seed", "3", "--seats", "medium,easy", "--duplicate"]
    local = tournament(capsys, *args)
    run = subprocess.Popen([sys.executable, "-m", "papertales_tui.cli", "tournament", "--json", *args,
                            "--cluster", cluster.address], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           preexec_fn=ask_the_kernel, cwd=tmp_path)
    try:
        with distributed.Client(cluster.address, timeout=30) as client:
            end_at = time.monotonic() + 120
            # w1 is playing one of the run's games, and some are done (seen being played, now gone):
            # then it is killed
            seen: set[str] = set()
            while True:
                assert time.monotonic() < end_at and run.poll() is None, "the run ended before w1 was killed"
                names = {w: info.get("name") for w, info in client.scheduler_info()["workers"].items()}
                playing = {w: {str(k) for k in keys if str(k).startswith("papertales-game-")}
                           for w, keys in client.processing().items()}
                now = set().union(*playing.values())
                done = seen - now
                seen |= now
                if len(done) >= 4 and any(keys and names.get(w) == "w1" for w, keys in playing.items()):
                    break
                time.sleep(0.01)
        os.kill(cluster.workers["w1"].pid, signal.SIGKILL)
        cluster.workers["w1"].wait(timeout=30)
        out, err = run.communicate(timeout=300)
    finally:
        end([run])
    assert run.returncode == 0, err.decode()
    remote = json.loads(out)
    same_results(local, remote)
    assert remote["games"] == 120 and sum(remote["workers"].values()) == 120
    assert remote["workers"]["w2"] > 0

"""Worker processes, for the layer that runs programs (the commands and the app; rules/ holds none):
the coach's assessments on several cores (`papertales review`, the review screen) and in the background
as a game goes on (`Background`), and the tournament's games (`game_pool`).

Every worker ends with the process that started it, however that one ends (kill -9 included): on
Linux the kernel sends it SIGKILL when its parent dies (prctl PR_SET_PDEATHSIG, set first thing in the
worker); everywhere, and should the parent have died before that was set, a thread of the worker
checks every `PARENT_CHECK` seconds that its parent is still the process that started it. The
commands that start workers end on SIGTERM by stopping them (`ended_by_sigterm`). No more workers than the CPUs this
process may run on (`cpus`), nor than there are tasks.

The coach's workers write nothing to the terminal (their stdout and stderr go to /dev/null: the app
draws on that terminal) and the background's run at a low priority (`os.nice`). The search itself is
rules/coach.py's: the workers only call its pure functions (`Task.run`, `past_assessments`).
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import math
import multiprocessing
import multiprocessing.pool
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from .rules import Catalog, Game, coach
from .rules.coach import Assessment, KeptHint, Point, Progress, Runner, Task
from .rules.games import load_game

PARENT_CHECK = 0.5  # seconds between a worker's checks that its parent lives (where the kernel does not tell)
PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def cpus() -> int:
    """The CPUs this process may run on (its affinity, where the system tells it), at least 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def bounded(jobs: int | None, tasks: int) -> int:
    """Processes to start for `tasks` tasks when `jobs` are asked for (None: one per CPU): no more than
    the CPUs nor the tasks, at least 1."""
    return max(1, min(jobs or cpus(), cpus(), tasks))


def end_with_parent(parent: int) -> None:
    """Make this process (a worker) end when `parent`, the process that started it, ends: called first
    in each worker. SIGTERM gets its default action back (a forked worker inherits the command's)."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    ask_the_kernel()
    if os.getppid() != parent:  # the parent died before the kernel was told
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), name="parent-watch", daemon=True).start()


def ask_the_kernel() -> None:
    """Linux: SIGKILL to this process when its parent ends (elsewhere nothing)."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:  # (once the parent is gone, this process has another: init or a subreaper)
        time.sleep(PARENT_CHECK)
    os._exit(1)


@contextlib.contextmanager
def ended_by_sigterm() -> Iterator[None]:
    """For a command (its main thread; elsewhere nothing is changed): SIGTERM ends it as SystemExit(143),
    so that its `finally` blocks and `with` pools stop its workers. The previous handler afterwards."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    previous = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


# --- the tournament's games -------------------------------------------------------------------------

def game_pool(jobs: int) -> multiprocessing.pool.Pool:
    """`jobs` processes for games (the system's way of starting them), each ending with this one."""
    return multiprocessing.Pool(jobs, end_with_parent, (os.getpid(),))


# --- the tournament's games on a Dask cluster -----------------------------------------------------

A = TypeVar("A")
R = TypeVar("R")


class ClusterError(Exception):
    """The cluster could not be used: `kind` says why ("missing": no Dask distributed here,
    "unreachable": no scheduler at the address, "lost": a game lost on too many workers or the
    scheduler gone mid-run), `detail` Dask's words (the command says it in the user's language)."""

    def __init__(self, kind: str, detail: str = ""):
        super().__init__(f"{kind}: {detail}")
        self.kind, self.detail = kind, detail


def cluster_games(address: str, tasks: list[A], play: Callable[[A], R],
                  workers: dict[str, int]) -> Iterator[tuple[int, R]]:
    """`play(task)` of every task on the Dask cluster whose scheduler is at `address` (Dask's
    `distributed`, the `cluster` extra): (index, result) as they finish, each task's once. A worker
    that dies mid-run loses nothing: the scheduler gives its games to others (a game is taken from
    here once, when it finishes; one lost on too many workers, Dask's `allowed-failures`, ends the run
    with ClusterError). `workers` counts the games by the worker that played them (its name)."""
    import importlib

    try:  # (untyped: reached through Any, the same whether or not the extra is installed)
        dd: Any = importlib.import_module("distributed")
    except ImportError:
        raise ClusterError("missing") from None
    import uuid

    try:
        client = dd.Client(address, timeout=10, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterError("unreachable", str(exc)) from None
    run = uuid.uuid4().hex  # the keys of this run's games, unique on a cluster shared with other runs
    try:
        futures = client.map(_on_worker, [play] * len(tasks), tasks, pure=False,
                             key=[f"papertales-game-{run}-{k}" for k in range(len(tasks))])
        index = {f.key: k for k, f in enumerate(futures)}
        for future in dd.as_completed(futures, loop=client.loop):
            try:
                result, worker = future.result()
            except Exception as exc:  # (KilledWorker, a lost scheduler: the game's own errors are results)
                raise ClusterError("lost", f"{type(exc).__name__}: {exc}") from None
            workers[worker] = workers.get(worker, 0) + 1
            yield index[future.key], result
            future.release()
    finally:
        client.close()


def _on_worker(play: Callable[[A], R], task: A) -> tuple[R, str]:
    """On a Dask worker: the result and the worker's name (its address unless named)."""
    import importlib

    worker: Any = importlib.import_module("distributed").get_worker()
    return play(task), str(worker.name if worker.name is not None else worker.address)


# --- the coach's assessments ------------------------------------------------------------------------

_worker_catalog: Catalog | None = None


def _worker_start(catalog: Catalog, niceness: int, parent: int) -> None:
    global _worker_catalog
    end_with_parent(parent)
    _worker_catalog = catalog
    quiet = os.open(os.devnull, os.O_WRONLY)  # nothing of a worker's reaches the terminal the app draws on
    os.dup2(quiet, 1)
    os.dup2(quiet, 2)
    if niceness:
        with contextlib.suppress(OSError, AttributeError):
            os.nice(niceness)


def _worker_run(task: Task) -> Assessment:
    assert _worker_catalog is not None
    return task.run(_worker_catalog)


def _worker_past(start: str, decisions: list[dict[str, Any]], seats: list[int], hints: list[KeptHint],
                 budget: float, max_samples: int, seed: int) -> list[Assessment]:
    assert _worker_catalog is not None
    return coach.past_assessments(load_game(start, _worker_catalog), decisions, seats, hints, budget, max_samples,
                                  seed)


def worker_pool(catalog: Catalog, jobs: int, niceness: int = 0, fork: bool = False) -> multiprocessing.pool.Pool:
    """`jobs` worker processes for assessments, started afresh (no thread of this one is copied);
    the real stderr while they start: an app may have replaced it with one without a file (the
    processes' helper is given its file descriptor). `fork`: forked from this one instead (they
    start at once, the package imported and the catalog built), when it runs a single thread and
    the system forks: for a command, never an app (its threads, terminal and signals)."""
    start = (catalog, niceness, os.getpid())
    if fork and sys.platform == "linux" and threading.active_count() == 1:
        return multiprocessing.get_context("fork").Pool(jobs, _worker_start, start)
    stderr = sys.stderr
    sys.stderr = sys.__stderr__
    try:
        return multiprocessing.get_context("spawn").Pool(jobs, _worker_start, start)
    finally:
        sys.stderr = stderr


def assess_in_processes(tasks: list[Task], catalog: Catalog, progress: Progress | None = None,
                        cancelled: Callable[[], bool] | None = None, *, jobs: int | None = None,
                        fork: bool = False) -> list[Assessment]:
    """The assessments of `tasks`, in their order (`coach.assess_points`'s), made in `bounded(jobs)`
    worker processes (each its own core; the CPU budgets are per process; forked with `fork`, see
    `worker_pool`); in this thread when one would do. Raises Cancelled when `cancelled()` turns True
    (the workers are stopped)."""
    jobs = bounded(jobs, len(tasks))
    if jobs <= 1 or len(tasks) <= 2:  # (starting the processes takes longer than a search)
        return coach.assess_points(tasks, catalog, progress, cancelled)
    out: list[Assessment] = []
    if progress is not None:
        progress(0, len(tasks))
    pool = worker_pool(catalog, jobs, fork=fork)
    try:
        pending = [pool.apply_async(_worker_run, (t,)) for t in tasks]
        for r in pending:
            while not r.ready():
                if cancelled is not None and cancelled():
                    raise coach.Cancelled()
                r.wait(0.05)
            out.append(r.get())
            if progress is not None:
                progress(len(out), len(tasks))
    finally:
        pool.terminate()
        pool.join()
    return out


def in_processes(jobs: int | None = None, fork: bool = False) -> Runner:
    """`coach.review`'s `run` that makes the assessments in processes (see `assess_in_processes`)."""
    return functools.partial(assess_in_processes, jobs=jobs, fork=fork)


class Background:
    """Assessments made in the background as a game goes on, so that its review is ready when it
    ends: each decision given to `add` is assessed in a worker process of low priority (started on
    the first), never in the caller's thread. `results()` gives those finished, by the decision's
    index; `close()` stops the worker (what it was doing is dropped)."""

    NICENESS = 10

    def __init__(self, catalog: Catalog, budget: float = coach.MAX_DECISION_BUDGET, seed: int = 0,
                 max_samples: int = coach.MAX_SAMPLES):
        self.catalog, self.budget, self.seed, self.max_samples = catalog, budget, seed, max_samples
        self.pool: multiprocessing.pool.Pool | None = None
        self.tasks: dict[int, tuple[Task, Any]] = {}  # decision index -> (task, its AsyncResult)
        self.past: list[Any] = []  # AsyncResults of `add_past`: lists of assessments
        self.closed = False

    def add(self, point: Point, hint: KeptHint | None = None) -> None:
        """Assess this decision (one taken back and made again replaces the first)."""
        if self.closed:
            return
        try:
            if self.pool is None:
                self.pool = worker_pool(self.catalog, 1, self.NICENESS)
            task = Task(point, hint, self.budget, self.max_samples, self.seed + point.index)
            self.tasks[point.index] = (task, self.pool.apply_async(_worker_run, (task,)))
        except (OSError, ValueError, RuntimeError):  # no process to be had: the review will do it all
            self.close()

    def add_past(self, start: Game, decisions: list[dict[str, Any]], seats: list[int],
                 hints: list[KeptHint] | None = None) -> None:
        """Assess the decisions of `seats` already made in a game (a resumed one): the worker plays
        it on from `start` (the game as set up) with `decisions` (the save's list), as `review` does."""
        if self.closed:
            return
        try:
            if self.pool is None:
                self.pool = worker_pool(self.catalog, 1, self.NICENESS)
            job = (start.to_json(), list(decisions), list(seats), list(hints or []), self.budget, self.max_samples,
                   self.seed)
            self.past.append(self.pool.apply_async(_worker_past, job))
        except (OSError, ValueError, RuntimeError):
            self.close()

    def results(self) -> dict[int, Assessment]:
        """The assessments finished (a failed one is left out: the review makes it again)."""
        out = {}
        for r in self.past:
            if r.ready() and r.successful():
                out.update({a.index: a for a in r.get()})
        for k, (_, r) in self.tasks.items():
            if r.ready() and r.successful():
                out[k] = r.get()
        return out

    def pending(self) -> int:
        return sum(1 for _, r in self.tasks.values() if not r.ready()) + sum(1 for r in self.past if not r.ready())

    def wait(self, cancelled: Callable[[], bool] | None = None, progress: Progress | None = None,
             timeout: float = math.inf) -> dict[int, Assessment]:
        """`results()` once none is pending (or `timeout` seconds have passed); raises Cancelled.
        `progress(done, total)` counts the decisions assessed one by one (`add`); a resumed game's
        past decisions (`add_past`), assessed in one job, are not counted (nor told while alone)."""
        end = time.monotonic() + timeout
        total = len(self.tasks)
        while self.pending() and time.monotonic() < end:
            if cancelled is not None and cancelled():
                raise coach.Cancelled()
            if progress is not None and total:
                progress(sum(1 for _, r in self.tasks.values() if r.ready()), total)
            time.sleep(0.05)
        return self.results()

    def close(self) -> None:
        self.closed = True
        if self.pool is not None:
            self.pool.terminate()
            self.pool.join()
            self.pool = None

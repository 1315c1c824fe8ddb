"""How instant the app feels, as ratios to a bare Textual app measured in the same run.

1. Time to the first screen: from creating the app to the end of the first paint of its first
   screen (the title screen), against a bare Textual app with one screen (a label and a footer).
   The card catalog is loaded before, as `papertales` does before it starts the app. Median of
   several starts of each, alternated, in this process (wall time, and CPU time of the process: the
   steadier figure on a shared machine). Then the same for cold starts of fresh
   processes (interpreter, imports and card loading from its cache included), in wall time and in
   CPU time of the process (the steadier figure on a shared machine). The fresh processes read
   compiled bytecode, as an installed program does (pip compiles it at install): both apps compile
   their modules once, in the warm-up, into a bytecode folder of this run (PYTHONPYCACHEPREFIX), even
   where PYTHONDONTWRITEBYTECODE is set (else every start of papertales would compile its sources,
   while Textual's come compiled from its install).
2. Time to handle a keypress on the deployment board (placing a card, then undoing it: each redraws
   the spots, the hand and the engine's forecast of the turn), against a keypress that updates one
   label of a bare app. Median over many keys, from the key event to the end of the repaint that
   follows it (wall time, and CPU time of the process).

3. `papertales --version` against `python -c pass`, in fresh processes (wall and CPU time, medians).

Both apps run headless at 80x24. Usage: python benchmarks/bench_tui.py [--starts 9] [--keys 60]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SIZE = (80, 24)

# --- 1. first screen, in fresh processes ----------------------------------------------------------

BARE_START = """
import time
t0 = time.perf_counter()
from textual.app import App
from textual.screen import Screen
from textual.widgets import Footer, Static

class First(Screen):
    def compose(self):
        yield Static("Hello")
        yield Footer()
    def on_mount(self):
        self.call_after_refresh(lambda: (print(time.perf_counter() - t0, time.process_time()), self.app.exit()))

class Bare(App):
    def on_mount(self):
        self.push_screen(First())

Bare().run(headless=True, size=(80, 24))
"""

APP_START = """
import time
t0 = time.perf_counter()
from papertales_tui.cli import load_cards
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens import title

mounted = title.TitleScreen.on_mount
def on_mount(self):
    mounted(self)
    self.call_after_refresh(lambda: (print(time.perf_counter() - t0, time.process_time()), self.app.exit()))
title.TitleScreen.on_mount = on_mount

PaperTalesApp(load_cards([])).run(headless=True, size=(80, 24))
"""


def compiled_env(pycache: str) -> dict[str, str]:
    """The environment of a fresh process that reads (and, the first time, writes) its bytecode in
    `pycache`, as an installed program reads the bytecode pip compiled."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPYCACHEPREFIX": pycache, "PYTHONPATH": str(ROOT)}


def cold_start(code: str, env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds to the first paint, CPU seconds of the process by then)."""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True, env=env)
    wall, cpu = out.stdout.strip().splitlines()[-1].split()
    return float(wall), float(cpu)


def spread(xs: list[float]) -> str:
    """The first and third quartiles of `xs`, in ms."""
    q = statistics.quantiles(xs, n=4)
    return f"{q[0] * 1000:.0f}-{q[2] * 1000:.0f}"


def cold_first_screen(starts: int) -> tuple[tuple[list[float], list[float]], tuple[list[float], list[float]]]:
    """(wall, CPU) seconds of each start of the bare app and of papertales, alternated."""
    with tempfile.TemporaryDirectory() as pycache:
        env = compiled_env(pycache)
        cold_start(BARE_START, env)  # compile the bytecode, warm the file cache (and the card cache) for both
        cold_start(APP_START, env)
        bare, app = [], []
        for _ in range(starts):
            bare.append(cold_start(BARE_START, env))
            app.append(cold_start(APP_START, env))
    return tuple(tuple([x[i] for x in runs] for i in (0, 1)) for runs in (bare, app))  # type: ignore[return-value]


def command_time(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one run of a command (CPU: user + system of the child)."""
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    subprocess.run(cmd, capture_output=True, cwd=ROOT, check=True, env=env)
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def version_vs_pass(runs: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """Medians of (wall, CPU) for `python -c pass` and `papertales --version` (the installed script
    next to this Python when there is one, else `python -m papertales_tui.cli`), alternated."""
    script = Path(sys.executable).with_name("papertales")
    version = ([str(script), "--version"] if script.is_file()
               else [sys.executable, "-m", "papertales_tui.cli", "--version"])
    plain, ours = [], []
    with tempfile.TemporaryDirectory() as pycache:
        env = compiled_env(pycache)
        command_time(version, env)  # compile the bytecode
        for _ in range(runs):
            plain.append(command_time([sys.executable, "-c", "pass"], env))
            ours.append(command_time(version, env))
    return tuple(tuple(statistics.median(x[i] for x in r) for i in (0, 1)) for r in (plain, ours))


def bare_first_app(painted: asyncio.Event):
    from textual.app import App
    from textual.screen import Screen
    from textual.widgets import Footer, Static

    class First(Screen):
        def compose(self):
            yield Static("Hello")
            yield Footer()

        def on_mount(self):
            self.call_after_refresh(painted.set)

    class Bare(App):
        def on_mount(self):
            self.push_screen(First())

    return Bare()


def papertales_first_app(painted: asyncio.Event, catalog):
    from papertales_tui.tui.app import PaperTalesApp
    from papertales_tui.tui.screens import title

    mounted = title.TitleScreen.on_mount

    def on_mount(self):
        mounted(self)
        self.call_after_refresh(painted.set)

    title.TitleScreen.on_mount = on_mount
    return PaperTalesApp(catalog)


async def time_to_first(make) -> tuple[float, float]:
    """(wall, CPU) seconds from creating the app to its first paint."""
    painted = asyncio.Event()
    start, cpu = time.perf_counter(), time.process_time()
    app = make(painted)
    async with app.run_test(size=SIZE):
        await painted.wait()
        return time.perf_counter() - start, time.process_time() - cpu


async def first_screen(starts: int) -> tuple[tuple[float, float], tuple[float, float]]:
    from papertales_tui.rules.card_files import default_catalog
    from papertales_tui.tui.screens import title

    catalog = default_catalog()
    mounted = title.TitleScreen.on_mount
    bare, app = [], []
    try:
        for k in range(starts + 1):  # the first round warms up both
            b = await time_to_first(bare_first_app)
            a = await time_to_first(lambda painted: papertales_first_app(painted, catalog))
            title.TitleScreen.on_mount = mounted
            if k:
                bare.append(b)
                app.append(a)
    finally:
        title.TitleScreen.on_mount = mounted
    return tuple(tuple(statistics.median(x[i] for x in runs) for i in (0, 1)) for runs in (bare, app))


# --- 2. a keypress, in this process ---------------------------------------------------------------

async def key_times(app, keys: list[str], painted: asyncio.Event, ready) -> list[tuple[float, float]]:
    """(wall, CPU) seconds from each key event to the repaint that follows its handling (the CPU time
    of this process: the steadier figure on a shared machine)."""
    from textual import events

    times = []
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        for key in keys:
            painted.clear()
            start, cpu = time.perf_counter(), time.process_time()
            app.post_message(events.Key(key, key))
            await painted.wait()
            times.append((time.perf_counter() - start, time.process_time() - cpu))
            await pilot.pause()
    return times


def bare_app(painted: asyncio.Event):
    from textual.app import App
    from textual.binding import Binding
    from textual.widgets import Footer, Static

    class Bare(App):
        BINDINGS = [Binding("1", "bump", "Bump"), Binding("u", "bump", "Bump")]
        count = 0

        def compose(self):
            yield Static("0", id="count")
            yield Footer()

        def action_bump(self):
            self.count += 1
            self.query_one("#count", Static).update(str(self.count))
            self.call_after_refresh(painted.set)

    return Bare()


def deploy_app(painted: asyncio.Event):
    from papertales_tui.rules.engine import Game
    from papertales_tui.tui.app import PaperTalesApp
    from papertales_tui.tui.screens.deploy import DeployScreen

    redraw = getattr(DeployScreen, "unpatched_refresh_all", DeployScreen.refresh_all)
    DeployScreen.unpatched_refresh_all = redraw

    def refresh_all(self):
        redraw(self)
        self.call_after_refresh(painted.set)

    DeployScreen.refresh_all = refresh_all
    game = Game.new(["Ann", "Ben", "Cid"], seed=3)
    while game.state.step == "pick":  # draft the first card each time, straight through the engine
        for pend in game.pending():
            game.apply(pend.player, {"kind": "pick", "card": pend.options.cards[0]})
    app = PaperTalesApp(game.catalog)
    return app, opened(app, game, DeployScreen)


def opened(app, game, screen: type):
    """The `ready` step of a measured app: `game` played by 3 humans, past the hand-off to `screen`."""

    async def ready(pilot):
        await pilot.pause()
        app.play(game, ["human"] * 3)
        await pilot.pause()
        await pilot.press("enter")  # hand-off
        await pilot.pause()
        assert isinstance(app.screen, screen)

    return ready


async def keypress(keys: int, rounds: int = 5) -> tuple[float, ...]:
    """Medians over `rounds` alternated runs of each app (so both see the same machine load)."""
    sequence = ["1", "u"] * max(1, keys // (2 * rounds))
    bare, board = [], []

    async def bare_ready(pilot):
        await pilot.pause()

    for _ in range(rounds):
        painted = asyncio.Event()
        bare += await key_times(bare_app(painted), sequence, painted, bare_ready)
        painted = asyncio.Event()
        app, ready = deploy_app(painted)
        board += await key_times(app, sequence, painted, ready)
    quartile = lambda xs: statistics.quantiles(xs, n=4)[0]  # noqa: E731
    wall = [[x[0] for x in runs] for runs in (bare, board)]
    cpu = [statistics.median(x[1] for x in runs) for runs in (bare, board)]
    return (statistics.median(wall[0]), statistics.median(wall[1]), quartile(wall[0]), quartile(wall[1]),
            cpu[0], cpu[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=9, help="starts of each app (default 9)")
    parser.add_argument("--keys", type=int, default=100, help="keypresses on each app (default 100)")
    args = parser.parse_args()
    (bare_start, bare_start_cpu), (app_start, app_start_cpu) = asyncio.run(first_screen(args.starts))
    print(f"first screen: bare Textual {bare_start * 1000:.0f} ms, papertales {app_start * 1000:.0f} ms, "
          f"ratio {app_start / bare_start:.2f} (aim <= 1.3); CPU {bare_start_cpu * 1000:.1f} and "
          f"{app_start_cpu * 1000:.1f} ms, ratio {app_start_cpu / bare_start_cpu:.2f}")
    bare_key, board_key, bare_q1, board_q1, bare_cpu, board_cpu = asyncio.run(keypress(args.keys))
    print(f"keypress:     bare Textual {bare_key * 1000:.1f} ms, deployment board {board_key * 1000:.1f} ms, "
          f"ratio {board_key / bare_key:.2f} (aim <= 2); first quartiles {bare_q1 * 1000:.1f} and "
          f"{board_q1 * 1000:.1f} ms, ratio {board_q1 / bare_q1:.2f}; CPU {bare_cpu * 1000:.2f} and "
          f"{board_cpu * 1000:.2f} ms, ratio {board_cpu / bare_cpu:.2f}")
    (bare_walls, bare_cpus), (app_walls, app_cpus) = cold_first_screen(max(4, args.starts))
    bare_wall, bare_cpu, app_wall, app_cpu = map(statistics.median, (bare_walls, bare_cpus, app_walls, app_cpus))
    paired = [[a / b for a, b in zip(ours, bare)] for ours, bare in ((app_walls, bare_walls), (app_cpus, bare_cpus))]
    print(f"cold start:   bare Textual {bare_wall * 1000:.0f} ms ({bare_cpu * 1000:.0f} ms CPU), papertales "
          f"{app_wall * 1000:.0f} ms ({app_cpu * 1000:.0f} ms CPU; imports and cached cards included), "
          f"ratio {app_wall / bare_wall:.2f} wall, {app_cpu / bare_cpu:.2f} CPU (aim <= 1.3); medians of "
          f"{len(app_walls)} starts each; quartiles: bare {spread(bare_walls)} ms ({spread(bare_cpus)} CPU), "
          f"papertales {spread(app_walls)} ms ({spread(app_cpus)} CPU); each start against the bare one "
          f"before it: wall {min(paired[0]):.2f}-{max(paired[0]):.2f}, CPU {min(paired[1]):.2f}-{max(paired[1]):.2f}")
    (pass_wall, pass_cpu), (ver_wall, ver_cpu) = version_vs_pass(max(5, 2 * args.starts))
    print(f"--version:    python -c pass {pass_wall * 1000:.0f} ms ({pass_cpu * 1000:.0f} ms CPU), papertales "
          f"--version {ver_wall * 1000:.0f} ms ({ver_cpu * 1000:.0f} ms CPU), ratio {ver_wall / pass_wall:.2f} "
          f"wall, {ver_cpu / pass_cpu:.2f} CPU (aim <= 4)")


if __name__ == "__main__":
    main()

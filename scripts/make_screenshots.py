"""Regenerate screenshots/*.svg: every main screen of a seeded 5-player game and of a solo game, at 80x24.

    python scripts/make_screenshots.py [--out screenshots] [--seed 7] [--solo-seed 2]

The games are played through the app with scripted key presses (`App.run_test()`), so the pictures
are exactly what a player sees. The SVGs name DejaVu Sans Mono before Fira Code: renderers that use
only the first font named (cairosvg, some image viewers) then draw with a monospace font whose
letters fit the terminal cells, instead of a proportional fallback that overflows them.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rich.console import Console  # noqa: E402

from papertales_tui.persistence import DATA_DIR_ENV  # noqa: E402
from papertales_tui.tui.app import PaperTalesApp  # noqa: E402
from papertales_tui.tui.screens.construction import ConstructionScreen  # noqa: E402
from papertales_tui.tui.screens.deploy import DeployScreen  # noqa: E402
from papertales_tui.tui.screens.draft import DraftScreen  # noqa: E402
from papertales_tui.tui.screens.final import FinalScreen  # noqa: E402
from papertales_tui.tui.screens.handoff import HandoffScreen  # noqa: E402
from papertales_tui.tui.screens.modals import AgeTargetModal, HealModal, SaveAsModal, UnpaidModal  # noqa: E402
from papertales_tui.tui.screens.summary import SummaryScreen  # noqa: E402

SIZE = (80, 24)
NAMES = ["Ann", "Ben", "Cid", "Dee", "Eve"]  # the table of the pictures: 5 players
FONTS = ("font-family: Fira Code, monospace;", "font-family: DejaVu Sans Mono, Fira Code, monospace;")


def deploy_keys(screen: DeployScreen) -> list[str]:
    """Fill free spots with affordable hand cards, then confirm."""
    view, plan = screen.view, screen.plan
    gold = screen.gold_left()
    free = [s for s in screen.options.open_slots if plan.slots[s] is None]
    keys, row = [], 0
    for k, card in enumerate(plan.hand):
        cost = view.card(card).cost
        if free and cost <= gold:
            keys += ["down"] * (k - row) + [str(free.pop(0) + 1)]
            row, gold = k, gold - cost
    return keys


def page_text(screen: SummaryScreen) -> str:
    """The words on the summary page being shown."""
    console = Console(width=80, file=io.StringIO(), record=True)
    for k in screen.pages[screen.page]:
        console.print(screen.blocks[k][1])
    return console.export_text()


async def summary_keys(shooter: Shooter, pilot, screen: SummaryScreen, solo: bool = False) -> list[str]:
    """Shoot the pages worth a picture (from turn 2, the turn the page is about): the reveal, the first
    War compared side by side, the Aging; then go on."""
    chapters = [c for c, _ in screen.chapters]
    turn = screen.turn
    if turn >= 2 and "reveal" in chapters:
        text = page_text(screen)
        if "Revealed" in text:
            shooter.shot("18-solo-reveal" if solo else "05-reveal")
        if "War 1 of" in text or "Black and Purple armies" in text:
            shooter.shot("18-solo-wars" if solo else "05-reveal-and-wars")
            if solo and "21-save-as" not in shooter.taken:
                await pilot.press("ctrl+s")
                await pilot.pause()
                shooter.shot("21-save-as")
                await pilot.press("escape")
                await pilot.pause()
    if turn >= 2 and "aging" in chapters and not solo:
        shooter.shot("07-aging")
    return ["enter"]


class Shooter:
    def __init__(self, app: PaperTalesApp, out: Path):
        self.app, self.out, self.taken = app, out, set()

    async def coach(self, pilot, key: str, name: str) -> None:
        """Press `key` (h: a hint, r: the review), wait for the coach, shoot, and put it away."""
        await pilot.press(key)
        await self.app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()  # (the review's list laid out again once its lines are in: its scroll bar drawn)
        self.shot(name)
        await pilot.press("h" if key == "h" else "escape")
        await pilot.pause()

    def shot(self, name: str) -> None:
        if name not in self.taken:
            self.taken.add(name)
            path = self.out / f"{name}.svg"
            svg = self.app.export_screenshot()
            path.write_text(svg.replace(*FONTS), encoding="utf-8")
            print(path)


async def play(out: Path, seed: int) -> None:  # noqa: C901 (a scripted walk through the screens)
    app = PaperTalesApp()
    shooter = Shooter(app, out)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shooter.shot("00-title")
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        screen.query_one("#count").value = len(NAMES)
        await pilot.pause()
        for i, name in enumerate(NAMES):
            screen.query_one(f"#name-{i}").value = name
        screen.query_one("#seed").value = str(seed)
        shooter.shot("01-new-game")
        await pilot.press("ctrl+s")
        for _ in range(2000):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, FinalScreen):
                shooter.shot("09-final-scores")
                await shooter.coach(pilot, "r", "23-review")
                break
            if isinstance(screen, HandoffScreen):
                shooter.shot("02-hand-off")
                keys = ["enter"]
            elif isinstance(screen, DraftScreen):
                if app.game.state.turn == 2:
                    shooter.shot("03-draft")
                    if "22-hint" not in shooter.taken:
                        await shooter.coach(pilot, "h", "22-hint")
                keys = ["enter", "down", "enter", "c"] if screen.with_discard else ["enter", "c"]
            elif isinstance(screen, DeployScreen):
                placing = deploy_keys(screen)
                if app.game.state.turn >= 2 and placing and "04-deployment" not in shooter.taken:
                    await pilot.press(*placing)
                    await pilot.pause()
                    shooter.shot("04-deployment")
                    keys = ["c"]
                else:
                    keys = placing + ["c"]
            elif isinstance(screen, SummaryScreen):
                keys = await summary_keys(shooter, pilot, screen)
            elif isinstance(screen, ConstructionScreen):
                shooter.shot("06-construction")
                keys = ["enter", "c"]
            elif isinstance(screen, UnpaidModal):
                shooter.shot("08-give-up-units")
                keys = ["c"]
            elif isinstance(screen, AgeTargetModal):
                shooter.shot("08-age-target")
                keys = ["enter", "c"]
            elif isinstance(screen, HealModal):
                await pilot.press("space")  # the first Unit ticked: saved
                await pilot.pause()
                shooter.shot("08-healer")
                keys = ["c"]
            else:
                raise RuntimeError(f"unexpected screen {type(screen).__name__}")
            await pilot.press(*keys)
        for key, name in (("f2", "10-card-browser"), ("f3", "11-game-log"), ("f4", "12-scoreboard"),
                          ("f1", "13-rules-help")):
            await pilot.press(key)
            await pilot.pause()
            if key == "f2":
                await pilot.press("slash", *"golem", "enter")
                await pilot.pause()
            shooter.shot(name)
            await pilot.press("escape")
    small = PaperTalesApp()
    async with small.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        Shooter(small, out).shot("14-terminal-too-small")


async def play_solo(out: Path, seed: int) -> None:
    """A solo game against the Lich King (difficulty 2): new game, draft, Wars, final scores, save as."""
    app = PaperTalesApp()
    shooter = Shooter(app, out)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        screen.query_one("#mode").value = "solo"
        await pilot.pause()
        screen.query_one("#difficulty").value = 2
        screen.query_one("#name-0").value = "Ann"
        screen.query_one("#seed").value = str(seed)
        shooter.shot("15-solo-new-game")
        await pilot.press("ctrl+s")
        for _ in range(500):
            await pilot.pause()
            screen = app.screen
            turn = app.game.state.turn
            if isinstance(screen, FinalScreen):
                shooter.shot("19-solo-final-scores")
                await shooter.coach(pilot, "r", "25-solo-review")
                break
            if isinstance(screen, DraftScreen):
                if turn == 2 and screen.pend.options.round == 3:
                    shooter.shot("16-solo-draft")
                    await shooter.coach(pilot, "h", "24-solo-hint")
                keys = ["enter", "c"]
            elif isinstance(screen, DeployScreen):
                keys = deploy_keys(screen)
                if turn == 2:
                    await pilot.press(*keys)
                    await pilot.pause()
                    shooter.shot("17-solo-deployment")
                    keys = []
                keys += ["c"]
            elif isinstance(screen, SummaryScreen):
                keys = await summary_keys(shooter, pilot, screen, solo=True)
            elif isinstance(screen, ConstructionScreen):
                keys = ["enter", "c"]
            elif isinstance(screen, (AgeTargetModal, HealModal, UnpaidModal)):
                keys = ["enter", "c"] if isinstance(screen, AgeTargetModal) else ["c"]
            elif isinstance(screen, SaveAsModal):
                keys = ["escape"]
            else:
                raise RuntimeError(f"unexpected screen {type(screen).__name__}")
            await pilot.press(*keys)
        await pilot.press("f2", "slash", *"ossuary", "enter")
        await pilot.pause()
        shooter.shot("20-solo-card-browser")


async def give_up(out: Path, seed: int) -> None:
    """Gold short at Deployment: each player drafts the dearest cards (straight through the engine),
    then Ann places her whole hand and confirms, and the app asks which new Units to give up."""
    from papertales_tui.rules.decisions import Pick
    from papertales_tui.rules.engine import Game

    game = Game.new(NAMES, seed=seed)
    while game.state.step == "pick":
        for pend in game.pending():
            dearest = max(pend.options.cards, key=lambda c: game.card(c).cost)
            game.apply(pend.player, Pick(dearest))
    app = PaperTalesApp(game.catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game, ["human"] * len(NAMES))
        await pilot.pause()
        await pilot.press("enter")  # the hand-off
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DeployScreen)
        free = list(screen.options.open_slots)
        keys = []
        for k, _ in enumerate(screen.plan.hand[:len(free)]):
            keys += ["down"] * (k > 0) + [str(free[k] + 1)]
        await pilot.press(*keys, "c")
        await pilot.pause()
        assert isinstance(app.screen, UnpaidModal), "the hand is not dearer than Ann's Gold: try another seed"
        Shooter(app, out).shot("08-give-up-units")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--solo-seed", type=int, default=2)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for old in args.out.glob("*.svg"):  # screens that are no more do not linger
        old.unlink()
    from papertales_tui.rules import coach

    coach.REVIEW_BUDGET = 10.0  # CPU seconds: a quicker review for the pictures
    os.environ[DATA_DIR_ENV] = tempfile.mkdtemp()  # no autosave of this machine on the title screen
    asyncio.run(play(args.out, args.seed))
    asyncio.run(play_solo(args.out, args.solo_seed))
    asyncio.run(give_up(args.out, args.seed))


if __name__ == "__main__":
    main()

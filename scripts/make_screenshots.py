"""Regenerate screenshots/*.svg: every main screen of a seeded 3-player game, at 80x24.

    python scripts/make_screenshots.py [--out screenshots] [--seed 7]

The game is played through the app with scripted key presses (`App.run_test()`), so the pictures
are exactly what a player sees.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from papertales_tui.tui.app import PaperTalesApp  # noqa: E402
from papertales_tui.tui.screens.construction import ConstructionScreen  # noqa: E402
from papertales_tui.tui.screens.deploy import DeployScreen  # noqa: E402
from papertales_tui.tui.screens.draft import DraftScreen  # noqa: E402
from papertales_tui.tui.screens.final import FinalScreen  # noqa: E402
from papertales_tui.tui.screens.handoff import HandoffScreen  # noqa: E402
from papertales_tui.tui.screens.modals import AgeTargetModal, HealModal, UnpaidModal  # noqa: E402
from papertales_tui.tui.screens.summary import SummaryScreen  # noqa: E402

SIZE = (80, 24)


def deploy_keys(screen: DeployScreen) -> list[str]:
    """Fill free spots with affordable hand cards, then confirm."""
    game, plan = screen.game, screen.plan
    gold = screen.gold_left()
    free = [s for s in screen.options["open_slots"] if plan.slots[s] is None]
    keys, row = [], 0
    for k, card in enumerate(plan.hand):
        cost = game.card(card).cost
        if free and cost <= gold:
            keys += ["down"] * (k - row) + [str(free.pop(0) + 1)]
            row, gold = k, gold - cost
    return keys


class Shooter:
    def __init__(self, app: PaperTalesApp, out: Path):
        self.app, self.out, self.taken = app, out, set()

    def shot(self, name: str) -> None:
        if name not in self.taken:
            self.taken.add(name)
            self.app.save_screenshot(f"{name}.svg", path=str(self.out))
            print(f"{self.out / name}.svg")


async def play(out: Path, seed: int) -> None:
    app = PaperTalesApp()
    shooter = Shooter(app, out)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shooter.shot("00-title")
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        screen.query_one("#count").value = 3
        await pilot.pause()
        for i, name in enumerate(["Ann", "Ben", "Cid"]):
            screen.query_one(f"#name-{i}").value = name
        screen.query_one("#seed").value = str(seed)
        shooter.shot("01-new-game")
        await pilot.press("ctrl+s")
        for _ in range(2000):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, FinalScreen):
                shooter.shot("09-final-scores")
                break
            if isinstance(screen, HandoffScreen):
                shooter.shot("02-hand-off")
                keys = ["enter"]
            elif isinstance(screen, DraftScreen):
                if app.game.state.turn == 2:
                    shooter.shot("03-draft")
                keys = ["enter"]
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
                chapters = [c for c, _ in screen.chapters]
                if "reveal" in chapters and app.game.state.turn >= 2:
                    shooter.shot("05-reveal-and-wars")
                if "aging" in chapters and app.game.state.turn >= 2:
                    shooter.shot("07-construction-and-aging")
                keys = ["enter"]
            elif isinstance(screen, ConstructionScreen):
                shooter.shot("06-construction")
                keys = ["enter"]
            elif isinstance(screen, UnpaidModal):
                shooter.shot("08-give-up-units")
                keys = ["c"]
            elif isinstance(screen, (AgeTargetModal, HealModal)):
                shooter.shot("08-age-target" if isinstance(screen, AgeTargetModal) else "08-healer")
                keys = ["enter"] if isinstance(screen, AgeTargetModal) else ["c"]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    asyncio.run(play(args.out, args.seed))


if __name__ == "__main__":
    main()

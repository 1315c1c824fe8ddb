"""Would Textual's stock widgets keep the keypress budget? The keypress measure of bench_tui.py (key
event to the end of the repaint, median, against a bare Textual app in the same run) on two screens,
as they are and with stock widgets swapped in:

- `footer`: Textual's Footer in place of the hand-written KeyBar (tui/widgets.py);
- `optionlist`: an OptionList in place of each RowList (the same rows; title and footer lines as
  disabled options), through a small adapter with RowList's API and messages.

Screens: the deployment board (place a card, undo: what bench_tui measures, budget 2x) and the draft
list (cursor down, up: the card details follow the cursor). Then the title menu as an OptionList
against bench_tui's time to the first screen (aim 1.3x). The figures decide which widgets stay
hand-written (docs/screens.md). Usage: python benchmarks/bench_stock_widgets.py [--keys 60]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_tui  # noqa: E402
from rich.text import Text  # noqa: E402
from textual.widgets import Footer, OptionList  # noqa: E402
from textual.widgets.option_list import Option  # noqa: E402

from papertales_tui.tui.screens import common, deploy, draft, title  # noqa: E402
from papertales_tui.tui.widgets import KeyBar, Lines, RowList  # noqa: E402

TitleScreen = title.TitleScreen


class OptionRows(OptionList):
    """RowList's API (set_rows, cursor, header, Highlighted/Selected) over a stock OptionList."""

    DEFAULT_CSS = "OptionRows { border: none; height: 1fr; max-height: 100%; padding: 0; }"
    Highlighted = RowList.Highlighted
    Selected = RowList.Selected

    def __init__(self, title: str = "", *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.header = [Text(title, style="bold")] if title else []
        self.count = 0
        self.shown: list[Text] = []

    @property
    def cursor(self) -> int:
        return max(0, (self.highlighted or 0) - len(self.header))

    def set_rows(self, rows, disabled=None, footer=()) -> None:
        top = len(self.header)
        lines = self.header + list(rows) + list(footer)
        off = set(range(top)) | {top + d for d in (disabled or ())} | set(range(top + len(rows), len(lines)))
        if len(lines) != self.option_count:  # rebuilt; else only the prompts that changed
            keep = self.highlighted
            self.clear_options()
            self.add_options([Option(t, disabled=i in off) for i, t in enumerate(lines)])
            self.highlighted = keep if keep is not None and keep < len(lines) and keep not in off else (
                top if rows else None)
        else:
            for i, t in enumerate(lines):
                if self.shown[i] != t:
                    self.replace_option_prompt_at_index(i, t)
        self.shown, self.count = lines, len(rows)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.post_message(self.Highlighted(self, event.option_index - len(self.header)))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.Selected(self, event.option_index - len(self.header)))


class OptionTitle(TitleScreen):
    """The title screen with its menu in an OptionList under the banner (same rows, same look)."""

    DEFAULT_CSS = """
    OptionTitle #banner { margin: 1 4 0 4; }
    OptionTitle #menu { height: auto; max-height: 1fr; margin: 0 4; background: transparent; }
    """

    def body(self):
        banner = Lines(id="banner")
        banner.lines = title.banner()
        yield banner
        yield OptionList(*(Option(Text(f"  {label}"), id=what) for what, label in self.choices), id="menu")

    def on_mount(self) -> None:
        self.query_one("#menu", OptionList).focus()


def use(variant: str) -> None:
    """Swap the stock widgets in (or back out) for the apps made from now on."""
    common.KeyBar = Footer if variant == "footer" else KeyBar
    deploy.RowList = draft.RowList = OptionRows if variant == "optionlist" else RowList


def draft_app(painted: asyncio.Event):
    """The draft list of a 3-player game; each cursor move repaints the card details."""
    from papertales_tui.rules.engine import Game
    from papertales_tui.tui.app import PaperTalesApp
    from papertales_tui.tui.screens.draft import DraftScreen

    shown = getattr(DraftScreen, "unpatched_show_detail", DraftScreen.show_detail)
    DraftScreen.unpatched_show_detail = shown

    def show_detail(self, card):
        shown(self, card)
        self.call_after_refresh(painted.set)

    DraftScreen.show_detail = show_detail
    game = Game.new(["Ann", "Ben", "Cid"], seed=3)
    app = PaperTalesApp(game.catalog)
    return app, bench_tui.opened(app, game, DraftScreen)


async def ratio(make, sequence: list[str], rounds: int = 5) -> tuple[float, float]:
    """Median key times (ms) of the bare app and of `make`'s screen, alternated over `rounds`."""
    bare, ours = [], []

    async def bare_ready(pilot):
        await pilot.pause()

    for _ in range(rounds):
        painted = asyncio.Event()
        bare += await bench_tui.key_times(bench_tui.bare_app(painted), ["1", "u"] * (len(sequence) // 2),
                                          painted, bare_ready)
        painted = asyncio.Event()
        app, ready = make(painted)
        ours += await bench_tui.key_times(app, sequence, painted, ready)
    return statistics.median(x[0] for x in bare) * 1000, statistics.median(x[0] for x in ours) * 1000  # wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=60, help="keypresses on each screen and variant (default 60)")
    args = parser.parse_args()
    per_round = max(2, args.keys // 5)
    screens = (("deployment board", bench_tui.deploy_app, ["1", "u"]), ("draft list", draft_app, ["down", "up"]))
    for name, make, keys in screens:
        for variant in ("as is", "footer", "optionlist"):
            use(variant)
            bare, ours = asyncio.run(ratio(make, keys * (per_round // 2)))
            print(f"{name:17} {variant:10} bare Textual {bare:5.1f} ms, screen {ours:6.1f} ms, "
                  f"ratio {ours / bare:6.2f}")
    use("as is")
    for variant, screen in (("as is", TitleScreen), ("optionlist", OptionTitle)):
        title.TitleScreen = screen
        (bare, _), (ours, _) = asyncio.run(bench_tui.first_screen(9))  # wall times
        print(f"{'title (1st paint)':17} {variant:10} bare Textual {bare * 1000:5.1f} ms, screen "
              f"{ours * 1000:6.1f} ms, ratio {ours / bare:6.2f}")
    title.TitleScreen = TitleScreen


if __name__ == "__main__":
    main()

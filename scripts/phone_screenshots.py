"""The README's pictures of the seat's page for a phone (issue 38): a 2-seat game (seed 11) against a
bot, played by taps in headless Chromium in phone emulation (390x844, touch): the draft with a card
chosen, the deployment with a Unit placed, the Wars of the first turn, the final scores.

Usage: python scripts/phone_screenshots.py [OUT_DIR]   (needs Debian's chromium and the `test` extra)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from helpers.phone import PHONE, hosted, phone, play  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", nargs="?", type=Path, default=ROOT / "screenshots",
                        help="the folder to write phone-*.png in (default: screenshots/)")
    out: Path = parser.parse_args().out
    taken: set[str] = set()
    with hosted(2, seed=11, types=["human", "bot:easy"]) as (_table, links, _logged), phone(PHONE) as ph:
        page = ph.page

        def shot(name: str) -> None:
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(out / f"phone-{name}.png"))
            taken.add(name)
            print(out / f"phone-{name}.png")

        def seen(kind: str) -> None:
            if kind == "pick" and "draft" not in taken:
                first = page.query_selector_all("button[data-a=card]")[2]
                ph.tap(f"#{first.get_attribute('id')}")
                shot("draft")
            elif kind == "deploy" and "deployment" not in taken:
                for card in page.query_selector_all("button[data-a=hand]"):
                    if "¤0" in card.inner_text():
                        ph.tap(f"#{card.get_attribute('id')}")
                        ph.tap("#spot-0")
                        break
                shot("deployment")
            elif kind == "results" and "wars" not in taken and page.query_selector(".wars"):
                shot("wars")
            elif kind == "final":
                shot("final-scores")

        page.goto(links[0])
        play(ph, seen)
    return 0 if taken == {"draft", "deployment", "wars", "final-scores"} else 1


if __name__ == "__main__":
    sys.exit(main())

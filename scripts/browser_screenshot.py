"""The README's picture of `papertales serve`: a 2-player game (seed 7) in headless Chromium at 1024x768,
played by clicks only up to Player 1's deployment with a Unit placed, saved as
screenshots/browser-deployment.png.

Usage: python scripts/browser_screenshot.py [OUT.png]   (needs Debian's chromium and the `test` extra)
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from helpers.browser import (  # noqa: E402
    browser,
    click_cell,
    click_text,
    served,
    start_game,
    wait_for_change,
    wait_for_text,
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", nargs="?", type=Path, default=ROOT / "screenshots" / "browser-deployment.png",
                        help="the PNG to write (default: screenshots/browser-deployment.png)")
    out: Path = parser.parse_args().out
    with tempfile.TemporaryDirectory() as data, served(Path(data)) as (_, url), browser() as page:
        text = start_game(page, url, 7)
        while "Deployment · Player 1" not in text:  # recruitment, by clicks: the first card, then the next one
            lines = text.split("\n")
            top = next((y for y, line in enumerate(lines) if "Choose a card" in line), 0)
            if "Pass to" in text:
                click_text(page, "I am ")
            elif "to PICK" in text:
                click_cell(page, 4, top + 1)
            elif "to DISCARD" in text:
                click_cell(page, 4, top + (2 if "picked" in lines[top + 1] else 1))
            elif "c: confirm" in text:
                click_text(page, "Confirm", nth=-1)
            text = wait_for_change(page, text)
        click_text(page, "Cave Spirit")
        wait_for_text(page, "Holding Cave Spirit")
        click_text(page, "F1 — empty")
        wait_for_text(page, "F1 Cave Spirit")
        page.wait_for_timeout(500)  # the repaint after the text
        out.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(out))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

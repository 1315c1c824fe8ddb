"""Rewrite the golden playthroughs under tests/golden/ from the current behaviour of the rules.

    python scripts/regen_golden.py [name ...]     (names: 2p 3p 5p solo-d0 solo-d3 bots; default: all)

Each game is played again by the seeded random bot; `bots` rewrites tests/golden/bots.json, the bots'
own decisions (tests/helpers/bot_golden.py). Run it only when a change of behaviour is meant,
then read `git diff tests/golden/`: every changed line is a change in what the game does or logs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from helpers import bot_golden  # noqa: E402
from helpers.golden import GAMES, GOLDEN_DIR, path_of, record  # noqa: E402


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", metavar="name", help="2p 3p 5p solo-d0 solo-d3 bots (default: all)")
    names = parser.parse_args(argv).names or [*GAMES, "bots"]
    unknown = [n for n in names if n not in GAMES and n != "bots"]
    if unknown:
        print(f"regen_golden: unknown game {', '.join(unknown)} (known: {', '.join(GAMES)})", file=sys.stderr)
        return 2
    GOLDEN_DIR.mkdir(exist_ok=True)
    for name in names:
        path = bot_golden.PATH if name == "bots" else path_of(name)
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if name == "bots":
            text = bot_golden.write()
        else:
            text = record(GAMES[name])
            path.write_text(text, encoding="utf-8")
        print(f"{path.relative_to(ROOT)}: {'unchanged' if old == text else 'written'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

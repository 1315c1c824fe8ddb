"""How the finished version-1 saves in this folder were made: with the code of commit 64f065b (save
format 1, events without a phase and with card names as causes), for the event-log migration tests:
`git worktree add /tmp/old 64f065b && cd /tmp/old && PYTHONPATH=. python <this file> OUTDIR`.
Never regenerate them with newer code."""
import sys
from pathlib import Path

from papertales_tui.persistence import save_as
from papertales_tui.rules.random_play import play_random_game
from papertales_tui.rules.solo import play_random_solo_game

out = Path(sys.argv[1])
save_as(play_random_game(["Ann", "Bob"], 11), out / "v1-finished-two-players.json", {"seats": ["human", "easy"]})
save_as(play_random_game(["Ann", "Bob", "Cy", "Dee", "Eve"], 31), out / "v1-finished-five-players.json",
        {"seats": ["human"] * 5})
save_as(play_random_solo_game("Sam", 28, 3), out / "v1-finished-solo.json", {"seats": ["human"]})

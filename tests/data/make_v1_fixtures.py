"""How the version-1 fixture saves in this folder were made: with the code of commit 64f065b,
the last release before the save format got a migration chain. Kept for the record; it only runs on
that commit: `git worktree add /tmp/old 64f065b && cd /tmp/old && PYTHONPATH=. python
<this file> OUTDIR`. The files themselves must never be regenerated with newer code."""
import random
import sys
from pathlib import Path

from papertales_tui.persistence import autosave, save_as
from papertales_tui.rules.engine import Game
from papertales_tui.rules.random_play import random_decision
from papertales_tui.rules.solo import new_game as new_solo_game

out = Path(sys.argv[1])

def run(game, n, seed):
    rng = random.Random(seed)
    while len(game.state.decisions) < n and not game.over:
        pend = game.pending()[0]
        game.apply(pend.player, random_decision(game, pend, rng))
    return game

g = run(Game.new(["Ann", "Bob", "Cy"], seed=21), 60, 21)
save_as(g, out / "v1-three-players.json", {"seats": ["human", "easy", "medium"]})
s = run(new_solo_game(["Sam"], seed=5, difficulty=2), 12, 5)
save_as(s, out / "v1-solo.json", {"seats": ["human"]})
a = run(Game.new(["P0", "P1", "P2", "P3", "P4"], seed=9), 39, 9)
autosave(a, {"seats": ["human"] * 5}, directory=out / "autosave")
a = run(a, 40, 9)
d = out / "autosave"
autosave(a, {"seats": ["human"] * 5}, directory=d)
print(len(g.state.decisions), g.state.turn, g.state.phase, g.over)
print(len(s.state.decisions), s.state.turn, s.state.phase, s.over)
print(len(a.state.decisions), a.state.turn, a.state.phase, a.over)

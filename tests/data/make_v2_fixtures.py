"""How the version-2 saves in this folder were made: with the code of commit dc8ae1e (save format 2,
`war_strength` parts as English labels), for the parts-as-keys migration tests, with the full
narration of each game's log as that release wrote it (`<save>.narrated.txt`):
`git worktree add /tmp/old dc8ae1e && cd /tmp/old && PYTHONPATH=. python <this file> OUTDIR`.
Never regenerate them with newer code."""
import sys
from pathlib import Path

from papertales_tui.persistence import save_as
from papertales_tui.rules.narrator import Names, narrate
from papertales_tui.rules.random_play import play_random_game
from papertales_tui.rules.solo import play_random_solo_game

out = Path(sys.argv[1])
games = {
    "v2-finished-three-players.json": (play_random_game(["Ann", "Bob", "Cy"], 25), ["human"] * 3),
    "v2-finished-solo.json": (play_random_solo_game("Sam", 21, 2), ["human"]),
}
for name, (game, seats) in games.items():
    save_as(game, out / name, {"seats": seats})
    names = Names.of(game)
    text = "".join(f"{narrate(e, names, full=True)}\n" for e in game.state.log)
    (out / name).with_suffix(".narrated.txt").write_text(text)

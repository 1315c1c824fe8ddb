"""`papertales replay` of an unfinished game shows only what every player may see (at one keyboard,
the autosave's replay must not show the hands); `--reveal` shows all; a finished game shows all."""

from __future__ import annotations

import random
import re

from papertales_tui.cli import main
from papertales_tui.persistence import save_as
from papertales_tui.rules.engine import Game
from papertales_tui.rules.random_play import play_random_game, random_decision


def unfinished(decisions: int = 40) -> Game:
    game = Game.new(["Ann", "Bob", "Cid"], seed=8)
    rng = random.Random(8)
    for _ in range(decisions):
        pend = game.pending()[0]
        game.apply(pend.player, random_decision(game, pend, rng))
    return game


def test_an_unfinished_game_replays_without_hands_picks_or_plans(tmp_path, capsys):
    game = unfinished()
    path = save_as(game, tmp_path / "autosave.json")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "only what every player may see is shown (--reveal shows all)" in out
    assert "#1 Ann makes a pick" in out and "is dealt" not in out and "#1 Ann: pick " not in out
    told = [line for line in out.splitlines() if line.startswith("#")]
    assert len(told) == 40 and all(re.fullmatch(r"#\d+ (Ann|Bob|Cid) makes an? [A-Za-z ]+", line) for line in told)
    assert "    — Turn 2 —" in out and "Ann reveals " in out and " wins." in out  # the public part is told
    held = {game.card(c).name for p in game.players for c in p.hand + p.draft}
    told = {line for line in out.splitlines() if line.startswith("#")}
    assert not any(name in line for name in held for line in told)
    assert "OK: the stored state matches the replay (40 decisions, turn 3, recruitment)." in out

    assert main(["replay", "--reveal", str(path)]) == 0
    out = capsys.readouterr().out
    assert "#1 Ann: pick " in out and "    Ann is dealt " in out and "only what every player" not in out


def test_a_finished_game_replays_in_full(tmp_path, capsys):
    path = save_as(play_random_game(["Ann", "Bob"], 5), tmp_path / "g.json")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "#1 Ann: pick " in out and "    Ann is dealt " in out and "only what every player" not in out

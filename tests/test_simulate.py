"""`papertales simulate`: the summary is the same on the fast path (no --log) as on the logged one."""

import json

from papertales_tui.cli import main


def summary(capsys, *args: str) -> dict:
    assert main(["simulate", "--json", *args]) == 0
    out = json.loads(capsys.readouterr().out)
    out.pop("seconds")
    return out


def test_simulate_without_log_plays_the_same_games_as_with_it(capsys, tmp_path):
    for players in ("2", "5"):
        plain = summary(capsys, "--players", players, "--games", "12", "--seed", "40")
        logged = summary(capsys, "--players", players, "--games", "12", "--seed", "40",
                         "--log", str(tmp_path / f"e{players}.jsonl"))
        assert plain == logged
        assert plain["errors"] == 0 and plain["games"] == 12

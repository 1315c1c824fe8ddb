"""`papertales tournament --duplicate`: each deal played once per rotation of the seats, every level
in every seat with the same cards; per level the win rate and mean LP, and the margins between
levels paired by deal, with their 95% intervals. `--cluster` without Dask says what to install."""

from __future__ import annotations

import json
import sys

import pytest

from papertales_tui.cli import main
from papertales_tui.commands.tournament import margins, rotations


def run(capsys, *args: str) -> dict:
    assert main(["tournament", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_each_deal_is_played_once_per_rotation_of_the_seats():
    assert rotations(["hard", "medium", "medium"]) == [["hard", "medium", "medium"], ["medium", "hard", "medium"],
                                                       ["medium", "medium", "hard"]]
    # a seating that repeats itself has fewer distinct rotations: each is played once
    assert rotations(["medium", "easy", "medium", "easy"]) == [["medium", "easy", "medium", "easy"],
                                                               ["easy", "medium", "easy", "medium"]]


def test_a_duplicate_tournament_gives_every_level_every_seat_of_every_deal(capsys):
    data = run(capsys, "--players", "3", "--games", "4", "--seed", "20", "--seats", "medium,easy,easy",
               "--duplicate")
    assert data["duplicate"] and data["deals"] == 4 and data["games"] == 12 and data["errors"] == 0
    levels = {r["level"]: r for r in data["levels"]}
    assert levels["medium"]["seat_games"] == 12 and levels["easy"]["seat_games"] == 24
    assert sum(r["wins"] for r in data["levels"]) == pytest.approx(12)
    [m] = data["margins"]
    assert (m["level"], m["versus"], m["deals"]) == ("medium", "easy", 4)
    assert m["lp_ci95"][0] <= m["lp"] <= m["lp_ci95"][1] and m["wins_ci95"][0] <= m["wins"] <= m["wins_ci95"][1]
    # the mean LP margin is the difference of the levels' mean LP (each level holds the same seats)
    assert m["lp"] == pytest.approx(levels["medium"]["mean_lp"] - levels["easy"]["mean_lp"], abs=0.02)

    # the same deals without --duplicate: one game each, seats shifted game by game
    plain = run(capsys, "--players", "3", "--games", "4", "--seed", "20", "--seats", "medium,easy,easy")
    assert plain["games"] == 4 and not plain["duplicate"] and plain["deals"] is None


def test_margins_are_paired_by_deal():
    # two deals, each played twice (hard in seat 0, then seat 1)
    results = [(["hard", "medium"], [30, 20], [0]), (["medium", "hard"], [25, 25], [0, 1]),
               (["hard", "medium"], [40, 10], [0]), (["medium", "hard"], [15, 35], [1])]
    [m] = margins(results, [1, 1, 2, 2])
    # deal 1: hard 27.5 LP, medium 22.5 (+5); its wins 0.75 against 0.25 (+0.5); deal 2: +25, +1
    assert (m["level"], m["versus"], m["deals"]) == ("hard", "medium", 2)
    assert m["lp"] == 15.0 and m["wins"] == 0.75
    half = 12.706 * (200 ** 0.5) / 2 ** 0.5  # sd of (5, 25) is sqrt(200); Student's t at 1 degree of freedom
    assert m["lp_ci95"] == [round(15 - half, 2), round(15 + half, 2)]
    assert m["wins_ci95"] == [-1.0, 1.0]  # (a share's difference is within -100% and +100%)


def test_the_table_says_the_deals_and_the_paired_margins(capsys):
    assert main(["tournament", "--players", "2", "--games", "3", "--seed", "5", "--seats", "medium,easy",
                 "--duplicate"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "3 deals, each played 2 times (duplicate), 2 players, seats medium,easy, seeds 5..7"
    assert "paired by deal (95% CI): LP per game, share of the wins" in out
    assert any(line.startswith("medium over easy: +") and line.endswith(", 3 deals") for line in out)


def test_cluster_without_dask_says_what_to_install(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)  # (import distributed: ImportError)
    assert main(["tournament", "--games", "1", "--cluster", "tcp://127.0.0.1:8786"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "papertales: --cluster needs Dask's distributed: pip install 'papertales-tui[cluster]'"


@pytest.mark.parametrize("address", ["nonsense://x", "127.0.0.1:8786", "tcp://host:port", "tcp://a b:1"])
def test_cluster_refuses_what_is_not_a_schedulers_address(address, capsys):
    with pytest.raises(SystemExit) as ended:
        main(["tournament", "--games", "1", "--cluster", address])
    assert ended.value.code == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "--cluster" in err and "is not a scheduler's address (tcp://HOST:PORT" in err

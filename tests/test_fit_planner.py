"""scripts/fit_planner.py: a small fit writes weights the hard bot reads, and its log; `--check` plays them."""

from __future__ import annotations

import json

import pytest
from helpers.scripts import load_script

from papertales_tui.rules.bots.hard import fitted_weights
from papertales_tui.rules.bots.medium import MEDIUM, Weights


@pytest.fixture(scope="module")
def fit():
    return load_script("scripts/fit_planner.py")


def test_a_move_scales_a_number_or_each_of_a_tuples(fit):
    assert fit.moved(MEDIUM, "gold_lp", 1.3) == Weights(gold_lp=0.65)
    assert fit.moved(MEDIUM, "typical_strength", 0.5).typical_strength == (3.0, 4.5, 5.5, 6.0)


def test_a_fit_writes_weights_the_hard_bot_reads(fit, tmp_path, capsys):
    out, log = tmp_path / "w.json", tmp_path / "log.jsonl"
    assert fit.main(["--deals", "3", "--rounds", "1", "--players", "2", "--jobs", "1",
                     "--out", str(out), "--log", str(log)]) == 0
    weights = fitted_weights(out)
    assert list(weights) == [2]
    entries = [json.loads(line) for line in log.read_text().splitlines()]
    assert [e["weight"] for e in entries] == [name for name in fit.FITTED for _ in range(2)]  # down, then up
    assert all(e["players"] == 2 and e["round"] == 0 for e in entries)
    kept = [line for line in capsys.readouterr().err.splitlines() if " kept " in line]
    assert (weights[2] == MEDIUM) == (not kept)  # the weights moved only by the moves kept
    assert fit.main(["--check", str(out), "--deals", "2", "--players", "2", "--jobs", "1"]) == 0
    assert "2 players, seeds 800000-800001 (2 deals): LP over the mediums" in capsys.readouterr().out

"""What the hard bot's search leaves on the table (benchmarks/bench_selection.py): its choices are
judged on samples they were not made on, so a candidate that only looks better does not count."""

from __future__ import annotations

import json

import pytest
from helpers.scripts import load_script


@pytest.fixture(scope="module")
def bench():
    return load_script("benchmarks/bench_selection.py")


def position(kind, scores, budget, draft_round=1):
    return {"players": 3, "seed": 9, "turn": 1, "kind": kind, "round": draft_round, "budget_samples": budget,
            "cpu": 0.1, "scores": scores}


def test_a_better_candidate_is_found_and_judged_on_other_samples(bench):
    """Option 1 is 2 LP better in every sample: every rule finds it (gain +2). Option 2 looks 3 LP
    better on the first half and is 3 LP worse on the second: only the first half's whole choice and
    rules that fall for it lose by it, and that shows as a loss."""
    better = position("PICK", [[0.0] * 20, [2.0] * 20], budget=4)
    mirage = position("DEPLOY", [[0.0] * 20, [3.0] * 10 + [-3.0] * 10], budget=4)
    g = bench.gains([better, mirage])
    for mult in bench.BUDGETS:
        for z in bench.PRIORS:
            assert g["later picks", mult, z] == pytest.approx([2.0] * bench.DRAWS)
            assert g["deploy", mult, z] == pytest.approx([-3.0] * bench.DRAWS)
    assert g["later picks", "half", None] == [2.0]
    assert g["deploy", "half", None] == [-3.0]


def test_the_prior_keeps_the_medium_choice_on_noise(bench):
    """Two candidates alike but for noise: the prior (z > 0) keeps option 0 more often than the best
    mean does, so its judged gain is nearer 0."""
    rows = [[(k * 7919 % 13) - 6.0 for k in range(40)], [(k * 104729 % 17) - 8.0 for k in range(40)]]
    g = bench.gains([position("CONSTRUCTION", rows, budget=3)])
    kept = {z: sum(1 for x in g["construction", 1, z] if x == 0.0) for z in bench.PRIORS}
    assert kept[2.0] >= kept[0.0]
    assert kept[3.0] > kept[0.0]


def test_show_reads_the_file(bench, tmp_path, capsys):
    path = tmp_path / "sel.jsonl"
    recs = [position("PICK", [[0.0] * 8, [1.0] * 8], budget=2, draft_round=0)]
    path.write_text("".join(json.dumps(r) + "\n" for r in recs))
    assert bench.main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "3 players: 1 searched decisions of seat 0, seeds 9–9, 8 samples each" in out
    assert "first pick of a turn (1; the budget's samples: median 2): the first 4 samples' choice +1.000" in out
    assert bench.main(["show", str(tmp_path / "missing.jsonl")]) == 2
    assert "bench_selection:" in capsys.readouterr().err

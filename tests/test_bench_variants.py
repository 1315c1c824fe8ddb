"""The hard bot's variants on the same deals (benchmarks/bench_variants.py): a variant's settings
hold while its deals are played and no longer, bad variants are refused in one line, and the
paired figures are worked out deal by deal."""

from __future__ import annotations

import json

import pytest
from helpers.scripts import load_script

from papertales_tui.rules.bots import hard


@pytest.fixture(scope="module")
def bench():
    return load_script("benchmarks/bench_variants.py")


def test_a_variant_holds_while_its_deals_are_played(bench):
    before = hard.PRIOR_Z, hard.PICKS
    name, settings = bench.parse_variant("wide:hard.PRIOR_Z=2.5,hard.PICKS=7")
    assert name == "wide"
    with bench.applied(settings):
        assert (hard.PRIOR_Z, hard.PICKS) == (2.5, 7)
    assert before == (hard.PRIOR_Z, hard.PICKS)
    with pytest.raises(RuntimeError), bench.applied(settings):
        raise RuntimeError("a deal that fails")
    assert before == (hard.PRIOR_Z, hard.PICKS)


def test_a_value_may_hold_commas(bench):
    """A tuple's or a dict's commas do not split the settings."""
    before = hard.OUTLOOKS, hard.WEIGHTS
    name, settings = bench.parse_variant("w:hard.OUTLOOKS=(0.5, 1.0, 2.0),hard.WEIGHTS={},hard.PICKS=4")
    with bench.applied(settings):
        assert (hard.OUTLOOKS, hard.WEIGHTS, hard.PICKS) == ((0.5, 1.0, 2.0), {}, 4)
    assert before == (hard.OUTLOOKS, hard.WEIGHTS)


@pytest.mark.parametrize("text, says", [
    ("x:hard.NOPE=1", "no such setting"),
    ("x:nowhere.PICKS=1", "no such module"),
    ("x:hard.PICKS=three", "not a Python literal"),
    ("x:hard.BUDGET=0.1", "use --budget"),
    ("x:PICKS", "expected module.ATTR=value"),
])
def test_bad_variants_are_refused_in_one_line(bench, tmp_path, capsys, text, says):
    out = tmp_path / "deals.jsonl"
    assert bench.main(["play", "--out", str(out), "--seed", "1", "--variant", text]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1
    assert not out.exists()


def game(levels, scores, winners):
    return [levels, scores, winners]


def test_paired_by_deal(bench, tmp_path, capsys):
    """Two deals, two variants: the difference of hard's margin over the mediums is taken deal by deal."""
    hm, mh = ["hard", "medium"], ["medium", "hard"]
    deals = [
        {"variant": "base", "config": "2p", "seed": 5, "cpu": 1.0,
         "games": [game(hm, [30, 20], [0]), game(mh, [25, 25], [0, 1])]},  # margins +10, 0; wins 1, 1/2
        {"variant": "new", "config": "2p", "seed": 5, "cpu": 1.0,
         "games": [game(hm, [34, 20], [0]), game(mh, [20, 26], [1])]},  # margins +14, +6; wins 1, 1
        {"variant": "base", "config": "2p", "seed": 6, "cpu": 1.0,
         "games": [game(hm, [20, 30], [1]), game(mh, [30, 20], [0])]},  # margins -10, -10; wins 0, 0
        {"variant": "new", "config": "2p", "seed": 6, "cpu": 1.0,
         "games": [game(hm, [22, 30], [1]), game(mh, [30, 20], [0])]},  # margins -8, -10; wins 0, 0
    ]
    assert bench.deal_figures(deals[0]) == (5.0, 0.75)
    assert bench.deal_figures(deals[1]) == (10.0, 1.0)
    path = tmp_path / "deals.jsonl"
    path.write_text("".join(json.dumps(d) + "\n" for d in deals))
    assert bench.main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "2p: 2 deals played by every variant, seeds 5–6" in out
    # per deal: +5 then +1 LP, +25 then 0 points of wins
    assert "new - base: LP margin +3.00" in out
    assert "wins +12.50" in out

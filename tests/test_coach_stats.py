"""The coach's statistics: its samples are independent, so the ± it states is the noise of its figures.

The variance of an option's mean across searches with different seeds must agree with what each
search's own samples say (their variance over their number): with independent samples the ratio of
the two follows an F distribution, (searches − 1, searches × (samples − 1)) degrees of freedom. A
common factor drawn once per search (the bug of issue 21: the medium bots' remembered plans shared by
all the samples of a search) makes it several times larger.
"""

from __future__ import annotations

import math
import statistics
from pathlib import Path

import pytest

from papertales_tui.persistence import load_save
from papertales_tui.rules import coach

CASE = Path(__file__).parent / "data" / "coach-2p-hint-charged.json"  # issue 21: Ann's second pick
LEVEL = 0.001  # chance that one option's ratio passes the bound by chance (a few dozen options tested)


def f_quantile(p: float, d1: int, d2: int) -> float:
    """The p-quantile of the F(d1, d2) distribution (Paulson's normal approximation of the cube roots,
    good to a few % for d1 ≥ 5, which is all the bound needs)."""
    z = statistics.NormalDist().inv_cdf(p)
    a1, a2 = 2 / (9 * d1), 2 / (9 * d2)

    def zeta(f: float) -> float:
        c = f ** (1 / 3)
        return ((1 - a2) * c - (1 - a1)) / math.sqrt(a1 + c * c * a2)

    lo, hi = 1e-6, 1e3
    for _ in range(100):  # zeta grows with f
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if zeta(mid) < z else (lo, mid)
    return (lo + hi) / 2


def test_the_f_quantile_is_the_tables():
    assert f_quantile(0.95, 10, 10**6) == pytest.approx(18.307 / 10, rel=0.01)  # chi-square(10) / 10
    assert f_quantile(0.99, 23, 10**6) == pytest.approx(41.638 / 23, rel=0.01)
    assert f_quantile(0.95, 15, 20) == pytest.approx(2.203, rel=0.02)
    assert f_quantile(0.999, 15, 120) == pytest.approx(2.78, rel=0.03)


def case_point(player: int, ordinal: int) -> coach.Point:
    save = load_save(CASE)
    points = coach.decision_points(coach.start_of(save.game), save.decisions, [player])
    return next(p for p in points if p.ordinal == ordinal)


def dispersion(point: coach.Point, catalog, seeds: int, samples: int) -> dict[str, tuple[float, float]]:
    """(variance of the mean across searches, mean variance of the mean within a search) by option."""
    means: dict[str, list[float]] = {}
    within: dict[str, list[float]] = {}
    options = coach.options_for(point.view, point.pending, catalog)
    for seed in range(seeds):
        found = coach.search(point.view, point.pending, catalog, options, budget=math.inf, max_samples=samples,
                             seed=seed, drafts=point.drafts)
        for o in found:
            key = repr(o.decision)
            means.setdefault(key, []).append(o.mean)
            within.setdefault(key, []).append(statistics.variance(o.scores) / samples)
    return {k: (statistics.variance(means[k]), statistics.mean(within[k])) for k in means}


def check_independent(point: coach.Point, catalog, seeds: int, samples: int) -> int:
    bound = f_quantile(1 - LEVEL, seeds - 1, seeds * (samples - 1))
    tested = 0
    for option, (between, within) in dispersion(point, catalog, seeds, samples).items():
        if within == 0:  # the same score in every sample: nothing to compare (and no spread either)
            assert between == 0, option
            continue
        assert between / within < bound, f"{option}: {between / within:.2f} times the stated variance"
        tested += 1
    return tested


def test_the_samples_of_a_search_are_independent_with_the_draft_memory():
    """Ann's second pick of the issue's game: with the plans shared by a search, its options' means
    fell in two clusters (between-search variance 4.8 times the stated one)."""
    point = case_point(0, 1)
    assert point.drafts.held  # the draft memory is used
    catalog = load_save(CASE).game.catalog
    assert check_independent(point, catalog, seeds=16, samples=12) >= 4


@pytest.mark.volume
@pytest.mark.parametrize("player,ordinal", [(0, 1), (0, 2), (1, 1), (1, 3), (0, 4), (1, 4)])
def test_the_samples_are_independent_at_many_decisions(player, ordinal):
    point = case_point(player, ordinal)
    catalog = load_save(CASE).game.catalog
    check_independent(point, catalog, seeds=32, samples=16)

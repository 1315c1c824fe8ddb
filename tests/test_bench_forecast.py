"""The forecast's calibration benchmark (benchmarks/bench_forecast.py) runs on a few games and
prints its table: a band per fifth of the chances, and the Wars foretold exactly, all come true."""

from __future__ import annotations

from helpers.scripts import load_script


def load_bench():
    return load_script("benchmarks/bench_forecast.py")


def test_the_calibration_benchmark_runs(capsys):
    bench = load_bench()
    assert bench.main(["--games", "1", "--players", "2,3", "--levels", "medium", "--samples", "8"]) == 0
    out = capsys.readouterr().out
    for band in ("0-20 %", "20-40 %", "40-60 %", "60-80 %", "80-100%"):
        assert band in out
    assert "Wilson 95%" in out and "exact (nothing hidden)" in out


def test_wilson_interval():
    bench = load_bench()
    low, high = bench.wilson(7, 10)
    assert round(low, 3) == 0.397 and round(high, 3) == 0.892
    assert bench.wilson(0, 0) == (0.0, 1.0)
    assert bench.band_of(1.0) == 4 and bench.band_of(0.2) == 1 and bench.band_of(0.0) == 0


def test_exact_forecasts_come_true():
    bench = load_bench()
    tally = bench.Tally()
    for seed in range(2):
        bench.play(["medium"] * 3, seed, tally, samples=4, budget=0.05)
    assert all(f == w for f, w in tally.exact)
    assert tally.chances

"""`random.Random.choice`, `shuffle` and `sample` as CPython (3.11+) makes them: the same bits drawn, the same
result (tests/test_fast_path.py checks it), without a method call per element. Games shuffle and
random players draw thousands of times a game, and those calls were a tenth of a simulated game."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def choice(rng: random.Random, seq: Sequence[T]) -> T:
    """`rng.choice(seq)` for a non-empty sequence: `seq[rng._randbelow(len(seq))]`."""
    bits = rng.getrandbits
    n = len(seq)
    k = n.bit_length()  # _randbelow: k random bits, drawn again until below n
    r = bits(k)
    while r >= n:
        r = bits(k)
    return seq[r]


def shuffle(rng: random.Random, x: list[T]) -> None:
    """`rng.shuffle(x)`: shuffled in place, each spot from the end swapped with `_randbelow(i + 1)`."""
    bits = rng.getrandbits
    k = len(x).bit_length()  # the bit length of n = i + 1, which only goes down
    low = 1 << k >> 1
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        if n < low:
            k -= 1
            low >>= 1
        j = bits(k)
        while j >= n:
            j = bits(k)
        x[i], x[j] = x[j], x[i]



_SMALL = 21  # CPython's `sample` draws from a copy of a population this small (any k)


def sample(rng: random.Random, population: Sequence[T], k: int) -> list[T]:
    """`rng.sample(population, k)`: for a small population (the random player's draft cards and
    spots), each pick `_randbelow` of the copy's untaken part, whose last item fills the gap."""
    n = len(population)
    if n > _SMALL or not 0 <= k <= n:
        return rng.sample(population, k)  # (its other method; or its ValueError)
    bits = rng.getrandbits
    pool = list(population)
    out = []
    for m in range(n, n - k, -1):  # m: the untaken part's length
        b = m.bit_length()
        j = bits(b)
        while j >= m:
            j = bits(b)
        out.append(pool[j])
        pool[j] = pool[m - 1]
    return out

"""Bots that can fill any seat: `make_bot(level, seed).choose(view, pending, catalog) -> Decision`
(a typed decision of `decisions.py`; the hard bot's playouts give the medium bots' typed decisions
to the trusted fast path, `Game.submit(..., trusted=True)`).

A bot sees only `game.view(player)` (`observe(game, player)`, a typed `SeatView`): its own cards,
what is public, and what it learnt from the events it saw. Levels:

- ``easy``: a random legal decision;
- ``medium``: a readable heuristic (`medium.py`);
- ``hard``: determinized Monte Carlo search with the medium bot playing the games out (`hard.py`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol, TypedDict, Unpack

from ..cards import Catalog
from ..decisions import Decision
from ..engine import Game, Pending
from ..observer import SeatView
from ..random_play import random_decision
from .knowledge import game_from_view
from .medium import MEDIUM, Weights, medium_decision

LEVELS = ("easy", "medium", "hard")


class HardOptions(TypedDict, total=False):
    """What a hard bot may be given (`HardBot`): its CPU seconds of search per decision, and the
    samples it searches at most."""

    budget: float
    max_samples: int


class Bot(Protocol):
    level: str

    def choose(self, view: SeatView, pending: Pending, catalog: Catalog) -> Decision:
        """A legal decision for `pending`, from what `view` shows."""


class EasyBot:
    level = "easy"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view: SeatView, pending: Pending, catalog: Catalog) -> Decision:
        return random_decision(game_from_view(view, pending.player, catalog), pending, self.rng)


class MediumBot:
    """The medium bot (`medium.py`); `weights` change its planner's numbers (for fitting them)."""

    level = "medium"

    def __init__(self, seed: int = 0, weights: Weights = MEDIUM):
        self.memo: dict[Any, Any] = {}
        self.turn: int | None = None
        self.weights = weights

    def choose(self, view: SeatView, pending: Pending, catalog: Catalog) -> Decision:
        if view.turn != self.turn:  # plans are remembered within a turn only
            self.memo.clear()
            self.turn = view.turn
        return medium_decision(game_from_view(view, pending.player, catalog), pending, self.memo, self.weights)


def make_bot(level: str, seed: int = 0, **options: Unpack[HardOptions]) -> Bot:
    """A bot of this level ("easy", "medium" or "hard"); `seed` makes its choices reproducible;
    `options` go to a hard bot."""
    if level == "easy":
        return EasyBot(seed)
    if level == "medium":
        return MediumBot(seed)
    if level == "hard":
        from .hard import HardBot

        return HardBot(seed, **options)
    raise ValueError(f"unknown bot level {level!r} (choose from {', '.join(LEVELS)})")


def play_bot_game(levels: list[str], seed: int, catalog: Catalog | None = None,
                  bot_options: HardOptions | None = None,
                  on_decision: Callable[[Pending, str, float, float], object] | None = None) -> Game:
    """Play a whole game with one bot per seat (`levels[i]` plays seat i); returns the finished game.

    `bot_options` go to the hard bots (e.g. ``{"budget": 0.2}``). `on_decision(pending, level,
    seconds, cpu_seconds)` is called after each bot decision (for benchmarks).
    """
    import time

    game = Game.new([f"{lv.title()} {i + 1}" for i, lv in enumerate(levels)], seed=seed, catalog=catalog)
    bots = [make_bot(lv, seed * 101 + i, **(bot_options or HardOptions()) if lv == "hard" else HardOptions())
            for i, lv in enumerate(levels)]
    while not game.over:
        for pend in game.pending():
            start, cpu = time.perf_counter(), time.thread_time()
            decision = bots[pend.player].choose(game.view(pend.player), pend, game.catalog)
            if on_decision is not None:
                on_decision(pend, levels[pend.player], time.perf_counter() - start, time.thread_time() - cpu)
            game.apply(pend.player, decision)
    return game


__all__ = ["LEVELS", "Bot", "HardOptions", "EasyBot", "MediumBot", "make_bot", "play_bot_game", "game_from_view"]

"""The bots' golden decisions: seeded games of medium (and easy) bots, the hard bot's search on
positions of such games with a fixed number of samples, whole games with hard bots (fixed samples),
and the coach's hints on positions of medium games, written as JSON to tests/golden/bots.json.

The medium bot is the yardstick of the tournaments and the hard bot's playout policy: a change that
is meant to be only faster (a cache, a cheaper key) must leave every one of these decisions, and the
hard bot's playout scores, exactly as they are. If a change of the bots' play is meant, rewrite the
file with `python scripts/regen_golden.py bots` and say so.
"""

from __future__ import annotations

import json
import math
from typing import Any

from helpers.golden import GOLDEN_DIR

from papertales_tui.rules import coach
from papertales_tui.rules.bots import make_bot
from papertales_tui.rules.card_files import default_catalog
from papertales_tui.rules.engine import Game, Pending
from papertales_tui.rules.solo import new_game as new_solo_game

PATH = GOLDEN_DIR / "bots.json"
# (bot levels by seat, seed, solo difficulty or None)
GAMES: list[tuple[list[str], int, int | None]] = [
    (["medium", "medium"], 3, None),
    (["medium", "medium", "easy"], 4, None),
    (["medium", "easy", "medium", "medium"], 6, None),
    (["medium", "medium", "medium", "medium", "medium"], 8, None),
    (["medium"], 5, 2),
]
# games whose positions the hard bot searches: every 7th Recruitment, Deployment or Construction
HARD_GAMES: list[tuple[list[str], int, int | None]] = [(["medium", "medium", "medium"], 9, None), (["medium"], 10, 1)]
HARD_EVERY = 7
FIXED = {"budget": 1000.0, "max_samples": 2}  # a search whatever the machine's speed
SEARCHED = ("pick", "deploy", "construction")
# whole games with hard bots searching a fixed number of samples: what they see and remember over a
# game (at 2 players with its fitted weights, hard.FITTED_FOR)
HARD_PLAYERS: list[tuple[list[str], int, int | None]] = [(["hard", "medium", "easy"], 3, None), (["hard"], 7, 2),
                                                         (["medium", "hard"], 14, None)]
# games on whose positions the coach gives hints (every 9th searched decision), with a fixed number of samples
HINT_GAMES: list[tuple[list[str], int, int | None]] = [(["medium", "medium", "medium"], 11, None),
                                                       (["medium", "medium"], 12, None), (["medium"], 13, 1)]
HINT_EVERY = 9


def _play(levels: list[str], seed: int, difficulty: int | None, at: Any = None) -> Game:
    """A whole game of these bots; `at(game, pending)` is called before each decision."""
    names = [f"P{i}" for i in range(len(levels))]
    game: Game = (new_solo_game(names, seed=seed, difficulty=difficulty) if difficulty is not None
                  else Game.new(names, seed=seed))
    bots = [make_bot(level, seed * 7 + i, **(FIXED if level == "hard" else {})) for i, level in enumerate(levels)]
    while not game.over:
        for pend in game.pending():
            if at is not None:
                at(game, pend)
            game.apply(pend.player, bots[pend.player].choose(game.view(pend.player), pend, game.catalog))
    return game


def _hard_searches() -> list[dict[str, Any]]:
    """The hard bot's decision and each candidate's playout scores on some positions of HARD_GAMES."""
    catalog = default_catalog()
    out: list[dict[str, Any]] = []
    seen = 0

    def at(game: Game, pend: Pending) -> None:
        nonlocal seen
        if pend.kind.value not in SEARCHED:
            return
        seen += 1
        if seen % HARD_EVERY:
            return
        bot = make_bot("hard", seen, **FIXED)
        scores: list[list[float]] = []  # each candidate's playout scores (fewer for one dropped from the race)
        search = bot.search  # type: ignore[attr-defined]

        def recorded(*args: Any) -> list[list[float]]:
            scores[:] = search(*args)
            return scores

        bot.search = recorded  # type: ignore[attr-defined]
        decision = bot.decide(game.view(pend.player), pend, catalog)  # type: ignore[attr-defined]
        out.append({"turn": game.state.turn, "player": pend.player, "decision": decision.to_dict(),
                    "scores": [[repr(x) for x in s] for s in scores]})

    for levels, seed, difficulty in HARD_GAMES:
        _play(levels, seed, difficulty, at)
    return out


def _hints() -> list[dict[str, Any]]:
    """The coach's hint (its choice, and each option's playout scores and averages) on some
    positions of HINT_GAMES, with a fixed number of samples."""
    out: list[dict[str, Any]] = []
    seen = 0

    def at(game: Game, pend: Pending) -> None:
        nonlocal seen
        if pend.kind not in coach.SEARCHED:
            return
        seen += 1
        if seen % HINT_EVERY:
            return
        h = coach.hint(game.view(pend.player), pend, game.catalog, budget=math.inf, max_samples=3, seed=seen)
        out.append({"turn": game.state.turn, "player": pend.player, "choice": h.choice.to_dict(),
                    "samples": h.samples,
                    "outcomes": [{"decision": o.decision.to_dict(), "scores": [repr(x) for x in o.scores],
                                  "lp": repr(o.lp), "gold": repr(o.gold), "wars": repr(o.wars),
                                  "beaten": sorted(o.beaten.items())} for o in h.outcomes]})

    for levels, seed, difficulty in HINT_GAMES:
        _play(levels, seed, difficulty, at)
    return out


def record() -> dict[str, Any]:
    """The bots' decisions as the current code makes them."""
    games = []
    for levels, seed, difficulty in GAMES + HARD_PLAYERS:
        game = _play(levels, seed, difficulty)
        games.append({"levels": levels, "seed": seed, "difficulty": difficulty,
                      "decisions": game.state.decisions})
    return {"games": games, "hard": _hard_searches(), "hints": _hints()}


def write() -> str:
    """Rewrite the golden file; returns its text."""
    text = json.dumps(record(), indent=1, sort_keys=True) + "\n"
    PATH.write_text(text, encoding="utf-8")
    return text

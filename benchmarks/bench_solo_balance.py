"""Solo balance: the player's win rate against the Lich King at each difficulty (0-4 Lich King cards),
played by a bot over seeded games. Game k of each level uses seed `seed + k`; the Lich King cards of
a level are drawn at random by that seed, as in a real game.

Usage: python benchmarks/bench_solo_balance.py [--games 2000] [--bot medium] [--workers 2] [--each-card]
"""

from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor

from papertales_tui.rules.card_files import default_catalog
from papertales_tui.rules.solo import new_game as new_solo_game
from papertales_tui.rules.solo import play_random_solo_game


def strongest_bot() -> str:
    """The strongest bot level that plays a game in reasonable time ("easy" = random play)."""
    try:
        from papertales_tui.rules.bots import LEVELS
    except ImportError:
        return "easy"
    return "medium" if "medium" in LEVELS else "easy"


def play(level: str, seed: int, difficulty: int, lich_cards: list[str] | None = None) -> tuple[int, int]:
    """One solo game; returns (player LP, Lich King LP)."""
    catalog = default_catalog()
    if level == "easy" and lich_cards is None:
        game = play_random_solo_game("Bot", seed, difficulty, catalog)
    else:
        from papertales_tui.rules.bots import make_bot

        game = new_solo_game(["Bot"], seed=seed, catalog=catalog, difficulty=difficulty, lich_cards=lich_cards)
        bot = make_bot(level, seed)
        while not game.over:
            for pend in game.pending():
                game.apply(pend.player, bot.choose(game.view(pend.player), pend, catalog))
    return game.players[0].lp, game.mode.lich_lp


def _batch(args: tuple) -> list[tuple[int, int]]:
    level, seeds, difficulty, lich_cards = args
    return [play(level, s, difficulty, lich_cards) for s in seeds]


def measure(level: str, games: int, seed: int, difficulty: int, workers: int,
            lich_cards: list[str] | None = None) -> list[tuple[int, int]]:
    seeds = list(range(seed, seed + games))
    chunks = [(level, seeds[i::workers * 4], difficulty, lich_cards) for i in range(workers * 4)]
    if workers == 1:
        return [r for c in chunks for r in _batch(c)]
    with ProcessPoolExecutor(workers) as pool:
        return [r for part in pool.map(_batch, chunks) for r in part]


def row(label: str, results: list[tuple[int, int]]) -> str:
    n = len(results)
    wins = sum(p > lich for p, lich in results)
    rate = wins / n
    margin = 1.96 * math.sqrt(rate * (1 - rate) / n)
    player = sum(p for p, _ in results) / n
    lich = sum(lich for _, lich in results) / n
    return f"| {label} | {n} | {100 * rate:5.1f}% ± {100 * margin:.1f} | {player:5.1f} | {lich:5.1f} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="games per difficulty (default 2000)")
    parser.add_argument("--bot", default=None, help="bot level (default: the strongest available)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--each-card", action="store_true", help="also measure each Lich King card alone")
    args = parser.parse_args()
    level = args.bot or strongest_bot()
    print(f"bot: {level}; {args.games} games per row, seeds {args.seed}..{args.seed + args.games - 1}")
    print("| Difficulty | Games | Player wins (95% CI) | Player LP | Lich King LP |")
    print("|---|---|---|---|---|")
    start = time.perf_counter()
    levels = len(default_catalog().lich_king)
    for difficulty in range(levels + 1):
        print(row(str(difficulty), measure(level, args.games, args.seed, difficulty, args.workers)), flush=True)
    if args.each_card:
        for key, card in default_catalog().lich_king.items():
            results = measure(level, args.games, args.seed, 1, args.workers, [key])
            print(row(f"1: {card.name}", results), flush=True)
    print(f"seconds: {time.perf_counter() - start:.0f}")


if __name__ == "__main__":
    main()

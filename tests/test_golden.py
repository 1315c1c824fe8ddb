"""Golden playthroughs: seeded games stored as text under tests/golden/, replayed and compared.

A failure here means the rules now do something else with the same seed and decisions (or log it
differently). If that is meant, run `python scripts/regen_golden.py` and read the diff of tests/golden/.
"""

from __future__ import annotations

import difflib

import pytest
from helpers.golden import GAMES, GOLDEN_DIR, parse, path_of, replay

from papertales_tui.rules.random_play import play_random_game
from papertales_tui.rules.solo import play_random_solo_game


def _diff(old: str, new: str, name: str) -> str:
    lines = difflib.unified_diff(old.splitlines(), new.splitlines(), f"golden/{name}.txt", "replayed", lineterm="", n=2)
    return "\n".join(list(lines)[:60])


def test_every_golden_file_is_a_known_game():
    assert sorted(p.stem for p in GOLDEN_DIR.glob("*.txt")) == sorted(GAMES)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_replaying_the_recorded_decisions_gives_the_same_game(name):
    old = path_of(name).read_text(encoding="utf-8")
    setup, _ = parse(old)
    assert setup == GAMES[name]
    new = replay(old)
    assert new == old, ("the game changed; if meant, run scripts/regen_golden.py and read the diff\n"
                        + _diff(old, new, name))


def _decisions_sorted_per_round(text: str) -> list[str]:
    out, block = [], []
    for line in text.splitlines() + [""]:
        if line.startswith("decision "):
            block.append(line)
            continue
        out += sorted(block)
        block = []
        out.append(line)
    return out


@pytest.mark.parametrize("name", ["2p", "3p", "5p"])
def test_the_order_of_simultaneous_decisions_does_not_matter(name):
    """Players decide one at a time, in any order: the step resolves the same way."""
    old = path_of(name).read_text(encoding="utf-8")
    reordered = replay(old, order=lambda pending: pending[::-1])
    expected = _decisions_sorted_per_round(old)
    got = _decisions_sorted_per_round(reordered)
    assert sorted(got) == sorted(expected)
    # age targets resolve on the spot: only their Age tokens may be logged in another order
    moved = [(a, b) for a, b in zip(got, expected, strict=True) if a != b]
    assert all('"type": "age_added"' in a and '"type": "age_added"' in b for a, b in moved), moved[:2]


def test_golden_games_are_the_random_bot_games():
    """The files record the same games as `play_random_game` (same seed, same bot draws)."""
    setup = GAMES["3p"]
    game = play_random_game(list(setup.players), setup.seed)
    scores = " | ".join(f"{p.name} {p.lp} LP {p.gold} Gold" for p in game.state.players)
    assert f"scores {scores}" in path_of("3p").read_text()
    solo = GAMES["solo-d3"]
    game = play_random_solo_game(solo.players[0], solo.seed, solo.difficulty)
    assert f"Lich King {game.mode.solo.lich_lp} LP\n\n## over" in path_of("solo-d3").read_text()

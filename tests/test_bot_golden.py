"""The bots decide exactly as recorded in tests/golden/bots.json (see tests/helpers/bot_golden.py):
the medium bot in whole games, the hard bot's search (decision and playout scores) with a fixed
number of samples. A speed-up must pass it unchanged; a meant change of play rewrites the file."""

from __future__ import annotations

import json

from helpers import bot_golden


def first_difference(old: object, new: object, where: str = "") -> str:
    """Where two JSON values first differ, and the two values there."""
    if isinstance(old, dict) and isinstance(new, dict):
        for k in sorted(set(old) | set(new)):
            if old.get(k) != new.get(k):
                return first_difference(old.get(k), new.get(k), f"{where}.{k}")
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for i, (a, b) in enumerate(zip(old, new)):
            if a != b:
                return first_difference(a, b, f"{where}[{i}]")
    return f"{where or 'top'}: recorded {json.dumps(old)}, now {json.dumps(new)}"


def test_the_bots_decide_as_recorded():
    old = json.loads(bot_golden.PATH.read_text(encoding="utf-8"))
    new = json.loads(json.dumps(bot_golden.record()))  # (tuples as lists, as in the file)
    assert new == old, ("the bots' decisions changed; if meant, run `python scripts/regen_golden.py bots`\n"
                        + first_difference(old, new))


def test_the_record_covers_every_kind_of_game_and_search():
    old = json.loads(bot_golden.PATH.read_text(encoding="utf-8"))
    assert {len(g["levels"]) for g in old["games"]} == {1, 2, 3, 4, 5}
    construction = {"build", "upgrade", "pass"}
    kinds = {d["kind"] for g in old["games"] for d in g["decisions"]}
    assert {"pick", "deploy"} <= kinds and kinds & construction
    searched = {h["decision"]["kind"] for h in old["hard"]}
    assert {"pick", "deploy"} <= searched and searched & construction

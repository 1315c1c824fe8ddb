"""The coach compares more than one deployment (QA playtest, a 2-player game, turn 1): with ¤3 and a
hand of Commander ¤2 ⚔4, Knight ¤1 ⚔4, … the hard bot's candidates all came out as "no new Units"
(the medium planner's choice and each of its variants), so the hint said "no new Units; to the discard:
Commander, Knight, … · 0 playouts · Why: the only sensible choice the coach sees" without a sample."""

from __future__ import annotations

from papertales_tui.rules import coach
from papertales_tui.rules.decisions import Deploy
from papertales_tui.rules.engine import Game

DECISIONS = [(0, {"kind": "pick", "card": 49, "discard": 80}), (1, {"kind": "pick", "card": 14, "discard": 46}),
             (0, {"kind": "pick", "card": 42, "discard": 58}), (1, {"kind": "pick", "card": 32, "discard": 71}),
             (0, {"kind": "pick", "card": 53, "discard": 24}), (1, {"kind": "pick", "card": 54, "discard": 18}),
             (0, {"kind": "pick", "card": 30, "discard": 79}), (1, {"kind": "pick", "card": 63, "discard": 56}),
             (0, {"kind": "deploy", "slots": [53, 42, None, 49, None], "keep": None, "unpaid": []})]


def test_a_deployment_hint_weighs_placing_units_against_placing_none(catalog):
    game = Game.new(["Player 1", "Player 2"], seed=530117, catalog=catalog)
    for player, decision in DECISIONS:
        game.apply(player, decision)
    pend = game.pending()[0]
    view = game.view(1)
    options = coach.options_for(view, pend, catalog)
    assert len(options) >= 2
    assert any(isinstance(d, Deploy) and any(c is not None for c in d.slots) for d in options)
    for d in options:
        game.check(1, d)  # each one legal
    hint = coach.hint(view, pend, catalog, budget=0.2, max_samples=8)
    assert hint.playouts > 0 and hint.runner_up is not None  # weighed on samples, not "the only choice"

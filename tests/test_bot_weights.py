"""The planner's weights (`medium.Weights`): the medium bot's by default, the hard bot's fitted ones
read from `planner_weights.json` (scripts/fit_planner.py), reaching the hard bot's own seat only."""

from __future__ import annotations

import json

import pytest
from helpers.random_games import random_game
from pydantic import ValidationError

from papertales_tui.rules.bots import MediumBot, hard
from papertales_tui.rules.bots.hard import candidates, fitted_weights, weights_for
from papertales_tui.rules.bots.medium import MEDIUM, Planner, Weights, medium_decision
from papertales_tui.rules.engine import Game

GREEDY = Weights(gold_lp=3.0, future=0.0)  # Gold dear, the future worth nothing: another bot


def test_the_shipped_weights_are_the_fits():
    """The file holds the fit of 2, 3 and 5 players; the bot takes those of the counts it was
    measured stronger with."""
    shipped = json.loads(hard.WEIGHTS_FILE.read_text(encoding="utf-8"))["weights"]
    fit = fitted_weights()
    assert sorted(fit) == sorted(int(n) for n in shipped) == [2, 3, 5]
    for n, fields in shipped.items():
        assert fit[int(n)] == Weights(**{k: tuple(v) if isinstance(v, list) else v for k, v in fields.items()})
    assert {n: fit[n] for n in hard.FITTED_FOR} == hard.WEIGHTS


def test_each_count_of_players_takes_its_fit(monkeypatch):
    two, three, five = Weights(gold_lp=0.2), Weights(gold_lp=0.3), Weights(gold_lp=0.5)
    monkeypatch.setattr(hard, "WEIGHTS", {2: two, 3: three, 5: five})
    assert [weights_for(n) for n in range(1, 8)] == [MEDIUM, two, three, five, five, five, five]
    monkeypatch.setattr(hard, "WEIGHTS", {2: two})
    assert [weights_for(n) for n in range(1, 8)] == [MEDIUM, two, MEDIUM, MEDIUM, MEDIUM, MEDIUM, MEDIUM]
    monkeypatch.setattr(hard, "WEIGHTS", {})
    assert weights_for(2) == MEDIUM


def test_a_weights_file_is_checked(tmp_path):
    path = tmp_path / "w.json"
    path.write_text(json.dumps({"weights": {"2": {"gold_lp": 0.6, "typical_strength": [5, 8, 10, 11]}}}))
    assert fitted_weights(path) == {2: Weights(gold_lp=0.6, typical_strength=(5.0, 8.0, 10.0, 11.0))}
    path.write_text(json.dumps({"weights": {"3": {"gold_lp": 0.6, "gold": 1}}}))  # a field no planner reads
    with pytest.raises(ValidationError, match="gold"):
        fitted_weights(path)
    path.write_text(json.dumps({"weights": {"3": {"future": "much"}}}))
    with pytest.raises(ValidationError, match="future"):
        fitted_weights(path)
    path.write_text(json.dumps({"weights": {"three": {}}}))
    with pytest.raises(ValidationError):
        fitted_weights(path)


def test_weights_change_the_plans_and_are_remembered_apart():
    """Other weights make other decisions in the same games, and the values they work out are kept
    under a context of their own (a hard bot's memo holds its own seat's and the medium seats')."""
    differ = 0
    for seed in range(4):
        game = random_game(3, seed, until_turn=2)
        memo: dict = {}
        for pend in game.pending():
            plain = medium_decision(game, pend, memo)
            greedy = medium_decision(game, pend, memo, GREEDY)
            assert greedy == medium_decision(game, pend, {}, GREEDY)  # the shared memo did not leak
            assert plain == medium_decision(game, pend, {})
            differ += plain != greedy
        assert Planner(game, 0, memo, weights=GREEDY).context != Planner(game, 0, memo).context
    assert differ


def test_a_medium_bot_with_the_medium_weights_is_the_medium_bot():
    game_a, game_b = Game.new(["A", "B"], seed=3), Game.new(["A", "B"], seed=3)
    a, b = [MediumBot(), MediumBot()], [MediumBot(0, MEDIUM), MediumBot(0, Weights())]
    while not game_a.over:
        for pa, pb in zip(game_a.pending(), game_b.pending(), strict=True):
            da = a[pa.player].choose(game_a.view(pa.player), pa, game_a.catalog)
            assert da == b[pb.player].choose(game_b.view(pb.player), pb, game_b.catalog)
            game_a.apply(pa.player, da)
            game_b.apply(pb.player, da)
    assert game_a.scores() == game_b.scores()


def test_the_hard_bots_first_candidate_is_its_planners():
    for seed in range(3):
        game = random_game(3, seed, until_turn=2)
        for pend in game.pending():
            assert candidates(game, pend, {}, None, GREEDY)[0] == medium_decision(game, pend, {}, GREEDY)

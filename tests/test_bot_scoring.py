"""What the hard bot's playouts score: how far they play, the standing of a Kingdom mid-game, and
the win objective of 2-player games."""

from __future__ import annotations

import random

import pytest

from papertales_tui.rules.bots.hard import WIN_BONUS, Scoring, candidates, playout, score, standing
from papertales_tui.rules.bots.knowledge import game_from_view
from papertales_tui.rules.engine import Game
from papertales_tui.rules.random_play import random_decision


def _played(players: int, seed: int, until_turn: int) -> Game:
    game = Game.new([f"P{i}" for i in range(players)], seed=seed)
    rng = random.Random(seed)
    while game.state.turn < until_turn and not game.over:
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    return game


def _played_out(turn: int, scoring: Scoring) -> Game:
    """A sample of the first decision of `turn` (3 players), played out as `scoring` says."""
    game = _played(3, 5, until_turn=turn)
    pend = game.pending()[0]
    view = game.view(pend.player)
    option = candidates(game_from_view(view, pend.player, game.catalog), pend, {})[0]
    sim = game_from_view(view, pend.player, game.catalog, random.Random(2))
    playout(sim, pend.player, option, {}, scoring=scoring)
    return sim


@pytest.mark.parametrize("turn", [2, 3])
def test_a_playout_stops_at_the_end_of_its_turn_by_default(turn):
    sim = _played_out(turn, Scoring())
    assert not sim.over and sim.state.turn == turn + 1


def test_a_playout_goes_to_the_end_of_the_game_from_the_turn_asked():
    assert _played_out(3, Scoring(full_game_turns=1)).over  # one turn after this one: to the end
    sim = _played_out(2, Scoring(full_game_turns=1))  # two turns after it: the end of the turn only
    assert not sim.over and sim.state.turn == 3


def _start_of_turn(players: int, seed: int, turn: int) -> Game:
    game = _played(players, seed, until_turn=turn)
    assert game.state.turn == turn and game.state.phase == "recruitment"
    return game


@pytest.mark.parametrize("seed", range(3))
def test_gold_is_worth_less_in_the_standing_as_the_end_nears(seed):
    def gold_worth(game: Game) -> float:
        p = game.state.players[0]
        before = standing(game, 0, {}, fitted=True)
        p.gold += 1
        return standing(game, 0, {}, fitted=True) - before

    early, late = gold_worth(_start_of_turn(2, seed, 2)), gold_worth(_start_of_turn(2, seed, 4))
    assert early > late > 0
    game = _start_of_turn(2, seed, 4)
    game.state.players[0].gold += 1
    assert standing(game, 0, {}) - standing(_start_of_turn(2, seed, 4), 0, {}) == 0.5  # not fitted: GOLD_LP


def _margin_set_to(game: Game, margin: float, scoring: Scoring) -> float:
    """The score of `game` for player 0 once its LP make its standing margin `margin`."""
    now = score(game, 0, {}, Scoring())
    game.state.players[0].lp += round(margin - now)
    return score(game, 0, {}, scoring)


@pytest.mark.parametrize("seed", range(3))
def test_the_win_objective_counts_lp_most_where_they_turn_a_loss_into_a_win(seed):
    """Before the end of a 2-player game a playout's score is its standing margin plus the win bonus
    times the chance to win from there: 2 LP more count most about an even game."""
    margin, win = Scoring(), Scoring(objective="win")

    def gain(low: int, scoring: Scoring) -> float:  # what 2 LP more are worth from a margin of `low`
        return _margin_set_to(_start_of_turn(2, seed, 3), low + 2, scoring) - \
            _margin_set_to(_start_of_turn(2, seed, 3), low, scoring)

    assert gain(-1, margin) == gain(13, margin) == gain(-15, margin) == pytest.approx(2)
    assert gain(-1, win) > gain(13, win) > 2 and gain(-1, win) > gain(-15, win) > 2
    lead = _margin_set_to(_start_of_turn(2, seed, 3), 1, win)
    assert 1 + WIN_BONUS / 2 < lead < 1 + WIN_BONUS  # a little more than an even chance

    def bonus(turn: int) -> float:  # the win objective's bonus for a lead of about 3 LP
        game = _start_of_turn(2, seed, turn)
        _margin_set_to(game, 3, margin)
        return score(game, 0, {}, win) - score(game, 0, {}, margin)

    assert bonus(4) > bonus(3) > WIN_BONUS / 2  # a lead is a surer win with one turn left than two
    three = _start_of_turn(3, seed, 3)
    assert score(three, 0, {}, win) == score(three, 0, {}, margin)  # 3 players: the margin

"""The bots' shared Kingdom evaluations, the hard bot's deadline and its opponent model."""

from __future__ import annotations

import copy
import random

import pytest

from papertales_tui.rules.bots import evaluation, make_bot
from papertales_tui.rules.bots.hard import OutOfTime, candidates, playout
from papertales_tui.rules.bots.knowledge import game_from_view
from papertales_tui.rules.bots.medium import Planner, medium_decision
from papertales_tui.rules.bots.opponents import OpponentModel
from papertales_tui.rules.engine import Game
from papertales_tui.rules.random_play import random_decision
from papertales_tui.rules.state import Unit


def _played(players: int, seed: int, until_turn: int) -> Game:
    game = Game.new([f"P{i}" for i in range(players)], seed=seed)
    rng = random.Random(seed)
    while game.state.turn < until_turn and not game.over:
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    return game


@pytest.mark.parametrize("seed", range(6))
def test_remembered_evaluations_are_the_engines(seed):
    game = _played(3, seed, until_turn=3)
    memo: dict = {}
    rng = random.Random(seed)
    cards = [c for c in range(len(game.state.cards))]
    for _ in range(40):
        j = rng.randrange(3)
        p = game.state.players[j]
        slots = [None if rng.random() < 0.4 else Unit(rng.choice(cards), rng.randrange(4)) for _ in range(5)]
        if rng.random() < 0.3:  # a Building changes what the same Units are worth
            key = rng.choice(list(game.catalog.buildings))
            p.buildings[key] = rng.choice((1, 2))
        f = evaluation.forecast(game, j, memo, slots)
        saved, p.slots = p.slots, slots
        try:
            wars = evaluation.WARS if f.war_gains else ()
            assert f == game.forecast(j, wars)
            assert evaluation.resources(game, j, memo, slots) == game.resources(j)
            assert evaluation.unit_strengths(game, j, memo, slots) == game.unit_strengths(j)
        finally:
            p.slots = saved
        assert evaluation.forecast(game, j, memo, slots) is f  # remembered


def test_a_playout_stops_at_its_deadline():
    game = _played(3, 1, until_turn=2)
    pend = game.pending()[0]
    view = game.view(pend.player)
    options = candidates(game_from_view(view, pend.player, game.catalog), pend, {})
    sim = game_from_view(view, pend.player, game.catalog, random.Random(1))
    with pytest.raises(OutOfTime):
        playout(sim, pend.player, options[0], {}, deadline=0.0)  # long past
    sim = game_from_view(view, pend.player, game.catalog, random.Random(1))
    assert isinstance(playout(sim, pend.player, options[0], {}), float)  # no deadline


def test_the_hard_bot_counts_its_samples_and_playouts():
    game = _played(3, 2, until_turn=2)
    bot = make_bot("hard", 2, budget=100.0, max_samples=3)
    while game.state.turn == 2:
        for pend in game.pending():
            if pend.player == 0:
                game.apply(0, bot.choose(game.view(0), pend, game.catalog))
            else:
                game.apply(pend.player, random_decision(game, pend, random.Random(pend.player)))
    assert bot.samples and set(bot.samples) == {3}
    assert all(n % 3 == 0 and n >= 6 for n in bot.playouts)  # every candidate once a sample


def _recruiting_view(game: Game, me: int) -> dict:
    assert game.state.phase == "recruitment"
    return game.view(me)


def test_the_opponent_model_scales_each_opponent_by_the_strength_they_showed():
    game = _played(3, 5, until_turn=2)
    model = OpponentModel()
    view = _recruiting_view(game, 0)
    model.watch(view, game_from_view(view, 0, game.catalog), 0)
    planner = Planner(game_from_view(view, 0, game.catalog), 0)
    estimate = {j: planner.rival_estimate(j) for j in (1, 2)}
    assert model.outlook() == {}  # nothing shown yet
    later = copy.deepcopy(view)  # the Wars of this turn: P1 twice as strong as estimated, P2 half
    later["log"] += [{"type": "war_strength", "player": 1, "strength": round(2 * estimate[1]), "parts": []},
                     {"type": "war_strength", "player": 2, "strength": round(estimate[2] / 2), "parts": []}]
    model.watch(later, game_from_view(view, 0, game.catalog), 0)
    outlook = model.outlook()
    assert outlook[1] > 1.2 and outlook[2] < 0.9  # shrunk towards 1 after a single turn
    strong = Planner(game_from_view(view, 0, game.catalog), 0, rival_outlook=outlook)
    assert strong.rival_now[strong.rivals.index(1)] > planner.rival_now[planner.rivals.index(1)]


@pytest.mark.parametrize("players", [2, 3])
def test_the_quick_planner_of_the_playouts_plays_whole_games_legally(players):
    game = Game.new([f"P{i}" for i in range(players)], seed=40 + players)
    memo: dict = {}
    while not game.over:
        for pend in game.pending():  # apply() validates every decision
            game.apply(pend.player, medium_decision(game, pend, memo, quick=pend.player != 0))
    assert len(game.winners()) >= 1


def test_the_quick_planner_judges_picks_on_the_kingdom_in_play():
    game = _played(3, 4, until_turn=2)
    rng = random.Random(4)
    while not game.state.players[0].hand:  # a few picks into the draft
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    pend = game.pending()[0]
    assert pend.kind == "pick" and pend.player == 0
    cards = pend.options["cards"]
    p = game.state.players[pend.player]
    quick = Planner(game, pend.player, {}, quick=True)
    gains = quick.card_gains(cards)
    saved = list(p.hand), p.kept
    p.hand, p.kept = [], None  # the hand drafted so far does not change a quick judgement
    try:
        assert Planner(game, pend.player, {}, quick=True).card_gains(cards) == gains
    finally:
        p.hand, p.kept = saved
    assert gains == quick.public_gains(cards)


@pytest.mark.parametrize("quick", [False, True])
def test_a_playout_is_the_medium_bots_play_unless_quick(quick):
    """By default every seat of a playout plays as the medium bot; `quick` plays the others (and
    the picks) with its quick planner, which decides differently somewhere in a turn of play."""
    game = _played(3, 4, until_turn=2)
    pend = game.pending()[0]
    view = game.view(pend.player)
    option = candidates(game_from_view(view, pend.player, game.catalog), pend, {})[0]
    played = game_from_view(view, pend.player, game.catalog, random.Random(3))
    playout(played, pend.player, option, {}, quick=quick)
    medium = game_from_view(view, pend.player, game.catalog, random.Random(3))
    medium.apply(pend.player, option)
    memo: dict = {}
    while medium.state.turn == 2:
        medium.submit({p.player: medium_decision(medium, p, memo) for p in medium.pending()}, trusted=True)
    assert (played.to_json() == medium.to_json()) is not quick

"""The bots' shared Kingdom evaluations, the hard bot's deadline and its opponent model."""

from __future__ import annotations

import copy
import dataclasses
import gc
import random
import weakref

import pytest
from helpers.random_games import random_game

from papertales_tui.rules.bots import evaluation, hard, make_bot, play_bot_game
from papertales_tui.rules.bots.hard import OutOfTime, candidates, playout
from papertales_tui.rules.bots.knowledge import game_from_view
from papertales_tui.rules.bots.medium import Planner, medium_decision
from papertales_tui.rules.bots.opponents import OpponentModel
from papertales_tui.rules.decisions import Deploy
from papertales_tui.rules.engine import Game
from papertales_tui.rules.observer import SeatView, WarStrength
from papertales_tui.rules.random_play import random_decision
from papertales_tui.rules.state import Unit


@pytest.mark.parametrize("seed", range(6))
def test_remembered_evaluations_are_the_engines(seed):
    game = random_game(3, seed, until_turn=3)
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
    game = random_game(3, 1, until_turn=2)
    pend = game.pending()[0]
    view = game.view(pend.player)
    options = candidates(game_from_view(view, pend.player, game.catalog), pend, {})
    sim = game_from_view(view, pend.player, game.catalog, random.Random(1))
    with pytest.raises(OutOfTime):
        playout(sim, pend.player, options[0], {}, deadline=0.0)  # long past
    sim = game_from_view(view, pend.player, game.catalog, random.Random(1))
    assert isinstance(playout(sim, pend.player, options[0], {}), float)  # no deadline


def test_the_hard_bot_counts_its_samples_and_playouts():
    game = random_game(3, 2, until_turn=2)
    bot = make_bot("hard", 2, budget=100.0, max_samples=3)
    while game.state.turn == 2:
        for pend in game.pending():
            if pend.player == 0:
                game.apply(0, bot.choose(game.view(0), pend, game.catalog))
            else:
                game.apply(pend.player, random_decision(game, pend, random.Random(pend.player)))
    assert bot.samples and set(bot.samples) == {3}
    assert all(n % 3 == 0 and n >= 6 for n in bot.playouts)  # every candidate once a sample


class _Cycle:
    def __init__(self) -> None:
        self.me = self


def test_a_search_leaves_the_collector_on_and_garbage_collectable_by_the_next():
    """The search pauses the collector and freezes what is alive at its end (so that the collector
    does not scan its figures); the next search thaws it: garbage from before is collected then."""
    game = random_game(2, 3, until_turn=2)
    bot = make_bot("hard", 3, budget=100.0, max_samples=2)
    pend = game.pending()[0]
    cycle = _Cycle()
    gone = weakref.ref(cycle)
    del cycle  # garbage only the collector can free (a cycle), alive when the search ends
    bot.choose(game.view(pend.player), pend, game.catalog)
    assert gc.isenabled() and bot.samples == [2]
    other = game.pending()[1]
    bot.choose(game.view(other.player), other, game.catalog)  # the next search thaws it
    gc.collect()
    assert gone() is None and gc.isenabled()
    gc.disable()
    try:  # a caller that paused the collector finds it paused: the last search's objects thawed, none frozen
        assert gc.get_freeze_count() > 0
        bot.choose(game.view(pend.player), pend, game.catalog)
        assert not gc.isenabled() and gc.get_freeze_count() == 0
    finally:
        gc.enable()


def _recruiting_view(game: Game, me: int) -> SeatView:
    assert game.state.phase == "recruitment"
    return game.view(me)


def test_the_opponent_model_scales_each_opponent_by_the_strength_they_showed():
    game = random_game(3, 5, until_turn=2)
    model = OpponentModel()
    view = _recruiting_view(game, 0)
    model.watch(view, game_from_view(view, 0, game.catalog), 0)
    planner = Planner(game_from_view(view, 0, game.catalog), 0)
    estimate = {j: planner.rival_estimate(j) for j in (1, 2)}
    assert model.outlook() == {}  # nothing shown yet
    # the Wars of this turn: P1 twice as strong as estimated, P2 half
    shown = (WarStrength(view.turn, 1, round(2 * estimate[1])), WarStrength(view.turn, 2, round(estimate[2] / 2)))
    later = dataclasses.replace(view, war_strengths=view.war_strengths + shown)
    model.watch(later, game_from_view(view, 0, game.catalog), 0)
    outlook = model.outlook()
    assert outlook[1] > 1.2 and outlook[2] < 0.9  # shrunk towards 1 after a single turn
    strong = Planner(game_from_view(view, 0, game.catalog), 0, rival_outlook=outlook)
    assert strong.rival_now[strong.rivals.index(1)] > planner.rival_now[planner.rivals.index(1)]


def test_a_playout_is_the_medium_bots_play():
    """Every seat of a playout plays as the medium bot, to the end of the turn."""
    game = random_game(3, 4, until_turn=2)
    pend = game.pending()[0]
    view = game.view(pend.player)
    option = candidates(game_from_view(view, pend.player, game.catalog), pend, {})[0]
    played = game_from_view(view, pend.player, game.catalog, random.Random(3))
    playout(played, pend.player, option, {})
    medium = game_from_view(view, pend.player, game.catalog, random.Random(3))
    medium.apply(pend.player, option)
    memo: dict = {}
    while medium.state.turn == 2:
        medium.submit({p.player: medium_decision(medium, p, memo) for p in medium.pending()}, trusted=True)
    assert played.to_json() == medium.to_json()


def test_the_race_drops_a_clearly_worse_option_and_keeps_close_ones():
    scores = [[5.0, 6.0, 4.0, 5.5], [5.1, 6.2, 3.9, 5.4], [1.0, 2.0, 0.0, 1.5]]
    assert hard.race(scores, [0, 1, 2], z=2.0) == [0, 1]  # option 2 is 4 LP behind on every sample
    assert hard.race(scores, [0, 1, 2], z=0.0) == [0, 1, 2]  # racing off
    tied = [[3.0, 3.0], [3.0, 3.0], [2.0, 2.0]]  # no noise (a deterministic end of turn): ties stay
    assert hard.race(tied, [0, 1, 2], z=2.0) == [0, 1]


def test_the_medium_bots_choice_stays_unless_clearly_beaten():
    noisy = [[0.0, 4.0, -2.0, 1.0], [3.0, 0.0, 1.0, 0.5]]  # option 1 ahead on average, by less than the noise
    assert hard.best(noisy, prior_z=0.0) == 1
    assert hard.best(noisy, prior_z=1.0) == 0
    clear = [[0.0, 1.0, 2.0, 1.0], [1.0, 2.0, 3.0, 2.1]]  # option 1 ahead on every sample
    assert hard.best(clear, prior_z=1.0) == 1
    raced = [[0.0, 0.0], [5.0, 5.0, 5.0, 5.0], [6.0, 4.0, 6.0, 4.5]]  # option 0 was dropped from the race
    assert hard.best(raced, prior_z=1.0) == 2


def _deploying(seed: int, turn: int) -> Game:
    game = random_game(2, seed, until_turn=turn)
    while game.state.step != "deploy":
        for pend in game.pending():
            game.apply(pend.player, medium_decision(game, pend, {}))
    return game


def test_racing_stops_playing_a_clearly_worse_option(monkeypatch):
    monkeypatch.setattr(hard, "RACE_Z", 2.0)
    game = _deploying(8, 3)
    pend = game.pending()[0]
    view = game.view(pend.player)
    medium = medium_decision(game_from_view(view, pend.player, game.catalog), pend, {})
    assert any(medium.slots)
    nothing = Deploy((None,) * 5)  # no Unit this turn
    bot = make_bot("hard", 8, budget=100.0, max_samples=20)
    scores = bot.search(view, pend.player, game.catalog, [medium, nothing], 1e9)
    # dropped after the first RACE_AFTER samples; with a single option left, the search stops there
    assert len(scores[0]) == len(scores[1]) == bot.samples[-1] == hard.RACE_AFTER < 20
    assert hard.best(scores) == 0
    monkeypatch.setattr(hard, "RACE_Z", 0.0)  # racing off: every option plays every sample
    scores = bot.search(view, pend.player, game.catalog, [medium, nothing], 1e9)
    assert len(scores[0]) == len(scores[1]) == 20 and bot.playouts[-1] == 40


def _pending_of(kind: str, seed: int) -> tuple[Game, object]:
    game = Game.new(["P0", "P1"], seed=seed)
    rng = random.Random(seed)
    while not game.over:
        for pend in game.pending():
            if pend.kind == kind and len(pend.options.slots) > 1:
                return game, pend
            game.apply(pend.player, random_decision(game, pend, rng))
    raise AssertionError(f"no {kind} decision in game {seed}")


@pytest.mark.parametrize("kind", ["age_target", "heal"])
def test_the_hard_bot_searches_age_targets_and_healer_saves(monkeypatch, kind):
    monkeypatch.setattr(hard, "SEARCH_SMALL", True)
    game, pend = _pending_of(kind, 0)
    view = game.view(pend.player)
    options = candidates(game_from_view(view, pend.player, game.catalog), pend, {})
    assert len(options) > 1 and options[0] == medium_decision(game_from_view(view, pend.player, game.catalog), pend, {})
    bot = make_bot("hard", 1, budget=100.0, max_samples=2)
    decision = bot.choose(view, pend, game.catalog)
    assert bot.samples == [2]  # searched
    game.apply(pend.player, decision)  # and legal


def test_the_wide_deployment_candidates_are_legal(monkeypatch):
    monkeypatch.setattr(hard, "WIDE_DEPLOY", True)
    game = _deploying(8, 3)
    pend = game.pending()[0]
    view = game.view(pend.player)
    options = candidates(game_from_view(view, pend.player, game.catalog), pend, {})
    monkeypatch.setattr(hard, "WIDE_DEPLOY", False)
    narrow = candidates(game_from_view(view, pend.player, game.catalog), pend, {})
    assert len(options) > len(narrow) and options[:len(narrow)] == narrow
    for option in options:
        copy.deepcopy(game).apply(pend.player, option)  # every one legal


@pytest.mark.parametrize("seed", [2, 6])
def test_the_widest_search_plays_whole_games_legally(monkeypatch, seed):
    """Every widening on (games 2 and 6 deploy a Unit of negative cost that pays for another: leaving
    it out would be unaffordable, so that variant is not offered)."""
    for name, value in {"PICKS": 5, "DISCARDS": 2, "WIDE_DEPLOY": True, "SEARCH_SMALL": True,
                        "RACE_Z": 2.0, "PRIOR_Z": 1.0}.items():
        monkeypatch.setattr(hard, name, value)
    game = play_bot_game(["hard", "medium"], seed=seed, bot_options={"budget": 100.0, "max_samples": 2})
    assert game.over  # apply() refused no decision


def test_a_first_sample_cut_by_the_deadline_keeps_the_options_it_played(monkeypatch):
    game = _deploying(8, 3)
    pend = game.pending()[0]
    view = game.view(pend.player)
    options = candidates(game_from_view(view, pend.player, game.catalog), pend, {})
    assert len(options) >= 4
    played = []
    real = hard.playout

    def third_runs_out(*args, **kwargs):  # the deadline comes during the first sample's third playout
        if len(played) == 2:
            raise OutOfTime
        played.append(args[2])
        return real(*args, **kwargs)

    monkeypatch.setattr(hard, "playout", third_runs_out)
    bot = make_bot("hard", 8, budget=100.0)
    scores = bot.search(view, pend.player, game.catalog, options, 1e9)
    assert played == options[:2] and [len(s) for s in scores] == [1, 1] + [0] * (len(options) - 2)
    assert bot.samples[-1] == 1 and bot.playouts[-1] == 2
    assert hard.best(scores) in (0, 1)
    assert hard.best([[] for _ in options]) == 0  # nothing played at all: the medium bot's choice


@pytest.mark.parametrize("seed", range(4))
def test_a_playouts_kingdom_values_depend_on_their_keys_only(seed):
    """In the hard bot's playouts (`evaluation.playout_tables`) a Kingdom's value is worked out from
    its Units in one order, so that every sample may share it: the same whatever order they are
    asked in, and the order the medium bot itself would arrange them from when it is sorted."""
    game = random_game(3, seed, until_turn=2)
    me = 0
    p = game.state.players[me]
    rng = random.Random(seed)
    in_play = [u for u in p.slots if u is not None]
    pool = [c for c in range(len(game.state.cards)) if c not in {u.card for u in in_play}]
    turn = evaluation.kingdom_tables({})
    for _ in range(10):
        units = in_play + [Unit(c, 0) for c in rng.sample(pool, rng.randint(1, 3))]
        shuffled = rng.sample(units, len(units))
        first = Planner(game, me, evaluation.playout_tables(turn)).value(units, 3)
        again = Planner(game, me, evaluation.playout_tables(turn)).value(shuffled, 3)  # (remembered)
        fresh = Planner(game, me, evaluation.playout_tables(evaluation.kingdom_tables({}))).value(shuffled, 3)
        medium = Planner(game, me, {}).value(sorted(units, key=lambda u: (u.card, u.age)), 3)
        assert first == again == fresh == medium


def _start_of_turn_with_kept_cards(seed: int) -> Game:
    """A 3-player game of medium bots played to the first start of a turn where someone kept a card
    (where a playout stops and `standing` judges the Kingdoms)."""
    game = Game.new(["A", "B", "C"], seed=seed)
    memo: dict = {}
    turn = 1
    while not game.over:
        if game.state.turn != turn:
            turn, memo = game.state.turn, {}
            if any(p.kept is not None for p in game.state.players):
                return game
        game.submit({p.player: medium_decision(game, p, memo) for p in game.pending()}, trusted=True)
    raise AssertionError("no card kept in the whole game")


@pytest.mark.parametrize("seed", [3, 11])
def test_standing_counts_a_kept_card_only_when_asked_and_never_below_nothing(monkeypatch, seed):
    game = _start_of_turn_with_kept_cards(seed)
    memo: dict = {}
    plain = [hard.standing(game, j, memo) for j in range(3)]
    monkeypatch.setattr(hard, "KEPT_WEIGHT", 1.0)
    counted = [hard.standing(game, j, memo) for j in range(3)]
    for j, p in enumerate(game.state.players):
        planner = Planner(game, j, memo)
        units = planner.turn_value(planner.forecast(p.slots), planner.rival_now)
        kept = 0.0 if p.kept is None else hard.kept_value(planner, p.kept, p.slots, p.open_slots(), units)
        assert kept >= 0.0
        assert counted[j] == pytest.approx(plain[j] + kept)
    # somebody's kept card is worth something here (else the setting would change nothing)
    assert any(c > s for c, s in zip(counted, plain))


def test_a_kept_card_is_worth_nothing_without_a_free_spot():
    game = _start_of_turn_with_kept_cards(3)
    j = next(j for j, p in enumerate(game.state.players) if p.kept is not None)
    p = game.state.players[j]
    planner = Planner(game, j, {})
    full = list(p.slots)
    for s in p.open_slots():  # every spot filled
        full[s] = full[s] or Unit(p.kept, 0)
    units = planner.turn_value(planner.forecast(full), planner.rival_now)
    assert hard.kept_value(planner, p.kept, full, p.open_slots(), units) == 0.0

"""The turn as data: the step table `phases.STEPS` says what comes after each step and what begins it,
and one loop in the engine runs it (docs/engine.md)."""

from __future__ import annotations

import random

import pytest

from papertales_tui.rules import Game
from papertales_tui.rules.decisions import Step
from papertales_tui.rules.phases import STEPS, StepRow
from papertales_tui.rules.random_play import random_decision
from papertales_tui.rules.state import Phase

TURN_ORDER = [Step.TURN, Step.PICK, Step.DRAFT_END, Step.DEPLOY, Step.AGE_TARGET, Step.WARS, Step.INCOME,
              Step.CONSTRUCTION, Step.HEAL, Step.TURN_END, Step.NEW_TURN, Step.GAME_END]


def play(game: Game, seed: int = 0) -> Game:
    rng = random.Random(seed)
    while not game.over:
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    return game


def test_the_table_lists_the_turn_in_order():
    assert list(STEPS) == TURN_ORDER
    for step, row in STEPS.items():  # a fixed `next` is a later row (the turn goes round through NEW_TURN)
        if isinstance(row.next, str) and step != Step.NEW_TURN:
            assert TURN_ORDER.index(row.next) > TURN_ORDER.index(step)
    assert STEPS[Step.NEW_TURN].next == Step.TURN and STEPS[Step.GAME_END].next is None
    assert [STEPS[s].phase for s in (Step.WARS, Step.INCOME, Step.GAME_END)] == [Phase.WARS, Phase.INCOME, Phase.END]


def resolved_steps(monkeypatch) -> list[str]:
    """The steps the engine resolves from now on, in order."""
    seen: list[str] = []
    for step, row in list(STEPS.items()):
        def resolve(game, step=step, inner=row.resolve):
            seen.append(step)
            if inner is not None:  # (a step with nothing to resolve: only its `begin`)
                inner(game)
        monkeypatch.setitem(STEPS, step, row._replace(resolve=resolve))
    return seen


@pytest.mark.parametrize("names", [["Ann", "Bob"], ["Ann", "Bob", "Cy"]])
def test_one_loop_runs_the_table_turn_after_turn(monkeypatch, names):
    seen = resolved_steps(monkeypatch)
    game = play(Game.new(names, seed=3))
    turns, current = [], []
    for step in seen:
        if step == Step.TURN:
            current = []
            turns.append(current)
        if step != Step.PICK or current[-1] != Step.PICK:  # (a round of picks after another: one entry)
            current.append(step)
    assert turns == [TURN_ORDER[:-2] + [Step.NEW_TURN]] * 3 + [TURN_ORDER[:-2] + [Step.GAME_END]]
    assert seen.count(Step.PICK) == 4 * 5  # rounds of picks, the last single card included (9 cards, 2 a round, with 2)
    assert game.state.step == Step.NONE and game.state.phase == Phase.END


def test_a_game_rests_only_in_steps_players_decide_in():
    game = Game.new(["Ann", "Bob", "Cy"], seed=4)
    rng = random.Random(4)
    rested = set()
    while not game.over:
        rested.add(game.state.step)
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    assert rested <= {Step.PICK, Step.DEPLOY, Step.AGE_TARGET, Step.CONSTRUCTION, Step.HEAL}


def test_a_new_step_is_one_row_of_the_table(monkeypatch):
    """A tithe after Income: one row (and its module, here a function), nothing else changed."""
    def tithe(game: Game) -> None:
        for i, p in enumerate(game.players):
            if p.gold:
                game.gain(i, gold=-1, lp=1, cause="tithe")

    monkeypatch.setitem(STEPS, "tithe", StepRow(Phase.INCOME, tithe, Step.CONSTRUCTION))
    monkeypatch.setitem(STEPS, Step.INCOME, STEPS[Step.INCOME]._replace(next="tithe"))
    game = play(Game.new(["Ann", "Bob", "Cy"], seed=5))
    paid = [e for e in game.state.log if e["type"] == "gold" and e["cause"] == "tithe"]
    assert paid and all(e["phase"] == "income" and e["amount"] == -1 for e in paid)
    assert len(paid) == sum(1 for e in game.state.log if e["type"] == "lp" and e["cause"] == "tithe")
    incomes = [k for k, e in enumerate(game.state.log) if e["type"] == "gold" and e["cause"] == "income"]
    assert all(k < game.state.log.index(paid[0]) for k in incomes[:3])  # after the first Income


def test_the_steps_begin_says_what_opens_it(monkeypatch):
    """A step's `begin` runs when it opens: the Construction step opened with a grant of Gold."""
    def grant(game: Game) -> None:
        for i in range(len(game.players)):
            game.gain(i, gold=5, cause="grant")

    monkeypatch.setitem(STEPS, Step.CONSTRUCTION, STEPS[Step.CONSTRUCTION]._replace(begin=grant))
    game = play(Game.new(["Ann", "Bob"], seed=6))
    grants = [e for e in game.state.log if e["type"] == "gold" and e["cause"] == "grant"]
    assert len(grants) == 8 and {e["phase"] for e in grants} == {"construction"}


def test_a_step_set_up_by_hand_is_opened_by_the_engine_with_nothing_cached():
    """`conftest.goto` opens the step through the engine (`Game.open_step`): the Construction options
    cached during a step played before are not offered again once the Kingdom has changed."""
    from conftest import goto

    game = Game.new(["Ann", "Bob", "Cy"], seed=2)
    rng = random.Random(2)
    while not (game.state.step == Step.CONSTRUCTION and game.pending()):
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    player = game.pending()[0].player
    p = game.state.players[player]
    p.gold, p.slots = 0, [None] * 5  # nothing to build with any more
    goto(game, "construction")
    assert game.state.phase == Phase.CONSTRUCTION and game.pending_for(player) is None
    assert [e for e in game.state.log if e["type"] == "building_built" and e["player"] == player] == []

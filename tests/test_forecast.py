"""Forecasts of a deployment (rules/forecast.py) against what the engine then does, when the
opponents add nothing: strength, Wars, Income, Gold, Constructions, deaths at Aging and the LP."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from conftest import goto, new_game, put

from papertales_tui.rules.decisions import decision_from_dict
from papertales_tui.rules.engine import WAR_LP, Game
from papertales_tui.rules.forecast import (
    LOSE,
    OPEN,
    TIE,
    WIN,
    deployment_forecast,
    neighbours,
    rivals_as_they_stand,
    unpaid_for,
)
from papertales_tui.rules.random_play import random_decision, random_deployment
from papertales_tui.rules.solo import new_game as new_solo_game
from papertales_tui.text.narrator import Names, strength_part


def play_to_deployment(game: Game, turn: int, rng: random.Random) -> None:
    while not (game.state.step == "deploy" and game.state.turn == turn):
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))


def as_they_stand(game: Game, player: int) -> dict:
    """A deployment that adds nothing: the Units in play stay where they are."""
    return {"kind": "deploy", "slots": [None if u is None else u.card for u in game.players[player].slots],
            "keep": None, "unpaid": []}


def turn_events(game: Game, player: int, start: int) -> list[dict]:
    return [e for e in game.state.log[start:] if e.get("player") == player]


def check_forecast(game: Game, rng: random.Random) -> bool:
    """Plan a random deployment for player 0, forecast it, play the turn to its Aging; False when
    the turn held something the forecast leaves open (a choice, a Shapeshifter draw)."""
    pend = game.pending_for(0)
    plan = random_deployment(game, pend, rng)
    plan = replace(plan, unpaid=tuple(unpaid_for(game, 0, plan.slots)))
    f = deployment_forecast(game, 0, plan.slots, plan.keep, rivals_as_they_stand(game, 0))
    gold_before = game.players[0].gold
    start = len(game.state.log)
    game.apply(0, plan)
    for i in range(1, len(game.players)):
        game.apply(i, as_they_stand(game, i))
    if f.uncertain or game.state.step == "age_target":
        return False
    assert game.state.step in ("construction", "heal", "pick", "deploy") or game.over
    log = turn_events(game, 0, start)
    strength = next(e for e in log if e["type"] == "war_strength")
    assert strength["strength"] == f.strength
    assert [(strength_part(p, Names.of(game)), p["strength"]) for p in strength["parts"]] == list(f.parts)
    wars_lp = sum(e["amount"] for e in log if e["type"] == "lp" and e["cause"] == "wars")
    assert wars_lp == sum(w.lp[0] for w in f.wars) == sum(w.lp[1] for w in f.wars)
    income = next(e for e in log if e["type"] == "gold" and e["cause"] == "income")
    assert income["amount"] == f.income
    assert f.gold_left == gold_before - f.cost
    if game.state.step == "construction":
        assert game.players[0].gold == f.gold_left + f.income + f.war_gold[0]
        pend = game.pending_for(0)
        assert (pend.options.options if pend else ()) == f.constructions
    while game.state.step in ("construction", "heal") and game.state.turn == strength_turn(game, start):
        for p in game.pending():
            game.apply(p.player, {"kind": "pass"} if p.kind == "construction" else {"kind": "heal", "slots": []})
    log = turn_events(game, 0, start)
    died = tuple(e["slot"] for e in log if e["type"] == "unit_died")
    assert died == f.dying
    end = next((k for k, e in enumerate(log) if e["type"] == "units_aged"), len(log))
    lp = sum(e["amount"] for e in log[:end + 1] if e["type"] == "lp")
    assert lp == f.lp_total[0] == f.lp_total[1]
    return True


def strength_turn(game: Game, start: int) -> int:
    return next(e["turn"] for e in reversed(game.state.log[:start]) if e["type"] == "turn_started")


@pytest.mark.parametrize("players", [2, 3, 5])
def test_forecast_equals_what_the_engine_does(players):
    exact = 0
    for seed in range(40):
        rng = random.Random(seed)
        game = new_game(players, seed=seed)
        play_to_deployment(game, 1 + seed % 3, rng)
        exact += check_forecast(game, rng)
    assert exact >= 25  # most turns leave nothing open


def test_forecast_reads_wars_deaths_and_healer(catalog):
    game = goto(new_game(3), "deploy")
    put(game, 0, 0, "hunter", age=1)  # dies at Aging
    put(game, 0, 3, "mystical_healer")
    put(game, 1, 0, "hunter")
    p = game.players[0]
    f = deployment_forecast(game, 0, [u.card if u else None for u in p.slots], rivals=rivals_as_they_stand(game, 0))
    assert f.strength == game.strength(0)
    assert f.dying == (0,) and f.healable == (0,)
    against = {w.player: w for w in f.wars}
    assert set(against) == set(neighbours(game, 0)) == {1, 2}
    assert against[1].result == TIE and against[1].lp == (WAR_LP, WAR_LP)
    assert against[2].result == WIN and against[2].theirs == (0, 0)
    put(game, 1, 1, "farmer")
    f = deployment_forecast(game, 0, [u.card if u else None for u in p.slots], rivals=rivals_as_they_stand(game, 0))
    assert {w.player: w.result for w in f.wars}[1] == LOSE
    assert f.income == game.income(0)


def test_forecast_does_not_change_the_game():
    game = new_game(3, seed=5)
    rng = random.Random(5)
    play_to_deployment(game, 2, rng)
    before = game.to_json()
    plan = random_deployment(game, game.pending_for(0), rng)
    deployment_forecast(game, 0, plan.slots, plan.keep)
    assert game.to_json() == before


def test_solo_forecast_against_the_armies():
    for seed in range(12):
        rng = random.Random(seed)
        game = new_solo_game(["Ann"], seed=seed, difficulty=seed % 3)
        play_to_deployment(game, 1 + seed % 4, rng)
        plan = random_deployment(game, game.pending_for(0), rng)
        plan = replace(plan, unpaid=tuple(unpaid_for(game, 0, plan.slots)))
        f = deployment_forecast(game, 0, plan.slots, plan.keep)
        assert [w.against for w in f.wars] == ["Black army", "Purple army"]
        assert "the next Necropolis card (face down)" in f.uncertain
        start = len(game.state.log)
        game.apply(0, plan)
        while game.state.step == "age_target":
            pend = game.pending_for(0)
            game.apply(0, {"kind": "age_target", "slot": pend.options.slots[0]})
        wars = [e for e in game.state.log[start:] if e["type"] == "solo_war"]
        for w, e in zip(f.wars, wars):
            low, high = w.theirs
            assert low <= e["army_strength"] <= high
            if w.result != OPEN and not any(c.startswith("where") or c.startswith("what") for c in f.uncertain):
                assert e["player_won"] == (w.result in (WIN, TIE))


def test_solo_forecast_says_what_the_lich_king_gains_this_turn():
    """The Lich King's LP from his armies' Wars and his cards over the rest of the turn fall within
    the forecast's range, source by source (the plan played as forecast, no Healer asked)."""
    checked = 0
    for seed in range(16):
        rng = random.Random(seed)
        game = new_solo_game(["Ann"], seed=seed, lich_cards=["legion_of_bone", "reaper_of_souls", "ruined_realms"])
        play_to_deployment(game, 1 + seed % 4, rng)
        plan = random_deployment(game, game.pending_for(0), rng)
        plan = replace(plan, unpaid=tuple(unpaid_for(game, 0, plan.slots)))
        f = deployment_forecast(game, 0, plan.slots, plan.keep)
        assert f.others and f.others[0][0] == "Wars"
        start, turn = len(game.state.log), game.state.turn
        game.apply(0, plan)
        while not game.over and game.state.turn == turn:
            for pend in game.pending():
                game.apply(pend.player, random_decision(game, pend, rng))
        names = {c.key: c.name for c in game.mode.lich_king_cards()}
        got: dict[str, int] = {}
        for e in game.state.log[start:]:
            if e["type"] == "lich_lp" and e["cause"] in ("wars", "lich_card", "end"):
                name = "Wars" if e["cause"] == "wars" else "END card" if e["cause"] == "end" else names[e["source"]]
                got[name] = got.get(name, 0) + e["amount"]
        forecast = {name: (lo, hi) for name, lo, hi in f.others}
        for name, amount in got.items():
            low, high = forecast.get(name, (0, 0))
            assert low <= amount <= high, (seed, name, amount, f.others)
        for name, (low, _) in forecast.items():
            assert got.get(name, 0) >= low, (seed, name, f.others)
        checked += len(got)
    assert checked >= 10


def test_no_lich_king_gains_in_a_standard_game():
    game = new_game(3, seed=2)
    rng = random.Random(2)
    play_to_deployment(game, 1, rng)
    plan = random_deployment(game, game.pending_for(0), rng)
    assert deployment_forecast(game, 0, plan.slots, plan.keep).others == ()


def test_construction_report_agrees_with_the_options_and_names_what_is_missing():
    for seed in range(30):
        game = new_game(3, seed=seed)
        rng = random.Random(seed)
        while game.state.step != "construction" or game.state.turn < 1 + seed % 4:
            for pend in game.pending():
                game.apply(pend.player, random_decision(game, pend, rng))
            if game.over:
                break
        if game.over:
            continue
        for i in range(3):
            report = game.construction_report(i)
            possible = [decision_from_dict({"kind": r.kind, "building": r.building, "gold": r.gold,
                                            **({"level": r.level} if r.kind == "build" else {})})
                        for r in report if r.possible]
            key = lambda o: (o.building, o.kind, o.level)  # noqa: E731
            assert sorted(possible, key=key) == sorted(game.construction_options(i), key=key)
            for r in report:
                if r.kind != "complete":
                    assert r.gold == r.land + r.instead + sum(n for _, n in r.bought)
                    assert r.possible == (not r.missing and not r.short)


def test_construction_report_splits_the_price():
    game = goto(new_game(3), "construction")
    put(game, 0, 0, "woodcutter")
    game.state.players[0].buildings["town"] = 1  # wood and food
    game.players[0].gold = 3
    report = {(r.building, r.kind, r.level): r for r in game.construction_report(0)}
    barracks = report[("barracks", "build", 1)]
    assert barracks.possible and barracks.land == 2 and barracks.resources == (("wood", 1),)
    assert barracks.gold == 2
    tavern = report[("tavern", "build", 2)]  # food, then wood and food
    assert not tavern.possible and tavern.missing == (("food", 1),)
    temple = report[("temple", "build", 1)]  # 2 Gold instead of the ore, plus the land: 4 > 3
    assert not temple.possible and temple.instead == 2 and temple.short == 1
    assert report[("mine", "build", 2)].missing == (("ore", 1),)

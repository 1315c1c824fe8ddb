"""The app's plain-Python parts: event chapters, the deployment plan, input checks, the forecast."""

from __future__ import annotations

from conftest import give, goto, new_game, put

from papertales_tui.rules.decisions import Deploy, DeployOptions
from papertales_tui.rules.forecast import deployment_forecast
from papertales_tui.rules.random_play import play_random_game
from papertales_tui.text.narrator import Names, narrate, strength_part
from papertales_tui.tui.chapters import chapters, label_events
from papertales_tui.tui.plan import DeployPlan
from papertales_tui.tui.screens.newgame import validate


def test_chapters_follow_the_turn_and_hide_private_events():
    game = play_random_game(["A", "B", "C"], seed=8)
    log = game.state.log
    labels = label_events(log)
    for e, label in zip(log, labels):
        if e["type"] in ("war", "war_strength", "units_revealed"):
            assert label == "reveal"
        if e["type"] == "gold" and e["cause"] == "income":
            assert label == "income"
        if e["type"] in ("building_built", "construction_passed"):
            assert label == "construction"
        if e["type"] in ("unit_died", "units_aged", "unit_saved"):
            assert label == "aging"
        if e["type"] in ("card_picked", "cards_passed"):
            assert label == "recruitment"
    assert labels[-1] == "end"
    found = chapters(log, 0)
    assert [c for c, _ in found] == ["reveal", "income", "construction", "aging"] * 4 + ["end"]
    assert all(e.get("private_to") is None for _, evs in found for e in evs)
    end_lp = [e for e in found[-1][1] if e["type"] == "lp"]
    assert end_lp and all(e["cause"] in game.catalog.buildings or e["cause"] in game.catalog.units for e in end_lp)
    names = Names.of(game)
    for e in log:  # every public event reads as a sentence or is skipped on purpose
        line = narrate(e, names)
        assert line is None if e.get("private_to") is not None else line is None or "{" not in line


def test_deploy_plan_moves_keeps_and_undoes():
    plan = DeployPlan.from_options(DeployOptions(hand=(10, 11, 12), in_play=((0, 5),), open_slots=(0, 1, 3, 4),
                                                 gold=3, can_keep=True))
    assert plan.slots == [5, None, None, None, None]
    plan.place(10, 1)
    plan.place(5, 1)  # moving a Unit in play onto a new card swaps them
    assert plan.slots == [10, 5, None, None, None]
    plan.toggle_keep(10)  # keeping a placed card takes it out of its spot
    assert plan.keep == 10 and plan.slots[0] is None
    plan.remove(1)
    assert plan.discarded() == [5] and plan.new_units() == []
    plan.place(11, 3)
    assert plan.decision() == Deploy((None, None, None, 11, None), keep=10)
    while plan.undo():
        pass
    assert plan.slots == [5, None, None, None, None] and plan.keep is None


def test_new_game_input_checks():
    assert validate(["Ann", "Ben"], "") == {}
    assert validate(["Ann", "Ben"], " -12 ") == {}
    errors = validate(["Ann", " ", "ann"], "seven")
    assert set(errors) == {"name-1", "name-2", "seed"}
    assert "player 1" in errors["name-2"]


def test_strength_forecast_matches_the_engine_after_deployment():
    game = goto(new_game(2, seed=3), "deploy")
    put(game, 0, 0, "knight", age=1)
    archer, farmer = give(game, 0, ["archer", "farmer"])
    game.state.players[0].buildings["barracks"] = 1
    plan = [game.state.players[0].slots[0].card, farmer, None, archer, None]
    f = deployment_forecast(game, 0, plan)
    preview = f.strength, f.parts
    game.apply(0, {"kind": "deploy", "slots": plan, "keep": None})
    game.apply(1, {"kind": "deploy", "slots": [None] * 5, "keep": None})
    strengths = [e for e in game.state.log if e["type"] == "war_strength" and e["player"] == 0]
    assert preview[0] == strengths[-1]["strength"] == 4 + 1 + 2
    names = Names.of(game)
    assert [(strength_part(p, names), p["strength"]) for p in strengths[-1]["parts"]] == list(preview[1])


def test_turn_of_a_page_of_events():
    from papertales_tui.tui.chapters import turn_at

    game = play_random_game(["A", "B"], seed=2)
    log = game.state.log
    starts = [k for k, e in enumerate(log) if e["type"] == "turn_started"]
    assert turn_at(log, 0) == 1 and turn_at(log, starts[1]) == 1 and turn_at(log, starts[1] + 1) == 2
    last_aging = max(k for k, e in enumerate(log) if e["type"] == "units_aged")
    assert turn_at(log, last_aging) == 4


def test_a_unit_taken_out_of_play_reads_as_taken_out_not_to_make_room():
    game = goto(new_game(2), "deploy")
    knight = put(game, 0, 0, "knight")
    game.apply(0, {"kind": "deploy", "slots": [None] * 5, "keep": None})  # simply taken out
    game.apply(1, {"kind": "deploy", "slots": [None] * 5, "keep": None})
    (e,) = [e for e in game.state.log if e["type"] == "unit_discarded"]
    assert e["card"] == knight
    assert narrate(e, Names.of(game)) == "P0 takes Knight out of play (discarded, not a death)."

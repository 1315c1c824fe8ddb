"""The hosted table's messages (docs/protocol.md): the rules' values travel and come back equal, and
a seat's message is read strictly (anything else refused with what is wrong)."""

from __future__ import annotations

import json
import random

import pytest

from papertales_tui.hosting import protocol as P
from papertales_tui.rules import Game, Step, events, forecast, game_log, observe, random_decision


def test_views_options_decisions_and_events_come_back_equal() -> None:
    game = Game.new(["Ann", "Bob", "Cid"], seed=3)
    rng = random.Random(1)
    steps = set()
    while not game.over:
        for pend in game.pending():
            view = observe(game, pend.player)
            sent = P.State(view=view, asked=pend, deciding=view.deciding, reading=(), take_back=False,
                           next_seq=0, pages=0, read=0)
            got = P.to_seat(P.encode(sent), game.catalog)
            assert isinstance(got, P.State) and got.view == view and got.asked == pend
            decision = random_decision(game, pend, rng)
            text = json.dumps({"v": 1, "type": "decide", "seq": 5, "decision": decision.to_dict()})
            back = P.to_server(text)
            assert isinstance(back, P.Decide) and back.decision == decision
            steps.add(pend.kind)
            game.apply(pend.player, decision)
    assert {Step.PICK, Step.DEPLOY, Step.CONSTRUCTION} <= steps
    logged = tuple(events.known(game_log(game)))
    page = P.Page(id=0, kind="final", chapter="end", turn=6, as_of=len(logged), events=logged,
                  figures=P.Figures(lp=(1, 2, 3), gold=(0, 0, 0), changed=False))
    got = P.to_seat(P.encode(page), game.catalog)
    assert isinstance(got, P.Page) and got.events == logged
    assert json.loads(P.encode(page))["events"][0] == game_log(game)[0]  # the log's own JSON form


def test_answers_come_back_equal() -> None:
    game = Game.new(["Ann", "Bob"], seed=4)
    rng = random.Random(2)
    while game.pending()[0].kind != Step.DEPLOY:
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    pend = game.pending()[0]
    assert pend.kind == Step.DEPLOY
    plan = [pend.options.hand[0], None, None, None, None]  # type: ignore[union-attr]
    made = forecast.safe_forecast(game, 0, plan)
    assert made is not None
    for ask, value in (("forecast", made), ("construction_report", tuple(game.construction_report(0))),
                       ("would_die", False), ("suggested_unpaid", (3, 4))):
        wire = json.loads(json.dumps(P.result(ask, value)))
        assert P.answer_result(ask, wire, game.catalog) == value


@pytest.mark.parametrize("message", [
    {"v": 1, "type": "decide", "seq": 0, "decision": {"kind": "pick", "card": "3"}},
    {"v": 1, "type": "decide", "seq": 0, "decision": {"kind": "pick", "card": True}},
    {"v": 1, "type": "decide", "seq": 0, "decision": {"kind": "pick", "card": 3, "extra": 1}},
    {"v": 1, "type": "decide", "seq": 0, "decision": {"kind": "nothing"}},
    {"v": 1, "type": "decide", "seq": -1, "decision": {"kind": "pass"}},
    {"v": 2, "type": "decide", "seq": 0, "decision": {"kind": "pass"}},
    {"v": 1, "type": "shout"},
    {"v": 1, "type": "ask", "id": 1, "query": {"kind": "would_die", "slot": 9}},
    {"v": 1, "type": "ask", "id": 1, "query": {"kind": "log", "count": 100000}},
    [1, 2],
    "decide",
])
def test_a_malformed_message_is_refused_with_what_is_wrong(message: object) -> None:
    with pytest.raises(ValueError, match=r"."):
        P.to_server(json.dumps(message))


def test_too_large_or_too_deep_is_refused() -> None:
    with pytest.raises(ValueError, match="bytes"):
        P.to_server("[" * (P.MAX_TO_SERVER + 1))
    with pytest.raises(ValueError):
        P.to_server("[" * 5000 + "]" * 5000)

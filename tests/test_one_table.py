"""One table under every seat (issue 37): the hot-seat Session and the hosted table are the same
`GameTable`, so the same decisions give the same game and the same save either way; a joined seat
gets hints and the review (worked out on the host from its own view), take-backs are bounded, a
rematch keeps the seats and links, and a resumed table keeps its pages and what each seat has read.
Every server is ended when its test ends (`running`)."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from test_hosting import Audit, new_table

from papertales_tui.hosting import protocol as P
from papertales_tui.hosting.client import SeatClient, autoplay
from papertales_tui.hosting.server import TableServer, link, running
from papertales_tui.hosting.table import HostedTable
from papertales_tui.persistence import encode_save
from papertales_tui.rules import Game, Pick, decision_from_dict, game_decisions, game_log, random_decision
from papertales_tui.table import MAX_TAKE_BACKS, GameTable, TooManyTakeBacks
from papertales_tui.tui.session import Decide, Final, Handoff, Session


def _script(seed: int, players: int) -> list[tuple[int, dict[str, Any]]]:
    """A whole game's decisions (seat, decision), played at random through a table."""
    table = GameTable(Game.new([f"P{i}" for i in range(players)], seed=seed), ["human"] * players)
    rng, out = random.Random(seed), []
    while not table.game.over:
        table.read_all(len(table.pages))
        for pend in table.game.pending():
            d = random_decision(table.game, pend, rng)
            out.append((pend.player, d.to_dict()))
            table.decide(pend.player, d)
            break
    return out


def test_the_same_decisions_give_the_same_log_and_save_at_one_keyboard_and_hosted() -> None:
    script = _script(21, 3)
    names = ["P0", "P1", "P2"]
    hosted = HostedTable(Game.new(names, seed=21), ["human"] * 3)
    session = Session(Game.new(names, seed=21), ["human"] * 3)
    took_back = False
    for seat, d in script:
        hosted.read_all(len(hosted.pages))
        hosted.decide(seat, decision_from_dict(d))
        while not isinstance(session.scene, Decide) or session.scene.pend.player != seat:
            assert not isinstance(session.scene, Final)
            session.proceed()
        assert session.submit(seat, decision_from_dict(d)) is None
        if not took_back and isinstance(session.scene, Handoff) and session.scene.take_back is not None:
            # a take-back and the same decision again, both ways (Game.take_back under both)
            assert session.take_back()
            assert session.submit(seat, decision_from_dict(d)) is None
            hosted.take_back(seat)
            hosted.decide(seat, decision_from_dict(d))
            took_back = True
    hosted.read_all(len(hosted.pages))  # (the last pages read: a Healer question that changes nothing answered)
    while not isinstance(session.scene, Final):
        session.proceed()
    assert took_back and hosted.game.over and session.game.over
    assert game_log(hosted.game) == game_log(session.game)
    assert hosted.take_backs == session.take_backs and len(hosted.take_backs) == 1
    when = datetime(2026, 12, 2, 8, 0, tzinfo=UTC)  # (a save says when it was written: the same moment both ways)
    assert encode_save(hosted.game, hosted.settings(), when) == encode_save(session.game, session.settings(), when)


def test_a_take_back_is_the_state_before_the_decision() -> None:
    table = GameTable(Game.new(["A", "B", "C"], seed=4), ["human", "human", "human"])
    before = table.game.to_json()
    pend = table.asked(0)
    assert pend is not None
    table.decide(0, Pick(pend.options.cards[0]))  # type: ignore[union-attr]
    assert table.take_back(0) == Pick(pend.options.cards[0])  # type: ignore[union-attr]
    assert table.game.to_json() == before


def test_take_backs_are_bounded_per_step_and_seat() -> None:
    table = GameTable(Game.new(["A", "B", "C"], seed=4), ["human", "human", "human"])
    pend = table.asked(0)
    assert pend is not None
    pick = Pick(pend.options.cards[0])  # type: ignore[union-attr]
    for _ in range(MAX_TAKE_BACKS):
        table.decide(0, pick)
        table.take_back(0)
    table.decide(0, pick)
    size = len(table.game.to_json())
    with pytest.raises(TooManyTakeBacks):
        table.take_back(0)
    assert len(table.game.to_json()) == size and table.game.players[0].submitted == pick  # it stands
    table.take_back(1) if table.game.players[1].submitted else None  # (seat 1 has nothing: no effect)
    assert len(table.take_backs) == MAX_TAKE_BACKS


def test_the_log_answer_is_bounded_however_many_take_backs() -> None:
    table = new_table(2, 4)
    table.take_backs = [(0, 0, "pick")] * 5000  # (a tampered save: the answer stays within a page)
    page = table.ask(0, P.Ask(v=1, type="ask", id=1, query=P.LogAsk(kind="log", start=0, count=200)))
    assert isinstance(page, P.Answer) and len(page.result["take_backs"]) <= P.MAX_LOG_PAGE
    assert len(P.encode(page)) < P.MAX_TO_SEAT


async def test_a_joined_seat_gets_a_hint_the_review_and_a_rematch(tmp_path: Path) -> None:
    table = new_table(2, 7)
    table.hint_budget, table.review_budget = 0.1, 0.5
    audit = Audit(table)
    lines: list[str] = []
    server = TableServer(table, tmp_path / "t.json", on_send=audit, log=lines.append)
    audit.server = server
    async with running(server) as port:
        links = [link("127.0.0.1", port, i, table.secrets[i] or "") for i in range(2)]
        async with SeatClient(links[0], table.game.catalog) as a, SeatClient(links[1], table.game.catalog) as b:
            await a.until(lambda m: isinstance(m, P.State) and m.asked is not None)
            hint = await a.ask({"kind": "hint"})
            assert isinstance(hint, P.HintW) and hint.player == 0 and hint.ordinal == 0
            assert table.hints == [1, 0] and table.kept_hints[0].player == 0  # counted, kept for the review
            too_soon = await a.ask({"kind": "review"})
            assert isinstance(too_soon, P.Refused) and too_soon.reason == "not_over"
            await asyncio.wait_for(asyncio.gather(autoplay(a, 1), autoplay(b, 2)), 300)
            assert table.game.over
            assert a.state is not None and b.state is not None
            assert (a.state.hints, b.state.hints) == (1, 0)  # each seat told its own count (its review says it)
            review = await b.ask({"kind": "review"}, timeout=120)
            assert isinstance(review, P.ReviewW) and review.seats == (1,)
            assert review.assessments and all(x.player == 1 for x in review.assessments)
            first = table.game
            await a.rematch()
            got = await b.until(lambda m: isinstance(m, P.Notice) and m.what == "rematch")
            assert isinstance(got, P.Notice)
            state = await b.until(lambda m: isinstance(m, P.State) and m.asked is not None)
            assert isinstance(state, P.State) and state.view.turn == 1 and state.pages == 0
            assert server.table is not table and server.table.secrets == table.secrets
            assert server.table.game is not first and not server.table.game.over
    assert audit.problems == []
    assert any("seat 1 (Seat0) joined" in line for line in lines)
    assert any("the game is over" in line for line in lines) and any("rematch" in line for line in lines)
    over = next(line for line in lines if "the game is over" in line)
    assert "Game over" not in over and over.endswith(("wins.", "win."))  # (said once: the scores, then who won)
    assert not any(s in line for line in lines for s in table.secrets if s)


def test_a_resumed_table_keeps_its_pages_and_what_each_seat_read(tmp_path: Path) -> None:
    table = new_table(2, 12)
    rng = random.Random(3)
    while len(table.pages) < 3:
        for pend in table.game.pending():
            table.game.apply(pend.player, random_decision(table.game, pend, rng))
        table.settle()
        table.read_all(len(table.pages) - 1)
    table.on_read(0, len(table.pages) - 1)
    path = tmp_path / "t.json"
    table.save(path)
    again = HostedTable.load(path)
    assert again.pages == table.pages and again.read == table.read
    assert [again.page(i) for i in range(len(again.pages))] == [table.page(i) for i in range(len(table.pages))]
    assert again.reading() == (1,)
    assert len(game_decisions(again.game)) == len(game_decisions(table.game))


def test_a_solo_seat_s_view_travels_whole() -> None:
    """The Lich King's side of a solo game (the mode's own view) comes back typed, as the seat's view."""
    from papertales_tui.rules import new_game

    table = HostedTable(new_game(["Ann"], seed=3, mode="solo", difficulty=1), ["human"])
    message = P.to_seat(P.encode(table.state(0)), table.game.catalog)
    assert isinstance(message, P.State)
    assert message.view == table.state(0).view and type(message.view.mode_view).__name__ == "SoloView"
    assert message.asked == table.asked(0) and type(message.asked.options).__name__ == "SoloPickOptions"  # type: ignore[union-attr]

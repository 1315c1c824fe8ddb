"""A hosted table (issue 33, docs/protocol.md) played by pure Python clients over aiohttp's websocket
client: whole seeded games with simultaneous decisions, only each seat's own view sent to it,
refusals that change nothing, reconnecting, and the same game as at one keyboard. Every server is
ended when its test ends, however it ends (`running`)."""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from papertales_tui.hosting import protocol as P
from papertales_tui.hosting.client import SeatClient, autoplay
from papertales_tui.hosting.server import TableServer, link, running
from papertales_tui.hosting.table import HostedTable, sidecar_path
from papertales_tui.persistence import SaveFileError
from papertales_tui.rules import (
    Game,
    Pass,
    Pick,
    Step,
    decision_from_dict,
    events,
    game_decisions,
    game_log,
    observe,
)
from papertales_tui.tui.session import Decide, Final, Session


def new_table(players: int, seed: int, types: list[str] | None = None, **options: Any) -> HostedTable:
    game = Game.new([f"Seat{i}" for i in range(players)], seed=seed)
    return HostedTable(game, types or ["human"] * players, **options)


def seeds_in(data: Any) -> list[Any]:
    """Every value of a "seed" field anywhere in a message."""
    if isinstance(data, dict):
        return [v for k, v in data.items() if k == "seed"] + [s for v in data.values() for s in seeds_in(v)]
    if isinstance(data, list):
        return [s for v in data for s in seeds_in(v)]
    return []


class Audit:
    """Every message sent to each seat, checked as it is sent against what that seat may see now."""

    def __init__(self, table: HostedTable):
        self.table, self.sent, self.problems = table, {}, []  # type: ignore[var-annotated]
        self.server: TableServer | None = None  # (when given: its table of the moment, a rematch's too)

    def __call__(self, seat: int, text: str) -> None:
        self.sent.setdefault(seat, []).append(text)
        game = (self.server.table if self.server is not None else self.table).game
        message = P.to_seat(text, game.catalog)
        data = json.loads(text)
        if not game.over and game.state.seed in seeds_in(data):
            self.problems.append(f"seat {seat}: the seed before the end (every hidden card follows from it)")
        if isinstance(message, P.State):
            own = observe(game, seat)
            own = own if game.over else replace(own, seed=0)
            if message.view != own:
                self.problems.append(f"seat {seat}: a view that is not its own")
            hidden = [j for j, pl in enumerate(message.view.players) if j != seat and
                      (pl.hand is not None or pl.draft is not None or pl.kept is not None or pl.decided is not None)]
            if hidden:
                self.problems.append(f"seat {seat}: the hidden cards of {hidden}")
            if message.asked is not None and message.asked != game.pending_for(seat):
                self.problems.append(f"seat {seat}: asked something that is not its decision")
        elif isinstance(message, P.Page):
            if any(e.private_to is not None for e in message.events):
                self.problems.append(f"seat {seat}: a private event on a page")
        elif isinstance(message, P.Answer) and message.ask == "log" and any(
                e["event"].get("private_to") not in (None, seat) for e in data["result"]["events"]):
            self.problems.append(f"seat {seat}: another seat's private event")
        elif isinstance(message, P.Answer) and message.ask in P.COACH_QUESTIONS:
            self.coach(seat, game, message)

    def coach(self, seat: int, game: Game, message: P.Answer) -> None:
        """A hint is about the seat's own decision now; a review, once the game is over, of its own."""
        if message.ask == "hint" and message.result is not None:
            hint = P.hint_of(P.answer_result("hint", message.result, game.catalog))
            pend = game.pending_for(seat)
            if hint.player != seat or pend is None or any(
                    not _legal(game, seat, o.decision) for o in hint.outcomes):
                self.problems.append(f"seat {seat}: a hint about another seat's decision")
        elif message.ask == "review":
            review = P.review_of(P.answer_result("review", message.result, game.catalog))
            if not game.over or review.seats != [seat] or any(a.player != seat for a in review.assessments):
                self.problems.append(f"seat {seat}: a review of another seat, or before the end")


def _legal(game: Game, seat: int, decision: Any) -> bool:
    try:
        game.check(seat, decision)
    except Exception:
        return False
    return True


async def play_table(table: HostedTable, tmp_path: Path, questions: bool = False,
                     **server_options: Any) -> tuple[TableServer, Audit]:
    audit = Audit(table)
    server = TableServer(table, tmp_path / "table.json", on_send=audit, **server_options)
    async with running(server) as port:
        clients = [SeatClient(link("127.0.0.1", port, i, table.secrets[i] or ""), table.game.catalog)
                   for i in table.humans]
        try:
            for c in clients:
                await c.connect()
            await asyncio.wait_for(asyncio.gather(*(
                autoplay(c, 100 + c.welcome.seat, 0.002, questions=questions)  # type: ignore[union-attr]
                for c in clients)), 600)
        finally:
            for c in clients:
                await c.close()
    return server, audit


def out_of_seat_order(game: Game) -> bool:
    """Whether some step's decisions were applied in another order than the seats' (they came at once)."""
    decisions = game_decisions(game)
    return any(b["player"] < a["player"] and a["kind"] == b["kind"] for a, b in zip(decisions, decisions[1:]))


def replayed_at_one_keyboard(hosted: Game, seats: int) -> Game:
    """The hosted game's decisions played through the Session at one keyboard (every seat human)."""
    mine: dict[int, list[dict[str, Any]]] = {}
    for d in game_decisions(hosted):
        mine.setdefault(d["player"], []).append({k: v for k, v in d.items() if k != "player"})
    session = Session(Game.new(list(hosted.state.players[i].name for i in range(seats)), seed=hosted.state.seed),
                      ["human"] * seats)
    while not isinstance(session.scene, Final) or not session.game.over:
        scene = session.scene
        if isinstance(scene, Decide):
            player = scene.pend.player
            assert session.submit(player, decision_from_dict(mine[player][session.ordinal(player)])) is None
        else:
            session.proceed()
    return session.game


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (5, 8)])
async def test_seats_play_a_whole_game_at_once_and_it_is_the_game_of_one_keyboard(
        players: int, seed: int, tmp_path: Path) -> None:
    table = new_table(players, seed)
    server, audit = await play_table(table, tmp_path, questions=players == 2)  # (the 2-seat one asks too)
    game = table.game
    assert game.over and events.known(game_log(game))[-1].TYPE == "game_over"
    assert audit.problems == []
    assert all(any('"type":"page"' in t and '"kind":"final"' in t for t in audit.sent[i]) for i in range(players))
    if players == 2:  # the deciding screen's questions were answered: forecasts of the plans among them
        assert any('"ask":"forecast","result":{' in t for t in audit.sent[0])
    assert out_of_seat_order(game)  # simultaneous: decisions came in another order than the seats'
    assert game_log(replayed_at_one_keyboard(game, players)) == game_log(game)
    saved = HostedTable.load(tmp_path / "table.json")  # autosaved after the last decision
    assert saved.game.to_json() == game.to_json() and saved.secrets == table.secrets


async def test_bots_decide_at_once_beside_the_humans(tmp_path: Path) -> None:
    table = new_table(3, 21, ["human", "bot:easy", "human"])
    await play_table(table, tmp_path)
    assert table.game.over
    assert {d["player"] for d in game_decisions(table.game)} == {0, 1, 2}


async def test_a_wrong_secret_or_a_bot_seat_is_refused_with_403(tmp_path: Path) -> None:
    table = new_table(3, 2, ["human", "human", "bot:easy"])
    server = TableServer(table, None)
    async with running(server) as port, aiohttp.ClientSession() as http:
        base = f"http://127.0.0.1:{port}"
        s0, s1 = table.secrets[0], table.secrets[1]
        for url in ("/seat/0/ws?secret=wrong", "/seat/0/ws", f"/seat/1/ws?secret={s0}",  # another seat's
                    f"/seat/2/ws?secret={s0}", f"/seat/9/ws?secret={s0}", f"/seat/0?secret={s1}"):
            async with http.get(base + url) as response:
                assert response.status == 403, url
                assert response.headers["X-Frame-Options"] == "DENY"
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(f"{base}/seat/1/ws?secret={s0}")
        assert refused.value.status == 403
        async with http.get(f"{base}/seat/0/ws?secret={s0}", headers={"Origin": "http://evil.example"}) as response:
            assert response.status == 403
        async with http.get(f"{base}/seat/0?secret={s0}") as response:
            assert response.status == 200 and "Content-Security-Policy" in response.headers
        async with http.get(f"{base}/etc/passwd") as response:
            assert response.status == 403
        async with http.get(f"{base}/seat/0/ws", headers={"Authorization": f"Bearer {s0}"}) as response:
            assert response.status != 403  # (the header is a way to give the secret; not a websocket request)


async def test_refusals_change_nothing(tmp_path: Path) -> None:
    table = new_table(3, 4)
    server = TableServer(table, tmp_path / "t.json")
    async with running(server) as port, SeatClient(link("127.0.0.1", port, 0, table.secrets[0] or ""),
                                                   table.game.catalog) as c:
        await c.until(lambda m: isinstance(m, P.State))
        before = table.game.to_json()

        async def refused(message: dict[str, Any] | str, reason: str) -> P.Refused:
            if isinstance(message, str):
                assert c.ws is not None
                await c.ws.send_str(message)
            else:
                await c.send(message)
            got = await c.until(lambda m: isinstance(m, P.Refused))
            assert isinstance(got, P.Refused) and got.reason == reason, got
            assert table.game.to_json() == before
            return got

        assert c.state is not None and c.state.asked is not None
        card = c.state.asked.options.cards[0]  # type: ignore[union-attr]
        await refused("not json", "bad_message")
        await refused({"type": "decide", "seq": 0, "decision": {"kind": "pick", "card": "1"}}, "bad_message")
        await refused({"type": "decide", "seq": 0, "decision": Pick(card).to_dict(), "seat": 1}, "not_your_seat")
        await refused({"type": "decide", "seq": 5, "decision": Pick(card).to_dict()}, "out_of_order")
        await refused({"type": "decide", "seq": 0, "decision": Pass().to_dict()}, "wrong_kind")  # (seq 0 used)
        await refused({"type": "decide", "seq": 1, "decision": Pick(999).to_dict()}, "illegal")
        await refused({"type": "take_back", "seq": 2}, "no_take_back")
        await refused({"v": 2, "type": "read", "page": 0}, "version")
        await refused({"type": "read", "page": 0}, "bad_page")
        await refused({"type": "ask", "id": 1, "query": {"kind": "forecast", "slots": [None] * 5}}, "bad_question")
        await c.send({"type": "decide", "seq": 3, "decision": Pick(card).to_dict()})
        await c.until(lambda m: isinstance(m, P.State) and m.take_back)
        before = table.game.to_json()
        replay = await refused({"type": "decide", "seq": 3, "decision": Pick(card).to_dict()}, "replay")
        assert replay.next_seq == 4
        assert c.ws is not None
        await c.ws.send_bytes(b"\x00")
        await c.until(lambda m: isinstance(m, P.Refused) and m.reason == "bad_message")
        await c.ws.send_str("x" * (P.MAX_TO_SERVER + 10))  # too large: the connection is closed
        with pytest.raises(ConnectionError):
            await c.until(lambda m: False, timeout=10)
        assert table.game.to_json() == before


async def test_take_back_until_the_step_resolves(tmp_path: Path) -> None:
    table = new_table(2, 6)
    server = TableServer(table, tmp_path / "t.json")
    async with running(server) as port:
        a = SeatClient(link("127.0.0.1", port, 0, table.secrets[0] or ""), table.game.catalog)
        b = SeatClient(link("127.0.0.1", port, 1, table.secrets[1] or ""), table.game.catalog)
        async with a, b:
            await a.until(lambda m: isinstance(m, P.State))
            await b.until(lambda m: isinstance(m, P.State))
            start = table.game.to_json()
            assert a.state is not None and a.state.asked is not None
            options = a.state.asked.options
            pick = Pick(options.cards[0], options.cards[1])  # type: ignore[union-attr]
            await a.decide(pick)
            await a.until(lambda m: isinstance(m, P.State) and m.take_back)
            await a.take_back()
            got = await a.until(lambda m: isinstance(m, P.State) and m.asked is not None)
            assert isinstance(got, P.State) and got.prior == pick and not got.take_back
            told = await b.until(lambda m: isinstance(m, P.Notice))
            assert isinstance(told, P.Notice) and (told.what, told.seat, told.step) == ("took_back", 0, "pick")
            assert table.game.to_json() == start
            saved = HostedTable.load(tmp_path / "t.json")
            assert saved.take_backs == [(len(game_log(table.game)), 0, "pick")]


async def test_a_seat_reconnects_where_it_was_and_a_second_client_takes_over(tmp_path: Path) -> None:
    table = new_table(2, 9)
    server = TableServer(table, tmp_path / "t.json")
    async with running(server) as port:
        url = link("127.0.0.1", port, 0, table.secrets[0] or "")
        first = SeatClient(url, table.game.catalog)
        await first.connect()
        await first.until(lambda m: isinstance(m, P.State))
        assert first.state is not None and first.state.asked is not None
        options = first.state.asked.options
        await first.decide(Pick(options.cards[0], options.cards[1]))  # type: ignore[union-attr]
        await first.until(lambda m: isinstance(m, P.State) and m.take_back)
        async with SeatClient(url, table.game.catalog) as second:  # the same link again: it plays now
            told = await first.until(lambda m: isinstance(m, P.Notice))
            assert isinstance(told, P.Notice) and told.what == "taken_over"
            with pytest.raises(ConnectionError):
                await first.until(lambda m: False, timeout=10)
            state = await second.until(lambda m: isinstance(m, P.State))
            assert isinstance(state, P.State) and state.take_back and state.next_seq == 1  # its decision kept
            assert state.view.players[0].decided == Pick(options.cards[0], options.cards[1])  # type: ignore[union-attr]
        await first.close()
        async with SeatClient(url, table.game.catalog) as third:  # closed, then opened again
            state = await third.until(lambda m: isinstance(m, P.State))
            assert isinstance(state, P.State) and state.take_back and state.online == (0,)


async def test_the_game_waits_for_every_seat_to_read_the_results_or_the_timeout(tmp_path: Path) -> None:
    table = new_table(2, 12, read_timeout=0.2)
    rng = random.Random(1)
    while not table.pages:  # (played here up to the first results page)
        for pend in table.game.pending():
            from papertales_tui.rules import random_decision

            table.game.apply(pend.player, random_decision(table.game, pend, rng))
        table.settle()
    assert table.reading() == (0, 1) and table.asked(0) is None
    assert table.on_read(0, len(table.pages) - 1) is None
    assert table.reading() == (1,) and table.asked(0) is None
    server = TableServer(table, None)
    async with running(server) as port, SeatClient(link("127.0.0.1", port, 0, table.secrets[0] or ""),
                                                   table.game.catalog) as c:
        got = await c.until(lambda m: isinstance(m, P.State) and m.asked is not None, timeout=10)
        assert isinstance(got, P.State) and got.reading == ()  # after the timeout


def test_a_resumed_table_keeps_its_secrets_and_sequence_numbers(tmp_path: Path) -> None:
    table = new_table(3, 3, ["human", "bot:medium", "human"])
    pend = table.game.pending_for(0)
    assert pend is not None and pend.kind == Step.PICK
    assert table.on_decide(0, P.Decide(v=1, type="decide", seq=0, decision=Pick(pend.options.cards[0]))) is None  # type: ignore[union-attr]
    path = tmp_path / "t.json"
    table.save(path)
    assert sidecar_path(path).stat().st_mode & 0o777 == 0o600
    again = HostedTable.load(path)
    assert again.secrets == table.secrets and again.secrets[1] is None
    assert again.next_seq == [1, 0, 0] and again.types == table.types
    assert again.game.to_json() == table.game.to_json()
    sidecar_path(path).write_text("not json")
    with pytest.raises(SaveFileError, match="secrets file"):  # a damaged one is said (test_host_files.py)
        HostedTable.load(path)
    sidecar_path(path).unlink()
    fresh = HostedTable.load(path)
    assert fresh.secrets[0] not in (None, table.secrets[0])  # new secrets when there is none


async def test_a_bad_host_header_and_too_many_clients_are_refused(tmp_path: Path) -> None:
    table = new_table(2, 3)
    server = TableServer(table, None, max_clients=2)
    async with running(server) as port, aiohttp.ClientSession() as http:
        base = f"http://127.0.0.1:{port}"
        secret = table.secrets[0]
        async with http.get(f"{base}/seat/0?secret={secret}", headers={"Host": "x@127.0.0.1"}) as response:
            assert response.status == 400
        first = await http.ws_connect(f"{base}/seat/0/ws?secret={secret}")
        second = await http.ws_connect(f"{base}/seat/1/ws?secret={table.secrets[1]}")
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(f"{base}/seat/1/ws?secret={table.secrets[1]}")
        assert refused.value.status == 503
        await first.close()
        await second.close()


def test_a_link_as_a_qr_code_in_the_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    from papertales_tui.commands.host import print_qr

    url = link("192.168.1.20", 8100, 2, "A" * 32)
    print_qr(url)
    drawn = capsys.readouterr().out.splitlines()
    assert len(drawn) >= 15 and all(len(row) == len(drawn[0]) for row in drawn)
    assert {"█", "▀", "▄"} & set("".join(drawn))


async def test_a_seat_is_told_only_of_decisions_saved(tmp_path: Path) -> None:
    """A decision being written (slowly here): a seat that connects or reads meanwhile is not shown it
    before it is saved (a host killed then would have lost a decision a seat was shown)."""
    table = new_table(2, 13)
    saved, problems = [0], []

    class SlowDisk(TableServer):
        def write_files(self, data: bytes, sidecar: dict[str, Any] | None) -> None:
            import time

            time.sleep(0.3)
            super().write_files(data, sidecar)
            saved[0] = len(json.loads(data)["decisions"])

    def sent(seat: int, text: str) -> None:
        message = json.loads(text)
        if message["type"] == "state" and message["view"]["decisions"] > saved[0]:
            problems.append(f"seat {seat} shown {message['view']['decisions']} decisions, {saved[0]} saved")

    server = SlowDisk(table, tmp_path / "t.json", on_send=sent)
    async with running(server) as port:
        a = SeatClient(link("127.0.0.1", port, 0, table.secrets[0] or ""), table.game.catalog)
        b = SeatClient(link("127.0.0.1", port, 1, table.secrets[1] or ""), table.game.catalog)
        async with a:
            await a.until(lambda m: isinstance(m, P.State))
            assert a.state is not None and a.state.asked is not None
            options = a.state.asked.options
            await a.decide(Pick(options.cards[0], options.cards[1]))  # type: ignore[union-attr]
            await asyncio.sleep(0.1)  # (its save under way)
            async with b:
                await b.until(lambda m: isinstance(m, P.State) and m.view.decisions == 1)
    assert saved[0] == 1 and problems == []

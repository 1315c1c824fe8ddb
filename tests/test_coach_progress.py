"""How far the host's coach is reaches the seat that asked (docs/protocol.md, `notice progress`): the
host tells only the asking seat, at most one notice every `PROGRESS_EVERY` seconds and none after the
answer; a notice is checked (a malformed or oversized one is refused, and a client drops it and goes
on); a joined terminal seat's hint and review show the count before the answer comes, as at one
keyboard, and cancelling still stops the host's job; a seat's phone page shows the count too. Every
server a test starts is ended by it (`running`, `serving`, the `held_seat` fixture)."""

from __future__ import annotations

import asyncio
import re
import time
from typing import Any, Literal

import aiohttp
import pytest
import test_join_waits
from helpers.browser import chromium_missing
from helpers.phone import hosted as phone_hosted
from helpers.phone import troubles, with_phone
from pydantic import BaseModel, ConfigDict
from test_join_play import serving, settle
from test_join_waits import game_at, until
from test_tui_support import SIZE, screen_text

from papertales_tui.hosting import protocol as P
from papertales_tui.hosting.client import SeatClient
from papertales_tui.hosting.server import TableServer, link, running
from papertales_tui.hosting.table import HostedTable
from papertales_tui.rules import Game, Step, default_catalog

browser_needed = pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))
held_seat = test_join_waits.held_seat  # (the fixture: a seat of a table whose server holds each question)
NOTICE = {"v": 1, "type": "notice", "what": "progress", "id": 3, "ask": "hint", "done": 12, "total": 40}


def frame(**change: Any) -> str:
    import json

    return json.dumps({k: v for k, v in {**NOTICE, **change}.items() if v is not ...})


# ---- the message ---------------------------------------------------------------------------------
class OlderNotice(BaseModel):
    """A notice as a client of the first version read it (its fields then; others ignored)."""

    model_config = ConfigDict(extra="ignore", frozen=True)
    v: Literal[1]
    type: Literal["notice"]
    what: str
    seat: int | None = None
    step: str | None = None


def test_a_progress_notice_is_read_back_and_a_malformed_or_oversized_one_is_refused():
    catalog = default_catalog()
    sent = P.encode(P.progress_notice(7, "review", 3, 24))
    assert len(sent) <= P.MAX_PROGRESS_NOTICE
    read = P.to_seat(sent, catalog)
    assert isinstance(read, P.Notice) and (read.what, read.id, read.ask, read.done, read.total) == (
        "progress", 7, "review", 3, 24)
    assert P.progress_notice(1, "hint", 50, 10**9).total == P.MAX_PROGRESS  # (bounded as made)
    assert OlderNotice.model_validate_json(sent).what == "progress"  # an older client reads a notice it ignores
    bad = {
        "done over total": frame(done=41),
        "no total": frame(total=...),
        "no id": frame(id=...),
        "a total of 0": frame(done=0, total=0),
        "a negative count": frame(done=-1),
        "a count as text": frame(done="12"),
        "a count as true": frame(done=True),
        "a count as a float": frame(done=12.0),
        "a count too large": frame(done=1, total=P.MAX_PROGRESS + 1),
        "an id too large": frame(id=2**60),
        "another kind of question": frame(ask="forecast"),
        "oversized": frame(padding="x" * P.MAX_PROGRESS_NOTICE),
    }
    for why, text in bad.items():
        with pytest.raises(P.BadProgress):
            P.to_seat(text, catalog)
            pytest.fail(why)
    with pytest.raises(ValueError) as other:  # (another notice malformed: not a progress notice's refusal)
        P.to_seat(frame(what="closing", seat="x"), catalog)
    assert not isinstance(other.value, P.BadProgress)


# ---- the host: to the asking seat only, bounded in rate, none after the answer ------------------------
def table_of(players: int = 2, seed: int = 5) -> HostedTable:
    return HostedTable(Game.new([f"Seat{i}" for i in range(players)], seed=seed), ["human"] * players)


class Sent:
    """Every message the server sends, with its seat and the time it was queued."""

    def __init__(self) -> None:
        self.all: list[tuple[float, int, dict[str, Any]]] = []

    def __call__(self, seat: int, text: str) -> None:
        import json

        self.all.append((time.monotonic(), seat, json.loads(text)))

    def progress(self) -> list[tuple[float, int, dict[str, Any]]]:
        return [(t, s, m) for t, s, m in self.all if m["type"] == "notice" and m["what"] == "progress"]


async def test_the_host_tells_only_the_asking_seat_how_far_its_coach_is_at_a_bounded_rate():
    table = table_of()
    table.hint_budget = 1.0  # (CPU seconds: long enough for several notices)
    sent = Sent()
    server = TableServer(table, None, on_send=sent, log=lambda line: None)
    async with running(server) as port:
        a = SeatClient(link("127.0.0.1", port, 0, table.secrets[0] or ""), table.game.catalog)
        b = SeatClient(link("127.0.0.1", port, 1, table.secrets[1] or ""), table.game.catalog)
        async with a, b:
            for c in (a, b):
                await c.until(lambda m: isinstance(m, P.State) and m.asked is not None)
            await a.send({"id": 11, "type": "ask", "query": {"kind": "hint"}})
            await b.send({"id": 22, "type": "ask", "query": {"kind": "hint"}})  # (waits its turn on the host)
            answers = {}
            for c, ident in ((a, 11), (b, 22)):
                got = await c.until(lambda m, i=ident: isinstance(m, P.Answer | P.Refused) and m.id == i, 120)
                assert isinstance(got, P.Answer) and got.result is not None, got
                answers[ident] = next(t for t, s, m in sent.all if m.get("type") == "answer" and m.get("id") == ident)
            await asyncio.sleep(2 * P.PROGRESS_EVERY)  # (nothing more comes)
    told = sent.progress()
    for seat, ident in ((0, 11), (1, 22)):
        mine = [(t, m) for t, s, m in told if s == seat]
        assert mine, f"seat {seat} was told nothing"
        assert all(m["id"] == ident and m["ask"] == "hint" for _, m in mine)  # its own question only
        assert all(0 <= m["done"] <= m["total"] <= P.MAX_PROGRESS for _, m in mine)
        assert [m["done"] for _, m in mine] == sorted(m["done"] for _, m in mine)  # (the newest each time)
        times = [t for t, _ in mine]
        assert all(later - earlier >= P.PROGRESS_EVERY * 0.95 for earlier, later in zip(times, times[1:]))
        assert times[-1] < answers[ident]  # none after the answer
    # each seat's notices went to it alone (the other seat's connection got none of them)
    assert {s for _, s, m in told if m["id"] == 11} == {0} and {s for _, s, m in told if m["id"] == 22} == {1}


async def test_a_cancelled_coach_job_stops_and_tells_no_more():
    table = table_of(seed=6)
    table.hint_budget = 60.0  # (it would run long: cancelled first)
    sent = Sent()
    server = TableServer(table, None, on_send=sent, log=lambda line: None)
    async with running(server) as port, SeatClient(link("127.0.0.1", port, 0, table.secrets[0] or ""),
                                                   table.game.catalog) as a:
        await a.until(lambda m: isinstance(m, P.State) and m.asked is not None)
        await a.send({"id": 5, "type": "ask", "query": {"kind": "hint"}})
        first = await a.until(lambda m: isinstance(m, P.Notice) and m.what == "progress", 60)
        assert isinstance(first, P.Notice) and first.id == 5 and first.ask == "hint"
        assert await a.ask({"kind": "cancel"}) is True  # (a job of this seat was stopped)
        refused = next((m for m in a.received if isinstance(m, P.Refused) and m.id == 5), None)
        refused = refused or await a.until(lambda m: isinstance(m, P.Refused) and m.id == 5, 30)
        assert isinstance(refused, P.Refused) and refused.reason == "cancelled"  # (the hint's question)
        stopped = time.monotonic()
        await asyncio.sleep(3 * P.PROGRESS_EVERY)
        assert server.coaching == {}
        assert not [m for t, s, m in sent.progress() if t > stopped]  # none after the cancel
        assert table.game.state.decisions == []


# ---- a joined terminal seat -----------------------------------------------------------------------
def held_client(server: Any, kind: str) -> tuple[Any, P.Ask]:
    with server.lock:
        return next((c, m) for c, m in server.held if m.query.kind == kind)


async def test_a_joined_seats_hint_shows_the_hosts_count_before_its_answer_a_malformed_count_dropped(held_seat):
    from papertales_tui.tui.screens.draft import DraftScreen
    from papertales_tui.tui.screens.hint import HintPanel

    table, server, app = held_seat(Step.PICK, 2)
    table.hint_budget = 2.0  # (CPU seconds: the count shows a while)
    async with app.run_test(size=SIZE) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, DraftScreen))
        await pilot.press("h")
        assert await until(pilot, lambda: "hint" in server.kinds())
        client, message = held_client(server, "hint")
        for bad in (frame(id=message.id, done=999, total=40), frame(id=message.id, done="7"),
                    frame(id=message.id, padding="x" * 300)):  # refused by the seat, which goes on
            assert server.loop is not None
            server.loop.call_soon_threadsafe(server.put, client, bad)
        await settle([pilot])
        assert "waiting for the table" in screen_text(app)  # (no count yet: the job waits on the host)
        server.release()
        counts: list[tuple[int, int]] = []

        def counted() -> bool:
            found = re.search(r"(\d+)/(\d+) samples", " ".join(screen_text(app).split()))
            if found and app.screen.query(HintPanel).first().shown is None:
                counts.append((int(found[1]), int(found[2])))
            return bool(counts)

        assert await until(pilot, counted, 60), screen_text(app)
        assert all(0 < done <= total <= 200 for done, total in counts) and "999" not in screen_text(app)
        assert await until(pilot, lambda: app.screen.query(HintPanel).first().shown is not None, 90)
        assert "samples" not in screen_text(app) and "Coach:" in screen_text(app)
        assert app.session is not None and app.session.connected  # (the malformed notices changed nothing)


async def test_a_joined_seats_hint_cancelled_while_the_host_counts(held_seat):
    from papertales_tui.tui.screens.draft import DraftScreen

    table, server, app = held_seat(Step.PICK, 3)
    table.hint_budget = 60.0
    async with app.run_test(size=SIZE) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, DraftScreen))
        await pilot.press("h")
        assert await until(pilot, lambda: "hint" in server.kinds())
        server.release()
        assert await until(pilot, lambda: re.search(r"\d+/\d+ samples", screen_text(app)) is not None, 60)
        await pilot.press("h")  # cancel
        assert await until(pilot, lambda: "Hint cancelled" in screen_text(app), 20)
        assert await until(pilot, lambda: not server.coaching, 20)  # the host's job stopped
        assert table.game.state.decisions == []


async def test_a_joined_seats_review_shows_the_hosts_count_then_the_review(held_seat):
    from papertales_tui.tui.screens.final import FinalScreen
    from papertales_tui.tui.screens.review import ReviewScreen

    table, server, app = held_seat(None, 4)
    table.review_budget = 3.0  # (CPU seconds for the whole review: it counts its decisions a while)
    async with app.run_test(size=SIZE) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, FinalScreen))
        await pilot.press("r")
        assert await until(pilot, lambda: isinstance(app.screen, ReviewScreen) and "review" in server.kinds())
        server.release()
        counts: list[tuple[int, int]] = []

        def counted() -> bool:
            found = re.search(r"(\d+)/(\d+) decisions", " ".join(screen_text(app).split()))
            if found and "decisions reviewed" not in screen_text(app):
                counts.append((int(found[1]), int(found[2])))
            return bool(counts)

        assert await until(pilot, counted, 60), screen_text(app)
        mine = len([d for d in table.game.state.decisions if d["player"] == 0])
        assert all(0 <= done <= total == mine for done, total in counts), (counts, mine)
        assert await until(pilot, lambda: "decisions reviewed" in screen_text(app), 90)
        assert "waiting for the table" not in screen_text(app)


# ---- a seat's phone page --------------------------------------------------------------------------
async def next_body(ws: Any, text: str, seconds: float = 60, counts: list[dict[str, Any]] | None = None) -> str:
    """The next body of the page that holds `text` (a regular expression); the counts put in place
    meanwhile (`{"progress": ...}`, no body) added to `counts`."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        message = await ws.receive_json(timeout=max(0.1, end - time.monotonic()))
        if "progress" in message and counts is not None:
            counts.append(message["progress"])
        body = message.get("html")
        if body is not None and re.search(text, body):
            return str(body)
    raise AssertionError(f"no body with {text!r}")


async def test_the_phone_page_shows_the_coachs_count_for_a_hint_and_for_the_review():
    with phone_hosted(2, seed=5, types=["human", "human"]) as (table, links, logged):
        table.hint_budget = 2.0
        base, secret = links[0].split("?secret=")
        url, auth = base.replace("http://", "ws://") + "/phone/ws", {"Authorization": f"Bearer {secret}"}
        async with aiohttp.ClientSession() as session, session.ws_connect(url, headers=auth) as ws:
            await next_body(ws, 'id="screen-pick"')
            await ws.send_json({"a": "hint"})
            body = await next_body(ws, r'id="hint-progress">\d+/\d+ samples')
            done, total = map(int, re.findall(r'id="hint-progress">(\d+)/(\d+) samples', body)[0])
            assert 0 < done <= total and f'max="{total}" value="{done}"' in body and 'id="hint-cancel"' in body
            counts: list[dict[str, Any]] = []  # the newer counts, put in place on the page
            body = await next_body(ws, 'id="hint-answer"', 90, counts)
            assert 'id="hint-progress"' not in body
            assert counts and all(c["which"] == "hint" and 0 < c["done"] <= c["total"] for c in counts)
            assert all(c["progress"] == f'{c["done"]}/{c["total"]} samples' for c in counts)
            assert [c["done"] for c in counts] == sorted(c["done"] for c in counts) and counts[0]["done"] >= done
    assert troubles(logged) == []
    game = game_at(None, 4)
    host = with_phone(TableServer(HostedTable(game, ["human", "human"], pages_from=len(game.state.log) - 1), None,
                                  log=logged.append))
    host.table.review_budget = 3.0
    with serving(host) as port:
        base, secret = link("127.0.0.1", port, 0, host.table.secrets[0] or "").split("?secret=")
        url, auth = base.replace("http://", "ws://") + "/phone/ws", {"Authorization": f"Bearer {secret}"}
        async with aiohttp.ClientSession() as session, session.ws_connect(url, headers=auth) as ws:
            body = await next_body(ws, 'id="screen-')
            page = re.search(r'data-a="read" data-v="(\d+)"', body)
            if page is not None:
                await ws.send_json({"a": "read", "v": page.group(1)})
            await next_body(ws, 'id="review-ask"')
            await ws.send_json({"a": "lang", "v": "fr"})  # (in the page's language)
            await next_body(ws, 'id="review-ask"')
            await ws.send_json({"a": "review"})
            body = await next_body(ws, r'id="review-progress">\d+/\d+ décisions')
            mine = len([d for d in game.state.decisions if d["player"] == 0])
            assert f"/{mine} décisions" in body and 'id="review-cancel"' in body and f'max="{mine}"' in body
            await ws.send_json({"a": "lang", "v": "en"})
            body = await next_body(ws, "decisions reviewed", 90)
            assert 'id="review-progress"' not in body and 'id="review-bar"' not in body
    assert troubles(logged) == []


@browser_needed
def test_on_a_phone_the_coachs_count_shows_whole_under_its_cancel_button():
    """In Chromium at 360x640: while the host's coach thinks on a hint, the page shows how far it is (the
    samples of how many, a bar) whole, with its Cancel button of 44x44 CSS px at least."""
    from helpers.phone import SMALL, layout_problems, phone

    with phone_hosted(2, seed=7, types=["human", "human"]) as (table, links, logged), phone(SMALL) as ph:
        table.hint_budget = 3.0
        ph.page.goto(links[0])
        ph.page.wait_for_selector("#hint-ask", timeout=20000)
        ph.tap("#hint-ask")
        ph.page.wait_for_selector("#hint-progress", timeout=30000)
        said, drawn = ph.page.inner_text("#hint-progress"), ph.shown()
        done, total = map(int, re.fullmatch(r"(\d+)/(\d+) samples", said).groups())  # type: ignore[union-attr]
        assert 0 < done <= total and ph.page.get_attribute("#hint-bar", "max") == str(total)
        assert layout_problems(ph) == [] and ph.page.is_visible("#hint-cancel")
        ph.page.wait_for_function(f"() => document.getElementById('hint-progress')?.textContent !== {said!r}",
                                  timeout=30000)
        shown, count, answer = ph.page.evaluate(  # (at one moment: the page as it is)
            "() => [Number(document.getElementById('app').dataset.shown), "
            "document.getElementById('hint-progress')?.textContent, !!document.getElementById('hint-answer')]")
        if shown == drawn:  # a newer count, put in place: the body not drawn again
            assert re.fullmatch(r"\d+/\d+ samples", count or ""), count
        else:  # (drawn again only by the coach's answer)
            assert answer
        ph.page.wait_for_selector("#hint-answer", timeout=90000)
        assert ph.page.query_selector("#hint-progress") is None and ph.problems == []
    assert troubles(logged) == []

"""The seat's page for a phone (papertales_tui/phone/, issue 38): a whole 2-seat game against a
bot played by taps in Debian's Chromium in phone emulation (390x844, touch); the layout at 360x640 on
every screen of a game (nothing scrolls sideways, every control at least 44x44 CSS px, text contrast at
least 4.5:1); no console error nor failed request, the icon included. Without a browser: the page's
safety (403 on a wrong secret, no framing, a strict CSP, the cookie HttpOnly for the seat only, taps
bounded and checked) and its languages."""

from __future__ import annotations

import asyncio
import urllib.error
import urllib.request
from typing import Any

import aiohttp
import pytest
from helpers.browser import chromium_missing
from helpers.phone import hosted, troubles

from papertales_tui.phone.render import accepted_language
from papertales_tui.phone.seat import MAX_TAP, read_tap

browser_needed = pytest.mark.skipif(chromium_missing() is not None, reason=str(chromium_missing()))


def fetch(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers or {}), timeout=10) as reply:
            return reply.status, dict(reply.headers), reply.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), ""


def test_the_page_asks_for_the_seats_secret_and_is_never_framed():
    with hosted(2, seed=3, types=["human", "bot:easy"]) as (table, links, logged):
        base, secret = links[0].split("?secret=")
        code, headers, html = fetch(links[0])
        assert code == 200 and "phone.js" in html and "<script>" not in html  # no inline script
        assert headers["X-Frame-Options"] == "DENY"
        csp = headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self';" in csp and "unsafe-inline" not in csp
        cookie = headers["Set-Cookie"]
        assert "HttpOnly" in cookie and "Path=/seat/0;" in cookie and "SameSite=Strict" in cookie
        assert fetch(base + "?secret=" + secret[:-1] + "x")[0] == 403  # a wrong secret
        assert fetch(base)[0] == 403  # none
        assert fetch(base + "/phone/static/phone.js")[0] == 403  # the page's files too, without its cookie
        value = cookie.split(";", 1)[0]
        assert fetch(base + "/phone/static/phone.js", {"Cookie": value})[0] == 200
        assert fetch(base + "/phone/static/../../server.py", {"Cookie": value})[0] in (403, 404)
        assert fetch(base + "/phone/static/render.py", {"Cookie": value})[0] == 404  # only the page's files
        other = base.replace("/seat/0", "/seat/1")
        assert fetch(other + "/phone/static/phone.js", {"Cookie": value.replace("_0=", "_1=")})[0] == 403  # a bot


async def test_taps_are_bounded_and_checked_and_the_page_shows_only_its_seat():
    assert read_tap('{"a": "tab", "v": "log"}') is not None
    for bad in ('{"a": "tab", "v": 3}', '{"a": "rm", "v": ""}', '{"a": "tab", "v": "x", "more": 1}', "[]", "nope",
                '{"a": "tab", "v": "' + "x" * 17 + '"}', '{"a": "tab", "v": "' + " " * MAX_TAP + '"}'):
        assert read_tap(bad) is None, bad
    with hosted(2, seed=5, types=["human", "human"]) as (table, links, logged):
        base, secret = links[1].split("?secret=")
        ws_url = base.replace("http://", "ws://") + "/phone/ws"
        async with aiohttp.ClientSession() as session:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await session.ws_connect(ws_url, headers={"Authorization": "Bearer wrong"})
            assert refused.value.status == 403
            async with session.ws_connect(ws_url, headers={"Authorization": f"Bearer {secret}"}) as ws:
                body = await until(ws, "screen-pick")
                mine = table.game.state.players[1].draft
                theirs = table.game.state.players[0].draft
                assert all(f'data-v="{c}"' in body for c in mine)
                assert not any(f'id="card-{c}"' in body for c in theirs if c not in mine)
                assert "Seat1" in body
                await ws.send_str('{"a": "card", "v": "not a card"}')  # refused quietly: the page again
                assert "screen-pick" in (await ws.receive_json(timeout=10))["html"]
                await ws.send_str("x" * (MAX_TAP + 10))  # too long: the connection is closed
                closing = await ws.receive(timeout=10)
                assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING)
        assert table.game.state.decisions == []


async def until(ws: aiohttp.ClientWebSocketResponse, text: str, timeout: float = 20) -> str:
    while True:
        message = await asyncio.wait_for(ws.receive_json(), timeout)
        if text in message.get("html", ""):
            return str(message["html"])


def test_the_browsers_language_or_none_the_game_speaks():
    assert accepted_language("fr-CA,fr;q=0.9,en;q=0.8") == "fr"
    assert accepted_language("de-DE,de;q=0.9,pl;q=0.5,en;q=0.4") == "pl"
    assert accepted_language("en;q=0.2,es;q=0.9") == "es"
    assert accepted_language("de, ja") == "en" and accepted_language("") == "en"


@browser_needed
def test_a_whole_game_by_taps_on_a_phone_against_a_bot():
    from helpers.phone import PHONE, phone, play

    with hosted(2, seed=11, types=["human", "bot:easy"]) as (table, links, logged), phone(PHONE) as ph:
        ph.page.goto(links[0])
        kinds = play(ph)
        assert table.game.over
        assert {"pick", "deploy", "results", "final"} <= set(kinds)
        assert ph.page.query_selector(".final") is not None
        winners = ph.page.inner_text(".winner")
        assert any(table.game.state.players[w].name in winners for w in table.game.winners())
        assert any(d["player"] == 0 and d["kind"] == "deploy" for d in table.game.state.decisions)
        assert ph.problems == [] and troubles(logged) == []


@browser_needed
def test_every_screen_fits_a_small_phone():
    """At 360x640, on each screen of a game (and the Table and Log tabs once; the deployment turned to
    landscape and zoomed to 200% too): nothing scrolls sideways, every control is at least 44x44 CSS
    px, every text has a contrast of 4.5:1 at least."""
    from helpers.phone import LANDSCAPE, SMALL, ZOOMED, layout_problems, phone, play

    with hosted(2, seed=11, types=["human", "bot:easy"]) as (table, links, logged), phone(SMALL) as ph:
        ph.page.goto(links[0])
        found: dict[str, list[str]] = {}
        tabs_seen: list[str] = []

        def check(kind: str) -> None:
            found.setdefault(kind, []).extend(layout_problems(ph))
            if kind == "deploy" and not tabs_seen:  # the other tabs once, then back to play
                for tab in ("table", "log", "play"):
                    ph.tap(f"#tab-{tab}")
                    tabs_seen.append(tab)
                    found.setdefault(tab, []).extend(layout_problems(ph))
                for size in (LANDSCAPE, ZOOMED):  # the deployment turned, and zoomed to 200%
                    ph.page.set_viewport_size(size)
                    found.setdefault(f"deploy at {size}", []).extend(layout_problems(ph))
                ph.page.set_viewport_size(SMALL)

        kinds = play(ph, check)
        assert {"pick", "deploy", "results", "final", "table", "log"} <= set(kinds) | set(tabs_seen)
        assert {k: v for k, v in found.items() if v} == {}
        assert ph.problems == [] and troubles(logged) == []


@browser_needed
def test_the_layout_check_finds_what_breaks_it():
    """The check above can fail: a page with a small button, grey on white text and a wide block."""
    from helpers.phone import SMALL, Phone, layout_problems, phone

    with phone(SMALL) as ph:
        ph.page.set_content('<meta name="viewport" content="width=device-width"><body><button id="b">ok</button>'
                            '<p class="x">faint</p><div class="w">wide</div></body>')
        ph.page.add_style_tag(content="#b { width: 30px; height: 30px } .x { color: #aaa; background: #fff } "
                                      ".w { width: 900px }")
        problems = layout_problems(Phone(ph.page))
    assert any(p.startswith("sideways scroll") for p in problems), problems
    assert any(p.startswith("control b: 30x30") for p in problems)
    assert any(p.startswith("contrast") and "faint" in p for p in problems)


@browser_needed
def test_waiting_take_back_language_and_reconnecting_by_itself():
    """Two human seats, seat 1 not connected: seat 0 picks by taps and is told who the table waits for
    (not connected); it takes its pick back and picks again; it chooses French on the page; the host
    stops and starts again on the same port: the page connects again by itself, back where it was."""
    from helpers.phone import PHONE, phone, with_phone
    from test_join_play import serving

    from papertales_tui.hosting.server import TableServer, link
    from papertales_tui.hosting.table import HostedTable
    from papertales_tui.rules import Game

    table = HostedTable(Game.new(["Ann", "Bob"], seed=4), ["human", "human"])
    logged: list[str] = []
    with phone(PHONE) as ph:
        with serving(with_phone(TableServer(table, None, log=logged.append))) as port:
            ph.page.goto(link("127.0.0.1", port, 0, table.secrets[0] or ""))
            pick_first(ph)
            ph.page.wait_for_selector("#take-back")  # (the table's answer: the pick is made, it may be taken back)
            waiting = ph.page.inner_text("#screen-waiting")
            assert "Bob (not connected)" in waiting and "Your choice: pick" in waiting, waiting
            ph.tap("#take-back")
            ph.page.wait_for_selector("#screen-pick")
            pick_first(ph)
            ph.page.wait_for_selector("#take-back")
            ph.tap("#lang-fr")
            assert ph.page.get_attribute("html", "lang") == "fr"
            french = ph.page.inner_text("#screen-waiting")
            assert "Bob (non connecté)" in french, french
        ph.page.wait_for_selector("#conn")  # the host stopped: the page says it connects again
        with serving(with_phone(TableServer(table, None, log=logged.append)), port=port):
            ph.page.wait_for_selector("#screen-waiting", timeout=20000)
            assert "Bob (non connecté)" in ph.page.inner_text("#screen-waiting")  # its language kept
    assert [d["player"] for d in table.game.state.decisions] == [0]  # its second pick (the first taken back)
    # while the host was down, the page's attempts to connect failed (said on the console): nothing else
    assert all("WebSocket connection to" in p for p in ph.problems), ph.problems
    assert troubles(logged) == []


def pick_first(ph: Any) -> None:
    ph.page.wait_for_selector("#screen-pick")
    cards = ph.page.query_selector_all("button[data-a=card]")
    ph.tap(f"#{cards[0].get_attribute('id')}")
    if ph.page.query_selector("#confirm[disabled]"):
        ph.tap(f"#{cards[1].get_attribute('id')}")
    ph.tap("#confirm")


@browser_needed
def test_a_hosted_solo_game_by_taps_to_its_end():
    """Solo against the Lich King on a phone: its Necropolis and armies on the Table tab, the game played
    by taps to its final scores, where the Lich King is ranked too."""
    from helpers.phone import PHONE, phone, play, with_phone
    from test_join_play import serving

    from papertales_tui.hosting.server import TableServer, link
    from papertales_tui.hosting.table import HostedTable
    from papertales_tui.rules.games import new_game

    table = HostedTable(new_game(["Ann"], seed=3, mode="solo", difficulty=1), ["human"])
    logged: list[str] = []
    with serving(with_phone(TableServer(table, None, log=logged.append))) as port, phone(PHONE) as ph:
        ph.page.goto(link("127.0.0.1", port, 0, table.secrets[0] or ""))
        necropolis: list[str] = []

        def seen(kind: str) -> None:
            if kind == "deploy" and not necropolis:
                ph.tap("#tab-table")
                necropolis.append(ph.page.inner_text(".lich"))
                ph.tap("#tab-play")

        play(ph, seen)
        assert table.game.over
        assert "Necropolis" in necropolis[0] and "►" in necropolis[0]
        final = ph.page.inner_text(".final")
        assert "Ann" in final and "Lich King" in final
        assert ph.problems == [] and troubles(logged) == []


async def test_a_deployment_of_no_new_unit_is_asked_first():
    """Over the page's websocket (no browser): seat 0 drafts by taps while seat 1 plays as a bot through
    the protocol; at the deployment, Confirm with no new Unit where one could go is asked first, Cancel
    comes back to the board, and Deploy nothing decides."""
    import re

    from papertales_tui.hosting.client import SeatClient, autoplay

    with hosted(2, seed=5, types=["human", "human"]) as (table, links, logged):
        base, secret = links[0].split("?secret=")
        other = SeatClient(links[1], table.game.catalog)
        await other.connect()
        bot = asyncio.create_task(autoplay(other, seed=1, until=lambda s: s.view.step == "deploy" and not s.asked))
        try:
            url, auth = base.replace("http://", "ws://") + "/phone/ws", {"Authorization": f"Bearer {secret}"}
            async with aiohttp.ClientSession() as session, session.ws_connect(url, headers=auth) as ws:
                body = await until(ws, 'id="screen-')
                while 'id="screen-deploy"' not in body:
                    if 'id="screen-pick"' in body:
                        cards = re.findall(r'data-a="card" data-v="(\d+)"', body)
                        for tap in ({"a": "card", "v": cards[0]}, {"a": "card", "v": cards[1]}, {"a": "confirm"}):
                            await ws.send_json(tap)
                            body = (await ws.receive_json(timeout=20))["html"]
                        if 'id="screen-waiting"' in body or 'id="screen-pick"' in body:
                            body = await until(ws, 'id="screen-')
                    elif 'data-a="read"' in body:
                        page = re.search(r'data-a="read" data-v="(\d+)"', body)
                        await ws.send_json({"a": "read", "v": page.group(1) if page else ""})
                        body = await until(ws, 'id="screen-')
                    else:
                        body = await until(ws, 'id="screen-')
                await ws.send_json({"a": "confirm"})
                body = await until(ws, 'id="nothing-ok"')  # (a body of the board may come first)
                assert 'id="screen-deploy"' in body and "Deploy no new Unit?" in body
                await ws.send_json({"a": "unpaid_no"})
                while 'id="nothing-ok"' in body:  # (bodies come in order: the answer to Cancel, at most 20 s)
                    body = await until(ws, 'id="screen-deploy"')
                def deployed() -> list[dict[str, object]]:
                    return [d for d in table.game.state.decisions if d["kind"] == "deploy" and d["player"] == 0]

                assert deployed() == []  # (Cancel decided nothing)
                await ws.send_json({"a": "confirm"})
                await until(ws, 'id="nothing-ok"')
                await ws.send_json({"a": "nothing_ok"})
                await until(ws, 'id="screen-waiting"')  # (at once: the page waits for the table's answer)
                for _ in range(200):  # the table applies it (its server runs in a thread of its own)
                    if deployed():
                        break
                    await asyncio.sleep(0.05)
                (made,) = deployed()
                assert made["slots"] == [None] * 5  # (the first turn: nothing in play, nothing new)
        finally:
            bot.cancel()
            await other.close()
    assert troubles(logged) == []


async def test_the_coachs_hint_asked_cancelled_and_asked_again_in_the_players_language():
    """Over the page's websocket (no browser): on the draft, Hint asks the host's coach (the page says it
    thinks, with a Cancel button), Cancel stops it, Hint again shows its answer as the terminal's hint
    panel does (the coach's choice, why, the playouts), in the language chosen on the page; nothing is
    decided by it."""
    with hosted(2, seed=5, types=["human", "human"]) as (table, links, logged):
        base, secret = links[0].split("?secret=")
        url, auth = base.replace("http://", "ws://") + "/phone/ws", {"Authorization": f"Bearer {secret}"}
        async with aiohttp.ClientSession() as session, session.ws_connect(url, headers=auth) as ws:
            body = await until(ws, 'id="screen-pick"')
            assert 'id="hint-ask"' in body and 'id="hint-answer"' not in body
            await ws.send_json({"a": "hint"})
            body = await until(ws, 'id="hint-cancel"')
            assert "Coach thinking" in body and 'id="screen-pick"' in body  # (the cards still there)
            await ws.send_json({"a": "hint"})  # Cancel
            body = await until(ws, "Hint cancelled.")
            assert 'id="hint-ask"' in body and 'id="hint-cancel"' not in body
            await ws.send_json({"a": "hint"})
            body = await until(ws, 'id="hint-answer"', 90)  # (the coach's work: 0.5 s of CPU, on a busy host)
            answer = body.split('id="hint-answer"', 1)[1].split("</p>", 1)[0]
            assert "Coach:" in answer and "Why:" in answer and "playout" in answer
            assert "pick " in answer  # (the coach's choice, in the game's words)
            await ws.send_json({"a": "lang", "v": "fr"})
            body = await until(ws, "Pourquoi")
            answer = body.split('id="hint-answer"', 1)[1].split("</p>", 1)[0]
            assert "Coach\u00a0:" in answer and "Pourquoi\u00a0:" in answer and "Why" not in answer  # (French spacing)
        assert table.game.state.decisions == []  # (a hint decides nothing)
    assert troubles(logged) == []


async def test_review_and_rematch_are_refused_before_the_end():
    """Before the game is over, the page offers neither and ignores the taps: no review asked, no rematch."""
    with hosted(2, seed=5, types=["human", "bot:easy"]) as (table, links, logged):
        base, secret = links[0].split("?secret=")
        url, auth = base.replace("http://", "ws://") + "/phone/ws", {"Authorization": f"Bearer {secret}"}
        async with aiohttp.ClientSession() as session, session.ws_connect(url, headers=auth) as ws:
            body = await until(ws, 'id="screen-pick"')
            assert 'id="rematch"' not in body and 'id="review-ask"' not in body
            seed = table.game.state.seed
            for tap in ({"a": "review"}, {"a": "rematch"}):
                await ws.send_json(tap)
                body = await until(ws, 'id="screen-pick"')
                assert "The coach replays" not in body
            await asyncio.sleep(0.3)
            assert table.game.state.seed == seed and not table.game.over
    assert troubles(logged) == []


@browser_needed
def test_a_hint_on_a_phone_then_the_review_and_a_rematch_of_a_hosted_solo_game():
    """Hosted solo (`papertales host --solo`) on a phone: a hint asked on the first decision shows the
    coach's answer; at the final scores the coach's review is asked and shown, then Rematch starts a new
    game whose draft the page shows. Every control a named button of 44x44 CSS px at least."""
    from helpers.phone import PHONE, layout_problems, phone, play, with_phone
    from test_join_play import serving

    from papertales_tui.hosting.server import TableServer, link
    from papertales_tui.hosting.table import HostedTable
    from papertales_tui.rules.games import new_game

    table = HostedTable(new_game(["Ann"], seed=3, mode="solo", difficulty=1), ["human"])
    logged: list[str] = []
    host = with_phone(TableServer(table, None, log=logged.append))
    with serving(host) as port, phone(PHONE) as ph:
        ph.page.goto(link("127.0.0.1", port, 0, table.secrets[0] or ""))
        hints: list[str] = []
        problems: list[str] = []

        def seen(kind: str) -> None:
            if kind == "pick" and not hints:
                ph.tap("#hint-ask")
                ph.page.wait_for_selector("#hint-answer", timeout=60000)
                hints.append(ph.page.inner_text("#hint-answer"))
                problems.extend(layout_problems(ph))

        play(ph, seen)
        assert hints and "Coach:" in hints[0] and "Why:" in hints[0]
        page = ph.page  # (the final scores: the review, then a rematch)
        assert page.get_attribute("#review-ask", "type") == "button" and page.inner_text("#review-ask")
        ph.tap("#review-ask")
        page.wait_for_selector("#review h2", timeout=120000)
        review = page.inner_text("#review")
        assert "Costliest decisions first" in review and "decisions reviewed" in review and "95%" in review
        problems.extend(layout_problems(ph))
        assert table.game.over
        ph.tap("#rematch")
        page.wait_for_selector("#screen-pick", timeout=30000)
        game = host.table.game  # (the host's table now: the rematch's)
        assert game is not table.game and not game.over and game.state.decisions == []
        assert game.state.seed != table.game.state.seed and game.state.players[0].name == "Ann"
        assert page.query_selector("#review") is None and page.query_selector("#hint-ask") is not None
        assert problems == [] and ph.problems == []
    assert "a rematch starts (Ann)" in logged and troubles(logged) == []


async def test_at_the_end_the_review_cancelled_then_a_rematch_over_the_pages_websocket():
    """A finished game hosted (two human seats): seat 0's page reads the results pages to the final
    scores, asks the coach's review (the page says the coach replays the game, with Cancel), cancels it
    (said so, the button back), and Rematch starts a new game at the table: its draft on the page."""
    import re

    from helpers.phone import with_phone
    from test_join_play import serving

    from papertales_tui.hosting.server import TableServer, link
    from papertales_tui.hosting.table import HostedTable
    from papertales_tui.rules import Game
    from papertales_tui.rules.bots import make_bot

    game = Game.new(["Ann", "Bob"], seed=6)
    bot = make_bot("easy", 1)
    while not game.over:
        for pend in game.pending():
            game.apply(pend.player, bot.choose(game.view(pend.player), pend, game.catalog))
    logged: list[str] = []
    host = with_phone(TableServer(HostedTable(game, ["human", "human"]), None, log=logged.append))
    with serving(host) as port:
        base, secret = link("127.0.0.1", port, 0, host.table.secrets[0] or "").split("?secret=")
        url, auth = base.replace("http://", "ws://") + "/phone/ws", {"Authorization": f"Bearer {secret}"}
        async with aiohttp.ClientSession() as session, session.ws_connect(url, headers=auth) as ws:
            body = await until(ws, 'id="screen-')
            while 'id="screen-final"' not in body:
                page = re.search(r'data-a="read" data-v="(\d+)"', body)
                if page is not None:
                    await ws.send_json({"a": "read", "v": page.group(1)})
                body = await until(ws, 'id="screen-')
            assert 'id="review-ask"' in body and 'id="rematch"' in body and 'id="hint-ask"' not in body
            await ws.send_json({"a": "review"})
            body = await until(ws, 'id="review-cancel"')
            assert "The coach replays the game" in body
            await ws.send_json({"a": "review"})  # Cancel
            body = await until(ws, "Review cancelled.")
            assert 'id="review-ask"' in body and 'id="review-cancel"' not in body
            await ws.send_json({"a": "rematch"})
            body = await until(ws, 'id="screen-pick"')
            assert 'id="review' not in body and 'id="hint-ask"' in body
        assert host.table.game is not game and not host.table.game.over
        assert host.table.game.state.decisions == []
    assert "a rematch starts (Ann, Bob)" in logged and troubles(logged) == []

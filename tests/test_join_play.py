"""Seats of a hosted table played through the app (`papertales join`'s: the same screens, a
`RemoteSession` for the flow), several terminal clients in this test process against a real server
started by the test in a thread of its own (it is ended when the test ends, however it ends): whole
seeded games to the final scores, every seat deciding at the same time, no hand-off screen; a client
killed and joined again continues where it was; a second client on the same link takes the seat over.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_tui_support import SIZE, keys_for, screen_text

from papertales_tui.hosting import protocol as P
from papertales_tui.hosting.server import TableServer, link, running
from papertales_tui.hosting.table import HostedTable
from papertales_tui.rules import Game, default_catalog
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.flow import Decide, Waiting
from papertales_tui.tui.remote import RemoteSession, parse_link
from papertales_tui.tui.screens.deploy import DeployScreen
from papertales_tui.tui.screens.draft import DraftScreen
from papertales_tui.tui.screens.final import FinalScreen
from papertales_tui.tui.screens.handoff import HandoffScreen
from papertales_tui.tui.screens.waiting import WaitingScreen

DECIDING = (DraftScreen, DeployScreen)


@contextlib.contextmanager
def hosted(tmp_path: Path, players: int, seed: int, types: list[str] | None = None,
           server_class: type[TableServer] = TableServer) -> Iterator[tuple[HostedTable, list[str]]]:
    """A table served on 127.0.0.1 from a thread of its own (the app's calls wait for its answers on the
    test's event loop): the table and each seat's link ("" for a bot's). Ended on leaving."""
    game = Game.new([f"Seat{i}" for i in range(players)], seed=seed)
    table = HostedTable(game, types or ["human"] * players)
    with serving(server_class(table, None, log=lambda line: None)) as port:  # (saving: tests/test_hosting.py)
        yield table, [link("127.0.0.1", port, i, s) if s else "" for i, s in enumerate(table.secrets)]


@contextlib.contextmanager
def serving(server: TableServer, port: int = 0) -> Iterator[int]:
    """`server` on 127.0.0.1 from a thread of its own, with its own event loop (the app's calls wait for
    its answers on the test's loop): its port. Ended on leaving, however the test ends."""
    loop = asyncio.new_event_loop()
    ready, ports = threading.Event(), []
    stop = loop.create_future()

    async def serve() -> None:
        async with running(server, port=port) as bound:
            ports.append(bound)
            ready.set()
            await stop

    thread = threading.Thread(target=loop.run_until_complete, args=(serve(),), daemon=True)
    thread.start()
    try:
        assert ready.wait(30), "the server did not start"
        yield ports[0]
    finally:
        loop.call_soon_threadsafe(lambda: stop.done() or stop.set_result(None))
        thread.join(30)
        loop.close()


def seat_app(seat_link: str) -> PaperTalesApp:
    catalog = default_catalog()
    session = RemoteSession(parse_link(seat_link), catalog)
    session.connect()
    return PaperTalesApp(catalog, flow=session)


async def settle(pilots: list, rounds: int = 3) -> None:
    for _ in range(rounds):
        for pilot in pilots:
            await pilot.pause()


async def play_until(apps: list[PaperTalesApp], pilots: list, done, limit: int = 4000) -> list[tuple[type, ...]]:
    """Each seat answers whatever its screen asks (tests/test_tui_support.py's scripts), all in turn,
    until `done()`; a seat on its waiting screen waits. Returns the screens on show at each round."""
    rounds = []
    for _ in range(limit):
        if done():
            return rounds
        screens = tuple(type(app.screen) for app in apps)
        rounds.append(screens)
        assert HandoffScreen not in screens, "a hand-off screen at a table of devices"
        moved = False
        for app, pilot in zip(apps, pilots):
            if not isinstance(app.screen, (WaitingScreen, FinalScreen)):
                await pilot.press(*keys_for(app))
                moved = True
        if not moved:
            await asyncio.sleep(0.02)  # (the server, or a bot, is deciding)
        await settle(pilots, 1)
    raise AssertionError(f"the game did not end: {[type(app.screen).__name__ for app in apps]}")


def all_final(apps: list[PaperTalesApp]):
    return lambda: all(isinstance(app.screen, FinalScreen) for app in apps)


async def play_whole_game(tmp_path: Path, players: int, seed: int, types: list[str] | None = None) -> None:
    with hosted(tmp_path, players, seed, types) as (table, links):
        apps = [seat_app(seat_link) for seat_link in links if seat_link]
        async with contextlib.AsyncExitStack() as stack:
            pilots = [await stack.enter_async_context(app.run_test(size=SIZE)) for app in apps]
            await settle(pilots)
            rounds = await play_until(apps, pilots, all_final(apps))
            game = table.game
            assert game.over
            winners = " and ".join(game.players[i].name for i in game.winners())
            for app in apps:
                text = screen_text(app)
                assert "Final scores" in text and f"{winners} win" in text
                assert all(str(p.lp) in text for p in game.players)
        both = [r for r in rounds if sum(s in DECIDING for s in r) >= 2]
        assert both, "no two seats were ever deciding at the same time"
        assert any(WaitingScreen in r for r in rounds)


async def test_two_seats_play_a_whole_game_at_once_without_hand_offs(tmp_path):
    await play_whole_game(tmp_path, 2, seed=11)


@pytest.mark.ci  # (two and a half minutes: run by .ci/run, `pytest -m ci`)
async def test_five_seats_play_a_whole_game_at_once(tmp_path):
    await play_whole_game(tmp_path, 5, seed=5)


@pytest.mark.ci  # (a minute)
async def test_two_seats_beside_a_bot(tmp_path):
    await play_whole_game(tmp_path, 3, seed=3, types=["human", "bot:easy", "human"])


async def test_a_client_killed_and_joined_again_continues_where_it_was(tmp_path):
    with hosted(tmp_path, 2, seed=7) as (table, links):
        first, other = seat_app(links[0]), seat_app(links[1])
        async with other.run_test(size=SIZE) as po:
            async with first.run_test(size=SIZE) as pf:
                await settle([pf, po])
                turn = lambda: len(table.game.state.decisions) >= 12  # noqa: E731 (in the second draft round)
                await play_until([first, other], [pf, po], turn)
                before = first.session.scene  # type: ignore[union-attr]
                decided = len(table.game.state.decisions)
            first.session.close()  # type: ignore[union-attr]  # (the app is gone: its connection too)
            again = seat_app(links[0])
            async with again.run_test(size=SIZE) as pa:
                await settle([pa, po])
                assert len(table.game.state.decisions) >= decided  # nothing lost
                if not isinstance(before, Waiting):
                    assert again.session.scene == before  # type: ignore[union-attr]
                mine = sum(d["player"] == 0 for d in table.game.state.decisions)
                then = lambda: sum(d["player"] == 0 for d in table.game.state.decisions) >= mine + 3  # noqa: E731
                await play_until([again, other], [pa, po], then)  # it plays on from where it was


async def test_a_second_client_on_the_same_link_takes_the_seat_over(tmp_path):
    with hosted(tmp_path, 2, seed=9) as (table, links):
        first = seat_app(links[0])
        async with first.run_test(size=SIZE) as pf:
            await settle([pf])
            assert isinstance(first.screen, DraftScreen)
            second = RemoteSession(parse_link(links[0]), default_catalog())
            try:
                second.connect()
                for _ in range(200):
                    await pf.pause()
                    if isinstance(first.screen, WaitingScreen):
                        break
                    await asyncio.sleep(0.02)
                assert isinstance(first.screen, WaitingScreen)
                await settle([pf])  # (drawn: a loaded machine may not have painted it yet)
                text = screen_text(first)
                assert "This seat was opened on another device" in text
                assert "is played there now" in text and "Take back" not in text
                assert isinstance(second.scene, Decide)  # the seat goes on there, its pick still to make
            finally:
                second.close()


async def test_the_waiting_screen_says_who_is_still_deciding_whole_at_80x24(tmp_path):
    with hosted(tmp_path, 2, seed=13) as (table, links):
        first, other = seat_app(links[0]), seat_app(links[1])
        async with first.run_test(size=SIZE) as pf, other.run_test(size=SIZE) as po:
            await settle([pf, po])
            await pf.press(*keys_for(first))  # seat 0 picks; seat 1 has not
            await settle([pf, po])
            assert isinstance(first.screen, WaitingScreen)
            text = screen_text(first)
            assert "Waiting for Seat1 to pick." in text
            assert "take back your pick (u)" in text
            assert "(this pick)" in text  # the card it picked, face down for the others until all have
            assert "Log" in text.split("\n")[-1]  # the key bar, on the last row
            told: list[str] = []
            other.notify = lambda message, **kw: told.append(message)  # type: ignore[method-assign]
            await pf.press("u")  # taken back: asked again, the pick to start from
            await settle([pf, po])
            assert isinstance(first.screen, DraftScreen)
            assert isinstance(other.screen, DraftScreen)
            assert "Seat0 took back their pick." in told  # the other seat is told, as the hand-off tells it


async def test_a_table_of_seven_with_long_names_is_whole_on_the_waiting_screen_and_its_references(tmp_path):
    """Seat 0 has picked; the six others (the widest names the New game form takes) have not: the
    waiting screen is audited as scripts/audit_screens.py audits the screens (nothing cut, no name
    broken, no rows hidden, every text at AA contrast); the log and the scores (reference screens,
    which scroll) open over it, from what the server answers, and close back to it."""
    from test_audit_screens import audit_module

    from papertales_tui.tui.screens.info import LogScreen, ScoreboardScreen

    audit = audit_module()
    names = audit.player_names(7, "long")
    with hosted(tmp_path, 7, seed=2) as (table, links):
        for i, name in enumerate(names):
            table.game.state.players[i].name = name
        app = seat_app(links[0])
        async with app.run_test(size=SIZE) as pilot:
            await settle([pilot])
            await pilot.press(*keys_for(app))
            await settle([pilot])
            assert isinstance(app.screen, WaitingScreen)
            report, prefixes = audit.Report(), audit.card_name_prefixes(app)
            audit.NAMED[:] = names
            try:
                audit.check_screen(app, report, prefixes)
                text = " ".join(screen_text(app).split())
                assert all(name in text for name in names)  # each whole, in the box or the table
                for key, screen in (("f3", LogScreen), ("f4", ScoreboardScreen)):
                    await pilot.press(key)
                    await settle([pilot])
                    assert isinstance(app.screen, screen)
                    assert names[3] in " ".join(screen_text(app).split()) or screen is LogScreen
                    await pilot.press("escape")
                    await settle([pilot])
                    assert isinstance(app.screen, WaitingScreen)
            finally:
                audit.NAMED[:] = []
            assert report.problems() == 0, "\n".join(report.lines())


def test_a_seat_connects_again_by_itself_when_the_host_stops_and_resumes(tmp_path):
    """The host stops (Ctrl-C: the seats are told) and resumes the table on the same port: each seat is
    told the table stopped, connects again by itself, and is back where it was: the seat that picked
    has its pick kept; the seat still picking keeps its screen meanwhile (told by a toast), and its
    pick, refused while the table is out of reach, goes through once it is back."""
    from papertales_tui.rules.bots import make_bot

    save = tmp_path / "table.json"
    table = HostedTable(Game.new(["Ann", "Ben"], seed=4), ["human", "human"])
    with serving(TableServer(table, save, log=lambda line: None)) as port:
        session = RemoteSession(parse_link(link("127.0.0.1", port, 0, table.secrets[0] or "")), default_catalog())
        session.connect()
        other = RemoteSession(parse_link(link("127.0.0.1", port, 1, table.secrets[1] or "")), default_catalog())
        other.connect()
        picking = other.scene
        assert isinstance(picking, Decide)
        scene = session.scene
        assert isinstance(scene, Decide)
        decision = make_bot("easy", 1).choose(session.view(0), scene.pend, session.catalog)
        assert session.submit(0, decision) is None  # (sent: nothing waits for the table's answer)
        assert until(lambda: isinstance(session.scene, Waiting) and session.scene.deciding == (1,))
    try:
        assert until(lambda: isinstance(session.scene, Waiting) and session.scene.note != "")
        assert "stopped" in session.scene.note or "lost" in session.scene.note  # type: ignore[union-attr]
        assert until(lambda: other.news() != [])  # "The host stopped the table..."
        assert other.scene == picking  # the screen it decides on stays
        later = make_bot("easy", 2).choose(other.view(1), picking.pend, other.catalog)
        assert other.submit(1, later) is not None  # refused, saying why: the table is out of reach
        resumed = HostedTable.load(save)
        assert resumed.secrets == table.secrets
        with serving(TableServer(resumed, save, log=lambda line: None), port=port):
            assert until(lambda: isinstance(session.scene, Waiting) and session.scene.note == "")
            back = session.scene
            assert isinstance(back, Waiting) and back.deciding == (1,) and back.take_back is not None  # kept
            assert until(lambda: other.connected)
            assert "Back at the table." in other.news() and other.scene == picking
            assert other.submit(1, later) is None  # and now it goes through
            assert until(lambda: not isinstance(session.scene, Waiting))  # the step resolved: the next pick
    finally:
        session.close()
        other.close()


def until(test, limit: float = 30.0) -> bool:
    """Whether `test()` came true within `limit` seconds (a network, not a timing, is waited for)."""
    import time

    end = time.monotonic() + limit
    while time.monotonic() < end:
        if test():
            return True
        time.sleep(0.02)
    return test()


async def test_the_real_join_in_a_terminal_killed_with_sigkill_comes_back_where_it_was(tmp_path):
    """`papertales join LINK` in a pseudo-terminal of 80x24 picks by keys; SIGKILL; the seat's link
    opened again shows the seat where it was: its pick kept (it may still take it back), the other
    seat still to pick, and not connected."""
    from test_app_killed import App

    table = HostedTable(Game.new(["Ann", "Ben"], seed=6), ["human", "human"])
    server = TableServer(table, None, log=lambda line: None)
    with serving(server) as port:
        seat_link = link("127.0.0.1", port, 0, table.secrets[0] or "")
        joined = App(["join", seat_link], tmp_path)
        try:
            assert await asyncio.to_thread(until, lambda: 0 in server.clients, 60)  # connected
            joined.wait_for_screen()
            for key in ("\r", "\x1b[B", "\r", "c"):  # pick, discard (2 players), confirm
                joined.press(key)
                await asyncio.sleep(0.3)
            assert await asyncio.to_thread(until, lambda: any(d["player"] == 0 for d in table.game.state.decisions))
        finally:
            joined.kill()
        assert joined.proc.returncode == -signal.SIGKILL
        assert await asyncio.to_thread(until, lambda: 0 not in server.clients)
        again = seat_app(seat_link)
        async with again.run_test(size=SIZE) as pilot:
            await settle([pilot])
            assert isinstance(again.screen, WaitingScreen)
            scene = again.session.scene  # type: ignore[union-attr]
            assert isinstance(scene, Waiting) and scene.deciding == (1,) and scene.take_back is not None
            assert scene.away == (1,)  # (Ben never opened his link: he is not deciding, he is not there)
            assert "Not connected: Ben" in screen_text(again) and "Waiting for Ben" not in screen_text(again)


def test_a_seats_view_holds_no_seed_while_the_game_goes_on(tmp_path):
    """From the seed anyone works out every hidden card (the app shows it only once the game is over):
    a seat is never sent it before then."""
    with hosted(tmp_path, 2, seed=424242) as (table, links):
        session = RemoteSession(parse_link(links[0]), default_catalog())
        try:
            session.connect()
            rebuilt = Game.new(["Seat0", "Seat1"], seed=session.view(0).seed)
            assert rebuilt.state.players[1].draft != table.game.state.players[1].draft
        finally:
            session.close()


def test_a_decision_is_sent_without_waiting_and_a_refusal_brings_it_back(tmp_path):
    """Nothing in the app waits for the table: `submit` returns once the decision is sent; the seat
    waits (a moment) for the answer; a refused one comes back on its screen as it was (`prior`),
    the refusal told (`refusals`)."""
    from papertales_tui.rules import Pick

    table = HostedTable(Game.new(["Ann", "Ben", "Cid"], seed=4), ["human"] * 3)
    with serving(TableServer(table, None, log=lambda line: None)) as port:
        session = RemoteSession(parse_link(link("127.0.0.1", port, 0, table.secrets[0] or "")), default_catalog())
        try:
            session.connect()
            scene = session.scene
            assert isinstance(scene, Decide)
            wrong = Pick(999)  # (not a card of its draft: the rules refuse it)
            assert session.submit(0, wrong) is None
            assert until(lambda: isinstance(session.scene, Decide) and session.scene.prior == wrong)
            refused = session.refusals()
            assert len(refused) == 1 and getattr(refused[0], "kind", None) == "illegal"
            assert session.refusals() == []  # (told once)
            right = Pick(scene.pend.options.cards[0])  # type: ignore[union-attr]
            assert session.submit(0, right) is None
            assert until(lambda: isinstance(session.scene, Waiting) and session.scene.deciding == (1, 2))
            assert table.game.players[0].submitted == right
        finally:
            session.close()


def test_a_forecast_is_asked_never_waited_for_and_each_plan_gets_its_own(tmp_path):
    """The deployment board's forecasts at a hosted table: asking returns at once (the answer comes
    later and the flow says so), and each plan's forecast is its own: an answer for another plan is
    never taken for this one's."""
    import random

    from papertales_tui.rules import Step, random_decision
    from papertales_tui.rules.forecast import TurnForecast

    game = Game.new(["Ann", "Ben"], seed=5)
    rng = random.Random(5)
    while game.pending()[0].kind != Step.DEPLOY:
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    table = HostedTable(game, ["human", "human"], pages_from=len(game.state.log))
    with serving(TableServer(table, None, log=lambda line: None)) as port:
        session = RemoteSession(parse_link(link("127.0.0.1", port, 0, table.secrets[0] or "")), default_catalog())
        told = []
        try:
            session.connect()
            scene = session.scene
            assert isinstance(scene, Decide) and scene.pend.kind == Step.DEPLOY
            asks = session.asks(0)
            asks.listen(lambda: told.append(1))  # (the screen that asks is told)
            hand = list(scene.pend.options.hand)  # type: ignore[union-attr]
            plans = [[hand[0], None, None, None, None], [None, hand[1], None, None, None]]
            for plan in plans:
                asks.forecast_ready(plan)  # (asked: returns at once)
            assert until(lambda: all(asks.forecast_ready(plan) for plan in plans)) and told
            got = [asks.forecast(plan) for plan in plans]
            assert all(isinstance(f, TurnForecast) for f in got) and got[0] != got[1]
            for plan, f in zip(plans, got, strict=True):
                host = table.ask(0, P.Ask(v=1, type="ask", id=0, query=P.Forecast(kind="forecast",
                                                                                  slots=tuple(plan), keep=None)))
                assert isinstance(host, P.Answer)
                assert f == P.answer_result("forecast", host.result, session.catalog)  # its own plan's
        finally:
            session.close()

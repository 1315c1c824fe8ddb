"""A seat of a hosted table never waits for the host's answers (`papertales join`, tui/remote.py):
against a host that holds every answer to a question until the test lets it go (a slow host, the
same server otherwise), the seat's screens say they wait for the table, keys are handled meanwhile,
and each answer shows when it comes; the deployment's forecast of a plan left behind is dropped; the
draft's "Still to pick" follows the table as the other seats pick.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from test_join_play import hosted, seat_app, serving, settle
from test_tui_support import SIZE, screen_text

from papertales_tui.hosting import protocol as P
from papertales_tui.hosting.server import TableServer, link
from papertales_tui.hosting.table import HostedTable
from papertales_tui.rules import Game, Step, default_catalog, random_decision
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.remote import RemoteSession, parse_link
from papertales_tui.tui.screens.construction import ConstructionScreen
from papertales_tui.tui.screens.deploy import DeployScreen
from papertales_tui.tui.screens.draft import DraftScreen
from papertales_tui.tui.screens.info import LogScreen
from papertales_tui.tui.screens.waiting import WaitingScreen


class HeldServer(TableServer):
    """The table's server, holding each seat's question (a forecast, the price list, the log...) until
    the test lets it go (`release`): decisions, states and pages go as ever."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.held: list[tuple[Any, P.Ask]] = []
        self.loop: asyncio.AbstractEventLoop | None = None
        self.lock = threading.Lock()

    def question(self, client: Any, message: P.Ask) -> None:
        self.loop = asyncio.get_running_loop()
        with self.lock:
            self.held.append((client, message))

    def kinds(self) -> list[str]:
        with self.lock:
            return [m.query.kind for _, m in self.held]

    def release(self, which: Callable[[P.Ask], bool] = lambda m: True) -> int:
        """Answer the questions held that pass `which` (on the server's loop); how many."""
        assert self.loop is not None, "no question was asked"
        with self.lock:
            go = [(c, m) for c, m in self.held if which(m)]
            self.held = [(c, m) for c, m in self.held if not which(m)]
        done = threading.Event()

        def answer() -> None:
            for client, message in go:
                TableServer.question(self, client, message)
            done.set()

        self.loop.call_soon_threadsafe(answer)
        assert done.wait(10)
        return len(go)


def game_at(step: Step | None, seed: int) -> Game:
    """A 2-player game played at random up to the first `step` (seat 0 asked it); None: to its end."""
    game = Game.new(["Ann", "Ben"], seed=seed)
    rng = random.Random(seed)
    while not game.over and not any(p.kind == step and p.player == 0 for p in game.pending()):
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    return game


Opened = tuple[HostedTable, HeldServer, PaperTalesApp]


@pytest.fixture
def held_seat() -> Iterator[Callable[[Step | None, int], Opened]]:
    """`open(step, seed)`: a 2-player game played at random up to seat 0's first `step` (None: to its end,
    every results page read but the final scores), its table served by a `HeldServer` on 127.0.0.1, and
    seat 0's app (run by the test, `app.run_test`, which ends it). On leaving, however the test ends (an
    error, an interruption), the seat's connection is closed and the server ends."""
    with contextlib.ExitStack() as ending:
        def open_seat(step: Step | None, seed: int) -> Opened:
            game = game_at(step, seed)
            unread = 1 if game.over else 0  # (the last event's page: the final scores)
            table = HostedTable(game, ["human", "human"], pages_from=len(game.state.log) - unread)
            server = HeldServer(table, None, log=lambda line: None)
            port = ending.enter_context(serving(server))
            flow = RemoteSession(parse_link(link("127.0.0.1", port, 0, table.secrets[0] or "")), default_catalog())
            ending.callback(flow.close)  # (before the server ends: the stack ends in the reverse order)
            flow.connect()
            return table, server, PaperTalesApp(flow.catalog, flow=flow)

        yield open_seat


async def until(pilot: Any, test: Callable[[], bool], seconds: float = 20.0) -> bool:
    for _ in range(int(seconds / 0.05)):
        if test():
            return True
        await pilot.pause(0.05)
    return test()


def plan_of(screen: DeployScreen) -> tuple[tuple[int | None, ...], int | None]:
    return tuple(screen.plan.slots), screen.plan.keep


async def test_a_forecast_of_a_plan_left_behind_is_dropped_and_keys_go_on_while_it_is_asked(held_seat):
    table, server, app = held_seat(Step.DEPLOY, 5)
    async with app.run_test(size=SIZE) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, DeployScreen) and "forecast" in server.kinds())
        board = app.screen
        assert isinstance(board, DeployScreen)
        first = plan_of(board)
        assert board.forecast is None and board.plan_key == first
        assert "Forecast: on its way…" in screen_text(app)
        await pilot.press("1")  # (the first card of the hand to F1, while the first forecast is asked)
        await settle([pilot])
        second = plan_of(board)
        assert second != first and board.plan_key == second  # the key was handled at once
        assert await until(pilot, lambda: server.kinds().count("forecast") == 2)
        server.release(lambda m: isinstance(m.query, P.Forecast) and tuple(m.query.slots) == first[0])
        assert await until(pilot, lambda: first in board.forecasts)  # the first plan's forecast came...
        await settle([pilot])
        assert board.forecast is None and board.forecast_key is None  # ... and is not shown for the second
        assert "Forecast: on its way…" in screen_text(app)
        server.release()
        assert await until(pilot, lambda: board.forecast_key == second)
        asked = P.Ask(v=1, type="ask", id=0, query=P.Forecast(kind="forecast", slots=second[0], keep=second[1]))
        host = table.ask(0, asked)
        assert isinstance(host, P.Answer)
        assert board.forecast == P.answer_result("forecast", host.result, app.catalog)  # the second plan's own
        assert "Forecast: on its way…" not in screen_text(app)
        await pilot.press("u")  # (back to the first plan: its forecast, kept, is shown at once)
        await settle([pilot])
        assert board.forecast_key == first and board.forecast == board.forecasts[first][0]


async def test_the_price_list_and_the_log_say_they_wait_for_the_table_until_they_come(held_seat):
    table, server, app = held_seat(Step.CONSTRUCTION, 3)
    async with app.run_test(size=SIZE) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, ConstructionScreen)
                           and "construction_report" in server.kinds())
        screen = app.screen
        assert isinstance(screen, ConstructionScreen) and screen.options  # (something to build)
        await settle([pilot])
        assert "Waiting for the table…" in screen_text(app)
        await pilot.press("down")  # (handled meanwhile: the cursor moves)
        await settle([pilot])
        assert screen.query_one("#build-options").highlighted == 1
        await pilot.press("f3")  # the log, asked of the table too
        assert await until(pilot, lambda: isinstance(app.screen, LogScreen) and "log" in server.kinds())
        assert "Waiting for the table…" in screen_text(app)
        server.release(lambda m: m.query.kind == "log")
        assert await until(pilot, lambda: "Waiting for the table…" not in screen_text(app))
        assert "Ann" in screen_text(app) and app.screen.entries  # type: ignore[attr-defined]
        await pilot.press("escape")
        assert await until(pilot, lambda: app.screen is screen)
        assert "Waiting for the table…" in screen_text(app)  # (the price list still held)
        server.release()
        assert await until(pilot, lambda: "Waiting for the table…" not in screen_text(app))
        assert "You have" in screen_text(app)  # the entry under the cursor, with its price


async def test_the_age_tokens_question_says_it_waits_for_the_table_then_what_each_unit_would_do(held_seat):
    from papertales_tui.tui.screens.modals import AgeTargetModal

    table, server, app = held_seat(Step.AGE_TARGET, 1)
    async with app.run_test(size=SIZE) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, AgeTargetModal) and "age_change" in server.kinds())
        modal = app.screen
        await settle([pilot])
        assert "Waiting for the table…" in screen_text(app)
        await pilot.press("enter")  # (a Unit chosen meanwhile)
        await settle([pilot])
        assert modal.choice is not None  # type: ignore[attr-defined]
        server.release()
        assert await until(pilot, lambda: "Waiting for the table…" not in screen_text(app))
        text = screen_text(app)
        assert "dies this turn" in text or "lives through this Aging" in text


async def test_the_coachs_review_says_it_waits_for_the_table_never_a_count_it_does_not_know(held_seat):
    """While the host holds the question (its coach has not started: it waits its turn), the seat's review
    screen says it waits for the table (it once said "0/1 decisions" until the answer came), then shows
    the review. (The host's count, once its coach works, is tests/test_coach_progress.py's.)"""
    from papertales_tui.tui.screens.final import FinalScreen
    from papertales_tui.tui.screens.review import ReviewScreen

    table, server, app = held_seat(None, 4)
    table.review_budget = 1.0  # (CPU seconds: a short review once let go)
    async with app.run_test(size=SIZE) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, FinalScreen))
        await pilot.press("r")
        assert await until(pilot, lambda: isinstance(app.screen, ReviewScreen) and "review" in server.kinds())
        await settle([pilot])
        text = " ".join(screen_text(app).split())
        assert "The coach replays the game on the host: waiting for the table…" in text
        assert "0/1" not in text and "decisions · Esc" not in text  # (no count it does not know)
        server.release()
        assert await until(pilot, lambda: "decisions reviewed" in screen_text(app), 60)
        assert "waiting for the table" not in screen_text(app)


async def test_the_coachs_hint_says_it_waits_for_the_table_never_a_count_it_does_not_know(held_seat):
    from papertales_tui.tui.screens.hint import HintPanel

    table, server, app = held_seat(Step.PICK, 2)
    table.hint_budget = 0.2
    async with app.run_test(size=SIZE) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, DraftScreen))
        await pilot.press("h")
        assert await until(pilot, lambda: "hint" in server.kinds())
        await settle([pilot])
        text = " ".join(screen_text(app).split())
        assert "The coach thinks on the host: waiting for the table…" in text
        assert "0/1" not in text and "samples" not in text
        server.release()
        assert await until(pilot, lambda: app.screen.query(HintPanel).first().shown is not None, 60)
        assert "waiting for the table" not in screen_text(app)


async def test_a_deployment_waits_as_its_board_forecast_it_marked_before_the_reveal(held_seat):
    """On its waiting screen, the seat's own Kingdom as deployed: its strength is the forecast's the board
    showed (the Kingdom after its own reveal: the new Units counted, as at one keyboard), marked as a
    forecast before the reveal, with the board's forecast line; when that forecast is not known (confirmed
    before it came: asked after the decision, the host refuses it), the strength before the reveal, marked
    so (it said the old strength beside the new Units, unmarked)."""
    table, server, app = held_seat(Step.DEPLOY, 5)
    async with app.run_test(size=SIZE) as pilot:
        assert await until(pilot, lambda: isinstance(app.screen, DeployScreen) and "forecast" in server.kinds())
        board = app.screen
        assert isinstance(board, DeployScreen)
        await pilot.press("1")  # (a Unit in F1)
        await settle([pilot])
        slots, keep = plan_of(board)
        asked = P.Ask(v=1, type="ask", id=0, query=P.Forecast(kind="forecast", slots=slots, keep=keep))
        host = table.ask(0, asked)  # (the host's forecast of that plan, as the board gets it)
        assert isinstance(host, P.Answer)
        forecast = P.answer_result("forecast", host.result, app.catalog)
        before = table.game.strength(0)
        assert forecast.strength != before  # (the new Unit counts)
        await pilot.press("c")
        assert await until(pilot, lambda: isinstance(app.screen, WaitingScreen))
        await settle([pilot])

        def own() -> str:
            return next(line for line in screen_text(app).splitlines() if line.strip().startswith("Ann "))

        assert "(before the reveal)" in own() and f"⚔{before}" in own() and "forecast" not in own()
        server.release()  # (answered after the decision, the forecast is refused: nothing more is known)
        await settle([pilot])
        assert "(before the reveal)" in own() and f"⚔{before}" in own()
        await pilot.press("u")  # taken back: the board again, its forecast asked again
        assert await until(pilot, lambda: isinstance(app.screen, DeployScreen) and "forecast" in server.kinds())
        server.release()
        board = app.screen
        assert isinstance(board, DeployScreen)
        assert await until(pilot, lambda: board.forecast_key == (slots, keep))  # (the plan taken back)
        await pilot.press("c")
        assert await until(pilot, lambda: isinstance(app.screen, WaitingScreen))
        assert await until(pilot, lambda: "(forecast, before the reveal)" in own())
        assert f"⚔{forecast.strength}" in own()
        assert f"Forecast on what you see: ⚔{forecast.strength}" in " ".join(screen_text(app).split())


async def test_the_draft_says_who_is_still_to_pick_as_the_others_pick(tmp_path):
    with hosted(tmp_path, 2, seed=11) as (table, links):
        ann, ben = seat_app(links[0]), seat_app(links[1])
        async with ann.run_test(size=SIZE) as pa, ben.run_test(size=SIZE) as pb:
            assert await until(pa, lambda: isinstance(ann.screen, DraftScreen) and isinstance(ben.screen, DraftScreen))
            await settle([pa, pb])
            panel = lambda: str(ben.screen.query_one("#draft-info").text)  # noqa: E731
            assert "Still to pick: Seat0, Seat1" in " ".join(panel().split())
            await pa.press("enter", "down", "enter", "c")  # Seat0 picks, discards, confirms
            assert await until(pa, lambda: isinstance(ann.screen, WaitingScreen))
            assert await until(pb, lambda: "Still to pick: Seat1" in " ".join(panel().split()))
            assert isinstance(ben.screen, DraftScreen)  # (the same screen, told in place)


async def test_a_refusal_for_want_of_the_table_goes_once_it_is_back_and_the_waiting_screen_shows_the_units_placed(
        tmp_path):
    save = tmp_path / "table.json"
    game = game_at(Step.DEPLOY, seed=5)
    table = HostedTable(game, ["human", "human"], pages_from=len(game.state.log))
    first = contextlib.ExitStack()
    port = first.enter_context(serving(TableServer(table, save, log=lambda line: None)))
    try:
        app = seat_app(link("127.0.0.1", port, 0, table.secrets[0] or ""))
        async with app.run_test(size=SIZE) as pilot:
            assert await until(pilot, lambda: isinstance(app.screen, DeployScreen))
            board = app.screen
            assert isinstance(board, DeployScreen)
            await pilot.press("1")  # (a Unit in F1)
            placed = board.plan.slots[0]
            assert placed is not None
            name = board.view.card(placed).name
            first.close()  # the host stops (Ctrl-C)
            assert await until(pilot, lambda: not app.session.connected)  # type: ignore[union-attr]
            await pilot.press("c")
            assert await until(pilot, lambda: "Not allowed" in screen_text(app))
            await pilot.press("down", "k")  # another plan while the table is out of reach: its forecast waits
            await settle([pilot])
            kept = board.plan_key
            assert kept is not None and kept[1] is not None and board.forecast_key is None
            assert "Forecast: on its way…" in screen_text(app)
            resumed = HostedTable.load(save)
            with serving(TableServer(resumed, save, log=lambda line: None), port=port):
                assert await until(pilot, lambda: app.session.connected)  # type: ignore[union-attr]
                assert await until(pilot, lambda: "Not allowed" not in screen_text(app))
                assert app.screen is board  # (the plan kept)
                assert await until(pilot, lambda: board.forecast_key == kept)  # asked again once back: it came
                assert "Forecast: on its way…" not in screen_text(app)
                await pilot.press("k")  # (nothing kept: as before)
                await pilot.press("c")
                assert await until(pilot, lambda: isinstance(app.screen, WaitingScreen))
                await settle([pilot])
                text = " ".join(screen_text(app).split())
                assert "Your deployment:" in text and name in text
                lines = screen_text(app).splitlines()
                own = next(k for k, line in enumerate(lines) if line.strip().startswith("Ann (") and "★" in line)
                assert name in lines[own + 1] and "no Unit" not in lines[own + 1]  # its own Kingdom, as deployed
    finally:
        first.close()


async def test_the_hosts_terminal_says_how_a_hosted_solo_game_ended_with_the_lich_kings_points_in_its_language():
    """`papertales host --solo`: the line the host's terminal prints at the end gives the player's LP
    and the Lich King's, and says it in the host's language."""
    from papertales_tui.hosting.client import SeatClient, autoplay
    from papertales_tui.hosting.server import running
    from papertales_tui.rules import default_catalog
    from papertales_tui.rules.games import new_game
    from papertales_tui.text import i18n

    for lang, words in (("en", "the game is over:"), ("fr", "la partie est finie")):
        i18n.set_language(lang)
        table = HostedTable(new_game(["Ann"], seed=3, mode="solo", difficulty=1), ["human"])
        lines: list[str] = []
        async with (running(TableServer(table, None, log=lines.append)) as port,
                    SeatClient(link("127.0.0.1", port, 0, table.secrets[0] or ""), default_catalog()) as seat):
            await asyncio.wait_for(autoplay(seat, 1), 300)
        game = table.game
        assert game.over
        lich, lp = game.mode.other_scores(game)[0], game.players[0].lp
        said = [line for line in lines if line.startswith(words)]
        assert len(said) == 1, lines
        assert f"Ann ★{lp} " in said[0] and f"★{lich}" in said[0] and lich != lp, said


class LateStates(TableServer):
    """The table's server, each seat's state sent a moment after the pages before it (as a slow
    network may bring them): the pages of a step come before the state that follows from them."""

    def put(self, client: Any, text: str) -> None:
        if text.startswith('{"v":1,"type":"state"'):  # (a state, as encoded)
            asyncio.get_running_loop().call_later(0.05, TableServer.put, self, client, text)
        else:
            super().put(client, text)


async def test_a_results_page_is_drawn_on_a_view_as_new_as_its_events(tmp_path) -> None:
    """A solo game's Wars page names the Necropolis card just revealed: drawn on the view the page came
    before (that card still face down there), it could not be drawn at all. The seat waits for the
    state, then shows each page, to the final scores."""
    from test_join_play import all_final, play_until

    from papertales_tui.rules import new_game
    from papertales_tui.tui.screens.summary import SummaryScreen

    game = new_game(["Sam"], seed=9, mode="solo", difficulty=2)
    table = HostedTable(game, ["human"])
    with serving(LateStates(table, None, log=lambda line: None)) as port:
        app = seat_app(link("127.0.0.1", port, 0, table.secrets[0] or ""))
        async with app.run_test(size=SIZE) as pilot:
            await settle([pilot])
            rounds = await play_until([app], [pilot], all_final([app]))
            assert SummaryScreen in {s for r in rounds for s in r}
            assert table.game.over and "Final scores" in screen_text(app)

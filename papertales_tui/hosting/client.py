"""A seat's client of a hosted table, without a screen (aiohttp's websocket client): it reads every
message with protocol.py and keeps the seat's latest state and pages. The tests and the benchmark play
through it; `papertales join` may too."""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

import aiohttp

from ..rules import Catalog, Decision, Pending
from . import protocol as p
from .server import ws_url

Message = p.Welcome | p.State | p.Page | p.Answer | p.Refused | p.Notice


class SeatClient:
    """One seat's connection: `connect`, then `next()` for each message; `decide`, `take_back`, `read`
    and `ask` send one."""

    def __init__(self, link: str, catalog: Catalog):
        self.link, self.catalog = link, catalog
        self.session: aiohttp.ClientSession | None = None
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.welcome: p.Welcome | None = None
        self.state: p.State | None = None
        self.pages: list[p.Page] = []
        self.received: list[Message] = []
        self.ids = itertools.count()

    async def connect(self, timeout: float = 30) -> p.Welcome:
        self.session = aiohttp.ClientSession()
        self.ws = await self.session.ws_connect(ws_url(self.link), max_msg_size=p.MAX_TO_SEAT, heartbeat=30)
        first = await self.next(timeout)
        assert isinstance(first, p.Welcome), first
        self.welcome = first
        return first

    async def next(self, timeout: float = 30) -> Message:
        """The next message from the server (ConnectionError once the connection is closed)."""
        assert self.ws is not None
        frame = await self.ws.receive(timeout)
        if frame.type != aiohttp.WSMsgType.TEXT:
            raise ConnectionError(f"the connection closed ({frame.type.name}, {self.ws.close_code})")
        message = p.to_seat(frame.data, self.catalog)
        self.received.append(message)
        if isinstance(message, p.State):
            self.state = message
        elif isinstance(message, p.Page):
            self.pages.append(message)
        return message

    async def until(self, test: Any, timeout: float = 60) -> Message:
        """Read messages until one passes `test`."""
        while True:
            message = await self.next(timeout)
            if test(message):
                return message

    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        await self.ws.send_json({"v": p.VERSION, **message})

    async def post(self, message: p.Decide | p.TakeBack | p.Read | p.Ask | p.Rematch) -> None:
        assert self.ws is not None
        await self.ws.send_str(message.model_dump_json())

    async def decide(self, decision: Decision, seq: int | None = None) -> None:
        assert self.state is not None
        await self.post(p.Decide(v=p.VERSION, type="decide", seq=self.state.next_seq if seq is None else seq,
                                 decision=decision))

    async def take_back(self) -> None:
        assert self.state is not None
        await self.post(p.TakeBack(v=p.VERSION, type="take_back", seq=self.state.next_seq))

    async def rematch(self) -> None:
        """Once the game is over: play again at the same table (same seats and links, a new seed)."""
        await self.post(p.Rematch(v=p.VERSION, type="rematch"))

    async def read(self, page: int) -> None:
        await self.post(p.Read(v=p.VERSION, type="read", page=page))

    async def ask(self, query: dict[str, Any], timeout: float = 60) -> Any:
        """A question's answer, read back (a `TurnForecast`...); a `Refused` if refused."""
        ident = next(self.ids)
        await self.send({"id": ident, "type": "ask", "query": query})  # (the query checked by the server)
        got = await self.until(lambda m: isinstance(m, p.Answer | p.Refused) and m.id == ident, timeout)
        if isinstance(got, p.Refused):
            return got
        assert isinstance(got, p.Answer)
        return p.answer_result(got.ask, got.result, self.catalog)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.session is not None:
            await self.session.close()

    async def __aenter__(self) -> SeatClient:
        await self.connect()
        return self

    async def __aexit__(self, *exc: object) -> None:
        with _suppress():
            await self.close()


async def autoplay(client: SeatClient, seed: int, spread: float = 0.0, level: str = "easy",
                   until: Any = None, questions: bool = False) -> int:
    """Play a seat as a bot of `level` would, on the views it is sent, reading every page, to the end of
    the game (or until a state passes `until`); `spread`: at most this many seconds' wait before each
    decision (the seats' decisions then come in any order); `questions`: asks what a deciding screen
    asks first (a forecast of the plan, the Construction report, the log...), each answer checked.
    Returns how many decisions it sent."""
    import random

    from ..rules.bots import make_bot

    bot, rng = make_bot(level, seed), random.Random(seed)
    sent_seq, made = -1, 0
    while True:
        message = await client.next()
        if isinstance(message, p.Page):
            await client.read(message.id)
        elif isinstance(message, p.Refused):
            raise AssertionError(f"refused: {message}")
        elif isinstance(message, p.State):
            if (message.view.over and not message.reading) or (until is not None and until(message)):
                return made
            if message.asked is not None and message.next_seq > sent_seq:
                if spread:
                    await asyncio.sleep(rng.random() * spread)
                sent_seq = message.next_seq
                decision = bot.choose(message.view, message.asked, client.catalog)
                if questions:
                    await ask_as_a_screen(client, message.asked, decision)
                await client.decide(decision)
                made += 1


async def ask_as_a_screen(client: SeatClient, asked: Pending, decision: Decision) -> None:
    """The questions a deciding screen asks about `asked` (AssertionError for an answer of another type)."""
    from ..rules import AgeTargetOptions, ConstructionPrice, Deploy, DeployOptions
    from ..rules.forecast import AgeChange, TurnForecast

    options = asked.options
    if isinstance(options, DeployOptions) and isinstance(decision, Deploy):
        made = await client.ask({"kind": "forecast", "slots": list(decision.slots), "keep": decision.keep})
        assert made is None or isinstance(made, TurnForecast), made
        unpaid = await client.ask({"kind": "suggested_unpaid", "new": list(options.hand[:2])})
        assert isinstance(unpaid, tuple), unpaid
    if isinstance(options, AgeTargetOptions):
        change = await client.ask({"kind": "age_change", "slot": options.slots[0], "amount": options.amount})
        assert isinstance(change, AgeChange), change
    report = await client.ask({"kind": "construction_report"})
    assert all(isinstance(r, ConstructionPrice) for r in report), report
    assert isinstance(await client.ask({"kind": "would_die", "slot": 0}), bool)
    log = await client.ask({"kind": "log", "start": 0, "count": 50})
    assert isinstance(log, p.LogPage), log


def _suppress() -> Any:
    import contextlib

    return contextlib.suppress(Exception, asyncio.CancelledError)

"""A seat's client of a hosted table, without a screen (aiohttp's websocket client): it reads every
message with protocol.py and keeps the seat's latest state and pages. The tests and the benchmark play
through it; `papertales join` may too."""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

import aiohttp

from ..rules import Catalog, Decision
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

    async def decide(self, decision: Decision, seq: int | None = None) -> None:
        assert self.state is not None
        await self.send({"type": "decide", "seq": self.state.next_seq if seq is None else seq,
                         "decision": decision.to_dict()})

    async def take_back(self) -> None:
        assert self.state is not None
        await self.send({"type": "take_back", "seq": self.state.next_seq})

    async def read(self, page: int) -> None:
        await self.send({"type": "read", "page": page})

    async def ask(self, query: dict[str, Any], timeout: float = 60) -> Any:
        """A question's answer, read back (a `TurnForecast`...); a `Refused` if refused."""
        ident = next(self.ids)
        await self.send({"type": "ask", "id": ident, "query": query})
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


def _suppress() -> Any:
    import contextlib

    return contextlib.suppress(Exception, asyncio.CancelledError)

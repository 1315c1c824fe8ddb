"""One phone page's seat: a client of the table's protocol (docs/protocol.md, the same messages as a
`papertales join` terminal) that keeps the seat's situation, renders it to HTML (render.py) for the page,
and turns the page's taps into the protocol's messages.

The page speaks to it over its own websocket, in `Tap`s: `{"a": action, "v": value}`, at most
`MAX_TAP` bytes, checked strictly (an unknown action or a value of the wrong shape is ignored, and the
page shown again). It answers with `{"html": body, "say": heading}`. What is only on the page (which card
is selected, the deployment plan, the tab, the language) lives here, per connection; everything the
game decides comes from the protocol, so a seat sees only its own view.

The coach's hint and review, and a rematch (`HOOKS`: the protocol's `ask {kind: "hint"}`, `"review"`,
`"cancel"` and `rematch`): a hint or a review is asked from a task of its own (taps go on while the
host's coach thinks; tapping its button again cancels it); a hint is for the decision asked when it was
asked, and is dropped when the decision moves on. Meanwhile the host's progress notices for that question
(`notice progress`) are shown as they come: how many samples, or decisions, of how many.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import Awaitable, Callable
from typing import Any, Literal

import aiohttp
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..hosting import protocol as p
from ..hosting.server import ws_url
from ..rules import (
    AgeTarget,
    AgeTargetOptions,
    Catalog,
    ConstructionOptions,
    Decision,
    DeployOptions,
    Heal,
    HealOptions,
    Pass,
    Pick,
    PickOptions,
)
from ..text import i18n
from ..tui.plan import DeployPlan
from . import render

MAX_TAP = 256  # bytes of one message from the page
HOOKS = ("hint", "review", "rematch")  # the table's offers the page shows (render.py `coach_panel`, `final`)
COACH_WAIT = 120.0  # seconds a hint or a review is waited for (the host stops a review after 50 s of work)

Push = Callable[[dict[str, Any]], Awaitable[None]]


class Tap(BaseModel):
    """A tap on the page: the action (a button's `data-a`) and its value (`data-v`)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    a: Literal["hello", "tab", "lang", "card", "confirm", "opt", "hand", "spot", "keep", "out", "undo", "drop",
               "unpaid_ok", "unpaid_no", "nothing_ok", "read", "take_back", "hint", "review", "rematch"]
    v: str = Field(default="", max_length=16)


def read_tap(text: str) -> Tap | None:
    if len(text) > MAX_TAP:
        return None
    try:
        return Tap.model_validate_json(text)
    except ValidationError:
        return None


class PhoneSeat:
    """The seat behind one phone page: `run()` plays it until either side closes."""

    def __init__(self, link: str, catalog: Catalog, lang: str, push: Push):
        self.link, self.catalog, self.lang, self.push = link, catalog, lang, push
        self.welcome: p.Welcome | None = None
        self.state: p.State | None = None
        self.pages: dict[int, p.Page] = {}
        self.log: list[Any] = []
        self.tab = "play"
        self.read_sent = -1  # the last page this page said was read (shown no more while the table hears it)
        self.error = ""
        self.heading = ""
        self.closed_why = ""  # "taken_over", "closing" or "" (the connection was lost)
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.ids = itertools.count()
        self.asks: dict[int, asyncio.Future[Any]] = {}
        self.key: tuple[Any, ...] = ()
        self.tasks: set[asyncio.Future[None]] = set()
        self.review: Any = None  # the coach's `Review` of this seat's decisions, once asked at the end
        self.review_state = ""  # "", "thinking", "shown" or "cancelled"
        self.review_progress: tuple[int, int] | None = None  # (done, total) decisions, as the host last told
        self.coaching = 0  # the coach's questions asked (and cancelled): only the last one's answer is shown
        self.coach_id: int | None = None  # the id of the coach's question under way (its progress notices')
        self.reset()

    # --- the page's own choices, reset with every new decision -------------------------------------
    def reset(self) -> None:
        self.chosen: int | None = None  # a card picked, an option chosen
        self.discarding: int | None = None
        self.healed: set[int] = set()
        self.plan: DeployPlan | None = None
        self.held: int | None = None
        self.unpaid: tuple[int, ...] | None = None
        self.nothing = False  # Confirm with no new Unit where one could go: asked first
        self.sent = False  # the decision is sent: the table's answer is awaited (its buttons are gone)
        self.hint: Any = None  # the coach's `Hint` for this decision
        self.hint_state = ""  # "", "thinking", "shown" or "cancelled"
        self.hint_progress: tuple[int, int] | None = None  # (done, total) samples, as the host last told

    def unread(self) -> int | None:
        """The first results page this seat has not read (it is shown before anything else)."""
        if self.state is None:
            return None
        unread = [i for i in self.pages if i >= self.state.read and i > self.read_sent]
        return min(unread) if unread else None

    # --- the protocol's side ---------------------------------------------------------------------
    async def run(self, session: aiohttp.ClientSession) -> None:
        """Connect to the table as the seat and follow it until the connection closes."""
        self.ws = await session.ws_connect(ws_url(self.link), max_msg_size=p.MAX_TO_SEAT, heartbeat=30)
        try:
            async for frame in self.ws:
                if frame.type != aiohttp.WSMsgType.TEXT:
                    break
                try:
                    message = p.to_seat(frame.data, self.catalog)
                except p.BadProgress:  # (it only said how far the coach was: dropped)
                    continue
                await self.received(message)
        finally:
            for future in [*self.asks.values(), *self.tasks]:
                future.cancel()

    async def received(self, message: Any) -> None:
        if isinstance(message, p.Welcome):
            self.welcome = message
            return
        if isinstance(message, p.Page):
            self.pages[message.id] = message
            await self.show()
            return
        if isinstance(message, p.Answer | p.Refused) and message.id is not None and message.id in self.asks:
            self.asks.pop(message.id).set_result(message)
            return
        if isinstance(message, p.Refused):
            self.error, self.sent = render.refused(message.message), False
            await self.show()
        elif isinstance(message, p.Notice):
            await self.notice(message)
        elif isinstance(message, p.State):
            self.state = message
            key = (message.asked.kind if message.asked else None, message.view.log_size, message.next_seq)
            if key != self.key:
                self.key = key
                self.reset()
                self.error = ""
                if message.asked is not None and isinstance(message.asked.options, DeployOptions):
                    self.plan = DeployPlan.from_options(message.asked.options)
            if self.tab == "log":  # (its answer comes through this loop: asked from a task of its own)
                self.spawn(self.refresh_log())
            await self.show()

    async def notice(self, message: p.Notice) -> None:
        if message.what == p.PROGRESS:
            await self.progress(message)
        elif message.what in ("taken_over", "closing"):
            self.closed_why = message.what
        elif message.what == "rematch":  # a new game at this table: its pages are numbered from 0 again
            self.pages.clear()
            self.read_sent, self.log, self.key = -1, [], ()
            self.review, self.review_state = None, ""

    async def send(self, message: dict[str, Any] | p.Decide | p.TakeBack | p.Read | p.Rematch) -> None:
        if self.ws is not None and not self.ws.closed:
            if isinstance(message, dict):  # (a question: checked by the server, as SeatClient.ask sends it)
                await self.ws.send_json({"v": p.VERSION, **message})
            else:
                await self.ws.send_str(message.model_dump_json())

    async def ask(self, query: dict[str, Any], timeout: float = 30, ident: int | None = None) -> Any:
        ident = next(self.ids) if ident is None else ident
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.asks[ident] = future
        await self.send({"id": ident, "type": "ask", "query": query})
        answer = await asyncio.wait_for(future, timeout)
        if isinstance(answer, p.Refused):
            return None
        return p.answer_result(answer.ask, answer.result, self.catalog)

    async def decide(self, decision: Decision) -> None:
        assert self.state is not None
        self.error, self.sent = "", True
        await self.send(p.Decide(v=p.VERSION, type="decide", seq=self.state.next_seq, decision=decision))

    async def load_log(self) -> None:
        size = self.state.view.log_size if self.state else 0
        answer = await self.ask({"kind": "log", "start": max(0, size - p.MAX_LOG_PAGE), "count": p.MAX_LOG_PAGE})
        self.log = [e.event for e in answer.events] if answer is not None else []

    async def refresh_log(self) -> None:
        with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError, ConnectionError):
            await self.load_log()
            await self.show()

    def spawn(self, work: Awaitable[None]) -> None:
        """Work of its own (its answer comes through the receiving loop): kept until done."""
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def coach(self, kind: Literal["hint", "review"]) -> None:
        """Ask the host's coach for a hint on the decision asked now, or the review; shown when it comes
        (a hint only while its decision is still the one asked)."""
        key, self.coaching = self.key, self.coaching + 1
        mine = self.coaching  # (a question asked again, or cancelled, answers no more here)
        self.coach_id = ident = next(self.ids)
        result = None
        with contextlib.suppress(asyncio.TimeoutError, ConnectionError, ValueError):
            result = await self.ask({"kind": kind}, COACH_WAIT, ident)
        if kind == "hint":
            if key != self.key or self.hint_state != "thinking" or mine != self.coaching:
                return
            self.hint = p.hint_of(result) if result is not None else None
            self.hint_state = "shown" if result is not None else "cancelled"
        else:
            if self.review_state != "thinking" or mine != self.coaching:
                return
            self.review = p.review_of(result) if result is not None else None
            self.review_state = "shown" if result is not None else "cancelled"
        with contextlib.suppress(ConnectionError):
            await self.show()

    async def progress(self, notice: p.Notice) -> None:
        """How far the host's coach is with the question under way (shown while the page says it thinks):
        the first count draws the page again, the next ones are put in place (`{"progress": ...}`)."""
        if notice.id is None or notice.id != self.coach_id or notice.done is None or notice.total is None:
            return
        told = (notice.done, notice.total)
        if notice.ask == "hint" and self.hint_state == "thinking":
            first, self.hint_progress = self.hint_progress is None, told
        elif notice.ask == "review" and self.review_state == "thinking":
            first, self.review_progress = self.review_progress is None, told
        else:
            return
        if first:  # (the page shows no count yet: drawn again, with it)
            await self.show()
        else:  # (put in place: the page's buttons stay as they are, a tap meanwhile lands)
            await self.push({"progress": render.progress(self, notice.ask)})

    async def cancel_coach(self) -> None:
        """Stop the host's coach job for this seat (its question is answered `cancelled`)."""
        self.coaching += 1
        await self.send({"id": next(self.ids), "type": "ask", "query": {"kind": "cancel"}})

    async def show(self) -> None:
        html, heading = render.render(self)
        message: dict[str, Any] = {"html": html, "lang": self.lang}
        if heading != self.heading:
            self.heading = message["say"] = heading
        await self.push(message)

    # --- the page's side -----------------------------------------------------------------------------
    async def tapped(self, tap: Tap) -> None:
        """One tap: the page's choice changed, or a message sent to the table; then the page shown again."""
        with contextlib.suppress(ValueError):
            await self.act(tap)
        await self.show()

    async def act(self, tap: Tap) -> None:  # noqa: C901  (one branch an action: the page's whole vocabulary)
        a, v = tap.a, tap.v
        if a == "hello" or a == "lang":
            if v in i18n.LANGUAGES:
                self.lang = v
            return
        if a == "tab":
            if v in ("play", "table", "log"):
                self.tab = v
                if v == "log":
                    await self.load_log()
            return
        state = self.state
        if state is None:
            return
        if a == "read":
            page = self.unread()
            if page is not None and str(page) == v:
                self.read_sent = page
                await self.send(p.Read(v=p.VERSION, type="read", page=page))
            return
        if a == "take_back":
            if state.take_back:
                await self.send(p.TakeBack(v=p.VERSION, type="take_back", seq=state.next_seq))
            return
        if a in ("review", "rematch"):
            await self.at_the_end(a, state)
            return
        if a == "hint":
            if self.hint_state == "thinking":
                self.hint_state = "cancelled"
                await self.cancel_coach()
            elif state.asked is not None and self.unread() is None and not self.sent and self.hint_state != "shown":
                self.hint_state, self.hint, self.hint_progress = "thinking", None, None
                self.spawn(self.coach("hint"))
            return
        if state.asked is None or self.unread() is not None or self.sent:
            return
        options = state.asked.options
        if isinstance(options, PickOptions):
            await self.on_pick(a, v, options)
        elif isinstance(options, DeployOptions):
            await self.on_deploy(a, v, options)
        elif a == "opt":
            n = int(v)
            if isinstance(options, HealOptions):
                if n in self.healed:
                    self.healed.discard(n)
                elif 0 <= n < len(options.slots) and len(self.healed) < options.max:
                    self.healed.add(n)
            elif 0 <= n <= len(getattr(options, "options", getattr(options, "slots", ()))):
                self.chosen = n
        elif a == "confirm":
            await self.confirm(options)

    async def at_the_end(self, a: str, state: p.State) -> None:
        """The review asked (or, while the coach thinks, cancelled), or a rematch, once the game is over."""
        if not state.view.over:
            return
        if a == "rematch":
            await self.send(p.Rematch(v=p.VERSION, type="rematch"))
        elif self.review_state == "thinking":
            self.review_state = "cancelled"
            await self.cancel_coach()
        elif self.review_state != "shown":
            self.review_state, self.review, self.review_progress = "thinking", None, None
            self.spawn(self.coach("review"))

    async def confirm(self, options: Any) -> None:
        if isinstance(options, HealOptions):
            await self.decide(Heal(tuple(sorted(options.slots[n] for n in self.healed))))
        elif self.chosen is None:
            return
        elif isinstance(options, AgeTargetOptions) and self.chosen < len(options.slots):
            await self.decide(AgeTarget(options.slots[self.chosen]))
        elif isinstance(options, ConstructionOptions):
            await self.decide(Pass() if self.chosen == 0 else options.options[self.chosen - 1])

    async def on_pick(self, a: str, v: str, options: PickOptions) -> None:
        if a == "card":
            c = int(v)
            if c not in options.cards:
                return
            if c == self.chosen:
                self.chosen, self.discarding = None, None
            elif c == self.discarding:
                self.discarding = None
            elif options.discard and self.chosen is not None:
                self.discarding = c
            else:
                self.chosen = c
        elif a == "confirm" and self.chosen is not None:
            if options.discard and self.discarding is None:
                return
            await self.decide(Pick(self.chosen, self.discarding if options.discard else None))

    async def on_deploy(self, a: str, v: str, options: DeployOptions) -> None:  # noqa: C901
        plan = self.plan
        assert plan is not None
        if a == "hand":
            c = int(v)
            if c in plan.hand:
                self.held = None if self.held == c else c
                if plan.keep == c:
                    plan.toggle_keep(c)
        elif a == "spot":
            s = int(v)
            if not 0 <= s < 5 or s not in options.open_slots and plan.slots[s] is None:
                return
            if self.held is not None:
                plan.place(self.held, s)
                self.held = None
            elif plan.slots[s] is not None:
                self.held = plan.slots[s]
        elif a == "keep" and self.held is not None and options.can_keep and self.held in plan.hand:
            plan.toggle_keep(self.held)
            self.held = None
        elif a == "out" and self.held is not None:
            where = plan.spot_of(self.held)
            if where is not None:
                plan.remove(where)
            self.held = None
        elif a == "drop":
            self.held = None
        elif a == "undo":
            plan.undo()
            self.held = None
        elif a == "unpaid_no":
            self.unpaid, self.nothing = None, False
        elif a == "unpaid_ok" and self.unpaid is not None:
            await self.decide(plan.decision(list(self.unpaid)))
        elif a == "nothing_ok" and self.nothing:
            await self.decide(plan.decision())
        elif a == "confirm":
            new = plan.new_units()
            assert self.state is not None
            cost = sum(self.state.view.card(c).cost for c in new)
            placeable = [c for c in plan.hand if c not in plan.slots and c != plan.keep
                         and self.state.view.card(c).cost <= options.gold - cost]
            free = [s for s in options.open_slots if plan.slots[s] is None]
            if not new and placeable and free:  # (as the terminal's deployment asks)
                self.nothing = True
            elif cost > options.gold:
                suggested = await self.ask({"kind": "suggested_unpaid", "new": new[:5]})
                self.unpaid = tuple(suggested or ())
            else:
                await self.decide(plan.decision())

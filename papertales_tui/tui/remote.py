"""One seat of a table that `papertales host` holds, as a flow the app drives (tui/flow.py), no Textual.

A `RemoteSession` connects to the server's websocket for its seat (the link holds the seat and its
secret; the secret goes in a header, not in the websocket's address) and speaks docs/protocol.md: it
keeps the latest `state` and the results pages not read yet, and makes the seat's scene of them: the
first page not read (`Summary`, or `Final` for the last), else the decision asked (`Decide`), else
`Waiting` (who is still deciding or reading). It never holds a `Game`: its `Asks` put the deciding
screen's questions to the server (what a screen asks again is answered from what came before; the
Construction report and the Age-token changes are asked as soon as the decision is).

The connection runs in a thread of its own, with its own event loop (the asynchronous client). Nothing
the app calls waits for the table: every answer is a `Reply` settled from the connection's thread, and
what waits for it is told. The app's `submit` and `take_back` send and return at once (the seat waits a
moment for the table's answer: a state, or a refusal told by `refusals`, the decision back on its screen
as `Decide.prior`); the deciding screen's questions (a plan's forecast, the Construction report and the
Age-token changes, these two asked with the decision) return what is known (None: not yet) and the screen
is told when the answer comes (`RemoteAsks.listen`: it posts itself a message then, and shows "waiting
for the table" meanwhile); the log (F3) is asked the same way (`public_log`'s `later`); the coach's hint
and review are waited for in a worker thread (`RemoteCoachJob`: how far the host's coach is comes in its
progress notices, the newest kept on the question's `Reply` and told to the screen from that worker
thread, never from the connection's). The give-up suggestion is worked out here, from the seat's view;
the forecast of the deployment it sends is kept for its waiting screen (`Waiting.forecast`, as its board
showed it). When the connection drops, it is opened again (after 0.2 s, then up to `RETRY_MAX` s apart)
and the seat comes back where it was (the server sends the pages not read and the seat's state); a
decision whose answer was lost is known by `next_seq`. Meanwhile a seat deciding keeps its screen (its
decision is refused, saying why, until the table is back) and is told by `news` (a toast), a seat waiting
says it on its waiting screen. The link opened on another device takes the seat over (the server closes
this connection, code 4001): this one then stops, and says so. `news` also tells the other seats'
take-backs.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlsplit, urlunsplit

from ..hosting import protocol as pr
from ..rules import Catalog, ConstructionPrice, Decision, Deploy, IllegalDecision, Pending, SeatView, Step
from ..text.i18n import N_
from ..words import Term
from .flow import BACK, AnswersTold, Decide, Final, Offers, Scene, Summary, Waiting
from .session import taken_back_text

if TYPE_CHECKING:
    from ..rules.forecast import AgeChange, TurnForecast

CONNECT_WAIT = 10.0  # seconds `connect` waits for the first state
RETRY_FIRST, RETRY_MAX = 0.2, 5.0  # seconds between two attempts to reach the table again
TAKEN_OVER = 4001  # the websocket's close code when the seat was opened elsewhere (docs/protocol.md)

# What the seat is told while it waits (English: the waiting screen says them in the screens' language)
CONNECTING = N_("Connecting to the table…")
LOST = N_("The connection to the table was lost: trying again…")
TAKEN = N_("This seat was opened on another device and is played there now. To play it here again, "
           "open its link here again (Ctrl+Q quits).")
CLOSING = N_("The host stopped the table (it is saved): waiting for it to start again…")
REFUSED = N_("The table refuses this link (a wrong or old secret): ask the host for the seat's link.")
FULL = N_("The table has all the connections it takes: trying again…")


@dataclass(frozen=True)
class Link:
    """A seat's link, `http://HOST:PORT/seat/N?secret=SECRET`: where its websocket is, and its secret."""

    websocket: str
    seat: int
    secret: str

    @property
    def page(self) -> str:
        """The link without its secret (to name the table in a message)."""
        return self.websocket.removesuffix("/ws").replace("ws", "http", 1)


def parse_link(text: str) -> Link:
    """The link `papertales host` printed for a seat; ValueError, saying what is wrong, for anything else."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port  # (ValueError when not a number)
    except ValueError:
        raise ValueError("it is not a web address") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError("it is not an http:// address")
    segments = parts.path.strip("/").split("/")
    if len(segments) != 2 or segments[0] != "seat" or not segments[1].isascii() or not segments[1].isdigit():
        raise ValueError("it is not a seat's link (…/seat/N?secret=…)")
    secrets = parse_qs(parts.query).get("secret", [])
    if len(secrets) != 1 or not secrets[0]:
        raise ValueError("it has no secret (…?secret=…): copy the whole link")
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    netloc = host if port is None else f"{host}:{port}"
    scheme = "wss" if parts.scheme == "https" else "ws"
    return Link(urlunsplit((scheme, netloc, f"/seat/{int(segments[1])}/ws", "", "")), int(segments[1]), secrets[0])


class JoinError(Exception):
    """The table cannot be played from here: `kind` is "refused" (the secret, 403), "unreachable" (no
    server answers) or "protocol" (it does not speak docs/protocol.md); `str()` says it in words."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind


class Refusal(IllegalDecision):
    """The table refused a decision or a take-back (`kind`: the protocol's reason, docs/protocol.md);
    `str()` is its message (with its `data`), in the player's language where it is one of ours."""

    def __init__(self, kind: str, message: str, **data: Any):
        super().__init__(message, **data)
        self.kind = kind


class Reply:
    """The table's answer to come (to a question, a decision, a take-back): settled once, from the
    connection's thread; what waits for it is told through `then` (called at once when it has come),
    never blocked on. `value` and `error` are read once `done`."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.done = False
        self.value: Any = None
        self.error: Exception | None = None
        self._then: list[Callable[[Reply], None]] = []
        self.kind = ""  # the question's kind (a coach question's progress notices name it)
        self.progress: tuple[int, int] | None = None  # (done, total): how far the host's coach is, the newest told

    def settle(self, value: Any = None, error: Exception | None = None) -> None:
        with self._lock:
            if self.done:
                return
            self.value, self.error, self.done = value, error, True
            then, self._then = self._then, []
        for told in then:
            told(self)

    def then(self, told: Callable[[Reply], None]) -> None:
        with self._lock:
            if not self.done:
                self._then.append(told)
                return
        told(self)

    @property
    def answered(self) -> bool:
        """Come, and not an error."""
        return self.done and self.error is None


LogEntries = list[tuple[int, dict[str, Any]]]
LogLater = Callable[[LogEntries, list[tuple[int, str]]], None]


class RemoteSession:
    """One seat of a hosted table (see the module doc); satisfies `tui.flow.Flow`."""

    def __init__(self, link: Link, catalog: Catalog):
        self.link, self.catalog = link, catalog
        self._lock = threading.Lock()
        self._welcome: pr.Welcome | None = None
        self._state: pr.State | None = None
        self._pages: dict[int, pr.Page] = {}
        self._read = 0  # pages this seat has read (told to the server, or about to be)
        self._note = CONNECTING  # what the seat waits for besides the others (None-like: "")
        self._failure: JoinError | None = None  # the table cannot be played from here (refused, ...)
        self._listeners: list[Callable[[], None]] = []
        self._waiting_seq: dict[int, Reply] = {}  # a decision's or take-back's sequence number -> its fate
        self._answers: dict[int, Reply] = {}  # a question's id -> its answer
        self._asked: dict[str, Reply] = {}  # question (JSON) -> its answer, this state
        self._asks: weakref.WeakSet[RemoteAsks] = weakref.WeakSet()  # the deciding screens' asks handed out
        self._next_id = 0
        self._news: list[str] = []  # what the others did that the seat is told of (take-backs)
        self._min_seq = 0  # the next sequence number as far as the refusals tell (a refused one is used)
        self._sent: tuple[int, Decision | None] | None = None  # a decision or take-back sent, not answered yet
        self._refusals: list[Exception] = []  # refusals not shown yet
        self._refused_decision: Decision | None = None  # the last decision refused: its screen starts from it
        self._deployed: tuple[int, Reply] | None = None  # (log size then, its forecast) of the deployment sent
        self._log: LogEntries = []  # the events of the log this seat may see, as far as asked
        self._log_upto = 0  # the log's length they cover (a page asked goes on from there)
        self._log_notes: list[tuple[int, int, str]] = []  # (log length then, seat, step) of each take-back
        self._log_waiting: list[tuple[int | None, LogLater]] = []  # who waits for the log, up to where
        self._log_reply: Reply | None = None  # a page of the log asked, not answered yet
        self._first = threading.Event()  # set at the first state, or when the table cannot be reached
        self._closing = False
        self._stopping = False  # (close asked: the thread ends)
        self._ws: Any = None
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="papertales-remote", daemon=True)
        self._thread.start()
        self._task: asyncio.Task[None] | None = None
        asyncio.run_coroutine_threadsafe(self._main(), self._loop)

    def _run(self) -> None:
        try:
            self._loop.run_forever()
        finally:
            self._loop.close()

    # --- connecting -------------------------------------------------------------------------
    def connect(self, wait: float = CONNECT_WAIT) -> None:
        """Wait for the table's first state; JoinError when it refuses the link or cannot be reached."""
        if not self._first.wait(wait):
            failure = self._failure or JoinError("unreachable", f"no table answers at {self.link.page}")
            self.close()
            raise failure
        if self._failure is not None:
            self.close()
            raise self._failure

    async def _main(self) -> None:
        import aiohttp

        self._task = asyncio.current_task()
        delay = RETRY_FIRST
        async with aiohttp.ClientSession() as http:
            while not self._closing:
                try:
                    async with http.ws_connect(self.link.websocket, max_msg_size=pr.MAX_TO_SEAT,
                                               headers={"Authorization": f"Bearer {self.link.secret}"},
                                               heartbeat=30.0) as ws:
                        self._ws = ws
                        delay = RETRY_FIRST
                        await self._receive(ws)
                        self._ws = None
                        if ws.close_code == TAKEN_OVER or self._note == TAKEN:
                            self._stop(TAKEN)
                            return
                        if not self._closing:
                            self._lost(CLOSING if self._note == CLOSING else LOST)
                except aiohttp.WSServerHandshakeError as err:
                    if err.status in (401, 403, 404):
                        self._fail(JoinError("refused", REFUSED), REFUSED)
                        return
                    self._lost(FULL if err.status == 503 else LOST)
                except (TimeoutError, aiohttp.ClientError, OSError):
                    if self._state is None and not self._first.is_set():
                        self._failure = JoinError("unreachable", f"no table answers at {self.link.page}")
                        self._first.set()  # (connect says so; the thread tries again meanwhile)
                    self._lost(LOST)
                except ValueError as err:  # a message that is not the protocol's
                    self._fail(JoinError("protocol", f"the table at {self.link.page} sent {err}"), LOST)
                    return
                if self._closing:
                    return
                await asyncio.sleep(delay)
                delay = min(RETRY_MAX, delay * 2)

    async def _receive(self, ws: Any) -> None:
        import aiohttp

        async for message in ws:
            if message.type != aiohttp.WSMsgType.TEXT:
                continue
            try:
                read = pr.to_seat(message.data, self.catalog)
            except pr.BadProgress:  # (it only said how far the coach was: dropped)
                continue
            self._handle(read)

    def _handle(self, m: Any) -> None:
        if isinstance(m, pr.Welcome):
            with self._lock:
                self._welcome, self._failure = m, None
        elif isinstance(m, pr.Page):
            with self._lock:
                self._pages[m.id] = m
            return  # (shown with the state that follows the pages: a page's view is never older than its events)
        elif isinstance(m, pr.State):
            self._new_state(m)
        elif isinstance(m, pr.Answer):
            reply = self._answers.pop(m.id, None)
            if reply is not None:
                try:
                    reply.settle(pr.answer_result(m.ask, m.result, self.catalog))
                except ValueError as err:
                    reply.settle(error=err)
            self._answered()  # (a deciding screen may wait for it: told, never waited for)
            return
        elif isinstance(m, pr.Refused):
            self._refused(m)
            return
        elif isinstance(m, pr.Notice):
            self._notice(m)
            if m.what == pr.PROGRESS:  # (nothing of the table changed)
                return
        self._changed()

    def _notice(self, m: pr.Notice) -> None:
        if m.what == pr.PROGRESS:  # (its coach job's worker reads it: RemoteCoachJob.run)
            reply = self._answers.get(m.id) if m.id is not None else None
            if reply is not None and reply.kind == m.ask and m.done is not None and m.total is not None:
                reply.progress = (m.done, m.total)
        elif m.what == "closing":
            self._say(CLOSING)
        elif m.what == "took_back" and m.seat is not None and m.seat != self.seat:
            with self._lock:
                self._news.append(taken_back_text(self.name(m.seat), m.step or "") + ".")
        elif m.what == "rematch":  # a new game at this table: its pages are numbered from 0 again
            with self._lock:
                self._pages.clear()
                self._read = 0  # (the last game's state stays until the new game's comes, in a moment)
                self._forget_log()
                self._asked.clear()
        elif m.what == "taken_over":
            self._note = TAKEN
            self._closing = True  # (not opened again: the seat is played elsewhere now)

    def _new_state(self, m: pr.State) -> None:
        with self._lock:
            old = self._state
            self._state = m
            if self._note and old is not None:
                self._news.append(BACK)
            self._note = ""
            if m.read > self._read:
                self._read = m.read
            if old is None or old.view.log_size != m.view.log_size or old.asked != m.asked:
                self._asked.clear()  # (answers about another moment of the game)
                self._refused_decision = None
            if m.view.log_size < self._log_upto:  # (a take-back, a resumed table: the log asked again)
                self._forget_log()
        for seq, reply in list(self._waiting_seq.items()):
            if seq < m.next_seq:
                self._waiting_seq.pop(seq, None)
                reply.settle(None)
        if self._read > m.read:  # a "read" lost with the connection: said again
            self._send(pr.Read(v=1, type="read", page=self._read - 1))
        self._prefetch(m.asked)
        self._first.set()
        self._changed()

    def _refused(self, m: pr.Refused) -> None:
        if m.about in ("decide", "take_back") and m.seq is not None:  # (that number is used now)
            self._min_seq = max(self._min_seq, m.next_seq if m.next_seq is not None else m.seq + 1)
            reply = self._waiting_seq.pop(m.seq, None)
            if reply is not None:
                reply.settle(Refusal(m.reason, m.message))
        elif m.about == "ask" and m.id is not None:
            answer = self._answers.pop(m.id, None)
            if answer is not None:
                answer.settle(error=Refusal(m.reason, m.message))
            self._answered()

    def _say(self, note: str) -> None:
        """What the seat now waits for besides the others (a seat deciding keeps its screen: a toast)."""
        with self._lock:
            if self._state is not None and self._note != note and not self._closing:
                self._news.append(note)
            self._note = note

    def _lost(self, note: str) -> None:
        self._say(note)
        replies = list(self._answers.values()) + list(self._waiting_seq.values())
        self._answers.clear()
        self._waiting_seq.clear()
        self._asked.clear()
        for reply in replies:
            reply.settle(error=ConnectionError(note))
        self._changed()

    def _fail(self, failure: JoinError, note: str) -> None:
        self._failure = failure
        self._first.set()
        self._stop(failure.args[0] if self._state is not None else note)

    def _stop(self, note: str) -> None:
        self._closing = True
        self._lost(note)

    def _changed(self) -> None:
        for listener in list(self._listeners):
            listener()
        self._answered()

    def _answered(self) -> None:
        """The deciding screens are told: an answer came, or the table changed (they read again what
        they wait for, and the table as it is now)."""
        with self._lock:
            handed = list(self._asks)
        for asks in handed:
            asks.tell()

    def _send(self, message: Any) -> None:
        """Send a message from any thread (dropped when there is no connection: what waits for its answer
        is told when the connection goes)."""
        text = pr.encode(message)

        async def send() -> None:
            ws = self._ws
            if ws is not None and not ws.closed:
                with contextlib.suppress(ConnectionError, RuntimeError):  # (told by _lost when it goes)
                    await ws.send_str(text)

        if threading.current_thread() is self._thread:
            self._loop.create_task(send())
        elif not self._loop.is_closed():
            with contextlib.suppress(RuntimeError):  # (closed meanwhile)
                asyncio.run_coroutine_threadsafe(send(), self._loop)

    @property
    def connected(self) -> bool:
        ws = self._ws
        return ws is not None and not ws.closed and not self._note

    # --- the flow ---------------------------------------------------------------------------
    @property
    def scene(self) -> Scene:
        with self._lock:
            state, welcome = self._state, self._welcome
            page = self._pages.get(self._read)
            note = self._note
        if state is None or welcome is None:
            return Waiting(-1, note=note or CONNECTING)
        seat = welcome.seat
        if page is not None and state.view.log_size < page.as_of:  # (its state comes in a moment: a results
            return Waiting(seat)  # page drawn on an older view would show a Necropolis card still face down)
        if page is not None:
            events = tuple(page.events)
            if page.kind == "final":
                return Final(events)
            return Summary(((page.chapter, events),), page.turn, page.as_of)
        if self._sent is not None and not note:  # sent, not answered yet: the table's answer comes in a moment
            return Waiting(seat)
        if state.asked is not None and not self._closing:  # (out of reach for a moment too: the plan on screen
            # is kept, `submit` says why it cannot be sent; not once the seat is played elsewhere)
            return Decide(state.asked, state.prior or self._refused_decision)
        reading = tuple(i for i in state.reading if i != seat)
        deciding = () if reading else tuple(i for i in state.deciding if i != seat)
        kind = Step(state.view.step) if state.take_back and not note else None
        humans = [i for i, t in enumerate(welcome.seats) if not t.startswith("bot:")]
        away = tuple(i for i in (*reading, *deciding) if i in humans and i not in state.online)
        return Waiting(seat, deciding, reading, kind, note, away, self._deployed_forecast(state, seat))

    @property
    def offers(self) -> Offers:
        """What a joined seat offers: hints and the review (the host's coach, from this seat's view),
        a rematch at the end, take-backs; no Save as (the host saves), no bots here."""
        return Offers(hints=True, review=True, rematch=True, take_back=True, seat=self.seat)

    @property
    def seats(self) -> list[str]:
        return list(self._welcome.seats) if self._welcome is not None else []

    @property
    def hints(self) -> list[int]:
        """The coach's hints asked, per seat: this seat's as the host counts them (the others' are theirs)."""
        counts = [0] * len(self.seats)
        if self._state is not None and 0 <= self.seat < len(counts):
            counts[self.seat] = self._state.hints
        return counts

    # --- the coach, on the host, and a rematch ---------------------------------------------------
    def hint_job(self, player: int) -> RemoteCoachJob | None:
        """The coach's hint for this seat's decision now, worked out on the host (`run` in a worker)."""
        state = self._state
        if state is None or state.asked is None or player != self.seat:
            return None
        return RemoteCoachJob(self, pr.HintAsk(kind="hint"), state.view.decisions)

    def hint_given(self, hint: Any, ordinal: int) -> None:
        """(The host counted and kept the hint when it sent it.)"""

    def review_job(self, seats: list[int]) -> RemoteCoachJob:
        """The coach's review of this seat's decisions, worked out on the host once the game is over."""
        return RemoteCoachJob(self, pr.ReviewAsk(kind="review"), 0)

    def rematch(self) -> None:
        """Ask the host for a rematch (same seats and links, a new seed): the new game comes as states."""
        if self.over:
            self._send(pr.Rematch(v=1, type="rematch"))
        return None

    @property
    def seat(self) -> int:
        return self._welcome.seat if self._welcome is not None else self.link.seat

    @property
    def seed_shown(self) -> bool:
        return self.over  # (from the seed anyone works out every hidden card)

    @property
    def decisions(self) -> int:
        return self._state.view.decisions if self._state is not None else 0

    @property
    def over(self) -> bool:
        return self._state is not None and self._state.view.over

    def view(self, seat: int | None) -> SeatView:
        """This seat's view (the only one it gets: the table's screens show it too)."""
        assert self._state is not None, "no state yet"
        return self._state.view

    def asks(self, player: int) -> RemoteAsks:
        asks = RemoteAsks(self, player)
        with self._lock:
            self._asks.add(asks)
        return asks

    def name(self, player: int) -> str:
        return self._welcome.names[player] if self._welcome is not None else str(player)

    def figures_at(self, as_of: int) -> tuple[dict[int, int], dict[int, int], int | None, bool]:
        """The figures of the page that ends at `as_of` (the server worked them out)."""
        page = next((p for p in self._pages.values() if p.as_of == as_of), None)
        if page is None:
            players = self.view(None).players
            return {i: p.lp for i, p in enumerate(players)}, {i: p.gold for i, p in enumerate(players)}, None, False
        f = page.figures
        return dict(enumerate(f.lp)), dict(enumerate(f.gold)), f.lich, f.changed

    def public_log(self, until: int | None = None, later: LogLater | None = None) -> LogEntries | None:
        """The events this seat may see (up to `until` events of the log), when they have come; else None:
        they are asked of the table (200 at a time, from where the last asked ended) and `later(events,
        take-back notes)` is called from the connection's thread once they come (with what came, when
        the table cannot be reached)."""
        with self._lock:
            state = self._state
            size = state.view.log_size if state is not None else 0
            need = size if until is None else min(until, size)
            if self._log_upto >= need:
                return [(k, e) for k, e in self._log if k < need]
            if later is not None:
                self._log_waiting.append((until, later))
            asking = self._log_reply is None
            if asking:
                self._log_reply = Reply()  # (a page is being asked)
        if asking:
            self._ask_log()
        return None

    def _ask_log(self) -> None:
        start = self._log_upto
        reply = self._question(pr.LogAsk(kind="log", start=start))
        with self._lock:
            self._log_reply = reply
        reply.then(lambda got: self._log_came(start, got))

    def _log_came(self, start: int, reply: Reply) -> None:
        """A page of the log came (or could not): the next one is asked, or who waits is told."""
        more = False
        with self._lock:
            self._log_reply = None
            page = reply.value if reply.answered and start == self._log_upto else None
            if isinstance(page, pr.LogPage):
                self._log += [(e.index, e.event.to_dict()) for e in page.events]
                self._log_notes += [t for t in page.take_backs if t not in self._log_notes]
                full = len(page.events) == pr.MAX_LOG_PAGE
                self._log_upto = page.events[-1].index + 1 if full else page.size
                state = self._state
                more = full or (state is not None and self._log_upto < state.view.log_size)
            if not more:
                waiting, self._log_waiting = self._log_waiting, []
        if more:
            self._ask_log()
            return
        notes = self.take_back_notes()
        for until, later in waiting:
            later([(k, e) for k, e in self._log if until is None or k < until], notes)

    def _forget_log(self) -> None:
        """(Under the lock) the log asked so far is of another game, or was taken back: asked again."""
        self._log, self._log_upto, self._log_notes = [], 0, []

    def take_back_notes(self) -> list[tuple[int, str]]:
        with self._lock:
            notes = list(self._log_notes)
        return [(index, taken_back_text(self.name(seat), step)) for index, seat, step in notes]

    def submit(self, player: int, decision: Decision) -> Exception | None:
        """Send the seat's decision; None once the table took it (its new state is here then)."""
        state = self._state
        if state is None or state.asked is None or player != self.seat:
            return Refusal("not_asked", N_("This seat has nothing to decide now."))
        seq = max(state.next_seq, self._min_seq)
        if isinstance(decision, Deploy):
            self._remember_forecast(state.view.log_size, decision)
        return self._sequenced(seq, pr.Decide(v=1, type="decide", seq=seq, decision=decision))

    def _remember_forecast(self, size: int, deploy: Deploy) -> None:
        """The forecast of the deployment about to be sent, as its board asked it (asked now, before the
        decision, if it was not: the table answers in order), for the waiting screen (`Waiting.forecast`):
        the seat is told when it comes."""
        if not self.connected:
            return
        reply = self._question(RemoteAsks.plan(list(deploy.slots), deploy.keep))
        with self._lock:
            self._deployed = (size, reply)
        reply.then(lambda _: self._changed())

    def _deployed_forecast(self, state: pr.State, seat: int) -> TurnForecast | None:
        """The forecast of the seat's deployment waiting to be revealed (None: not known, or none)."""
        deployed = self._deployed
        own = state.view.players[seat] if 0 <= seat < len(state.view.players) else None
        if deployed is None or own is None or not isinstance(own.decided, Deploy) or state.view.over:
            return None
        size, reply = deployed
        found: TurnForecast | None = reply.value if reply.answered and size == state.view.log_size else None
        return found

    def take_back(self) -> bool:
        state = self._state
        if state is None or not state.take_back:
            return False
        seq = max(state.next_seq, self._min_seq)
        return self._sequenced(seq, pr.TakeBack(v=1, type="take_back", seq=seq)) is None

    def _sequenced(self, seq: int, message: Any) -> Exception | None:
        """Send a decision or a take-back and return at once (nothing here waits for the table): None
        once sent; its answer comes as a state (accepted) or as a refusal (`refusals`), the decision then
        back on the seat's screen as it was (`Decide.prior`)."""
        if not self.connected:
            return Refusal("lost", N_("%(note)s Decide again once the table is reached."),
                           note=Term(self._note or LOST))
        reply = Reply()
        decision = getattr(message, "decision", None)
        with self._lock:
            self._waiting_seq[seq] = reply
            self._sent = (seq, decision)

        def answered(done: Reply) -> None:
            refusal = done.value
            if done.error is not None:
                refusal = Refusal("lost", N_("%(note)s Decide again once the table is reached."), note=str(done.error))
            with self._lock:
                if self._sent is not None and self._sent[0] == seq:
                    self._sent = None
                if refusal is not None:
                    self._refusals.append(refusal)
                    if decision is not None:
                        self._refused_decision = decision
            self._changed()

        reply.then(answered)
        self._send(message)
        return None

    def refusals(self) -> list[Exception]:
        """The refusals of this seat's decisions and take-backs that came since last asked (the app shows
        them on the decision's screen, which starts again from the decision refused)."""
        with self._lock:
            out, self._refusals = self._refusals, []
        return list(out)

    def proceed(self) -> None:
        """The seat has read the page on screen: the next one (or its decision) comes."""
        with self._lock:
            page = self._pages.get(self._read)
            if page is None or page.kind == "final":
                return
            self._read += 1
        self._send(pr.Read(v=1, type="read", page=page.id))
        self._changed()

    def answer(self) -> bool:
        """(The table answers the questions by itself: `listen`, and each `RemoteAsks.listen`, tell when.)"""
        return False

    def listen(self, changed: Callable[[], None]) -> None:
        self._listeners.append(changed)

    def news(self) -> list[str]:
        """What the other seats did that this one is told of since it was last asked ("Ann took back
        their pick.", as the hand-off screen says it at one keyboard)."""
        with self._lock:
            out, self._news = self._news, []
        return out

    def close(self, wait: float = 0.0) -> None:
        """Close the connection (whatever it was doing: connecting, waiting to try again) and end its
        thread: returns at once (the app's thread never waits for it); `wait`: at most this many
        seconds for the close to be sent and the thread to end (a command once its app has ended)."""
        stopping = self._stopping  # (asked before: the thread is ending)
        self._closing = self._stopping = True
        self._listeners.clear()

        async def stop() -> None:  # (the connection closed as it ends: its close frame sent)
            task = self._task
            if task is not None and not task.done():
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task
            asyncio.get_running_loop().stop()

        if self._thread.is_alive() and not stopping:
            with contextlib.suppress(RuntimeError):  # (its loop closed meanwhile)
                asyncio.run_coroutine_threadsafe(stop(), self._loop)
        if wait > 0:
            self._thread.join(wait)

    # --- questions --------------------------------------------------------------------------
    def _question(self, query: Any) -> Reply:
        """The answer to come to a question (one asked before at this moment of the game: its answer)."""
        key = query.model_dump_json()
        with self._lock:
            known = self._asked.get(key)
            if known is not None and not isinstance(known.error, ConnectionError):  # (asked again once back)
                return known
            reply = Reply()
            if not self.connected:
                reply.settle(error=ConnectionError(self._note or LOST))
                return reply
            ident = self._next_id
            self._next_id += 1
            reply.kind = query.kind
            self._answers[ident] = reply
            if query.kind not in ("log", *pr.COACH_QUESTIONS, "cancel"):
                self._asked[key] = reply
        self._send(pr.Ask(v=1, type="ask", id=ident, query=query))
        return reply

    def _prefetch(self, asked: Pending | None) -> None:
        """The questions a decision's screen asks as it opens, asked with the decision."""
        if asked is None:
            return
        if asked.kind == Step.CONSTRUCTION:
            self._question(pr.Report(kind="construction_report"))
        elif asked.kind == Step.AGE_TARGET:
            options = asked.options
            for slot in getattr(options, "slots", ()):
                self._question(pr.AgeChangeAsk(kind="age_change", slot=slot, amount=getattr(options, "amount", 0)))


class RemoteCoachJob:
    """A hint or a review asked of the host (its coach works from this seat's own view): `run` waits for
    the answer in a worker thread (never the app's), looking at `cancelled` meanwhile, and tells the
    host to stop when it is set. `ordinal` names the decision a hint is for (the host keeps the hint
    itself)."""

    POLL = 0.1

    def __init__(self, session: RemoteSession, query: Any, ordinal: int):
        self.session, self.query, self.ordinal = session, query, ordinal

    def run(self, progress: Callable[[int, int | None], None], cancelled: Callable[[], bool]) -> Any:
        """The coach's `Hint` or `Review`; None when cancelled, refused or out of reach. How far the host's
        coach is: `progress(0, None)` until its first progress notice comes (the screen says it waits for
        the table: the job may wait its turn on the host), then each newer count, `progress(done, total)`."""
        progress(0, None)
        reply = self.session._question(self.query)
        came = threading.Event()
        reply.then(lambda _: came.set())
        told = None
        while not came.wait(self.POLL):  # (a worker thread's wait: the app's goes on)
            newest = reply.progress
            if newest is not None and newest != told and not cancelled():
                told = newest
                progress(*newest)
            if cancelled():
                self.session._send(pr.Ask(v=1, type="ask", id=pr.MAX_SEQ, query=pr.CancelAsk(kind="cancel")))
                return None
        wire = reply.value if reply.answered else None
        if isinstance(wire, pr.HintW):
            return pr.hint_of(wire)
        return pr.review_of(wire) if isinstance(wire, pr.ReviewW) else None


def known(reply: Reply) -> bool:
    """Whether an answer is known (a refusal is: none will come; out of reach is not: asked again
    once the table is back, when the screen is told)."""
    return reply.done and not isinstance(reply.error, ConnectionError)


class RemoteAsks(AnswersTold):
    """The deciding screen's questions, put to the table (satisfies `tui.flow.Asks`): each returns what
    is known now (None: not yet, asked) and the screen is told when an answer comes (`listen`), as
    when the table moves on (`seat_view`: the table as it is now). When the table cannot answer, a
    forecast is left out (None) and the other answers are the cautious ones (no price list, no
    suggestion, no death foretold)."""

    def __init__(self, session: RemoteSession, player: int):
        super().__init__()  # (`listen`: told from the connection's thread)
        self._session, self.player = session, player
        self.seats = session.seats

    @staticmethod
    def plan(slots: list[int | None], keep: int | None) -> pr.Forecast:
        """The question of a deployment plan's forecast."""
        s = [*slots, None, None, None, None, None]  # (the five spots)
        return pr.Forecast(kind="forecast", slots=(s[0], s[1], s[2], s[3], s[4]), keep=keep)

    def forecast_ready(self, slots: list[int | None], keep: int | None = None) -> bool:
        """Asked of the table (once a plan and a moment), never waited for: `listen` tells when it comes
        (out of reach: not known, asked again once the table is back)."""
        return known(self._session._question(self.plan(slots, keep)))

    def forecast(self, slots: list[int | None], keep: int | None = None) -> TurnForecast | None:
        reply = self._session._question(self.plan(slots, keep))
        result: TurnForecast | None = reply.value if reply.answered else None  # (not known: none shown for now)
        return result

    def suggested_unpaid(self, new: list[int]) -> list[int]:
        """Worked out from the seat's view, as the host would (its Gold, its cards' costs): never waited for."""
        from .session import suggested_unpaid

        return suggested_unpaid(self._session.view(self.player), self.player, new)

    def construction_report(self) -> list[ConstructionPrice] | None:
        """The price list (asked with the decision); None while it has not come; none when the table
        cannot answer."""
        reply = self._session._question(pr.Report(kind="construction_report"))
        if not known(reply):
            return None
        return list(reply.value) if reply.answered else []

    def age_change(self, slot: int, amount: int) -> AgeChange | None:
        """What the Age tokens change (asked with the decision); None while it has not come, or when the
        table cannot answer (nothing foretold)."""
        reply = self._session._question(pr.AgeChangeAsk(kind="age_change", slot=slot, amount=amount))
        answer: AgeChange | None = reply.value if reply.answered else None
        return answer

    def pending(self) -> Pending | None:
        state = self._session._state
        return state.asked if state is not None else None

    def hidden_view(self) -> SeatView:
        return self._session.view(self.player)

    def seat_view(self) -> SeatView:
        """The seat's view as the table is now (the others decide meanwhile)."""
        return self._session.view(self.player)

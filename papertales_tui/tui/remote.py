"""One seat of a table that `papertales host` holds, as a flow the app drives (tui/flow.py), no Textual.

A `RemoteSession` connects to the server's websocket for its seat (the link holds the seat and its
secret; the secret goes in a header, not in the websocket's address) and speaks docs/protocol.md: it
keeps the latest `state` and the results pages not read yet, and makes the seat's scene of them: the
first page not read (`Summary`, or `Final` for the last), else the decision asked (`Decide`), else
`Waiting` (who is still deciding or reading). It never holds a `Game`: its `Asks` put the deciding
screen's questions to the server (what a screen asks again is answered from what came before; the
Construction report and the Age-token changes are asked as soon as the decision is).

The connection runs in a thread of its own, with its own event loop. The app's `submit` and
`take_back` send and return at once (the seat waits a moment for the table's answer: a state, or a
refusal told by `refusals`, the decision back on its screen as `Decide.prior`); a forecast is asked
and never waited for (`RemoteAsks.forecast_ready`: the flow tells when it comes); the coach's hint and
review are waited for in a worker thread (`RemoteCoachJob`). The give-up suggestion is worked out here, from
the seat's view. The other questions (the Construction report and the Age-token changes, asked with
the decision; the log) are answered from what came, or waited for at most `WAIT` seconds. When the connection
drops, it is opened again (after 0.2 s, then up to `RETRY_MAX` s apart) and the seat comes back where
it was (the server sends the pages not read and the seat's state); a decision whose answer was lost
is known by `next_seq`. Meanwhile a seat deciding keeps its screen (its decision is refused, saying
why, until the table is back) and is told by `news` (a toast), a seat waiting says it on its waiting
screen. The link opened on another device takes the seat over (the server closes this connection,
code 4001): this one then stops, and says so. `news` also tells the other seats' take-backs.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlsplit, urlunsplit

from ..hosting import protocol as pr
from ..rules import Catalog, ConstructionPrice, Decision, IllegalDecision, Pending, SeatView, Step
from ..text.i18n import N_
from ..words import Term
from .flow import BACK, Decide, Final, Offers, Scene, Summary, Waiting
from .session import taken_back_text

if TYPE_CHECKING:
    from ..rules.forecast import AgeChange, TurnForecast

WAIT = 10.0  # seconds the app waits for the table's answer to a decision or a question
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
        self._waiting_seq: dict[int, concurrent.futures.Future[Refusal | None]] = {}
        self._answers: dict[int, concurrent.futures.Future[Any]] = {}
        self._asked: dict[str, concurrent.futures.Future[Any]] = {}  # question (JSON) -> its answer, this state
        self._next_id = 0
        self._news: list[str] = []  # what the others did that the seat is told of (take-backs)
        self._min_seq = 0  # the next sequence number as far as the refusals tell (a refused one is used)
        self._sent: tuple[int, Decision | None] | None = None  # a decision or take-back sent, not answered yet
        self._refusals: list[Exception] = []  # refusals not shown yet
        self._refused_decision: Decision | None = None  # the last decision refused: its screen starts from it
        self._log: pr.LogPage | None = None  # the last log asked (take_back_notes reads it again)
        self._first = threading.Event()  # set at the first state, or when the table cannot be reached
        self._closing = False
        self._ws: Any = None
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="papertales-remote", daemon=True)
        self._thread.start()
        self._task: asyncio.Task[None] | None = None
        asyncio.run_coroutine_threadsafe(self._main(), self._loop)

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
            self._handle(pr.to_seat(message.data, self.catalog))

    def _handle(self, m: Any) -> None:
        if isinstance(m, pr.Welcome):
            with self._lock:
                self._welcome, self._failure = m, None
        elif isinstance(m, pr.Page):
            with self._lock:
                self._pages[m.id] = m
        elif isinstance(m, pr.State):
            self._new_state(m)
        elif isinstance(m, pr.Answer):
            future = self._answers.pop(m.id, None)
            if future is not None and not future.done():
                try:
                    future.set_result(pr.answer_result(m.ask, m.result, self.catalog))
                except ValueError as err:
                    future.set_exception(err)
            if m.ask == "forecast":  # (a deciding screen waits for it: told, never waited for)
                self._changed()
            return
        elif isinstance(m, pr.Refused):
            self._refused(m)
            return
        elif isinstance(m, pr.Notice):
            self._notice(m)
        self._changed()

    def _notice(self, m: pr.Notice) -> None:
        if m.what == "closing":
            self._say(CLOSING)
        elif m.what == "took_back" and m.seat is not None and m.seat != self.seat:
            with self._lock:
                self._news.append(taken_back_text(self.name(m.seat), m.step or "") + ".")
        elif m.what == "rematch":  # a new game at this table: its pages are numbered from 0 again
            with self._lock:
                self._pages.clear()
                self._read = 0  # (the last game's state stays until the new game's comes, in a moment)
                self._log = None
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
        for seq, future in list(self._waiting_seq.items()):
            if seq < m.next_seq and not future.done():
                future.set_result(None)
                self._waiting_seq.pop(seq, None)
        if self._read > m.read:  # a "read" lost with the connection: said again
            self._send(pr.Read(v=1, type="read", page=self._read - 1))
        self._prefetch(m.asked)
        self._first.set()
        self._changed()

    def _refused(self, m: pr.Refused) -> None:
        if m.about in ("decide", "take_back") and m.seq is not None:  # (that number is used now)
            self._min_seq = max(self._min_seq, m.next_seq if m.next_seq is not None else m.seq + 1)
            future = self._waiting_seq.pop(m.seq, None)
            if future is not None and not future.done():
                future.set_result(Refusal(m.reason, m.message))
        elif m.about == "ask" and m.id is not None:
            answer = self._answers.pop(m.id, None)
            if answer is not None and not answer.done():
                answer.set_exception(Refusal(m.reason, m.message))

    def _say(self, note: str) -> None:
        """What the seat now waits for besides the others (a seat deciding keeps its screen: a toast)."""
        with self._lock:
            if self._state is not None and self._note != note and not self._closing:
                self._news.append(note)
            self._note = note

    def _lost(self, note: str) -> None:
        self._say(note)
        for future in list(self._answers.values()) + list(self._waiting_seq.values()):
            if not future.done():
                future.set_exception(ConnectionError(note))
        self._answers.clear()
        self._waiting_seq.clear()
        self._asked.clear()
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
        return Waiting(seat, deciding, reading, kind, note, away)

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
        return [0] * len(self.seats)  # (counted and kept on the host: the save has them)

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
        return RemoteAsks(self, player)

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

    def public_log(self, until: int | None = None) -> list[tuple[int, dict[str, Any]]]:
        """The events this seat may see (asked of the server, 200 at a time)."""
        out: list[tuple[int, dict[str, Any]]] = []
        start, size = 0, None
        while size is None or start < size:
            try:
                got: pr.LogPage = self._ask(pr.LogAsk(kind="log", start=start))
            except (ConnectionError, TimeoutError, Refusal, ValueError):
                break
            self._log = got
            out += [(e.index, e.event.to_dict()) for e in got.events]
            size = got.size if until is None else min(got.size, until)
            if not got.events:
                break
            start = got.events[-1].index + 1
        return [(k, e) for k, e in out if until is None or k < until]

    def take_back_notes(self) -> list[tuple[int, str]]:
        log = self._log
        return [(index, taken_back_text(self.name(seat), step)) for index, seat, step in log.take_backs] if log else []

    def submit(self, player: int, decision: Decision) -> Exception | None:
        """Send the seat's decision; None once the table took it (its new state is here then)."""
        state = self._state
        if state is None or state.asked is None or player != self.seat:
            return Refusal("not_asked", N_("This seat has nothing to decide now."))
        seq = max(state.next_seq, self._min_seq)
        return self._sequenced(seq, pr.Decide(v=1, type="decide", seq=seq, decision=decision))

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
        future: concurrent.futures.Future[Refusal | None] = concurrent.futures.Future()
        decision = getattr(message, "decision", None)
        with self._lock:
            self._waiting_seq[seq] = future
            self._sent = (seq, decision)

        def answered(done: concurrent.futures.Future[Refusal | None]) -> None:
            try:
                refusal = done.result()
            except ConnectionError as err:
                refusal = Refusal("lost", N_("%(note)s Decide again once the table is reached."), note=str(err))
            with self._lock:
                if self._sent is not None and self._sent[0] == seq:
                    self._sent = None
                if refusal is not None:
                    self._refusals.append(refusal)
                    if decision is not None:
                        self._refused_decision = decision
            self._changed()

        future.add_done_callback(answered)
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
        """(The table answers the questions by itself: `listen` tells when.)"""
        return False

    def listen(self, changed: Callable[[], None]) -> None:
        self._listeners.append(changed)

    def news(self) -> list[str]:
        """What the other seats did that this one is told of since it was last asked ("Ann took back
        their pick.", as the hand-off screen says it at one keyboard)."""
        with self._lock:
            out, self._news = self._news, []
        return out

    def close(self) -> None:
        """Close the connection (whatever it was doing: connecting, waiting to try again) and end its
        thread."""
        self._closing = True
        self._listeners.clear()
        if self._loop.is_closed():
            return

        async def stop() -> None:  # (the connection closed as it ends: its close frame sent)
            task = self._task
            if task is not None and not task.done():
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task

        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(stop(), self._loop).result(5.0)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5.0)
        if not self._thread.is_alive():
            self._loop.close()

    # --- questions --------------------------------------------------------------------------
    def _ask(self, query: Any, wait: float = WAIT) -> Any:
        """The answer to a question of the deciding screen (asked again only at another moment)."""
        return self._question(query).result(wait)

    def _question(self, query: Any) -> concurrent.futures.Future[Any]:
        key = query.model_dump_json()
        with self._lock:
            known = self._asked.get(key)
            if known is not None and not (known.done() and known.exception() is not None):
                return known
            future: concurrent.futures.Future[Any] = concurrent.futures.Future()
            if not self.connected:
                future.set_exception(ConnectionError(self._note or LOST))
                return future
            ident = self._next_id
            self._next_id += 1
            self._answers[ident] = future
            if query.kind not in ("log", *pr.COACH_QUESTIONS, "cancel"):
                self._asked[key] = future
        self._send(pr.Ask(v=1, type="ask", id=ident, query=query))
        return future

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
    the answer in a worker thread (never the app's), polling `cancelled`, and tells the host to stop
    when it is set. `ordinal` names the decision a hint is for (the host keeps the hint itself)."""

    POLL = 0.1

    def __init__(self, session: RemoteSession, query: Any, ordinal: int):
        self.session, self.query, self.ordinal = session, query, ordinal

    def run(self, progress: Callable[[int, int], None], cancelled: Callable[[], bool]) -> Any:
        """The coach's `Hint` or `Review`; None when cancelled, refused or out of reach."""
        future = self.session._question(self.query)
        while not cancelled():
            try:
                wire = future.result(self.POLL)
            except concurrent.futures.TimeoutError:
                continue
            except (ConnectionError, Refusal, ValueError):
                return None
            if isinstance(wire, pr.HintW):
                return pr.hint_of(wire)
            return pr.review_of(wire) if isinstance(wire, pr.ReviewW) else None
        self.session._send(pr.Ask(v=1, type="ask", id=pr.MAX_SEQ, query=pr.CancelAsk(kind="cancel")))
        return None


class RemoteAsks:
    """The deciding screen's questions, put to the table (satisfies `tui.flow.Asks`). When the table
    cannot answer, a forecast is left out (None) and the other answers are the cautious ones (no price
    list, no suggestion, no death foretold)."""

    def __init__(self, session: RemoteSession, player: int):
        self._session, self.player = session, player
        self.seats = session.seats

    def _try(self, query: Any, fallback: Any) -> Any:
        try:
            return self._session._ask(query)
        except (ConnectionError, TimeoutError, concurrent.futures.TimeoutError, Refusal, ValueError):
            return fallback

    @staticmethod
    def _plan(slots: list[int | None], keep: int | None) -> pr.Forecast:
        s = [*slots, None, None, None, None, None]  # (the five spots)
        return pr.Forecast(kind="forecast", slots=(s[0], s[1], s[2], s[3], s[4]), keep=keep)

    def forecast_ready(self, slots: list[int | None], keep: int | None = None) -> bool:
        """Asked of the table (once a plan and a moment), never waited for: the flow tells when it comes."""
        return self._session._question(self._plan(slots, keep)).done()

    def forecast(self, slots: list[int | None], keep: int | None = None) -> TurnForecast | None:
        future = self._session._question(self._plan(slots, keep))
        if not future.done() or future.exception() is not None:  # (not known: no forecast shown for now)
            return None
        result: TurnForecast | None = future.result()
        return result

    def suggested_unpaid(self, new: list[int]) -> list[int]:
        """Worked out from the seat's view, as the host would (its Gold, its cards' costs): never waited for."""
        from .session import suggested_unpaid

        return suggested_unpaid(self._session.view(self.player), self.player, new)

    def construction_report(self) -> list[ConstructionPrice]:
        return list(self._try(pr.Report(kind="construction_report"), ()))

    def age_change(self, slot: int, amount: int) -> AgeChange:
        answer: AgeChange = self._session._ask(pr.AgeChangeAsk(kind="age_change", slot=slot, amount=amount))
        return answer

    def pending(self) -> Pending | None:
        state = self._session._state
        return state.asked if state is not None else None

    def hidden_view(self) -> SeatView:
        return self._session.view(self.player)

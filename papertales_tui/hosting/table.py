"""A hosted table: one game, its seats (humans, each with a secret, and bots), what each seat has been
shown, without a network (server.py carries the messages) and without Textual.

Every seat asked decides at once, in any order (`Game.pending` lists them all; `Game.apply` takes them
as they come; the step resolves with the last). A seat may take back the decision it made while the
step waits for the others (`Game.take_back`). When a step resolves, its public events become results
pages (text/chapters.py, as the app's `Summary` and `Final` pages), the same for every seat; nobody is
asked anything until every human seat has read them (`read`), or until the host's timeout
(`expire_reading`). Bots decide as soon as they are asked (`bot_jobs`, `bot_decided`). At the last
turn's Aging a Mystical Healer question that changes nothing is not asked (as the Session does).

Everything a seat is sent is made here from its own `observe(game, seat)` view, its own pending
decision, the public events and the answers worked out on its own side of the game (`ask`).

`save(path)` writes the game as a save file the app can open (atomic) and, beside it, `<path>.secrets`
(mode 0600): the seats' secrets, sequence numbers and where the unread pages start; `load(path)`
continues it with the same secrets.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import secrets
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..persistence import Save, SaveFileError, encode_save, load_save, read_save, verify, write_atomic
from ..rules import (
    START_GOLD,
    Game,
    IllegalDecision,
    MalformedDecision,
    NothingToTakeBack,
    NotPending,
    SeatView,
    Step,
    Unaffordable,
    WrongKind,
    events,
    game_log,
    observe,
)
from ..table import HUMAN, GameTable, TooManyTakeBacks, is_bot
from ..text import chapters
from . import protocol as p
from .journal import Journal, newest

__all__ = ["HUMAN", "HostedTable", "is_bot", "read_sidecar", "sidecar_path", "write_save", "write_secrets"]

REVIEW_EACH = 0.5  # CPU seconds of search per decision in a joined seat's review (as at one keyboard)
SECRET_BYTES = 24  # secrets.token_urlsafe(24): 32 characters, 192 bits
SIDECAR = ".secrets"
# A seat's coach job (`HostedTable.coach_job`): called with `cancelled` and `progress(done, total)`
CoachWork = Callable[[Callable[[], bool], Callable[[int, int], None]], Any]


def sidecar_path(path: Path | str) -> Path:
    """The file beside a hosted table's save that holds its secrets."""
    return Path(f"{path}{SIDECAR}")


class HostedTable(GameTable):
    """One game served to its seats: the table (`GameTable`) reached over the protocol; each method is
    one seat's message or one of the server's events, and changes the game only through the table."""

    def __init__(self, game: Game, seat_types: Sequence[str], *, secret_list: Sequence[str | None] | None = None,
                 next_seq: Sequence[int] | None = None, pages_from: int = 0, read: Sequence[int] | None = None,
                 take_backs: object = None, hints: object = None, kept_hints: Sequence[Any] = (),
                 read_timeout: float | None = None, port: int | None = None):
        super().__init__(game, seat_types, take_backs=take_backs, hints=hints, kept_hints=kept_hints)
        n = len(game.players)
        if read is None and pages_from:  # (an older secrets file: where the unread pages start)
            read = [sum(1 for page in self.pages if page.end <= pages_from)] * n
        if read is not None and len(read) == n:
            self.read = [min(max(0, int(r)), len(self.pages)) for r in read]
            self.settle()
        given = list(secret_list) if secret_list is not None else [None] * n
        self.secrets: list[str | None] = [
            (given[i] or secrets.token_urlsafe(SECRET_BYTES)) if i in self.humans else None for i in range(n)]
        self.next_seq = list(next_seq) if next_seq is not None and len(next_seq) == n else [0] * n
        self.read_timeout = read_timeout
        self.port = port  # the port it was served on (kept: --resume serves the same links)
        self._sent: list[p.Page] = []  # the pages as sent (made once)
        from ..rules.coach import HINT_BUDGET, REVIEW_BUDGET

        self.hint_budget, self.review_budget = HINT_BUDGET, REVIEW_BUDGET  # CPU seconds of the coach's jobs
        self._rivals: dict[int, tuple[int, Any]] = {}

    # --- what a seat is sent ---------------------------------------------------------------------
    def welcome(self, seat: int) -> p.Welcome:
        return p.Welcome(seat=seat, names=self.names(), seats=tuple(self.types), read_timeout=self.read_timeout)

    def page(self, index: int) -> p.Page:
        """Results page `index` as every seat is sent it (the same for all: public events only)."""
        while len(self._sent) <= index:
            span = self.pages[len(self._sent)]
            log = game_log(self.game)
            lp, gold, lich = chapters.totals_at(log, span.end)
            n = len(self.game.players)
            figures = p.Figures(lp=tuple(lp.get(i, 0) for i in range(n)),
                                gold=tuple(gold.get(i, START_GOLD) for i in range(n)), lich=lich,
                                changed=chapters.kingdoms_changed_since(log, span.end))
            self._sent.append(p.Page(
                id=len(self._sent), kind="final" if span.final else "summary", chapter=span.chapter,
                turn=chapters.turn_at(log, span.end - 1), as_of=span.end,
                events=tuple(self._event(e) for e in events.known(self.page_events(span))), figures=figures))
        return self._sent[index]

    # --- what a seat may know: never the seed before the end ------------------------------------------
    def _seen(self, seat: int) -> SeatView:
        """`seat`'s view as sent: `observe`'s, without the seed until the game is over (from the seed
        anyone works out every hidden card; the app at one keyboard shows it only then, too)."""
        return self._unseeded(observe(self.game, seat))

    def _unseeded(self, view: SeatView) -> SeatView:
        return view if self.game.over else replace(view, seed=0)

    def _event(self, event: events.BaseEvent) -> events.BaseEvent:
        """A logged event as a seat is sent it: the game's start without its seed until the end."""
        return replace(event, seed=0) if isinstance(event, events.GameStarted) and not self.game.over else event

    def state(self, seat: int, online: Sequence[int] | None = None) -> p.State:
        view = self._seen(seat)
        return p.State(view=view, asked=self.asked(seat), prior=self.prior[seat], deciding=view.deciding,
                       reading=self.reading(), take_back=view.players[seat].decided is not None,
                       next_seq=self.next_seq[seat], pages=len(self.pages), read=self.read[seat],
                       online=tuple(sorted(self.online)) if online is None else tuple(online),
                       hints=self.hints[seat])

    # --- a seat's messages -------------------------------------------------------------------------
    def on_decide(self, seat: int, message: p.Decide) -> p.Refused | None:
        """A seat's decision: None when applied, else why it was refused (nothing changed but its
        sequence number, which is used)."""
        refused = self._sequenced(seat, message)
        if refused is not None:
            return refused
        if self.asked(seat) is None:
            return p.Refused(reason="not_asked", about="decide", seq=message.seq,
                             message="you have nothing to decide now" + (
                                 " (the others are still reading the results)" if self.reading() else ""))
        try:
            self.decide(seat, message.decision)
        except IllegalDecision as err:
            return refusal(err, "decide", message.seq)
        return None

    def on_take_back(self, seat: int, message: p.TakeBack) -> p.Refused | None:
        """A seat takes back its decision of this step (before the step resolves; at most
        `MAX_TAKE_BACKS` times a step)."""
        refused = self._sequenced(seat, message)
        if refused is not None:
            return refused
        try:
            self.take_back(seat)
        except TooManyTakeBacks as err:
            return p.Refused(reason="too_many_take_backs", about="take_back", seq=message.seq, message=str(err))
        except NothingToTakeBack as err:
            return p.Refused(reason="no_take_back", about="take_back", seq=message.seq, message=str(err))
        return None

    def _sequenced(self, seat: int, message: p.Decide | p.TakeBack) -> p.Refused | None:
        if message.seat is not None and message.seat != seat:
            return p.Refused(reason="not_your_seat", about=message.type, seq=message.seq,
                             message=f"this link plays seat {seat}, not seat {message.seat}")
        expected = self.next_seq[seat]
        if message.seq != expected:
            reason = "replay" if message.seq < expected else "out_of_order"
            return p.Refused(reason=reason, about=message.type, seq=message.seq, next_seq=expected,
                             message=f"sequence number {message.seq} is not the next one ({expected})")
        self.next_seq[seat] += 1
        return None

    def on_read(self, seat: int, page: int) -> p.Refused | None:
        """`seat` has read the results pages up to `page`."""
        if not self.read_to(seat, page):
            return p.Refused(reason="bad_page", about="read", message=f"there is no page {page} yet")
        return None

    def expire_reading(self, pages: int) -> bool:
        """The host's timeout for reading the first `pages` pages: every seat counts as having read
        them. Whether that changed anything."""
        return self.read_all(pages)

    def ask(self, seat: int, message: p.Ask) -> p.Answer | p.Refused:
        """A question of `seat`'s deciding screen, answered on its own side of the game."""
        query = message.query
        try:
            value = self._answer(seat, query)
        except _BadQuestion as why:
            return p.Refused(reason="bad_question", about="ask", id=message.id, message=str(why))
        return p.Answer(id=message.id, ask=query.kind, result=p.result(query.kind, value))

    def _answer(self, seat: int, query: Any) -> Any:
        game = self.game
        pend = self.asked(seat)
        kind = query.kind
        if kind == "construction_report":
            return tuple(game.construction_report(seat))
        if kind == "would_die":
            return game.would_die(seat, query.slot, query.extra_age)
        if kind == "log":
            return self._log_page(seat, query.start, query.count)
        if kind == "age_change":
            if pend is None or pend.kind != Step.AGE_TARGET or query.slot not in pend.options.slots:  # type: ignore[union-attr]
                raise _BadQuestion("an Age-token change is asked for a spot of your Age-token choice")
            from ..rules import forecast

            return forecast.age_change(game, seat, query.slot, query.amount)
        if pend is None or pend.kind != Step.DEPLOY:
            raise _BadQuestion(f"{kind} is asked while you deploy")
        hand = set(pend.options.hand)  # type: ignore[union-attr]
        if kind == "suggested_unpaid":
            if not set(query.new) <= hand:
                raise _BadQuestion("the new Units are cards of your hand")
            return tuple(game.suggested_unpaid(seat, list(query.new)))
        return self._forecast(seat, list(query.slots), query.keep)

    # --- the coach, on the host, from the seat's own view only -------------------------------------------
    def coach_job(self, seat: int, kind: str) -> CoachWork | p.Refused | None:
        """The work of a seat's `hint` or `review` question, to run in a thread (it reads copies only:
        the seat's view without the seed, its decision, its memory of the draft; or, once the game is
        over, the game as it began): called with `cancelled` and `progress` (told each count: samples of
        a hint, decisions of a review), it returns the answer's result, or None when cancelled. None:
        nothing to work out (no decision asked: the answer is null)."""
        from ..rules import coach

        catalog = self.game.catalog
        if kind == "hint":
            work = self.hint_work(seat)
            if work is None:
                return None
            view, pend, ordinal, memory = self._seen(seat), work.pend, work.ordinal, self.draft_memory(seat)

            def hint(cancelled: Callable[[], bool], progress: coach.Progress | None = None) -> Any:
                try:
                    found = coach.hint(view, pend, catalog, budget=self.hint_budget, max_samples=coach.MAX_SAMPLES,
                                       cancelled=cancelled, drafts=memory, progress=progress)
                except coach.Cancelled:
                    return None
                return p.hint_wire(found, ordinal)
            return hint
        review = self.review_work(seat)
        if review is None:
            return p.Refused(reason="not_over", about="ask", message="the review comes once the game is over")

        def reviewed(cancelled: Callable[[], bool], progress: coach.Progress | None = None) -> Any:
            try:
                found = coach.review(review.start, review.decisions, review.seats, budget=self.review_budget,
                                     max_each=REVIEW_EACH, cancelled=cancelled, hints=review.hints, progress=progress)
            except coach.Cancelled:
                return None
            return p.review_wire(found)
        return reviewed

    def coached(self, seat: int, result: Any) -> None:
        """A hint sent to its seat: counted and kept for the review (as at one keyboard)."""
        if isinstance(result, p.HintW):
            self.hint_given(p.hint_of(result), result.ordinal)

    def rematch(self, seed: int) -> HostedTable:
        """The same table (seats, secrets, sequence numbers, port) around a new game shuffled by `seed`."""
        again = HostedTable(self.rematch_game(seed), self.types, secret_list=self.secrets, next_seq=self.next_seq,
                            read_timeout=self.read_timeout, port=self.port)
        again.online = set(self.online)
        again.hint_budget, again.review_budget = self.hint_budget, self.review_budget
        return again

    def rivals_job(self, seat: int) -> tuple[int, SeatView, Any] | None:
        """What the samples of `seat`'s neighbours' strengths are worked out from, when this decision's
        are not known yet (slow: the server works them out in a thread, `forecast.rival_strengths`,
        then calls `rivals_found`): (log size, the seat's view, a copy of its memory of the draft)."""
        size = len(game_log(self.game))
        known = self._rivals.get(seat)
        if known is not None and known[0] == size:
            return None
        return size, observe(self.game, seat), copy.deepcopy(self.drafts.get(seat))

    def rivals_found(self, seat: int, size: int, rivals: Any) -> None:
        self._rivals[seat] = (size, rivals)

    def _forecast(self, seat: int, slots: list[int | None], keep: int | None) -> Any:
        from ..rules import forecast

        size = len(game_log(self.game))
        known = self._rivals.get(seat)
        if known is None or known[0] != size:
            known = (size, forecast.rival_strengths(observe(self.game, seat), self.game.catalog, self.drafts.get(seat)))
            self._rivals[seat] = known
        out = forecast.safe_forecast(self.game, seat, slots, keep, known[1])
        return replace(out, after=self._unseeded(out.after)) if out is not None else None

    def _log_page(self, seat: int, start: int, count: int) -> p.LogPage:
        log = game_log(self.game)
        out = []
        for k in range(start, len(log)):
            e = log[k]
            if e.get("private_to") not in (None, seat):
                continue
            out.append(p.LoggedEvent(index=k, event=self._event(events.from_dict(e))))
            if len(out) == count:
                break
        last = out[-1].index if len(out) == count else len(log)
        return p.LogPage(events=tuple(out), size=len(log),
                         take_backs=tuple(t for t in self.take_backs if start <= t[0] <= last)[:p.MAX_LOG_PAGE])

    # --- saving ----------------------------------------------------------------------------------
    def save(self, path: Path | str) -> None:
        """The save file (atomic), then its secrets beside it (atomic, mode 0600); a journal beside it
        (hosting/journal.py) is written first, then removed: it never holds an older save than the file."""
        data, journal = self.encoded(), Journal(path)
        journal.catch_up(data)
        write_save(path, data, self.sidecar())
        with contextlib.suppress(OSError):  # (one that cannot be removed cannot be read either)
            journal.remove()

    def encoded(self) -> bytes:
        """The save file's bytes (`persistence.encode_save`: the app can open it)."""
        return encode_save(self.game, self.settings())

    def sidecar(self) -> dict[str, Any]:
        """What the secrets file holds: the secrets, each seat's next sequence number, where the unread
        pages start."""
        out: dict[str, Any] = {"format": "papertales-host", "version": 1, "secrets": list(self.secrets),
                               "next_seq": list(self.next_seq), "read": list(self.read)}
        if self.port:
            out["port"] = self.port
        return out

    @classmethod
    def load(cls, path: Path | str, catalog: Any = None, read_timeout: float | None = None) -> HostedTable:
        """A hosted table from its save, with the same secrets when its secrets file is good (new ones
        otherwise). Raises persistence.SaveFileError for a save that cannot be used."""
        saved = load_journaled(path, catalog)
        settings = saved.settings
        n = len(saved.game.players)
        types = [t if is_bot(t) else HUMAN for t in (settings.seats or [HUMAN] * n)]
        extra = read_sidecar(sidecar_path(path), n)
        return cls(saved.game, types, secret_list=extra.get("secrets"), next_seq=extra.get("next_seq"),
                   pages_from=extra.get("pages_from", 0 if "read" in extra else len(game_log(saved.game))),
                   read=extra.get("read"), take_backs=settings.take_back_list(), hints=settings.hints,
                   kept_hints=settings.kept_hints(), read_timeout=read_timeout, port=extra.get("port"))


def write_save(path: Path | str, data: bytes, sidecar: dict[str, Any] | None) -> None:
    """A hosted table's save file and (when given) its secrets file, each atomic; the secrets file
    readable by its owner only."""
    write_atomic(path, data)
    if sidecar is not None:
        write_secrets(path, sidecar)


def write_secrets(path: Path | str, sidecar: dict[str, Any]) -> None:
    """A hosted table's secrets file (atomic), readable by its owner only."""
    side = sidecar_path(path)
    write_atomic(side, json.dumps(sidecar).encode())
    os.chmod(side, 0o600)


def load_journaled(path: Path | str, catalog: Any = None) -> Save:
    """A hosted table's save: the newest in its journal when there is one (hosting/journal.py: never
    older than the save file), else the save file. Raises persistence.SaveFileError."""
    data = newest(path)
    if data is not None:
        try:
            saved = verify(read_save(data, path, catalog))
        except SaveFileError:
            pass  # (not a save this version can use: the save file says why, if it is not one either)
        else:
            saved.path = Path(path)
            return saved
    return load_save(path, catalog)


MAX_SEQ_SAVED = 2**31  # a seat's next sequence number in a secrets file: far beyond any game's


def read_sidecar(path: Path, players: int) -> dict[str, Any]:
    """A hosted table's secrets file, checked: {} when there is none (new secrets are made); a
    persistence.SaveFileError naming it, saying what is wrong, when it is there but not usable (a file
    changed by hand must not be half taken: a sequence number of 2**53 would refuse every state)."""
    from ..files import FileProblem, loads_json, read_limited
    from ..persistence import SaveFileError
    from ..words import N_

    if not path.exists() and not path.is_symlink():
        return {}

    def bad(problem: str) -> SaveFileError:
        return SaveFileError(path, "invalid", N_("this is not a usable secrets file of this table (%(problem)s): "
                                                 "move it away to continue with new links"), problem=problem)

    try:
        data = loads_json(read_limited(path, 64 * 1024, "secrets file"))
    except (FileProblem, ValueError, OSError) as err:
        raise bad(getattr(err, "strerror", None) or str(err)) from None
    if not isinstance(data, dict) or data.get("format") != "papertales-host":
        raise bad("not a secrets file")
    found = data.get("secrets")
    if not (isinstance(found, list) and len(found) == players and all(
            s is None or (isinstance(s, str) and 16 <= len(s) <= 128 and s.isascii() and s.isprintable())
            for s in found)):
        raise bad(f"'secrets' is not {players} secrets")
    seq = data.get("next_seq")
    if not (isinstance(seq, list) and len(seq) == players
            and all(type(s) is int and 0 <= s <= MAX_SEQ_SAVED for s in seq)):
        raise bad(f"'next_seq' is not {players} sequence numbers from 0 to {MAX_SEQ_SAVED}")
    start = data.get("pages_from")
    out: dict[str, Any] = {"secrets": found, "next_seq": seq}
    if start is not None:  # (a file of an earlier release: where the unread pages start)
        if type(start) is not int or start < 0:
            raise bad("'pages_from' is not a whole number")
        out["pages_from"] = start
    problem = _read_and_port(data, players, out)
    if problem:
        raise bad(problem)
    return out


def _read_and_port(data: dict[str, Any], players: int, out: dict[str, Any]) -> str:
    """What each seat has read and the port, from a secrets file into `out`; what is wrong, or ""."""
    read = data.get("read")  # (what each seat has read; files of an earlier release have 'pages_from')
    if read is not None:
        if not (isinstance(read, list) and len(read) == players
                and all(type(r) is int and 0 <= r <= 100_000 for r in read)):
            return f"'read' is not {players} page numbers"
        out["read"] = read
    elif "pages_from" not in out:
        return "neither 'read' nor 'pages_from'"
    port = data.get("port")
    if port is not None:
        if not (type(port) is int and 0 < port < 65536):
            return "'port' is not a port number"
        out["port"] = port
    return ""


class _BadQuestion(Exception):
    pass


def refusal(err: IllegalDecision, about: str, seq: int | None = None) -> p.Refused:
    """The engine's refusal as a message: its reason and its data."""
    if isinstance(err, Unaffordable):
        return p.Refused(reason="unaffordable", message=str(err), about=about, seq=seq, cost=err.cost, gold=err.gold)
    if isinstance(err, WrongKind):
        return p.Refused(reason="wrong_kind", message=str(err), about=about, seq=seq, expected=err.expected)
    if isinstance(err, MalformedDecision):
        return p.Refused(reason="malformed", message=str(err), about=about, seq=seq)
    if isinstance(err, NotPending):
        return p.Refused(reason="not_asked", message=str(err), about=about, seq=seq)
    return p.Refused(reason="illegal", message=str(err), about=about, seq=seq)

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

import copy
import json
import os
import random
import secrets
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..persistence import encode_save, load_save, write_atomic
from ..rules import (
    START_GOLD,
    Decision,
    Game,
    Heal,
    IllegalDecision,
    MalformedDecision,
    NothingToTakeBack,
    NotPending,
    Pending,
    SeatView,
    Step,
    Unaffordable,
    WrongKind,
    events,
    game_log,
    game_seed,
    observe,
    random_decision,
)
from ..text import chapters
from . import protocol as p

HUMAN = "human"
SECRET_BYTES = 24  # secrets.token_urlsafe(24): 32 characters, 192 bits
SIDECAR = ".secrets"


def sidecar_path(path: Path | str) -> Path:
    """The file beside a hosted table's save that holds its secrets."""
    return Path(f"{path}{SIDECAR}")


def is_bot(seat_type: str) -> bool:
    return seat_type.startswith("bot:")


class HostedTable:
    """One game served to its seats; each method is one seat's message or one of the server's events,
    and changes the game only through its public API."""

    def __init__(self, game: Game, seat_types: Sequence[str], *, secret_list: Sequence[str | None] | None = None,
                 next_seq: Sequence[int] | None = None, pages_from: int = 0,
                 take_backs: Sequence[Sequence[Any]] = (), read_timeout: float | None = None):
        n = len(game.players)
        if len(seat_types) != n:
            raise ValueError(f"{len(seat_types)} seat types for {n} players")
        self.game = game
        self.types = list(seat_types)
        self.humans = [i for i, t in enumerate(self.types) if not is_bot(t)]
        from ..rules.bots import make_bot

        self.bots = {i: make_bot(t.split(":", 1)[1], seed=game_seed(game) * 101 + i)
                     for i, t in enumerate(self.types) if is_bot(t)}
        given = list(secret_list) if secret_list is not None else [None] * n
        self.secrets: list[str | None] = [
            (given[i] or secrets.token_urlsafe(SECRET_BYTES)) if i in self.humans else None for i in range(n)]
        self.next_seq = list(next_seq) if next_seq is not None and len(next_seq) == n else [0] * n
        self.read = [0] * n  # pages each seat has read
        self.prior: list[Decision | None] = [None] * n  # a decision taken back, to start from
        self.take_backs = [(int(t[0]), int(t[1]), str(t[2])) for t in take_backs]
        self.read_timeout = read_timeout
        self.pages: list[p.Page] = []
        self.page_starts: list[int] = []  # the log index each page's events start from
        self.shown = min(max(0, pages_from), len(game_log(game)))  # events of the log made into pages
        from ..rules import DraftMemory

        self.drafts = {i: DraftMemory() for i in self.humans}  # for the forecasts' samples (as the Session's)
        self._watched: dict[int, int] = {}
        self._rivals: dict[int, tuple[int, Any]] = {}
        self.settle()

    # --- what a seat is sent ---------------------------------------------------------------------
    def names(self) -> tuple[str, ...]:
        return tuple(pl.name for pl in self.game.players)

    def welcome(self, seat: int) -> p.Welcome:
        return p.Welcome(seat=seat, names=self.names(), seats=tuple(self.types), read_timeout=self.read_timeout)

    def reading(self) -> tuple[int, ...]:
        """The human seats that have not read every results page yet."""
        return tuple(i for i in self.humans if self.read[i] < len(self.pages))

    def asked(self, seat: int) -> Pending | None:
        """The decision `seat` must make now (None while anyone is still reading the results pages)."""
        if self.reading():
            return None
        return self.game.pending_for(seat)

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

    def state(self, seat: int, online: Sequence[int] = ()) -> p.State:
        view = self._seen(seat)
        return p.State(view=view, asked=self.asked(seat), prior=self.prior[seat], deciding=view.deciding,
                       reading=self.reading(), take_back=view.players[seat].decided is not None,
                       next_seq=self.next_seq[seat], pages=len(self.pages), read=self.read[seat],
                       online=tuple(online))

    # --- a seat's messages -------------------------------------------------------------------------
    def decide(self, seat: int, message: p.Decide) -> p.Refused | None:
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
            self.game.apply(seat, message.decision)
        except IllegalDecision as err:
            return refusal(err, "decide", message.seq)
        self.prior[seat] = None
        self.settle()
        return None

    def take_back(self, seat: int, message: p.TakeBack) -> p.Refused | None:
        """A seat takes back its decision of this step (before the step resolves)."""
        refused = self._sequenced(seat, message)
        if refused is not None:
            return refused
        try:
            decision = self.game.take_back(seat)
        except NothingToTakeBack as err:
            return p.Refused(reason="no_take_back", about="take_back", seq=message.seq, message=str(err))
        self.prior[seat] = decision
        self.take_backs.append((len(game_log(self.game)), seat, str(decision.step)))
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

    def read_to(self, seat: int, page: int) -> p.Refused | None:
        """`seat` has read the results pages up to `page`."""
        if page >= len(self.pages):
            return p.Refused(reason="bad_page", about="read", message=f"there is no page {page} yet")
        self.read[seat] = max(self.read[seat], page + 1)
        self.settle()
        return None

    def expire_reading(self, pages: int) -> bool:
        """The host's timeout for reading the first `pages` pages: every seat counts as having read
        them. Whether that changed anything."""
        changed = False
        for i in self.humans:
            if self.read[i] < pages:
                self.read[i], changed = pages, True
        if changed:
            self.settle()
        return changed

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
        return p.LogPage(events=tuple(out), size=len(log), take_backs=tuple(self.take_backs))

    # --- bots ----------------------------------------------------------------------------------------
    def bot_jobs(self) -> list[tuple[Pending, SeatView]]:
        """The bots asked now, each with its view (the server has each decide away from the loop,
        `bot_choose`, then calls `bot_decided`)."""
        if self.reading():
            return []
        return [(pend, observe(self.game, pend.player)) for pend in self.game.pending() if pend.player in self.bots]

    def bot_choose(self, pend: Pending, view: SeatView) -> Decision | BaseException:
        """A bot's decision from its view (slow, and reads no game: the server runs it in a thread)."""
        try:
            return self.bots[pend.player].choose(view, pend, self.game.catalog)
        except Exception as err:  # a bot's bug must not stop the table
            return err

    def bot_decided(self, pend: Pending, decision: Decision | BaseException) -> bool:
        """Apply a bot's decision for `pend` if it is still the one asked (a refused one or a bot's error
        is replaced by a random legal decision, as at one keyboard). Whether it was applied."""
        if self.reading() or self.game.pending_for(pend.player) != pend:
            return False
        if not isinstance(decision, BaseException):
            try:
                self.game.apply(pend.player, decision)
            except IllegalDecision:
                decision = ValueError("refused")
        if isinstance(decision, BaseException):
            rng = random.Random(len(game_log(self.game)))
            self.game.apply(pend.player, random_decision(self.game, pend, rng))
        self.settle()
        return True

    # --- after every change --------------------------------------------------------------------------
    def settle(self) -> None:
        """New results pages for the events just logged; once everyone has read them, the Mystical
        Healer questions that change nothing answered for their seats (the Session's rule), and each
        human seat's memory of the draft watched."""
        while True:
            self._new_pages()
            if self.reading():
                return
            changed = False
            for pend in self.game.pending():
                i = pend.player
                if i in self.bots:
                    continue
                if pend.kind == Step.HEAL and not self.game.heal_matters(i):
                    self.game.apply(i, Heal(()))
                    changed = True
                    break
                size = len(game_log(self.game))
                if self._watched.get(i) != size:
                    self._watched[i] = size
                    self.drafts[i].watch(observe(self.game, i), i)
            if not changed:
                return

    def _new_pages(self) -> None:
        log = game_log(self.game)
        start = self.shown
        for chapter, chapter_events, end in chapters.spans(log, self.shown):
            lp, gold, lich = chapters.totals_at(log, end)
            n = len(self.game.players)
            figures = p.Figures(lp=tuple(lp.get(i, 0) for i in range(n)),
                                gold=tuple(gold.get(i, START_GOLD) for i in range(n)), lich=lich,
                                changed=chapters.kingdoms_changed_since(log, end))
            self.pages.append(p.Page(
                id=len(self.pages), kind="final" if chapter == "end" else "summary", chapter=chapter,
                turn=chapters.turn_at(log, end - 1), as_of=end,
                events=tuple(self._event(e) for e in events.known(chapter_events)),
                figures=figures))
            self.page_starts.append(start)
            start = end
        self.shown = len(log)

    # --- saving ----------------------------------------------------------------------------------
    def settings(self) -> dict[str, Any]:
        """What the save keeps besides the game (persistence.Settings: the app can open it)."""
        return {"seats": list(self.types), "hints": [0] * len(self.types),
                "take_backs": [list(t) for t in self.take_backs], "seed_typed": False}

    def pages_from(self) -> int:
        """The log index the pages some seat has not read start from (all read: the log's length)."""
        unread = min((self.read[i] for i in self.humans), default=len(self.pages))
        return self.page_starts[unread] if unread < len(self.pages) else self.shown

    def save(self, path: Path | str) -> None:
        """The save file (atomic), then its secrets beside it (atomic, mode 0600)."""
        write_save(path, self.encoded(), self.sidecar())

    def encoded(self) -> bytes:
        """The save file's bytes (`persistence.encode_save`: the app can open it)."""
        return encode_save(self.game, self.settings())

    def sidecar(self) -> dict[str, Any]:
        """What the secrets file holds: the secrets, each seat's next sequence number, where the unread
        pages start."""
        return {"format": "papertales-host", "version": 1, "secrets": list(self.secrets),
                "next_seq": list(self.next_seq), "pages_from": self.pages_from()}

    @classmethod
    def load(cls, path: Path | str, catalog: Any = None, read_timeout: float | None = None) -> HostedTable:
        """A hosted table from its save, with the same secrets when its secrets file is good (new ones
        otherwise). Raises persistence.SaveFileError for a save that cannot be used."""
        saved = load_save(path, catalog)
        settings = saved.settings
        n = len(saved.game.players)
        types = [t if is_bot(t) else HUMAN for t in (settings.seats or [HUMAN] * n)]
        extra = read_sidecar(sidecar_path(path), n)
        return cls(saved.game, types, secret_list=extra.get("secrets"), next_seq=extra.get("next_seq"),
                   pages_from=extra.get("pages_from", len(game_log(saved.game))),
                   take_backs=settings.take_back_list(), read_timeout=read_timeout)


def write_save(path: Path | str, data: bytes, sidecar: dict[str, Any] | None) -> None:
    """A hosted table's save file and (when given) its secrets file, each atomic; the secrets file
    readable by its owner only."""
    write_atomic(path, data)
    if sidecar is not None:
        side = sidecar_path(path)
        write_atomic(side, json.dumps(sidecar).encode())
        os.chmod(side, 0o600)


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
    if type(start) is not int or start < 0:
        raise bad("'pages_from' is not a whole number")
    return {"secrets": found, "next_seq": seq, "pages_from": start}


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

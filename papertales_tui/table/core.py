"""`GameTable`: one game and everything around it that is not a rule, the same for every kind of seat.

It holds the `Game`, the seat types (a human, or `bot:<level>`), the bots, each human seat's memory of
the draft (for the coach's hints and the forecasts' samples), the results pages (spans of the public
log, `PageSpan`) and how many of them each seat has read, the take-backs (through `Game.take_back`,
at most `MAX_TAKE_BACKS` per seat and step), the hints asked and kept for the review, who is
connected (`presence`), and what a save keeps of it (`settings`).

Every seat asked decides at once, in any order (`Game.pending` lists them all); nobody is asked
anything while some human seat has not read every results page (`reading`). A Mystical Healer
question that changes nothing any more (`Game.heal_matters`) is not asked: `settle` answers it.

Two fronts drive it:
- the hot-seat app (`tui/session.py` `Session`): every seat on one device, one seat at a screen at a
  time (its hand-off policy), every human reading the pages together;
- `papertales host` (`hosting/table.py` `HostedTable`): each human seat on a device of its own, over
  the protocol (docs/protocol.md, "The seat-facing table").
The same decisions give the same game and the same save either way (tests/test_one_table.py).

The coach's work is handed out as jobs (`hint_job`, `review_job`: copies of a seat's view and memory,
never the game), which the front runs away from its loop, one per seat at a time.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..rules import (
    Decision,
    Game,
    Heal,
    IllegalDecision,
    NothingToTakeBack,
    Pending,
    SeatView,
    Step,
    game_decisions,
    game_log,
    game_seed,
    game_turn,
    observe,
    random_decision,
)
from ..text import chapters
from ..words import N_

if TYPE_CHECKING:
    from ..rules import Bot, DraftMemory
    from ..rules.coach import Hint as CoachHint
    from ..rules.coach import KeptHint

MAX_TAKE_BACKS = 10  # take-backs a seat may make in one step (then its decision stands)
HUMAN = "human"


def is_bot(seat_type: str) -> bool:
    return seat_type.startswith("bot:")


class TooManyTakeBacks(NothingToTakeBack):
    """A seat has taken back its decision of this step `MAX_TAKE_BACKS` times already."""

    def __init__(self, player: object):
        IllegalDecision.__init__(self, N_("player %(player)s has taken back this decision %(times)s times: "
                                          "it stands now"), player=player, times=MAX_TAKE_BACKS)
        self.player = player


@dataclass(frozen=True)
class PageSpan:
    """One results page: a chapter of the public log (`chapter`, as text/chapters.py names it) from
    log index `start` to `end` (the log's length when it shows; its figures are as of then)."""

    chapter: str
    start: int
    end: int

    @property
    def final(self) -> bool:
        return self.chapter == "end"


@dataclass(frozen=True)
class HintWork:
    """What the coach's hint for one seat's decision is worked out from (copies: the game goes on)."""

    player: int
    ordinal: int
    view: SeatView
    pend: Pending


@dataclass(frozen=True)
class ReviewWork:
    """What the coach's review of `seats` is made from (the game is over: nothing hidden is left)."""

    start: Game
    decisions: list[dict[str, Any]]
    seats: list[int]
    hints: list[KeptHint]


class GameTable:
    """One game at one table (see the module doc). Every method is one seat's act or one of the
    front's events; the game changes only through its public API."""

    def __init__(self, game: Game, seat_types: Sequence[str], *, pages_from: int = 0,
                 read: Sequence[int] | None = None, take_backs: object = None, hints: object = None,
                 kept_hints: Sequence[KeptHint] = (), seed_typed: bool = False):
        n = len(game.players)
        if len(seat_types) != n:
            raise ValueError(f"{len(seat_types)} seat types for {n} players")
        self.game = game
        self.types = [t if is_bot(t) else HUMAN for t in seat_types]
        self.humans = [i for i, t in enumerate(self.types) if not is_bot(t)]
        self.bots: dict[int, Bot] = {i: _make_bot(t, seed=game_seed(game) * 101 + i)
                                     for i, t in enumerate(self.types) if is_bot(t)}
        self.take_backs = take_back_list(take_backs, n)  # [log index, seat, step]
        self.hints = _hint_counts(hints, n)  # the coach's hints asked, per seat
        self.kept_hints = list(kept_hints)  # the hints given, for the review
        self.seed_typed = seed_typed  # the seed was typed (known): the screens may show it
        from ..rules import DraftMemory

        self.drafts = {i: DraftMemory() for i in self.humans}
        self._watched: dict[int, int] = {}
        self.prior: list[Decision | None] = [None] * n  # a decision taken back, to start from
        self.online: set[int] = set()  # the human seats connected now (at one keyboard: all)
        self.pages: list[PageSpan] = []
        self.shown = min(max(0, pages_from), len(game_log(game)))  # events of the log made into pages
        self.pages_from = self.shown  # where the first page starts
        self.read = [0] * n  # pages each seat has read
        self._new_pages()
        if read is not None and len(read) == n:
            self.read = [min(max(0, int(r)), len(self.pages)) for r in read]
        self.settle()

    # --- who sits where ----------------------------------------------------------------------------
    def names(self) -> tuple[str, ...]:
        return tuple(pl.name for pl in self.game.players)

    def lone_human(self) -> int | None:
        """The seat of the one human at the table, if there is exactly one."""
        return self.humans[0] if len(self.humans) == 1 else None

    def presence(self, seat: int) -> str:
        """"bot", "connected" or "away" (a human seat whose device is not connected now)."""
        if seat in self.bots:
            return "bot"
        return "connected" if seat in self.online else "away"

    def connected(self, seat: int, on: bool) -> bool:
        """A human seat's device connects (`on`) or goes: whether that changed anything."""
        if seat not in self.humans or (seat in self.online) == on:
            return False
        (self.online.add if on else self.online.discard)(seat)
        return True

    # --- what a seat is asked ------------------------------------------------------------------------
    def reading(self) -> tuple[int, ...]:
        """The human seats that have not read every results page yet."""
        return tuple(i for i in self.humans if self.read[i] < len(self.pages))

    def asked(self, seat: int) -> Pending | None:
        """The decision `seat` must make now (None while anyone is still reading the results pages)."""
        if self.reading():
            return None
        return self.game.pending_for(seat)

    def view(self, seat: int | None) -> SeatView:
        return observe(self.game, seat)

    def ordinal(self, player: int) -> int:
        """How many decisions `player` has made: the number of their next one, counted from 0."""
        return sum(1 for d in game_decisions(self.game) if d["player"] == player)

    # --- a seat's acts -------------------------------------------------------------------------------
    def decide(self, seat: int, decision: Decision | dict[str, Any]) -> None:
        """A human seat's decision, applied (IllegalDecision, nothing changed, when refused)."""
        if self.asked(seat) is None:
            from ..rules import NotPending

            raise NotPending(seat)
        self.game.apply(seat, decision)
        self.prior[seat] = None
        self.settle()

    def take_back(self, seat: int) -> Decision:
        """`seat` takes back its decision of this step while the step waits for others (`Game.take_back`);
        the decision taken back, which its screen starts from again (`prior`). NothingToTakeBack when
        there is none, TooManyTakeBacks after `MAX_TAKE_BACKS` in this step."""
        if seat in self.bots or self.game.players[seat].submitted is None:
            raise NothingToTakeBack(seat)
        size, step = len(game_log(self.game)), str(self.game.state.step)
        if sum(1 for t in self.take_backs if t == (size, seat, step)) >= MAX_TAKE_BACKS:
            raise TooManyTakeBacks(seat)
        decision = self.game.take_back(seat)
        self.prior[seat] = decision
        self.take_backs.append((size, seat, step))
        return decision

    def read_to(self, seat: int, page: int) -> bool:
        """`seat` has read the results pages up to `page` (False: there is no such page)."""
        if not 0 <= page < len(self.pages):
            return False
        self.read[seat] = max(self.read[seat], page + 1)
        self.settle()
        return True

    def read_all(self, pages: int) -> bool:
        """Every human seat counts as having read the first `pages` pages (one screen for all, or the
        host's timeout): whether that changed anything."""
        changed = False
        for i in self.humans:
            if self.read[i] < pages:
                self.read[i], changed = min(pages, len(self.pages)), True
        if changed:
            self.settle()
        return changed

    # --- bots ----------------------------------------------------------------------------------------
    def bot_jobs(self) -> list[tuple[Pending, SeatView]]:
        """The bots asked now, each with its view (the front has each decide away from its loop,
        `bot_choose`, then calls `bot_decided`)."""
        if self.reading():
            return []
        return [(pend, observe(self.game, pend.player)) for pend in self.game.pending() if pend.player in self.bots]

    def bot_choose(self, pend: Pending, view: SeatView) -> Decision | BaseException:
        """A bot's decision from its view (slow, and reads no game: run it in a thread)."""
        try:
            return self.bots[pend.player].choose(view, pend, self.game.catalog)
        except Exception as err:  # a bot's bug must not stop the table
            return err

    def bot_decided(self, pend: Pending, decision: Decision | BaseException) -> tuple[bool, str | None]:
        """Apply a bot's decision for `pend` if it is still the one asked; a refused one or a bot's error
        is replaced by a random legal decision. (Whether it was applied, why it played at random.)"""
        if self.reading() or self.game.pending_for(pend.player) != pend:
            return False, None
        reason = None
        if isinstance(decision, BaseException):
            reason = f"{type(decision).__name__}: {decision}"
        else:
            try:
                self.game.apply(pend.player, decision)
            except IllegalDecision as err:
                reason = str(err)
        if reason is not None:
            rng = random.Random(len(game_log(self.game)))
            self.game.apply(pend.player, random_decision(self.game, pend, rng))
        self.settle()
        return True, reason

    # --- after every change --------------------------------------------------------------------------
    def settle(self) -> None:
        """New results pages for the events just logged; once everyone has read them, the Mystical
        Healer questions that change nothing answered for their seats, and each human seat asked has
        its memory of the draft watched (what it is about to see)."""
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
        start = self.pages[-1].end if self.pages else self.pages_from  # (the same spans however often asked)
        for chapter, _events, end in chapters.spans(log, self.shown):
            self.pages.append(PageSpan(chapter, start, end))
            start = end
        self.shown = len(log)

    def page_events(self, page: PageSpan, seat: int | None = None) -> list[dict[str, Any]]:
        """A page's public events (with `seat`'s own cards of the Lich King's Recruitment when given)."""
        log = game_log(self.game)
        found = [e for c, events, _ in chapters.spans(log[:page.end], page.start) if c == page.chapter
                 for e in events]
        if page.chapter == "lich" and seat is not None:
            found = chapters.own_lich(log, page.end, seat) + found
        return found

    # --- the coach -----------------------------------------------------------------------------------
    def draft_memory(self, player: int) -> DraftMemory | None:
        """A copy of what human seat `player` remembers of this turn's draft (a copy: a worker reads it
        while the game goes on)."""
        memory = self.drafts.get(player)
        return copy.deepcopy(memory) if memory is not None else None

    def hint_work(self, player: int) -> HintWork | None:
        """What the coach's hint for `player`'s decision now is made from: its own view only (None: it
        has nothing to decide now)."""
        pend = self.asked(player)
        if pend is None or player not in self.humans:
            return None
        return HintWork(player, self.ordinal(player), observe(self.game, player), pend)

    def review_work(self, seat: int) -> ReviewWork | None:
        """What the coach's review of `seat`'s decisions is made from, once the game is over (None
        before: nothing hidden is left only then): the game as it began, every decision, the hints kept."""
        if not self.game.over:
            return None
        from ..rules.coach import start_of

        return ReviewWork(start_of(self.game), list(game_decisions(self.game)), [seat],
                          [h for h in self.kept_hints if h.player == seat])

    def hint_given(self, hint: CoachHint, ordinal: int) -> None:
        """A hint shown to its player: counted, and kept for the review (one per decision: the last)."""
        self.hints[hint.player] += 1
        if ordinal != self.ordinal(hint.player):
            return
        kept = hint.keep(ordinal, game_turn(self.game))
        self.kept_hints = [h for h in self.kept_hints if (h.player, h.ordinal) != (kept.player, ordinal)] + [kept]

    # --- saving and playing again --------------------------------------------------------------------
    def settings(self) -> dict[str, Any]:
        """What a save keeps of this table besides the game (persistence.Settings): the seats, the hints
        used, the take-backs, whether the seed was typed and the hints given, for the review."""
        out: dict[str, Any] = {"seats": list(self.types), "hints": list(self.hints),
                               "take_backs": [list(t) for t in self.take_backs], "seed_typed": self.seed_typed}
        if self.kept_hints:
            out["coach"] = [h.to_dict() for h in self.kept_hints]
        return out

    def rematch_game(self, seed: int) -> Game:
        """A new game for the same seats (names, mode and its settings), shuffled by `seed`."""
        return Game.new(list(self.names()), seed=seed, catalog=self.game.catalog, mode=self.game.mode.restart())


def bot_levels() -> tuple[str, ...]:
    """The bots' levels a seat may be given (`bot:<level>`)."""
    from ..rules.bots import LEVELS

    return tuple(LEVELS)


def _make_bot(seat_type: str, seed: int) -> Bot:
    from ..rules.bots import make_bot

    return make_bot(seat_type.split(":", 1)[1], seed=seed)


def take_back_list(saved: object, players: int) -> list[tuple[int, int, str]]:
    """The take-backs kept in a save (anything malformed in a file is left out)."""
    out: list[tuple[int, int, str]] = []
    for t in saved if isinstance(saved, list | tuple) else ():
        if (isinstance(t, list | tuple) and len(t) == 3 and type(t[0]) is int and t[0] >= 0 and type(t[1]) is int
                and 0 <= t[1] < players and t[2] in set(Step)):
            out.append((t[0], t[1], str(t[2])))
    return out


def _hint_counts(hints: object, players: int) -> list[int]:
    """Hints used per seat, as saved (anything else in a file counts as none used)."""
    if isinstance(hints, list) and len(hints) == players and all(type(h) is int and h >= 0 for h in hints):
        return list(hints)
    return [0] * players

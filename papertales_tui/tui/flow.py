"""What the app drives, without Textual: a flow of scenes and the answers a deciding screen asks for.

The app (tui/app.py) draws a `Flow`'s `scene` and calls back `submit`, `proceed` or `take_back`; a
deciding screen gets the flow's `Asks` for its seat. Two flows satisfy these protocols:

- `Session` (tui/session.py): a game at one keyboard (hot seat, solo), the `Game` in this process; its
  scenes include the hand-off screens and the bots' turns, and its `Asks` answer from the game.
- `RemoteSession` (tui/remote.py): one seat of a table hosted by `papertales host`, the game on the
  server; each seat decides at the same time as the others on a device of its own, so there is no
  hand-off: when the seat has decided, or has nothing to decide, its scene is `Waiting`. Its `Asks`
  answer over the connection.

A flow that changes by itself (the other seats decide) says so through the callable given to `listen`,
called from any thread: the app then reads `scene` again. Nothing a screen or the app calls waits for
an answer: what is not known yet is None, and whoever waits for it is told when it comes (`Asks.listen`,
`public_log`'s `later`), from any thread (a screen posts itself a message then).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..rules import Step
from ..text.i18n import N_

if TYPE_CHECKING:
    from ..rules import ConstructionPrice, Decision, Game, Pending, SeatView
    from ..rules.events import BaseEvent
    from ..rules.forecast import AgeChange, TurnForecast


@dataclass(frozen=True)
class Summary:
    """A page of public events; `as_of` is the log length at its end (the figures it shows)."""

    chapters: tuple[tuple[str, tuple[BaseEvent, ...]], ...]
    turn: int
    as_of: int


@dataclass(frozen=True)
class Handoff:
    """The screen is passed to `pend.player`; `take_back` is who may still take back their last
    decision and its kind (None when no one may); `announce`, the take-backs the table has not
    been shown yet ("Ann took back her deployment.")."""

    pend: Pending
    take_back: tuple[int, Step] | None = None
    announce: str = ""


@dataclass(frozen=True)
class Decide:
    """`pend.player` decides; `prior` is the decision they took back, to start from."""

    pend: Pending
    prior: Decision | None = None


@dataclass(frozen=True)
class BotTurn:
    pend: Pending


@dataclass(frozen=True)
class Final:
    events: tuple[BaseEvent, ...]  # the end-of-game chapter
    note: str = ""


@dataclass(frozen=True)
class Waiting:
    """A seat on a device of its own has decided, or has nothing to decide now: `deciding` are the seats
    still deciding (or still reading the results: `reading`); `take_back` is the kind of the seat's own
    decision it may still take back (None: none), until the step resolves; `note` says what else the
    seat waits for (the table being reached again, another device on the same link); `forecast`, when the
    seat has deployed, the forecast of its deployment as its board showed it when it confirmed (its own
    Kingdom after its reveal, on what it sees; None: not known)."""

    seat: int
    deciding: tuple[int, ...] = ()
    reading: tuple[int, ...] = ()
    take_back: Step | None = None
    note: str = ""
    away: tuple[int, ...] = ()  # the human seats waited for whose device is not connected now
    forecast: TurnForecast | None = None


Scene = Summary | Handoff | Decide | BotTurn | Final | Waiting

BACK = N_("Back at the table.")  # (news: the table is reached again; what said it was lost is gone)


@dataclass(frozen=True)
class Offers:
    """What a flow offers besides playing (the app asks this, never which kind of flow it is): saving
    under a name, the coach's hints, the review at the end, bots' turns to run here, a rematch at the
    end, take-backs."""

    save_as: bool = False
    hints: bool = False
    review: bool = False
    bots: bool = False
    rematch: bool = False
    take_back: bool = True
    new_game: bool = False  # another game may be started here (a joined seat's host starts it)
    seat: int | None = None  # the one seat this device plays (None: every seat at one keyboard)


class Asks(Protocol):
    """The engine's answers about one seat's decision that its screen asks for (forecasts, prices...):
    a screen holds a `SeatView` and this, never the game, and works no rule out itself. An answer not
    known yet is None (asked: `listen` tells when it comes; the screen says it waits meanwhile)."""

    player: int
    seats: list[str]  # the seat types at the table (bots are marked as such)

    def forecast(self, slots: list[int | None], keep: int | None = None) -> TurnForecast | None: ...

    def forecast_ready(self, slots: list[int | None], keep: int | None = None) -> bool:
        """Whether this plan's forecast is known now (else it is asked, and the flow tells when it
        comes: the screen asks again then, for its plan of that moment; one for an older plan is
        never shown)."""
        ...

    def suggested_unpaid(self, new: list[int]) -> list[int]: ...

    def construction_report(self) -> list[ConstructionPrice] | None: ...

    def age_change(self, slot: int, amount: int) -> AgeChange | None: ...

    def pending(self) -> Pending | None: ...

    def hidden_view(self) -> SeatView: ...

    def seat_view(self) -> SeatView:
        """The seat's view as the table is now (at a table of devices the others decide meanwhile)."""
        ...

    def listen(self, told: Callable[[], object]) -> None:
        """`told()` is called, from any thread, when an answer these asks wait for comes, or when the
        table moves on (`seat_view`): the screen reads again then (it posts itself `AnswersCame`)."""
        ...


class AnswersTold:
    """The half of an `Asks` both flows share: who waits for its answers (`listen`), told when they come
    (`tell`, called by the flow: at one keyboard when the Session has answered, at a hosted table from
    the connection's thread when an answer comes or the table moves on)."""

    def __init__(self) -> None:
        self._told: list[Callable[[], object]] = []

    def listen(self, told: Callable[[], object]) -> None:
        """`told()` is called, from any thread, when an answer comes or the table moves on."""
        self._told.append(told)

    def tell(self) -> None:
        for told in list(self._told):
            told()


class Flow(Protocol):
    """What comes next, for the app: the scene to draw, the views and answers the screens get, and what
    the players do (see the module doc)."""

    @property
    def scene(self) -> Scene: ...

    @property
    def offers(self) -> Offers: ...

    @property
    def seats(self) -> list[str]: ...

    @property
    def hints(self) -> list[int]: ...

    @property
    def seed_shown(self) -> bool: ...

    @property
    def decisions(self) -> int: ...

    @property
    def over(self) -> bool: ...

    def view(self, seat: int | None) -> SeatView: ...

    def asks(self, player: int) -> Asks: ...

    def name(self, player: int) -> str: ...

    def figures_at(self, as_of: int) -> tuple[dict[int, int], dict[int, int], int | None, bool]: ...

    def public_log(self, until: int | None = None,
                   later: Callable[[list[tuple[int, dict[str, Any]]], list[tuple[int, str]]], None] | None = None,
                   ) -> list[tuple[int, dict[str, Any]]] | None:
        """The events the table may see, up to `until` events of the log, each with its place in it;
        None when they have not come yet (a table elsewhere): then `later(events, take_back_notes)` is
        called, from any thread, once they come."""
        ...

    def take_back_notes(self) -> list[tuple[int, str]]: ...

    def submit(self, player: int, decision: Decision) -> Exception | None: ...

    def proceed(self) -> None: ...

    def take_back(self) -> bool: ...

    def listen(self, changed: Callable[[], None]) -> None: ...

    def answer(self) -> bool:
        """Answer the questions put to the `Asks` handed out (a plan's forecast not known yet); whether
        any was. (A joined seat's table answers by itself: the flow tells when, through `listen`.)"""
        ...

    def news(self) -> list[str]: ...

    def close(self) -> None: ...

    def hint_job(self, player: int) -> CoachJob | None: ...

    def hint_given(self, hint: Any, ordinal: int) -> None: ...

    def review_job(self, seats: list[int]) -> CoachJob: ...

    def rematch(self) -> Game | None: ...

    def refusals(self) -> list[Exception]: ...


class CoachJob(Protocol):
    """The coach's work a screen asked for, as a flow hands it out: `run` in a worker thread (never the
    app's), reporting progress (`progress(done, total)`; a total of None: how far it is is not known, the
    table's host works it out and does not say: the screen says it waits for the table), stopping when
    `cancelled()`; `ordinal`: the decision a hint is for."""

    @property
    def ordinal(self) -> int: ...

    def run(self, progress: Callable[[int, int | None], None], cancelled: Callable[[], bool]) -> Any: ...

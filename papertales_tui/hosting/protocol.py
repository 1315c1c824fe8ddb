"""The messages between a hosted table (`papertales host`) and its seats: docs/protocol.md.

Every message is one websocket text frame holding a JSON object with the protocol version `v` and its
`type`. Each side validates what it receives with Pydantic, through the models below: the game's own
values travel as the rules' dataclasses (`SeatView`, `Pending` and its options, the decisions, the
typed events, the Construction report, a forecast), read and written by Pydantic `TypeAdapter`s over
those dataclasses, never by hand-written JSON. A decision or options value carries its `kind` (`step`),
an event its `type`, as their JSON forms elsewhere do (saves, logs).

Both directions are bounded (`MAX_TO_SERVER`, `MAX_TO_SEAT` bytes a message). What a seat sends is
read strictly (no "3" for 3, no unknown field); what the server sends is read leniently about fields
it does not know, so that a newer server may add fields (docs/protocol.md, "Versions").

`to_seat(text, catalog)` and `to_server(text)` read a message (ValueError, saying what is wrong, for
anything else); `encode(message)` writes one. A view read back holds the seat's own card catalog
(`SeatView.catalog`: the printed cards, the same at both ends, which never travel).
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    PlainSerializer,
    PlainValidator,
    Tag,
    TypeAdapter,
    ValidationError,
    ValidationInfo,
    WrapSerializer,
    model_validator,
)
from pydantic.json_schema import SkipJsonSchema

from ..rules import (
    AgeTarget,
    AgeTargetOptions,
    Build,
    Catalog,
    ConstructionOptions,
    ConstructionPrice,
    Decision,
    Deploy,
    DeployOptions,
    Heal,
    HealOptions,
    Options,
    Pass,
    Pending,
    Pick,
    PickOptions,
    SeatView,
    Upgrade,
)
from ..rules import events as ev
from ..rules.forecast import AgeChange, TurnForecast

VERSION: Literal[1] = 1  # the protocol's version: a message of another version is refused
MAX_TO_SERVER = 16 * 1024  # bytes of one message from a seat (a decision is a few hundred)
MAX_TO_SEAT = 1024 * 1024  # bytes of one message to a seat (a 7-player state is at most ~7 KB)
MAX_LOG_PAGE = 200  # events in one answer to a "log" question
MAX_SEQ = 2**53  # sequence numbers and question ids stay exact in every JSON reader

Seq = Annotated[int, Field(ge=0, le=MAX_SEQ)]
SeatNo = Annotated[int, Field(ge=0, le=6)]
Spot = Annotated[int, Field(ge=0, le=4)]
CardNo = Annotated[int, Field(ge=0, le=10_000)]


# ---- the rules' values on the wire --------------------------------------------------------------
def _tag(attribute: str) -> Any:
    def read(value: Any) -> Any:
        if isinstance(value, dict):
            return value.get(attribute)
        return getattr(value, attribute.upper() if attribute == "type" else attribute, None)
    return read


def _with(attribute: str) -> Any:
    def write(value: Any, handler: Any) -> Any:
        return {attribute: str(getattr(value, attribute)), **handler(value)}
    return write


DECISION_TYPES = (Pick, Deploy, AgeTarget, Build, Upgrade, Pass, Heal)
OPTION_TYPES = (PickOptions, DeployOptions, AgeTargetOptions, ConstructionOptions, HealOptions)
MODE_OPTIONS = "mode_options"  # the field naming a mode's own options class (a subclass of a step's: solo's Pick)


def _mode_option_types() -> tuple[type, ...]:
    """The modes' own options classes (each a subclass of a step's options class), every mode loaded."""
    from ..rules import MODES

    assert MODES  # (the modes' modules imported: their classes are known)
    found = {sub.__name__: sub for base in OPTION_TYPES for sub in base.__subclasses__()
             if "__slots__" in vars(sub) or not hasattr(base, "__slots__")}  # (a slots dataclass: the class made)
    return tuple(found.values())


def _options_tag(value: Any) -> Any:
    """A step's options told apart by their step, or a mode's own by its class's name."""
    if isinstance(value, dict):
        return value.get(MODE_OPTIONS) or value.get("step")
    return str(value.step) if type(value) in OPTION_TYPES else type(value).__name__


def _options_written(value: Any, handler: Any) -> Any:
    mode_own = {} if type(value) in OPTION_TYPES else {MODE_OPTIONS: type(value).__name__}
    return {"step": str(value.step), **mode_own, **handler(value)}


def _options_member(cls: type, tag: str) -> Any:
    def untagged(value: Any) -> Any:
        if not isinstance(value, dict):
            return value
        return {k: tuple(v) if isinstance(v, list) else v for k, v in value.items() if k not in ("step", MODE_OPTIONS)}
    return Annotated[cls, BeforeValidator(untagged), Tag(tag)]


def _member(cls: type, tag: str, attribute: str) -> Any:
    """One member of a tagged union: the dataclass, read from its JSON form without its tag (its
    arrays as tuples: a seat's message is read strictly, and this reads it as Python values)."""
    def untagged(value: Any) -> Any:
        if not isinstance(value, dict):
            return value
        return {k: tuple(v) if isinstance(v, list) else v for k, v in value.items() if k != attribute}
    return Annotated[cls, BeforeValidator(untagged), Tag(tag)]


def _union(members: tuple[Any, ...], attribute: str, write: Any) -> Any:
    """A union of the rules' dataclasses told apart by `attribute` (`kind`, `step`, `type`)."""
    return Annotated[Union[members], Discriminator(_tag(attribute)), write]  # noqa: UP007


if TYPE_CHECKING:  # (the type checker sees the rules' own unions)
    DecisionW = Decision
    OptionsW = Options
    EventW = ev.BaseEvent
else:
    # A decision: the dataclass of its `kind` (its JSON form, as saves write it)
    DecisionW = _union(tuple(_member(c, c.kind, "kind") for c in DECISION_TYPES), "kind", WrapSerializer(_with("kind")))
    # A step's options: the dataclass of its `step`
    # (a mode's own options, a subclass of a step's, by its class's name: `options`)
    OptionsW = Annotated[Union[(*(_options_member(c, str(c.step)) for c in OPTION_TYPES),  # noqa: UP007
                                *(_options_member(c, c.__name__) for c in _mode_option_types()))],
                         Discriminator(_options_tag), WrapSerializer(_options_written)]
    # An event: the dataclass of its `type` (its JSON form, as the log holds it)
    EventW = _union(tuple(_member(c, t, "type") for t, c in ev.TYPES.items()), "type",
                    PlainSerializer(lambda e: e.to_dict()))


def _catalog(value: Any, info: ValidationInfo) -> Catalog:
    """A view's catalog never travels (null on the wire): the reader's own, given as context."""
    if value is not None:
        raise ValueError("the card catalog does not travel")
    context = info.context
    catalog = context.get("catalog") if isinstance(context, dict) else None
    if catalog is None:
        raise ValueError("a view is read with the reader's card catalog")
    return catalog  # type: ignore[no-any-return]


def _read_pending(value: Any, info: ValidationInfo) -> Pending:
    if isinstance(value, Pending):
        return value
    if not isinstance(value, dict) or set(value) != {"player", "kind", "options"}:
        raise ValueError("a decision asked is {player, kind, options}")
    options = _OPTIONS.validate_python(value["options"])
    if str(options.step) != value["kind"] or type(value["player"]) is not int:
        raise ValueError("a decision asked of another kind than its options'")
    return Pending(value["player"], options.step, options)


def _write_pending(value: Pending) -> Any:
    return {"player": value.player, "kind": str(value.kind),
            "options": _OPTIONS.dump_python(value.options, mode="json")}


CatalogW = Annotated[Any, PlainValidator(_catalog), PlainSerializer(lambda _c: None), SkipJsonSchema()]
# The names the rules' dataclasses are annotated with, as they travel (their modules import some of
# these only for the type checker, and the union types above replace the plain ones)
# A decision asked: its options by their step, or a mode's own options by their class (`options`)
PendingW = Annotated[Pending, PlainValidator(_read_pending), PlainSerializer(_write_pending), SkipJsonSchema()]
NAMESPACE: dict[str, Any] = {"Catalog": CatalogW, "Decision": DecisionW, "Options": OptionsW, "Pending": PendingW,
                             "UnitType": Any, "Params": dict[str, Any]}


# ---- server -> seat ------------------------------------------------------------------------------
class _ToSeat(BaseModel):
    """A message to a seat: fields a reader does not know are ignored (a newer server's additions)."""

    model_config = ConfigDict(extra="ignore", frozen=True, arbitrary_types_allowed=True)
    v: Literal[1] = VERSION


class Welcome(_ToSeat):
    """The first message on a connection: who this seat is and who sits at the table."""

    type: Literal["welcome"] = "welcome"
    seat: SeatNo
    names: tuple[str, ...]
    seats: tuple[str, ...]  # each seat's type: "human" or "bot:<level>" (tui/seats.py)
    read_timeout: float | None  # seconds the table waits for every seat to read the results pages
    max_message: int = MAX_TO_SERVER  # bytes the server reads in one message


def typed_mode_view(view: SeatView) -> SeatView:
    """A view read back with its mode's own side typed (`SeatView.mode_view`: it travels as its fields;
    the type is the one the view's mode declares for it, `Mode.seat_view_extra`'s)."""
    import dataclasses
    import inspect
    import sys

    from ..rules import MODES

    extra = view.mode_view
    mode = MODES.get(view.mode)
    if not isinstance(extra, dict) or mode is None:
        return view
    method = mode.seat_view_extra  # type: ignore[attr-defined]
    hint = inspect.signature(method).return_annotation
    kind = vars(sys.modules[method.__module__]).get(hint) if isinstance(hint, str) else hint
    if not isinstance(kind, type) or not dataclasses.is_dataclass(kind):
        return view
    adapter = _MODE_VIEWS.get(kind)
    if adapter is None:
        adapter = _MODE_VIEWS[kind] = TypeAdapter(kind)
        adapter.rebuild(_types_namespace=NAMESPACE)
    return dataclasses.replace(view, mode_view=adapter.validate_python(extra))


_MODE_VIEWS: dict[Any, TypeAdapter[Any]] = {}


class State(_ToSeat):
    """The seat's situation, sent whenever it changes: its view, what it is asked (None: nothing now,
    or the others are still reading the results pages), who is still deciding and reading."""

    type: Literal["state"] = "state"
    view: SeatView
    asked: PendingW | None  # the decision this seat must make now, with its options
    prior: DecisionW | None = None  # the decision it took back, to start from
    deciding: tuple[SeatNo, ...]  # who must still decide in this step (view.deciding, the bots included)
    reading: tuple[SeatNo, ...]  # who has not read the results pages yet (the game waits for them)
    take_back: bool  # this seat may take back the decision it made in this step
    next_seq: Seq  # the sequence number of this seat's next "decide" or "take_back"
    pages: int  # results pages made so far (ids 0 to pages - 1)
    read: int  # how many of them this seat has read
    online: tuple[SeatNo, ...] = ()  # the human seats with a client connected
    hints: Annotated[int, Field(ge=0, le=100_000)] = 0  # the coach's hints this seat has asked in this game

    @model_validator(mode="after")
    def _typed(self) -> State:
        typed = typed_mode_view(self.view)
        return self if typed is self.view else self.model_copy(update={"view": typed})


class Figures(BaseModel):
    """Each player's LP and Gold at the end of a page, and the Lich King's (solo only)."""

    model_config = ConfigDict(extra="ignore", frozen=True)
    lp: tuple[int, ...]
    gold: tuple[int, ...]
    lich: int | None = None
    changed: bool  # Units or Buildings changed since (the page's Kingdoms are as they were then)


class Page(_ToSeat):
    """A results page (tui/session.py `Summary` or `Final`): public events of one chapter."""

    type: Literal["page"] = "page"
    id: Seq
    kind: Literal["summary", "final"]
    chapter: str  # "reveal", "income", "construction", "aging", "end" (text/chapters.py)
    turn: int
    as_of: int  # the log's length at the page's end
    events: tuple[EventW, ...]
    figures: Figures


class Answer(_ToSeat):
    """The answer to a seat's question `id` (its `ask`): `result` as the question's kind says."""

    type: Literal["answer"] = "answer"
    id: Seq
    ask: str
    result: Any  # read with `answer_result(ask, result, catalog)`


class LoggedEvent(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)
    index: int
    event: EventW


class LogPage(BaseModel):
    """Events of the log this seat may see (the public ones and its own), from `start`."""

    model_config = ConfigDict(extra="ignore", frozen=True)
    events: tuple[LoggedEvent, ...]
    size: int  # the log's length now
    take_backs: tuple[tuple[int, SeatNo, str], ...] = ()  # (log length then, seat, step) of each take-back


REASONS = ("bad_message", "version", "replay", "out_of_order", "not_your_seat", "not_asked", "illegal",
           "malformed", "wrong_kind", "unaffordable", "no_take_back", "too_many_take_backs", "bad_question",
           "bad_page", "cancelled", "not_over")


class Refused(_ToSeat):
    """A message refused, nothing changed: why (`reason`, one of REASONS; `message`, in English), and
    the data a screen needs (docs/protocol.md: `cost` and `gold` of `unaffordable`, `expected` kinds of
    `wrong_kind`, `next_seq` of `replay` and `out_of_order`)."""

    type: Literal["refused"] = "refused"
    reason: str
    message: str
    about: str  # the refused message's type ("" when it could not be read)
    seq: int | None = None
    id: int | None = None
    cost: int | None = None
    gold: int | None = None
    expected: tuple[str, ...] | None = None
    next_seq: int | None = None


PROGRESS = "progress"  # the notice of how far a seat's coach job is
MAX_PROGRESS = 100_000  # the largest count a progress notice holds (a hint's samples, a review's decisions)
MAX_PROGRESS_NOTICE = 256  # bytes of one progress notice (one is about 90)
PROGRESS_EVERY = 0.25  # seconds at least between two progress notices of one coach job (4 a second at most)
Count = Annotated[int, Field(ge=0, le=MAX_PROGRESS, strict=True)]


class Notice(_ToSeat):
    """Something the seat is told: `taken_over` (another client opened this seat's link: this one is
    closed), `took_back` (`seat` took back their decision of `step`), `closing` (the host stops; the
    table is saved), `rematch` (a new game at the same table: its pages start from id 0 again; a
    `welcome` and a `state` follow), `progress` (how far the coach's job for this seat's question `id`
    is: `done` of `total` samples of a `hint`, decisions of a `review`, as `ask` says; sent to the asking
    seat only, one every `PROGRESS_EVERY` seconds at most: docs/protocol.md). A notice is how a newer
    server tells a seat something new: a client ignores a `what` it does not know."""

    type: Literal["notice"] = "notice"
    what: Annotated[str, Field(max_length=32)]
    seat: SeatNo | None = None
    step: str | None = None
    id: Annotated[int, Field(ge=0, le=MAX_SEQ, strict=True)] | None = None  # (progress) the question's id
    ask: Literal["hint", "review"] | None = None  # (progress) the question's kind
    done: Count | None = None  # (progress) samples or decisions done
    total: Count | None = None  # (progress) of how many (a hint's: as the pace so far lets it foresee)

    @model_validator(mode="after")
    def _progress(self) -> Notice:
        if self.what != PROGRESS:
            return self
        if self.id is None or self.ask is None or self.done is None or self.total is None:
            raise ValueError("a progress notice has its question's id and ask, done and total")
        if self.total < 1 or self.done > self.total:
            raise ValueError("a progress notice's done is at most its total, which is at least 1")
        return self


def progress_notice(ident: int, ask: Literal["hint", "review"], done: int, total: int) -> Notice:
    """How far the coach's job for question `ident` is (the counts clamped to what a notice holds)."""
    total = min(max(total, 1), MAX_PROGRESS)
    return Notice(what=PROGRESS, id=ident, ask=ask, done=min(max(done, 0), total), total=total)


class BadProgress(ValueError):
    """A progress notice refused (malformed, or longer than `MAX_PROGRESS_NOTICE`): a client drops it and
    goes on (it only said how far the coach was)."""


ToSeat = Annotated[Welcome | State | Page | Answer | Refused | Notice, Field(discriminator="type")]


# ---- seat -> server ------------------------------------------------------------------------------
class _ToServer(BaseModel):
    """A message from a seat: read strictly (exact types, no unknown field)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    v: Literal[1]


class Decide(_ToServer):
    """This seat's decision (its `seq`: `State.next_seq`; each number is used once)."""

    type: Literal["decide"]
    seq: Seq
    decision: DecisionW
    seat: SeatNo | None = None  # if given, the seat of the connection (else refused: `not_your_seat`)


class TakeBack(_ToServer):
    """Take back the decision this seat made in this step (before the step resolves)."""

    type: Literal["take_back"]
    seq: Seq
    seat: SeatNo | None = None


class Rematch(_ToServer):
    """The game is over: play again at the same table (same seats and links, a new seed)."""

    type: Literal["rematch"]


class Read(_ToServer):
    """This seat has read the results pages up to `page` (its id), included."""

    type: Literal["read"]
    page: Seq


class Forecast(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    kind: Literal["forecast"]
    slots: tuple[CardNo | None, CardNo | None, CardNo | None, CardNo | None, CardNo | None]
    keep: CardNo | None = None


class Report(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    kind: Literal["construction_report"]


class WouldDie(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    kind: Literal["would_die"]
    slot: Spot
    extra_age: Annotated[int, Field(ge=0, le=10)] = 0


class AgeChangeAsk(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    kind: Literal["age_change"]
    slot: Spot
    amount: Annotated[int, Field(ge=0, le=10)]


class SuggestedUnpaid(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    kind: Literal["suggested_unpaid"]
    new: Annotated[tuple[CardNo, ...], Field(max_length=5)]


class LogAsk(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    kind: Literal["log"]
    start: Seq = 0
    count: Annotated[int, Field(ge=1, le=MAX_LOG_PAGE)] = MAX_LOG_PAGE


class HintAsk(BaseModel):
    """The coach's hint for this seat's decision now, worked out on the host from the seat's own view
    (one coach job a seat: a new `hint` or `review` cancels the one under way, answered `cancelled`)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    kind: Literal["hint"]


class ReviewAsk(BaseModel):
    """The coach's review of this seat's decisions, once the game is over."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    kind: Literal["review"]


class CancelAsk(BaseModel):
    """Stop this seat's coach job (its question is answered `cancelled`); the result: whether one ran."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)
    kind: Literal["cancel"]


Question = Annotated[Forecast | Report | WouldDie | AgeChangeAsk | SuggestedUnpaid | LogAsk | HintAsk | ReviewAsk
                     | CancelAsk, Field(discriminator="kind")]

COACH_QUESTIONS = ("hint", "review")
MAX_SCORES = 2000  # samples' scores of one option in a hint or an assessment


# ---- the coach's answers on the wire ------------------------------------------------------------
class _Wire(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class OutcomeW(_Wire):
    decision: DecisionW
    scores: Annotated[tuple[float, ...], Field(max_length=MAX_SCORES)] = ()
    lp: float = 0.0
    gold: float = 0.0
    wars: float = 0.0
    beaten: dict[int, int] = {}


class HintW(_Wire):
    """A `coach.Hint` as it travels (`ordinal`: the seat's decision it is for, counted from 0)."""

    player: SeatNo
    kind: str
    choice: DecisionW
    outcomes: Annotated[tuple[OutcomeW, ...], Field(max_length=200)]
    samples: int
    ordinal: int = 0


class AssessmentW(_Wire):
    index: int
    player: SeatNo
    turn: int
    kind: str
    decision: DecisionW
    choice: DecisionW
    cost: float
    error: float
    samples: int
    playouts: int
    on_hint: bool = False
    before: tuple[int | None, ...] = ()
    better: tuple[float, float, float] | None = None


class ReviewW(_Wire):
    """A `coach.Review` as it travels."""

    assessments: Annotated[tuple[AssessmentW, ...], Field(max_length=2000)]
    players: tuple[str, ...]
    seats: tuple[SeatNo, ...]
    deciding_turn: dict[str, Any] | None = None


def hint_wire(hint: Any, ordinal: int) -> HintW:
    """A `coach.Hint` as it travels."""
    return HintW(player=hint.player, kind=str(hint.kind), choice=hint.choice, samples=hint.samples, ordinal=ordinal,
                 outcomes=tuple(OutcomeW(decision=o.decision, scores=tuple(o.scores[:MAX_SCORES]), lp=o.lp,
                                         gold=o.gold, wars=o.wars, beaten=dict(o.beaten)) for o in hint.outcomes))


def hint_of(wire: HintW) -> Any:
    """The `coach.Hint` a `HintW` holds."""
    from ..rules import Step
    from ..rules.coach import Hint, Outcome

    return Hint(wire.player, Step(wire.kind), wire.choice,
                [Outcome(o.decision, list(o.scores), o.lp, o.gold, o.wars, dict(o.beaten)) for o in wire.outcomes],
                wire.samples)


def review_wire(review: Any) -> ReviewW:
    """A `coach.Review` as it travels."""
    return ReviewW(players=tuple(review.players), seats=tuple(review.seats),
                   deciding_turn=dict(review.deciding_turn) if review.deciding_turn is not None else None,
                   assessments=tuple(AssessmentW(
                       index=a.index, player=a.player, turn=a.turn, kind=str(a.kind), decision=a.decision,
                       choice=a.choice, cost=a.cost, error=a.error, samples=a.samples, playouts=a.playouts,
                       on_hint=a.on_hint, before=tuple(a.before), better=a.better) for a in review.assessments))


def review_of(wire: ReviewW) -> Any:
    """The `coach.Review` a `ReviewW` holds."""
    from ..rules import Step
    from ..rules.coach import Assessment, Review

    return Review([Assessment(a.index, a.player, a.turn, Step(a.kind), a.decision, a.choice, a.cost, a.error,
                              a.samples, a.playouts, a.on_hint, tuple(a.before), a.better) for a in wire.assessments],
                  list(wire.players), list(wire.seats), wire.deciding_turn)  # type: ignore[arg-type]


class Ask(_ToServer):
    """A question of the deciding screen (tui/session.py `Asks`), answered from the game with numbers
    and views only; `id` comes back in the `Answer`."""

    type: Literal["ask"]
    id: Seq
    query: Question


ToServer = Annotated[Decide | TakeBack | Read | Ask | Rematch, Field(discriminator="type")]

# What each question's answer holds
RESULTS: dict[str, Any] = {
    "forecast": TurnForecast | None,  # None: a plan the engine would refuse
    "construction_report": tuple[ConstructionPrice, ...],
    "would_die": bool,
    "age_change": AgeChange,
    "suggested_unpaid": tuple[int, ...],
    "log": LogPage,
    "hint": HintW | None,  # None: the seat has nothing to decide now
    "review": ReviewW,
    "cancel": bool,
}

for _model in (State, Page, Answer, LoggedEvent, LogPage, Decide, Ask, OutcomeW, HintW, AssessmentW, ReviewW):
    _model.model_rebuild(_types_namespace=NAMESPACE)
_TO_SEAT: TypeAdapter[Welcome | State | Page | Answer | Refused | Notice] = TypeAdapter(ToSeat)
_TO_SERVER: TypeAdapter[Decide | TakeBack | Read | Ask | Rematch] = TypeAdapter(ToServer)
_RESULTS = {kind: TypeAdapter(t) for kind, t in RESULTS.items()}
_OPTIONS: TypeAdapter[Any] = TypeAdapter(OptionsW)
_ADAPTERS: list[TypeAdapter[Any]] = [_OPTIONS, _TO_SEAT, _TO_SERVER, *_RESULTS.values()]
for _adapter in _ADAPTERS:
    _adapter.rebuild(_types_namespace=NAMESPACE)


def encode(message: BaseModel) -> str:
    """A message as its websocket frame (JSON text)."""
    return message.model_dump_json()


def result(ask: str, value: Any) -> Any:
    """An answer's result as JSON-ready data."""
    return _RESULTS[ask].dump_python(value, mode="json")


def answer_result(ask: str, value: Any, catalog: Catalog) -> Any:
    """An answer's result read back (a `TurnForecast`, a tuple of `ConstructionPrice`...)."""
    try:
        found = _RESULTS[ask].validate_python(value, context={"catalog": catalog})
        if isinstance(found, TurnForecast):
            found = replace(found, after=typed_mode_view(found.after))
        return found
    except (KeyError, ValidationError) as err:
        raise ValueError(f"not an answer to {ask!r}: {_why(err)}") from None


def to_server(text: str | bytes) -> Decide | TakeBack | Read | Ask | Rematch:
    """A seat's message, checked (ValueError, saying what is wrong)."""
    if len(text) > MAX_TO_SERVER:
        raise ValueError(f"a message of more than {MAX_TO_SERVER} bytes")
    try:
        return _TO_SERVER.validate_json(text)
    except ValidationError as err:
        raise ValueError(_why(err)) from None


def to_seat(text: str | bytes, catalog: Catalog) -> Welcome | State | Page | Answer | Refused | Notice:
    """A message from the server, checked (ValueError, saying what is wrong); a view in it holds `catalog`."""
    if len(text) > MAX_TO_SEAT:
        raise ValueError(f"a message of more than {MAX_TO_SEAT} bytes")
    try:
        message = _TO_SEAT.validate_json(text, context={"catalog": catalog})
    except ValidationError as err:
        if _is_progress(text):
            raise BadProgress(f"a progress notice refused: {_why(err)}") from None
        raise ValueError(_why(err)) from None
    if isinstance(message, Notice) and message.what == PROGRESS and len(text) > MAX_PROGRESS_NOTICE:
        raise BadProgress(f"a progress notice of more than {MAX_PROGRESS_NOTICE} bytes")
    return message


def _is_progress(text: str | bytes) -> bool:
    """Whether a message that could not be read is a progress notice (a client drops such a one)."""
    try:
        found = json.loads(text)
    except ValueError:
        return False
    return isinstance(found, dict) and found.get("type") == "notice" and found.get("what") == PROGRESS


def _why(err: Exception) -> str:
    if isinstance(err, ValidationError):
        first = err.errors()[0]
        where = ".".join(str(x) for x in first["loc"]) or "message"
        return f"{where}: {first['msg']}"
    return str(err)


__all__ = ["COACH_QUESTIONS", "MAX_PROGRESS", "MAX_PROGRESS_NOTICE", "PROGRESS", "PROGRESS_EVERY", "Answer", "Ask",
           "BadProgress", "HintW", "Rematch", "ReviewW", "Decide", "hint_of", "hint_wire",
           "review_of", "review_wire", "Figures", "LogPage", "MAX_LOG_PAGE", "MAX_TO_SEAT", "MAX_TO_SERVER",
           "Notice", "Page", "REASONS", "RESULTS", "Read", "Refused", "State", "TakeBack", "VERSION", "Welcome",
           "answer_result", "encode", "progress_notice", "result", "to_seat", "to_server"]

"""The game's events: one frozen dataclass per type, the phase stamped on each when it is made.

The engine logs every event through `Game.emit(type_, **fields)`, which checks them against the
event's dataclass (an unknown type or a wrong number of fields is a TypeError there) and keeps its
JSON form in `state.log`; the events logged every turn are written in their hot paths as the same
dict literal, ``{"type": ..., "phase": ..., **fields}``. tests/test_events.py checks the field names
at every `emit` call and literal of the package. The log is saved, replayed and shown to bots as
plain JSON. Read it back with `from_dict` / `parse`. docs/events.md describes every type (a test
checks that it matches).

Common fields: `phase` (the phase of the turn the event happened in: recruitment, deployment, wars,
income, construction, aging, end), `private_to` (the only seat that may see it; None for public
events; `visible` filters on it). Card numbers index `state.cards`; a `cause` is a card key
(`"time_master"`), a Building key (`"town"`), a Necropolis or Lich King card key, or a step of the
turn (`"wars"`, `"income"`, `"deployment"`, `"construction"`, `"shapeshift"`): never display text.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import MISSING, dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar

from .state import Phase

if TYPE_CHECKING:
    from .cards import Params

PHASES = tuple(p.value for p in Phase)  # state.Phase: the phases of a turn, then "end"
STEP_CAUSES = ("wars", "income", "deployment", "construction", "shapeshift")


@dataclass(frozen=True, slots=True, kw_only=True)
class BaseEvent:
    TYPE: ClassVar[str] = ""
    NAMES: ClassVar[tuple[str, ...]] = ()  # field names, filled in by `_register`

    phase: str
    private_to: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: `type` and every field, optional fields left out when None."""
        out: dict[str, Any] = {"type": self.TYPE}
        for name in self.NAMES:
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        return out


# --- game and turn ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class GameStarted(BaseEvent):
    TYPE = "game_started"
    players: list[str]
    seed: int
    mode: str | None = None  # "solo" in a solo game


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnStarted(BaseEvent):
    TYPE = "turn_started"
    turn: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DeckReshuffled(BaseEvent):
    TYPE = "deck_reshuffled"
    cards: int


@dataclass(frozen=True, slots=True, kw_only=True)
class GameOver(BaseEvent):
    TYPE = "game_over"
    scores: list[int]
    gold: list[int]
    winners: list[int]


# --- 1. Recruitment -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class CardsDealt(BaseEvent):
    TYPE = "cards_dealt"
    player: int
    cards: list[int]


@dataclass(frozen=True, slots=True, kw_only=True)
class CardPicked(BaseEvent):
    TYPE = "card_picked"
    player: int
    card: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CardDiscarded(BaseEvent):
    TYPE = "card_discarded"
    player: int
    card: int
    reason: str  # draft | not_deployed | shapeshift


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsPassed(BaseEvent):
    TYPE = "cards_passed"
    direction: str  # left | right


@dataclass(frozen=True, slots=True, kw_only=True)
class KeptCardReturned(BaseEvent):
    TYPE = "kept_card_returned"
    player: int
    card: int


# --- 2. Deployment ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class UnitUnpaid(BaseEvent):
    TYPE = "unit_unpaid"
    player: int
    card: int


@dataclass(frozen=True, slots=True, kw_only=True)
class UnitDiscarded(BaseEvent):
    TYPE = "unit_discarded"
    player: int
    card: int
    reason: str  # make_room


@dataclass(frozen=True, slots=True, kw_only=True)
class CardKept(BaseEvent):
    TYPE = "card_kept"
    player: int
    card: int


@dataclass(frozen=True, slots=True, kw_only=True)
class UnitsRevealed(BaseEvent):
    TYPE = "units_revealed"
    player: int
    units: list[list[int]]  # [slot, card] of each newly revealed Unit


@dataclass(frozen=True, slots=True, kw_only=True)
class UnitReplaced(BaseEvent):
    TYPE = "unit_replaced"
    player: int
    slot: int
    old: int
    new: int
    cause: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ShapeshiftFailed(BaseEvent):
    TYPE = "shapeshift_failed"
    player: int
    slot: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AgeAdded(BaseEvent):
    TYPE = "age_added"
    player: int
    slot: int
    card: int
    amount: int
    cause: str
    total: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BuildingUpgraded(BaseEvent):
    TYPE = "building_upgraded"
    player: int
    building: str
    cause: str  # "construction", or the card that upgraded it for free (Golem)
    gold: int | None = None  # Construction only: the price paid
    total: int | None = None  # Construction only: Gold left


# --- 3. Wars, 4. Income, and LP or Gold at any time ---------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class WarStrength(BaseEvent):
    TYPE = "war_strength"
    player: int
    strength: int
    # each fighting Unit as {card: key, spot: 0-4, strength}, each Building modifier as
    # {building: key, level, strength} (`narrator.strength_part` names them)
    parts: list[dict[str, Any]]
    units: list[list[Any]] | None = None  # [spot, card, Age tokens, strength, fights] of each Unit in play
    buildings: list[list[Any]] | None = None  # [key, level, strength it adds] of each Building


@dataclass(frozen=True, slots=True, kw_only=True)
class War(BaseEvent):
    TYPE = "war"
    players: list[int]
    strengths: list[int]
    winners: list[int] | None = None  # 3+ players: who won this War
    wars_won: list[int] | None = None  # 2 players: Wars won per seat (0, 1 or 2)


@dataclass(frozen=True, slots=True, kw_only=True)
class LpChanged(BaseEvent):
    TYPE = "lp"
    player: int
    amount: int
    cause: str
    total: int


@dataclass(frozen=True, slots=True, kw_only=True)
class GoldChanged(BaseEvent):
    TYPE = "gold"
    player: int
    amount: int
    cause: str
    total: int


# --- 5. Construction ----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class ConstructionPassed(BaseEvent):
    TYPE = "construction_passed"
    player: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BuildingBuilt(BaseEvent):
    TYPE = "building_built"
    player: int
    building: str
    level: int
    gold: int
    total: int


# --- 6. Aging -----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class UnitSaved(BaseEvent):
    TYPE = "unit_saved"
    player: int
    slot: int
    card: int


@dataclass(frozen=True, slots=True, kw_only=True)
class UnitDied(BaseEvent):
    TYPE = "unit_died"
    player: int
    slot: int
    card: int
    age: int


@dataclass(frozen=True, slots=True, kw_only=True)
class UnitsAged(BaseEvent):
    TYPE = "units_aged"
    player: int
    slots: list[int]


# --- solo games (the Lich King) -----------------------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class SoloStarted(BaseEvent):
    TYPE = "solo_started"
    difficulty: int
    lich_cards: list[str]


@dataclass(frozen=True, slots=True, kw_only=True)
class NecropolisRevealed(BaseEvent):
    TYPE = "necropolis_revealed"
    position: int  # 0-3: turns 1-4, 4: END
    card: str
    pile: int | str
    gain: int
    black: int
    purple: int


@dataclass(frozen=True, slots=True, kw_only=True)
class UnderworldShuffled(BaseEvent):
    TYPE = "underworld_shuffled"
    cards: int


@dataclass(frozen=True, slots=True, kw_only=True)
class UnderworldDrawn(BaseEvent):
    TYPE = "underworld_drawn"
    player: int
    cards: list[int]


@dataclass(frozen=True, slots=True, kw_only=True)
class UnderworldAdded(BaseEvent):
    TYPE = "underworld_added"
    player: int
    cards: list[int]
    total: int


@dataclass(frozen=True, slots=True, kw_only=True)
class UnderworldBottom(BaseEvent):
    TYPE = "underworld_bottom"
    player: int
    cards: list[int]


@dataclass(frozen=True, slots=True, kw_only=True)
class LichQuest(BaseEvent):
    TYPE = "lich_quest"
    source: str  # Necropolis or Lich King card key
    condition: str
    params: Params
    lp_each: int
    matches: list[int]


@dataclass(frozen=True, slots=True, kw_only=True)
class LichLp(BaseEvent):
    TYPE = "lich_lp"
    amount: int
    cause: str  # immediate | quest | wars | end | lich_card
    source: str  # Necropolis or Lich King card key, or "wars"
    total: int
    matches: int | None = None  # quest: matching Underworld cards
    wars: int | None = None  # wars, lich_card: Wars the Lich King won that count
    units: int | None = None  # lich_card: Units that died this turn
    buildings: int | None = None  # lich_card: Buildings the player does not have


@dataclass(frozen=True, slots=True, kw_only=True)
class UnderworldDiscarded(BaseEvent):
    TYPE = "underworld_discarded"
    cards: list[int]


@dataclass(frozen=True, slots=True, kw_only=True)
class SoloWar(BaseEvent):
    TYPE = "solo_war"
    army: str  # black | purple
    strength: int
    army_strength: int
    player_won: bool
    lich_won: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class TimeMoved(BaseEvent):
    TYPE = "time_moved"
    position: int
    turn: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SoloOver(BaseEvent):
    TYPE = "solo_over"
    player_lp: int
    lich_lp: int
    winner: str  # player | lich_king


Event = (GameStarted | TurnStarted | DeckReshuffled | GameOver | CardsDealt | CardPicked | CardDiscarded
         | CardsPassed | KeptCardReturned | UnitUnpaid | UnitDiscarded | CardKept | UnitsRevealed | UnitReplaced
         | ShapeshiftFailed | AgeAdded | BuildingUpgraded | WarStrength | War | LpChanged | GoldChanged
         | ConstructionPassed | BuildingBuilt | UnitSaved | UnitDied | UnitsAged | SoloStarted | NecropolisRevealed
         | UnderworldShuffled | UnderworldDrawn | UnderworldAdded | UnderworldBottom | LichQuest | LichLp
         | UnderworldDiscarded | SoloWar | TimeMoved | SoloOver)

TYPES: dict[str, type[BaseEvent]] = {}
# type -> (field names in order, the names that must be given, every name that may be given)
_SPECS: dict[str, tuple[tuple[str, ...], frozenset[str], frozenset[str]]] = {}


def _register(*classes: type[BaseEvent]) -> None:
    for cls in classes:
        cls.NAMES = tuple(f.name for f in fields(cls))
        TYPES[cls.TYPE] = cls
        required = frozenset(f.name for f in fields(cls) if f.default is MISSING) - {"phase"}
        _SPECS[cls.TYPE] = cls.NAMES, required, frozenset(cls.NAMES) - {"phase"}


_register(*Event.__args__)


def make(type_: str, phase: str, **values: Any) -> BaseEvent:
    """The event of this type (TypeError on an unknown type or a wrong field)."""
    cls = TYPES.get(type_)
    if cls is None:
        raise TypeError(f"unknown event type {type_!r}")
    return cls(phase=phase, **values)


def record(type_: str, phase: str, values: dict[str, Any]) -> dict[str, Any]:
    """`make(type_, phase, **values).to_dict()` (but for the order of keys), checked the same way
    (TypeError on an unknown type or a wrong field) without building the event, as the engine logs
    hundreds of events a game. Optional fields are given only when they have a value."""
    signature = (type_, *values)
    if signature not in _CHECKED:  # each place that logs an event gives the same fields every time
        _check(type_, values)
        _CHECKED.add(signature)
    return {"type": type_, "phase": phase, **values}


_CHECKED: set[tuple[str, ...]] = set()
# event type -> how many fields (`phase` aside) an event of it may have: `Game.emit`'s check as it
# logs (a wrong count is a wrong event); the names at every place the package logs an event are
# checked by tests/test_events.py, on the source and on the logs of seeded games.
FIELD_COUNTS: dict[str, range] = {t: range(len(required), len(allowed) + 1)
                                  for t, (_, required, allowed) in _SPECS.items()}


def check(type_: str, values: dict[str, Any]) -> None:
    """TypeError unless `values` are the fields (`phase` aside) of an event of this type."""
    _check(type_, values)


def _check(type_: str, values: dict[str, Any]) -> None:
    spec = _SPECS.get(type_)
    if spec is None:
        raise TypeError(f"unknown event type {type_!r}")
    _, required, allowed = spec
    if not required <= values.keys() <= allowed:
        wrong = sorted(values.keys() - allowed) or sorted(required - values.keys())
        raise TypeError(f"event {type_!r}: wrong or missing fields {', '.join(wrong)}")


def from_dict(d: dict[str, Any]) -> BaseEvent:
    """An event from its JSON form (KeyError/TypeError if it does not fit the schema)."""
    values = dict(d)
    return make(values.pop("type"), **values)


def parse(log: list[dict[str, Any]]) -> list[BaseEvent]:
    return [from_dict(d) for d in log]


def known(log: Iterable[dict[str, Any]]) -> list[BaseEvent]:
    """The events of `log` that fit the schema, typed; any other is left out (as the narrator leaves it
    out of the public pages): a save's log is checked as JSON, not event by event."""
    out = []
    for d in log:
        try:
            out.append(from_dict(d))
        except (KeyError, TypeError):
            continue
    return out


def visible(log: list[dict[str, Any]], player: int | None) -> list[dict[str, Any]]:
    """The events `player` may see (None: a spectator, who sees only the public ones)."""
    return [e for e in log if e.get("private_to") in (None, player)]

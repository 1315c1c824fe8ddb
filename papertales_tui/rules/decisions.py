"""Steps and decisions: small immutable values, JSON only at the edges (saves, logs, files).

Every step that asks players something is a `Step`; each decision kind is a frozen dataclass with
`from_dict` (which raises `MalformedDecision` or `WrongKind`) and its inverse `to_dict`:
``Pick.from_dict(d).to_dict() == d`` for a well-formed `d`. `Step` is a `StrEnum`, so the strings
that saves already contain ("pick", "deploy"…) read back unchanged.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar, TypeVar

from .errors import N_, MalformedDecision, WrongKind
from .steps import Step

T = TypeVar("T")


def quick_init(cls: type[T]) -> type[T]:
    """A frozen slotted dataclass made as fast to build as a plain one (the engine makes hundreds of
    decisions and options a game): its `__init__` sets each slot through the slot's own descriptor
    instead of `object.__setattr__` (measured 2.1 µs against 0.76 µs for five fields). Still frozen:
    assigning to a field afterwards raises FrozenInstanceError. Same signature, same defaults."""
    params, body, env = [], [], {}
    for f in fields(cls):  # type: ignore[arg-type]  # (a dataclass)
        env[f"_set_{f.name}"] = getattr(cls, f.name).__set__
        if f.default is MISSING:
            params.append(f.name)
        else:
            env[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        body.append(f"    _set_{f.name}(self, {f.name})")
    code = f"def __init__(self, {', '.join(params)}):\n" + ("\n".join(body) or "    pass")
    exec(code, env)  # (the generated __init__: a line per field, from the dataclass's own fields)
    init = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    setattr(cls, "__init__", init)  # noqa: B010  (mypy refuses a method assigned)
    return cls


def _is_int(x: object) -> bool:
    """A card number or spot index: an int that is not a bool (True == 1 in Python)."""
    return isinstance(x, int) and not isinstance(x, bool)


def _int_or_none(x: object) -> bool:
    return x is None or _is_int(x)


@quick_init
@dataclass(frozen=True, slots=True)
class Pick:
    """Take `card` from the cards in front of you (2 players: also `discard` another)."""

    card: int
    discard: int | None = None
    kind: ClassVar[str] = "pick"
    step: ClassVar[Step] = Step.PICK

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Pick:
        if not _is_int(d.get("card")):
            raise MalformedDecision(NOT_OFFERED)
        if not _int_or_none(d.get("discard")):
            raise MalformedDecision(N_("a discarded card is a card number"))
        return cls(d["card"], d.get("discard"))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": "pick", "card": self.card}
        if self.discard is not None:
            out["discard"] = self.discard
        return out

    def record(self, player: int) -> dict[str, Any]:
        """The entry of the game's `decisions`: ``{"player": player, **self.to_dict()}``, made at once."""
        if self.discard is None:
            return {"player": player, "kind": "pick", "card": self.card}
        return {"player": player, "kind": "pick", "card": self.card, "discard": self.discard}


@quick_init
@dataclass(frozen=True, slots=True)
class Deploy:
    """The whole Kingdom after deployment: a card or None in each of the 5 spots (Front 1-3, Back
    1-2; spot 2 is the 5th spot), the card kept for next turn, and the new Units given up unpaid."""

    slots: tuple[int | None, ...]
    keep: int | None = None
    unpaid: tuple[int, ...] = ()
    kind: ClassVar[str] = "deploy"
    step: ClassVar[Step] = Step.DEPLOY

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Deploy:
        slots = d.get("slots")
        if not isinstance(slots, list | tuple) or len(slots) != 5:
            raise MalformedDecision(FIVE_SPOTS)
        if not all(_int_or_none(c) for c in slots) or not _int_or_none(d.get("keep")):
            raise MalformedDecision(N_("spots and the kept card hold card numbers or nothing (null)"))
        unpaid = d.get("unpaid") or []
        if not isinstance(unpaid, list | tuple) or not all(_is_int(c) for c in unpaid):
            raise MalformedDecision(ONLY_NEW_UNPAID)
        return cls(tuple(slots), d.get("keep"), tuple(unpaid))

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "deploy", "slots": list(self.slots), "keep": self.keep, "unpaid": list(self.unpaid)}

    def record(self, player: int) -> dict[str, Any]:
        return {"player": player, "kind": "deploy", "slots": list(self.slots), "keep": self.keep,
                "unpaid": list(self.unpaid)}


@quick_init
@dataclass(frozen=True, slots=True)
class AgeTarget:
    """The spot of the Unit that receives a Time Master's or Master Alchemist's Age tokens."""

    slot: int
    kind: ClassVar[str] = "age_target"
    step: ClassVar[Step] = Step.AGE_TARGET

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> AgeTarget:
        if not _is_int(d.get("slot")):
            raise MalformedDecision(ONE_IN_PLAY)
        return cls(d["slot"])

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "age_target", "slot": self.slot}

    def record(self, player: int) -> dict[str, Any]:
        return {"player": player, "kind": "age_target", "slot": self.slot}


# Refusals said in more than one place (their words: rules/errors.py)
NOT_AVAILABLE = N_("you cannot afford that Construction now (or it is not available)")
NOT_OFFERED = N_("you can only pick a card from the cards in front of you")
FIVE_SPOTS = N_("a deployment lists exactly 5 spots (Front 1-3, Back 1-2)")
ONLY_NEW_UNPAID = N_("only Units deployed now can be left unpaid")
ONE_IN_PLAY = N_("choose one of your Units in play")
TWICE_SAVED = N_("list the spots of the Units to save, each once")


@quick_init
@dataclass(frozen=True, slots=True)
class Build:
    """Construction: a new Building at level 1, or 2 at once. `gold` is the price the engine
    settled on (left out when asking: the price is always the engine's)."""

    building: str
    level: int
    gold: int | None = None
    kind: ClassVar[str] = "build"
    step: ClassVar[Step] = Step.CONSTRUCTION

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Build:
        if not isinstance(d.get("building"), str) or not _is_int(d.get("level")):
            raise MalformedDecision(NOT_AVAILABLE)
        gold = d.get("gold")
        return cls(d["building"], d["level"], gold if _is_int(gold) else None)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": "build", "building": self.building, "level": self.level}
        if self.gold is not None:
            out["gold"] = self.gold
        return out

    def record(self, player: int) -> dict[str, Any]:
        return {"player": player, **self.to_dict()}


@quick_init
@dataclass(frozen=True, slots=True)
class Upgrade:
    """Construction: one of your level-1 Buildings becomes level 2 (`gold` as for `Build`)."""

    building: str
    gold: int | None = None
    kind: ClassVar[str] = "upgrade"
    step: ClassVar[Step] = Step.CONSTRUCTION
    level: ClassVar[int] = 2  # the Building's level once upgraded

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Upgrade:
        if not isinstance(d.get("building"), str):
            raise MalformedDecision(NOT_AVAILABLE)
        gold = d.get("gold")
        return cls(d["building"], gold if _is_int(gold) else None)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": "upgrade", "building": self.building}
        if self.gold is not None:
            out["gold"] = self.gold
        return out

    def record(self, player: int) -> dict[str, Any]:
        return {"player": player, **self.to_dict()}


@quick_init
@dataclass(frozen=True, slots=True)
class Pass:
    """Construction: build nothing this turn."""

    kind: ClassVar[str] = "pass"
    step: ClassVar[Step] = Step.CONSTRUCTION

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Pass:
        return cls()

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "pass"}

    def record(self, player: int) -> dict[str, Any]:
        return {"player": player, "kind": "pass"}


@quick_init
@dataclass(frozen=True, slots=True)
class Heal:
    """Aging: the spots of the dying Units your Mystical Healers save (one each)."""

    slots: tuple[int, ...] = ()
    kind: ClassVar[str] = "heal"
    step: ClassVar[Step] = Step.HEAL

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Heal:
        slots = d.get("slots")
        if not isinstance(slots, list | tuple) or not all(_is_int(x) for x in slots) or len(set(slots)) != len(slots):
            raise MalformedDecision(TWICE_SAVED)
        return cls(tuple(slots))

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "heal", "slots": list(self.slots)}

    def record(self, player: int) -> dict[str, Any]:
        return {"player": player, "kind": "heal", "slots": list(self.slots)}


Construction = Build | Upgrade | Pass


def price(d: Build | Upgrade) -> int:
    """The Gold a priced Construction costs (the engine's options and checked decisions are priced)."""
    assert d.gold is not None, "a Construction the engine has not priced"
    return d.gold

Decision = Pick | Deploy | AgeTarget | Build | Upgrade | Pass | Heal


# --- what each step chooses from (`Pending.options`): one typed value per step, made by the engine ---
@quick_init
@dataclass(frozen=True, slots=True)
class PickOptions:
    """A Pick: the draft `cards` in front of the player; `discard`: another is discarded too (2
    players)."""

    cards: tuple[int, ...]
    discard: bool
    step: ClassVar[Step] = Step.PICK


@quick_init
@dataclass(frozen=True, slots=True)
class DeployOptions:
    """A Deploy: the `hand`, the Units `in_play` as (spot, card), the spots open, the Gold, and
    whether a card may be kept (not at the last turn)."""

    hand: tuple[int, ...]
    in_play: tuple[tuple[int, int], ...]
    open_slots: tuple[int, ...]
    gold: int
    can_keep: bool
    step: ClassVar[Step] = Step.DEPLOY


@quick_init
@dataclass(frozen=True, slots=True)
class AgeTargetOptions:
    """An AgeTarget: the card (`source`, its `name`) that puts `amount` Age tokens on one of the
    Units in these `slots`."""

    source: int
    name: str
    amount: int
    slots: tuple[int, ...]
    step: ClassVar[Step] = Step.AGE_TARGET


@quick_init
@dataclass(frozen=True, slots=True)
class ConstructionOptions:
    """A Construction: every Build and Upgrade the player can afford now, priced (`gold` set);
    passing is always possible."""

    options: tuple[Build | Upgrade, ...]
    step: ClassVar[Step] = Step.CONSTRUCTION


@quick_init
@dataclass(frozen=True, slots=True)
class HealOptions:
    """A Heal: the spots of the dying Units the player's Mystical Healers could save, and how many
    they save at most (one each)."""

    slots: tuple[int, ...]
    max: int
    step: ClassVar[Step] = Step.HEAL


Options = PickOptions | DeployOptions | AgeTargetOptions | ConstructionOptions | HealOptions

DECISIONS: dict[str, type[Decision]] = {
    cls.kind: cls for cls in (Pick, Deploy, AgeTarget, Build, Upgrade, Pass, Heal)
}
STEP_OF: dict[type, Step] = {cls: cls.step for cls in DECISIONS.values()}  # a decision's type -> its step
# The decision kinds each step accepts, in the order error messages name them.
KINDS: dict[Step, tuple[str, ...]] = {
    Step.PICK: ("pick",),
    Step.DEPLOY: ("deploy",),
    Step.AGE_TARGET: ("age_target",),
    Step.CONSTRUCTION: ("build", "upgrade", "pass"),
    Step.HEAL: ("heal",),
}


def decision_from_dict(d: object, step: Step | None = None) -> Decision:
    """The typed decision of a JSON-ready dict. With `step`, a kind that step does not take
    raises `WrongKind` before the fields are looked at."""
    if not isinstance(d, dict):
        raise MalformedDecision(N_("a decision must be a mapping with a 'kind'"))
    kind = d.get("kind")
    expected = KINDS[step] if step is not None else tuple(DECISIONS)
    if not isinstance(kind, str) or kind not in expected:
        raise WrongKind(expected, kind)
    return DECISIONS[kind].from_dict(d)


def as_decision(d: Decision | dict[str, Any], step: Step | None = None) -> Decision:
    """`d` itself when typed, else its typed form (see `decision_from_dict`)."""
    if isinstance(d, dict):
        return decision_from_dict(d, step)
    own = STEP_OF.get(type(d))
    if own is None:
        raise MalformedDecision(N_("a decision must be a mapping with a 'kind'"))
    if step is not None and own != step:
        raise WrongKind(KINDS[step], d.kind)
    return d


@dataclass(slots=True)
class Pending:
    """A decision a player must make now: its kind and what the player may choose from (not frozen:
    hundreds are made a game, and a frozen dataclass is slow to make)."""

    player: int
    kind: Step
    options: Options  # the step's own type (`PickOptions` for PICK...; decisions.py)

__all__ = ["AgeTarget", "AgeTargetOptions", "Build", "Construction", "ConstructionOptions", "DECISIONS", "Decision",
           "Deploy", "DeployOptions", "Heal", "HealOptions", "KINDS", "Options", "Pass", "Pick", "PickOptions",
           "STEP_OF", "Step", "Upgrade", "price", "as_decision", "decision_from_dict"]

"""Game state: plain slotted dataclasses that serialise to JSON and back losslessly."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol, TypedDict

from .decisions import Decision, Step, decision_from_dict

FRONT = (0, 1, 2)  # slot 2 is the 5th spot, open only with a level-2 Building
BACK = (3, 4)
SLOT_NAMES = ("Front 1", "Front 2", "Front 3", "Back 1", "Back 2")
FIFTH_SLOT = 2


class Phase(StrEnum):
    """Where a turn stands: the rulebook's six phases, then END for the end-of-game scoring. A `StrEnum`,
    so the state's JSON and the events keep the plain strings."""

    RECRUITMENT = "recruitment"
    DEPLOYMENT = "deployment"
    WARS = "wars"
    INCOME = "income"
    CONSTRUCTION = "construction"
    AGING = "aging"
    END = "end"


PHASE_NAMES = tuple(p.value for p in Phase if p is not Phase.END)  # the phases of a turn
_ALL_SLOTS = tuple(range(5))
_NO_FIFTH = tuple(i for i in _ALL_SLOTS if i != FIFTH_SLOT)


@dataclass(slots=True)
class Unit:
    """A Unit card in play: the card's id and its Age tokens."""

    card: int
    age: int = 0


class Choice(TypedDict):
    """An Age-token target a player must still choose (queued by an ability, `Step.AGE_TARGET`): the
    card whose ability it is, that card's name, and how many tokens. A plain dict, as saved."""

    source: int
    name: str
    amount: int


@dataclass(slots=True)
class Player:
    name: str
    gold: int = 3
    lp: int = 0
    hand: list[int] = field(default_factory=list)
    kept: int | None = None  # card set aside for the next turn
    draft: list[int] = field(default_factory=list)  # cards to pick from this draft round
    slots: list[Unit | None] = field(default_factory=lambda: [None] * 5)
    buildings: dict[str, int] = field(default_factory=dict)  # building key -> level
    choices: list[Choice] = field(default_factory=list)  # queued choices (age targets)
    submitted: Decision | None = None  # decision waiting for the others (simultaneous steps)
    revealed: list[int] = field(default_factory=list)  # spots of the Units revealed this turn

    def units(self) -> list[tuple[int, Unit]]:
        return [(i, u) for i, u in enumerate(self.slots) if u is not None]

    def unit(self, slot: int) -> Unit:
        """The Unit in a spot known to hold one."""
        u = self.slots[slot]
        assert u is not None, f"no Unit in spot {slot}"
        return u

    def has_fifth_slot(self) -> bool:
        return 2 in self.buildings.values()

    def open_slots(self) -> tuple[int, ...]:
        return _ALL_SLOTS if self.has_fifth_slot() else _NO_FIFTH


class ModeState(Protocol):
    """A mode's own side of a game (the Lich King's in solo: `solo.SoloState`), kept in
    `GameState.mode_state`: saved with the game as `to_dict()` gives it, loaded back by its mode
    (`Mode.load_state`)."""

    def to_dict(self) -> dict[str, Any]: ...


@dataclass(slots=True)
class GameState:
    seed: int
    cards: list[str]  # card id -> unit type key (the physical deck of this game)
    players: list[Player]
    deck: list[int] = field(default_factory=list)  # top of the pile is the end of the list
    discard: list[int] = field(default_factory=list)
    turn: int = 1
    phase: Phase = Phase.RECRUITMENT
    step: Step = Step.NONE  # sub-step of the phase that waits for decisions
    draft_round: int = 0
    turns: int = 4
    over: bool = False
    rng: random.Random = field(default_factory=random.Random)
    log: list[dict[str, Any]] = field(default_factory=list)
    decisions: list[dict[str, Any]] = field(default_factory=list)  # every applied decision, for replays
    mode: str = "standard"  # the name of the mode the game is played in (`games.MODES`)
    mode_state: ModeState | None = None  # the mode's own side of the game, if it has one

    # --- JSON ---------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        version, internal, gauss = self.rng.getstate()
        return {
            "seed": self.seed,
            "cards": list(self.cards),
            "players": [_player_to_dict(p) for p in self.players],
            "deck": list(self.deck),
            "discard": list(self.discard),
            "turn": self.turn,
            "phase": self.phase,
            "step": str(self.step),
            "draft_round": self.draft_round,
            "turns": self.turns,
            "over": self.over,
            "rng": [version, list(internal), gauss],
            "log": [dict(e) for e in self.log],
            "decisions": [dict(d) for d in self.decisions],
            "mode": self.mode,
            "mode_state": None if self.mode_state is None else self.mode_state.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], rng: random.Random | None = None,
                  load_mode_state: Callable[[dict[str, Any]], ModeState] | None = None) -> GameState:
        """The state `to_dict` wrote; `rng`: the generator to use instead of the one written (the
        bots' samples of a view set their own); `load_mode_state`: the mode's own side read back
        (`Mode.load_state` of the mode the state names), ValueError if there is one to read without it."""
        mode_state = data.get("mode_state")
        if mode_state is not None:
            if load_mode_state is None:
                raise ValueError(f"a {data.get('mode', 'standard')} game's own state needs its mode to be read")
            mode_state = load_mode_state(mode_state)
        if rng is None:
            rng = random.Random()
            version, internal, gauss = data["rng"]
            rng.setstate((version, tuple(internal), gauss))
        return cls(
            seed=data["seed"],
            cards=list(data["cards"]),
            players=[_player_from_dict(p) for p in data["players"]],
            deck=list(data["deck"]),
            discard=list(data["discard"]),
            turn=data["turn"],
            phase=Phase(data["phase"]),
            step=Step(data["step"]),
            draft_round=data["draft_round"],
            turns=data["turns"],
            over=data["over"],
            rng=rng,
            log=[dict(e) for e in data["log"]],
            decisions=[dict(d) for d in data["decisions"]],
            mode=data.get("mode", "standard"),
            mode_state=mode_state,
        )


def _player_to_dict(p: Player) -> dict[str, Any]:
    return {
        "name": p.name,
        "gold": p.gold,
        "lp": p.lp,
        "hand": list(p.hand),
        "kept": p.kept,
        "draft": list(p.draft),
        "slots": [None if u is None else {"card": u.card, "age": u.age} for u in p.slots],
        "buildings": dict(p.buildings),
        "choices": [dict(c) for c in p.choices],
        "submitted": None if p.submitted is None else p.submitted.to_dict(),
        "revealed": list(p.revealed),
    }


def _player_from_dict(d: dict[str, Any]) -> Player:
    return Player(
        name=d["name"],
        gold=d["gold"],
        lp=d["lp"],
        hand=list(d["hand"]),
        kept=d["kept"],
        draft=list(d["draft"]),
        slots=[None if u is None else Unit(u["card"], u["age"]) for u in d["slots"]],
        buildings=dict(d["buildings"]),
        choices=[Choice(source=c["source"], name=c["name"], amount=c["amount"]) for c in d["choices"]],
        submitted=None if d["submitted"] is None else decision_from_dict(d["submitted"]),
        revealed=list(d["revealed"]),
    )

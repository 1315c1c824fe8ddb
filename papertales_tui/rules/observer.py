"""What one seat may see of a game: `observe(game, seat) -> SeatView`.

One fixed shape for every viewer (a seat, or None: a spectator who sees only public things): what a
viewer may not see is there as a count (another player's hand, draft and queued choices, the draw
and discard piles, the Underworld's order) or as a bare "has decided" (a pick or deployment made
face down). Screens, bots and the coach take a `SeatView`, never the `Game`; the Kingdom figures the
rules work out (strengths, who dies, what a Healer may save, resources) are in it, so nothing
outside the rules works them out again. What a seat learnt from the events it saw is in it too,
typed (the cards it saw go to the discard pile, the strengths shown at the Wars, its own draft
picks this turn): the bots rebuild a game from a view (`bots.knowledge.game_from_view`).

Frozen dataclasses; `SeatView.to_dict()` is JSON. The card catalog rides along (`catalog`, left out
of `to_dict`): it is the printed cards, public and the same for everyone, and `card(c)` reads it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from . import kingdom

if TYPE_CHECKING:
    from .cards import Catalog, UnitType
    from .decisions import Decision, Pending
    from .effects import BuildingRules, UnitRules
    from .state import GameState, Unit


class _ModePart(Protocol):
    def seat_view_extra(self, game: Any, seat: int | None) -> object | None: ...


class Observed(Protocol):
    """What the observer reads of a game (`engine.Game` is one; the observer imports no engine)."""

    @property
    def state(self) -> GameState: ...
    @property
    def catalog(self) -> Catalog: ...
    @property
    def rules(self) -> list[UnitRules]: ...
    @property
    def building_rules(self) -> dict[str, BuildingRules]: ...
    @property
    def mode(self) -> _ModePart: ...
    def pending(self) -> list[Pending]: ...
    def pass_direction(self) -> str: ...
    def pass_target(self, player: int) -> int: ...
    def winners(self) -> list[int]: ...
    def healable(self, player: int) -> list[int]: ...
    def dies(self, unit: Unit) -> bool: ...


class AgeChoice(NamedTuple):
    """An Age-token target still to choose (queued by an ability): the card whose ability it is,
    that card's name, and how many tokens."""

    source: int
    name: str
    amount: int


class WarStrength(NamedTuple):
    """A Kingdom's strength shown at the Wars of a turn (public)."""

    turn: int
    player: int
    strength: int


@dataclass(frozen=True, slots=True)
class UnitView:
    """A Unit in a spot, with what the rules say of it now."""

    card: int
    age: int
    strength: int  # modifiers included, whether it fights from its spot or not
    dies: bool  # at this turn's Aging (unless a Mystical Healer saves it); never once the game is over
    healable: bool  # dying, and one of the player's Mystical Healers could save it


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One player as the viewer sees them: their own hidden cards, or only how many there are."""

    name: str
    gold: int
    lp: int
    hand: tuple[int, ...] | None  # None: someone else's hand (see `hand_count`)
    hand_count: int
    kept: int | None  # the card set aside for the next turn: the viewer's own only
    has_kept: bool
    draft: tuple[int, ...] | None  # the draft cards to pick from now: the viewer's own only
    draft_count: int
    choices: int  # queued choices (Age-token targets) still to make
    age_choices: tuple[AgeChoice, ...] | None  # those choices, in order: the viewer's own only
    submitted: bool  # decided this step (what, only once the step resolves)
    decided: Decision | None  # the decision made this step, waiting for the others: the viewer's own only
    picks: tuple[tuple[int, ...], ...] | None  # the cards taken in each draft round of this turn (the
    # pick, then a 2-player draft's discard): the viewer's own only
    slots: tuple[UnitView | None, ...]  # spots 0-2 Front (2: the 5th spot), 3-4 Back
    buildings: tuple[tuple[str, int], ...]  # (building key, level), as built
    open_slots: tuple[int, ...]
    revealed: tuple[int, ...]  # spots of the Units revealed this turn
    strength: int  # Kingdom strength in the Wars
    strength_parts: tuple[tuple[str, int], ...]  # (label, strength) of each fighting Unit and Building
    resources: tuple[tuple[str, int], ...]  # (resource, count) the Kingdom produces, each resource (0 too)

    def units(self) -> list[tuple[int, UnitView]]:
        return [(i, u) for i, u in enumerate(self.slots) if u is not None]

    def unit(self, slot: int) -> UnitView:
        """The Unit in a spot known to hold one."""
        u = self.slots[slot]
        assert u is not None, f"no Unit in spot {slot}"
        return u

    def level(self, building: str) -> int:
        return dict(self.buildings).get(building, 0)


@dataclass(frozen=True, slots=True)
class SeatView:
    """A game as `seat` sees it (None: a spectator)."""

    seat: int | None
    mode: str
    seed: int
    turn: int
    turns: int
    phase: str
    step: str
    draft_round: int
    over: bool
    deck: int  # cards in the draw pile
    discard: int  # cards in the discard pile
    cards: tuple[str, ...]  # card id -> unit type key (the game's deck, public)
    players: tuple[PlayerView, ...]
    deciding: tuple[int, ...]  # who must still decide in this step
    pass_direction: str  # where draft cards go after a pick this turn: "left" (the next seat) or "right"
    pass_targets: tuple[int, ...]  # who receives each player's remaining draft cards this turn
    winners: tuple[int, ...]  # once the game is over
    log_size: int  # events in the game's log
    decisions: int  # decisions made so far
    known_discards: tuple[int, ...]  # cards the viewer saw go to the discard pile since it was last shuffled in
    war_strengths: tuple[WarStrength, ...]  # the Kingdoms' strengths shown at the Wars so far, in order
    death_ages: tuple[int, ...]  # card id -> the Age at which that Unit dies at the Aging (printed)
    mode_view: object | None  # the mode's own side as this seat sees it (`Mode.seat_view_extra`: solo.SoloView)
    catalog: Catalog = field(repr=False, compare=False)

    def card(self, card: int) -> UnitType:
        """The printed card of a card id."""
        return self.catalog.units[self.cards[card]]

    def dies(self, card: int, age: int) -> bool:
        """Whether a Unit of this card with this many Age tokens dies at the Aging (unless a Mystical
        Healer saves it); once the game is over, no Aging comes. E.g. a Unit in a past War's event."""
        return not self.over and age >= self.death_ages[card]

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON-ready data (the catalog left out)."""
        out = asdict(self)
        out.pop("catalog")
        for pd, p in zip(out["players"], self.players):
            pd["decided"] = None if p.decided is None else p.decided.to_dict()
        return out


def observe(game: Observed, seat: int | None) -> SeatView:
    """What `seat` may see of `game` now (None: a spectator)."""
    s = game.state
    over = s.over
    discards, strengths, picks = _seen(s.log, seat)
    players = tuple(_player(game, i, i == seat, picks) for i in range(len(s.players)))
    deciding = tuple(p.player for p in game.pending()) if not over else ()
    extra = game.mode.seat_view_extra(game, seat)  # the mode's own part (solo: the Lich King's side)
    return SeatView(
        seat=seat, mode=s.mode, seed=s.seed, turn=s.turn, turns=s.turns, phase=str(s.phase), step=str(s.step),
        draft_round=s.draft_round, over=over, deck=len(s.deck), discard=len(s.discard), cards=tuple(s.cards),
        players=players, deciding=deciding, pass_direction=game.pass_direction(),
        pass_targets=tuple(game.pass_target(i) for i in range(len(s.players))),
        winners=tuple(game.winners()) if over else (), log_size=len(s.log), decisions=len(s.decisions),
        known_discards=discards, war_strengths=strengths, death_ages=tuple(r.death_age for r in game.rules),
        mode_view=extra, catalog=game.catalog)


# Events that put a known card into the discard pile, and the field that names it.
_TO_DISCARD = {"unit_died": "card", "unit_discarded": "card", "unit_unpaid": "card",
               "card_discarded": "card", "unit_replaced": "old",
               "underworld_discarded": "cards"}  # solo: the Underworld, a list of cards
_READ = frozenset({*_TO_DISCARD, "deck_reshuffled", "turn_started", "war_strength", "card_picked"})


def _seen(log: Sequence[dict[str, Any]], seat: int | None) -> tuple[tuple[int, ...], tuple[WarStrength, ...],
                                                                    tuple[tuple[int, ...], ...]]:
    """What `seat` learnt from the events it saw: the cards it saw go to the discard pile since it
    was last shuffled into the deck, the strengths shown at the Wars (by turn), and its own picks of
    this turn's draft rounds (the pick, then a 2-player draft's discard)."""
    discards: list[int] = []
    strengths: list[WarStrength] = []
    picks: list[list[int]] = []
    turn = 0
    for e in log:
        t = e["type"]
        if t not in _READ:  # (most events: a view reads this for each decision of a bot)
            continue
        to = e.get("private_to")
        if to is not None and to != seat:
            continue
        if t == "deck_reshuffled":
            discards = []
            continue
        if t == "turn_started":
            turn, picks = e["turn"], []
        elif t == "war_strength":
            strengths.append(WarStrength(turn, e["player"], e["strength"]))
        elif t == "card_picked" and e["player"] == seat:
            picks.append([e["card"]])
        elif t == "card_discarded" and e["player"] == seat and e["reason"] == "draft" and picks:
            picks[-1].append(e["card"])
        key = _TO_DISCARD.get(t)
        if key is not None and e.get(key) is not None:
            value = e[key]
            discards.extend(value if isinstance(value, list) else [value])
    return tuple(discards), tuple(strengths), tuple(tuple(r) for r in picks)


def _player(game: Observed, i: int, mine: bool, picks: tuple[tuple[int, ...], ...]) -> PlayerView:
    p = game.state.players[i]
    rules, buildings = game.rules, game.building_rules
    ctx = kingdom.context(rules, buildings, p)
    strengths = kingdom.strengths(rules, p, ctx)
    parts = kingdom.strength_parts(rules, buildings, p, ctx, strengths)
    healable = set(game.healable(i))
    slots = tuple(None if u is None else UnitView(u.card, u.age, strengths[k], game.dies(u), k in healable)
                  for k, u in enumerate(p.slots))
    return PlayerView(
        name=p.name, gold=p.gold, lp=p.lp,
        hand=tuple(p.hand) if mine else None, hand_count=len(p.hand),
        kept=p.kept if mine else None, has_kept=p.kept is not None,
        draft=tuple(p.draft) if mine else None, draft_count=len(p.draft),
        choices=len(p.choices),
        age_choices=tuple(AgeChoice(c["source"], c["name"], c["amount"]) for c in p.choices) if mine else None,
        submitted=p.submitted is not None, decided=p.submitted if mine else None,
        picks=picks if mine else None, slots=slots,
        buildings=tuple(p.buildings.items()), open_slots=tuple(p.open_slots()), revealed=tuple(p.revealed),
        strength=sum(v for _, v in parts), strength_parts=tuple(parts),
        resources=tuple(ctx.resources.items()))  # (the context holds `kingdom.resources`)


# --- what a table keeps of a game beside the seats' views: its pages of events, saves, the coach's review ---
def game_log(game: Observed) -> Sequence[dict[str, Any]]:
    """Every event logged so far, in order, private ones too (marked "private_to"): for the table's
    pages, which leave those out, never for a seat's screen as it is. Read only."""
    return game.state.log


def game_decisions(game: Observed) -> Sequence[dict[str, Any]]:
    """Every decision applied so far, in order, as saved (each with its "player"). Read only."""
    return game.state.decisions


def game_turn(game: Observed) -> int:
    """The turn being played (1 to the number of turns), as `SeatView.turn` without building a view."""
    return game.state.turn


def game_seed(game: Observed) -> int:
    """The seed the game was set up with, as `SeatView.seed` without building a view."""
    return game.state.seed


__all__ = ["AgeChoice", "PlayerView", "SeatView", "UnitView", "WarStrength", "game_decisions",
           "game_log", "game_seed", "game_turn", "observe"]

"""What one seat may see of a game: `observe(game, seat) -> SeatView`.

One fixed shape for every viewer (a seat, or None: a spectator who sees only public things): what a
viewer may not see is there as a count (another player's hand, draft and queued choices, the draw
and discard piles, the Underworld's order) or as a bare "has decided" (a pick or deployment made
face down). Screens, and anything else that only looks, take a `SeatView`, never the `Game`; the
Kingdom figures the rules work out (strengths, who dies, what a Healer may save, resources) are
in it, so nothing outside the rules works them out again.

Frozen dataclasses; `SeatView.to_dict()` is JSON. The card catalog rides along (`catalog`, left out
of `to_dict`): it is the printed cards, public and the same for everyone, and `card(c)` reads it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from . import kingdom
from .state import Unit

if TYPE_CHECKING:
    from .cards import Catalog, UnitType
    from .engine import Game


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
    submitted: bool  # decided this step (what, only once the step resolves)
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
class ArmyRange:
    """A turn's Black and Purple armies as the viewer may know them: (lowest, highest) each."""

    black: tuple[int, int]
    purple: tuple[int, int]


@dataclass(frozen=True, slots=True)
class SoloView:
    """The Lich King's side of a solo game, as the viewer sees it."""

    lich_lp: int
    lich_cards: tuple[str, ...]  # the Lich King cards in play (the difficulty)
    row: tuple[str | None, ...]  # the Necropolis row 1-2-3-4-END: card keys, None while face down
    revealed: int  # cards of the row face up, from the left
    time: int  # position in the row of the card under the Time token
    armies: tuple[int, int] | None  # this turn's (Black, Purple) strengths, once both cards are face up
    outlook: tuple[ArmyRange | None, ...]  # each turn's armies as may be known (None: no Wars that turn)
    next_candidates: tuple[str, ...]  # what the next card of the row may be (itself once face up)
    underworld: tuple[int, ...] | None  # its cards, sorted (its order is hidden): the player only
    underworld_count: int
    discard: tuple[int, ...] | None  # the discard pile, which the player may look through at Recruitment
    quest_lp: tuple[tuple[int, int], ...]  # (card, LP) this turn's quests score for each draft card of the viewer
    lich_sources: tuple[tuple[str, int], ...]  # the Lich King's LP so far by source key ("wars", card keys)


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
    death_ages: tuple[int, ...]  # card id -> the Age at which that Unit dies at the Aging (printed)
    solo: SoloView | None
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
        return out


def observe(game: Game, seat: int | None) -> SeatView:
    """What `seat` may see of `game` now (None: a spectator)."""
    s = game.state
    over = s.over
    players = tuple(_player(game, i, i == seat, over) for i in range(len(s.players)))
    deciding = tuple(p.player for p in game.pending()) if not over else ()
    extra = game.mode.seat_view_extra(game, seat)  # the mode's own part (solo: the Lich King's side)
    return SeatView(
        seat=seat, mode=s.mode, seed=s.seed, turn=s.turn, turns=s.turns, phase=str(s.phase), step=str(s.step),
        draft_round=s.draft_round, over=over, deck=len(s.deck), discard=len(s.discard), cards=tuple(s.cards),
        players=players, deciding=deciding, pass_direction=game.pass_direction(),
        pass_targets=tuple(game.pass_target(i) for i in range(len(s.players))),
        winners=tuple(game.winners()) if over else (), log_size=len(s.log), decisions=len(s.decisions),
        death_ages=tuple(r.death_age for r in game.rules), solo=extra, catalog=game.catalog)


def _player(game: Game, i: int, mine: bool, over: bool) -> PlayerView:
    p = game.state.players[i]
    rules, buildings = game.rules, game.building_rules
    ctx = kingdom.context(rules, buildings, p)
    strengths = kingdom.strengths(rules, p, ctx)
    parts = kingdom.strength_parts(rules, buildings, p, ctx, strengths)
    healable = set(kingdom.healable(rules, p)) if kingdom.healers(rules, p) else set()
    slots = tuple(None if u is None else UnitView(u.card, u.age, strengths.get(k, game.types[u.card].strength or 0),
                                                  not over and kingdom.dies(rules, Unit(u.card, u.age)), k in healable)
                  for k, u in enumerate(p.slots))
    resources = kingdom.resources(rules, buildings, p)
    return PlayerView(
        name=p.name, gold=p.gold, lp=p.lp,
        hand=tuple(p.hand) if mine else None, hand_count=len(p.hand),
        kept=p.kept if mine else None, has_kept=p.kept is not None,
        draft=tuple(p.draft) if mine else None, draft_count=len(p.draft),
        choices=len(p.choices), submitted=p.submitted is not None, slots=slots,
        buildings=tuple(p.buildings.items()), open_slots=tuple(p.open_slots()), revealed=tuple(p.revealed),
        strength=sum(v for _, v in parts), strength_parts=tuple(parts),
        resources=tuple(resources.items()))


# --- what a table keeps of a game beside the seats' views: its pages of events, saves, the coach's review ---
def game_log(game: Game) -> Sequence[dict[str, Any]]:
    """Every event logged so far, in order, private ones too (marked "private_to"): for the table's
    pages, which leave those out, never for a seat's screen as it is. Read only."""
    return game.state.log


def game_decisions(game: Game) -> Sequence[dict[str, Any]]:
    """Every decision applied so far, in order, as saved (each with its "player"). Read only."""
    return game.state.decisions


def game_turn(game: Game) -> int:
    """The turn being played (1 to the number of turns), as `SeatView.turn` without building a view."""
    return game.state.turn


def game_seed(game: Game) -> int:
    """The seed the game was set up with, as `SeatView.seed` without building a view."""
    return game.state.seed


__all__ = ["ArmyRange", "PlayerView", "SeatView", "SoloView", "UnitView", "game_decisions", "game_log",
           "game_seed", "game_turn", "observe"]

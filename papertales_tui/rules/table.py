"""The game as the phases (phases/) and modes (modes.py) see it: `Table`, the narrow interface of
what they may read and the moves they may make, and `Mode`, the hooks a mode fills in. `Game`
(engine.py) is a `Table`; the phases and modes import this module, never the engine, so the rules
have no import circle (tests/test_layers.py, `TYPE_CHECKING` imports included)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import random

    from .cards import Catalog, UnitType
    from .decisions import Pending
    from .effects import BuildingRules, UnitRules
    from .observer import SeatView
    from .scratch import Scratch
    from .state import GameState, ModeState


class Table(Protocol):
    """What a phase or a mode may read of a game and the moves it may make. The state is theirs to
    change within their phase (a mode only its own side: see `Mode`); what they cache between two
    steps goes in `scratch`, never in a private member of the game."""

    state: GameState
    rules: list[UnitRules]  # by card id: each Unit's compiled rules (effects.py)
    building_rules: dict[str, BuildingRules]
    types: list[UnitType]  # by card id: the printed card
    mode: Mode
    scratch: Scratch  # the turn's caches and hand-overs (not saved)
    record_events: bool  # False: events are only counted (`unlogged`), see `Game.stop_recording`
    unlogged: int  # events not logged: a phase that skips building an event adds 1

    # --- moves ------------------------------------------------------------------------------------
    def emit(self, type_: str, **fields: Any) -> None:
        """Log an event of rules/events.py (stamped with the current phase)."""

    def gain(self, player: int, lp: int = 0, gold: int = 0, cause: str = "") -> None:
        """A player scores LP and gains Gold (negative: loses), logged with its cause."""

    def draw(self, n: int) -> list[int]:
        """`n` cards from the draw pile, top first (the discard pile reshuffled when it runs out)."""

    def discard(self, cards: list[int]) -> None:
        """These cards on the discard pile, in this order."""

    def shuffle(self, cards: list[int]) -> None:
        """Shuffle these cards in place with the game's seeded generator."""

    # --- queries ----------------------------------------------------------------------------------
    def resources(self, player: int) -> dict[str, int]:
        """What this Kingdom produces now."""

    def player_order(self) -> list[int]:
        """Most LP first, then least Gold, then a seeded draw."""

    def pass_direction(self) -> str:
        """Where the cards left after a pick go this turn: "left" or "right"."""

    def scores(self) -> list[int]:
        """Each seat's LP."""

    def winners(self) -> list[int]:
        """Who won (the mode's say first)."""


class WarOutlook(Protocol):
    """One War a seat may foresee (`forecast.WarForecast` is one): the foe's name, the seat's
    strength and the foe's (lowest, highest)."""

    @property
    def against(self) -> str: ...

    @property
    def mine(self) -> int: ...

    @property
    def theirs(self) -> tuple[int, int]: ...


class SavedSide(Protocol):
    """A mode's own side of a game as a save file holds it (`GameState.mode_state.to_dict()`): what the
    save format asks of it, so that persistence/ names no mode (docs/saves.md)."""

    def schema(self) -> type[Any]:
        """A Pydantic model of its saved form (`extra="forbid"`, strict): a file's side is checked with it."""

    def problem(self, players: int, data: dict[str, Any]) -> str | None:
        """What the schema cannot say (a card twice...), with `players` seats: None when it holds."""

    def cards(self, data: dict[str, Any]) -> list[int]:
        """The card ids (of the game's deck) in its zones: a card is in one place at a time."""

    def unknown_cards(self, data: dict[str, Any], catalog: Catalog) -> list[str]:
        """The card keys it names that `catalog` lacks (the save then asks for their card files)."""


@dataclass(frozen=True)
class ModeType:
    """A mode declared whole, in one place (as OpenSpiel's `GameType`): its name, its seats, its saved
    side, its typed view. The engine, the save format (persistence/), the observer and the screens
    read it instead of asking which mode a game is; the hooks are the `Mode`'s, the screens' panels
    are registered by the app (tui/modes.py), the words are text/'s."""

    name: str  # saved as `GameState.mode`; the key of `games.MODES`
    seats: tuple[int, int]  # the fewest and the most players (`Mode.check_players` refuses others)
    table: str  # who sits at it, for the save format's refusals ("2 to 7 players and no Lich King")
    saved: SavedSide | None = None  # its own side of a game (`GameState.mode_state`), None: none
    view: type | None = None  # the type of its `SeatView.mode_view`, None: none

    def players_problem(self, players: int, side: bool) -> str | None:
        """Why `players` seats, with a saved side of its own or not (`side`), cannot be a game of this
        mode (for the save format: "a solo game has one player and the Lich King's side (here 2
        players)"), or None."""
        low, high = self.seats
        if low <= players <= high and side == (self.saved is not None):
            return None
        here = f"{players} player{'s' * (players != 1)}"
        if self.saved is None and side:
            return f"{self.table} (here {here}, and a side of another mode)"
        return self.table + (f" (here {here})" if not low <= players <= high else "")


class Mode(Protocol):
    """The variation points of a game, in the order the engine calls them."""

    name: str  # saved as `GameState.mode`
    kind: ModeType  # the mode declared whole: seats, saved side, view (its `kind.name` is `name`)
    reads_log: bool  # True: the mode reads the game's log (`Game.stop_recording` is refused)

    # --- making and loading a game --------------------------------------------------------------
    def check_players(self, n: int) -> None:
        """Game.new: raise ValueError if `n` players cannot play this mode."""

    def prepare(self, state: GameState, catalog: Catalog) -> None:
        """Game.new: complete the new state (the deck is shuffled, nothing else is drawn yet)."""

    def load_state(self, data: dict[str, Any]) -> ModeState:
        """This mode's own side of a game (`GameState.mode_state`) from its saved form, its `to_dict()`
        (ValueError for a mode without one)."""

    def check_state(self, state: GameState, catalog: Catalog) -> None:
        """Game(): raise ValueError if the state cannot be played in this mode with this catalog."""

    def setup(self, game: Table) -> None:
        """Game.new: after `game_started`, before the first turn starts."""

    def restart(self) -> Mode:
        """A new mode object that sets up this same game again with the same names and seed (a replay
        from the seed, the coach's review)."""

    # --- phase 1, Recruitment ---------------------------------------------------------------------
    def draft_cards(self, game: Table, leftovers: list[list[int]] | None) -> list[list[int]] | None:
        """Where draft cards come from and where the leftovers go. Called when a turn starts
        (`leftovers` None) and after each round of picks (`leftovers`: the cards each player did not
        take, `state.draft_round` already counts the round just played): the cards each player picks
        from next, or None when the draft is over. A single card is taken without asking."""

    def extra_pending(self, game: Table, pend: Pending) -> None:
        """What this mode tells a deciding player: it may replace `pend.options` (frozen) with a
        richer value of the same step (the solo draft: `SoloPickOptions`)."""

    def draft_ended(self, game: Table) -> None:
        """After the last pick, before the card kept last turn returns to its hand."""

    # --- phase 3, Wars ----------------------------------------------------------------------------
    def wars_started(self, game: Table) -> None:
        """Phase 3 opens, before the Kingdoms' strengths are logged."""

    def fight(self, game: Table, strengths: list[int]) -> list[int]:
        """Whom each seat fights: the Wars fought with these Kingdom strengths (logged), and the
        Wars each player won (the engine then scores `WAR_LP` each and the Wars abilities)."""

    def wars_fought(self, game: Table, strengths: list[int], wars_won: list[int]) -> None:
        """After the players' LP for their Wars, before their Wars abilities score."""

    # --- the end of a turn and of the game --------------------------------------------------------
    def turn_ended(self, game: Table) -> None:
        """End-of-turn scoring: after the Aging phase, before the next turn starts or the game ends."""

    def final_scoring(self, game: Table) -> None:
        """After the last turn, in the phase "end", before the Kingdoms' end-of-game gains."""

    def game_ended(self, game: Table) -> None:
        """After `game_over`."""

    def winners(self, game: Table) -> list[int] | None:
        """Who won, once the game is over (None: most LP, then most Gold)."""

    def other_scores(self, game: Table) -> list[int]:
        """The LP of the sides that are not seats (solo: the Lich King's), for margins and outcomes."""

    def seat_view_extra(self, game: Table, seat: int | None) -> object | None:
        """This mode's own side as `seat` sees it (`SeatView.mode_view`, in `observe(game, seat)`): a
        frozen dataclass of the mode's (solo: `SoloView`), None when the mode has no side of its own."""

    # --- a view's hidden cards, sampled (bots/knowledge.py) -----------------------------------------
    def seen_cards(self, view: SeatView, player: int) -> list[int]:
        """The cards in this mode's own zones whose place the viewer of `view` knows."""

    def sample_hidden(self, view: SeatView, catalog: Catalog, rng: random.Random | None) -> ModeState | None:
        """This mode's own part of a state made from `view` (`GameState.mode_state`): as the view shows it
        (`rng` None), or with what the view hides of it drawn with `rng`, so that the sample can be
        played on."""

    # --- what a player may foresee (forecast.py) ----------------------------------------------------
    def foes(self, game: Table, player: int) -> list[tuple[str, int, int]] | None:
        """Whom this seat fights this turn as it may know them: (name, lowest, highest strength) of
        each foe that is not a seat; None: its neighbours (`Game.rivals`)."""

    def others_gains(self, game: Table, wars: tuple[WarOutlook, ...], dying: tuple[int, int], healable: bool,
                     buildings: int, can_build: bool) -> list[tuple[str, int, int]]:
        """(source, fewest, most) LP the sides that are not seats (the Lich King) gain for the rest of
        this turn, given the seat's forecast Wars, Units dying at Aging (fewest, most), whether a
        Mystical Healer may save one, its Buildings and whether it can build."""

    def unknowns(self, game: Table) -> list[str]:
        """What a forecast cannot know yet because of this mode (a card still face down)."""


__all__ = ["Mode", "Table", "WarOutlook"]

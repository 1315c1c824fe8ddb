"""Ways to play: the named hooks a mode fills in, and the standard game.

The engine calls each hook at one fixed, documented point of the turn; a mode changes the game only
through them (it never overrides `Game` methods, and it never sets the state's hands, draft round or
phase: the engine does, around the hooks). It acts on the game only through `Game`'s public methods:
its queries, and the moves the engine makes itself, public for modes: `emit` (log an event), `draw`
(cards from the draw pile), `discard` (cards to the discard pile), `shuffle` (with the game's seeded
generator) and `gain` (LP and Gold). No private `Game` member (a test checks every module but engine.py
and phases/). Its own side of the game (the Lich King's) is its own to keep, in the state it made
in `prepare`.

`StandardMode` is the game for 2-7 players; `solo.SoloMode` plays one player against the Lich King.
`games.MODES` maps the `mode` a saved state names back to its class, made with no arguments when a
game is loaded (one mode object per game: it may keep the state it is given in `check_state`). A new
mode is a class with these hooks (most often a `StandardMode` subclass changing a few) handed to
`Game.new`: no engine file changes (tests/test_toy_mode.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from .phases import recruitment, wars

if TYPE_CHECKING:
    import random

    from .cards import Catalog
    from .engine import Game, Pending
    from .forecast import WarForecast
    from .observer import SeatView, SoloView
    from .state import GameState, SoloState


class Mode(Protocol):
    """The variation points of a game, in the order the engine calls them."""

    name: str  # saved as `GameState.mode`
    reads_log: bool  # True: the mode reads the game's log (`Game.stop_recording` is refused)

    # --- making and loading a game --------------------------------------------------------------
    def check_players(self, n: int) -> None:
        """Game.new: raise ValueError if `n` players cannot play this mode."""

    def prepare(self, state: GameState, catalog: Catalog) -> None:
        """Game.new: complete the new state (the deck is shuffled, nothing else is drawn yet)."""

    def check_state(self, state: GameState, catalog: Catalog) -> None:
        """Game(): raise ValueError if the state cannot be played in this mode with this catalog."""

    def setup(self, game: Game) -> None:
        """Game.new: after `game_started`, before the first turn starts."""

    def restart(self) -> Mode:
        """A new mode object that sets up this same game again with the same names and seed (a replay
        from the seed, the coach's review)."""

    # --- phase 1, Recruitment ---------------------------------------------------------------------
    def draft_cards(self, game: Game, leftovers: list[list[int]] | None) -> list[list[int]] | None:
        """Where draft cards come from and where the leftovers go. Called when a turn starts
        (`leftovers` None) and after each round of picks (`leftovers`: the cards each player did not
        take, `state.draft_round` already counts the round just played): the cards each player picks
        from next, or None when the draft is over. A single card is taken without asking."""

    def extra_pending(self, game: Game, pend: Pending) -> None:
        """What this mode tells a deciding player: it may replace `pend.options` (frozen) with a
        richer value of the same step (the solo draft: `SoloPickOptions`)."""

    def draft_ended(self, game: Game) -> None:
        """After the last pick, before the card kept last turn returns to its hand."""

    # --- phase 3, Wars ----------------------------------------------------------------------------
    def wars_started(self, game: Game) -> None:
        """Phase 3 opens, before the Kingdoms' strengths are logged."""

    def fight(self, game: Game, strengths: list[int]) -> list[int]:
        """Whom each seat fights: the Wars fought with these Kingdom strengths (logged), and the
        Wars each player won (the engine then scores `WAR_LP` each and the Wars abilities)."""

    def wars_fought(self, game: Game, strengths: list[int], wars_won: list[int]) -> None:
        """After the players' LP for their Wars, before their Wars abilities score."""

    # --- the end of a turn and of the game --------------------------------------------------------
    def turn_ended(self, game: Game) -> None:
        """End-of-turn scoring: after the Aging phase, before the next turn starts or the game ends."""

    def final_scoring(self, game: Game) -> None:
        """After the last turn, in the phase "end", before the Kingdoms' end-of-game gains."""

    def game_ended(self, game: Game) -> None:
        """After `game_over`."""

    def winners(self, game: Game) -> list[int] | None:
        """Who won, once the game is over (None: most LP, then most Gold)."""

    def other_scores(self, game: Game) -> list[int]:
        """The LP of the sides that are not seats (solo: the Lich King's), for margins and outcomes."""

    def seat_view_extra(self, game: Game, seat: int | None) -> SoloView | None:
        """This mode's own part of `observe(game, seat)` (`SeatView.solo`), as `seat` sees it."""

    # --- a view's hidden cards, sampled (bots/knowledge.py) -----------------------------------------
    def seen_cards(self, view: SeatView, player: int) -> list[int]:
        """The cards in this mode's own zones whose place the viewer of `view` knows."""

    def sample_hidden(self, view: SeatView, catalog: Catalog, rng: random.Random | None) -> SoloState | None:
        """This mode's own part of a state made from `view` (`GameState.solo`): as the view shows it
        (`rng` None), or with what the view hides of it drawn with `rng`, so that the sample can be
        played on."""

    # --- what a player may foresee (forecast.py) ----------------------------------------------------
    def foes(self, game: Game, player: int) -> list[tuple[str, int, int]] | None:
        """Whom this seat fights this turn as it may know them: (name, lowest, highest strength) of
        each foe that is not a seat; None: its neighbours (`Game.rivals`)."""

    def others_gains(self, game: Game, wars: tuple[WarForecast, ...], dying: tuple[int, int], healable: bool,
                     buildings: int, can_build: bool) -> list[tuple[str, int, int]]:
        """(source, fewest, most) LP the sides that are not seats (the Lich King) gain for the rest of
        this turn, given the seat's forecast Wars, Units dying at Aging (fewest, most), whether a
        Mystical Healer may save one, its Buildings and whether it can build."""

    def unknowns(self, game: Game) -> list[str]:
        """What a forecast cannot know yet because of this mode (a card still face down)."""


class StandardMode:
    """The game for 2 to 7 players: the rulebook's draft, Wars between neighbours, most LP wins."""

    name = "standard"
    reads_log = False

    def check_players(self, n: int) -> None:
        if not 2 <= n <= 7:
            raise ValueError("Paper Tales is played by 2 to 7 players")

    def prepare(self, state: GameState, catalog: Catalog) -> None:
        return None

    def check_state(self, state: GameState, catalog: Catalog) -> None:
        return None

    def setup(self, game: Game) -> None:
        return None

    def restart(self) -> Mode:
        return type(self)()

    def draft_cards(self, game: Game, leftovers: list[list[int]] | None) -> list[list[int]] | None:
        """5 cards each (9 with 2 players), then the rest passed on round after round."""
        if leftovers is None:
            return recruitment.deal(game)
        return recruitment.pass_on(game, leftovers)

    def extra_pending(self, game: Game, pend: Pending) -> None:
        return None

    def draft_ended(self, game: Game) -> None:
        return None

    def wars_started(self, game: Game) -> None:
        return None

    def fight(self, game: Game, strengths: list[int]) -> list[int]:
        """Each Kingdom against its neighbours (2 players: one double War)."""
        return wars.fight(game, strengths)

    def wars_fought(self, game: Game, strengths: list[int], wars_won: list[int]) -> None:
        return None

    def turn_ended(self, game: Game) -> None:
        return None

    def final_scoring(self, game: Game) -> None:
        return None

    def game_ended(self, game: Game) -> None:
        return None

    def winners(self, game: Game) -> list[int] | None:
        return None

    def other_scores(self, game: Game) -> list[int]:
        return []

    def seat_view_extra(self, game: Game, seat: int | None) -> SoloView | None:
        return None

    def seen_cards(self, view: SeatView, player: int) -> list[int]:
        return []

    def sample_hidden(self, view: SeatView, catalog: Catalog, rng: random.Random | None) -> SoloState | None:
        return None

    def foes(self, game: Game, player: int) -> list[tuple[str, int, int]] | None:
        return None

    def others_gains(self, game: Game, wars: tuple[WarForecast, ...], dying: tuple[int, int], healable: bool,
                     buildings: int, can_build: bool) -> list[tuple[str, int, int]]:
        return []

    def unknowns(self, game: Game) -> list[str]:
        return []


__all__ = ["Mode", "StandardMode"]

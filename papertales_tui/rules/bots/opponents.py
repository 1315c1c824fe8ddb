"""What the hard bot learns about each opponent from their visible play.

Before the Wars, the medium bot estimates a neighbour's strength from their Kingdom as it stands:
their Units in play plus a typical new Unit in each empty Front spot (`Planner.rival_estimate`).
Some players deploy stronger than that, others weaker (a random player often leaves the Front
empty). The model compares, turn after turn, that estimate with the strength each opponent showed
at the Wars (public: the `war_strength` events of the log), and scales the estimates by what it
saw, shrunk towards 1 while it has seen little.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Game
from ..observer import SeatView
from .medium import Planner

PRIOR = 2.0  # turns' worth of trust in the plain estimate before anything is seen
LOWEST, HIGHEST = 0.5, 2.0  # bounds of the scale


class OpponentModel:
    """Strength scale per opponent for the Planner's `rival_outlook`, from one seat's views."""

    def __init__(self) -> None:
        self.estimates: dict[tuple[int, int], float] = {}  # (turn, player) -> estimate before deploying
        self.seen: dict[int, tuple[float, float, int]] = {}  # player -> (estimates, strengths shown, turns)
        self.read = 0  # strengths shown at the Wars already read

    def watch(self, view: SeatView, game: Game, me: int) -> None:
        """Note this turn's estimates (while the rivals have not deployed yet) and read the strengths
        shown at the Wars since the last call. `game` is rebuilt from `view`."""
        if view.phase == "recruitment" and view.mode == "standard":
            planner = Planner(game, me)
            for j in planner.rivals:
                self.estimates.setdefault((view.turn, j), planner.rival_estimate(j))
        shown = view.war_strengths
        for w in shown[self.read:]:
            if (w.turn, w.player) in self.estimates:
                estimated, strength, turns = self.seen.get(w.player, (0.0, 0.0, 0))
                self.seen[w.player] = (estimated + self.estimates[w.turn, w.player], strength + w.strength, turns + 1)
        self.read = len(shown)

    def outlook(self) -> dict[int, float]:
        """Per opponent: how much stronger (> 1) or weaker (< 1) they turned out than estimated."""
        out = {}
        for j, (estimated, shown, turns) in self.seen.items():
            prior = PRIOR * estimated / turns  # PRIOR turns of an average estimate, shown as estimated
            scale = (shown + prior) / (estimated + prior) if estimated > 0 else 1.0
            out[j] = min(HIGHEST, max(LOWEST, scale))
        return out


class PickModel:
    """How the other seats pick draft cards (a `knowledge.Judge` for the samples): a card's worth
    to a seat is the medium bot's card gain for that seat's Kingdom in play, its hand and kept card
    left out (hidden), remembered per card. `game` is rebuilt from the view (`game_from_view`
    without a generator: the other seats' hands are empty)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.memo: dict[object, object] = {}
        self.worth: dict[int, dict[int, float]] = {}

    def __call__(self, seat: int, cards: Sequence[int]) -> dict[int, float]:
        known = self.worth.setdefault(seat, {})
        missing = [c for c in cards if c not in known]
        if missing:
            known.update(Planner(self.game, seat, self.memo).card_gains(missing))
        return known

"""What the hard bot learns about each opponent from their visible play.

Before the Wars, the medium bot estimates a neighbour's strength from their Kingdom as it stands:
their Units in play plus a typical new Unit in each empty Front spot (`Planner.rival_estimate`).
Some players deploy stronger than that, others weaker (a random player often leaves the Front
empty). The model compares, turn after turn, that estimate with the strength each opponent showed
at the Wars (public: the `war_strength` events of the log), and scales the estimates by what it
saw, shrunk towards 1 while it has seen little.

A sample of the hidden cards deals the other seats' unseen cards at random, but a hand drafted by
a player holds the cards they chose: `as_picked` makes each such card the best, for that seat's
Kingdom, of itself and a few cards of the draw pile (used by the deployment forecast for the
neighbours, and by the hard bot's samples for every other seat).
"""

from __future__ import annotations

import random
from typing import Any

from .. import draws
from ..cards import Catalog
from ..decisions import Deploy, Step
from ..engine import Game
from ..observer import SeatView
from .evaluation import kingdom_tables
from .knowledge import DraftMemory, game_from_view
from .medium import Planner, medium_decision

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


def as_picked(sim: Game, j: int, placed: set[int], rng: random.Random, memo: dict[Any, Any],
              picked_from: int) -> None:
    """Seat `j`'s hand in a sample, as if picked: each card drawn at random (not in `placed`, the
    cards the draft memory put there) becomes the best for `j`'s Kingdom of it and `picked_from - 1`
    cards of the draw pile (the medium bot's judgement of a card on a public Kingdom,
    `Planner.public_gains`), the others back in the pile. A hand drawn at random is weaker than one
    picked in a draft."""
    s = sim.state
    hand, deck = s.players[j].hand, s.deck
    judge = Planner(sim, j, memo)
    for k, card in enumerate(hand):
        if card in placed or len(deck) < 1:
            continue
        spots = draws.sample(rng, range(len(deck)), min(picked_from - 1, len(deck)))
        gains = judge.public_gains([card, *(deck[i] for i in spots)])
        best = max(gains, key=lambda c: (gains[c], -c))
        if best != card:
            deck[next(i for i in spots if deck[i] == best)] = card
            hand[k] = best


def deployed_strengths(view: SeatView, me: int, catalog: Catalog, players: tuple[int, ...], exact: tuple[bool, ...],
                       now: tuple[int, ...], seed: float, hidden: tuple[list[int], list[int]],
                       drafts: DraftMemory | None, memo: dict[Any, Any], picked_from: int) -> tuple[int, ...]:
    """The strengths of `players` (neighbours of `me`) after this Deployment's reveal, in one sample
    of the hidden cards (`seed`; consistent with `view` and the seat's memory of the draft,
    `drafts`), in which the medium bot deploys for each of them who must still deploy (a hand as
    picked, `as_picked`; a decision already made is hidden too: it is made again). `exact`: the
    neighbours with nothing hidden left to deploy, whose strength is `now`'s. `memo`: the judgement
    of cards on the public Kingdoms, shared by the samples of one decision."""
    sim = game_from_view(view, me, catalog, random.Random(seed), hidden, drafts)
    # the cards the draft memory placed (as game_from_view placed them: the same draw)
    placed = drafts.place(view, me, random.Random(seed)) if drafts is not None else None
    picking = random.Random(seed * 2)
    sample_memo = kingdom_tables(memo)  # (the medium bot's plans: kept for one sample only)
    row = []
    for j, fixed, strength in zip(players, exact, now):
        pend = sim.pending_for(j)
        if not fixed and pend is not None and pend.kind == Step.DEPLOY:
            as_picked(sim, j, set(placed.hands.get(j, ())) if placed else set(), picking, memo, picked_from)
            pend = sim.pending_for(j)  # (its options: the hand as picked)
            assert pend is not None
            deploy = medium_decision(sim, pend, sample_memo)
            assert isinstance(deploy, Deploy)
            strength = sim.after_deployment(j, deploy).strength(0)
        row.append(strength)
    return tuple(row)

"""Random legal decisions: the easy bot, and how the engine is exercised at volume.

`random_decision` gives a typed decision made from the step's typed options; the trusted fast
path (`Game.play_step`) asks `random_choice` the same with the engine's own options.
"""

from __future__ import annotations

import gc
import random

from .cards import Catalog
from .decisions import (
    AgeTarget,
    AgeTargetOptions,
    ConstructionOptions,
    Decision,
    Deploy,
    DeployOptions,
    Heal,
    HealOptions,
    Options,
    Pass,
    Pick,
    PickOptions,
    Step,
)
from .draws import choice, sample, shuffle
from .engine import Game, Pending

_PASS = Pass()
_PICKS: dict[int, Pick] = {}  # card -> Pick(card)
# The steps as module names: on Python 3.11 `Step.PICK` is a slow lookup through the enum class,
# and the random player runs on the engine's fast path.
PICK, DEPLOY, AGE_TARGET, CONSTRUCTION, HEAL = Step.PICK, Step.DEPLOY, Step.AGE_TARGET, Step.CONSTRUCTION, Step.HEAL


def random_decision(game: Game, pend: Pending, rng: random.Random) -> Decision:
    """A uniformly-chosen legal decision for a pending step (deployments: a random affordable plan)."""
    return random_choice(game, pend.player, pend.kind, pend.options, rng)


def random_choice(game: Game, player: int, kind: Step, o: Options, rng: random.Random) -> Decision:
    """`random_decision` for `player`'s decision of this `kind` among options `o` (as `Game.play_step`
    asks it)."""
    if kind == PICK:
        assert isinstance(o, PickOptions)
        if o.discard:
            card, discard = sample(rng, o.cards, 2)
            return Pick(card, discard)
        card = choice(rng, o.cards)  # as sample(cards, 1)
        pick = _PICKS.get(card)  # (a decision is an immutable value: one Pick a card, made once)
        if pick is None:
            pick = _PICKS[card] = Pick(card)
        return pick
    if kind == DEPLOY:
        assert isinstance(o, DeployOptions)
        return _deployment(game, player, o, rng)
    if kind == AGE_TARGET:
        assert isinstance(o, AgeTargetOptions)
        return AgeTarget(choice(rng, o.slots))
    if kind == CONSTRUCTION:
        assert isinstance(o, ConstructionOptions)
        return choice(rng, (*o.options, _PASS))
    if kind == HEAL:
        assert isinstance(o, HealOptions)
        k = rng.randint(0, min(o.max, len(o.slots)))
        return Heal(tuple(sample(rng, o.slots, k)))
    raise ValueError(f"unknown decision kind {kind}")


def random_deployment(game: Game, pend: Pending, rng: random.Random) -> Deploy:
    """A random affordable deployment plan (sometimes not: then with the Units left unpaid)."""
    assert isinstance(pend.options, DeployOptions)
    return _deployment(game, pend.player, pend.options, rng)


def _deployment(game: Game, player: int, o: DeployOptions, rng: random.Random) -> Deploy:
    gold = o.gold
    slots: list[int | None] = [None] * 5
    # keep most Units in play, sometimes discard one to make room
    staying = [c for _, c in o.in_play if rng.random() > 0.2]
    free = list(o.open_slots)
    shuffle(rng, free)
    for c in staying:
        slots[free.pop()] = c
    hand = list(o.hand)
    shuffle(rng, hand)
    overspend = rng.random() < 0.1  # sometimes place more than the Gold pays for: exercises `unpaid`
    new = []
    types = game.types
    for c in hand:
        cost = types[c].cost
        if free and (overspend or cost <= gold) and rng.random() < 0.8:
            gold -= cost
            new.append(c)
            slots[free.pop()] = c
    placed = set(slots)
    left = [c for c in hand if c not in placed]
    keep = choice(rng, left) if left and rng.random() < 0.7 else None
    unpaid = game.suggested_unpaid(player, new) if overspend else []  # (else all are paid)
    return Deploy(tuple(slots), keep, tuple(unpaid))


def play_random_game(names: list[str], seed: int, catalog: Catalog | None = None, *, fast: bool = False) -> Game:
    """Play a whole game with random legal decisions for every seat.

    `fast`: the trusted path, the same game (but for its log, which is not kept): each step is
    played with `Game.play_step`, the decisions made from the engine's own options and taken
    unchecked, and events are counted instead of logged.

    The cyclic garbage collector is paused while the game is played (as during the hard bot's
    search): a game makes no reference cycles, everything it drops is freed at once by reference
    counting, and the collector's scans of the log being built were ~4% of a logged game."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        game = Game.new(names, seed=seed, catalog=catalog)
        rng = random.Random(seed ^ 0x5EED)
        if fast:
            game.stop_recording()

            def decide(player: int, kind: Step, o: Options) -> Decision:
                return random_choice(game, player, kind, o, rng)

            while not game.over:
                game.play_step(decide)
            return game
        while not game.over:
            for pend in game.pending():
                game.apply(pend.player, random_choice(game, pend.player, pend.kind, pend.options, rng))
        return game
    finally:
        if enabled:
            gc.enable()

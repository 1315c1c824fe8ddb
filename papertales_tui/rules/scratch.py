"""What the engine keeps between two moments of a turn, besides the state: nothing here is saved
(it is worked out again when missing) or seen by a player."""

from __future__ import annotations

from dataclasses import dataclass, field

from .decisions import Build, Upgrade


@dataclass(slots=True)
class Scratch:
    """The turn's caches and hand-overs, owned by the engine and written by the phases."""

    # Construction options of the current step, by player (worked out once a step; cleared when a step opens)
    options: dict[int, tuple[Build | Upgrade, ...]] = field(default_factory=dict)
    # each Kingdom's resources as the Wars worked them out, until Construction resolves: no Unit or
    # Building changes in between (Wars abilities and Income bring LP and Gold)
    war_resources: list[dict[str, int]] | None = None
    # each Kingdom's Income as the Wars worked it out, for the Income step
    incomes: list[int] = field(default_factory=list)
    # the cards each player picks from in the next draft round (None: the draft is over)
    drafts: list[list[int]] | None = None
    # the last seeded tie-break draw: (its key, a value per player); seeding a Random is slow
    tiebreak: tuple[str, list[float]] = ("", [])

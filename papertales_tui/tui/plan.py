"""The deployment board's tentative plan: where each card goes, what is kept, with undo.

This is only the player's draft of a decision; the engine checks it when it is confirmed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..rules import Deploy, DeployOptions


@dataclass
class DeployPlan:
    hand: list[int]  # cards in hand at the start of deployment
    in_play: dict[int, int]  # card -> spot, Units already in play
    slots: list[int | None] = field(default_factory=lambda: [None] * 5)
    keep: int | None = None
    history: list[tuple[list[int | None], int | None]] = field(default_factory=list)

    @classmethod
    def from_options(cls, options: DeployOptions) -> DeployPlan:
        in_play = {card: slot for slot, card in options.in_play}
        slots: list[int | None] = [None] * 5
        for card, slot in in_play.items():
            slots[slot] = card
        return cls(hand=list(options.hand), in_play=in_play, slots=slots)

    # --- queries ---
    def spot_of(self, card: int) -> int | None:
        return self.slots.index(card) if card in self.slots else None

    def new_units(self) -> list[int]:
        """Hand cards placed in a spot, in spot order."""
        return [c for c in self.slots if c is not None and c not in self.in_play]

    def discarded(self) -> list[int]:
        """Units in play taken out of the Kingdom (they will be discarded)."""
        return [c for c in self.in_play if c not in self.slots]

    def is_new(self, card: int) -> bool:
        return card not in self.in_play

    def decision(self, unpaid: list[int] | None = None) -> Deploy:
        return Deploy(tuple(self.slots), self.keep, tuple(unpaid or ()))

    # --- changes (each one can be undone) ---
    def _save(self) -> None:
        self.history.append((list(self.slots), self.keep))

    def undo(self) -> bool:
        if not self.history:
            return False
        self.slots, self.keep = self.history.pop()
        return True

    def place(self, card: int, spot: int) -> None:
        """Put a card (from hand, from another spot, or back from the discards) in a spot.

        A card already in that spot swaps to where the moved card was; when the moved card was
        not in a spot, a new card there goes back to hand and a Unit in play is taken out.
        """
        self._save()
        origin = self.spot_of(card)
        occupant = self.slots[spot]
        if origin is not None:
            self.slots[origin] = occupant
        self.slots[spot] = card
        if self.keep == card:
            self.keep = None

    def remove(self, spot: int) -> None:
        """Empty a spot: a new card goes back to hand, a Unit in play is taken out (discarded)."""
        if self.slots[spot] is None:
            return
        self._save()
        self.slots[spot] = None

    def toggle_keep(self, card: int) -> None:
        self._save()
        if self.keep == card:
            self.keep = None
        else:
            if card in self.slots:
                self.slots[self.slots.index(card)] = None
            self.keep = card

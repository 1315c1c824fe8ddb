"""Phase 4, Income: each Kingdom earns its Gold."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..table import Table


def resolve_income(game: Table) -> None:
    """Each player earns their Income, as the Wars worked it out (`Scratch.incomes`)."""
    for i, gold in enumerate(game.scratch.incomes):
        game.gain(i, gold=gold, cause="income")

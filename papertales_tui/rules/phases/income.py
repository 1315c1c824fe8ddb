"""Phase 4, Income: each Kingdom earns its Gold."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..decisions import Step
from ..state import Phase

if TYPE_CHECKING:
    from ..engine import Game


def resolve_income(game: Game, incomes: list[int], resources: list[dict[str, int]]) -> None:
    """Each player earns their Income (`incomes`: as the Wars worked it out), then Construction opens
    (`resources`: each Kingdom's, as the Wars worked them out; its options are priced with them)."""
    game.state.phase = Phase.INCOME
    for i, gold in enumerate(incomes):
        game.gain(i, gold=gold, cause="income")
    game._war_resources = resources
    game.begin(Step.CONSTRUCTION)

"""Phase 4, Income: each Kingdom earns its Gold."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import kingdom
from ..decisions import Step
from ..state import Phase

if TYPE_CHECKING:
    from ..engine import Game


def resolve_income(game: Game, incomes: list[int] | None = None, resources: list[dict[str, int]] | None = None) -> None:
    """Each player earns their Income (`incomes`: as the Wars worked it out), then Construction opens
    (`resources`: each Kingdom's, as the Wars worked them out; its options are priced with them)."""
    s = game.state
    s.phase = Phase.INCOME
    rules, buildings = game.rules, game.building_rules
    for i, p in enumerate(s.players):
        gold = kingdom.income(rules, buildings, p, kingdom.resources(rules, buildings, p)) \
            if incomes is None else incomes[i]
        game.gain(i, gold=gold, cause="income")
    game._war_resources = resources
    game.begin(Step.CONSTRUCTION)

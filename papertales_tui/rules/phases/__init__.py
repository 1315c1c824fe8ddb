"""The six phases of a turn (rulebook: Recruitment, Deployment, Wars, Income, Construction, Aging),
one module each, and the step table `STEPS`: for each step a player decides in, its phase, who must
decide (`asks`), what they choose from (`options`), the check of a decision and the resolution once
nobody is left to decide. Each resolution goes on by itself: it opens the next step with
`Game.begin` or, when no decision is needed (Wars, Income), resolves the next phase at once.
`Game` reads this table for everything it does per step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from ..decisions import Decision, Options, Step
from ..state import Phase, Player
from . import aging, construction, deployment, recruitment

if TYPE_CHECKING:
    from ..engine import Game


class StepRow(NamedTuple):
    """One step of the table (a tuple: the engine reads it on every question asked)."""

    phase: Phase
    asks: Callable[[Game, int, Player], bool]
    options: Callable[[Game, int, Player], Options]
    check: Callable[[Game, int, Player, Any], Decision]  # (game, player, their state, decision)
    resolve: Callable[[Game], None]


STEPS: dict[str, StepRow] = {
    Step.PICK: StepRow(Phase.RECRUITMENT, recruitment.asks_pick, recruitment.pick_options,
                       recruitment.check_pick, recruitment.resolve_picks),
    Step.DEPLOY: StepRow(Phase.DEPLOYMENT, deployment.asks_deploy, deployment.deploy_options,
                         deployment.check_deploy, deployment.resolve_deployment),
    Step.AGE_TARGET: StepRow(Phase.DEPLOYMENT, deployment.asks_age_target, deployment.age_target_options,
                             deployment.check_age_target, deployment.end_deployment),
    Step.CONSTRUCTION: StepRow(Phase.CONSTRUCTION, construction.asks_construction,
                               construction.construction_options, construction.check_construction,
                               construction.resolve_construction),
    Step.HEAL: StepRow(Phase.AGING, aging.asks_heal, aging.heal_options, aging.check_heal, aging.resolve_aging),
}

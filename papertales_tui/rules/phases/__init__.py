"""The six phases of a turn (rulebook: Recruitment, Deployment, Wars, Income, Construction, Aging),
one module each, and the step table `STEPS`: the turn's order, read in one place.

Each row is one step: its phase; what `begin`s it when it opens; for the steps players decide in,
who must decide (`asks`), what they choose from (`options`) and the check of a decision (an
`at_once` step applies each decision as it comes: the Age-token targets, sequential and private);
its resolution once nobody is left to decide (`resolve`); and the step that comes `next` (a step,
or a function of the game that says which). One loop in the engine (`Game._advance`) resolves a
step and opens the next while nobody has to decide. Phases never import or call each other: a new
step is one row here plus its module.

    TURN -> PICK (again while the mode deals cards) -> DRAFT_END -> DEPLOY -> AGE_TARGET -> WARS
    -> INCOME -> CONSTRUCTION -> HEAL -> TURN_END -> NEW_TURN -> TURN ... | GAME_END
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from ..decisions import Decision, Options, Step
from ..state import Phase, Player
from . import aging, construction, deployment, income, recruitment, wars

if TYPE_CHECKING:
    from ..table import Table


def nobody(game: Table, i: int, p: Player) -> bool:
    """A step the engine resolves at once: nobody decides in it."""
    return False


def _no_options(game: Table, i: int, p: Player) -> Options:
    raise AssertionError("nobody decides in this step")  # (`asks` is `nobody`)


def _no_check(game: Table, i: int, p: Player, d: Any) -> Decision:
    raise AssertionError("nobody decides in this step")


class StepRow(NamedTuple):
    """One step of the table (a tuple: the engine reads it on every question asked)."""

    phase: Phase
    resolve: Callable[[Table], None] | None  # everyone asked has decided (or nobody was asked)
    next: Step | Callable[[Table], Step | None] | None  # a step, or a function (not a method) saying which
    begin: Callable[[Table], None] | None = None  # when the step opens, before anyone is asked
    asks: Callable[[Table, int, Player], bool] = nobody
    options: Callable[[Table, int, Player], Options] = _no_options
    check: Callable[[Table, int, Player, Any], Decision] = _no_check  # (game, player, their state, decision)
    at_once: Callable[[Table, int, Any], None] | None = None  # each decision applied as it comes


STEPS: dict[str, StepRow] = {
    # 1. Recruitment: the draft, round after round while the mode deals cards
    Step.TURN: StepRow(Phase.RECRUITMENT, None, recruitment.after_deal, begin=recruitment.start_turn),
    Step.PICK: StepRow(Phase.RECRUITMENT, recruitment.resolve_picks, recruitment.after_deal,
                       begin=recruitment.open_round, asks=recruitment.asks_pick,
                       options=recruitment.pick_options, check=recruitment.check_pick),
    Step.DRAFT_END: StepRow(Phase.RECRUITMENT, recruitment.end_draft, Step.DEPLOY),
    # 2. Deployment: the Kingdoms planned, then the Age tokens placed by choice
    Step.DEPLOY: StepRow(Phase.DEPLOYMENT, deployment.resolve_deployment, Step.AGE_TARGET,
                         asks=deployment.asks_deploy, options=deployment.deploy_options,
                         check=deployment.check_deploy),
    Step.AGE_TARGET: StepRow(Phase.DEPLOYMENT, deployment.end_deployment, Step.WARS,
                             begin=deployment.auto_age_targets, asks=deployment.asks_age_target,
                             options=deployment.age_target_options, check=deployment.check_age_target,
                             at_once=deployment.resolve_age_target),
    # 3. Wars and 4. Income: nobody decides
    Step.WARS: StepRow(Phase.WARS, wars.resolve_wars, Step.INCOME),
    Step.INCOME: StepRow(Phase.INCOME, income.resolve_income, Step.CONSTRUCTION),
    # 5. Construction
    Step.CONSTRUCTION: StepRow(Phase.CONSTRUCTION, construction.resolve_construction, Step.HEAL,
                               asks=construction.asks_construction, options=construction.construction_options,
                               check=construction.check_construction),
    # 6. Aging, then the end of the turn: the next turn or the end of the game
    Step.HEAL: StepRow(Phase.AGING, aging.resolve_aging, Step.TURN_END, asks=aging.asks_heal,
                       options=aging.heal_options, check=aging.check_heal),
    Step.TURN_END: StepRow(Phase.AGING, aging.end_turn, aging.after_turn),
    Step.NEW_TURN: StepRow(Phase.AGING, aging.new_turn, Step.TURN),
    Step.GAME_END: StepRow(Phase.END, aging.end_game, None),
}

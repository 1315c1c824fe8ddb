"""The steps of a turn, apart from the decisions (decisions.py re-exports `Step`): the screens name a
step without loading the decisions' classes (the title screen starts without them)."""

from __future__ import annotations

from enum import StrEnum


class Step(StrEnum):
    """A step of the turn (`GameState.step`), in the order of the step table `phases.STEPS`: the
    steps players decide in (PICK, DEPLOY, AGE_TARGET, CONSTRUCTION, HEAL; a game at rest is always
    in one of them), and those the engine resolves at once (a turn starts, the draft ends, the Wars,
    Income, the turn ends, the next turn, the game ends). NONE before the first turn and once the game is over."""

    NONE = ""
    TURN = "turn"
    PICK = "pick"
    DRAFT_END = "draft_end"
    DEPLOY = "deploy"
    AGE_TARGET = "age_target"
    WARS = "wars"
    INCOME = "income"
    CONSTRUCTION = "construction"
    HEAL = "heal"
    TURN_END = "turn_end"
    NEW_TURN = "new_turn"
    GAME_END = "game_end"


__all__ = ["Step"]

"""The medium bot's outlook on a solo game's Black and Purple armies (its solo strategy, the solo
mode's own module: the planner asks `outlook(game)` and never which mode a game is).

From the Necropolis row as the view shows it: a face-down card may be any card of its pile, with
equal chances; a War won is worth 3 LP to the bot and each War an army does not win denies the Lich
King his LP for it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from ..solo import ARMIES, SoloState, lich_lp_per_war, possible_armies, quest_matches, quests_of

if TYPE_CHECKING:
    from ..engine import Game


def outlook(game: Game, chance: Callable[[float], float]) -> SoloOutlook | None:
    """The armies' outlook of a solo game (`chance`: the bot's chance that a strength margin wins a
    War, ties winning), None in a game of another mode."""
    return SoloOutlook(game, chance) if isinstance(game.state.mode_state, SoloState) else None


class SoloOutlook:
    """What the bot expects of the Black and Purple armies in a solo game, from the Necropolis row as
    the view shows it: a face-down card may be any card of its pile, with equal chances."""

    def __init__(self, game: Game, chance: Callable[[float], float]):
        self.game, self.chance = game, chance
        solo = game.state.mode_state
        assert isinstance(solo, SoloState)  # a solo game
        self.catalog = game.catalog
        self.row = solo.necropolis
        self.lich_cards = solo.lich_cards
        # the Lich King's LP for each War an army wins
        self.lich_war_lp = lich_lp_per_war([self.catalog.lich_king[k] for k in solo.lich_cards])
        before_wars = game.state.phase in ("recruitment", "deployment")
        # the engine's armies for the row as this game holds it (None: face down; a playout's
        # sample holds every card)
        self.now = possible_armies(self.catalog, self.row, solo.lich_cards, solo.time) if before_wars else []
        self.next = possible_armies(self.catalog, self.row, solo.lich_cards, solo.time + 1)
        self.memo: dict[Any, Any] = {}

    def wars(self, strength: int, this_turn: bool) -> tuple[float, float]:
        """(expected Wars won, expected Lich King LP denied) for a Kingdom of this strength: exact
        this turn (only the next card is unknown), softened for next turn's Kingdom."""
        key = (strength, this_turn)
        if key not in self.memo:
            armies = self.now if this_turn else self.next
            won = denied = 0.0
            for army in armies:
                for a in ARMIES:
                    margin = strength - army[a]
                    win = float(margin >= 0) if this_turn else self.chance(margin)
                    beat = float(margin > 0) if this_turn else self.chance(margin - 1)
                    won += win
                    denied += beat * self.lich_war_lp[a]
            n = max(len(armies), 1)
            self.memo[key] = (won / n, denied / n)
        return cast("tuple[float, float]", self.memo[key])

    def quest_lp(self, card: int) -> float:
        """The Lich King's quest LP this card would give him from the Underworld this Recruitment."""
        unit = self.game.types[card]
        quests = quests_of(self.catalog, self.row, self.lich_cards)  # the row as this game holds it
        return float(sum(q.lp for _, q in quests if quest_matches(q, unit)))


__all__ = ["SoloOutlook", "outlook"]

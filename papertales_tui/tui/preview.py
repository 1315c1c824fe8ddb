"""War-strength preview of a tentative deployment, computed by the engine on a throwaway copy.

Only the player's own Kingdom matters for strength, so the copy holds that one player: cheap enough
to recompute on every keypress. Reveal abilities (Age tokens from Veteran, Golem upgrades...) are not
applied: the preview shows the Kingdom as placed.
"""

from __future__ import annotations

from ..rules.engine import Game
from ..rules.state import GameState, Player, Unit


class StrengthPreview:
    def __init__(self, game: Game, player: int):
        src = game.state.players[player]
        self.ages = {u.card: u.age for _, u in src.units()}
        self.player = Player(src.name, gold=src.gold, lp=src.lp, buildings=dict(src.buildings))
        state = GameState(seed=game.state.seed, cards=game.state.cards, players=[self.player])
        self.game = Game(state, game.catalog)

    def breakdown(self, slots: list[int | None]) -> tuple[int, list[tuple[str, int]]]:
        self.player.slots = [None if c is None else Unit(c, self.ages.get(c, 0)) for c in slots]
        return self.game.strength_breakdown(0)

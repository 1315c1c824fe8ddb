"""What a game answers about its Kingdoms and its table, worked out by kingdom.py's pure functions:
`Queries`, the part of `Game` (engine.py) that screens' views, forecasts, bots and phases ask
instead of working the rules out themselves. It reads only the state and the compiled card rules
(no step, no pending decision, no move), so it imports no engine and no phase."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import kingdom
from .phases.recruitment import pass_step
from .state import Unit

if TYPE_CHECKING:
    from .effects import BuildingRules, UnitRules
    from .kingdom import Forecast
    from .state import GameState


class Queries:
    """The Kingdoms' figures (strength, Income, resources, prices, gains, deaths) and the seats' places
    (where draft cards go, whom a seat fights), as the rules give them now. `Game` is one."""

    state: GameState
    rules: list[UnitRules]  # by card id: each Unit's compiled rules (effects.py)
    building_rules: dict[str, BuildingRules]

    # --- the Kingdoms (kingdom.py) ------------------------------------------------------------
    def resources(self, player: int) -> dict[str, int]:
        return kingdom.resources(self.rules, self.building_rules, self.state.players[player])

    def strength(self, player: int) -> int:
        return self.strength_breakdown(player)[0]

    def strength_breakdown(self, player: int) -> tuple[int, list[tuple[str, int]]]:
        """Kingdom strength and its parts: (label, strength) for each fighting Unit and Building."""
        p = self.state.players[player]
        rules, buildings = self.rules, self.building_rules
        ctx = kingdom.context(rules, buildings, p)
        parts = kingdom.strength_parts(rules, buildings, p, ctx, kingdom.strengths(rules, p, ctx))
        return sum(v for _, v in parts), parts

    def forecast(self, player: int, wars_won: tuple[int, ...] = (0,)) -> Forecast:
        """The Kingdom's figures for this turn in one pass: strength, Income, each Unit's strength,
        (LP, Gold) of its Wars abilities for each count in `wars_won`, (LP, Gold) of its Aging abilities."""
        return self.forecast_and_resources(player, wars_won)[0]

    def forecast_and_resources(self, player: int, wars_won: tuple[int, ...] = (0,)) -> tuple[Forecast, dict[str, int]]:
        """`forecast(player, wars_won)` and `resources(player)`, worked out together."""
        p = self.state.players[player]
        return kingdom.forecast(self.rules, self.building_rules, self.state.cards, p, wars_won)

    def income(self, player: int) -> int:
        """Gold this Kingdom earns in the Income phase, the base 2 included."""
        p = self.state.players[player]
        return kingdom.income(self.rules, self.building_rules, p, self.resources(player))

    def unit_strengths(self, player: int) -> dict[int, int]:
        """Strength of each of the player's Units (by spot), modifiers included, whether it fights or not."""
        p = self.state.players[player]
        return kingdom.strengths(self.rules, p, kingdom.context(self.rules, self.building_rules, p))

    def land_cost(self, player: int) -> int:
        """Gold a new Building costs this player before its resources (Landlord: none)."""
        return kingdom.payment_terms(self.rules, self.state.players[player])[0]

    def construction_report(self, player: int) -> list[kingdom.ConstructionPrice]:
        """Every Construction of every Building for this player, possible now or not, with its price
        split: `land` (Gold of Land cost), `instead` (Gold paid instead of resources: Temple),
        `resources` ((kind, n)...) the Kingdom produces and uses, `bought` ((kind, n)...) missing resources
        paid 1 Gold each (Unit discounts), `gold` the total. When not `possible`: `missing` ((kind, n)...)
        resources lacking and `short` the Gold lacking. `opens_fifth`: the player's first level-2
        Building, which opens the 5th spot. A Building at level 2 has kind "complete"."""
        return kingdom.construction_report(self.rules, self.building_rules, self.state.players[player])

    def war_gains(self, player: int, wars_won: int) -> list[tuple[str, int, int]]:
        """(source key, LP, Gold) the Kingdom's Wars-phase abilities would score with `wars_won` Wars won."""
        p = self.state.players[player]
        rules, buildings = self.rules, self.building_rules
        ctx = kingdom.context(rules, buildings, p)
        ctx.wars_won = wars_won
        strengths = [kingdom.unit_strength(rules, u, ctx) for _, u in p.units()]
        return kingdom.war_gains(rules, buildings, self.state.cards, p, ctx, strengths)

    def death_gains(self, player: int, saved: frozenset[int] | set[int] = frozenset()) -> list[tuple[int, int, str]]:
        """(LP, Gold, source key) the Aging phase would bring for the Units dying now (`saved` spots live)."""
        p = self.state.players[player]
        dying = [u for _, u in kingdom.dying(self.rules, p, saved)]
        return kingdom.death_gains(self.rules, self.state.cards, p, dying)

    def dies(self, unit: Unit) -> bool:
        """Whether this Unit dies at the Aging phase (unless a Mystical Healer saves it); once the
        game is over, no Aging comes."""
        return not self.state.over and kingdom.dies(self.rules, unit)

    def would_die(self, player: int, slot: int, extra_age: int = 0) -> bool:
        """Whether the Unit in this spot dies at this turn's Aging with `extra_age` more Age tokens (as a
        Time Master or Master Alchemist adds), unless a Mystical Healer saves it."""
        u = self.state.players[player].slots[slot]
        return u is not None and kingdom.dies(self.rules, Unit(u.card, u.age + extra_age))

    def healable(self, player: int) -> list[int]:
        """Spots of the dying Units this player's Mystical Healers could save (none without a Healer)."""
        p = self.state.players[player]
        return kingdom.healable(self.rules, p) if kingdom.healers(self.rules, p) else []

    # --- the draft and the Wars ----------------------------------------------------------------
    def pass_direction(self) -> str:
        """Where the cards left after a pick go this turn: "left" (the next seat) or "right"."""
        return "left" if pass_step(self.state.turn) == 1 else "right"

    def pass_target(self, player: int) -> int:
        """The player who receives `player`'s remaining draft cards this turn."""
        return (player + pass_step(self.state.turn)) % len(self.state.players)

    def rivals(self, player: int) -> list[int]:
        """The players `player` fights in the Wars of the standard game, left neighbour (the next
        seat) first: one opponent with 2 players (a double War), else both neighbours."""
        n = len(self.state.players)
        if n == 2:
            return [1 - player]
        return list(dict.fromkeys([(player + 1) % n, (player - 1) % n]))

    def suggested_unpaid(self, player: int, new: list[int]) -> list[int]:
        """The new Units (in the order placed) to give up when Gold is short: the cheapest are paid
        first, so as many Units as possible are kept; [] when all can be paid. The engine accepts it."""
        return kingdom.suggested_unpaid(self.rules, self.state.players[player].gold, new)


__all__ = ["Queries"]

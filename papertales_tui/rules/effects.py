"""One small handler per effect kind, grouped by what the engine asks of a card.

Each table maps an effect kind (as named in the YAML) to a function. A kind that is not in a table
simply does not take part in that computation (e.g. `gold` plays no role in strength).
"""

from __future__ import annotations

from .cards import RESOURCES, Production
from .state import FRONT, Unit


def produced(productions: tuple[Production, ...], unit: Unit | None, slot: int | None, out: dict) -> None:
    """Add what these productions yield (for a Unit at `slot`, or a Building when unit is None)."""
    for p in productions:
        c = p.condition
        if c is None:
            n = p.count
        elif c == "in_front":
            n = p.count if slot in FRONT else 0
        elif c == "aged":
            n = p.count if unit is not None and unit.age >= 1 else 0
        else:  # per_own_age
            n = p.count * (unit.age if unit is not None else 0)
        out[p.resource] += n


def empty_resources() -> dict[str, int]:
    return dict.fromkeys(RESOURCES, 0)


class Context:
    """What strength and scoring handlers may read about a Kingdom, computed once per use."""

    __slots__ = ("resources", "kingdom_age", "income", "wars_won")

    def __init__(self, resources: dict, kingdom_age: int, income: int, wars_won: int = 0):
        self.resources = resources
        self.kingdom_age = kingdom_age
        self.income = income
        self.wars_won = wars_won


# --- strength of one Unit: handler(strength, params, unit, ctx) -> new strength -----------------
STRENGTH = {
    "strength_if_produces": lambda s, p, u, ctx: p["value"] if ctx.resources[p["resource"]] >= 1 else s,
    "strength_if_aged": lambda s, p, u, ctx: p["value"] if u.age >= 1 else s,
    "strength_per_resource": lambda s, p, u, ctx: s + p["amount"] * ctx.resources[p["resource"]],
    "strength_per_own_age": lambda s, p, u, ctx: s + p["amount"] * u.age,
    "strength_per_kingdom_age": lambda s, p, u, ctx: s + p["amount"] * ctx.kingdom_age,
    "strength_per_income": lambda s, p, u, ctx: s + p["amount"] * ctx.income,
}

# --- strength a Building adds to the Kingdom: handler(params, ctx) -> strength -----------------
BUILDING_STRENGTH = {
    "strength_per_resource": lambda p, ctx: p["amount"] * ctx.resources[p["resource"]],
}

# --- Income (phase 4): handler(params, unit or None, ctx) -> Gold ------------------------------
INCOME = {
    "gold": lambda p, u, ctx: p["amount"],
    "gold_per_resource": lambda p, u, ctx: p["amount"] * ctx.resources[p["resource"]],
    "gold_if_aged": lambda p, u, ctx: p["amount"] if u is not None and u.age >= 1 else 0,
}

# --- Wars scoring (phase 3): handler(params, ctx, unit_strengths) -> (LP, Gold) ----------------
WAR_SCORING = {
    "lp_per_war_won": lambda p, ctx, st: (p["amount"] * ctx.wars_won, 0),
    "gold_per_war_won": lambda p, ctx, st: (0, p["amount"] * ctx.wars_won),
    "lp_per_resource_per_war_won": lambda p, ctx, st: (
        p["amount"] * ctx.resources[p["resource"]] * ctx.wars_won, 0),
    "lp_per_strong_unit": lambda p, ctx, st: (p["amount"] * sum(1 for s in st if s >= p["min_strength"]), 0),
    "lp_per_resource": lambda p, ctx, st: (p["amount"] * ctx.resources[p["resource"]], 0),
    "lp": lambda p, ctx, st: (p["amount"], 0),
}

# --- Death (phase 6), for the dying Unit itself: handler(params, unit) -> (LP, Gold) ----------
ON_OWN_DEATH = {
    "lp_on_death": lambda p, u: (p["amount"], 0),
    "gold_per_own_age_on_death": lambda p, u: (0, p["amount"] * u.age),
    "lp_on_death_if_age": lambda p, u: (p["amount"] if u.age == p["age"] else 0, 0),
}

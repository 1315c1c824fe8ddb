"""One small handler per effect kind, grouped by what the engine asks of a card.

Each table maps an effect kind (as named in the YAML) to a function. A kind that is not in a table
simply does not take part in that computation (e.g. `gold` plays no role in strength).
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from .cards import RESOURCES, Ability, BuildingLevel, BuildingType, Catalog, Production, UnitType
from .state import FRONT, SLOT_NAMES, Unit


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


_NO_RESOURCES = dict.fromkeys(RESOURCES, 0)


def empty_resources() -> dict[str, int]:
    return _NO_RESOURCES.copy()


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


# --- Rules compiled once per card type ------------------------------------------------------------
# The engine's hot paths read these instead of scanning ability lists. They are derived only from
# the (immutable) catalog, so they never go stale when a game's state is edited.


class UnitRules:
    """What the engine asks of a Unit type, worked out once from its printed abilities."""

    __slots__ = ("name", "cost", "strength", "produces", "labels", "fights_from_back", "cannot_fight_if_aged",
                 "strength_mods", "income", "war_scoring", "on_death", "never_dies", "dies_at", "healer",
                 "save_ages", "any_sub", "wood_sub", "ignore_land_cost", "shapeshift", "reveal",
                 "age_per_resource", "lp_per_level2", "lp_per_dying_age", "lp_per_own_age")

    def __init__(self, t: UnitType):
        abilities = t.abilities
        self.name = t.name
        self.cost = t.cost
        self.strength = t.strength or 0
        self.produces = tuple((p.resource, p.count, p.condition) for p in t.produces)
        self.labels = tuple(f"{t.name} ({name})" for name in SLOT_NAMES)
        self.fights_from_back = t.has("fight_from_back")
        self.cannot_fight_if_aged = t.has("cannot_fight_if_aged")
        self.strength_mods = _handlers(abilities, STRENGTH, "wars")
        self.income = _handlers(abilities, INCOME, "income")
        self.war_scoring = _handlers(abilities, WAR_SCORING, "wars")
        self.on_death = _handlers(abilities, ON_OWN_DEATH, "aging")
        self.never_dies = t.has("never_dies")
        self.dies_at = _first_param(t, "dies_at_age", "min_age")
        self.healer = t.has("save_one_unit")
        self.save_ages = tuple(a.params["age"] for a in abilities if a.effect == "save_one_unit")
        subs = [a.params["resource"] for a in abilities if a.effect == "gold_for_resource"]
        self.any_sub = "any" in subs
        self.wood_sub = "wood" in subs
        self.ignore_land_cost = t.has("ignore_land_cost")
        self.shapeshift = _first_param(t, "shapeshift", "max_cost")
        self.reveal = tuple((a.effect, a.params) for a in abilities if a.phase == "deployment" and a.reveal)
        a = t.ability("age_one_unit_per_resource")
        self.age_per_resource = a.params["resource"] if a is not None and a.phase == "deployment" else None
        self.lp_per_level2 = _first_param(t, "lp_per_level2_building", "amount")
        self.lp_per_dying_age = _first_param(t, "lp_per_age_of_dying_units", "amount")
        self.lp_per_own_age = _first_param(t, "lp_per_own_age", "amount")


class LevelRules:
    """One level of a Building: what it produces (fixed), its handlers, its label and its LP."""

    __slots__ = ("label", "produces", "strength", "income", "war_scoring", "legend_points")

    def __init__(self, b: BuildingType, level: int):
        lv = b.level(level)
        out = dict.fromkeys(RESOURCES, 0)
        produced(lv.produces, None, None, out)
        self.label = f"{b.name} (level {level})"
        self.produces = tuple((r, n) for r, n in out.items() if n)
        self.strength = _handlers(lv.abilities, BUILDING_STRENGTH, "wars")
        self.income = _handlers(lv.abilities, INCOME, "income")
        self.war_scoring = _handlers(lv.abilities, WAR_SCORING, "wars")
        self.legend_points = lv.legend_points


class BuildingRules:
    """A Building type: its levels and the ways to pay for each Construction of it.

    `build1`, `build2` (level 1 and 2 at once) and `upgrade` are tuples of payment alternatives
    (gold, need): Gold paid instead of resources (Temple) and the resources to produce, (kind, n).
    """

    __slots__ = ("key", "name", "levels", "build1", "build2", "upgrade")

    def __init__(self, b: BuildingType):
        self.key = b.key
        self.name = b.name
        self.levels = {1: LevelRules(b, 1), 2: LevelRules(b, 2)}
        self.build1 = _payments([b.level(1)])
        self.build2 = _payments([b.level(1), b.level(2)])
        self.upgrade = _payments([b.level(2)])


class CatalogRules:
    __slots__ = ("units", "buildings", "deck")

    def __init__(self, catalog: Catalog):
        self.deck = tuple(catalog.deck_keys())
        self.units = {k: UnitRules(t) for k, t in catalog.units.items()}
        self.buildings = {k: BuildingRules(b) for k, b in catalog.buildings.items()}


_COMPILED: dict[int, tuple[Catalog, CatalogRules]] = {}  # id(catalog) -> (catalog kept alive, rules)


def catalog_rules(catalog: Catalog) -> CatalogRules:
    """The compiled rules of a catalog (computed once per catalog object)."""
    hit = _COMPILED.get(id(catalog))
    if hit is None or hit[0] is not catalog:
        hit = _COMPILED[id(catalog)] = (catalog, CatalogRules(catalog))
    return hit[1]


def price(payments: tuple, res: dict, land: int, gold: int, any_sub: bool, wood_sub: bool) -> int | None:
    """Cheapest Gold price of a Construction (None if impossible or over `gold`)."""
    best = None
    for base, need in payments:
        g = land + base
        if g > gold:  # what is missing only adds to it
            continue
        for r, n in need:
            missing = n - res[r]
            if missing > 0:
                if not (any_sub or (wood_sub and r == "wood")):
                    break
                g += missing
        else:
            if g <= gold and (best is None or g < best):
                best = g
    return best


def _handlers(abilities: tuple[Ability, ...], table: dict, phase: str) -> tuple:
    return tuple((table[a.effect], a.params) for a in abilities if a.effect in table and a.phase == phase)


def _first_param(t: UnitType, effect: str, param: str):
    a = t.ability(effect)
    return None if a is None else a.params[param]


def _payments(parts: list[BuildingLevel]) -> tuple:
    out = []
    for alts in product(*[(False, True) if part.gold_alternative is not None else (False,) for part in parts]):
        gold, need = 0, Counter()
        for part, alt in zip(parts, alts):
            if alt:
                gold += part.gold_alternative
            else:
                need.update(part.cost)
        out.append((gold, tuple(need.items())))
    return tuple(out)

"""The registry of effect kinds: every kind of `cards.EFFECTS` has its handlers here, one per hook.

A hook is a moment the engine asks cards something (a Unit's strength, the Income, a reveal…); each
hook has one handler signature. `@handler(Hook.INCOME, "gold")` registers a handler, so adding an
effect kind touches the card schema (`cards.EFFECTS`), this module and the card text, nothing else.
`RESOLVED_ELSEWHERE` names the kinds the engine resolves itself; a test checks that every kind is
registered or listed there. The registry is complete once this module is imported.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from enum import StrEnum
from itertools import product
from typing import Any, Protocol

from .cards import RESOURCES, Ability, BuildingLevel, BuildingType, Catalog, Params, Production, UnitType
from .state import FRONT, SLOT_NAMES, Unit


class Hook(StrEnum):
    """When the engine asks the cards, and the signature of the handlers it calls then."""

    TRAIT = "trait"  # compiling a card type: (params, traits: UnitRules) -> None, sets what the engine reads
    REVEAL = "reveal"  # phase 2, a Unit revealed now: (kingdom: Kingdom, slot, card, params) -> None
    EVERY_TURN = "every_turn"  # phase 2, every Unit in play: (kingdom: Kingdom, slot, card, params) -> None
    STRENGTH = "strength"  # phase 3, one Unit: (strength, params, unit, ctx) -> new strength
    BUILDING_STRENGTH = "building_strength"  # phase 3, a Building: (params, ctx) -> strength it adds
    WARS = "wars"  # phase 3 scoring: (params, ctx, unit_strengths) -> (LP, Gold)
    INCOME = "income"  # phase 4: (params, unit or None for a Building, ctx) -> Gold
    OWN_DEATH = "own_death"  # phase 6, the dying Unit itself: (params, unit) -> (LP, Gold)
    OTHERS_DEATH = "others_death"  # phase 6, a Unit that sees Units die: (params, Age of the dying) -> LP
    END_OF_GAME = "end_of_game"  # final scoring, a Unit in play: (params, unit) -> LP


HANDLERS: dict[Hook, dict[str, Callable[..., Any]]] = {hook: {} for hook in Hook}
Handlers = tuple[tuple[Callable[..., Any], Params], ...]  # (handler, params) of a card's abilities
Payment = tuple[int, tuple[tuple[str, int], ...]]  # Gold paid instead of resources, resources needed

# Kinds the engine resolves itself, with where (none today: every kind has a handler).
RESOLVED_ELSEWHERE: dict[str, str] = {}


def handler(hook: Hook, kind: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register the decorated function as the handler of effect `kind` at `hook` (once only)."""

    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        table = HANDLERS[hook]
        if kind in table:
            raise ValueError(f"effect kind {kind!r} already has a {hook} handler")
        table[kind] = fn
        return fn

    return register


def unit_yield(count: int, condition: str | None, slot: int | None, age: int) -> int:
    """What one production entry yields for a Unit at `slot` with `age` Age tokens (a Building:
    slot None, age 0). The one place that knows `cards.PRODUCTION_CONDITIONS`."""
    if condition is None:
        return count
    if condition == "in_front":
        return count if slot in FRONT else 0
    if condition == "aged":
        return count if age >= 1 else 0
    return count * age  # per_own_age


def produced(productions: tuple[Production, ...], unit: Unit | None, slot: int | None, out: dict[str, int]) -> None:
    """Add what these productions yield (for a Unit at `slot`, or a Building when unit is None)."""
    age = unit.age if unit is not None else 0
    for p in productions:
        out[p.resource] += unit_yield(p.count, p.condition, slot, age)


_NO_RESOURCES = dict.fromkeys(RESOURCES, 0)


def empty_resources() -> dict[str, int]:
    return _NO_RESOURCES.copy()


class Context:
    """What strength and scoring handlers may read about a Kingdom, computed once per use."""

    __slots__ = ("resources", "kingdom_age", "income", "wars_won")

    def __init__(self, resources: dict[str, int], kingdom_age: int, income: int, wars_won: int = 0):
        self.resources = resources
        self.kingdom_age = kingdom_age
        self.income = income
        self.wars_won = wars_won


class Kingdom(Protocol):
    """What phase-2 handlers may do to their player's Kingdom (the engine provides it)."""

    def units(self) -> list[tuple[int, Unit]]: ...
    def buildings(self) -> dict[str, int]: ...
    def resources(self) -> dict[str, int]: ...
    def add_age(self, slot: int, amount: int, source: int) -> None: ...
    def upgrade(self, building: str, source: int) -> None: ...
    def ask_age_target(self, source: int, amount: int) -> None: ...


# --- traits: what the engine reads of a card type, set once when the catalog is compiled ---------
def _trait(kind: str, **values: Any) -> None:
    """Register a kind that only sets fixed trait values (it takes no parameters)."""

    def set_traits(p: Params, t: UnitRules) -> None:
        for name, value in values.items():
            setattr(t, name, value)

    handler(Hook.TRAIT, kind)(set_traits)


_trait("fight_from_back", fights_from_back=True)
_trait("cannot_fight_if_aged", cannot_fight_if_aged=True)
_trait("ignore_land_cost", ignore_land_cost=True)
_trait("never_dies", never_dies=True)


@handler(Hook.TRAIT, "dies_at_age")
def _dies_at_age(p: Params, t: UnitRules) -> None:
    t.dies_at = p["min_age"]


@handler(Hook.TRAIT, "save_one_unit")
def _save_one_unit(p: Params, t: UnitRules) -> None:
    """Mystical Healer: saves a dying Unit with exactly `age` Age tokens (the engine asks who)."""
    t.healer = True
    t.save_ages += (p["age"],)


@handler(Hook.TRAIT, "gold_for_resource")
def _gold_for_resource(p: Params, t: UnitRules) -> None:
    """Construction: a missing resource of this kind ("any": all kinds) is bought for 1 Gold."""
    if p["resource"] == "any":
        t.any_sub = True
    elif p["resource"] == "wood":
        t.wood_sub = True


@handler(Hook.TRAIT, "shapeshift")
def _shapeshift(p: Params, t: UnitRules) -> None:
    """Resolved before all reveals, in player order (the draws interact through the pile)."""
    t.shapeshift = p["max_cost"]


@handler(Hook.TRAIT, "lp_per_level2_building")
def _lp_per_level2_building(p: Params, t: UnitRules) -> None:
    """Kraken: scored at the end of phase 2, counting level-2 Buildings then (FAQ)."""
    t.lp_per_level2 = p["amount"]


# --- phase 2: reveal and every-turn abilities --------------------------------------------------
@handler(Hook.REVEAL, "age_self")
def _age_self(k: Kingdom, slot: int, card: int, p: Params) -> None:
    k.add_age(slot, p["amount"], card)


@handler(Hook.REVEAL, "age_other_units")
def _age_other_units(k: Kingdom, slot: int, card: int, p: Params) -> None:
    for other, _ in k.units():
        if other != slot:
            k.add_age(other, p["amount"], card)


@handler(Hook.REVEAL, "upgrade_all_buildings")
def _upgrade_all_buildings(k: Kingdom, slot: int, card: int, p: Params) -> None:
    for key, level in list(k.buildings().items()):
        if level == 1:
            k.upgrade(key, card)


@handler(Hook.REVEAL, "age_one_unit")
def _age_one_unit(k: Kingdom, slot: int, card: int, p: Params) -> None:
    """The owner chooses the Unit later (an age_target decision)."""
    k.ask_age_target(card, p["amount"])


@handler(Hook.EVERY_TURN, "age_one_unit_per_resource")
def _age_one_unit_per_resource(k: Kingdom, slot: int, card: int, p: Params) -> None:
    amount = k.resources()[p["resource"]]
    if amount:
        k.ask_age_target(card, amount)


# --- phase 3: strength of one Unit --------------------------------------------------------------
def _register(hook: Hook, table: dict[str, Callable[..., Any]]) -> None:
    for kind, fn in table.items():
        handler(hook, kind)(fn)


_register(Hook.STRENGTH, {
    "strength_if_produces": lambda s, p, u, ctx: p["value"] if ctx.resources[p["resource"]] >= 1 else s,
    "strength_if_aged": lambda s, p, u, ctx: p["value"] if u.age >= 1 else s,
    "strength_per_resource": lambda s, p, u, ctx: s + p["amount"] * ctx.resources[p["resource"]],
    "strength_per_own_age": lambda s, p, u, ctx: s + p["amount"] * u.age,
    "strength_per_kingdom_age": lambda s, p, u, ctx: s + p["amount"] * ctx.kingdom_age,
    "strength_per_income": lambda s, p, u, ctx: s + p["amount"] * ctx.income,
})

# --- phase 3: strength a Building adds to the Kingdom -----------------------------------------
_register(Hook.BUILDING_STRENGTH, {
    "strength_per_resource": lambda p, ctx: p["amount"] * ctx.resources[p["resource"]],
})

# --- phase 4: Income ------------------------------------------------------------------------------
_register(Hook.INCOME, {
    "gold": lambda p, u, ctx: p["amount"],
    "gold_per_resource": lambda p, u, ctx: p["amount"] * ctx.resources[p["resource"]],
    "gold_if_aged": lambda p, u, ctx: p["amount"] if u is not None and u.age >= 1 else 0,
})

# --- phase 3: Wars scoring --------------------------------------------------------------------
_register(Hook.WARS, {
    "lp_per_war_won": lambda p, ctx, st: (p["amount"] * ctx.wars_won, 0),
    "gold_per_war_won": lambda p, ctx, st: (0, p["amount"] * ctx.wars_won),
    "lp_per_resource_per_war_won": lambda p, ctx, st: (
        p["amount"] * ctx.resources[p["resource"]] * ctx.wars_won, 0),
    "lp_per_strong_unit": lambda p, ctx, st: (p["amount"] * sum(1 for s in st if s >= p["min_strength"]), 0),
    "lp_per_resource": lambda p, ctx, st: (p["amount"] * ctx.resources[p["resource"]], 0),
    "lp": lambda p, ctx, st: (p["amount"], 0),
})

# --- phase 6: Aging ---------------------------------------------------------------------------
_register(Hook.OWN_DEATH, {
    "lp_on_death": lambda p, u: (p["amount"], 0),
    "gold_per_own_age_on_death": lambda p, u: (0, p["amount"] * u.age),
    "lp_on_death_if_age": lambda p, u: (p["amount"] if u.age == p["age"] else 0, 0),
})
_register(Hook.OTHERS_DEATH, {
    "lp_per_age_of_dying_units": lambda p, dying_age: p["amount"] * dying_age,
})

# --- end of the game --------------------------------------------------------------------------
_register(Hook.END_OF_GAME, {
    "lp_per_own_age": lambda p, u: p["amount"] * u.age,
})

# The tables by their former names (read by the bots).
STRENGTH = HANDLERS[Hook.STRENGTH]
BUILDING_STRENGTH = HANDLERS[Hook.BUILDING_STRENGTH]
INCOME = HANDLERS[Hook.INCOME]
WAR_SCORING = HANDLERS[Hook.WARS]
ON_OWN_DEATH = HANDLERS[Hook.OWN_DEATH]


def handled_kinds() -> set[str]:
    """Every effect kind some hook handles or the engine resolves itself."""
    return {kind for table in HANDLERS.values() for kind in table} | set(RESOLVED_ELSEWHERE)


# --- Rules compiled once per card type ------------------------------------------------------------
# The engine's hot paths read these instead of scanning ability lists. They are derived only from
# the (immutable) catalog, so they never go stale when a game's state is edited.


NEVER = 1 << 30  # an Age no Unit reaches


class UnitRules:
    """What the engine asks of a Unit type, worked out once from its printed abilities: handlers per
    hook, and the traits the `Hook.TRAIT` handlers set."""

    __slots__ = ("name", "cost", "strength", "produces", "labels", "fights_from_back", "cannot_fight_if_aged",
                 "strength_mods", "income", "war_scoring", "on_death", "never_dies", "dies_at", "healer",
                 "save_ages", "save_text", "any_sub", "wood_sub", "ignore_land_cost", "shapeshift", "reveal",
                 "every_turn", "lp_per_level2", "others_death", "end_of_game", "fights", "death_age")

    def __init__(self, t: UnitType):
        abilities = t.abilities
        self.name = t.name
        self.cost = t.cost
        self.strength = t.strength or 0
        self.produces = tuple((p.resource, p.count, p.condition) for p in t.produces)
        self.labels = tuple(f"{t.name} ({name})" for name in SLOT_NAMES)
        self.fights_from_back = self.cannot_fight_if_aged = self.ignore_land_cost = False
        self.never_dies = self.healer = self.any_sub = self.wood_sub = False
        self.dies_at: int | None = None
        self.save_ages: tuple[int, ...] = ()
        self.save_text = next((a.text for a in abilities if a.effect == "save_one_unit"), "")
        self.shapeshift: int | None = None
        self.lp_per_level2: int | None = None
        traits = HANDLERS[Hook.TRAIT]
        for a in abilities:
            if a.effect in traits:
                traits[a.effect](a.params, self)
        # fights[aged][spot]: whether the Unit adds its strength in the Wars, from that spot, with Age
        # tokens (aged) or none: Front spots fight, Back spots not unless it fights from the Back.
        self.fights = tuple(tuple((spot in FRONT or self.fights_from_back) and not (self.cannot_fight_if_aged and aged)
                                  for spot in range(len(SLOT_NAMES))) for aged in (False, True))
        # The Age tokens with which the Unit dies at the Aging phase: 1, or its `dies_at_age`, or
        # (`never_dies`) a count no Unit reaches.
        self.death_age = NEVER if self.never_dies else max(1, self.dies_at or 1)
        self.reveal = tuple((h, a.params) for a in abilities if a.phase == "deployment" and a.reveal
                            for h in [HANDLERS[Hook.REVEAL].get(a.effect)] if h is not None)
        self.every_turn = _handlers(abilities, Hook.EVERY_TURN, "deployment")
        self.strength_mods = _handlers(abilities, Hook.STRENGTH, "wars")
        self.income = _handlers(abilities, Hook.INCOME, "income")
        self.war_scoring = _handlers(abilities, Hook.WARS, "wars")
        self.on_death = _handlers(abilities, Hook.OWN_DEATH, "aging")
        self.others_death = _handlers(abilities, Hook.OTHERS_DEATH)
        self.end_of_game = _handlers(abilities, Hook.END_OF_GAME)


class LevelRules:
    """One level of a Building: what it produces (fixed), its handlers, its label and its LP."""

    __slots__ = ("label", "produces", "strength", "income", "war_scoring", "legend_points")

    def __init__(self, b: BuildingType, level: int):
        lv = b.level(level)
        out = dict.fromkeys(RESOURCES, 0)
        produced(lv.produces, None, None, out)
        self.label = f"{b.name} (level {level})"
        self.produces = tuple((r, n) for r, n in out.items() if n)
        self.strength = _handlers(lv.abilities, Hook.BUILDING_STRENGTH, "wars")
        self.income = _handlers(lv.abilities, Hook.INCOME, "income")
        self.war_scoring = _handlers(lv.abilities, Hook.WARS, "wars")
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


def price(payments: tuple[Payment, ...], res: dict[str, int], land: int, gold: int, any_sub: bool,
          wood_sub: bool) -> int | None:
    """Cheapest Gold price of a Construction (None if impossible or over `gold`)."""
    best = None
    for base, need in payments:
        g = land + base
        if g > gold or (best is not None and g >= best):  # what is missing only adds to it
            continue
        for r, n in need:
            if res[r] < n:
                if not (any_sub or (wood_sub and r == "wood")):
                    break
                g += n - res[r]
        else:
            if g <= gold and (best is None or g < best):
                best = g
    return best


def _handlers(abilities: tuple[Ability, ...], hook: Hook, phase: str | None = None) -> Handlers:
    """(handler, params) of the abilities `hook` handles (of `phase` only, when given)."""
    table = HANDLERS[hook]
    return tuple((table[a.effect], a.params) for a in abilities
                 if a.effect in table and (phase is None or a.phase == phase))


def _payments(parts: list[BuildingLevel]) -> tuple[Payment, ...]:
    out = []
    for alts in product(*[(False, True) if part.gold_alternative is not None else (False,) for part in parts]):
        gold, need = 0, Counter[str]()
        for part, alt in zip(parts, alts):
            if alt and part.gold_alternative is not None:
                gold += part.gold_alternative
            else:
                need.update(part.cost)
        out.append((gold, tuple(need.items())))
    return tuple(out)

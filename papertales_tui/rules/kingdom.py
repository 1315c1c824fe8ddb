"""Kingdom arithmetic: what a Kingdom produces, earns, fights with, pays and loses, as pure
functions of the compiled card rules (`effects.UnitRules` by card id, `effects.BuildingRules` by
key) and one `Player`. Nothing here changes a state; `Game` answers its queries with these, and
the phases (rules/phases/) resolve with them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from . import effects
from .decisions import Build, Upgrade
from .effects import BuildingRules, Context, UnitRules, unit_yield
from .state import Player, Unit

Rules = list[UnitRules]  # by card id, as `Game.rules`
Buildings = dict[str, BuildingRules]  # by Building key

BASE_INCOME = 2
_NO_RESOURCES = effects.empty_resources()


@dataclass(frozen=True, slots=True)
class Forecast:
    """A Kingdom's figures for the current turn (see `Game.forecast`)."""

    strength: int
    income: int
    unit_strengths: dict[int, int]  # spot -> strength with modifiers, whether the Unit fights or not
    war_gains: tuple[tuple[int, int], ...]  # (LP, Gold) of Wars abilities, one per wars_won asked
    death_gains: tuple[int, int]  # (LP, Gold) of Aging abilities for the Units that would die


def forecast(rules: Rules, buildings: Buildings, cards: list[str], p: Player,
             wars_won: tuple[int, ...]) -> tuple[Forecast, dict[str, int]]:
    """The Kingdom's `Forecast` for `wars_won` Wars won, and its resources, in one pass."""
    # one loop over the spots (the bots ask for thousands of Kingdoms a decision): the same sums
    # as `strength_parts`, `war_gains` and `death_gains` give
    ctx = context(rules, buildings, p)
    units = strengths(rules, p, ctx)
    strength = 0
    dead = []
    for slot, s in units.items():
        u = p.slots[slot]
        assert u is not None  # (a spot with a strength holds a Unit)
        r = rules[u.card]
        if r.fights[u.age >= 1][slot]:
            strength += s
        if u.age >= r.death_age:
            dead.append(u)
    for key, level in p.buildings.items():
        for h, params in buildings[key].levels[level].strength:
            strength += h(params, ctx)
    wars = war_totals(rules, buildings, cards, p, ctx, units, wars_won) if wars_won else ()
    death_lp = death_gold = 0
    if dead:
        for lp, gold, _ in death_gains(rules, cards, p, dead):
            death_lp += lp
            death_gold += gold
    return Forecast(strength, ctx.income, units, wars, (death_lp, death_gold)), ctx.resources


def resources(rules: Rules, buildings: Buildings, p: Player) -> dict[str, int]:
    """The resources the Kingdom produces."""
    out = _NO_RESOURCES.copy()
    for slot, u in enumerate(p.slots):
        if u is None:
            continue
        for r, n, condition in rules[u.card].produces:
            out[r] += n if condition is None else unit_yield(n, condition, slot, u.age)
    for key, level in p.buildings.items():
        for r, n in buildings[key].levels[level].produces:
            out[r] += n
    return out


def income(rules: Rules, buildings: Buildings, p: Player, res: dict[str, int]) -> int:
    """Gold the Kingdom earns in the Income phase, the base 2 included (`res`: its resources)."""
    ctx = Context(res, 0, 0)
    gold = BASE_INCOME
    for u in p.slots:
        if u is not None and rules[u.card].income:
            for h, params in rules[u.card].income:
                gold += h(params, u, ctx)
    for key, level in p.buildings.items():
        for h, params in buildings[key].levels[level].income:
            gold += h(params, None, ctx)
    return gold


def context(rules: Rules, buildings: Buildings, p: Player) -> Context:
    """What strength and Wars abilities read: resources, the age of the Kingdom, its Income."""
    res = resources(rules, buildings, p)
    age = 0
    for u in p.slots:
        if u is not None:
            age += u.age
    return Context(res, age, income(rules, buildings, p, res))


def unit_strength(rules: Rules, u: Unit, ctx: Context) -> int:
    r = rules[u.card]
    s = r.strength
    for h, params in r.strength_mods:
        s = h(s, params, u, ctx)
    return s


def strengths(rules: Rules, p: Player, ctx: Context) -> dict[int, int]:
    """Strength of each Unit (by spot), modifiers included, whether it fights or not."""
    out = {}
    for slot, u in enumerate(p.slots):  # (`unit_strength` inlined: the bots ask for it a lot)
        if u is not None:
            r = rules[u.card]
            s = r.strength
            for h, params in r.strength_mods:
                s = h(s, params, u, ctx)
            out[slot] = s
    return out


def strength_parts(rules: Rules, buildings: Buildings, p: Player, ctx: Context,
                   unit_strengths: dict[int, int]) -> list[tuple[str, int]]:
    """(label, strength) of each fighting Unit and each Building modifier."""
    parts = []
    for slot, u in enumerate(p.slots):
        if u is not None and rules[u.card].fights[u.age >= 1][slot]:
            parts.append((rules[u.card].labels[slot], unit_strengths[slot]))
    for key, level in p.buildings.items():
        lv = buildings[key].levels[level]
        for h, params in lv.strength:
            parts.append((lv.label, h(params, ctx)))
    return parts


def strength(rules: Rules, buildings: Buildings, p: Player, ctx: Context, unit_strengths: dict[int, int]) -> int:
    """The Kingdom's strength: the sum of `strength_parts`, without the parts."""
    total = 0
    for slot, u in enumerate(p.slots):
        if u is not None and rules[u.card].fights[u.age >= 1][slot]:
            total += unit_strengths[slot]
    for key, level in p.buildings.items():
        for h, params in buildings[key].levels[level].strength:
            total += h(params, ctx)
    return total


def at_war(rules: Rules, buildings: Buildings, cards: list[str], p: Player, ctx: Context,
           unit_strengths: dict[int, int]) -> dict[str, Any]:
    """The Kingdom as it goes to War, for the `war_strength` event: the parts of its strength (as
    `strength_parts`, by key: {card, spot, strength} of each fighting Unit, {building, level,
    strength} of each Building modifier); each Unit as [spot, card, Age tokens, strength, fights],
    each Building as [key, level, strength it adds]."""
    parts: list[dict[str, Any]] = []
    units = []
    for slot, u in enumerate(p.slots):  # (loops without comprehensions or calls: asked every Wars)
        if u is not None:
            fight = rules[u.card].fights[u.age >= 1][slot]  # (whether it adds its strength from this spot)
            units.append([slot, u.card, u.age, unit_strengths[slot], fight])
            if fight:
                parts.append({"card": cards[u.card], "spot": slot, "strength": unit_strengths[slot]})
    out_buildings = []
    for key, level in p.buildings.items():
        added = 0
        for h, params in buildings[key].levels[level].strength:
            value = h(params, ctx)
            parts.append({"building": key, "level": level, "strength": value})
            added += value
        out_buildings.append([key, level, added])
    return {"parts": parts, "units": units, "buildings": out_buildings}


def war_sources(rules: Rules, buildings: Buildings, cards: list[str], p: Player) -> list[tuple[str, Any]]:
    """(source key, handlers) of the Kingdom's Wars-phase scoring abilities, Units first."""
    sources = [(cards[u.card], rules[u.card].war_scoring) for u in p.slots
               if u is not None and rules[u.card].war_scoring]
    sources += [(k, buildings[k].levels[lv].war_scoring) for k, lv in p.buildings.items()]
    return sources


def war_gains(rules: Rules, buildings: Buildings, cards: list[str], p: Player, ctx: Context,
              unit_strengths: list[int]) -> list[tuple[str, int, int]]:
    """(source key, LP, Gold) of the Wars-phase abilities, for `ctx.wars_won` Wars won."""
    out = []
    for u in p.slots:  # (the sources of `war_sources`, in its order, without the list: asked every Wars)
        if u is not None and rules[u.card].war_scoring:
            for h, params in rules[u.card].war_scoring:
                lp, gold = h(params, ctx, unit_strengths)
                if lp or gold:
                    out.append((cards[u.card], lp, gold))
    for key, level in p.buildings.items():
        for h, params in buildings[key].levels[level].war_scoring:
            lp, gold = h(params, ctx, unit_strengths)
            if lp or gold:
                out.append((key, lp, gold))
    return out


def war_totals(rules: Rules, buildings: Buildings, cards: list[str], p: Player, ctx: Context,
               units: dict[int, int], wars_won: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """(LP, Gold) of the Kingdom's Wars abilities for each count in `wars_won` (`war_gains` summed)."""
    handlers = [hp for _, handlers in war_sources(rules, buildings, cards, p) for hp in handlers]
    out = []
    for w in wars_won:
        ctx.wars_won = w
        lp = gold = 0
        for h, params in handlers:
            a, b = h(params, ctx, list(units.values()))
            lp += a
            gold += b
        out.append((lp, gold))
    return tuple(out)


def dies(rules: Rules, u: Unit) -> bool:
    """Whether the Unit dies at the Aging phase (unless a Mystical Healer saves it)."""
    return u.age >= rules[u.card].death_age


def dying(rules: Rules, p: Player, saved: Any = ()) -> list[tuple[int, Unit]]:
    """(spot, Unit) of the Units that die at this Aging; those in `saved` spots live."""
    return [(slot, u) for slot, u in enumerate(p.slots)
            if u is not None and u.age >= rules[u.card].death_age and slot not in saved]


def death_gains(rules: Rules, cards: list[str], p: Player, dead: list[Unit]) -> list[tuple[int, int, str]]:
    """(LP, Gold, source key) of the Aging abilities for these dying Units of the Kingdom."""
    changes = []
    for u in dead:
        r = rules[u.card]
        for h, params in r.on_death:
            lp, gold = h(params, u)
            if lp or gold:
                changes.append((lp, gold, cards[u.card]))
    dying_age = 0
    for u in dead:
        dying_age += u.age
    if dying_age:
        for other in p.slots:
            if other is not None:
                for h, params in rules[other.card].others_death:
                    changes.append((h(params, dying_age), 0, cards[other.card]))
    return changes


def healers(rules: Rules, p: Player) -> int:
    """The Kingdom's Mystical Healers: each saves one Unit."""
    return sum(1 for u in p.slots if u is not None and rules[u.card].healer)


def healable(rules: Rules, p: Player) -> list[int]:
    """Spots of the dying Units a Healer of this Kingdom could save (whether it has one or not)."""
    ages = {age for u in p.slots if u is not None for age in rules[u.card].save_ages}
    if not ages:
        return []
    return [slot for slot, u in enumerate(p.slots) if u is not None and u.age in ages and dies(rules, u)]


def heal_needed(rules: Rules, p: Player) -> bool:
    """Whether the player has a Healer and a Unit it could save (asked of every player at every Aging)."""
    for u in p.slots:
        if u is not None and rules[u.card].healer:
            return bool(healable(rules, p))
    return False


def payment_terms(rules: Rules, p: Player) -> tuple[int, bool, bool]:
    """(Land cost, any resource can be bought, wood can be bought) for this Kingdom."""
    any_sub = wood_sub = no_land = False  # Merchant-like substitutes, Land cost ignored
    for u in p.slots:
        if u is not None:
            r = rules[u.card]
            any_sub |= r.any_sub
            wood_sub |= r.wood_sub
            no_land |= r.ignore_land_cost
    return (0 if no_land else 2 * len(p.buildings)), any_sub, wood_sub


def construction_options(rules: Rules, buildings: Buildings, p: Player,
                         res: dict[str, int] | None = None) -> tuple[Build | Upgrade, ...]:
    """Every Construction the player can afford now, each with its Gold price (`res`: the Kingdom's
    resources, if known)."""
    gold = p.gold
    land, any_sub, wood_sub = payment_terms(rules, p)
    if land > gold and 1 not in p.buildings.values():
        return ()  # the Land alone is over the Gold, and no Building to upgrade
    if res is None:
        res = resources(rules, buildings, p)
    # The prices depend on these alone, not on the Gold: worked out once for all games, and what
    # each amount of Gold affords of them once too
    key = (id(buildings), land, any_sub, wood_sub, tuple(res.values()), tuple(p.buildings.items()))
    hit = _PRICED.get(key)
    if hit is None or hit[0] is not buildings:
        if len(_PRICED) >= _PRICED_MAX:
            _PRICED.clear()
        hit = _PRICED[key] = (buildings, _priced(buildings, p.buildings, res, land, any_sub, wood_sub), {})
    affordable = hit[2].get(gold)
    if affordable is None:
        affordable = hit[2][gold] = tuple([o for o, least in hit[1] if least <= gold])
    return affordable


_UNLIMITED = 1 << 30
_PRICED_MAX = 100_000  # (a few thousand in a thousand games)
_PRICED: dict[tuple[Any, ...], tuple[Buildings, list[tuple[Build | Upgrade, int]],
                                    dict[int, tuple[Build | Upgrade, ...]]]] = {}


def _priced(buildings: Buildings, built: dict[str, int], res: dict[str, int], land: int, any_sub: bool,
            wood_sub: bool) -> list[tuple[Build | Upgrade, int]]:
    """Every Construction possible with unlimited Gold, with the Gold it needs: its price (a level 2
    built at once: also level 1's, as the rules only offer it when level 1 is affordable)."""
    out: list[tuple[Build | Upgrade, int]] = []
    price = effects.price
    for key, b in buildings.items():
        level = built.get(key)
        if level is None:
            gold1 = price(b.build1, res, land, _UNLIMITED, any_sub, wood_sub)
            if gold1 is None:  # level 2 at once costs level 1 and more
                continue
            out.append((Build(key, 1, gold1), gold1))
            gold2 = price(b.build2, res, land, _UNLIMITED, any_sub, wood_sub)
            if gold2 is not None:
                out.append((Build(key, 2, gold2), max(gold1, gold2)))
        elif level == 1:
            gold2 = price(b.upgrade, res, 0, _UNLIMITED, any_sub, wood_sub)
            if gold2 is not None:
                out.append((Upgrade(key, gold2), gold2))
    return out


@dataclass(frozen=True, slots=True)
class ConstructionPrice:
    """A Construction of a Building, possible now or not, with its price split (`Game.construction_report`)."""

    kind: str  # "build", "upgrade", or "complete" (the Building is at level 2: nothing else is set)
    building: str
    level: int
    possible: bool
    gold: int = 0  # the total
    land: int = 0  # Gold of Land cost
    instead: int = 0  # Gold paid instead of resources (Temple)
    resources: tuple[tuple[str, int], ...] = ()  # (kind, n) the Kingdom produces and uses
    bought: tuple[tuple[str, int], ...] = ()  # (kind, n) missing resources paid 1 Gold each (Unit discounts)
    missing: tuple[tuple[str, int], ...] = ()  # (kind, n) resources lacking
    short: int = 0  # Gold lacking
    opens_fifth: bool = False  # the player's first level-2 Building, which opens the 5th spot


def construction_report(rules: Rules, buildings: Buildings, p: Player) -> list[ConstructionPrice]:
    """Every Construction of every Building, possible now or not, with its price split (see
    `Game.construction_report`)."""
    land, any_sub, wood_sub = payment_terms(rules, p)
    res = resources(rules, buildings, p)
    out = []
    for key, b in buildings.items():
        level = p.buildings.get(key)
        if level is None:
            asks = [("build", 1, b.build1, land), ("build", 2, b.build2, land)]
        elif level == 1:
            asks = [("upgrade", 2, b.upgrade, 0)]
        else:
            out.append(ConstructionPrice("complete", key, 2, False))
            continue
        for kind, lv, payments, cost in asks:
            best = min((payment(kind, key, lv, base, need, res, cost, p.gold, any_sub, wood_sub)
                        for base, need in payments),
                       key=lambda r: (not r.possible, len(r.missing), r.short, r.gold))
            out.append(replace(best, opens_fifth=lv == 2 and not p.has_fifth_slot()))
    return out


def payment(kind: str, building: str, level: int, base: int, need: tuple[tuple[str, int], ...], res: dict[str, int],
            land: int, gold: int, any_sub: bool, wood_sub: bool) -> ConstructionPrice:
    """One way to pay for a Construction, as `effects.price` counts it, with its parts."""
    used: list[tuple[str, int]] = []
    bought: list[tuple[str, int]] = []
    missing: list[tuple[str, int]] = []
    for r, n in need:
        have = min(n, res[r])
        if have:
            used.append((r, have))
        if n > have:
            (bought if any_sub or (wood_sub and r == "wood") else missing).append((r, n - have))
    total = land + base + sum(n for _, n in bought)
    short = max(0, total - gold)
    return ConstructionPrice(kind, building, level, not missing and not short, total, land, base, tuple(used),
                             tuple(bought), tuple(missing), short)


def deployment_end_gains(rules: Rules, cards: list[str], p: Player) -> list[tuple[str, int, int]]:
    """End of phase 2, (card key, LP, Gold): Kraken's penalty counts level-2 Buildings now (FAQ)."""
    out = []
    for slot, u in enumerate(p.slots):  # (a loop over the Units: few are Krakens, fewer revealed now)
        lp = None if u is None else rules[u.card].lp_per_level2
        if lp is not None and slot in p.revealed:
            level2 = sum(1 for lv in p.buildings.values() if lv == 2)
            if level2:
                out.append((cards[p.unit(slot).card], lp * level2, 0))
    return out


def has_phase2_abilities(rules: Rules, p: Player, revealed: list[int]) -> bool:
    """Whether the Kingdom has reveal abilities of new Units or every-turn abilities to apply."""
    for slot, u in enumerate(p.slots):
        if u is not None and (rules[u.card].every_turn or rules[u.card].reveal and slot in revealed):
            return True
    return False


def end_of_game_gains(rules: Rules, buildings: Buildings, cards: list[str], p: Player) -> list[tuple[int, str]]:
    """(LP, cause) the Kingdom scores at the end of the game: its Buildings, then its Units' abilities."""
    out = [(buildings[key].levels[level].legend_points, key) for key, level in p.buildings.items()]
    for _, u in p.units():
        for h, params in rules[u.card].end_of_game:
            out.append((h(params, u), cards[u.card]))
    return out


def suggested_unpaid(rules: Rules, gold: int, new: list[int]) -> list[int]:
    """The new Units to give up when `gold` is short: the cheapest are paid first (see
    `Game.suggested_unpaid`)."""
    return unpaid_for({c: rules[c].cost for c in new}, gold, new)


def unpaid_for(costs: Mapping[int, int], gold: int, new: list[int]) -> list[int]:
    """`suggested_unpaid` from the new Units' costs (as a seat sees them: its cards, its Gold)."""
    if sum(costs[c] for c in new) <= gold:
        return []
    unpaid = []
    for c in sorted(new, key=lambda c: costs[c]):
        cost = costs[c]
        if cost <= gold:
            gold -= cost
        else:
            unpaid.append(c)
    return unpaid

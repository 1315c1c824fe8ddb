"""How game things read on screen: glyphs (never colour alone), card lines, event sentences.

Display only: nothing here decides what is legal.
"""

from __future__ import annotations

from rich.text import Text

from ..rules.cards import BuildingType, Production, UnitType
from ..rules.state import SLOT_NAMES

GOLD = "¤"
LP = "★"
AGE = "◷"
STRENGTH = "⚔"
RESOURCE_GLYPHS = {"wood": "♣", "food": "✿", "ore": "◆"}
RESOURCE_STYLES = {"wood": "green", "food": "yellow", "ore": "cyan"}
PHASE_TITLES = {
    "recruitment": "Recruitment", "deployment": "Deployment", "wars": "Wars", "income": "Income",
    "construction": "Construction", "aging": "Aging", "end": "Game over",
}
SPOT_KEYS = ("F1", "F2", "F3", "B1", "B2")

LEGEND_LINES = (f"{GOLD} Gold   {LP} Legend Points (LP)   {AGE} Age tokens   {STRENGTH} strength",
                "   ".join(f"{g} {r}" for r, g in RESOURCE_GLYPHS.items()))
LEGEND = "   ".join(LEGEND_LINES)


def gold(n: int) -> Text:
    return Text(f"{GOLD}{n}", style="bold yellow")


def lp(n: int) -> Text:
    return Text(f"{LP}{n}", style="bold magenta")


def age(n: int) -> Text:
    return Text(f"{AGE}{n}", style="bold blue")


def strength(n: int | None) -> Text:
    return Text(f"{STRENGTH}{'-' if n is None else n}", style="bold red")


def resource(name: str, count: int = 1, words: bool = False) -> Text:
    glyph = RESOURCE_GLYPHS[name]
    label = f"{glyph}{count if count != 1 else ''}" + (f" {name}" if words else "")
    return Text(label, style=RESOURCE_STYLES[name])


def resources(res: dict[str, int]) -> Text:
    """e.g. ♣2 wood ✿0 food ◆1 ore."""
    return Text(" ").join(Text(f"{RESOURCE_GLYPHS[r]}{n} {r}", style=RESOURCE_STYLES[r]) for r, n in res.items())


def production(p: Production) -> Text:
    t = resource(p.resource, p.count)
    if p.condition == "in_front":
        t.append(" (Front)", style="dim")
    elif p.condition == "aged":
        t.append(f" (with {AGE})", style="dim")
    elif p.condition == "per_own_age":
        t.append(f"×{AGE}", style="dim")
    return t


def productions(ps: tuple[Production, ...]) -> Text:
    return Text(" ").join(production(p) for p in ps)


def unit_stats(t: UnitType) -> Text:
    """Cost, strength and production: `¤1 ⚔2 ♣`."""
    out = Text.assemble(gold(t.cost), " ", strength(t.strength))
    if t.produces:
        out.append(" ")
        out.append_text(productions(t.produces))
    return out


def unit_line(t: UnitType, width: int = 17) -> Text:
    return Text.assemble(Text(t.name.ljust(width), style="bold"), unit_stats(t))


def unit_detail(t: UnitType) -> Text:
    """Name, stats and every ability in plain words."""
    out = Text.assemble(Text(t.name, style="bold underline"), "  cost ", gold(t.cost), "  strength ",
                        strength(t.strength))
    if t.produces:
        out.append("  produces ")
        out.append_text(productions(t.produces))
    for a in t.abilities:
        tag = " (on reveal)" if a.reveal else ""
        out.append(f"\n• {PHASE_TITLES.get(a.phase, a.phase.replace('_', ' ').title())}{tag}: ", style="italic")
        out.append(a.text or a.effect.replace("_", " "))
    if not t.abilities:
        out.append("\n• No ability.", style="dim")
    return out


def building_detail(b: BuildingType) -> Text:
    out = Text(b.name, style="bold underline")
    for lvl in b.levels:
        verb = "build" if lvl.level == 1 else "upgrade"
        cost = Text(" ").join(resource(r, words=True) for r in lvl.cost)
        out.append(f"\nLevel {lvl.level}: ", style="bold")
        out.append_text(lp(lvl.legend_points))
        out.append(f" at the end · to {verb}: ")
        out.append_text(cost)
        if lvl.gold_alternative is not None:
            out.append(" or ")
            out.append_text(gold(lvl.gold_alternative))
        if lvl.produces:
            out.append(" · produces ")
            out.append_text(productions(lvl.produces))
        for a in lvl.abilities:
            out.append("\n  • ")
            out.append(a.text or a.effect.replace("_", " "))
    out.append("\nBuilding at level 1 also costs 2 Gold of land per Building you already have.", style="dim")
    return out


def spot_name(slot: int) -> str:
    return f"{SPOT_KEYS[slot]} {SLOT_NAMES[slot]}"


def building_name(catalog, key: str) -> str:
    b = catalog.buildings.get(key)
    return b.name if b else key


def describe(game, e: dict) -> str | None:
    """One sentence for a public event (None for events not worth a line)."""
    name = _namer(game)
    card = _carder(game)
    t = e["type"]
    if t == "game_started":
        return f"New game: {', '.join(e['players'])} (seed {e['seed']})."
    if t == "turn_started":
        return f"— Turn {e['turn']} —"
    if t == "cards_passed":
        return f"Cards passed to the {e['direction']}."
    if t == "deck_reshuffled":
        return f"The discard pile is shuffled into a new draw pile ({e['cards']} cards)."
    if t == "units_revealed":
        units = ", ".join(f"{card(c)} ({SLOT_NAMES[s]})" for s, c in e["units"]) or "no new Unit"
        return f"{name(e['player'])} reveals {units}."
    if t == "unit_unpaid":
        return f"{name(e['player'])} cannot pay for {card(e['card'])}: discarded."
    if t == "unit_discarded":
        return f"{name(e['player'])} discards {card(e['card'])} from play to make room."
    if t == "card_discarded" and e.get("private_to") is None:
        return f"{card(e['card'])} is discarded ({e.get('reason', '').replace('_', ' ')})."
    if t == "unit_replaced":
        return f"{name(e['player'])}'s {card(e['old'])} becomes {card(e['new'])}."
    if t == "shapeshift_failed":
        return f"{name(e['player'])}'s Shapeshifter found nothing to become."
    if t == "age_added":
        return f"{name(e['player'])}'s {card(e['card'])} +{e['amount']}{AGE} ({e['cause']}), now {AGE}{e['total']}."
    if t == "building_upgraded":
        how = f" for {GOLD}{e['gold']}" if e.get("gold") else ""
        return f"{name(e['player'])} upgrades {building_name(game.catalog, e['building'])} to level 2{how} ({e['cause']})."
    if t == "building_built":
        return (f"{name(e['player'])} builds {building_name(game.catalog, e['building'])} at level {e['level']} "
                f"for {GOLD}{e['gold']}.")
    if t == "construction_passed":
        return f"{name(e['player'])} builds nothing."
    if t == "lp":
        sign = "+" if e["amount"] >= 0 else ""
        return f"{name(e['player'])} {sign}{e['amount']}{LP} ({e['cause']}), now {LP}{e['total']}."
    if t == "gold":
        sign = "+" if e["amount"] >= 0 else ""
        return f"{name(e['player'])} {sign}{e['amount']}{GOLD} ({e['cause']}), now {GOLD}{e['total']}."
    if t == "war_strength":
        return f"{name(e['player'])} fights with {STRENGTH}{e['strength']}."
    if t == "war":
        return war_sentence(game, e)
    if t == "unit_saved":
        return f"{name(e['player'])}'s Mystical Healer saves {card(e['card'])}."
    if t == "unit_died":
        return f"{name(e['player'])}'s {card(e['card'])} dies ({AGE}{e['age']})."
    if t == "units_aged":
        return f"{name(e['player'])}'s Units in play each gain 1{AGE}." if e["slots"] else None
    if t == "game_over":
        winners = " and ".join(name(i) for i in e["winners"])
        return f"Game over. {winners} win{'s' if len(e['winners']) == 1 else ''}."
    return None


def war_sentence(game, e: dict) -> str:
    name = _namer(game)
    i, j = e["players"]
    a, b = e["strengths"]
    if "wars_won" in e:  # 2 players: one double war
        won = e["wars_won"]
        parts = [f"{name(k)} wins {won[k]} War{'s' if won[k] != 1 else ''}" for k in (i, j) if won[k]]
        return f"{name(i)} {STRENGTH}{a} vs {name(j)} {STRENGTH}{b}: " + (", ".join(parts) or "no winner") + "."
    w = e["winners"]
    result = "both win (tie)" if len(w) == 2 else f"{name(w[0])} wins"
    return f"{name(i)} {STRENGTH}{a} vs {name(j)} {STRENGTH}{b}: {result}."


def _namer(game):
    return lambda i: game.players[i].name


def _carder(game):
    return lambda c: game.card(c).name

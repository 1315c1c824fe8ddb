"""How game things read on screen: glyphs (never colour alone) and card lines. Event sentences come
from the one narrator, text/narrator.py.

Display only: nothing here decides what is legal.
"""

from __future__ import annotations

from rich.text import Text

from ..rules import (
    FIFTH_SLOT,
    SLOT_NAMES,
    BuildingType,
    Catalog,
    LichKingCard,
    NecropolisCard,
    Production,
    Quest,
    UnitType,
)
from ..text.glyphs import AGE as AGE  # the shared glyphs, re-exported for the screens
from ..text.glyphs import ARMY_NAMES as ARMY_NAMES
from ..text.glyphs import GOLD as GOLD
from ..text.glyphs import LP as LP
from ..text.glyphs import STRENGTH as STRENGTH
from ..text.glyphs import necropolis_label as necropolis_label

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


def unit_detail(t: UnitType, compact: bool = False) -> Text:
    """Name, stats and every ability in plain words; `compact` (short of rows, where a list shows the
    stats): the name, then the abilities, on as few lines as they wrap to."""
    if compact:
        out = Text(t.name, style="bold underline")
        for line in unit_detail(t).split("\n")[1:]:
            out.append(" ")
            out.append_text(line)
        return out
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
    out.append(f"\nYour first Building at level 2 opens your 5th spot ({SPOT_KEYS[FIFTH_SLOT]}, Front).", style="dim")
    return out


PHASE_SHORT = {"deployment": "Deployment", "wars": "Wars", "income": "Income", "construction": "Construction",
               "aging": "Aging", "end_of_game": "end-of-game"}
SOLO_DESIGN_NOTE = ("The Necropolis and Lich King card values are this project's own design, not the printed "
                    "cards; edit them in cards/necropolis.yaml and cards/lich_king.yaml.")


def quest_condition(quest: Quest, compact: bool = False) -> str:
    """A quest's condition in a few words: `⚔4+`, `✿ food`, `Wars ability`... (`compact`: `Deploy
    ability` for the Necropolis row short of room)."""
    c, p = quest.condition, quest.params
    if compact and c == "has_phase_ability" and p["phase"] == "deployment":
        return "Deploy ability"
    if c == "strength_at_least":
        return f"{STRENGTH}{p['value']}+"
    if c == "strength_at_most":
        return f"{STRENGTH}{p['value']} or less"
    if c == "cost_at_least":
        return f"{GOLD}{p['value']}+"
    if c == "cost_at_most":
        return f"{GOLD}{p['value']} or less"
    if c == "produces":
        return "producer" if p["resource"] == "any" else f"{RESOURCE_GLYPHS[p['resource']]} {p['resource']}"
    if c == "produces_nothing":
        return "no production"
    if c == "has_phase_ability":
        return f"{PHASE_SHORT.get(p['phase'], p['phase'])} ability"
    if c == "has_reveal":
        return "reveal ability"
    if c == "no_ability":
        return "no ability"
    return c.replace("_", " ")


def quest_short(quest: Quest, compact: bool = False) -> str:
    """`★2 each ⚔4+`: the LP per matching Underworld Unit, and the condition (`compact`: `★2 ⚔4+`, for
    the Necropolis row short of room)."""
    return f"{LP}{quest.lp} {'' if compact else 'each '}{quest_condition(quest, compact)}"


def necropolis_detail(card: NecropolisCard) -> Text:
    """A Necropolis card in full, for the card browser."""
    pile = "END" if card.pile == "end" else f"turn {card.pile}"
    out = Text.assemble(Text(card.name, style="bold underline"), f"  Necropolis card ({pile})")
    gain = "at the end of the game" if card.pile == "end" else "when the Time token reaches it"
    out.append("\nGain: ")
    out.append_text(lp(card.gain))
    out.append(f" for the Lich King {gain}")
    out.append(f"\nArmies: Black {card.black} · Purple {card.purple}")
    out.append("\nQuest: ")
    out.append(card.quest.text or quest_short(card.quest) if card.quest else "none (an END card has no quest)")
    return out


def lich_card_detail(card: LichKingCard) -> Text:
    out = Text.assemble(Text(card.name, style="bold underline"), "  Lich King card")
    out.append(f"\n{card.text or card.effect.replace('_', ' ')}")
    return out


def spot_name(slot: int) -> str:
    return f"{SPOT_KEYS[slot]} {SLOT_NAMES[slot]}"


def building_name(catalog: Catalog, key: str) -> str:
    b = catalog.buildings.get(key)
    return b.name if b else key

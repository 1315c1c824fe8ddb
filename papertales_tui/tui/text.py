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


PHASE_SHORT = {"deployment": "Deployment", "wars": "Wars", "income": "Income", "construction": "Construction",
               "aging": "Aging", "end_of_game": "end-of-game"}
SOLO_DESIGN_NOTE = ("The Necropolis and Lich King card values are this project's own design, not the printed "
                    "cards; edit them in cards/necropolis.yaml and cards/lich_king.yaml.")


def quest_condition(quest) -> str:
    """A quest's condition in a few words: `⚔4+`, `✿ food`, `Wars ability`..."""
    c, p = quest.condition, quest.params
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


def quest_short(quest) -> str:
    """`★2 each ⚔4+`: the LP per matching Underworld Unit, and the condition."""
    return f"{LP}{quest.lp} each {quest_condition(quest)}"


def necropolis_detail(card) -> Text:
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


def lich_card_detail(card) -> Text:
    out = Text.assemble(Text(card.name, style="bold underline"), "  Lich King card")
    out.append(f"\n{card.text or card.effect.replace('_', ' ')}")
    return out


def spot_name(slot: int) -> str:
    return f"{SPOT_KEYS[slot]} {SLOT_NAMES[slot]}"


def building_name(catalog, key: str) -> str:
    b = catalog.buildings.get(key)
    return b.name if b else key


def describe(game, e: dict) -> str | None:  # noqa: C901 (one branch per event type)
    """One sentence for a public event (None for events not worth a line)."""
    name = _namer(game)
    card = _carder(game)
    t = e["type"]
    if t == "game_started":
        if e.get("mode") == "solo":
            return f"New solo game: {', '.join(e['players'])} against the Lich King (seed {e['seed']})."
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
        return (f"{name(e['player'])} upgrades {building_name(game.catalog, e['building'])} to level 2{how} "
                f"({e['cause']}).")
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
        if not e["winners"]:
            return "Game over. The Lich King wins."
        winners = " and ".join(name(i) for i in e["winners"])
        return f"Game over. {winners} win{'s' if len(e['winners']) == 1 else ''}."
    return describe_solo(game, e)


ARMY_NAMES = {"black": "Black", "purple": "Purple"}
LICH_CAUSES = {"immediate": "immediate gain", "quest": "quest", "wars": "Wars won", "end": "END card",
               "lich_card": "Lich King card"}


def necropolis_label(position: int) -> str:
    return "END" if position == 4 else str(position + 1)


def describe_solo(game, e: dict) -> str | None:
    """Sentences for the events of a solo game."""
    t = e["type"]
    if t == "solo_started":
        names = [game.catalog.lich_king[k].name for k in e["lich_cards"] if k in game.catalog.lich_king]
        cards = ", ".join(names) if names else "none"
        return f"Difficulty {e['difficulty']}: Lich King cards {cards}."
    if t == "necropolis_revealed":
        return (f"Necropolis card {necropolis_label(e['position'])} turns face up: {e['name']} "
                f"(gain {LP}{e['gain']}, Black {e['black']}, Purple {e['purple']}).")
    if t == "underworld_shuffled":
        return f"The Underworld ({e['cards']} cards) is shuffled."
    if t == "lich_quest":
        matches = e["matches"]
        found = ", ".join(game.card(c).name for c in matches) if matches else "none"
        return f"{e['source']}'s quest: {len(matches)} Underworld Unit{'s' if len(matches) != 1 else ''} ({found})."
    if t == "lich_lp":
        return (f"The Lich King +{e['amount']}{LP} ({e['source']}, {LICH_CAUSES.get(e['cause'], e['cause'])}), "
                f"now {LP}{e['total']}.")
    if t == "underworld_discarded":
        return f"The {len(e['cards'])} Underworld cards go to the discard pile."
    if t == "solo_war":
        return solo_war_sentence(game, e)
    if t == "time_moved":
        return f"The Time token moves to Necropolis card {necropolis_label(e['position'])}."
    if t == "solo_over":
        who = game.players[0].name if e["winner"] == "player" else "the Lich King"
        return f"{game.players[0].name} {LP}{e['player_lp']} vs the Lich King {LP}{e['lich_lp']}: {who} wins."
    return None


def solo_war_sentence(game, e: dict) -> str:
    name = game.players[0].name
    if e["player_won"] and e["lich_won"]:
        result = "a tie, both win"
    elif e["player_won"]:
        result = f"{name} wins"
    else:
        result = "the Lich King wins"
    return (f"{name} {STRENGTH}{e['strength']} vs the {ARMY_NAMES[e['army']]} army "
            f"{STRENGTH}{e['army_strength']}: {result}.")


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

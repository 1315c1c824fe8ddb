"""How game things read on screen: glyphs (never colour alone) and card lines. Event sentences come
from the one narrator, text/narrator.py.

Display only: nothing here decides what is legal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rich.text import Text

from ..rules import (
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
from ..text.i18n import N_, Area
from .board_i18n import SCREENS, _, card_name, styled, translated

RESOURCE_GLYPHS = {"wood": "♣", "food": "✿", "ore": "◆"}
RESOURCE_STYLES = {"wood": "green", "food": "yellow", "ore": "cyan"}
RESOURCE_NAMES = {"wood": N_("wood"), "food": N_("food"), "ore": N_("ore")}
PHASE_TITLES = {  # (English: phase_title says them in the screens' language)
    "recruitment": N_("Recruitment"), "deployment": N_("Deployment"), "wars": N_("Wars"), "income": N_("Income"),
    "construction": N_("Construction"), "aging": N_("Aging"), "end": N_("Game over"),
}


class _SpotKeys(Sequence[str]):
    """The spots' keys on the board (F1 F2 F3 B1 B2 in English), in the screens' language: one key per
    spot and language, the same on every screen (the narrator's spot names start with the same letters)."""

    def __getitem__(self, slot: int) -> str:  # type: ignore[override]
        keys = (SCREENS.pgettext("spot", "F1"), SCREENS.pgettext("spot", "F2"), SCREENS.pgettext("spot", "F3"),
                SCREENS.pgettext("spot", "B1"), SCREENS.pgettext("spot", "B2"))
        return keys[slot]

    def __len__(self) -> int:
        return 5


SPOT_KEYS: Sequence[str] = _SpotKeys()

CARD_TEXTS = Area("help")  # the cards' ability texts are the help's messages (docs/languages.md)
LEGEND_LINES = (f"{GOLD} Gold   {LP} Legend Points (LP)   {AGE} Age tokens   {STRENGTH} strength",
                "   ".join(f"{g} {r}" for r, g in RESOURCE_GLYPHS.items()))
LEGEND = "   ".join(LEGEND_LINES)


class HasText(Protocol):
    """An ability of a card (rules/cards.py `Ability`)."""

    @property
    def text(self) -> str: ...

    @property
    def effect(self) -> str: ...


def ability_text(ability: HasText) -> str:
    """An ability's text as the screens show it (the card file's words; its effect's name without one):
    the one place a translation of the cards' texts comes in (issue 32, the help's area)."""
    return CARD_TEXTS.translated(ability.text) if ability.text else ability.effect.replace("_", " ")


def phase_title(phase: str) -> str:
    """A phase's name in the screens' language (as the rulebooks name it)."""
    title = PHASE_TITLES.get(phase)
    return translated(title) if title else phase.replace("_", " ").title()


def resource_name(name: str) -> str:
    return translated(RESOURCE_NAMES[name]) if name in RESOURCE_NAMES else name


def legend_lines() -> tuple[str, str]:
    """LEGEND_LINES in the screens' language."""
    return (_("%(gold)s Gold   %(lp)s Legend Points (LP)   %(age)s Age tokens   %(strength)s strength")
            % {"gold": GOLD, "lp": LP, "age": AGE, "strength": STRENGTH},
            "   ".join(f"{g} {resource_name(r)}" for r, g in RESOURCE_GLYPHS.items()))


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
    label = f"{glyph}{count if count != 1 else ''}" + (f" {resource_name(name)}" if words else "")
    return Text(label, style=RESOURCE_STYLES[name])


def resources(res: dict[str, int]) -> Text:
    """e.g. ♣2 wood ✿0 food ◆1 ore."""
    return Text(" ").join(Text(f"{RESOURCE_GLYPHS[r]}{n} {resource_name(r)}", style=RESOURCE_STYLES[r])
                          for r, n in res.items())


def production(p: Production) -> Text:
    t = resource(p.resource, p.count)
    if p.condition == "in_front":
        t.append(" " + _("(Front)"), style="dim")
    elif p.condition == "aged":
        t.append(" " + _("(with %(age)s)") % {"age": AGE}, style="dim")
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
    name = card_name(t)
    return Text.assemble(Text(name.ljust(max(width, len(name) + 1)), style="bold"), unit_stats(t))


def unit_detail(t: UnitType, compact: bool = False) -> Text:
    """Name, stats and every ability in plain words; `compact` (short of rows, where a list shows the
    stats): the name, then the abilities, on as few lines as they wrap to."""
    if compact:
        out = Text(card_name(t), style="bold underline")
        for line in unit_detail(t).split("\n")[1:]:
            out.append(" ")
            out.append_text(line)
        return out
    out = Text.assemble(Text(card_name(t), style="bold underline"), "  ", styled(_("cost %(gold)s"), gold=gold(t.cost)),
                        "  ", styled(_("strength %(strength)s"), strength=strength(t.strength)))
    if t.produces:
        out.append("  ")
        out.append_text(styled(_("produces %(production)s"), production=productions(t.produces)))
    for a in t.abilities:
        phase = _("%(phase)s (on reveal)") % {"phase": phase_title(a.phase)} if a.reveal else phase_title(a.phase)
        out.append("\n• " + _("%(phase)s:") % {"phase": phase} + " ", style="italic")
        out.append(ability_text(a))
    if not t.abilities:
        out.append("\n• " + _("No ability."), style="dim")
    return out


def building_detail(b: BuildingType) -> Text:
    out = Text(card_name(b), style="bold underline")
    for lvl in b.levels:
        cost = Text(" ").join(resource(r, words=True) for r in lvl.cost)
        if lvl.gold_alternative is not None:
            cost = styled(_("%(resources)s or %(gold)s"), resources=cost, gold=gold(lvl.gold_alternative))
        out.append("\n")
        out.append(_("Level %(level)s:") % {"level": lvl.level}, style="bold")
        out.append(" ")
        out.append_text(styled(_("%(lp)s at the end · to build: %(cost)s") if lvl.level == 1
                               else _("%(lp)s at the end · to upgrade: %(cost)s"), lp=lp(lvl.legend_points), cost=cost))
        if lvl.produces:
            out.append(" · ")
            out.append_text(styled(_("produces %(production)s"), production=productions(lvl.produces)))
        for a in lvl.abilities:
            out.append("\n  • ")
            out.append(ability_text(a))
    out.append("\n" + _("Building at level 1 also costs 2 Gold of land per Building you already have."), style="dim")
    from ..rules import FIFTH_SLOT  # (the rules' state: loaded when a card is shown, not at start)

    out.append("\n" + _("Your first Building at level 2 opens your 5th spot (%(spot)s, Front).")
               % {"spot": SPOT_KEYS[FIFTH_SLOT]}, style="dim")
    return out


ABILITY_OF_PHASE = {  # a quest's condition: a Unit with an ability of this phase
    "deployment": N_("Deployment ability"), "wars": N_("Wars ability"), "income": N_("Income ability"),
    "construction": N_("Construction ability"), "aging": N_("Aging ability"), "end_of_game": N_("end-of-game ability")}
SOLO_DESIGN_NOTE = N_("The Necropolis and Lich King card values are this project's own design, not the printed "
                    "cards; edit them in cards/necropolis.yaml and cards/lich_king.yaml.")


def quest_condition(quest: Quest, compact: bool = False) -> str:
    """A quest's condition in a few words: `⚔4+`, `✿ food`, `Wars ability`... (`compact`: `Deploy
    ability` for the Necropolis row short of room)."""
    c, p = quest.condition, quest.params
    if compact and c == "has_phase_ability" and p["phase"] == "deployment":
        return _("Deploy ability")
    if c == "strength_at_least":
        return f"{STRENGTH}{p['value']}+"
    if c == "strength_at_most":
        return _("%(value)s or less") % {"value": f"{STRENGTH}{p['value']}"}
    if c == "cost_at_least":
        return f"{GOLD}{p['value']}+"
    if c == "cost_at_most":
        return _("%(value)s or less") % {"value": f"{GOLD}{p['value']}"}
    if c == "produces":
        r = p["resource"]
        return _("producer") if r == "any" else f"{RESOURCE_GLYPHS[r]} {resource_name(r)}"
    if c == "produces_nothing":
        return _("no production")
    if c == "has_phase_ability":
        return translated(ABILITY_OF_PHASE[p["phase"]]) if p["phase"] in ABILITY_OF_PHASE else p["phase"]
    if c == "has_reveal":
        return _("reveal ability")
    if c == "no_ability":
        return _("no ability")
    return c.replace("_", " ")


def quest_short(quest: Quest, compact: bool = False) -> str:
    """`★2 each ⚔4+`: the LP per matching Underworld Unit, and the condition (`compact`: `★2 ⚔4+`, for
    the Necropolis row short of room)."""
    values = {"lp": f"{LP}{quest.lp}", "condition": quest_condition(quest, compact)}
    return ("%(lp)s %(condition)s" if compact else _("%(lp)s each %(condition)s")) % values


def necropolis_detail(card: NecropolisCard) -> Text:
    """A Necropolis card in full, for the card browser."""
    kind = (_("Necropolis card (END)") if card.pile == "end"
            else _("Necropolis card (turn %(turn)s)") % {"turn": card.pile})
    out = Text.assemble(Text(SCREENS.card_name(card), style="bold underline"), f"  {kind}\n")
    out.append_text(styled(_("Gain: %(lp)s for the Lich King at the end of the game") if card.pile == "end"
                           else _("Gain: %(lp)s for the Lich King when the Time token reaches it"), lp=lp(card.gain)))
    out.append("\n" + _("Armies: Black %(black)s · Purple %(purple)s") % {"black": card.black, "purple": card.purple})
    out.append("\n" + _("Quest: %(quest)s") % {
        "quest": CARD_TEXTS.translated(card.quest.text) if card.quest and card.quest.text
        else quest_short(card.quest) if card.quest else _("none (an END card has no quest)")})
    return out


def lich_card_detail(card: LichKingCard) -> Text:
    out = Text.assemble(Text(SCREENS.card_name(card), style="bold underline"), "  " + _("Lich King card"))
    out.append("\n" + (CARD_TEXTS.translated(card.text) if card.text else card.effect.replace("_", " ")))
    return out


def spot_name(slot: int) -> str:
    from ..text.narrator import spot

    return f"{SPOT_KEYS[slot]} {spot(slot)}"


def building_name(catalog: Catalog, key: str) -> str:
    b = catalog.buildings.get(key)
    return card_name(b) if b else key

"""The words of the game board screens (the draft, the deployment board, the Wars, Construction, the
Kingdoms): the `screens` area's messages (docs/languages.md), card names and short names as each
language shows them, and chances as each language writes them."""

from __future__ import annotations

import re
from collections.abc import Mapping

from rich.text import Text

from ..rules import Catalog, UnitType
from ..text.i18n import N_, Area, Named

SCREENS = Area("screens")
_ = SCREENS.gettext
ngettext = SCREENS.ngettext
pgettext = SCREENS.pgettext  # ("buildings", "none"): a word that agrees with what it is said of


def card_name(card: Named) -> str:
    """A card's name in the screens' language (its official name there, else the English one)."""
    return SCREENS.card_name(card)


def short_name(card: UnitType) -> str:
    """A Unit's name in compact lines, in the screens' language: its short name in that language
    (`shorts:` in the card files) where the language shows its own name and that one is long, else the
    name shown when it is short enough, else the English short name."""
    shown = card_name(card)
    if shown == card.name:
        return card.short_name
    return card.short_in(SCREENS.language()) or shown


def percent(chance: float) -> str:
    """A chance worked out from samples, as the language writes a percentage (`70 %` in French); never
    a plain 0% or 100% (only what is known is sure): `<1%`, `>99%`."""
    from babel.numbers import format_percent  # (loaded when a forecast first shows a chance)

    locale = SCREENS.language()
    if chance < 0.01:
        return "<" + format_percent(0.01, locale=locale)
    if chance > 0.99:
        return ">" + format_percent(0.99, locale=locale)
    return format_percent(round(100 * chance) / 100, locale=locale)


def translated(message: str) -> str:
    """A message marked `N_("...")` where it is written (a table, a default), in the screens' language."""
    return _lookup(message)


_lookup = SCREENS.gettext  # (a message of a table: extraction found it where it was marked N_)

# What the forecast (rules/forecast.py, rules/solo.py) names in English, as the screens say it.
FORECAST_WORDS = {"Black army": N_("Black army"), "Purple army": N_("Purple army"), "Wars": N_("Wars"),
                  "END card": N_("END card"),
                  "the next Necropolis card (face down)": N_("the next Necropolis card (face down)")}
FORECAST_UNKNOWNS = ((re.compile(r"where (.+) puts its Age tokens"), N_("where %(card)s puts its Age tokens")),
                     (re.compile(r"what (.+) becomes"), N_("what %(card)s becomes")))


def shown_names(catalog: Catalog) -> dict[str, str]:
    """Every card's name as the screens' language shows it, by its English name (the forecast names the
    cards in English: rules/forecast.py), the solo cards' too."""
    out = {c.name: SCREENS.card_name(c) for c in catalog.units.values()}
    out |= {b.name: SCREENS.card_name(b) for b in catalog.buildings.values()}
    out |= {n.name: SCREENS.card_name(n) for n in catalog.necropolis.values()}
    return out | {k.name: SCREENS.card_name(k) for k in catalog.lich_king.values()}


def forecast_word(name: str, shown: Mapping[str, str] | None = None) -> str:
    """A side, a source of LP or an unknown of the forecast in the screens' language; a card by the
    name `shown` gives it (English name -> shown name), a player's name as it is."""
    shown = shown or {}
    if name in FORECAST_WORDS:
        return _lookup(FORECAST_WORDS[name])
    for pattern, message in FORECAST_UNKNOWNS:
        m = pattern.fullmatch(name)
        if m:
            return _lookup(message) % {"card": shown.get(m.group(1), m.group(1))}
    return shown.get(name, name)


PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def styled(message: str, style: str = "", **parts: Text | str) -> Text:
    """A translated message with its placeholders filled by styled texts, in the order the translation
    puts them: `styled(_("%(gold)s left"), gold=tx.gold(3))`. Literal text: no markup is read."""
    out = Text(style=style)
    pos = 0
    for m in PLACEHOLDER.finditer(message):
        out.append(message[pos:m.start()])
        part = parts[m.group(1)]
        out.append_text(part) if isinstance(part, Text) else out.append(part)
        pos = m.end()
    out.append(message[pos:])
    return out

"""The screens' language: the `screens` area of the catalogs (text/i18n.py, docs/languages.md), the key
bar's words in it, and lists and numbers as that language writes them (Babel's CLDR data).

A screen marks its words `_("...")` with `_ = SCREENS.gettext` and says them when it is made, so that a
screen made after the language changed speaks the new one (the title screen's language choice makes the
app's screens again). Key bindings keep their English description in `BINDINGS` (marked `N_`); the
screen gets them in its language when it is made (`translate_bindings`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from ..text.i18n import LANGUAGES, N_, Area

if TYPE_CHECKING:
    from textual.binding import Binding, BindingsMap
    from textual.dom import DOMNode

    from ..rules import Catalog

SCREENS = Area("screens")
# Each language's name in that language (the title screen offers them so: one finds one's own)
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "pl": "Polski", "es": "Español"}
assert tuple(LANGUAGE_NAMES) == LANGUAGES
RESOURCE_NAMES = {"wood": N_("wood"), "food": N_("food"), "ore": N_("ore")}  # (tui/text.py RESOURCE_GLYPHS)


def lang() -> str:
    """The language the screens speak now."""
    return SCREENS.language()


def said(message: str) -> str:
    """A message marked `N_` where it was written (a table's, a binding's), in the screens' language."""
    translate = SCREENS.gettext  # (of a message marked where it was written: extraction saw it there)
    return translate(message) if message else message  # ("": gettext would give the catalog's header)


def card_names(catalog: Catalog, cards: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """(key, name) pairs (rules/coach.py `cards_in`) with each card's name as the screens show it."""
    out = []
    for key, name in cards:
        card = catalog.units.get(key) or catalog.buildings.get(key)
        out.append((key, SCREENS.card_name(card) if card is not None else name))
    return out


def resource_name(kind: str) -> str:
    return said(RESOURCE_NAMES[kind]) if kind in RESOURCE_NAMES else kind


def translate_bindings(node: DOMNode) -> None:
    """`node`'s key bindings with their descriptions in the screens' language: what the key bar shows.
    Call it once the node is made (its bindings then are its class's and those Textual adds, e.g. the
    app's Ctrl+P), and again when the language changes."""
    from textual.binding import BindingsMap

    english = _ENGLISH.setdefault(node, node._bindings.copy())
    groups: dict[int, Binding.Group] = {}
    node._bindings = BindingsMap.from_keys({
        key: [_said_binding(b, groups) for b in bindings] for key, bindings in english.key_to_bindings.items()})


def _said_binding(binding: Binding, groups: dict[int, Binding.Group]) -> Binding:
    """A binding with its description, and its group's (the key bar's "1-5 Place"), in the screens'
    language; `groups`: each group said once, so that the bindings of a group stay in one."""
    group = binding.group
    if group is not None and group.description:
        group = groups.setdefault(id(group), dataclasses.replace(group, description=said(group.description)))
    return dataclasses.replace(binding, description=said(binding.description), group=group)


_ENGLISH: WeakKeyDictionary[DOMNode, BindingsMap] = WeakKeyDictionary()  # each node's bindings as written


# The key bar's shorter words when a line is short of room (tui/widgets.py SHORT_LABELS, keyed by the
# English words): the same in the screens' language, added to it when the language changes
SHORT_LABELS = {"Help/Cards/Log/Scores": N_("Help"), "Save as": N_("Save"), "Learn a card": N_("Learn")}


def shorten_key_words() -> None:
    """Give the key bar its shorter words in the screens' language too (see SHORT_LABELS)."""
    from . import widgets

    for english, short in SHORT_LABELS.items():
        if english in widgets.SHORT_LABELS:
            widgets.SHORT_LABELS["/".join(said(part) for part in english.split("/"))] = said(short)


def wrap(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` cells, broken at spaces only: a no-break space (a name's, glued
    with `glue`) never breaks, and shows as a space."""
    from rich.cells import cell_len

    lines: list[str] = []
    for word in text.split(" "):
        if lines and cell_len(f"{lines[-1]} {word}") <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return [line.replace(NO_BREAK, " ") for line in lines]


def glue(name: str) -> str:
    """A name that `wrap` keeps on one line."""
    return name.replace(" ", NO_BREAK)


NO_BREAK = "\u00a0"


def and_list(items: Iterable[str]) -> str:
    """"Ann, Bo and Cy" as the language writes a list ("Ann, Bo y Cy"); "Ann and Bo" in English, as
    the screens have always said it."""
    from babel.lists import format_list

    items = list(items)
    if lang() == "en" and len(items) <= 2:
        return " and ".join(items)
    return format_list(items, locale=lang())


def key_name(key: str) -> str | None:
    """A key's name in the key bar and in the screens' words ("Entrée" in French, "Intro" in Spanish:
    the same word in both), None for a key shown as Textual shows it."""
    names = {"enter": SCREENS.pgettext("key", "Enter"), "escape": SCREENS.pgettext("key", "Esc"),
             "delete": SCREENS.pgettext("key", "Del"), "space": SCREENS.pgettext("key", "Space"), "slash": "/"}
    return names.get(key)


def colon() -> str:
    """The colon after a label (`Ann: ★3`) as the screens' language writes it: with a no-break space
    before it in French (`Ann : ★3`)."""
    return SCREENS.pgettext("colon", ": ")

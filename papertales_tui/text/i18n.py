"""The languages of the app: GNU gettext catalogs read with the standard library.

Messages are whole sentences with named placeholders (`%(name)s`, so that Babel's checkers compare them
with each translation), marked `_("...")` or `ngettext("...", "...", n)` in the code. `pybabel extract`
collects them into `papertales_tui/locale/papertales.pot`, each language's `.po` is translated by hand,
and the build compiles them into `papertales_tui/locale/<lang>/LC_MESSAGES/papertales.mo`
(docs/languages.md).

The app is translated area by area (the CLI, the screens, the narrator...): an `Area`'s messages follow
the chosen language only once the area is listed in READY, i.e. once every message of it goes through
the catalogs, so that no screen is ever shown half in English. Until then they stay English.
"""

from __future__ import annotations

import gettext
import os
import unicodedata
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Protocol, runtime_checkable

DOMAIN = "papertales"
LANGUAGES = ("en", "fr", "pl", "es")  # English is the messages themselves: it has no catalog
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
# The areas whose every message goes through the catalogs (and whose catalogs are complete).
READY = frozenset({"cli", "narrator", "coach", "refusals", "files", "help", "screens"})
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # gettext's order

_chosen: list[str] = []  # the language set by set_language (--lang), else the system's


def system_language(environ: Mapping[str, str] = os.environ) -> str:
    """The language the system asks for, read as gettext reads it: the first of LANGUAGE, LC_ALL,
    LC_MESSAGES and LANG that is set (LANGUAGE may list several, "fr:es"), the first of its languages
    this app speaks; "C"/"POSIX" or none of them: English."""
    for var in ENVIRONMENT:
        value = environ.get(var, "")
        if not value:
            continue
        for item in value.split(":"):
            code = item.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in ("c", "posix"):
                return "en"
            if code in LANGUAGES:
                return code
        return "en"
    return "en"


def set_language(lang: str | None) -> None:
    """Use `lang` (one of LANGUAGES) from now on; None: the system's again."""
    if lang is not None and lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    _chosen[:] = [] if lang is None else [lang]


def language() -> str:
    """The language in use: the one set by set_language, else the system's."""
    return _chosen[0] if _chosen else system_language()


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of `lang`; English (or a catalog missing from a broken install): the
    messages as they are."""
    if lang == "en":
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


# Which cards are shown under their official name in each language (README, "Card names"): French, all
# 47 (printed French cards); Polish, the Buildings (the Polish rulebook names all 5, only 15 of 42
# Units: Units stay English until every one has a source); Spanish, none (its rulebook keeps the
# English names). A search finds a card by any of its names whatever the language (`every_name`).
SHOWN_NAMES: Mapping[str, frozenset[str]] = {
    "fr": frozenset({"unit", "building"}),
    "pl": frozenset({"building"}),
    "es": frozenset(),
}


@runtime_checkable
class Named(Protocol):
    """A card type: a Unit or a Building (rules/cards.py)."""

    @property
    def name(self) -> str: ...

    def name_in(self, lang: str) -> str: ...


def card_kind(card: Named) -> str:
    return "building" if hasattr(card, "levels") else "unit"


def gender(card: Named, lang: str) -> str:
    """`card`'s grammatical gender in `lang` as its card file gives it (`genders: {fr: feminine}`),
    else "masculine": the context (`pgettext`) of a message about the card, where a language agrees."""
    return dict(getattr(card, "genders", ())).get(lang, "masculine") if card_kind(card) in SHOWN_NAMES.get(
        lang, frozenset()) else "masculine"


def solo_name(name: str, lang: str) -> str:
    """A solo card's name (a Necropolis card's, a Lich King card's: the project's own design, cards/*.yaml)
    or its short name, in `lang`: these names are ours to give, so each language has its own, in the
    catalogs (text/help.py extracts them from the card files); a name the catalogs lack (a card pack's)
    stays as written."""
    return translations(lang).gettext(name) if name and lang != "en" else name


class SoloNamed(Protocol):
    @property
    def name(self) -> str: ...


# Names a search also knows, never shown: a name read only in a review of that language's edition
# (shared/reference/card-names.md: BES, the Polish edition's review "Weź pod rękę Mantykorę"), so that a
# player who types it finds the card (by its card key)
SEARCH_ALIASES: Mapping[str, tuple[str, ...]] = {"manticore": ("Mantykora",)}


def every_name(card: Named | SoloNamed) -> tuple[str, ...]:
    """Every name of a card in every language (a search finds it by any): a Unit's or a Building's
    official names (and SEARCH_ALIASES), a solo card's names in the catalogs."""
    names: tuple[str, ...] | None = getattr(card, "every_name", None)
    if names is not None:
        return (*names, *SEARCH_ALIASES.get(getattr(card, "key", ""), ()))
    return tuple(dict.fromkeys(solo_name(card.name, lang) for lang in LANGUAGES))


def shown_name(card: Named | SoloNamed, lang: str) -> str:
    """`card`'s name as shown in `lang`: its official name there where SHOWN_NAMES says so, else
    its English name; a solo card's, its name in `lang` (`solo_name`)."""
    if not isinstance(card, Named):
        return solo_name(card.name, lang)
    if card_kind(card) in SHOWN_NAMES.get(lang, frozenset()):
        return card.name_in(lang)
    return card.name


class Area:
    """The messages of one area of the app, translated once the area is READY."""

    def __init__(self, name: str) -> None:
        self.name = name

    def _catalog(self) -> gettext.NullTranslations:
        return translations(self.language())

    def gettext(self, message: str) -> str:
        return self._catalog().gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._catalog().ngettext(singular, plural, n)

    def marked(self, message: str) -> str:
        """A message marked elsewhere with `N_` (in a table), translated where it is shown."""
        return self._catalog().gettext(message)

    def pgettext(self, context: str, message: str) -> str:
        """`message` in the sense `context` gives it: a card's gender ("masculine", "feminine")."""
        return self._catalog().pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._catalog().npgettext(context, singular, plural, n)

    def language(self) -> str:
        """The language this area speaks now: the chosen one once READY, else English."""
        return language() if self.name in READY else "en"

    def card_name(self, card: Named | SoloNamed) -> str:
        """`card`'s name in this area's language (shown_name)."""
        return shown_name(card, self.language())

    def solo_short(self, card: SoloNamed) -> str:
        """A Necropolis card's short name (for the Necropolis row short of room) in this area's language."""
        short = getattr(card, "short", "") or card.name
        return solo_name(short, self.language())

    def gender(self, card: Named) -> str:
        """`card`'s gender in this area's language (`gender`): the context of a message about it."""
        return gender(card, self.language())

    def translated(self, message: str) -> str:
        """A message not written at this call, in this area's language: one marked with N_ (in a
        table), or written in a data file (a card's ability text, a paragraph of the help: text/help.py
        extracts them)."""
        return self._catalog().gettext(message)


def folded(text: str) -> str:
    """`text` for a search that ignores case and accents ("Maitresse" finds "Maîtresse"), letter for
    letter: each character stays at its place, so a match's offsets hold in the original text."""
    return "".join(unicodedata.normalize("NFD", c)[0].casefold()[:1] or c for c in text)


def N_(message: str) -> str:
    """Marks a message for extraction without translating it (it is translated where it is used)."""
    return message

"""Command palette (Ctrl+P): look up any card by name, in any language (case and accents ignored)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from textual.command import DiscoveryHit, Hit, Hits, Matcher, Provider
from textual.content import Content

from ..text.i18n import N_, every_name, folded
from .language import SCREENS
from .messages import ShowCard

KINDS = {"unit": (N_("Show this Unit"), N_("Show this Unit and its rulings")),
         "building": (N_("Show this Building"), N_("Show this Building and its rulings")),
         "necropolis": (N_("Show this Necropolis card"), N_("Show this Necropolis card and its rulings")),
         "lich": (N_("Show this Lich King card"), N_("Show this Lich King card and its rulings"))}

if TYPE_CHECKING:
    from .host import Host


class CardCommands(Provider):
    if TYPE_CHECKING:  # Textual types `app` as a plain App
        @property
        def app(self) -> Host: ...

    def show_card(self, key: str) -> None:
        self.app.post_message(ShowCard(key))

    def cards(self) -> list[tuple[str, str, str]]:
        catalog = self.app.catalog
        out = [(SCREENS.card_name(t), t.key, "unit") for t in catalog.units.values()]
        out += [(SCREENS.card_name(b), b.key, "building") for b in catalog.buildings.values()]
        out += [(SCREENS.card_name(c), c.key, "necropolis") for c in catalog.necropolis.values()]
        out += [(SCREENS.card_name(c), c.key, "lich") for c in catalog.lich_king.values()]
        return sorted(out)

    def other_names(self, key: str, name: str) -> tuple[str, ...]:
        """A card's other names (English, and its official names in other languages) than `name`."""
        catalog = self.app.catalog
        card = (catalog.units.get(key) or catalog.buildings.get(key) or catalog.necropolis.get(key)
                or catalog.lich_king.get(key))
        return tuple(n for n in every_name(card) if n != name) if card is not None else ()

    async def discover(self) -> Hits:
        for name, key, kind in self.cards():
            command = SCREENS.gettext("Card: %(name)s") % {"name": name}
            yield DiscoveryHit(Content(command), partial(self.show_card, key), text=command,
                               help=SCREENS.marked(KINDS[kind][0]))

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(folded(query))
        for name, key, kind in self.cards():
            # by its name, else by its name in another language: "Card: Karczma (Tavern)"
            commands = [SCREENS.gettext("Card: %(name)s") % {"name": name},
                        *(SCREENS.gettext("Card: %(other)s (%(name)s)") % {"other": other, "name": name}
                          for other in self.other_names(key, name))]
            # (its name as shown when that matches: "Carte : Négociante en bois", never "Carte : Wood
            # Merchant (Négociante en bois)" for a query both hold)
            scored = [(matcher.match(folded(c)), c) for c in commands]
            score, command = scored[0] if scored[0][0] > 0 else max(scored)
            if score > 0:  # card names are file text: highlighted as plain text, never read as markup
                yield Hit(score, highlight(matcher, command), partial(self.show_card, key), text=command,
                          help=SCREENS.marked(KINDS[kind][1]))


def highlight(matcher: Matcher, candidate: str) -> Content:
    """`matcher.highlight` of plain text (Textual's reads the candidate as markup)."""
    content = Content(candidate)
    _, offsets = matcher.fuzzy_search.match(matcher.query, folded(candidate))
    for offset in offsets:
        if not candidate[offset].isspace():
            content = content.stylize(matcher.match_style, offset, offset + 1)
    return content

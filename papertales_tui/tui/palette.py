"""Command palette (Ctrl+P): look up any card by name, in any language (case and accents ignored)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from textual.command import DiscoveryHit, Hit, Hits, Matcher, Provider
from textual.content import Content

from ..text.i18n import folded
from .messages import ShowCard

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
        out = [(t.name, t.key, "Unit") for t in catalog.units.values()]
        out += [(b.name, b.key, "Building") for b in catalog.buildings.values()]
        out += [(c.name, c.key, "Necropolis card") for c in catalog.necropolis.values()]
        out += [(c.name, c.key, "Lich King card") for c in catalog.lich_king.values()]
        return sorted(out)

    def other_names(self, key: str) -> tuple[str, ...]:
        """A card's official names in other languages."""
        card = self.app.catalog.units.get(key) or self.app.catalog.buildings.get(key)
        return card.every_name[1:] if card is not None else ()

    async def discover(self) -> Hits:
        for name, key, kind in self.cards():
            yield DiscoveryHit(Content(f"Card: {name}"), partial(self.show_card, key), text=f"Card: {name}",
                               help=f"Show this {kind}")

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(folded(query))
        for name, key, kind in self.cards():
            # by its name, else by its name in another language: "Card: Karczma (Tavern)"
            commands = [f"Card: {name}", *(f"Card: {other} ({name})" for other in self.other_names(key))]
            score, command = max((matcher.match(folded(c)), c) for c in commands)
            if score > 0:  # card names are file text: highlighted as plain text, never read as markup
                yield Hit(score, highlight(matcher, command), partial(self.show_card, key), text=command,
                          help=f"Show this {kind} and its rulings")


def highlight(matcher: Matcher, candidate: str) -> Content:
    """`matcher.highlight` of plain text (Textual's reads the candidate as markup)."""
    content = Content(candidate)
    _, offsets = matcher.fuzzy_search.match(matcher.query, folded(candidate))
    for offset in offsets:
        if not candidate[offset].isspace():
            content = content.stylize(matcher.match_style, offset, offset + 1)
    return content

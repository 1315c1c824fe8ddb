"""Command palette (Ctrl+P): look up any card by name."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from textual.command import DiscoveryHit, Hit, Hits, Provider

if TYPE_CHECKING:
    from .app import PaperTalesApp


class CardCommands(Provider):
    if TYPE_CHECKING:  # Textual types `app` as a plain App
        @property
        def app(self) -> PaperTalesApp: ...

    def cards(self) -> list[tuple[str, str, str]]:
        catalog = self.app.catalog
        out = [(t.name, t.key, "Unit") for t in catalog.units.values()]
        out += [(b.name, b.key, "Building") for b in catalog.buildings.values()]
        out += [(c.name, c.key, "Necropolis card") for c in catalog.necropolis.values()]
        out += [(c.name, c.key, "Lich King card") for c in catalog.lich_king.values()]
        return sorted(out)

    async def discover(self) -> Hits:
        for name, key, kind in self.cards():
            yield DiscoveryHit(f"Card: {name}", partial(self.app.show_card, key), help=f"Show this {kind}")

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, key, kind in self.cards():
            command = f"Card: {name}"
            score = matcher.match(command)
            if score > 0:
                yield Hit(score, matcher.highlight(command), partial(self.app.show_card, key),
                          help=f"Show this {kind} and its rulings")

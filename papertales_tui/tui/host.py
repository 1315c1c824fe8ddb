"""What screens may know of the app that runs them, below both (so that the screens need not import
the app, nor the app's module its screens' for typing: no import circle). `PaperTalesApp` is a Host;
screens type `self.app` as one and talk to it through messages (tui/messages.py)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from textual.app import App, SystemCommand

if TYPE_CHECKING:
    from textual.screen import Screen

    from ..rules import Catalog
    from .flow import Offers


class Host(App[object]):  # (exits with no value: App[object], as Textual types an app's `app`)
    """The app as its screens see it: the card catalog, whether this copy autosaves, whether it is a
    browser tab of `papertales serve` (Save as then takes a name, not a path), and what the game under
    way offers (a seat of a table another computer hosts, `papertales join`, offers no new game, no Save
    as: its `offers` say so; a screen never asks which kind of flow it is)."""

    catalog: Catalog
    autosave: bool
    served: bool
    offers: Offers  # what the game under way offers besides playing (hints, the review, a rematch...): the
    # screens ask this, never which kind of flow runs it

    # Textual's own words (the command palette, its system commands) in the screens' language
    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        from .textual_words import system_commands

        return system_commands(self, screen)

    def action_command_palette(self) -> None:
        from .textual_words import Palette

        if self.use_command_palette and not Palette.is_open(self):
            self.push_screen(Palette(id="--command-palette"))

    def search_themes(self) -> None:
        from textual.theme import ThemeProvider

        from .language import SCREENS
        from .textual_words import Palette

        self.push_screen(Palette(providers=[ThemeProvider], placeholder=SCREENS.gettext("Search for themes…")))

"""What screens may know of the app that runs them, below both (so that the screens need not import
the app, nor the app's module its screens' for typing: no import circle). `PaperTalesApp` is a Host;
screens type `self.app` as one and talk to it through messages (tui/messages.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import App

if TYPE_CHECKING:
    from ..rules import Catalog
    from .flow import Offers


class Host(App[object]):  # (exits with no value: App[object], as Textual types an app's `app`)
    """The app as its screens see it: the card catalog, whether this copy autosaves, whether it is a
    browser tab of `papertales serve` (Save as then takes a name, not a path), and whether it plays one
    seat of a table another computer hosts (`papertales join`: no new game, no hint, no review here)."""

    catalog: Catalog
    autosave: bool
    served: bool
    hosted: bool
    offers: Offers  # what the game under way offers besides playing (hints, the review, a rematch...): the
    # screens ask this, never which kind of flow runs it

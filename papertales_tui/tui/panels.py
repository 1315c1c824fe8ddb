"""Each mode's parts of the screens, keyed by the view's mode name (`SeatView.mode`).

Screens ask `panels.of(view)` what their mode adds instead of asking which mode it is. `Panels`
itself is the standard game's: nothing added. A mode with panels of its own subclasses it in a
module of its own that calls `register` when imported (`solo_panels.py`: the Necropolis row, the
Lich King's lines and pages); the app imports those modules before it builds a game's screens
(`modes.load_panels`), this module imports none of them (they import the screens, which import it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rich.console import RenderableType
from rich.text import Text

from ..text.i18n import N_

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.widget import Widget

    from ..rules import PickOptions, SeatView
    from ..rules import events as ev
    from ..rules import forecast as fc

Render = Callable[["SeatView", "Sequence[ev.BaseEvent]", int], list[RenderableType]]


class Panels:
    """What a mode adds to the screens; as it is, the standard game's: nothing."""

    save_name = "game"  # the default save file's name: papertales-<save_name>-<seed>-turn<n>.json
    css_class = ""  # a class the Deployment screen takes (deploy.tcss lays out its grid with it)
    top_rows = 0  # the rows `top` takes
    deploy_status_rows = 0  # the lines `deploy_status` adds
    # what the draft says of the card chosen (marked N_: the draft says them in the screens' language)
    picked_word = N_("picked")
    choose_ask = N_("Choose a card to PICK (Enter or click)")
    confirm_ask = N_("c: confirm your pick · u: undo")
    piles = False  # the Draft's `d` shows `piles_screen`
    draft_rest_rows = 0  # the lines `draft_rest` adds under the Draft's ask
    chapters: dict[str, Render] = {}  # summary chapters this mode's events make, with their pages

    def top(self, view: SeatView, turn: int | None = None, other_lp: int | None = None) -> list[Widget]:
        """Above the Draft, the Deployment and the summary pages (`turn`: the summary's; `other_lp`: the
        LP of the sides that are not seats as of the summary page, None: now)."""
        return []

    def final_body(self, screen: Any) -> ComposeResult | None:
        """The Final scores page, when the mode has its own (None: the standard one); `screen`: the
        FinalScreen (typed loosely here, and exactly in a mode's panels: the screens import this module)."""
        return None

    def war_blocks(self, view: SeatView, events: Sequence[ev.BaseEvent], width: int) -> list[list[Text]] | None:
        """The Wars of the Reveal & Wars page, when the mode fights its own (None: the neighbours' Wars)."""
        return None

    def wars_won(self, view: SeatView, events: Sequence[ev.BaseEvent]) -> Text:
        """What the sides that are not seats won in the Wars, below the players' gains."""
        return Text()

    def aging_sections(self, view: SeatView, events: Sequence[ev.BaseEvent]) -> list[RenderableType]:
        """Sections of the Aging summary page after the players' death abilities (solo: the Lich King's)."""
        return []

    def deploy_status(self, forecast: fc.TurnForecast, width: int) -> list[Text]:
        """Lines of the Deployment's forecast, before the Buildings line (`deploy_status_rows` of them)."""
        return []

    def construction_notes(self, view: SeatView, player: int, building: str | None) -> list[Text]:
        """Lines the Construction screen adds to a Building's details (`building`: a new one chosen; None:
        a level-2 upgrade, or Pass): what the sides that are not seats score on the player's Buildings."""
        return []

    def quest_lp(self, view: SeatView) -> dict[int, int]:
        """Draft card -> LP it would give the other side if left (shown beside the card)."""
        return {}

    def draft_info(self, screen: Any) -> Text | None:
        """The text beside the draft's cards, when the mode has its own (None: the standard one);
        `screen`: the DraftScreen (typed as `final_body`'s)."""
        return None

    def draft_title(self, options: PickOptions) -> str | None:
        """The Draft's title after the turn, when the mode has its own (None: the player's name); its
        draft options are the mode's (`Mode.extra_pending`)."""
        return None

    def draft_rest(self, options: PickOptions, cards: int) -> list[Text]:
        """Lines under the Draft's ask (`draft_rest_rows` of them): where the `cards` not picked go."""
        return []

    def piles_screen(self, view: SeatView) -> Any:
        raise NotImplementedError("no piles to look at in this mode")

    def scores(self, view: SeatView, at_page: bool, other_lp: int | None) -> list[Widget]:
        """Below the Kingdoms of the Scores screen; `at_page`: as of a summary page, when the sides
        that are not seats had `other_lp` (None: nothing yet)."""
        return []


STANDARD = Panels()
PANELS: dict[str, Panels] = {}


def register(mode: str, panels: Panels) -> None:
    PANELS[mode] = panels


def of(view: SeatView) -> Panels:
    """The panels of the view's mode (the standard ones for a mode that registered none)."""
    return PANELS.get(view.mode, STANDARD)

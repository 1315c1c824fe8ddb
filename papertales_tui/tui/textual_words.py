"""Textual's own words in the screens' language: the command palette (its search field, its "no
matches", the app's system commands: Quit, Keys, Screenshot...) and a dropdown's key ("Dismiss menu").
Textual writes them in English in its code; they are given again here, marked for the catalogs, and the
app (tui/host.py) shows these instead."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from rich.align import Align
from rich.text import Text
from textual.app import SystemCommand
from textual.command import CommandList, CommandPalette
from textual.widgets.option_list import Option

from ..text.i18n import N_
from .language import SCREENS, translate_bindings

if TYPE_CHECKING:
    from textual.app import App
    from textual.dom import DOMNode
    from textual.screen import Screen

_ = SCREENS.gettext

# The key descriptions of Textual's own widgets (their BINDINGS), translated by translate_bindings
WIDGET_KEYS = (N_("Dismiss menu"), N_("Exit the command palette"), N_("Next command"), N_("Previous command"),
               N_("Go to top"), N_("Go to bottom"), N_("Next page"), N_("Previous page"))


class Palette(CommandPalette):
    """Textual's command palette, its words in the screens' language."""

    def __init__(self, placeholder: str | None = None, **kwargs: object) -> None:
        super().__init__(placeholder=placeholder or _("Search for commands…"), **kwargs)  # type: ignore[arg-type]

    def on_mount(self) -> None:
        translate_bindings(self)

    def _start_no_matches_countdown(self, search_value: str) -> None:
        # (Textual's, with its words said in the screens' language)
        self._stop_no_matches_countdown()

        def _show_no_matches() -> None:
            if search_value:
                self.query_one(CommandList).add_option(
                    Option(Align.center(Text(_("No matches found"), style="not bold")), disabled=True,
                           id=self._NO_MATCHES))
                self._list_visible = True
            else:
                self._list_visible = False

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, _show_no_matches)


def system_commands(app: App[object], screen: Screen[object]) -> Iterable[SystemCommand]:
    """Textual's system commands (App.get_system_commands), in the screens' language."""
    yield SystemCommand(_("Theme"), _("Change the colours of the screens"), app.action_change_theme)
    yield SystemCommand(_("Quit"), _("Quit the game at once"), app.action_quit)
    if screen.query("HelpPanel"):
        yield SystemCommand(_("Keys"), _("Hide the panel of keys"), app.action_hide_help_panel)
    else:
        yield SystemCommand(_("Keys"), _("Show the keys of this screen in a panel"), app.action_show_help_panel)
    if screen.maximized is not None:
        yield SystemCommand(_("Minimize"), _("Give the enlarged part its place again"), screen.action_minimize)
    elif screen.focused is not None and screen.focused.allow_maximize:
        yield SystemCommand(_("Maximize"), _("Enlarge the part in focus to the whole screen"),
                            screen.action_maximize)
    yield SystemCommand(_("Screenshot"), _("Save a picture (SVG) of this screen"),
                        lambda: app.set_timer(0.1, app.deliver_screenshot))


def translate_dropdowns(node: DOMNode) -> None:
    """The key bar's words of the dropdowns (Select) under `node`: "Dismiss menu" in the screens' language."""
    from textual.widgets._select import SelectOverlay

    for overlay in node.query(SelectOverlay):
        translate_bindings(overlay)

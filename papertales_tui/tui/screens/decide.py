"""Hosts for the choices asked as modals: Age token target (deployment) and Healer saves (aging)."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Label

from ...rules import AgeTarget, Decision, Heal, Pending, SeatView
from ...text.i18n import N_
from ..flow import Asks
from ..kingdom import Kingdom, kingdom_view
from ..language import said
from ..widgets import Notice
from .common import GameScreen, turn_title
from .modals import AgeTargetModal, HealModal


class ChoiceHost(GameScreen):
    """Shows the player's Kingdom and asks the question in a modal on top of it."""
    CSS_PATH = "summary.tcss"

    heading = ""
    modal_class: type[AgeTargetModal | HealModal] = AgeTargetModal

    def __init__(self, view: SeatView, pend: Pending, asks: Asks,
                 prior: Decision | None = None):  # a choice taken back is asked afresh
        super().__init__()
        self.view, self.pend, self.asks, self.player = view, pend, asks, pend.player
        self.title_text = turn_title(view, view.players[self.player].name)

    def body(self) -> ComposeResult:
        with VerticalScroll(id="host"):
            yield Label(said(self.heading), classes="pane-title", markup=False)
            yield Kingdom(kingdom_view(self.view, self.player), form="tiles", id="host-kingdom")
            yield Notice(id="message")

    def on_mount(self) -> None:
        self.ask()

    def ask(self) -> None:
        options: Any = self.pend.options  # this step's: AgeTargetOptions for AgeTargetModal, HealOptions for HealModal
        self.app.push_screen(self.modal_class(self.view, self.asks, options), self.answered)

    def answered(self, answer: int | list[int] | None) -> None:
        self.decide(self.player, self.decision(answer))

    def refused(self, error: Exception) -> None:
        super().refused(error)
        self.ask()

    def decision(self, answer: int | list[int] | None) -> Decision:
        raise NotImplementedError


class AgeTargetScreen(ChoiceHost):
    heading = N_("Your Kingdom: choose where the Age tokens go")
    modal_class = AgeTargetModal

    def decision(self, answer: int | list[int] | None) -> Decision:
        assert isinstance(answer, int), "AgeTargetModal answers a spot (it cannot be cancelled)"
        return AgeTarget(answer)


class HealScreen(ChoiceHost):
    heading = N_("Aging: Units with Age tokens die now, unless saved")
    modal_class = HealModal

    def decision(self, answer: int | list[int] | None) -> Decision:
        assert not isinstance(answer, int), "HealModal answers the spots to save"
        return Heal(tuple(answer or ()))

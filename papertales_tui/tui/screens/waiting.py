"""A seat on a device of its own, while the others decide (`papertales join`): who is still deciding,
and the table meanwhile (the Kingdoms as the seat sees them; F1-F4 open the rules, the cards, the log
and the scores). No hand-off: nothing on it is hidden from its own player.

It is updated in place as the others decide (`update`), so a reference screen opened over it stays
open; its own decision may be taken back (`u`) until the step resolves, as at one keyboard."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding

from ...rules import Deploy, Pick, SeatView, Step
from ...text.i18n import N_
from ..board_i18n import _, card_name, short_name
from ..flow import Waiting
from ..kingdom import FRONT_ROW, KingdomTable, KingdomView, SpotView, kingdom_view, kingdom_views
from ..language import and_list, said
from ..seats import bot_marked, is_bot
from ..text import SPOT_KEYS
from ..widgets import Lines, unbroken, wrap
from .common import GameScreen, TakeBack, turn_title
from .deploy import wars_line

if TYPE_CHECKING:
    from ...rules.forecast import TurnForecast

DOING = {  # whom the table waits for, and for what
    Step.PICK: N_("Waiting for %(names)s to pick."),
    Step.DEPLOY: N_("Waiting for %(names)s to deploy."),
    Step.AGE_TARGET: N_("Waiting for %(names)s to place Age tokens."),
    Step.CONSTRUCTION: N_("Waiting for %(names)s to build."),
    Step.HEAL: N_("Waiting for %(names)s to choose what the Mystical Healer saves."),
}
MAY_STILL = {  # (tui/session.py TAKEN_BACK: the steps one may take back)
    Step.PICK: N_("You may still take back your pick (u) until everyone has decided."),
    Step.DEPLOY: N_("You may still take back your deployment (u) until everyone has decided."),
    Step.CONSTRUCTION: N_("You may still take back your Construction (u) until everyone has decided."),
    Step.HEAL: N_("You may still take back your choice (u) until everyone has decided."),
}
MAY_DECISION = N_("You may still take back your decision (u) until everyone has decided.")
FORECAST_MARK = N_("(forecast, before the reveal)")  # the seat's own Kingdom as its deployment's forecast shows it
BEFORE_MARK = N_("(before the reveal)")  # ... as it stands before the reveal (the forecast not known)


def as_deployed(view: SeatView, k: KingdomView, plan: Deploy) -> KingdomView:
    """The seat's own Kingdom as it deployed, before the reveal (its new Units marked new, its hand
    gone: the rest goes to the discard at the reveal, the card kept aside; its strength the Units' in
    play before the deployment, marked so: the new ones count from the reveal)."""
    here = {s.card: s for s in k.spots if s is not None}
    spots: list[SpotView | None] = []
    for slot, card in enumerate(plan.slots):
        if card is None or card in plan.unpaid:
            spots.append(None)
        elif card in here:
            spots.append(replace(here[card], spot=slot))
        else:
            t = view.card(card)
            spots.append(SpotView(slot, card, card_name(t), t.cost, t.strength or 0, None, slot in FRONT_ROW,
                                  t.produces, 0, new=True, short=short_name(t)))
    paid = sum(s.cost for s in spots if s is not None and s.new)
    return replace(k, spots=tuple(spots), hand=0, kept=k.kept or plan.keep is not None, gold=max(0, k.gold - paid),
                   mark=said(BEFORE_MARK))


def as_forecast(k: KingdomView, plan: Deploy, f: TurnForecast) -> KingdomView:
    """The seat's own Kingdom as its deployment's forecast shows it (`f.after`: the Kingdom alone after its
    reveal, as the deployment board showed it when the seat confirmed): each Unit's strength, Age tokens
    and death at Aging, the Kingdom's strength, LP and Gold then; marked as a forecast."""
    here = {s.card for s in k.spots if s is not None}
    new = {slot for slot, card in enumerate(plan.slots) if card is not None and card not in here}
    after = kingdom_view(f.after, 0, new=new)
    return replace(after, player=k.player, name=k.name, hand=0, kept=k.kept or plan.keep is not None,
                   mark=said(FORECAST_MARK))


def names_text(names: list[str]) -> str:
    """"Ann", "Ann and Ben", "Ann, Ben and Cid", as the screens' language lists them."""
    return and_list(names)


class WaitingScreen(GameScreen):
    """Who the table waits for, the seat's own take-back, and the Kingdoms (see the module doc)."""

    CSS_PATH = "handoff.tcss"
    BINDINGS = [Binding("u,ctrl+z", "take_back", N_("Take back"))]

    def __init__(self, view: SeatView | None, scene: Waiting, seats: list[str] | None = None):
        super().__init__()
        self.view, self.scene, self.seats = view, scene, list(seats or [])
        self.title_text = turn_title(view) if view is not None else "Paper Tales"

    def body(self) -> ComposeResult:
        box = Lines(id="waiting-box")
        box.lines = self.box_lines()
        yield box
        if self.view is not None:
            yield KingdomTable(self.kingdoms(self.view), rows=self.table_rows(len(box.lines)), id="table")

    def kingdoms(self, view: SeatView) -> list[KingdomView]:
        """The Kingdoms as the seat sees them, its own as it deployed (before the reveal)."""
        views = bot_marked(kingdom_views(view), self.seats)
        seat = self.scene.seat
        own = view.players[seat] if 0 <= seat < len(view.players) else None
        if own is not None and isinstance(own.decided, Deploy) and not view.over:
            f = self.scene.forecast
            views[seat] = (as_forecast(views[seat], own.decided, f) if f is not None
                           else as_deployed(view, views[seat], own.decided))
        return views

    def table_rows(self, box: int) -> int:
        """The rows left to the Kingdoms below the box (its border), the title and the key bar."""
        return max(2, self.app.size.height - 2 - (box + 2))

    def seat_name(self, player: int) -> str:
        assert self.view is not None
        name = self.view.players[player].name
        return unbroken(name + " " + _("(bot)") if player < len(self.seats) and is_bot(self.seats[player]) else name)

    def box_lines(self) -> list[Text]:
        scene, view = self.scene, self.view
        lines: list[Text] = []
        if scene.note:
            lines.append(Text(said(scene.note), style="bold"))  # (a note of tui/remote.py)
        if view is None:
            return self.wrap_lines(lines or [Text("")])
        if view.over:
            lines.append(Text(_("The game is over: the final scores come next.")))
        elif [i for i in scene.deciding if i not in scene.away]:
            doing = said(DOING.get(Step(view.step), N_("Waiting for %(names)s to decide.")))
            lines.append(Text(doing % {"names": names_text([self.seat_name(i) for i in scene.deciding
                                                            if i not in scene.away])}))
        if [i for i in scene.reading if i not in scene.away]:
            lines.append(Text(_("Still reading the results: %(names)s.") % {
                "names": names_text([self.seat_name(i) for i in scene.reading if i not in scene.away])}))
        if scene.away and not view.over:  # (whose device is not connected: they are not deciding now)
            lines.append(Text(_("Not connected: %(names)s (the table waits for them to open their link).") % {
                "names": names_text([self.seat_name(i) for i in scene.away])}, style="bold"))
        if not scene.deciding and not scene.reading and not scene.note and not view.over:
            lines.append(Text(_("Waiting for the table…")))
        lines += self.own_lines(view, scene)
        if scene.take_back is not None:
            may = MAY_STILL.get(Step(scene.take_back), MAY_DECISION)
            lines.append(Text(said(may), style="dim"))
        lines.append(Text(_("Meanwhile: F2 the cards, F3 the log, F4 the scores and every Kingdom."), style="dim"))
        return self.wrap_lines(lines)

    def own_lines(self, view: SeatView, scene: Waiting) -> list[Text]:
        """The seat's own decision: the draft cards it holds, or its deployment placed (and its forecast,
        as its board showed it when it confirmed)."""
        own = view.players[scene.seat] if 0 <= scene.seat < len(view.players) else None
        lines: list[Text] = []
        if own is None or view.over:
            return lines
        if Step(view.step) == Step.PICK:  # the draft: what it holds
            picked = Text(_("Picked this turn:") + " ", style="bold")
            names = [unbroken(card_name(view.card(c))) for c in own.hand or ()]
            if isinstance(own.decided, Pick):
                names.append(unbroken(_("%(card)s (this pick)") % {"card": card_name(view.card(own.decided.card))}))
            picked.append(", ".join(names) or _("nothing yet"))
            lines.append(picked)
        if isinstance(own.decided, Deploy):  # its own plan, placed
            placed = Text(_("Your deployment:") + " ", style="bold")
            spots = [unbroken(f"{SPOT_KEYS[k]} {card_name(view.card(c))}")
                     for k, c in enumerate(own.decided.slots) if c is not None]
            placed.append(", ".join(spots) or _("nothing"))
            lines.append(placed)
            if scene.forecast is not None:
                lines.append(wars_line(scene.forecast, max(20, self.app.size.width - 4)))
        return lines

    def wrap_lines(self, lines: list[Text]) -> list[Text]:
        """Each line broken to the box's width (long names at a table of 7), between names, never
        inside one."""
        width = max(20, self.app.size.width - 4)  # the box's border and padding (handoff.tcss)
        return [part for line in lines for part in wrap(line, self.app.console, width)]

    def update(self, view: SeatView | None, scene: Waiting) -> None:
        """The table moved on (someone decided, the connection came back): said in place."""
        self.view, self.scene = view, scene
        if view is not None:
            self.set_title(turn_title(view))
        box = self.query_one("#waiting-box", Lines)
        box.set_lines(self.box_lines())
        for table in self.query("#table").results(KingdomTable):
            if view is not None:
                table.rows = self.table_rows(len(box.lines))
                table.show(self.kingdoms(view))
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_back":
            return self.scene.take_back is not None
        return True

    def action_take_back(self) -> None:
        self.post_message(TakeBack())

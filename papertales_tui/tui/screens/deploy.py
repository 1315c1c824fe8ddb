"""Deployment board: place Units from hand, move or take out Units in play, keep one card."""

from __future__ import annotations

import functools
import threading
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.reactive import var

from ...rules import FIFTH_SLOT, Decision, Deploy, DeployOptions, Pending, SeatView, Unaffordable
from ...rules import forecast as fc
from ...text.i18n import N_
from .. import panels
from .. import text as tx
from ..board_i18n import (
    _,
    card_name,
    forecast_word,
    ngettext,
    percent,
    pgettext,
    short_name,
    shown_names,
    styled,
    translated,
)
from ..flow import Asks
from ..kingdom import KingdomTable, SpotView, kingdom_view, kingdom_views, spot_line, table_height, table_marks
from ..language import colon
from ..plan import DeployPlan
from ..seats import bot_marked
from ..text import ARMY_NAMES
from ..widgets import Lines, RowList
from .common import AnswersAsked, AnswersCame, GameScreen, turn_title
from .hint import HINT, HINT_ROWS, LEARN, HintHost
from .modals import Confirm, UnpaidModal

if TYPE_CHECKING:
    from ..kingdom import KingdomView

PLACE = Binding.Group(N_("Place"), compact=True)


def hand_title() -> str:
    return _("Hand (Enter: take, 1-5: place)")


PlanKey = tuple[tuple[int | None, ...], int | None]  # a plan: the spots' cards and the card kept


class ForecastReady(Message):
    """(To the deployment screen, from itself) the forecast of plan `key` came (None: none for that
    plan): shown if it is still the plan on the board, else dropped (kept for when it comes back)."""

    def __init__(self, key: PlanKey, forecast: fc.TurnForecast | None):
        super().__init__()
        self.key, self.forecast = key, forecast


class DeployScreen(HintHost, GameScreen):
    CSS_PATH = "deploy.tcss"
    BINDINGS = [
        Binding("1", "place(0)", "F1", group=PLACE),
        Binding("2", "place(1)", "F2", group=PLACE),
        Binding("3", "place(2)", "F3", group=PLACE),
        Binding("4", "place(3)", "B1", group=PLACE),
        Binding("5", "place(4)", "B2", group=PLACE),
        Binding("x,delete", "remove", N_("Remove")),
        Binding("k", "keep", N_("Keep")),
        Binding("u,ctrl+z", "undo", N_("Undo")),
        Binding("escape", "drop", N_("Drop")),
        Binding("c", "confirm", N_("Confirm")),
        HINT, LEARN,
    ]

    # the plan on the board, and the forecast shown, of that plan only (`forecast_key` names the plan
    # it answers: None while it is on its way); a forecast comes as `ForecastReady`
    plan_key: var[PlanKey | None] = var(None, init=False)
    forecast: var[fc.TurnForecast | None] = var(None, init=False, always_update=True)

    def __init__(self, view: SeatView, pend: Pending, asks: Asks, prior: Decision | None = None):
        super().__init__()
        self.view, self.asks = view, asks
        self.player = pend.player
        assert isinstance(pend.options, DeployOptions)
        self.options: DeployOptions = pend.options
        self.plan = DeployPlan.from_options(pend.options)
        if isinstance(prior, Deploy):  # taken back: the plan as it was confirmed
            self.plan.slots, self.plan.keep = list(prior.slots), prior.keep
        self.after: SeatView | None = None  # the Kingdom alone as the forecast sees it after the reveal
        self.forecast_key: PlanKey | None = None
        self.asked: set[PlanKey] = set()  # the plans whose forecast was asked and has not come yet
        # the game does not change while deploying: a plan seen before (a move undone) is known
        self.forecasts: dict[PlanKey, tuple[fc.TurnForecast | None, SeatView | None, list[SpotView | None]]] = {}
        self.status_lines: dict[tuple[object, ...], list[Text]] = {}  # by plan, held card and width
        self.spot_views: list[SpotView | None] = [None] * 5
        self.held: int | None = None
        self.card_lines: dict[int, Text] = {}
        self.spots = RowList(_("Your Kingdom"), id="spots")
        self.hand = RowList(hand_title(), id="hand")
        self.info = Lines(id="info")  # status (3 lines), message (1), card under the cursor (4)
        for lines in (self.spots, self.hand, self.info):  # their lines come back as moves are undone
            lines.keep_strips = True
        self.texts: dict[str, list[Text]] = {}  # the lines of each section of the info panel
        self.wrapped: dict[int | None, list[Text]] = {}  # card details, wrapped to the panel
        self.detail_card: int | None = None
        self.title_text = turn_title(view, view.players[self.player].name)
        self.panels = panels.of(view)  # what the mode adds (solo: the Necropolis row, the Lich King's gains)
        if self.panels.css_class:
            self.add_class(self.panels.css_class)
        self.table: KingdomTable | None = None
        if len(view.players) > 1:  # the other Kingdoms as everyone sees them (hands and plans stay hidden)
            seen = kingdom_views(view)
            marked = table_marks(len(seen), self.player)
            others = [replace_mark(seen[j], marked.get(j, "")) for j in range(len(seen)) if j != self.player]
            self.table = KingdomTable(others, rows=2 * len(others), id="table")
            self.table_views = others
        self.board_rows = 0  # the rows the board was laid out for (fit_layout)
        self.measured = {}

    # --- layout -----------------------------------------------------------------------------
    def body(self) -> ComposeResult:
        # one flat grid (see deploy.tcss): fewer widgets under each redrawn line
        yield from self.panels.top(self.view)
        if self.table is not None:
            self.table_views = bot_marked(self.table_views, self.asks.seats)  # (fit_layout's)
            self.table.views = self.table_views
            yield self.table
        yield self.spots
        yield self.hand
        yield self.info

    def on_mount(self) -> None:
        self.binding_state: tuple[bool | None, ...] | None = None
        self.own_thread = threading.get_ident()
        self.asks.listen(self.told)
        self.fit_layout()
        self.refresh_all()
        self.hand.focus()
        entries = self.hand_entries()
        self.show_detail(entries[0] if entries else None)

    # --- rendering --------------------------------------------------------------------------
    def gold_left(self) -> int:
        return self.options.gold - sum(self.view.card(c).cost for c in self.plan.new_units())

    def told(self) -> None:
        """(From any thread) an answer came, or the table moved on: the forecasts that came are posted
        (read on the screen's own thread: at once when told there, at one keyboard)."""
        if threading.get_ident() == self.own_thread:
            self.post_ready()
        else:
            self.post_message(AnswersCame())

    def on_answers_came(self, m: AnswersCame) -> None:
        self.post_ready()

    def post_ready(self) -> None:
        """Each plan's forecast that came is posted (`ForecastReady`)."""
        for key in list(self.asked):
            slots, keep = list(key[0]), key[1]
            if self.asks.forecast_ready(slots, keep):
                self.asked.discard(key)
                self.post_message(ForecastReady(key, self.asks.forecast(slots, keep)))

    def on_forecast_ready(self, m: ForecastReady) -> None:
        """A plan's forecast: shown if that plan is on the board, else dropped (an older plan's)."""
        self.asked.discard(m.key)
        self.remember(m.key, m.forecast)
        if m.key == self.plan_key:
            self.show_forecast(m.key)

    def watch_forecast(self) -> None:
        """A forecast came for the plan on the board (the board was drawn without it)."""
        if self.is_mounted:
            self.render_spots()
            self.render_status()

    def refresh_all(self) -> None:
        if self.board_rows and self.fit_layout():  # a Unit taken out or put back: a row more or less
            self.show_detail(self.detail_card)
        self.update_forecast()
        self.render_spots()
        self.render_hand()
        self.render_status()
        self.update_bindings()

    SECTIONS = (("status", 5), ("message", 1), ("detail", 4))
    BOARD_ROWS = 6  # "Your Kingdom · Buildings: …" and 5 spots

    def fit_layout(self) -> bool:
        """Share the screen's rows so that the board shows every row of both lists (the whole hand,
        Units taken out, what is kept) and the table every Kingdom whole; the card details take the
        rows left (those of the longest card at hand; the others' hand counts are left out first when
        short of rows). Short of rows (6-7 players, solo), the kept card goes into the hand's title
        line, then the details go compact (the name, then the abilities, without the stats the rows
        show), then the status leaves out what could be built (Construction shows it next)."""
        entries = len(self.hand_entries())
        spots = self.BOARD_ROWS + (self.heading is None)
        width = max(self.app.size.width - 2, 20)
        full = 5 + self.panels.deploy_status_rows  # status lines (solo: the Lich King's gains too)
        room = self.app.size.height - 2  # title, keys (a message goes over the details)
        room -= self.panels.top_rows  # solo: the Necropolis row
        least = self.least_table_rows(width)
        footer = int(self.can_keep())
        layouts = [(False, False, 0), (True, False, 0), (False, True, 0), (True, True, 0), (True, True, 1),
                   (True, True, 2)]  # (kept in the title, compact details, status lines saved: 1 without the
        # build line, 2 also Aging and LP on one line: 7 players with long names)
        for merged, compact, short in layouts:
            board = max(spots, entries + 1 + (footer and not merged))
            if room - full + short - board - least >= self.wanted_rows(width, compact):
                break
        layout = (board, merged, compact, short)
        if layout == self.board_layout:
            return False
        self.board_layout = layout
        self.board_rows, self.kept_in_title, self.compact_details, self.short_status = layout
        status = full - short
        room -= board + status
        wanted = self.wanted_rows(width, compact)
        if self.table is not None:
            self.table.rows = max(room - wanted, 0)
            self.table.views = self.table_views  # with their hand counts, unless the details need the rows
            if table_height(self.table.views, width, self.table.rows) > room - wanted:
                self.table.views = [replace(k, hand=0) for k in self.table_views]
            room -= table_height(self.table.views, width, self.table.rows)
            if self.table.is_mounted:
                self.table.redraw()
        self.SECTIONS = (("status", status), ("message", 1), ("detail", min(max(room, 0), wanted)))
        self.texts.pop("detail", None)
        self.wrapped.clear()
        return True

    board_layout: tuple[int, bool, bool, int] | None = None
    measured: dict[tuple[object, ...], int]  # rows of the table and of the card details, by width (fit_layout)
    kept_in_title = False  # the kept card in the hand's title line, not under the hand
    compact_details = False  # the card details without their first line of stats
    short_status = 0  # status lines saved: 1 without "Could build then", 2 also Aging and LP on one line

    def can_keep(self) -> bool:
        return self.options.can_keep  # (not on the last turn: no turn follows)

    def update(self, section: str, lines: list[Text]) -> None:
        """Change one section of the info panel; only its changed lines are redrawn."""
        width = max(self.info.size.width, 20)
        fitted = []
        for line in lines:
            if line.cell_len > width:
                line = line.copy()
                line.truncate(width, overflow="ellipsis")
            fitted.append(line)
        if fitted == self.texts.get(section):
            return
        self.texts[section] = fitted
        out: list[Text] = []
        for name, height in self.SECTIONS:
            if name == "detail" and self.hint_room:
                continue
            if name == "message":  # shown over the first line of the details: the panel keeps its height
                message = self.texts.get(name, [])[:1]
                if message and self.hint_room and out:  # the details under the hint: over the last status line
                    out[-1:] = message
                else:
                    out += message
                continue
            height = max(height - 1, 0) if name == "detail" and self.texts.get("message") else height
            part = self.texts.get(name, [])[:height]
            out += part + [Text()] * (height - len(part))
        self.info.set_lines(out)

    hint_room = False  # the coach's answer is shown where the card details were
    hint_need = HINT_ROWS  # the rows the coach's answer takes (more than HINT_ROWS when they are there)

    def wanted_rows(self, width: int, compact: bool) -> int:
        """The rows under the status lines: the card details', or the hint panel's while it is shown."""
        return self.hint_need if self.hint_room else self.detail_rows(width, compact)

    def hint_rows(self, needs: list[int]) -> int:
        """A long answer (the Units placed, the moves, the discards, and why) gets the rows its fullest
        form that fits needs, with every row of the board in sight (the status shortened first, as for
        the details); else HINT_ROWS."""
        got = HINT_ROWS
        for wanted in dict.fromkeys([max(n, HINT_ROWS) for n in needs] + [HINT_ROWS]):
            self.hint_need, self.board_layout = wanted, None
            self.fit_layout()
            got = dict(self.SECTIONS)["detail"]
            if got >= wanted:
                break
        self.texts.clear()
        self.refresh_all()
        return max(got, 1)

    def hint_toggled(self, shown: bool) -> None:
        self.hint_room = shown
        self.hint_need = HINT_ROWS
        self.texts.pop("detail", None)
        if self.board_rows and self.fit_layout():  # the rows shared out again, the hint's taken
            self.texts.clear()
            self.refresh_all()
        self.show_detail(self.detail_card)

    def on_resize(self) -> None:
        self.board_rows = 0
        self.board_layout = None
        self.__dict__.pop("heading", None)  # it fits the width
        self.fit_layout()
        self.wrapped.clear()
        self.texts.clear()
        self.refresh_all()
        self.show_detail(self.detail_card)

    def update_forecast(self) -> None:
        """The plan as it stands (`plan_key`; its forecast is asked when it changes: `watch_plan_key`)."""
        self.plan_key = (tuple(self.plan.slots), self.plan.keep)

    def watch_plan_key(self, key: PlanKey | None) -> None:
        """Another plan: its forecast when known (a plan seen before, an answer here), else asked (it
        comes as `ForecastReady`; meanwhile the status says it is on its way)."""
        if key is None:
            return
        slots, keep = list(key[0]), key[1]
        if key not in self.forecasts and self.asks.forecast_ready(slots, keep):
            self.remember(key, self.asks.forecast(slots, keep))
        if key in self.forecasts:
            self.show_forecast(key, drawn=False)
            return
        self.forecast_key, self.after = None, None
        self.set_reactive(DeployScreen.forecast, None)
        self.asked.add(key)
        self.post_message(AnswersAsked(self))  # (at one keyboard the flow answers it then)

    def remember(self, key: PlanKey, f: fc.TurnForecast | None) -> None:
        """Keep a plan's forecast (the game does not change while deploying: a plan seen again is known)."""
        if key in self.forecasts:
            return
        after, spots = None, self.spot_views
        if f is not None:
            after = f.after
            new = {s for s, c in enumerate(key[0]) if c is not None and self.plan.is_new(c)}
            spots = list(kingdom_view(after, 0, new=new).spots)
        if len(self.forecasts) > 64:
            self.forecasts.clear()
        self.forecasts[key] = (f, after, spots)

    def show_forecast(self, key: PlanKey, drawn: bool = True) -> None:
        """Show the forecast of `key` (the plan on the board); `drawn`: the board is drawn again for it
        (else the caller draws it)."""
        f, self.after, self.spot_views = self.forecasts[key]
        self.forecast_key = key
        if drawn:
            self.forecast = f
        else:
            self.set_reactive(DeployScreen.forecast, f)

    def render_spots(self) -> None:
        rows, locked = [], set()
        keys = [tx.SPOT_KEYS[slot] for slot in range(5)]  # (AV1 in French: as wide as the language's keys)
        key_width = max(len(k) for k in keys)
        width = max(self.spots.size.width, 30) - key_width - 1
        for slot in range(5):
            label = Text(f"{keys[slot].ljust(key_width)} ", style="bold")
            card = self.plan.slots[slot]
            spot = self.spot_views[slot]
            if slot not in self.options.open_slots:
                label.append_text(spot_line(None, width, locked=True))
                locked.add(slot)
            elif card is None:
                label.append_text(spot_line(None, width))
            elif spot is not None and spot.card == card:
                label.append_text(spot_line(spot, width))
            else:  # given up for want of Gold (or not yet forecast)
                label.append_text(self.card_line(card))
                label.append(" " + _("unpaid") if self.forecast and card in self.forecast.unpaid else "",
                             style="bold red")
            if card is not None and card == self.held:
                label.append(" ◀ " + _("held"), style="reverse")
            rows.append(label)
        heading = self.heading
        self.spots.header = [heading or Text(_("Your Kingdom"), style="bold")]
        self.spots.set_rows(rows, locked, [] if heading else self.buildings_lines())

    @functools.cached_property
    def heading(self) -> Text | None:  # the Buildings do not change while deploying
        return self.kingdom_heading()

    def least_table_rows(self, width: int) -> int:
        """The rows the other Kingdoms take at least (each whole, without hand counts)."""
        if self.table is None:
            return 0
        key = ("table", width)
        if key not in self.measured:
            self.measured[key] = table_height([replace(k, hand=0) for k in self.table_views], width, 0)
        return self.measured[key]

    def detail_rows(self, width: int, compact: bool = False) -> int:
        """The lines the details of the longest card of the hand or in play take (at least 4 for the
        full details: room for a hint; the cards at hand and in play stay the same)."""
        key = ("details", width, compact)
        if key not in self.measured:
            cards = self.plan.hand + list(self.plan.in_play)
            self.measured[key] = max([1 if compact else 4] + [
                len(self.detail_text(c, compact).wrap(self.app.console, width)) for c in cards])
        return self.measured[key]

    def detail_text(self, card: int, compact: bool) -> Text:
        """A card's details; `compact`: its name, then its abilities (the rows show its stats)."""
        return tx.unit_detail(self.view.card(card), compact)

    def kingdom_heading(self) -> Text | None:
        """`Your Kingdom · Temple 1, Town 2` when it fits the column (a row more for the hand)."""
        p = self.view.players[self.player]
        built = ", ".join(f"{tx.building_name(self.view.catalog, k)} {v}" for k, v in p.buildings)
        heading = Text.assemble((_("Your Kingdom"), "bold"), " · ", built or Text(_("no Building"), style="dim"))
        return heading if heading.cell_len <= (self.app.size.width - 1) // 2 - 1 else None

    def card_line(self, card: int) -> Text:
        if card not in self.card_lines:
            cards = self.plan.hand + list(self.plan.in_play)
            width = max(len(card_name(self.view.card(c))) for c in cards) + 1  # the names in a column, no wider
            self.card_lines[card] = tx.unit_line(self.view.card(card), width)
        return self.card_lines[card]

    def buildings_lines(self) -> list[Text]:
        p = self.view.players[self.player]
        info = Text(_("Buildings:") + " ", style="bold")
        info.append(", ".join(f"{tx.building_name(self.view.catalog, k)} {v}" for k, v in p.buildings)
                    or pgettext("buildings", "none"))
        return [info]

    def hand_entries(self) -> list[int]:
        """Hand cards, then Units taken out of play (they can be put back)."""
        return self.plan.hand + self.plan.discarded()

    def render_hand(self) -> None:
        rows = []
        left = self.gold_left()
        for card in self.hand_entries():
            t = self.view.card(card)
            label = self.card_line(card).copy()
            spot = self.plan.spot_of(card)
            if card in self.plan.in_play:
                label.append(" " + _("taken out"), style="bold red")
            elif spot is not None:
                label.append(f" → {tx.SPOT_KEYS[spot]}", style="bold green")
            elif card == self.plan.keep:
                label.append(" " + _("KEEP"), style="bold cyan")
            elif t.cost > left:
                label.append(" ✗ " + _("over Gold"), style="red")
            else:
                label.append(" ✓", style="green")
            if card == self.held:
                label.append(" ◀ " + _("held"), style="reverse")
            rows.append(self.fit_row(label, card))
        kept = self.plan.keep
        name = card_name(self.view.card(kept)) if kept is not None else _("nothing")
        short = short_name(self.view.card(kept)) if kept is not None else name
        width = self.hand.content_region.width or (self.app.size.width // 2 - 3)
        # the line under the hand, in fewer words when a long name would be cut (French, Polish)
        kept_line = first_fitting([Text.assemble((label + " ", "bold"), shown) for label, shown in (
            (_("Kept for next turn:"), name), (_("kept:"), name), (_("kept:"), short))], width)
        footer = [kept_line] if self.can_keep() else []
        if self.kept_in_title and footer:
            footer = []
            self.hand.header = [first_fitting([Text.assemble((_("Hand"), "bold"), " · ", (_("kept:") + " ", "bold"),
                                                             shown) for shown in (name, short)], width)]
        else:
            self.hand.header = [Text(hand_title(), style="bold")]
        if not rows:
            self.hand.set_rows([Text(_("(no cards)"), style="dim")], {0}, footer)
        else:
            self.hand.set_rows(rows, None, footer)

    def fit_row(self, row: Text, card: int) -> Text:
        """A hand row too wide for the list: the name unpadded, then the card's short name."""
        width = self.hand.content_region.width or (self.app.size.width // 2 - 3)
        if row.cell_len <= width:
            return row
        t = self.view.card(card)
        tail = row[len(self.card_line(card)):]
        for name in (card_name(t), short_name(t)):
            shorter = Text.assemble((name, "bold"), " ", tx.unit_stats(t), tail)
            if shorter.cell_len <= width:
                return shorter
        return shorter

    def render_status(self) -> None:
        width = max(self.info.content_region.width, 20)
        key = (self.forecast_key, self.held, width, self.short_status)  # a plan seen before: its lines are known
        if key not in self.status_lines:
            if len(self.status_lines) > 64:
                self.status_lines.clear()
            self.status_lines[key] = self.status(width)
        self.update("status", self.status_lines[key])

    def status(self, width: int) -> list[Text]:
        """The forecast of the turn for the plan as it stands, in the status lines."""
        f = self.forecast
        if f is None and self.forecast_key is None:  # (asked of the table: on its way)
            return [Text(_("Forecast: on its way…"), style="dim")]
        if f is None:
            return [Text(_("No forecast for this plan."), style="dim")]
        after = self.after
        assert after is not None  # (kept with the forecast)
        gold = self.options.gold
        money = short_line(gold, gold - self.gold_left()) if f.unpaid else money_line(gold, f)
        sides = {j: mark.strip("()") for j, mark in table_marks(len(self.view.players), self.player).items()}
        lines = [money, wars_line(f, width, sides), aging_line(f, after, width), lp_line(f, width, self.shown_names),
                 build_line(self.view, f, width)]
        lines[4:4] = self.panels.deploy_status(f, width)  # (solo: the Lich King's gains)
        if self.short_status:  # short of rows: Construction shows what can be built
            lines.pop()
        if self.short_status >= 2:  # still short: Aging and the LP of the turn share a line
            aging = aging_line(f, after, width - lp_line(f, 0).cell_len - 3)  # (room for the LP's total)
            lines[2:4] = [Text.assemble(aging, " · ", lp_line(f, width - aging.cell_len - 3, self.shown_names))]
        if self.held is not None:
            lines[-1] = Text(_("Holding %(card)s: press 1-5 or choose a spot (Esc: drop)")
                             % {"card": card_name(self.view.card(self.held))}, style="bold")
        return lines

    @functools.cached_property
    def shown_names(self) -> dict[str, str]:
        """The cards' names as the screens' language shows them, by their English names."""
        catalog = self.view.catalog
        return shown_names(catalog)

    def show_detail(self, card: int | None) -> None:
        self.detail_card = card
        if card not in self.wrapped:
            width = max(self.info.size.width, 20)
            text = self.detail_text(card, self.compact_details) if card is not None else Text()
            self.wrapped[card] = list(text.wrap(self.app.console, width)) if text.plain else []
        self.update("detail", self.wrapped[card])

    def say(self, message: str) -> None:
        self.update("message", [Text(message, style="bold red")] if message else [])

    def reached(self) -> None:
        """The table is reached again: a refusal that said it was out of reach is gone."""
        self.say("")

    def update_bindings(self) -> None:
        """Refresh the key bar only when the set of usable keys changes; the key bar keeps the lines
        it drew for each set (`keybar_key`), as moves and undos go back and forth between a few."""
        state = tuple(self.check_action(*a) for a in
                      (("place", (0,)), ("place", (2,)), ("remove", ()), ("keep", ()), ("undo", ()), ("drop", ()),
                       ("learn", ())))  # (`hint` applies all along the deployment)
        if state != self.binding_state:
            self.binding_state = state
            self.keybar_key = (state, self.focused)
            try:
                self.refresh_bindings()
            finally:
                self.keybar_key = None

    keybar_key: tuple[object, ...] | None = None  # while update_bindings refreshes the key bar: what its keys depend on

    # --- what the cursor is on --------------------------------------------------------------
    def focused_spot(self) -> int | None:
        return self.spots.cursor if self.focused is self.spots else None

    def focused_card(self) -> int | None:
        if self.focused is not self.hand:
            return None
        entries = self.hand_entries()
        return entries[self.hand.cursor] if self.hand.cursor < len(entries) else None

    def current_card(self) -> int | None:
        """The card a number key places: the held one, else the one under the cursor."""
        if self.held is not None:
            return self.held
        spot = self.focused_spot()
        if spot is not None:
            return self.plan.slots[spot]
        return self.focused_card()

    def card_at(self, rows: RowList, index: int) -> int | None:
        if rows is self.spots:
            return self.plan.slots[index]
        entries = self.hand_entries()
        return entries[index] if index < len(entries) else None

    @on(RowList.Highlighted)
    def highlighted(self, event: RowList.Highlighted) -> None:
        self.show_detail(self.card_at(event.rowlist, event.index))
        self.update_bindings()

    @on(RowList.Hovered)
    def hovered(self, event: RowList.Hovered) -> None:
        """The card under the mouse read without picking it; off the lists, the cursor's again."""
        if event.index is not None:
            self.show_detail(self.card_at(event.rowlist, event.index))
        elif isinstance(self.focused, RowList):
            self.show_detail(self.card_at(self.focused, self.focused.cursor))

    @on(RowList.Selected)
    def selected(self, event: RowList.Selected) -> None:
        if event.rowlist is self.spots and self.held is not None:
            self.action_place(event.index)
            return
        card = self.card_at(event.rowlist, event.index)
        self.held = None if self.held == card else card
        self.refresh_all()

    def on_descendant_focus(self) -> None:
        self.update_bindings()

    # --- actions ----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if (hint := self.hint_check(action)) is not None:
            return hint
        if action == "place":
            return self.current_card() is not None and (
                parameters[0] != FIFTH_SLOT or FIFTH_SLOT in self.options.open_slots)
        if action == "remove":
            spot = self.focused_spot()
            if spot is not None:
                return self.plan.slots[spot] is not None
            card = self.focused_card()
            return card is not None and self.plan.spot_of(card) is not None
        if action == "keep":  # (not on the last turn: no turn follows)
            card = self.focused_card()
            return card is not None and card in self.plan.hand and self.options.can_keep
        if action == "undo":
            return bool(self.plan.history)
        if action == "drop":
            return self.held is not None
        return True

    def action_place(self, spot: int) -> None:
        card = self.current_card()
        if card is None:
            return
        if spot not in self.options.open_slots:
            self.say(_("That spot is locked: it needs a level-2 Building."))
            return
        occupant = self.plan.slots[spot]
        if self.plan.spot_of(card) is None and occupant in self.plan.in_play:
            name = card_name(self.view.card(occupant))
            self.say(_("%(spot)s holds %(card)s: take it out first (x) or choose another spot.")
                     % {"spot": tx.SPOT_KEYS[spot], "card": name})
            return
        new = self.plan.is_new(card) and self.plan.spot_of(card) is None
        dear = new and self.view.card(card).cost > self.gold_left()
        kept = card == self.plan.keep
        self.plan.place(card, spot)  # (a kept card placed is no longer kept: the last choice counts)
        self.held = None
        if kept:
            name = card_name(self.view.card(card))
            self.say(_("%(card)s placed in %(spot)s: no longer kept for next turn (u: undo).")
                     % {"card": name, "spot": tx.SPOT_KEYS[spot]})
        else:
            self.say(_("Placed beyond your Gold: on Confirm you choose which new Units to give up.") if dear else "")
        self.refresh_all()

    def action_remove(self) -> None:
        spot = self.focused_spot()
        if spot is None:
            card = self.focused_card()
            spot = self.plan.spot_of(card) if card is not None else None
        if spot is not None:
            self.plan.remove(spot)
            self.held = None
            self.say("")  # ("F1 holds Knight: take it out first (x)" is done)
            self.refresh_all()

    def action_keep(self) -> None:
        card = self.focused_card()
        if card is not None and card in self.plan.hand and self.options.can_keep:
            self.plan.toggle_keep(card)
            self.refresh_all()

    def action_undo(self) -> None:
        self.plan.undo()
        self.held = None
        self.say("")
        self.refresh_all()

    def action_drop(self) -> None:
        self.held = None
        self.refresh_all()

    def action_confirm(self) -> None:
        placeable = [c for c in self.plan.hand if self.view.card(c).cost <= self.gold_left()]
        free = [s for s in self.options.open_slots if self.plan.slots[s] is None]
        if self.plan.new_units() or not placeable or not free:
            self.decide(self.player, self.plan.decision())
            return
        kept = self.plan.keep is not None
        n = len(self.plan.hand) - kept
        if kept:
            question = ngettext(
                "Deploy no new Unit? %(count)s card of your hand goes to the discard; the kept card stays.",
                "Deploy no new Unit? %(count)s cards of your hand go to the discard; the kept card stays.", n) % {
                "count": n}
        else:
            question = ngettext("Deploy no new Unit? %(count)s card of your hand goes to the discard.",
                                "Deploy no new Unit? %(count)s cards of your hand go to the discard.", n) % {"count": n}
        self.app.push_screen(Confirm(question, _("Deploy nothing")), self.nothing_chosen)  # (c twice: not a yes)

    def nothing_chosen(self, yes: bool | None) -> None:
        if yes:
            self.decide(self.player, self.plan.decision())

    def unpaid_chosen(self, unpaid: list[int] | None) -> None:
        if unpaid is not None:  # else back to the board
            self.decide(self.player, self.plan.decision(unpaid))

    def refused(self, error: Exception) -> None:
        if isinstance(error, Unaffordable):  # Gold is short: ask which new Units to give up
            new = self.plan.new_units()
            costs = {c: self.view.card(c).cost for c in new}
            names = {c: card_name(self.view.card(c)) for c in new}
            default = self.asks.suggested_unpaid(new)
            self.app.push_screen(UnpaidModal(new, costs, names, self.options.gold, default), self.unpaid_chosen)
            return
        self.say(_("Not allowed: %(reason)s") % {"reason": error})
        self.notify(str(error), title=_("Not allowed"), severity="error", markup=False)


def replace_mark(view: KingdomView, mark: str) -> KingdomView:
    from dataclasses import replace

    return replace(view, mark=mark)


def result_word(result: str) -> str:
    return {fc.WIN: _("win"), fc.TIE: _("tie"), fc.LOSE: _("lose"), fc.OPEN: _("open")}[result]


def money_line(gold: int, f: fc.TurnForecast) -> Text:
    out = styled(_("Gold %(gold)s − new Units %(cost)s = %(left)s left · next Income +%(income)s"), gold=tx.gold(gold),
                 cost=tx.gold(f.cost), left=tx.gold(f.gold_left), income=tx.gold(f.income))
    if f.war_gold[1]:
        wars = tx.gold(f.war_gold[0])
        if f.war_gold[1] != f.war_gold[0]:
            wars.append(f"-{f.war_gold[1]}")
        out.append_text(Text.assemble(" · ", styled(_("Wars +%(gold)s"), gold=wars)))
    return out


def short_line(gold: int, cost: int) -> Text:
    """Placing more than the Gold pays for is allowed: the player gives some new Units up."""
    short = _("short by %(gold)s · on Confirm, choose what to give up") % {"gold": f"{tx.GOLD}{cost - gold}"}
    return Text.assemble(styled(_("Gold %(gold)s − new Units %(cost)s"), gold=tx.gold(gold), cost=tx.gold(cost)),
                         colon(), (short, "bold red"))


ARMY_WORDS = {"Black army": ARMY_NAMES["black"], "Purple army": ARMY_NAMES["purple"]}  # (the forecast's sides)


def strength_range(low: int, high: int) -> str:
    return f"{tx.STRENGTH}{low}" if low == high else f"{tx.STRENGTH}{low}-{high}"


def wars_line(f: fc.TurnForecast, width: int = 78, sides: dict[int, str] | None = None) -> Text:
    """`Forecast on what you see: ⚔6 vs Ben ⚔4 win ★3 · vs Cid ⚔7 lose (★3 at stake)` when their
    strength is known, `⚔12 vs Ben ⚔4-14: win 70%` (the samples' range, the War's chance) while they
    hold hidden cards; shortened to fit;
    `sides`: each neighbour's side ("left", "right"), said instead of long names (two names cut short
    could read the same), and without the label when even that is too long (French, Spanish)."""
    candidates = []
    full, brief = _("Forecast on what you see:"), _("Forecast:")
    for label, name_width, stakes in ((full, None, True), (full, None, False), (brief, None, False),
                                      (brief, 0, False), ("", 0, False), (brief, 6, False)):
        if name_width == 0 and not sides:
            continue
        out = Text.assemble((label, "bold"), " ", tx.strength(f.strength)) if label else tx.strength(f.strength)
        for k, w in enumerate(f.wars):
            against = forecast_word(w.against)
            army = ARMY_WORDS.get(w.against)  # (short of room, an army by its colour: "vs Noire", never "vs Armée")
            name = against if name_width is None else translated(army) if army else against[:name_width]
            if name_width == 0 and sides:
                name = sides.get(w.player, against) if w.player is not None else against
            out.append(" ·" if k else "")
            out.append(" " + _("vs %(name)s %(strength)s") % {"name": name, "strength": strength_range(*w.theirs)})
            if w.won_chance is not None:  # their hidden cards sampled: a chance, never a verdict
                out.append(colon())
                out.append(_("win %(chance)s") % {"chance": percent(w.won_chance)},
                           style="bold" if w.won_chance >= 0.5 else "")
                twice = sum(c for n, c in w.won_odds if n == 2)
                if twice:
                    out.append(f" (×2 {percent(twice)})")
                continue
            out.append(" ")
            result = result_word(w.result) + (" ×2" if w.wars_won[1] == 2 else "")
            out.append(result, style="bold" if w.result in (fc.WIN, fc.TIE) else "")
            if w.lp[1]:
                out.append(" ")
                out.append_text(tx.lp(w.lp[1]))
            elif stakes:
                out.append(" " + _("(%(lp)s at stake)") % {"lp": f"{tx.LP}{w.stake}"})
        candidates.append(out)
    return first_fitting(candidates, width)


def first_fitting(candidates: list[Text], width: int) -> Text:
    """The first of these lines (fullest first) that fits the width, else the last one."""
    return next((t for t in candidates if t.cell_len <= width), candidates[-1])


def aging_line(f: fc.TurnForecast, after: SeatView, width: int = 78) -> Text:
    """The Units that die at Aging; `after`: the Kingdom alone after the reveal (the forecast's)."""
    p = after.players[0]
    if not f.dying:
        return Text(_("Aging: no Unit dies this turn"), style="dim")
    candidates = []
    for spots, full, short, dies in ((True, True, False, True), (False, True, False, True), (False, False, False, True),
                                     (False, False, True, True), (False, False, True, False)):  # (dies: ✝ in words)
        def name(s: int) -> str:
            card = after.card(p.unit(s).card)
            return short_name(card) if short else card_name(card)  # noqa: B023
        out = Text(_("Aging:") + " ", style="bold")
        out.append(", ".join(name(s) + (f" ({tx.SPOT_KEYS[s]})" if spots else "") for s in f.dying))
        out.append(" " + (ngettext("✝ dies", "✝ die", len(f.dying)) if dies else "✝"), style="bold red")
        if f.healable:
            saved = (_("one of them") if len(f.dying) > 1 and set(f.healable) == set(f.dying)
                     else ", ".join(name(s) for s in f.healable))
            out.append(" · ")
            out.append(_("a Mystical Healer can save %(units)s") % {"units": saved} if full
                       else _("✚ can save %(units)s") % {"units": saved})
        candidates.append(out)
    return first_fitting(candidates, width)


def lp_line(f: fc.TurnForecast, width: int = 78, shown: Mapping[str, str] | None = None) -> Text:
    """The LP of the turn and where they come from; `shown`: the cards' names as the screens' language
    shows them, by their English names (the forecast's gains name their cards in English)."""
    low, high = f.lp_total
    gain = tx.lp(low)
    if high != low:
        gain.append(f"-{high}")
    total = Text.assemble((_("LP this turn") + " ", "bold"), gain)
    odds = f.lp_odds or tuple(() for _ in f.lp)
    items = [(name, lo, hi, o) for (name, lo, hi), o in zip(f.lp, odds) if lo or hi]

    def item(name: str, lo: int, hi: int, o: fc.Odds, chances: bool, brief: bool = False) -> str:
        name = war_label(name, brief, shown)
        if chances and lo != hi and o:  # "War vs Ben ★3 70%": each gain with its chance (else none)
            return f"{name} " + "/".join(f"{tx.LP}{v} {percent(c)}" for v, c in o if v)
        return f"{name} {tx.LP}{lo}" + (f"-{hi}" if hi != lo else "")

    candidates = []
    for chances in (True, False) if f.lp_odds else (False,):
        listed = total.copy()
        if items:
            listed.append(colon() + ", ".join(item(*i, chances) for i in items))
        if f.uncertain:
            full = listed.copy()
            unknown = "; ".join(forecast_word(u, shown) for u in f.uncertain)
            full.append(" · " + _("not known yet: %(what)s") % {"what": unknown}, style="dim")
            short = listed.copy()
            short.append(" · " + _("some not known yet"), style="dim")
            candidates += [full, short]
        candidates.append(listed)
    if items:  # short of room: `LP ★2-10: vs Black army ★0-3, …, Temple ★2` before the total alone
        brief = Text(_("LP") + " ", style="bold")
        brief.append_text(gain)
        brief.append(colon() + ", ".join(item(name, lo, hi, o, False, brief=True) for name, lo, hi, o in items))
        candidates.append(brief)
    return first_fitting(candidates + [total], width)


def war_label(name: str, brief: bool = False, shown: Mapping[str, str] | None = None) -> str:
    """A gain of the forecast as the screens' language says it: `War vs Ben` (`brief`: `vs Ben`), a card's
    (`Temple`), a dying card's (`Demon dies`), with the cards' `shown` names."""
    shown = shown or {}
    if name.startswith("War vs "):
        against = name.removeprefix("War vs ")
        against = forecast_word(against, shown)  # (a player's name as it is; an army in the screens' words)
        return "vs " + against if brief else _("War vs %(name)s") % {"name": against}
    if name.endswith(" dies") and name.removesuffix(" dies") in shown:
        return _("%(card)s dies") % {"card": shown[name.removesuffix(" dies")]}
    return forecast_word(name, shown)


def build_line(view: SeatView, f: fc.TurnForecast, width: int = 78) -> Text:
    """What the Kingdom could build with the Gold after Income, shortened to fit."""
    out = Text(_("Could build then:") + " ", style="bold")
    if not f.constructions:
        out.append(_("nothing"), style="dim")
        return out
    entries = []
    for o in f.constructions:
        name = tx.building_name(view.catalog, o.building)
        entries.append(f"{name} {o.level} {tx.GOLD}{o.gold}")
    room = width - out.cell_len
    for shown in range(len(entries), 0, -1):  # whole entries (in the Construction list's order), then how many more
        more = len(entries) - shown
        beyond = ngettext("+%(count)s more", "+%(count)s more", more) % {"count": more}
        text = ", ".join(entries[:shown]) + (" " + beyond if more else "")
        if len(text) <= room:
            break
    out.append(text)
    return out

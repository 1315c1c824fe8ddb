"""Recruitment: pick a card from the cards in front of you (2 players: pick, then discard one).

Solo games: the Underworld draft; the rest goes to the Underworld, the Necropolis row is shown, and
the Underworld and discard pile can be looked at (when the engine's view gives them).
"""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal

from ...rules import Decision, Pending, Pick, PickOptions, SeatView
from ...text.i18n import N_
from .. import panels
from .. import text as tx
from ..board_i18n import _, card_name, ngettext, translated
from ..flow import Asks
from ..kingdom import KingdomTable, KingdomView, kingdom_views, table_height, table_marks
from ..seats import bot_marked
from ..widgets import Notice, RowList, TextBox, unbroken, wrap
from .common import AnswersCame, GameScreen, side_width, turn_title
from .hint import HINT, HINT_ROWS, LEARN, HintHost

QUEST_MARK = "☠"
DETAIL_ROWS = 4  # the card under the cursor (draft.tcss)
INFO_LEAST = 34  # the width of #draft-info at 80 columns (wider on a wider terminal: side_width)


class DraftScreen(HintHost, GameScreen):
    CSS_PATH = "draft.tcss"
    BINDINGS = [
        Binding("c", "confirm", N_("Confirm")),
        Binding("u", "undo", N_("Undo")),
        Binding("d", "piles", N_("Underworld & discard")),
        HINT, LEARN,
    ]

    def __init__(self, view: SeatView, pend: Pending, asks: Asks, prior: Decision | None = None):
        super().__init__()
        self.view, self.asks = view, asks
        self.pend = pend
        self.player = pend.player
        assert isinstance(pend.options, PickOptions)
        self.options: PickOptions = pend.options
        self.cards: list[int] = list(pend.options.cards)
        self.with_discard: bool = pend.options.discard
        # chosen, not decided yet: `c` confirms (a stray Enter decides nothing); a pick taken back comes back
        self.panels = panels.of(view)  # what the mode adds (solo: the Necropolis row, the Underworld)
        self.quest_lp = self.panels.quest_lp(view)  # ☠: the quests' LP
        self.picked: int | None = prior.card if isinstance(prior, Pick) else None
        self.discard: int | None = prior.discard if isinstance(prior, Pick) else None
        self.title_text = turn_title(view, self.panels.draft_title(self.options) or view.players[self.player].name)

    def body(self) -> ComposeResult:
        yield from self.panels.top(self.view)
        yield self.opponents()
        with Horizontal(id="draft"):
            yield RowList("", id="draft-cards")
            info = TextBox(id="draft-info")
            info.styles.width = side_width(self.app.size.width, INFO_LEAST)
            yield info
        yield TextBox(id="card-detail")
        yield Notice(id="message")

    def on_mount(self) -> None:
        self.fit_detail()
        self.render_cards()
        self.render_info()
        self.query_one("#draft-cards", RowList).focus()
        self.show_detail(self.cards[0])
        self.asks.listen(lambda: self.post_message(AnswersCame()))  # (a table of devices: the others pick meanwhile)

    def on_answers_came(self, m: AnswersCame) -> None:
        """The table moved on while this seat picks (another seat picked, at a table of devices): who is
        still to pick, and the Kingdoms, as they are now."""
        view = self.asks.seat_view()
        if view is self.view or (view.turn, view.step, view.draft_round) != (self.view.turn, self.view.step,
                                                                                 self.view.draft_round):
            return  # (nothing new, or another decision: its own screen comes)
        self.view = view
        for table in self.query("#table").results(KingdomTable):
            table.views = self.table_views()  # (fit_detail leaves out the hand counts again if short of rows)
        self.fit_detail()
        for table in self.query("#table").results(KingdomTable):
            table.redraw()
        self.render_info()

    def table_views(self) -> list[KingdomView]:
        """The other Kingdoms as everyone sees them, neighbours and where the cards go marked, then
        your own."""
        seen = kingdom_views(self.view)
        marked = table_marks(len(seen), self.player, self.view.pass_direction)
        views = bot_marked([replace(seen[j], mark=marked[j]) for j in marked], self.asks.seats)
        views.append(replace(seen[self.player], mark=_("(you)")))
        return views

    def opponents(self) -> KingdomTable:
        """The Kingdoms, each whole, in the rows the list of cards and their details leave."""
        rows = self.app.size.height - 2 - DETAIL_ROWS - self.list_rows() - self.panels.top_rows
        return KingdomTable(self.table_views(), rows=rows, id="table")

    least_rows: int | None = None  # the rows everything but the list and the text beside it takes at least

    def compact_rows(self, width: int) -> int:
        """The rows the compact details of the longest card of the list take (2 at least)."""
        return max(2, self.detail_rows(width, True))

    def rows_for_list(self) -> int:
        """The rows the list of cards and the text beside it may take, the table (each Kingdom whole,
        without hand counts nor kept marks) and the compact card details left their rows."""
        if self.least_rows is None:
            width = max(self.app.size.width - 2, 20)
            views = [replace(k, hand=0, kept=False) for k in self.table_views()]
            self.least_rows = (2 + self.panels.top_rows + self.compact_rows(width)
                               + (table_height(views, width, 0) if len(views) > 1 else 0))
        return self.app.size.height - self.least_rows

    @property
    def info_width(self) -> int:
        """The text of #draft-info: its width less its border and padding."""
        return side_width(self.app.size.width, INFO_LEAST) - 3

    def list_rows(self, info: Text | None = None) -> int:
        """The rows the list of cards and the text beside it (`info`: the one shown) need."""
        header = 1 + self.panels.draft_rest_rows  # the ask (and where the rest goes)
        lines = len(wrap(self.info_text() if info is None else info, self.app.console, self.info_width))
        return max(header + len(self.cards), lines)

    def fit_detail(self) -> None:
        """The card details take the rows their longest card needs, as far as the table (every
        Kingdom whole) and the list leave room (at least 2)."""
        width = max(self.app.size.width - 2, 20)
        table = next(iter(self.query("#table").results(KingdomTable)), None)
        room = self.app.size.height - 2 - self.list_rows() - self.panels.top_rows  # the Necropolis row
        self.compact = False
        needed = self.detail_rows(width)
        if table is not None:
            if table_height(table.views, width, table.rows) > room - needed:  # as the Deployment: the
                table.views = [replace(k, hand=0) for k in table.views]  # hand counts go first
                if table_height(table.views, width, table.rows) > room - self.compact_rows(width):  # still
                    table.views = [replace(k, kept=False) for k in table.views]  # too tall: "kept 1" too
                if table.is_mounted:
                    table.redraw()
            room -= table_height(table.views, width, table.rows)
        if needed > room:  # short of rows: the details compact (name, then abilities: the list shows the stats)
            self.compact = True
            needed = self.detail_rows(width)
        self.query_one("#card-detail").styles.height = max(min(room, needed), 2)

    compact = False  # the card details without their line of stats (fit_detail)

    info_room: int | None = None  # while the coach's hint is shown: the rows left to the list and its text

    def hint_toggled(self, shown: bool) -> None:
        """The coach's hint shows where the card details were (as on the deployment board); when it
        takes more rows than they did, the text beside the list says who is still to pick in fewer."""
        detail = self.query_one("#card-detail")
        room = self.query_one("#draft").size.height - max(HINT_ROWS - detail.outer_size.height, 0)
        self.info_room = room if shown else None
        detail.display = not shown
        self.render_info()

    def detail_rows(self, width: int, compact: bool | None = None) -> int:
        """The lines the details of the longest card of the list take (compact or not: as shown now)."""
        compact = self.compact if compact is None else compact
        return max(len(tx.unit_detail(self.view.card(c), compact).wrap(self.app.console, width))
                   for c in self.cards)

    def render_cards(self) -> None:
        rows = []
        width = max(len(card_name(self.view.card(c))) + 1 for c in self.cards)  # (17 in English)
        for c in self.cards:
            line = tx.unit_line(self.view.card(c), max(width, 17))
            if c == self.picked:
                line = Text.assemble(line, Text(f"  ✓ {translated(self.panels.picked_word)}", style="bold green"))
            elif c == self.discard:
                line = Text.assemble(line, Text("  ✗ " + _("discard"), style="bold red"))
            quest_lp = self.quest_lp.get(c, 0)
            if quest_lp:
                line = Text.assemble(line, " ", Text(f"{QUEST_MARK}{tx.LP}{quest_lp}", style="bold red"))
            rows.append(line)
        cards = self.query_one("#draft-cards", RowList)
        if self.ready():
            ask = Text(_("c: confirm your pick and discard · u: undo") if self.with_discard
                       else translated(self.panels.confirm_ask), style="bold")
        else:
            ask = Text(_("Choose a card to DISCARD (Enter or click)") if self.picked is not None
                       else translated(self.panels.choose_ask), style="bold")
        cards.header = [ask, *self.panels.draft_rest(self.options, len(self.cards))]
        # the card just picked cannot be discarded too: the cursor skips it
        picked = {self.cards.index(self.picked)} if self.with_discard and self.picked in self.cards else set()
        cards.set_rows(rows, disabled=picked)
        self.refresh_bindings()

    def show_detail(self, card: int) -> None:
        self.query_one("#card-detail", TextBox).set_text(tx.unit_detail(self.view.card(card), self.compact))

    def render_info(self) -> None:
        self.query_one("#draft-info", TextBox).set_text(self.info_text())

    def info_text(self) -> Text:
        own = self.panels.draft_info(self)  # a mode's own (solo: the rounds and the Underworld)
        if own is not None:
            return own
        view = self.view
        p = view.players[self.player]
        n = len(view.players)
        direction = view.pass_direction
        target = unbroken(view.players[view.pass_targets[self.player]].name)
        waiting = [unbroken(view.players[i].name) for i in view.deciding]
        out = Text()
        out.append(_("Picked this turn:") + " ", style="bold")
        out.append(", ".join(unbroken(card_name(view.card(c))) for c in p.hand or ()) or _("nothing yet"))
        if p.kept is not None:
            out.append("\n" + _("Kept from last turn:") + " ", style="bold")
            kept = unbroken(card_name(view.card(p.kept)))
            out.append(_("%(card)s (joins your hand after the draft)") % {"card": kept})
        out.append("\n" + _("Passing:") + " ", style="bold")
        if n <= 2:
            out.append(_("the rest goes to %(name)s") % {"name": target})
        elif direction == "left":
            out.append(_("left → the rest goes to %(name)s") % {"name": target})
        else:
            out.append(_("right → the rest goes to %(name)s") % {"name": target})
        out.append("\n" + _("Still to pick:") + " ", style="bold")
        full = out.copy()
        full.append(", ".join(waiting))
        # long names at many players: a count, so that the list, the details and the table keep their rows
        others = len(view.deciding) - (self.player in view.deciding)
        if self.player not in view.deciding:
            out.append(ngettext("%(count)s other", "%(count)s others", others) % {"count": others})
        elif others:
            out.append(ngettext("you and %(count)s other", "you and %(count)s others", others) % {"count": others})
        else:
            out.append(_("you"))
        rows = max(self.list_rows(out), self.rows_for_list() if self.info_room is None else self.info_room)
        # (your Gold and LP: on your line of the table)
        return full if len(wrap(full, self.app.console, self.info_width)) <= rows else out

    def action_piles(self) -> None:
        self.app.push_screen(self.panels.piles_screen(self.view))

    @on(RowList.Highlighted, "#draft-cards")
    def highlighted(self, event: RowList.Highlighted) -> None:
        self.show_detail(self.cards[event.index])

    @on(RowList.Hovered, "#draft-cards")
    def hovered(self, event: RowList.Hovered) -> None:
        """The card under the mouse read without picking it; off the list, the cursor's again."""
        self.show_detail(self.cards[event.rowlist.cursor if event.index is None else event.index])

    def ready(self) -> bool:
        """Everything chosen: `c` confirms."""
        return self.picked is not None and (self.discard is not None or not self.with_discard)

    @on(RowList.Selected, "#draft-cards")
    def selected(self, event: RowList.Selected) -> None:
        card = self.cards[event.index]
        if not self.with_discard or self.picked is None:
            self.picked = card
        elif card != self.picked:
            self.discard = card
        self.query_one("#message", Notice).say("")
        self.render_cards()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if (hint := self.hint_check(action)) is not None:
            return hint
        if action == "undo":
            return self.picked is not None
        if action == "confirm":
            return self.ready()
        if action == "piles":
            return self.panels.piles
        return True

    def action_confirm(self) -> None:
        if self.picked is not None and self.ready():
            self.decide(self.player, Pick(self.picked, discard=self.discard))

    def action_undo(self) -> None:
        if self.discard is not None:
            self.discard = None
        else:
            self.picked = None
        self.query_one("#message", Notice).say("")
        self.render_cards()

"""Final scores, with the tie-breakers spelled out; solo games: the player against the Lich King."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Static

from ...rules import SeatView
from ...rules import events as ev
from ...text.i18n import N_
from ...text.narrator import Names
from .. import panels
from .. import text as tx
from ..kingdom import KingdomTable, KingdomView, kingdom_views
from ..language import SCREENS, and_list, colon, said
from ..messages import NewGameAsked, RematchAsked
from ..widgets import NO_BREAK, Prose, unbroken
from .common import GameScreen
from .summary import heading

_ = SCREENS.gettext


def end_lines(view: SeatView, events: list[ev.LpChanged]) -> Text:
    """The end-of-game LP, one line a player: `Ann: Mine +1, Barracks +1 = ★30`."""
    names = Names.of(view).unbroken()  # (each name, and each gain with its source, kept on one line)
    lines = []
    for i, player in enumerate(view.players):
        mine = [e for e in events if e.player == i]
        if mine:
            line = Text.assemble((unbroken(player.name), "bold"), colon())
            line.append(", ".join(unbroken(f"{names.cause(e.cause)} {'+' if e.amount > 0 else ''}{e.amount}")
                                  for e in mine))
            line.append(f" ={NO_BREAK}{tx.LP}{mine[-1].total}")
            lines.append(line)
    return Text("\n").join(lines)


def ranking(view: SeatView) -> Table:
    winners = set(view.winners)
    table = Table(box=None, header_style="bold", pad_edge=False)
    for col in ("", _("Player"), _("%(lp)s LP") % {"lp": tx.LP}, _("%(gold)s Gold") % {"gold": tx.GOLD}, ""):
        table.add_column(col)
    order = sorted(range(len(view.players)), key=lambda i: (-view.players[i].lp, -view.players[i].gold))
    rank = 0
    prev = None
    for k, i in enumerate(order):
        p = view.players[i]
        if (p.lp, p.gold) != prev:
            rank, prev = k + 1, (p.lp, p.gold)
        table.add_row(f"{rank}.", Text(p.name), str(p.lp), str(p.gold), _("♛ winner") if i in winners else "")
    return table


def tie_note(view: SeatView) -> Prose:
    """Who has the most LP, and how a tie on them is broken (each name kept on one line)."""
    players = view.players
    best = max(p.lp for p in players)
    top = [p for p in players if p.lp == best]
    winners = view.winners
    if len(top) == 1:
        return Prose(_("%(name)s has the most Legend Points.") % {"name": unbroken(top[0].name)})
    words = {"names": and_list(unbroken(p.name) for p in top), "lp": f"{tx.LP}{best}"}
    if len(winners) == 1:
        return Prose(_("%(names)s are tied on %(lp)s: the tie goes to the most Gold — %(winner)s.")
                     % {**words, "winner": unbroken(players[winners[0]].name)})
    return Prose(_("%(names)s are tied on %(lp)s and on Gold: they share the victory.") % words)


def final_views(view: SeatView) -> list[KingdomView]:
    """Every Kingdom at the end, without what only matters for a next turn: cards in hand, kept card."""
    return [replace(k, hand=0, kept=False) for k in kingdom_views(view)]


TITLE = N_("Paper Tales · Final scores")


class FinalScreen(GameScreen):
    """The scores, then the Kingdoms at the end: on one page when they fit the screen, else on two
    (→ and ← turn the page; Enter goes to the next one, and does nothing on the last: a new game takes
    n or a click on its button)."""

    CSS_PATH = "summary.tcss"
    BINDINGS = [Binding("n", "new_game", N_("New game")), Binding("r", "review", N_("Coach's review")),
                Binding("m", "rematch", N_("Rematch")),
                Binding("enter,right,pagedown", "turn(1)", N_("Kingdoms"), key_display="→", priority=True),
                Binding("left,pageup", "turn(0)", N_("Scores"), key_display="←", priority=True)]

    def __init__(self, view: SeatView, events: Sequence[ev.BaseEvent], note: str = "",
                 seat_types: Sequence[str] = (), hints: Sequence[int] = ()):
        super().__init__()
        self.view, self.events, self.note = view, events, note
        self.seat_types, self.hints = list(seat_types), list(hints)  # who sat where; the hints each asked for
        self.title_text = said(TITLE)
        self.pages = 1  # 2 when the Kingdoms at the end need a page of their own
        self.page = 0

    def body(self) -> ComposeResult:
        if self.note:
            self.add_class("noted")
            yield Static(Text(self.note, style="italic"), id="final-note")
        own = panels.of(self.view).final_body(self)  # a mode's own page (solo: against the Lich King)
        if own is not None:
            yield from own
            return
        view = self.view
        winners = and_list(view.players[i].name for i in view.winners)
        with VerticalScroll(id="final"):
            yield Static(Text(SCREENS.ngettext("%(names)s wins!", "%(names)s win!", len(view.winners))
                              % {"names": winners}, style="bold reverse"), id="winner")
            end_lp = [e for e in self.events if isinstance(e, ev.LpChanged)]
            end = Prose(Text.assemble((_("End of game: Buildings, abilities"), "bold underline"), "\n",
                                      end_lines(view, end_lp))) if end_lp else None
            table = ranking(view)
            top = Horizontal(id="final-top")  # the end-of-game LP beside the ranking: the page fits 80x24,
            if end is not None and self.stacked(table, end):  # unless long names leave it too narrow a
                top.add_class("stacked")  # column: then below it, in fewer rows
            with top:
                yield Static(table, id="ranking")
                if end is not None:
                    yield Static(end, id="end-lp")
            yield Static(tie_note(view))
            yield from self.hints_note()
            yield Static(heading(_("Kingdoms at the end")), classes="kingdoms")
            every = final_views(view)
            yield KingdomTable(every, rows=len(every), classes="final-kingdoms kingdoms")  # each whole, in few lines
        if self.app.offers.new_game:  # (a seat of a hosted table: the host starts the next game)
            yield Button(_("New game (n)"), variant="primary", id="again", compact=True)

    def stacked(self, table: Table, end: Prose) -> bool:
        """Whether the end-of-game LP take fewer rows below the ranking than beside it."""
        console = self.app.console
        width = self.app.size.width - 4  # #final's padding
        ranking_width = console.measure(table).maximum
        beside = max(len(table.rows) + 1, len(end.lines(console, max(width - ranking_width - 3, 10))))
        below = len(table.rows) + 1 + len(end.lines(console, width))
        return below < beside

    def on_mount(self) -> None:
        for button in self.query("#again").results(Button):  # never focused: a stray Enter (the one that
            button.can_focus = False  # turned the page) must not start a new game; n or a click does
        self.call_after_refresh(self.paginate)

    def on_resize(self) -> None:
        if self.pages > 1:  # everything on one page again, to see whether it fits the new size
            self.pages = 1
            self.show_page(0)
        self.call_after_refresh(self.paginate)

    def paginate(self) -> None:
        """Two pages when the whole does not fit the screen: the scores, then the Kingdoms."""
        final = self.query_one("#final", VerticalScroll)
        if self.pages == 1 and final.max_scroll_y > 0:
            self.pages = 2
            self.show_page(0)

    def show_page(self, n: int) -> None:
        self.page = n
        for widget in self.query_one("#final", VerticalScroll).children:
            widget.display = self.pages == 1 or widget.has_class("kingdoms") == (n == 1)
        title = said(TITLE)
        if self.pages > 1:
            title = _("%(title)s · page %(page)s of %(pages)s") % {"title": title, "page": n + 1, "pages": self.pages}
        self.set_title(title)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "turn":
            return self.pages > 1 and parameters[0] != self.page
        offers = self.app.offers
        if action == "new_game":  # (a seat of a hosted table: the host starts the next game)
            return offers.new_game
        if action == "review":
            return offers.review
        if action == "rematch":
            return offers.rematch and self.view.over
        return True

    def action_turn(self, page: int) -> None:
        self.show_page(page)

    def hints_note(self) -> ComposeResult:
        """The coach's hints each player asked for, when any were."""
        used = self.hints
        if any(used):
            names = [p.name for p in self.view.players]
            yield Static(Text(_("Coach's hints used: %(hints)s") % {
                "hints": ", ".join(f"{names[i]} {n}" for i, n in enumerate(used) if i < len(names))}))

    def action_review(self) -> None:
        from .review import ReviewScreen, human_seats

        seat = self.app.offers.seat  # (a joined seat: its own decisions only)
        seats = [seat] if seat is not None else human_seats(self.seat_types, self.view)
        self.app.push_screen(ReviewScreen(self.view, seats, self.hints))

    def action_rematch(self) -> None:
        self.post_message(RematchAsked())

    @on(Button.Pressed, "#again")
    def action_new_game(self) -> None:
        self.post_message(NewGameAsked())

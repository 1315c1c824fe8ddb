"""Public summaries between decisions: Reveal & Wars, Income, Construction, Aging; in solo games also
the Lich King's Recruitment, and the Wars against his two armies.

Each chapter is a list of blocks (a section with its heading, or one War); the blocks are laid out in
pages that fit the screen, so nothing a player must read is below the fold: Enter shows what is below
(if a block is taller than the screen), then the next page, and only on the last page goes on.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Button, Static

from ...rules import SeatView, Step
from ...rules import events as ev
from ...text.i18n import N_
from ...text.narrator import Names, narrate
from .. import kingdom as kw
from .. import panels
from .. import text as tx
from .. import wars as wr
from ..language import SCREENS, colon, said
from ..widgets import Prose, unbroken
from .common import Continue, GameScreen

_ = SCREENS.gettext
TITLES = {"lich": N_("Lich King"), "reveal": N_("Reveal & Wars"), "income": N_("Income"),
          "construction": N_("Construction"), "aging": N_("Aging")}
HEADINGS = {"lich": N_("The Lich King's Recruitment")}


def told(view: SeatView, events: Sequence[ev.BaseEvent]) -> list[str]:
    """The events' sentences, each name in them kept whole (its spaces no-break)."""
    names = Names.of(view).unbroken()
    return [s for s in (narrate(e, names) for e in events) if s]


def sentences(view: SeatView, events: Sequence[ev.BaseEvent]) -> Prose:
    """The events' sentences, a line each, wrapped between words (never inside a name)."""
    lines = told(view, events)
    return Prose("\n".join(lines)) if lines else Prose(_("Nothing happened."), style="dim")


def heading(text: str) -> Text:
    return Text(f"\n{text}", style="bold underline")


def section(title: str, body: RenderableType) -> Group:
    return Group(heading(title), body)


def gains(view: SeatView, events: Sequence[ev.BaseEvent], width: int = 76) -> Text:
    """LP and Gold totals per player over these events, a line broken between two players, never
    inside one's name (long names)."""
    lp: defaultdict[int, int] = defaultdict(int)
    gold: defaultdict[int, int] = defaultdict(int)
    for e in events:
        if isinstance(e, ev.LpChanged):
            lp[e.player] += e.amount
        elif isinstance(e, ev.GoldChanged):
            gold[e.player] += e.amount
    out, line = Text(), 0
    for i, p in enumerate(view.players):
        if lp[i] or gold[i]:
            one = Text(p.name + colon(), style="bold")
            if lp[i]:
                one.append_text(tx.lp(lp[i]))
                one.append(" ")
            if gold[i]:
                one.append_text(tx.gold(gold[i]))
            one.rstrip()
            if line and line + 3 + one.cell_len > width:
                out.append("\n")
                line = 0
            elif line:
                out.append("   ")
                line += 3
            out.append_text(one)
            line += one.cell_len
    return out


def kingdoms_still_as_revealed(view: SeatView) -> bool:
    """Until Aging, the Kingdoms in the state are the ones that were revealed this turn."""
    return view.phase in ("deployment", "wars", "income", "construction") and view.step != Step.DEPLOY


def kingdoms_now(view: SeatView, width: int) -> Text:
    """Every Kingdom whole, in one line or two, as it stands (shown while the Wars wait for an Age token
    choice)."""
    seen = kw.kingdom_views(view)
    return Text("\n").join(line for lines in kw.table_lines(seen, width, len(seen)) for line in lines)


def render_reveal(view: SeatView, events: Sequence[ev.BaseEvent], width: int) -> list[RenderableType]:
    """Revealed, each War (both sides side by side), what the Wars won, the phase-3 abilities."""
    first = next((k for k, e in enumerate(events) if isinstance(e, ev.WarStrength)), len(events))
    mode = panels.of(view)
    out: list[RenderableType] = []
    if events[:first]:  # a block a line: a page break may fall between two
        lines = [Prose(line) for line in told(view, events[:first])] or [sentences(view, [])]
        out += [section(_("Revealed"), lines[0]), *lines[1:]]
    revealed = any(isinstance(e, ev.UnitsRevealed) for e in events)
    if revealed and first == len(events) and kingdoms_still_as_revealed(view):
        out.append(section(_("Kingdoms"), kingdoms_now(view, width)))
    if first == len(events):
        return out
    own = mode.war_blocks(view, events, width)  # a mode's own Wars (solo: against the two armies)
    if own is not None:
        blocks = own
    elif len(view.players) >= wr.COMPACT_FROM:  # a blank line only before the Wars and the Kingdoms
        blocks = wr.compact_war_blocks(view, events, width)
    else:
        blocks = [[Text()] + block for block in wr.war_blocks(view, events, width)]
    out += [Text("\n").join(block) for block in blocks if any(line.plain for line in block)]  # (not empty)
    after = events[first:]
    won = gains(view, after, width)
    lich = mode.wars_won(view, after)  # (solo: the Lich King's)
    if lich.plain:
        won.append("\n" if won.plain else "")
        won.append_text(lich)
    out.append(section(_("Won this phase"), won if won.plain else Text(_("nothing"), style="dim")))
    rest = [e for e in after if isinstance(e, (ev.LpChanged, ev.GoldChanged, ev.AgeAdded)) and e.cause != "wars"]
    if rest:
        out.append(section(_("Wars abilities (phase 3)"), sentences(view, rest)))
    return out


def render_income(view: SeatView, events: Sequence[ev.BaseEvent], width: int) -> list[RenderableType]:
    table = Table(box=None, header_style="bold", pad_edge=False)
    for col in (_("Player"), _("Income"), _("Gold now")):
        table.add_column(col)
    for e in events:
        if isinstance(e, ev.GoldChanged):
            table.add_row(Text(view.players[e.player].name), f"+{tx.GOLD}{e.amount}", f"{tx.GOLD}{e.total}")
    return [section(_("Gold earned (2 base + Units and Buildings)"), table)]


def render_construction(view: SeatView, events: Sequence[ev.BaseEvent], width: int) -> list[RenderableType]:
    return [section(_("Buildings"), sentences(view, events))]


def deaths(view: SeatView, died: list[ev.UnitDied]) -> Prose:
    """One line per player: the Units that died, with their Age tokens (a name and its tokens never
    parted across two lines)."""
    by_player: dict[int, list[str]] = defaultdict(list)
    for e in died:
        by_player[e.player].append(unbroken(f"{SCREENS.card_name(view.card(e.card))} {tx.AGE}{e.age}"))
    return Prose(Text("\n").join(Text.assemble((unbroken(view.players[i].name), "bold"), colon(), ", ".join(names))
                                  for i, names in sorted(by_player.items())))


def render_aging(view: SeatView, events: Sequence[ev.BaseEvent], width: int) -> list[RenderableType]:
    saved = [e for e in events if isinstance(e, ev.UnitSaved)]
    died = [e for e in events if isinstance(e, ev.UnitDied)]
    out: list[RenderableType] = []
    if saved:
        out.append(section(_("Saved by a Mystical Healer"), sentences(view, saved)))
    out.append(section(_("Died"), deaths(view, died) if died else Text(_("No Unit died."), style="dim")))
    abilities = [e for e in events if isinstance(e, (ev.LpChanged, ev.GoldChanged))]
    if abilities:
        out.append(section(_("Death abilities"), sentences(view, abilities)))
    out += panels.of(view).aging_sections(view, events)  # what the mode's sides that are not seats did
    out.append(Text("\n" + _("Every Unit still in play gains 1 Age token."), style="dim"))
    return out


RENDER = {"reveal": render_reveal, "income": render_income, "construction": render_construction,
          "aging": render_aging}
CHAPTER_TITLE_HEIGHT = 2  # a blank line and the title


def paginate(heights: list[int], chapters: list[str], room: int) -> list[list[int]]:
    """Blocks (by index) laid out in pages of at most `room` lines; each page starts with its chapter's
    title, and so does each new chapter on a page. A block taller than a page gets a page of its own."""
    pages: list[list[int]] = []
    used = 0
    for k, h in enumerate(heights):
        title = not pages or not pages[-1] or chapters[pages[-1][-1]] != chapters[k]
        cost = h + (CHAPTER_TITLE_HEIGHT if title else 0)
        if pages and pages[-1] and used + cost <= room:
            pages[-1].append(k)
            used += cost
        else:
            pages.append([k])
            used = h + CHAPTER_TITLE_HEIGHT
    return pages


class SummaryScreen(GameScreen):
    """What just happened, chapter after chapter, for everyone to see, a page at a time."""
    CSS_PATH = "summary.tcss"

    # Enter turns the page while there is more to read, then continues: one of the two applies at a time,
    # so the key bar says which.
    BINDINGS = [Binding("enter,space", "more", N_("Next page"), priority=True),
                Binding("enter,space", "next", N_("Continue"), priority=True),
                Binding("backspace,left", "previous", N_("Previous page"), key_display="←", priority=True)]

    def __init__(self, view: SeatView, chapters: list[tuple[str, Sequence[ev.BaseEvent]]], turn: int | None = None,
                 other_lp: int | None = None):
        super().__init__()
        self.view, self.chapters = view, chapters
        self.other_lp = other_lp  # the LP of the sides that are not seats as of this page (solo: the Lich King's)
        turn = view.turn if turn is None else turn
        self.turn = turn
        self.title_text = _("Paper Tales · Turn %(turn)s/%(turns)s · %(chapters)s") % {
            "turn": turn, "turns": view.turns, "chapters": " · ".join(said(TITLES[c]) for c, _events in chapters)}
        self.blocks: list[tuple[str, RenderableType]] = []
        self.pages: list[list[int]] = [[]]
        self.page = 0
        self.laid_out = (0, 0)  # the size the pages were made for

    def body(self) -> ComposeResult:
        yield from panels.of(self.view).top(self.view, self.turn, self.other_lp)
        with VerticalScroll(id="summary"):
            yield Static("", id="page")
        yield Button(_("Continue (Enter)"), variant="primary", id="next", compact=True)

    def on_mount(self) -> None:
        scroll = self.query_one("#summary", VerticalScroll)
        scroll.focus()
        self.watch(scroll, "scroll_y", self.show_next, init=False)
        self.call_after_refresh(self.lay_out)

    def on_resize(self) -> None:
        self.call_after_refresh(self.lay_out)

    def lay_out(self) -> None:
        """Make the pages for the room the summary has, keeping the first block of the page shown."""
        region = self.query_one("#summary").scrollable_content_region
        if (region.width, region.height) == self.laid_out or region.width < 10:
            return
        self.laid_out = (region.width, region.height)
        first = self.pages[self.page][0] if self.pages[self.page] else 0
        render = {**RENDER, **panels.of(self.view).chapters}  # (solo: the Lich King's Recruitment)
        self.blocks = [(chapter, block) for chapter, events in self.chapters
                       for block in render[chapter](self.view, events, region.width)]
        console = self.app.console
        options = console.options.update_width(region.width)
        heights = [len(console.render_lines(block, options, pad=False)) for _, block in self.blocks]
        self.pages = paginate(heights, [c for c, _block in self.blocks], region.height) or [[]]
        self.show_page(next((n for n, page in enumerate(self.pages) if first in page), 0))

    def show_page(self, n: int) -> None:
        self.page = n
        parts: list[RenderableType] = []
        previous = None
        for k in self.pages[n]:
            chapter, block = self.blocks[k]
            if chapter != previous:
                title = said(HEADINGS.get(chapter, TITLES[chapter])).upper()
                if n and self.pages[n - 1] and self.blocks[self.pages[n - 1][-1]][0] == chapter:
                    title = _("%(title)s (continued)") % {"title": title}
                parts += [Text(), Text(f" {title} ", style="bold reverse")]
                previous = chapter
            parts.append(block)
        self.query_one("#page", Static).update(Group(*parts))
        scroll = self.query_one("#summary", VerticalScroll)
        scroll.scroll_home(animate=False)
        self.show_next()
        self.call_after_refresh(self.show_next)  # once the page is laid out: whether it needs scrolling

    def more_to_show(self) -> bool:
        """Whether Enter shows more of this summary (the rest of a tall page, or the next page)."""
        scroll = next(iter(self.query("#summary").results(VerticalScroll)), None)
        return (scroll is not None and scroll.scroll_y < scroll.max_scroll_y) or self.page + 1 < len(self.pages)

    def show_next(self) -> None:
        """Say what Enter does now, on the button and in the key bar."""
        button = next(iter(self.query("#next").results(Button)), None)
        if button is None:  # called after a refresh, and the screen has gone meanwhile (Enter was quick)
            return
        label = _("Next page (Enter)") if self.more_to_show() else _("Continue (Enter)")
        if len(self.pages) > 1:
            label = _("%(button)s · page %(page)s of %(pages)s") % {"button": label, "page": self.page + 1,
                                                                     "pages": len(self.pages)}
        if str(button.label) != label:
            button.label = label
            button.refresh(layout=True)
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "previous":
            return self.page > 0
        if action == "more":
            return self.more_to_show()
        if action == "next":
            return not self.more_to_show()
        return True

    def action_more(self) -> None:
        self.action_next()

    def action_previous(self) -> None:
        if self.page > 0:
            self.show_page(self.page - 1)

    @on(Button.Pressed, "#next")
    def action_next(self) -> None:
        scroll = self.query_one("#summary", VerticalScroll)
        if scroll.scroll_y < scroll.max_scroll_y:  # a block taller than the screen: show the rest first
            scroll.scroll_page_down(animate=False)
        elif self.page + 1 < len(self.pages):
            self.show_page(self.page + 1)
        else:
            self.post_message(Continue())

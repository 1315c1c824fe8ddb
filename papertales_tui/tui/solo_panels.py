"""The solo mode's screen panels (`panels.py`): the Necropolis row above the Draft, the Deployment
and the summary pages, the Lich King's line of the Deployment's forecast, his Recruitment page and
his part of the Wars page, the solo Draft's text and piles, the Final scores against him and his LP
on the Scores screen. The Necropolis row and the Lich King's lines as Rich text are in `views.py`."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Button, Static

from ..rules import PickOptions, Quest, SeatView, SoloPickOptions, solo_view
from ..rules import events as ev
from ..rules import forecast as fc
from ..text.i18n import N_, solo_name
from ..text.narrator import Names
from . import panels, views
from . import text as tx
from .board_i18n import SCREENS, _, card_name, forecast_word, ngettext, short_name, styled, translated
from .kingdom import KingdomTable
from .language import colon
from .screens.deploy import first_fitting
from .screens.draft import QUEST_MARK, DraftScreen
from .screens.final import FinalScreen, end_lines, final_views
from .screens.info import InfoScreen
from .screens.summary import heading, section, sentences
from .wars import GAP, NAME_WIDTH, fit, revealed_spots, side_by_side, side_lines, wins
from .widgets import NecropolisRow, Prose, unbroken, wrap

# --- the Final scores ------------------------------------------------------------------------------

def solo_ranking(view: SeatView) -> Table:
    player = view.players[0]
    table = Table(box=None, header_style="bold", pad_edge=False)
    for col in ("", _("%(lp)s LP") % {"lp": tx.LP}, ""):
        table.add_column(col)
    won = bool(view.winners)
    winner = "♛ " + _("winner")
    table.add_row(Text(player.name), str(player.lp), winner if won else "")
    table.add_row(_("Lich King"), str(lich_lp(view)), "" if won else winner)
    return table


def solo_note(view: SeatView) -> Text:
    player = view.players[0]
    if player.lp > lich_lp(view):
        return Text(_("%(name)s has more Legend Points than the Lich King.") % {"name": player.name})
    if player.lp == lich_lp(view):
        return Text(_("Tied on %(lp)s: a tie goes to the Lich King.") % {"lp": f"{tx.LP}{player.lp}"})
    return Text(_("The Lich King has more Legend Points (a tie would also go to him)."))


def lich_lp(view: SeatView) -> int:
    solo = solo_view(view)
    return solo.lich_lp if solo is not None else 0


def final_body(screen: FinalScreen) -> ComposeResult:
    """The Final scores of a solo game: the player against the Lich King."""
    view = screen.view
    winner = _("%(name)s wins!") % {"name": view.players[0].name} if view.winners else _("The Lich King wins!")
    yield NecropolisRow(view, id="necropolis")
    with VerticalScroll(id="final"):
        yield Static(Text(winner, style="bold reverse"), id="winner")
        yield Static(solo_ranking(view))
        yield Static(solo_note(view))
        yield from screen.hints_note()
        title = "\n" + _("The Lich King's Legend Points:") + " "
        yield Static(Prose(Text.assemble((title, "bold"), views.lich_sources(view))))
        yield Static(heading(_("Kingdom at the end")), classes="kingdoms")
        yield KingdomTable(final_views(view)[:1], rows=1, classes="kingdoms")  # whole, in one line if it can
        mine = [e for e in screen.events if isinstance(e, ev.LpChanged)]
        lich = [e for e in screen.events if isinstance(e, ev.LichLp)]
        if mine or lich:
            yield Static(heading(_("End of game: Buildings, abilities and the END card")), classes="kingdoms")
            parts = ([end_lines(view, mine)] if mine else []) + ([sentences(view, lich).text] if lich else [])
            yield Static(Prose(Text("\n").join(parts)), classes="kingdoms")
    if screen.app.offers.new_game:  # (a seat of a hosted table: the host starts the next game)
        yield Button(_("New game (n)"), variant="primary", id="again", compact=True)

# --- the summary pages: the Lich King's Recruitment, the Wars against his armies ---------------------

def lich_gains(view: SeatView, events: Sequence[ev.BaseEvent]) -> Text:
    """The Lich King's LP over these events, by source."""
    names = Names.of(view).unbroken()
    by_source: dict[str, int] = defaultdict(int)
    for e in events:
        if isinstance(e, ev.LichLp):
            by_source[names.cause(e.source)] += e.amount
    if not by_source:
        return Text()
    out = Text(_("Lich King:") + " ", style="bold")
    out.append_text(tx.lp(sum(by_source.values())))
    out.append(" (" + ", ".join(unbroken(f"{source} {tx.LP}{n}") for source, n in by_source.items()) + ")")
    return out


def quest_line(view: SeatView, e: ev.LichQuest) -> Text:
    quest = Quest(e.condition, e.params, e.lp_each)
    matches = e.matches
    out = Text.assemble((Names.of(view).unbroken().cause(e.source), "bold"), f" ({tx.quest_short(quest)})" + colon())
    out.append(", ".join(unbroken(card_name(view.card(c))) for c in matches) if matches else _("no match"))
    out.append(" → ")
    out.append_text(tx.lp(e.lp_each * len(matches)))
    return out


def ruined_realms_notes(view: SeatView, player: int, building: str | None) -> list[Text]:
    """The Lich King cards that score, at the end, each Building the player has not built (Ruined Realms):
    what they give him now, and what building a new one keeps from him."""
    solo = solo_view(view)
    cards = [view.catalog.lich_king[k] for k in solo.lich_cards] if solo is not None else []
    unbuilt = len(view.catalog.buildings) - len(view.players[player].buildings)
    out = []
    for c in cards:
        if c.effect != "lp_per_missing_building":
            continue
        each = c.params["amount"]
        out.append(Text.assemble((_("%(card)s: ") % {"card": SCREENS.card_name(c)}, "bold"), styled(ngettext(
            "the Lich King scores %(lp)s at the end for each Building you have not built (%(count)s now: %(total)s)",
            "the Lich King scores %(lp)s at the end for each Building you have not built (%(count)s now: %(total)s)",
            unbuilt) % {"count": unbuilt, "lp": "%(lp)s", "total": "%(total)s"},
            lp=tx.lp(each), total=tx.lp(each * unbuilt))))
        if building is not None:
            out.append(styled(_("• Built, it keeps %(lp)s from him."), lp=tx.lp(each)))
    return out


def card_names(view: SeatView, cards: Sequence[int]) -> str:
    """The cards' names, each kept on one line in a wrapped sentence."""
    return ", ".join(unbroken(card_name(view.card(c))) for c in cards)


def last_cards(view: SeatView, events: Sequence[ev.BaseEvent]) -> Text | None:
    """The player's own last two rounds, when the page has their events (one human at the table): the
    top two cards of the Underworld, the one kept and the one put back under the pile, then its top card."""
    drawn = [e.cards for e in events if isinstance(e, ev.UnderworldDrawn)]
    under = [c for e in events if isinstance(e, ev.UnderworldBottom) for c in e.cards]
    if len(drawn) != 2 or not under:
        return None
    kept = [c for c in drawn[0] if c not in under]
    return Text(_("Of the top two cards of the Underworld (%(drawn)s) you kept %(kept)s and put %(under)s back under "
                  "the pile; then you took its top card, %(top)s.") % {
        "drawn": card_names(view, drawn[0]), "kept": card_names(view, kept), "under": card_names(view, under),
        "top": card_names(view, drawn[1])})


def render_lich(view: SeatView, events: Sequence[ev.BaseEvent], width: int) -> list[RenderableType]:
    out: list[RenderableType] = []
    gain = [e for e in events if isinstance(e, ev.LichLp) and e.cause == "immediate"]
    if gain:
        out.append(section(_("Immediate gain of the card under the Time token"), sentences(view, gain)))
    quests = [e for e in events if isinstance(e, ev.LichQuest)]
    left = next((e.cards for e in events if isinstance(e, ev.UnderworldDiscarded)), [])
    out.append(section(ngettext("Quests against the %(count)s Underworld card",
                                "Quests against the %(count)s Underworld cards", len(left)) % {"count": len(left)},
                       Prose(Text("\n").join(quest_line(view, e) for e in quests)) if quests
                       else Text(_("No quest."), style="dim")))
    last = last_cards(view, events)
    if last is not None:
        out.append(section(_("Your last two cards"), Prose(last)))
    out.append(section(_("Lich King"), Group(Prose(lich_gains(view, events) or Text(_("nothing this time"),
                                                                                    style="dim")),
                                             styled(_("Total %(lp)s"), lp=tx.lp(lich_lp(view))),
                                             Text(_("The Underworld cards go to the discard pile."), style="dim"))))
    return out


# --- the Deployment's forecast ---------------------------------------------------------------------

def lich_source(name: str) -> str:
    """A source of the Lich King's LP in the forecast (its Wars, a Lich King card, the END card) in the
    screens' language: the solo cards' names are the project's, in the catalogs."""
    said = forecast_word(name)
    return solo_name(said, SCREENS.language()) if said == name else said


def lich_line(f: fc.TurnForecast, width: int = 78) -> Text:
    """Solo: `Lich King gains ★3-5 this turn: Wars ★2-4, Legion of Bone ★1`, shortened to fit."""
    def line(turn: bool, items: bool) -> Text:
        low, high = f.others_total
        gain = tx.lp(low)
        gain.append(f"-{high}" if high != low else "")
        out = styled(_("Lich King gains %(lp)s this turn") if turn else _("Lich King gains %(lp)s"), "bold", lp=gain)
        if items and f.others:
            out.append(colon() + ", ".join(f"{lich_source(name)} {tx.LP}{lo}" + (f"-{hi}" if hi != lo else "")
                                           for name, lo, hi in f.others))
        return out
    return first_fitting([line(True, True), line(False, True), line(True, False)], width)


# --- the Wars: the Kingdom against the Black and Purple armies (the Reveal & Wars page) --------------

ARMIES = {"black": N_("Black army"), "purple": N_("Purple army")}


def army_name(army: str) -> str:
    return translated(ARMIES[army]) if army in ARMIES else army

def army_lines(view: SeatView, e: ev.SoloWar, shown: ev.NecropolisRevealed | None, width: int) -> list[Text]:
    """One army: its strength and result, then the cards it is made of (the current Necropolis card
    and the one just revealed, and Lich King cards)."""
    if e.player_won and e.lich_won:
        result = Text(_("a tie: both win"), style="bold")
    else:
        result = Text(_("the army wins"), style="bold") if e.lich_won else Text(_("the army loses"), style="dim")
    lines = [fit(Text.assemble((army_name(e.army), "bold underline"), "  ", tx.strength(e.army_strength), "  ",
                               result), width)]
    if shown is not None and shown.position > 0:
        now, nxt = views.necropolis_card(view, shown.position - 1), views.necropolis_card(view, shown.position)
        a, b = getattr(now, e.army), getattr(nxt, e.army)
        for card, message, strength in ((now, _("%(card)s (current)"), a), (nxt, _("%(card)s (revealed)"), b)):
            # the card by its name, by its short name when the line is short of room (long French names)
            for name in (SCREENS.card_name(card), SCREENS.solo_short(card)):
                line = Text.assemble(f"   {message % {'card': name}} ".ljust(3 + NAME_WIDTH + 4), tx.strength(strength))
                if line.cell_len <= width:
                    break
            lines.append(fit(line, width))
        if e.army_strength != a + b:
            lines.append(fit(Text.assemble(("   " + _("Lich King cards")).ljust(3 + NAME_WIDTH + 4),
                                           tx.strength(e.army_strength - a - b)), width))
    return lines


def solo_war_block(view: SeatView, events: Sequence[ev.BaseEvent], width: int) -> list[Text]:
    """Both solo Wars on one block: the Kingdom on the left, the two armies on the right."""
    side = next((e for e in events if isinstance(e, ev.WarStrength)), None)
    wars = [e for e in events if isinstance(e, ev.SoloWar)]
    if side is None or not wars:
        return []
    shown = next((e for e in events if isinstance(e, ev.NecropolisRevealed)), None)
    won = sum(1 for e in wars if e.player_won)
    lich = sum(e.amount for e in events if isinstance(e, ev.LichLp) and e.cause in ("wars", "lich_card"))
    half = (width - GAP) // 2
    left = side_lines(view, side, revealed_spots(events).get(0, set()), wins(won), half)
    right: list[Text] = []
    for e in wars:
        right += army_lines(view, e, shown, half) + [Text()]
    right.append(fit(Text.assemble((_("Lich King"), "bold"), " +", tx.lp(lich)), half))
    name = view.players[0].name
    head = Text(_("Wars against the Black and Purple armies"), style="bold reverse")
    head.append(f"  {name} {tx.STRENGTH}{side.strength}")
    tie = _("%(words)s; %(more)s") % {"words": "", "more": _("a tie is won by both")}  # (as the language writes "; ")
    heads = [head + tie] if head.cell_len + len(tie) <= width else [fit(head, width),
                                                                    Text("  " + _("A tie is won by both."))]
    return heads + side_by_side(left, right, width)


# --- 5+ players: every War on one line, each Kingdom once ------------------------------------------


# --- the Draft: the Underworld draft, the Underworld and the discard pile ---------------------------

REST_TO = {"underworld": N_("the rest goes to the Underworld"),
           "underworld_bottom": N_("the other goes to the bottom of the Underworld")}


def solo_options(options: PickOptions) -> SoloPickOptions:
    """A solo draft's options (`SoloMode.extra_pending` gives every pick of a solo game these)."""
    assert isinstance(options, SoloPickOptions)
    return options


def draft_info(screen: DraftScreen) -> Text:
    """Beside the draft's cards: the round, the picks, the Underworld and the discard pile; short of rows,
    the reminder of what ☠★n means gives way (the card list shows ☠★n), then the cards go by their short
    names (long French names)."""
    room = screen.rows_for_list() if screen.info_room is None else screen.info_room
    out, full = draft_texts(screen, False)
    rows = max(screen.list_rows(out), room)  # (the text in full names takes the rows it needs, when it can)
    if len(wrap(full, screen.app.console, screen.info_width)) <= rows:
        return full
    if screen.list_rows(out) <= room:
        return out
    short, short_full = draft_texts(screen, True)
    return short_full if screen.list_rows(short_full) <= room else short


def draft_texts(screen: DraftScreen, short: bool) -> tuple[Text, Text]:
    """The draft's text without and with the reminder of what ☠★n means (`short`: short card names)."""
    view, p, opts = screen.view, screen.view.players[screen.player], screen.options
    seen, opts = solo_view(view), solo_options(opts)
    assert seen is not None
    name = short_name if short else card_name
    out = Text()
    out.append(_("Round %(round)s of %(rounds)s") % {"round": opts.round, "rounds": opts.rounds}, style="bold")
    out.append(" " + _("(round 5: the top Underworld card is yours)") if opts.round == 4 else "")
    out.append("\n" + _("Picked this turn:") + " ", style="bold")
    out.append(", ".join(unbroken(name(view.card(c))) for c in p.hand or ()) or _("nothing yet"))
    if p.kept is not None:
        out.append("\n" + _("Kept from last turn:") + " ", style="bold")
        out.append(unbroken(name(view.card(p.kept))))
    underworld = seen.underworld or ()
    out.append("\n" + _("Underworld (%(count)s):") % {"count": len(underworld)} + " ", style="bold")
    out.append(", ".join(unbroken(name(view.card(c))) for c in underworld) or _("empty"))
    if seen.discard is not None:
        out.append("\n" + ngettext("Discard: %(count)s card (d: look)", "Discard: %(count)s cards (d: look)",
                                   len(seen.discard)) % {"count": len(seen.discard)}, style="bold")  # on one line
    full = out.copy()  # your Gold and LP: on your line of the table
    full.append("\n" + _("%(mark)sn: the Lich King scores n if it ends in the Underworld") % {
        "mark": f"{QUEST_MARK}{tx.LP}"}, style="dim")
    return out, full


class PileScreen(InfoScreen):
    """Solo games: the Underworld and the discard pile, when the engine's view shows them."""

    CSS_PATH = "screens/info.tcss"  # (relative to this module, as InfoScreen's is to its own)
    title_text = "Paper Tales · Underworld and discard pile"

    def __init__(self, view: SeatView):
        super().__init__()
        self.view = view
        self.title_text = "Paper Tales · " + _("Underworld and discard pile")

    def pile(self, cards: list[int]) -> Text:
        counts: dict[str, int] = {}
        for c in cards:
            name = card_name(self.view.card(c))
            counts[name] = counts.get(name, 0) + 1
        if not counts:
            return Text(_("empty"), style="dim")
        return Text(", ".join(f"{name} ×{n}" if n > 1 else name for name, n in sorted(counts.items())))

    def body(self) -> ComposeResult:
        seen = solo_view(self.view)
        assert seen is not None
        with VerticalScroll(id="piles"):
            underworld = list(seen.underworld or ())
            yield Static(Text(ngettext("Underworld (%(count)s card, its order stays hidden)",
                                       "Underworld (%(count)s cards, its order stays hidden)", len(underworld))
                              % {"count": len(underworld)}, style="bold"))
            yield Static(self.pile(underworld))
            if seen.discard is None:
                yield Static(Text("\n" + _("The discard pile may be looked at during Recruitment only."), style="dim"))
            else:
                yield Static(Text("\n" + ngettext("Discard pile (%(count)s card)", "Discard pile (%(count)s cards)",
                                                  len(seen.discard)) % {"count": len(seen.discard)}, style="bold"))
                yield Static(self.pile(list(seen.discard)))

    def on_mount(self) -> None:
        self.query_one("#piles").focus()


class SoloPanels(panels.Panels):
    save_name = "solo"
    css_class = "solo"
    top_rows = 6  # the Necropolis row
    deploy_status_rows = 1  # the Lich King's gains
    picked_word = N_("kept")
    choose_ask = N_("Choose a card to KEEP (Enter or click)")
    confirm_ask = N_("c: confirm your keep · u: undo")
    piles = True
    draft_rest_rows = 1  # where the rest goes
    chapters = {"lich": render_lich}

    def top(self, view: SeatView, turn: int | None = None, other_lp: int | None = None) -> list[Widget]:
        return [NecropolisRow(view, turn, lich_lp=other_lp, id="necropolis")]

    def final_body(self, screen: FinalScreen) -> ComposeResult:
        return final_body(screen)

    def war_blocks(self, view: SeatView, events: Sequence[ev.BaseEvent], width: int) -> list[list[Text]]:
        return [[Text()] + solo_war_block(view, events, width)]

    def wars_won(self, view: SeatView, events: Sequence[ev.BaseEvent]) -> Text:
        return lich_gains(view, events)

    def aging_sections(self, view: SeatView, events: Sequence[ev.BaseEvent]) -> list[RenderableType]:
        lich = [e for e in events if isinstance(e, (ev.LichLp, ev.TimeMoved))]
        return [section(_("Lich King"), sentences(view, lich))] if lich else []

    def deploy_status(self, forecast: fc.TurnForecast, width: int) -> list[Text]:
        return [lich_line(forecast, width)]

    def construction_notes(self, view: SeatView, player: int, building: str | None) -> list[Text]:
        return ruined_realms_notes(view, player, building)

    def quest_lp(self, view: SeatView) -> dict[int, int]:
        solo = solo_view(view)
        return dict(solo.quest_lp) if solo is not None else {}  # ☠: the quests' LP

    def draft_info(self, screen: DraftScreen) -> Text:
        return draft_info(screen)

    def draft_title(self, options: PickOptions) -> str:
        o = solo_options(options)
        return _("round %(round)s/%(rounds)s") % {"round": o.round, "rounds": o.rounds}

    def draft_rest(self, options: PickOptions, cards: int) -> list[Text]:
        rest = translated(REST_TO[solo_options(options).rest_to])
        left = cards - 1
        return [Text(ngettext("%(count)s left: %(rest)s", "%(count)s left: %(rest)s", left)
                     % {"count": left, "rest": rest} if cards > 2 else rest[:1].upper() + rest[1:], style="italic")]

    def piles_screen(self, view: SeatView) -> PileScreen:
        return PileScreen(view)

    def scores(self, view: SeatView, at_page: bool, other_lp: int | None) -> list[Widget]:
        lich = (other_lp or 0) if at_page else lich_lp(view)
        return [Static(Text.assemble(("\n" + _("Lich King") + " ", "bold"), tx.lp(lich), " · ",
                                     styled(_("by source: %(sources)s"), sources=views.lich_sources(view)))),
                Static(Text("\n").join(views.necropolis_lines(view, 76)))]


panels.register("solo", SoloPanels())

"""Rich renderables of public things: the solo Necropolis row and the Lich King's LP.

Kingdoms are drawn by `kingdom.py`."""

from __future__ import annotations

from collections import Counter

from rich.text import Text

from ..rules import LichKingCard, NecropolisCard, SeatView, solo_view
from . import text as tx
from .board_i18n import SCREENS, _, styled

# --- solo: the Necropolis row and the Lich King -------------------------------------------------

TIME = "►"  # the Time token, before the card it is on


def necropolis_card(view: SeatView, position: int) -> NecropolisCard:
    """A face-up card of the Necropolis row."""
    solo = solo_view(view)
    assert solo is not None, "a solo game's view"
    key = solo.row[position]
    assert key is not None, f"Necropolis card {position} is face down"
    return view.catalog.necropolis[key]


def lich_king_cards(view: SeatView) -> list[LichKingCard]:
    """The Lich King cards in play (the difficulty)."""
    solo = solo_view(view)
    return [view.catalog.lich_king[k] for k in solo.lich_cards] if solo is not None else []


def army_range(cards: list[NecropolisCard], army: str) -> str:
    values = sorted({getattr(c, army) for c in cards})
    return f"{values[0]}-{values[-1]}" if len(values) > 1 else str(values[0]) if values else "?"


def army_text(low: int, high: int) -> str:
    return f"{tx.STRENGTH}{low}" if low == high else f"{tx.STRENGTH}{low}-{high}"


def necropolis_heading(view: SeatView, turn: int | None = None, lich_lp: int | None = None,
                       compact: bool = False) -> Text:
    """The Lich King's LP (`lich_lp`: as of a summary page, else now) and a turn's armies (default: this
    turn's), with their Lich King card bonuses; a range while the next card is face down. `compact`
    (a language whose words run long): without the word NECROPOLIS (the row under it shows it is)."""
    solo = solo_view(view)
    assert solo is not None
    out = Text() if compact else Text.assemble((_("NECROPOLIS"), "bold"), " · ")
    out.append_text(Text.assemble(_("Lich King"), " ", tx.lp(solo.lich_lp if lich_lp is None else lich_lp)))
    armies = solo.outlook_at(turn)
    if armies is not None:
        shown = view.turn if turn is None else turn
        out.append(" · ")
        black = Text(_("Black %(strength)s") % {"strength": army_text(*armies.black)}, style="bold")
        purple = Text(_("Purple %(strength)s") % {"strength": army_text(*armies.purple)}, style="bold purple")
        out.append_text(styled(_("turn %(turn)s armies: %(black)s · %(purple)s"), turn=str(shown), black=black,
                               purple=purple))
    return out


def legend() -> str:
    return _("%(time)s Time token · B/P: Black/Purple army · ▒ face down · %(lp)sn each: quest LP") % {
        "time": TIME, "lp": tx.LP}


def lich_effect(card: LichKingCard) -> str:
    """A Lich King card's effect in a few words: `★1 per 2 Units dying`."""
    p = card.params
    if card.effect == "underworld_quest" and card.quest is not None:
        return _("%(quest)s in Underworld") % {"quest": tx.quest_short(card.quest, compact=True)}
    if card.effect == "lp_per_war_won":
        won = {"black": _("+%(lp)s a Black War won"), "purple": _("+%(lp)s a Purple War won")}.get(
            p["army"], _("+%(lp)s a War won"))
        return won % {"lp": f"{tx.LP}{p['amount']}"}
    if card.effect == "lp_per_dying_units":
        return _("%(lp)s per %(count)s Units dying") % {"lp": f"{tx.LP}{p['amount']}", "count": p["per"]}
    if card.effect == "lp_per_missing_building":
        return _("end: %(lp)s per Building not built") % {"lp": f"{tx.LP}{p['amount']}"}
    if card.effect == "army_strength":
        return _("armies %(black)s/%(purple)s") % {"black": f"+{tx.STRENGTH}{p['black']}",
                                                   "purple": f"+{tx.STRENGTH}{p['purple']}"}
    return card.effect.replace("_", " ")


# The Lich King card effects that matter to each decision (shown with their effect first)
APPLIES = {"pick": ("underworld_quest",), "deploy": ("lp_per_war_won", "lp_per_dying_units", "army_strength"),
           "construction": ("lp_per_missing_building", "lp_per_dying_units"), "heal": ("lp_per_dying_units",)}


def lich_cards_line(view: SeatView, width: int) -> Text:
    """The Lich King cards in play (the difficulty), each with its effect in a few words when they
    all fit in `width`, else those that apply to the decision now; else their names."""
    cards = lich_king_cards(view)
    now = [c for c in cards if c.effect in APPLIES.get(view.step, ())]
    def name(c: LichKingCard) -> str:
        return SCREENS.card_name(c)

    effects = " · ".join(f"{name(c)} ({lich_effect(c)})" for c in cards)
    names = ", ".join(name(c) for c in cards) or _("none (difficulty 0)")
    applying = " · ".join([f"{name(c)} ({lich_effect(c)})" for c in now] + [name(c) for c in cards if c not in now]) \
        if now else ""
    king, king_cards = _("Lich King:") + " ", _("Lich King cards:") + " "
    counted = SCREENS.ngettext("%(count)s card (F2: the cards)", "%(count)s cards (F2: the cards)",
                               len(cards)) % {"count": len(cards)}  # (the names too long: how many, and where)
    for head, body in ((king, effects), (king, applying), (king_cards, names), (king, names), (king, counted)):
        if body and len(head) + len(body) <= width:
            break
    out = Text(head, style="bold")
    out.append(body)
    out.truncate(width, overflow="ellipsis")
    return out


def row_label(position: int) -> str:
    """A place of the Necropolis row: 1-4, then END."""
    return _("END") if position == 4 else tx.necropolis_label(position)


def army_letters() -> tuple[str, str]:
    """The letters of the Black and Purple armies in the Necropolis row (its legend says them)."""
    black, purple = _("B/P").split("/")  # (as the legend says: `B/P: Black/Purple army`)
    return black, purple


def necropolis_cells(view: SeatView, position: int, compact: bool = False) -> list[Text]:
    """The 3 lines of one card of the row: name; position, gain and armies (B/P); quest. A face-down
    card shows what it may be when it is the next one. `compact` (when the row is short of room):
    a face-down card without the words "face down" (the legend says what ▒ is), quests without "each"."""
    solo = solo_view(view)
    assert solo is not None
    label = Text(f"{TIME if position == solo.time else ''}{row_label(position)}", style="bold")
    black, purple = army_letters()
    if position >= solo.revealed:
        lines = [Text("▒" * 6, style="dim"), label + Text("" if compact else " " + _("face down"), style="dim"), Text()]
        if position == solo.time + 1:
            cards = [view.catalog.necropolis[k] for k in solo.next_candidates]
            lines[2] = Text(f"{black}{army_range(cards, 'black')} {purple}{army_range(cards, 'purple')}?", style="dim")
        return lines
    card = necropolis_card(view, position)
    gain = Text.assemble(label, " +", tx.lp(card.gain), " ",
                         (f"{black}{card.black}", "bold"), " ", (f"{purple}{card.purple}", "bold purple"))
    quest = Text(tx.quest_short(card.quest, compact)) if card.quest else Text(_("no quest"), style="dim")
    return [Text(SCREENS.card_name(card), style="bold"), gain, quest]


def fit_widths(wanted: list[int], width: int, least: list[int] | None = None) -> list[int]:
    """Column widths within `width`: each column's own, the widest shrunk first when short of room;
    while any column is wider than its `least`, only those shrink (e.g. a card's name gives way
    before its quest)."""
    widths = list(wanted)
    floor = least or [0] * len(widths)
    while sum(widths) > width and max(widths) > 1:
        above = [k for k, w in enumerate(widths) if w > floor[k]]
        k = max(above, key=lambda k: widths[k]) if above else widths.index(max(widths))
        widths[k] -= 1
    return widths


GAP = 2  # columns between two cards of the Necropolis row


def necropolis_lines(view: SeatView, width: int, turn: int | None = None, lich_lp: int | None = None) -> list[Text]:
    """The Necropolis row in 6 lines: the heading, one column per card of the row 1-2-3-4-END
    (revealed cards face up, the others face down; B/P = Black/Purple army values), the Lich King
    cards in play and the legend. Short of room, the compact cells; then the short names of the cards
    whose names would be cut, and `abil.` for `ability` in the quests; names are cut before the gains
    and quests only when even these do not fit."""
    solo = solo_view(view)
    assert solo is not None
    count = len(solo.row)
    cells = [necropolis_cells(view, i) for i in range(count)]
    if sum(max(c.cell_len for c in col) for col in cells) > width - GAP * (count - 1):
        cells = [necropolis_cells(view, i, compact=True) for i in range(count)]
    least = [max(c.cell_len for c in col[1:]) for col in cells]
    gap = GAP if sum(least) + GAP * (count - 1) <= width else 1  # the whole row face up, at the end
    widths = fit_widths([max(c.cell_len for c in col) for col in cells], width - gap * (count - 1), least)
    cut = [k for k in range(min(count, solo.revealed)) if cells[k][0].cell_len > widths[k]]
    if cut:  # the cards whose name would be cut go by their short names
        for k in cut:
            cells[k][0] = Text(SCREENS.solo_short(necropolis_card(view, k)), style="bold")
        widths = fit_widths([max(c.cell_len for c in col) for col in cells], width - gap * (count - 1), least)
    if any(col[2].cell_len > w for col, w in zip(cells, widths)):  # quests in fewer letters: `Wars abil.`
        for col in cells:
            col[2] = Text(col[2].plain.replace(_("ability"), _("abil.")), style=col[2].style)
        least = [max(c.cell_len for c in col[1:]) for col in cells]
        widths = fit_widths([max(c.cell_len for c in col) for col in cells], width - gap * (count - 1), least)
    rows = [Text(), Text(), Text()]
    for k, (col, w) in enumerate(zip(cells, widths)):
        for row, cell in zip(rows, col):
            cell = cell.copy()
            cell.truncate(w, overflow="ellipsis", pad=k < count - 1)
            row.append_text(cell)
            if k < count - 1:
                row.append(" " * gap)
    key = Text(legend(), style="dim")
    key.truncate(width, overflow="ellipsis")
    heading = necropolis_heading(view, turn, lich_lp)
    if heading.cell_len > width:
        heading = necropolis_heading(view, turn, lich_lp, compact=True)
    return [heading] + rows + [lich_cards_line(view, width), key]


def lich_sources(view: SeatView) -> Text:
    """The Lich King's LP by source, biggest first."""
    solo = solo_view(view)
    assert solo is not None
    by_name: Counter[str] = Counter()
    for key, n in solo.lich_sources:
        card = view.catalog.necropolis.get(key) or view.catalog.lich_king.get(key)
        name = SCREENS.card_name(card) if card is not None else view.catalog.lich_source_name(key)
        by_name[tx.phase_title(key) if key == "wars" else name] += n
    sources = sorted(by_name.items(), key=lambda kv: -kv[1])
    if not sources:
        return Text(_("nothing yet"), style="dim")
    return Text(", ").join(Text.assemble(name.replace(" ", "\u00a0") + "\u00a0", tx.lp(n))  # (a source and its LP
                           for name, n in sources)  # kept on one line when the sentence wraps: widgets.Prose)

"""The war comparison: each War with its two sides side by side, as they fought.

Everything comes from the events of the Wars (`war_strength` carries each Kingdom as it went to War,
`war` the results, `lp` the LP won), so the page reads the same whatever happened since. Each side is
drawn with the Kingdom renderers of `kingdom.py` (`stats`, `marks`). Pure renderers: Rich text lines,
no Textual. A mode that fights its own Wars draws them in its panels (`Panels.war_blocks`: solo's
armies in `solo_panels.py`) with these same pieces.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.cells import cell_len
from rich.text import Text

from ..rules import FRONT, WAR_LP, SeatView
from ..rules import events as ev
from ..text.narrator import Names, strength_part
from . import kingdom as kw
from . import text as tx
from .board_i18n import _, card_name, ngettext, short_name, styled
from .language import colon

GAP = 3  # columns between the two sides
NAME_WIDTH = 16  # the longest Unit name (Master Alchemist)
SHORT_NAME = 8  # the longest short name (rules.cards.SHORT_NAME)


def fit(line: Text, width: int) -> Text:
    line = line.copy()
    if line.cell_len > width:
        line.truncate(width, overflow="ellipsis")
    return line


def revealed_spots(events: Sequence[ev.BaseEvent]) -> dict[int, set[int]]:
    """The spots of the Units revealed this turn, by player (the NEW mark)."""
    out: dict[int, set[int]] = {}
    for e in events:
        if isinstance(e, ev.UnitsRevealed):
            out.setdefault(e.player, set()).update(slot for slot, _ in e.units)
    return out


def spot_at_war(view: SeatView, unit: list[Any], new: set[int]) -> kw.SpotView:
    """A Unit of a `war_strength` event ([spot, card, age, strength, fights]) as a Kingdom spot."""
    slot, card, age, strength, fights = unit
    t = view.card(card)
    return kw.SpotView(slot, card, card_name(t), t.cost, strength, t.strength, fights, t.produces, age,
                       new=slot in new, dies=view.dies(card, age), short=short_name(t))


def unit_row(spot: kw.SpotView, width: int) -> Text:
    """`F1 Golem           ⚔3 ◷1 NEW`: what the Unit adds to the War, or `idle` when it does not fight."""
    short = spot.short or spot.name
    # `✝ dies` in words when there is room, else `✝`; then the card's short name in a narrower column
    for name, column, words in ((spot.name, NAME_WIDTH, True), (spot.name, NAME_WIDTH, False),
                                (short, SHORT_NAME, False)):
        if len(name) > column:
            name = short if len(short) <= column else name[:column - 1] + "…"
        out = Text(f"{tx.SPOT_KEYS[spot.spot]} ", style="bold")
        out.append(name.ljust(column))
        out.append(" ")
        out.append_text(tx.strength(spot.strength) if spot.fights else Text(kw.idle(), style="dim"))
        out.pad_right(max(0, 3 + column + 1 + 4 - out.cell_len))
        out.append(" ")
        out.append_text(kw.marks(spot, words=words))
        if out.cell_len <= width:
            break
    return fit(out, width)


def side_lines(view: SeatView, e: ev.WarStrength, new: set[int], result: Text, width: int) -> list[Text]:
    """One side of a War: name, total and result; each Unit (Front row first); the Buildings."""
    name = view.players[e.player].name
    total = styled(_("total %(strength)s"), strength=tx.strength(e.strength))
    head = Text.assemble((name, "bold underline"), "  ", total)
    # the result beside the total, or under it when a long name leaves no room
    lines = [head + "  " + result] if head.cell_len + 2 + result.cell_len <= width else [fit(head, width),
                                                                                         Text("  ") + result]
    if e.units is None:  # an event logged before the Kingdom was: its fighting parts only
        names = Names.of(view)
        lines += [fit(Text(f"{strength_part(part, names)} {tx.STRENGTH}{part['strength']}"), width)
                  for part in e.parts]
        return lines or [Text(_("no fighting Unit"), style="dim")]
    spots = [spot_at_war(view, u, new) for u in e.units]
    front = [s for s in spots if s.spot in FRONT]
    back = [s for s in spots if s.spot not in FRONT]
    lines += [unit_row(s, width) for s in front + back] or [Text(_("no Unit"), style="dim")]
    plain = []
    for key, level, strength in e.buildings or []:
        label = f"{tx.building_name(view.catalog, key)} {level}"
        if strength:
            lines.append(fit(Text.assemble(("   " + label).ljust(3 + NAME_WIDTH + 1), tx.strength(strength)), width))
        else:
            plain.append(label)
    if plain:  # on as many lines as they take
        title = _("Buildings:")
        line = Text(f"   {title} ", style="dim")
        for k, label in enumerate(plain):
            part = label + ("," if k < len(plain) - 1 else "")
            if line.cell_len + 1 + len(part) > width and line.plain.strip() != title:
                lines.append(line)
                line = Text("   ")
            line.append(("" if line.plain.endswith(" ") else " ") + part)
        lines.append(fit(line, width))
    return lines


def side_by_side(left: list[Text], right: list[Text], width: int) -> list[Text]:
    half = (width - GAP) // 2
    out = []
    for k in range(max(len(left), len(right))):
        a = fit(left[k], half) if k < len(left) else Text()
        a.pad_right(half - a.cell_len)
        b = fit(right[k], half) if k < len(right) else Text()
        out.append(Text.assemble(a, (" │ ", "dim"), b))
    return out


def wins(n: int, lp_each: int = WAR_LP) -> Text:
    if not n:
        return Text(_("loses"), style="dim")
    return styled(ngettext("wins %(lp)s", "wins %(count)s Wars %(lp)s", n) % {"count": n, "lp": "%(lp)s"},
                  "bold", lp=tx.lp(n * lp_each))


def war_heading(view: SeatView, e: ev.War, number: int, count: int, width: int) -> list[Text]:
    """`War 1 of 5 · Ann ⚔6 against Ben ⚔5: Ann wins`; the result on a line of its own when the
    whole does not fit (long names, the 2-player double War)."""
    name: Callable[[int], str] = lambda i: view.players[i].name  # noqa: E731
    i, j = e.players
    a, b = e.strengths
    won = e.wars_won
    label = _("War %(number)s of %(count)s") % {"number": number, "count": count} if won is None \
        else _("2 players: 2 Wars")
    sides = [f"  {name(i)} {tx.STRENGTH}{a}",
             " " + _("against %(name)s %(strength)s:") % {"name": name(j), "strength": f"{tx.STRENGTH}{b}"}]
    winners = e.winners or []
    if won is not None and won[i] == won[j]:  # 2 players, equal strength
        result = ngettext("a tie, each wins %(count)s War", "a tie, each wins %(count)s Wars", won[i]) % {
            "count": won[i]}
    elif won is not None:  # 2 players: at least the other's strength wins one War, at least twice wins two
        result = ", ".join(ngettext("%(name)s wins %(count)s War", "%(name)s wins %(count)s Wars", won[k])
                           % {"name": name(k), "count": won[k]} for k in (i, j) if won[k])
    elif len(winners) == 2:
        result = _("a tie, both win")
    else:
        result = _("%(name)s wins") % {"name": name(winners[0])}
    head = Text(label + "".join(sides), style="bold reverse")
    if head.cell_len + 1 + cell_len(result) <= width:
        return [head.append(f" {result}")]
    if head.cell_len <= width:
        return [head, fit(Text(f"  {result}"), width)]
    # long names (20 cells each) and two-digit strengths: "against" goes on with the result
    return [fit(Text(label + sides[0], style="bold reverse"), width),
            fit(Text.assemble((f"  {sides[1].lstrip()}", "bold reverse"), f" {result}"), width)]


def war_block(view: SeatView, e: ev.War, sides: dict[int, ev.WarStrength], new: dict[int, set[int]], number: int,
              count: int, width: int) -> list[Text]:
    """One War: its heading, then both Kingdoms side by side with what each Unit adds."""
    i, j = e.players
    won = e.wars_won if e.wars_won is not None else [int(k in (e.winners or [])) for k in range(len(view.players))]
    half = (width - GAP) // 2
    left = side_lines(view, sides[i], new.get(i, set()), wins(won[i]), half) if i in sides else []
    right = side_lines(view, sides[j], new.get(j, set()), wins(won[j]), half) if j in sides else []
    return war_heading(view, e, number, count, width) + side_by_side(left, right, width)


def war_blocks(view: SeatView, events: Sequence[ev.BaseEvent], width: int) -> list[list[Text]]:
    """Every War of these events (a Wars chapter), one block each."""
    sides = {e.player: e for e in events if isinstance(e, ev.WarStrength)}
    new = revealed_spots(events)
    wars = [e for e in events if isinstance(e, ev.War)]
    return [war_block(view, e, sides, new, k + 1, len(wars), width) for k, e in enumerate(wars)]


# --- 5+ players: every War on one line, each Kingdom once ------------------------------------------

COMPACT_FROM = 5  # players: from this many, the Wars are listed one a line and each Kingdom shown once


def fought_unit(spot: kw.SpotView, short: bool = False) -> Text:
    """`Golem ⚔3◷1 NEW✝`: what the Unit added to the War (`idle` when it did not fight)."""
    out = Text(spot.short or spot.name if short else spot.name, style="bold")
    out.append(f" {tx.STRENGTH}{spot.strength}" if spot.fights else " " + kw.idle(), style="" if spot.fights else "dim")
    if spot.age:
        out.append_text(tx.age(spot.age))
    if spot.new:
        out.append(" " + kw.new_mark(), style="bold green")
    if spot.dies:
        out.append(kw.DIES, style="bold red")
    return out


def kingdom_at_war(view: SeatView, e: ev.WarStrength, new: set[int], result: Text, width: int) -> list[Text]:
    """A Kingdom as it went to War, whole: `Ann ⚔6 wins ★3: Units | Back Units · Buildings` in one
    line, else the Units on a line of their own, else the Front and Back rows on two; full names before
    short ones for as many lines."""
    head = Text.assemble((view.players[e.player].name, "bold"), " ", tx.strength(e.strength), " ", result)
    built = Text(", ").join(
        Text.assemble(f"{tx.building_name(view.catalog, key)} {level}", tx.strength(s) if s else "")
        for key, level, s in e.buildings or []) or Text(_("no Building"), style="dim")
    forms = []
    for short in (False, True):
        if e.units is None:  # an event logged before the Kingdom was: its fighting parts only
            names = Names.of(view)
            units = Text(", ").join(Text(f"{strength_part(p, names)} {tx.STRENGTH}{p['strength']}") for p in e.parts)
            rows = [units]
        else:
            spots = [spot_at_war(view, u, new) for u in e.units]
            front = Text(" ").join(fought_unit(s, short) for s in spots if s.spot in FRONT)
            back = Text(" ").join(fought_unit(s, short) for s in spots if s.spot not in FRONT)
            units = Text.assemble(front, (" | " if front.plain else "| ", "dim"), back) if back.plain else front
            rows = [front, Text.assemble(("| ", "dim"), back)] if front.plain and back.plain else [units]
        units = units if units.plain else Text(_("no Unit"), style="dim")
        forms.append([Text.assemble(head, colon(), units, " · ", built)])
        forms.append([Text.assemble(head, " · ", built), Text.assemble("  ", units)])
        forms.append([Text.assemble(head, " · ", built)] + [Text.assemble("  ", row) for row in rows])
    for form in sorted(forms, key=len):  # a stable sort: full names first
        if all(line.cell_len <= width for line in form):
            return form
    return [fit(line, width) for line in forms[-1]]


def compact_war_blocks(view: SeatView, events: Sequence[ev.BaseEvent], width: int) -> list[list[Text]]:
    """Every War on a line (one block: a player's two Wars read together), then each Kingdom once as
    it fought (a block each, so that a page break falls between two Kingdoms)."""
    sides = {e.player: e for e in events if isinstance(e, ev.WarStrength)}
    new = revealed_spots(events)
    wars = [e for e in events if isinstance(e, ev.War)]
    won = [0] * len(view.players)
    for e in wars:
        for k in e.winners or []:
            won[k] += 1
    lines = [Text()]
    for k, e in enumerate(wars):
        lines += war_heading(view, e, k + 1, len(wars), width)
    blocks = [lines]
    for n, (player, side) in enumerate(sorted(sides.items())):
        head = [Text(), Text(_("Kingdoms as they fought (%(strength)s what each Unit added)") % {
            "strength": tx.STRENGTH}, style="bold underline")]
        head = head if n == 0 else []
        blocks.append(head + kingdom_at_war(view, side, new.get(player, set()), wins(won[player]), width))
    return blocks

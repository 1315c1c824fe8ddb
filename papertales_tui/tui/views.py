"""Rich renderables of public things: a Kingdom, the scoreboard table."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from . import text as tx


def kingdom(game, player: int) -> Text:
    """A player's spots, Units with their Age tokens, and Buildings."""
    p = game.players[player]
    out = Text()
    for slot in p.open_slots():
        u = p.slots[slot]
        out.append(f"{tx.spot_name(slot):<11}", style="bold")
        if u is None:
            out.append("— empty —", style="dim")
        else:
            out.append_text(tx.unit_line(game.card(u.card)))
            out.append(" ")
            out.append_text(tx.age(u.age))
        out.append("\n")
    out.append("Buildings: ", style="bold")
    out.append(", ".join(f"{tx.building_name(game.catalog, k)} (level {v})" for k, v in p.buildings.items())
               or "none")
    out.append("\nProduces: ", style="bold")
    out.append_text(tx.resources(game.resources(player)))
    return out


def scoreboard(game) -> Table:
    table = Table(expand=True, box=None, header_style="bold", pad_edge=False)
    for col in ("Player", f"{tx.LP} LP", f"{tx.GOLD} Gold", f"{tx.STRENGTH} now", "Units in play",
                "Buildings", "Hand"):
        table.add_column(col, overflow="fold")
    for i, p in enumerate(game.players):
        units = ", ".join(f"{game.card(u.card).name} {tx.AGE}{u.age}" for _, u in p.units()) or "—"
        buildings = ", ".join(f"{tx.building_name(game.catalog, k)} {v}" for k, v in p.buildings.items()) or "—"
        hand = len(p.hand) + (1 if p.kept is not None else 0)
        table.add_row(p.name, str(p.lp), str(p.gold), str(game.strength(i)), units, buildings, str(hand))
    return table


def kingdom_line(game, player: int) -> Text:
    """One line for a player's Kingdom: spots with Units and Age tokens, then Buildings."""
    p = game.players[player]
    out = Text(f"{p.name}: ", style="bold")
    units = [Text.assemble(f"{tx.SPOT_KEYS[slot]} ", (game.card(u.card).name, "bold"), f" {tx.AGE}{u.age}")
             for slot, u in p.units()]
    out.append_text(Text(", ").join(units) if units else Text("no Unit", style="dim"))
    if p.buildings:
        out.append(" · ")
        out.append(", ".join(f"{tx.building_name(game.catalog, k)} {v}" for k, v in p.buildings.items()))
    return out


# --- solo: the Necropolis row and the Lich King -------------------------------------------------

TIME = "►"  # the Time token, before the card it is on


def is_solo(game) -> bool:
    return game is not None and game.state.mode == "solo"


def army_range(cards, army: str) -> str:
    values = sorted({getattr(c, army) for c in cards})
    return f"{values[0]}-{values[-1]}" if len(values) > 1 else str(values[0]) if values else "?"


def necropolis_heading(game) -> Text:
    """The Lich King's LP and this turn's armies (current card + next; `?` while the next is face down)."""
    solo = game.solo
    out = Text.assemble(("NECROPOLIS", "bold"), "  Lich King ", tx.lp(game.lich_lp))
    armies = game.armies()
    if armies is not None:
        out.append("  ·  this turn's armies: ")
        out.append(f"Black {tx.STRENGTH}{armies['black']}", style="bold")
        out.append(" · ")
        out.append(f"Purple {tx.STRENGTH}{armies['purple']}", style="bold purple")
    elif solo.time + 1 < len(solo.necropolis):
        now = game.necropolis_card(solo.time)
        out.append("  ·  this turn's armies: ")
        out.append(f"Black {now.black}+?", style="bold")
        out.append(" · ")
        out.append(f"Purple {now.purple}+?", style="bold purple")
    return out


def necropolis_cells(game, position: int) -> list[Text]:
    """The 3 lines of one card of the row: name; position, gain and armies (B/P); quest. A face-down
    card shows what it may be when it is the next one."""
    solo = game.solo
    label = Text(f"{TIME if position == solo.time else ''}{tx.necropolis_label(position)} ", style="bold")
    if position >= solo.revealed:
        lines = [Text("▒" * 6, style="dim"), label + Text("face down", style="dim"), Text()]
        if position == solo.time + 1:
            cards = game.next_card_candidates()
            lines[2] = Text(f"B{army_range(cards, 'black')} P{army_range(cards, 'purple')}?", style="dim")
        return lines
    card = game.necropolis_card(position)
    gain = Text.assemble(label, "+", tx.lp(card.gain), " ",
                         (f"B{card.black}", "bold"), " ", (f"P{card.purple}", "bold purple"))
    quest = Text(tx.quest_short(card.quest)) if card.quest else Text("no quest", style="dim")
    return [Text(card.name, style="bold"), gain, quest]


def fit_widths(wanted: list[int], width: int) -> list[int]:
    """Column widths within `width`: each column's own, the widest shrunk first when short of room."""
    widths = list(wanted)
    while sum(widths) > width and max(widths) > 1:
        widths[widths.index(max(widths))] -= 1
    return widths


def necropolis_lines(game, width: int) -> list[Text]:
    """The Necropolis row in 4 lines: the heading, then one column per card of the row 1-2-3-4-END
    (revealed cards face up, the others face down; B/P = Black/Purple army values)."""
    cells = [necropolis_cells(game, i) for i in range(len(game.solo.necropolis))]
    widths = fit_widths([max(c.cell_len for c in col) + 2 for col in cells], width)
    rows = [Text(), Text(), Text()]
    for col, w in zip(cells, widths):
        for row, cell in zip(rows, col):
            cell = cell.copy()
            cell.truncate(w - 2, overflow="ellipsis", pad=True)
            row.append_text(cell)
            row.append("  ")
    return [necropolis_heading(game)] + rows


def lich_sources(game) -> Text:
    """The Lich King's LP by source, biggest first."""
    sources = sorted(game.lich_sources().items(), key=lambda kv: -kv[1])
    if not sources:
        return Text("nothing yet", style="dim")
    return Text(", ").join(Text.assemble(f"{name} ", tx.lp(n)) for name, n in sources)

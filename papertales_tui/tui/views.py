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

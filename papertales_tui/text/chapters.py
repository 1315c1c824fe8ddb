"""Split the event log into the public chapters shown between decisions (the app's pages, a hosted table's).

A chapter is a run of events of one part of the turn: "lich" (solo games: the Lich King's gains at
the end of Recruitment), "reveal" (Deployment reveal and the Wars), "income", "construction", "aging"
and "end" (final scoring). Recruitment events are private or trivial and get no summary screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

SHOWN = ("lich", "reveal", "income", "construction", "aging", "end")
LICH_RECRUITMENT = {"lich_lp", "lich_quest", "underworld_discarded"}  # solo: the Lich King's part
# solo: the player's own events its Lich King's page tells too, with one human at the table: the cards
# drawn from the Underworld in the last two rounds and the one put back under its pile
OWN_LICH = {"underworld_drawn", "underworld_bottom"}


def chapter(e: dict[str, Any]) -> str:
    """The chapter of one event, from the phase stamped on it (rules/events.py)."""
    phase: str = e["phase"]
    if phase in ("deployment", "wars"):
        return "reveal"
    if phase == "recruitment" and e["type"] in LICH_RECRUITMENT:
        return "lich"
    return phase


def label_events(log: Sequence[dict[str, Any]]) -> list[str]:
    """The chapter of every event of a game's log, in order."""
    return [chapter(e) for e in log]


def chapters(log: Sequence[dict[str, Any]], start: int) -> list[tuple[str, list[dict[str, Any]]]]:
    """The shown chapters among the events from index `start`: [(chapter, public events)]."""
    return [(label, events) for label, events, _ in spans(log, start)]


def spans(log: Sequence[dict[str, Any]], start: int) -> list[tuple[str, list[dict[str, Any]], int]]:
    """As `chapters`, with the log index just after each chapter's last event (the moment it shows)."""
    labels = label_events(log)
    out: list[tuple[str, list[dict[str, Any]], int]] = []
    for k in range(start, len(log)):
        label, e = labels[k], log[k]
        if label not in SHOWN or e.get("private_to") is not None:
            continue
        if out and out[-1][0] == label:
            out[-1][1].append(e)
            out[-1] = (label, out[-1][1], k + 1)
        else:
            out.append((label, [e], k + 1))
    return out


def own_lich(log: Sequence[dict[str, Any]], end: int, seat: int) -> list[dict[str, Any]]:
    """`seat`'s own `OWN_LICH` events of the Recruitment before log index `end` (its turn's), in order."""
    out = []
    for e in reversed(log[:end]):
        if e["type"] == "turn_started":
            break
        if e.get("private_to") == seat and e["type"] in OWN_LICH:
            out.append(e)
    return out[::-1]


def turn_at(log: Sequence[dict[str, Any]], index: int) -> int:
    """The turn the events from `index` on belong to (until the next turn starts)."""
    return max(1, sum(1 for e in log[:index] if e["type"] == "turn_started"))


def totals_at(log: Sequence[dict[str, Any]], index: int) -> tuple[dict[int, int], dict[int, int], int | None]:
    """Each player's LP and Gold, and the Lich King's LP (solo), as they were after `index` events:
    the last total logged before then (players with none logged yet are left out)."""
    lp: dict[int, int] = {}
    gold: dict[int, int] = {}
    lich: int | None = None
    for e in log[:index]:
        t = e["type"]
        if t == "lp":
            lp[e["player"]] = e["total"]
        elif t == "lich_lp":
            lich = e["total"]
        elif t == "gold" or "gold" in e and "total" in e:  # Gold gained or paid (Buildings)
            gold[e["player"]] = e["total"]
    return lp, gold, lich


KINGDOM_CHANGES = {"building_built", "building_upgraded", "units_aged", "unit_died", "units_revealed", "age_added",
                   "unit_discarded", "unit_replaced"}


def kingdoms_changed_since(log: Sequence[dict[str, Any]], index: int) -> bool:
    """Whether Units or Buildings changed after `index` events (Construction, Aging, a new Deployment)."""
    return any(e["type"] in KINGDOM_CHANGES for e in log[index:])

"""Split the event log into the public chapters the app shows between decisions.

A chapter is a run of events of one part of the turn: "lich" (solo games: the Lich King's gains at
the end of Recruitment), "reveal" (Deployment reveal and the Wars), "income", "construction", "aging"
and "end" (final scoring). Recruitment events are private or trivial and get no summary screen.
"""

from __future__ import annotations

RECRUITMENT = {"turn_started", "cards_dealt", "card_picked", "cards_passed", "kept_card_returned",
               "deck_reshuffled", "card_discarded", "underworld_added", "underworld_shuffled",
               "underworld_drawn", "underworld_bottom"}
SHOWN = ("lich", "reveal", "income", "construction", "aging", "end")


def _is_lich_recruitment(e: dict) -> bool:
    """Solo games: the Lich King's immediate gain and quests, then the Underworld discarded."""
    t = e["type"]
    return t in ("lich_quest", "underworld_discarded") or (
        t == "lich_lp" and e["cause"] in ("immediate", "quest"))


def _is_construction(e: dict) -> bool:
    t = e["type"]
    return t in ("construction_passed", "building_built") or (
        t == "building_upgraded" and e.get("cause") == "construction")


def label_events(log: list[dict]) -> list[str]:
    """The chapter of every event of a game's log, in order."""
    labels = []
    phase = "setup"
    for e in log:
        t = e["type"]
        if t == "turn_started":
            phase = "recruitment"
        elif t == "game_over":
            phase = "end"
        elif phase in ("recruitment", "lich") and _is_lich_recruitment(e):
            phase = "lich"
        elif phase in ("recruitment", "lich") and not (t in RECRUITMENT and e.get("reason") in (None, "draft")):
            phase = "reveal"
        elif t == "gold" and e.get("cause") == "income":
            phase = "income"
        elif _is_construction(e):
            phase = "construction"
        elif phase == "construction":
            phase = "aging"
        labels.append(phase)
    if labels and labels[-1] == "end":  # final scoring comes after the last Units aged
        last_aged = max((k for k, e in enumerate(log) if e["type"] == "units_aged"), default=-1)
        for k in range(last_aged + 1, len(labels)):
            labels[k] = "end"
    return labels


def chapters(log: list[dict], start: int) -> list[tuple[str, list[dict]]]:
    """The shown chapters among the events from index `start`: [(chapter, public events)]."""
    labels = label_events(log)
    out: list[tuple[str, list[dict]]] = []
    for label, e in zip(labels[start:], log[start:]):
        if label not in SHOWN or e.get("private_to") is not None:
            continue
        if out and out[-1][0] == label:
            out[-1][1].append(e)
        else:
            out.append((label, [e]))
    return out


def turn_at(log: list[dict], index: int) -> int:
    """The turn the events from `index` on belong to (until the next turn starts)."""
    return max(1, sum(1 for e in log[:index] if e["type"] == "turn_started"))

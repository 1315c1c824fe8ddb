"""Save-file migrations: each step brings a payload of format version v up to v + 1.

MIGRATIONS[v](payload, catalog) turns the payload of a version-v file into a version-(v+1) payload
(the "version" key is set by `migrate`). It runs after the checksum and the schema checks (the schema
is loose where formats differ, e.g. the event log). To change the format: write the step, register
it here under the old version, raise FORMAT_VERSION by one, and keep tests/test_old_saves.py (files
written by older releases, never regenerated) green."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..rules import events
from ..rules.cards import Catalog
from ..rules.state import SLOT_NAMES
from ..words import N_, Worded

FORMAT_VERSION = 5  # 2: events have a phase, and card keys as causes; 3: war_strength parts by key;
# 4: solo, the last Aging's Lich King gains in the phase "aging"; 5: a mode's own side in "mode_state"

Migration = Callable[[dict[str, Any], Catalog], dict[str, Any]]
OLD_SIDE_KEY = "solo"  # where formats 1-4 kept a mode's own side (the only mode with one then): "mode_state" since 5


class MigrationError(Worded, ValueError):
    """A payload of format `version` that cannot be brought up to date, and why (words.py)."""

    def __init__(self, version: int, reason: str, **data: Any):
        super().__init__(self.worded(reason, data))
        self.version = version

    def __str__(self) -> str:
        return self.told()


def migrate(payload: dict[str, Any], catalog: Catalog) -> dict[str, Any]:
    """The payload brought up to FORMAT_VERSION, one registered step at a time (checksum checked before)."""
    version = payload["version"]
    while version < FORMAT_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise MigrationError(version, N_("save format version %(format)s cannot be read any more"),
                                 format=version)
        try:
            payload = dict(step(payload, catalog), version=version + 1)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise MigrationError(version, N_("the saved game could not be brought up to date from format version "
                                             "%(format)s (%(problem)s)"), format=version,
                                 problem=f"{type(exc).__name__}: {exc}") from None
        version += 1
    return payload


def _events_with_phases(payload: dict[str, Any], catalog: Catalog) -> dict[str, Any]:
    """1 -> 2: the event log gets phases and card keys."""
    return dict(payload, state=dict(payload["state"], log=upgrade_log(payload["state"]["log"], catalog)))


def _war_parts_by_key(payload: dict[str, Any], catalog: Catalog) -> dict[str, Any]:
    """2 -> 3: the parts of `war_strength` events name cards and Buildings by key, not by label."""
    return dict(payload, state=dict(payload["state"], log=parts_by_key(payload["state"]["log"], catalog)))


def _solo_last_aging(payload: dict[str, Any], catalog: Catalog) -> dict[str, Any]:
    """3 -> 4: solo games log the Lich King's gains for the Units that died at the last turn's Aging,
    and the Time token's last move, in the phase "aging" (as turns 1-3 do), not "end". Before, the
    phase "end" was set first: those events are the run of "end" events up to that move."""
    state = payload["state"]
    log = state["log"]
    # only the solo mode moves a Time token: a log without that last move needs nothing
    last = [k for k, e in enumerate(log) if e.get("type") == "time_moved" and e.get("turn") == state["turns"]]
    if not last:
        return payload
    log = [dict(e) for e in log]
    k = last[0]
    while k >= 0 and log[k].get("phase") == "end":
        log[k]["phase"] = "aging"
        k -= 1
    return dict(payload, state=dict(state, log=log))


def _mode_state(payload: dict[str, Any], catalog: Catalog) -> dict[str, Any]:
    """4 -> 5: the mode's own side of the game (the Lich King's) is the state's "mode_state", not "solo"."""
    state = dict(payload["state"])
    state["mode_state"] = state.pop(OLD_SIDE_KEY, None)
    return dict(payload, state=state)


MIGRATIONS: dict[int, Migration] = {1: _events_with_phases, 2: _war_parts_by_key, 3: _solo_last_aging,
                                    4: _mode_state}


# --- logs saved before the schema (save format 1) ----------------------------------------------
_DEPLOYMENT = {"unit_unpaid", "unit_discarded", "card_kept", "units_revealed", "unit_replaced", "shapeshift_failed"}
_CONSTRUCTION = {"construction_passed", "building_built"}
_WARS = {"war_strength", "war", "solo_war"}


def upgrade_log(log: list[dict[str, Any]], catalog: Any) -> list[dict[str, Any]]:
    """A log written before events had a phase and causes were card keys: the same events in today's
    form. The phase is worked out from the order of events (as the engine goes through a turn); card,
    Building and solo card names become their keys."""
    keys = _keys_by_name(catalog)
    out = []
    phase = "recruitment"
    for old in log:
        e = dict(old)
        phase = _phase_after(phase, e)
        e["phase"] = phase
        _rename(e, keys)
        out.append(e)
    if any(e["type"] == "game_over" for e in out):  # end-of-game scoring: after the last Aging
        aging = ("units_aged", "time_moved")  # (solo: the Time token's last move ends it)
        last = max((k for k, e in enumerate(out) if e["type"] in aging), default=-1)
        for e in out[last + 1:]:
            e["phase"] = "end"
    return [events.from_dict(e).to_dict() for e in out]  # checked against the schema, fields in its order


def _phase_after(phase: str, e: dict[str, Any]) -> str:
    """The phase of event `e`, the one before it being in `phase`."""
    t = e["type"]
    if t == "turn_started":
        return "recruitment"
    if t in _DEPLOYMENT or t == "card_discarded" and e.get("reason") != "draft":
        return "deployment"
    if t in _WARS or t == "necropolis_revealed" and phase == "deployment":
        return "wars"
    if t == "gold" and e.get("cause") == "income":
        return "income"
    if t in _CONSTRUCTION or t == "building_upgraded" and e.get("cause") == "construction":
        return "construction"
    if phase == "construction":  # whatever follows the Construction step is the Aging
        return "aging"
    return phase


def _keys_by_name(catalog: Any) -> dict[str, str]:
    keys = {"Wars": "wars"}
    for table in (catalog.units, catalog.buildings, catalog.necropolis, catalog.lich_king):
        keys.update((c.name, k) for k, c in table.items())
    for k, b in catalog.buildings.items():  # end-of-game LP were caused by "Town (level 2)"
        keys.update((f"{b.name} (level {lv.level})", k) for lv in b.levels)
    return keys


def _rename(e: dict[str, Any], keys: dict[str, str]) -> None:
    if "cause" in e and e["type"] != "lich_lp":
        e["cause"] = keys.get(e["cause"], e["cause"])
    if "source" in e:
        e["source"] = keys.get(e["source"], e["source"])
    if e["type"] == "lich_lp":
        e.pop("card", None)
    elif e["type"] == "necropolis_revealed":
        e.pop("name", None)


# --- war_strength parts as labels (save format 2) -----------------------------------------------
def parts_by_key(log: list[dict[str, Any]], catalog: Any) -> list[dict[str, Any]]:
    """A log whose `war_strength` parts are labels ("Knight (Front 1)", "Barracks (level 1)"): the
    same events with each part by key ({card, spot, strength} or {building, level, strength})."""
    units = {c.name: k for k, c in catalog.units.items()}
    buildings = {b.name: k for k, b in catalog.buildings.items()}
    out = []
    for e in log:
        if e["type"] == "war_strength" and any(not isinstance(p, dict) for p in e["parts"]):
            e = dict(e, parts=[_part_by_key(p, units, buildings, SLOT_NAMES) for p in e["parts"]])
        out.append(e)
    return out


def _part_by_key(part: Any, units: dict[str, str], buildings: dict[str, str],
                 slot_names: tuple[str, ...]) -> dict[str, Any]:
    if isinstance(part, dict):
        return part
    label, strength = part
    name, _, place = label.removesuffix(")").rpartition(" (")
    if place in slot_names:  # a name not in the card data (since changed) is kept as its key
        return {"card": units.get(name, name), "spot": slot_names.index(place), "strength": strength}
    level = int(place.removeprefix("level "))
    return {"building": buildings.get(name, name), "level": level, "strength": strength}

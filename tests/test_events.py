"""The event schema (rules/events.py): every logged event fits it, carries the phase it happened in,
names its causes by card key; logs saved before the schema load in today's form."""

from __future__ import annotations

import ast
import copy
import dataclasses
import json
import re
from pathlib import Path

import pytest

from papertales_tui.persistence import ADDED_EVENT_FIELDS, load_save, replay_game
from papertales_tui.persistence.migrations import migrate, upgrade_log
from papertales_tui.rules import events as ev
from papertales_tui.rules.card_files import default_catalog
from papertales_tui.rules.random_play import play_random_game
from papertales_tui.rules.solo import play_random_solo_game

DATA = Path(__file__).resolve().parent / "data"
FINISHED_V1 = ["v1-finished-two-players.json", "v1-finished-five-players.json", "v1-finished-solo.json"]


@pytest.fixture(scope="module")
def games():
    return [play_random_game(["Ann", "Bob"], 1), play_random_game(["A", "B", "C", "D", "E"], 2),
            play_random_solo_game("Sam", 3, difficulty=4)]


def test_every_logged_event_fits_the_schema_and_round_trips(games):
    seen = set()
    for game in games:
        for d in game.state.log:
            e = ev.from_dict(d)
            assert e.to_dict() == d
            assert e.phase in ev.PHASES
            seen.add(type(e))
    assert len(seen) >= 30  # most types occur in these three games


def test_known_types_what_fits_and_leaves_out_what_does_not(games):
    log = games[0].state.log
    odd = [{"type": "no_such_event", "phase": "wars"}, {"type": "lp", "phase": "wars", "player": 0},  # no amount
           {"phase": "wars", "player": 0}]  # no type
    typed = ev.known(log[:5] + odd + log[5:])
    assert [e.to_dict() for e in typed] == log and all(isinstance(e, ev.BaseEvent) for e in typed)


@pytest.mark.parametrize("make", [ev.make, lambda t, phase, **f: ev.record(t, phase, f)], ids=["make", "record"])
def test_a_wrong_field_is_refused_where_the_event_is_made(make):
    with pytest.raises(TypeError):
        make("lp", "wars", player=0, amount=3, total=3)  # no cause
    with pytest.raises(TypeError):
        make("lp", "wars", player=0, amount=3, cause="wars", total=3, why="?")
    with pytest.raises(TypeError):
        make("lp", "wars", player=0, amount=3, cause="wars", total=3, phase="aging")
    with pytest.raises(TypeError):
        make("no_such_event", "wars")


def _logged_in_source() -> list[tuple[str, str, set[str], bool]]:
    """(where, type, field names, whether a `**` adds more) of every event the package's source logs:
    each `emit(type, **fields)` call, and each event written as a dict literal in a hot path
    (``{"type": ..., "phase": ..., ...}``, as `emit` writes them)."""
    root = Path(ev.__file__).resolve().parents[1]
    out = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            where = f"{path.relative_to(root)}:{getattr(node, 'lineno', 0)}"
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "emit":
                assert len(node.args) == 1 and isinstance(node.args[0], ast.Constant), f"{where}: emit(type, **fields)"
                out.append((where, node.args[0].value, {k.arg for k in node.keywords if k.arg is not None},
                            any(k.arg is None for k in node.keywords)))
            elif isinstance(node, ast.Dict) and node.keys and isinstance(node.keys[0], ast.Constant) \
                    and node.keys[0].value == "type" and isinstance(node.values[0], ast.Constant):
                spread = [k is None for k in node.keys]  # a `**` entry
                keys = [k.value if isinstance(k, ast.Constant) else None for k in node.keys if k is not None]
                assert keys[1] == "phase" and None not in keys, f"{where}: an event is {{type, phase, fields}}"
                out.append((where, node.values[0].value, set(keys[2:]), any(spread)))
    return out


def test_every_event_the_source_logs_has_the_fields_of_its_type():
    """`Game.emit` checks the type and the number of fields as it logs; the names are checked here, at
    every place the package logs an event (a `**` expansion: on the logs of the games above)."""
    logged = _logged_in_source()
    for where, type_, given, more in logged:
        cls = ev.TYPES[type_]
        names = {f.name for f in dataclasses.fields(cls)} - {"phase"}
        required = {f.name for f in dataclasses.fields(cls)
                    if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING} - {"phase"}
        assert given <= names, f"{where}: {sorted(given - names)} not fields of {cls.TYPE}"
        assert more or required <= given, f"{where}: {cls.TYPE} without {sorted(required - given)}"
    assert len(logged) >= 40  # (the engine, its phases and the solo mode)
    assert len([x for x in logged if x[1] in ("lp", "gold", "card_picked", "unit_died")]) >= 4  # (the literals)


def test_emit_refuses_an_unknown_type_or_a_wrong_number_of_fields():
    game = play_random_game(["Ann", "Bob"], 4)
    log = list(game.state.log)
    with pytest.raises(TypeError):
        game.emit("lp", player=0, amount=3, total=3)  # no cause
    with pytest.raises(TypeError):
        game.emit("lp", player=0, amount=3, cause="wars", total=3, private_to=None, why="?")
    with pytest.raises(TypeError):
        game.emit("no_such_event", player=0)
    assert game.state.log == log  # nothing logged
    game.emit("lp", player=0, amount=3, cause="wars", total=3)
    assert game.state.log[-1] == {"type": "lp", "phase": "end", "player": 0, "amount": 3, "cause": "wars", "total": 3}


def test_the_engine_logs_what_the_typed_event_gives(games):
    for game in games:
        for d in game.state.log:
            values = {k: v for k, v in d.items() if k not in ("type", "phase")}
            assert ev.record(d["type"], d["phase"], values) == ev.make(d["type"], d["phase"], **values).to_dict()


def test_phases_follow_the_turn_in_order(games):
    order = {p: k for k, p in enumerate(ev.PHASES)}
    for game in games:
        last = 0
        for d in game.state.log:
            if d["type"] == "turn_started":
                last = 0
            assert order[d["phase"]] >= last, d
            last = order[d["phase"]]
        assert [d["phase"] for d in game.state.log[-2:]] == ["end", "end"]


def test_phase_of_typical_events(games):
    expected = {"cards_dealt": "recruitment", "units_revealed": "deployment", "war_strength": "wars",
                "construction_passed": "construction", "units_aged": "aging", "game_over": "end",
                "lich_quest": "recruitment", "solo_war": "wars", "solo_over": "end"}
    for game in games:
        for d in game.state.log:
            if d["type"] in expected:
                assert d["phase"] == expected[d["type"]], d
            if d["type"] == "gold" and d["cause"] == "income":
                assert d["phase"] == "income"


def test_causes_are_card_keys_or_steps_never_names(games):
    cat = default_catalog()
    keys = set(cat.units) | set(cat.buildings) | set(cat.necropolis) | set(cat.lich_king)
    for game in games:
        for d in game.state.log:
            for field in ("cause", "source"):
                if field in d and (field, d["type"]) != ("cause", "lich_lp"):  # a Lich King's cause is a kind of gain
                    value = d[field]
                    assert value in keys or value in ev.STEP_CAUSES, d


def test_a_view_reads_only_the_events_its_viewer_may_see(games):
    game = games[1]
    assert any(d.get("private_to") == 3 for d in game.state.log)
    for player in (None, 0, 3):
        seen = copy.deepcopy(game)  # the same game, but for the events `player` may not see
        seen.state.log = ev.visible(game.state.log, player)
        assert all(d.get("private_to") in (None, player) for d in seen.state.log)
        assert dataclasses.replace(seen.view(player), log_size=0) == dataclasses.replace(game.view(player), log_size=0)


@pytest.mark.parametrize("name", FINISHED_V1)
def test_a_finished_game_saved_before_the_schema_loads_in_todays_form(name):
    """Saves of format 1 (events without a phase, causes by name) are brought up to date on loading:
    the migrated log is exactly the log the rules make today for the same game."""
    save = load_save(DATA / name)
    assert save.version == 1 and save.game.over
    replayed = replay_game(save)  # raises unless the whole state, log included, is the same
    added = ADDED_EVENT_FIELDS  # fields added later still, which a format-1 save cannot have
    assert [{k: v for k, v in d.items() if k not in added.get(d["type"], ())} for d in replayed.state.log] \
        == save.game.state.log
    assert {d["phase"] for d in save.game.state.log} >= {"recruitment", "wars", "aging", "end"}


def test_upgrading_a_log_twice_changes_nothing():
    """Today's log through the whole chain of migrations again, from format 1: the same log."""
    save = load_save(DATA / FINISHED_V1[2])
    log = save.game.state.log
    payload = {"version": 1, "state": json.loads(save.game.to_json())}
    assert migrate(payload, save.game.catalog)["state"]["log"] == log
    assert upgrade_log(log, save.game.catalog) == log  # the first step alone too


DOC = Path(__file__).resolve().parents[1] / "docs" / "events.md"
FIELD = re.compile(r"`([a-z_]+)(?::[^`]*)?`")  # `player`, `reason: "draft"`; not `"left"` nor `[slot, card]`


def documented() -> dict[str, list[set[str]]]:
    """Each event type of docs/events.md with the fields each of its table rows names."""
    out: dict[str, list[set[str]]] = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("| `") or len(cells) != 3:
            continue
        types = re.findall(r"`([a-z_]+)`", cells[0])
        fields = set(FIELD.findall(cells[1]))
        for t in types:
            out.setdefault(t, []).append(fields)
    return out


def test_docs_events_lists_every_event_type_and_nothing_else():
    assert set(documented()) == set(ev.TYPES)


def test_docs_events_names_the_fields_of_each_type():
    common = {"phase", "private_to"}  # described once, for every event
    for type_, rows in documented().items():
        schema = set(ev.TYPES[type_].NAMES) - common
        for fields in rows:
            assert fields <= schema, f"docs/events.md: {type_} has no field {sorted(fields - schema)}"
        assert set().union(*rows) == schema, f"docs/events.md: {type_} lacks {sorted(schema - set().union(*rows))}"


def test_docs_events_names_real_causes():
    cat = default_catalog()
    for key in re.findall(r'`cause: "([a-z_]+)"`', DOC.read_text(encoding="utf-8")):
        assert key in ev.STEP_CAUSES or key in cat.units or key in cat.buildings, key


def documented_phases() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """The phases docs/events.md gives each event type: by the phase section its row is in ("## 6. Aging"),
    and those its row names (a backquoted phase in a meaning that says "phase"), kept apart."""
    by_section: dict[str, set[str]] = {}
    named: dict[str, set[str]] = {}
    section = None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            word = line.removeprefix("## ").split(". ")[-1].strip().lower()
            section = word if word in ev.PHASES and word != "end" else None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("| `") or len(cells) != 3:
            continue
        for t in re.findall(r"`([a-z_]+)`", cells[0]):
            if section is not None:
                by_section.setdefault(t, set()).add(section)
            if "phase" in cells[2].lower():
                named.setdefault(t, set()).update(p for p in re.findall(r"`([a-z]+)`", cells[2]) if p in ev.PHASES)
    return by_section, named


def test_docs_events_phases_are_those_the_engine_logs(games):
    """Each event is logged in a phase docs/events.md gives its type (its section's, or one its row names);
    each phase a row names is one the engine logs it in (the turn-4 Time token move is in `aging`)."""
    by_section, named = documented_phases()
    assert by_section and named.get("time_moved")
    more = [play_random_game(["A", "B", "C"], 5), play_random_solo_game("Sam", 6, difficulty=4),
            play_random_solo_game("Sam", 7, difficulty=2)]
    logged: dict[str, set[str]] = {}
    for game in [*games, *more]:
        for d in game.state.log:
            logged.setdefault(d["type"], set()).add(d["phase"])
    for type_, phases in logged.items():
        said = by_section.get(type_, set()) | named.get(type_, set())
        if said:
            assert phases <= said, f"docs/events.md: {type_} is logged in {sorted(phases - said)} too"
    for type_, phases in named.items():
        assert phases <= logged.get(type_, set()), f"docs/events.md: {type_} is never logged in {sorted(phases)}"


def test_every_event_type_has_a_sentence():
    from papertales_tui.text.narrator import texts

    assert set(texts()) == set(ev.TYPES.values())


def test_the_narrator_keeps_private_events_to_full_mode_and_names_literal():
    from papertales_tui.text.narrator import Names, narrate

    game = play_random_game(["[b]Ann[/b]", "Bob"], 4)
    names = Names.of(game)
    picked = next(d for d in game.state.log if d["type"] == "card_picked" and d["player"] == 0)
    assert narrate(picked, names) is None
    assert narrate(picked, names, full=True) == f"[b]Ann[/b] takes {game.card(picked['card']).name}."
    wars = next(d for d in game.state.log if d["type"] == "lp" and d["cause"] == "wars")
    assert narrate(ev.from_dict(wars), names) == narrate(wars, names)
    assert narrate(wars, names).endswith(f"(wars), now ★{wars['total']}.")
    commander = {"type": "lp", "phase": "wars", "player": 1, "amount": 2, "cause": "commander", "total": 5}
    assert narrate(commander, names) == "Bob +2★ (Commander), now ★5."
    assert narrate({"type": "no_such_event", "x": 1}, names) is None
    assert narrate({"type": "no_such_event", "x": 1}, names, full=True) == "no_such_event: x=1"

"""Card packs (`--cards DIR`) are checked for meaning, not only shape: value ranges, names and ids
unique across all files, duplicate YAML keys, anchors, size. And any pack that loads makes games that
end: a property test plays random valid packs."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from papertales_tui.rules import catalog as catalog_module
from papertales_tui.rules.card_files import default_catalog
from papertales_tui.rules.cards import EFFECTS, PRODUCTION_CONDITIONS, RESOURCES
from papertales_tui.rules.catalog import CardFileError, load_catalog
from papertales_tui.rules.engine import Game
from papertales_tui.rules.random_play import random_decision
from papertales_tui.rules.solo import new_game as new_solo_game

UNIT = {"id": "gnome", "name": "Gnome", "copies": 2, "cost": 1, "strength": 2, "produces": [], "abilities": []}


def pack(tmp_path: Path, text: str, name: str = "pack.yaml") -> Path:
    d = tmp_path / "pack"
    d.mkdir(exist_ok=True)
    (d / name).write_text(text, encoding="utf-8")
    return d


def unit(**changes) -> str:
    return yaml.safe_dump({"units": [dict(UNIT, **changes)]}, sort_keys=False)


def ability(effect: str, phase: str, **params) -> list[dict]:
    return [{"effect": effect, "phase": phase, "params": params, "text": "x"}]


BAD_PACKS = {
    "negative Gold from an ability": (unit(abilities=ability("gold", "income", amount=-2)), "abilities.0.params.amount",
                                      "from 0 to 10, got -2"),
    "negative strength": (unit(strength=-1), "strength", "greater than or equal to 0"),
    "negative strength bonus": (unit(abilities=ability("strength_per_own_age", "wars", amount=-1)),
                                "abilities.0.params.amount", "from 0 to 10"),
    "absurd cost": (unit(cost=99), "cost", "less than or equal to 20"),
    "cost below the Monkey's": (unit(cost=-5), "cost", "greater than or equal to -3"),
    "absurd LP": (unit(abilities=ability("lp", "wars", amount=500)), "abilities.0.params.amount",
                   "from -10 to 10"),
    "no copies": (unit(copies=0), "copies", "greater than or equal to 1"),
    "name of a base card": (unit(name="knight"), "name", "duplicate name 'knight'"),
    "control character in a name": (unit(name="Gno\x1bme"), "name", "holds a control character (U+001B)"),
    "name too long": (unit(name="G" * 41), "name", "at most 40"),
    "negative building LP": (yaml.safe_dump({"buildings": [{
        "id": "shed", "name": "Shed", "level1": {"legend_points": -1, "cost": []},
        "level2": {"legend_points": 2, "cost": ["wood"]}}]}), "level1.legend_points", "greater than or equal to 0"),
}


@pytest.mark.parametrize("case", BAD_PACKS)
def test_a_pack_with_a_meaningless_value_is_refused(tmp_path, case):
    text, field, message = BAD_PACKS[case]
    with pytest.raises(CardFileError) as info:
        load_catalog([pack(tmp_path, text)])
    assert info.value.field == field and message in info.value.message, str(info.value)


RAW_BAD = {
    "duplicate key": ("units:\n- id: gnome\n  name: Gnome\n  name: Other\n  copies: 1\n  cost: 1\n  strength: 1\n",
                      "duplicate key 'name'"),
    "anchor and alias": ("units:\n- &g {id: gnome, name: Gnome, copies: 1, cost: 1, strength: 1}\n- *g\n",
                         "anchors and aliases"),
    "billion laughs": ("a: &a [x, x]\nb: &b [*a, *a]\nc: &c [*b, *b]\n", "anchors and aliases"),
    "too deep": ("units: " + "[" * 40 + "]" * 40 + "\n", "nested more than"),
    "too large": ("# " + "x" * catalog_module.MAX_FILE_BYTES + "\n",
                  r"too large for a card file \(over the limit of 1 MB\)"),
}


@pytest.mark.parametrize("case", RAW_BAD)
def test_a_pack_file_that_yaml_would_accept_is_still_refused(tmp_path, case):
    text, message = RAW_BAD[case]
    with pytest.raises(CardFileError, match=message):
        load_catalog([pack(tmp_path, text)])


def test_names_are_unique_across_the_files_of_a_pack(tmp_path):
    d = pack(tmp_path, unit())
    pack(tmp_path, unit(id="other_gnome", name="GNOME"), name="second.yaml")
    with pytest.raises(CardFileError, match="duplicate name 'GNOME'"):
        load_catalog([d])


# ---- any valid pack makes games that end ----

BASE = default_catalog()
# Each effect kind with a phase (and reveal) it is used with on the printed cards.
USAGE = {a.effect: (a.phase, a.reveal) for u in BASE.units.values() for a in u.abilities}
USAGE.update({a.effect: (a.phase, a.reveal) for b in BASE.buildings.values() for lv in b.levels
              for a in lv.abilities if a.effect not in USAGE})


@st.composite
def abilities(draw) -> list[dict]:
    out = []
    for effect in draw(st.lists(st.sampled_from(sorted(USAGE)), max_size=2, unique=True)):
        phase, reveal = USAGE[effect]
        params = {}
        for name, typ in EFFECTS[effect].items():
            if typ is int:
                low, high = catalog_module._param_range(effect, name)
                params[name] = draw(st.integers(low, high))
            else:
                params[name] = draw(st.sampled_from(RESOURCES + ("any",) * (effect == "gold_for_resource")))
        out.append({"effect": effect, "phase": phase, "reveal": reveal, "params": params, "text": "An ability."})
    return out


@st.composite
def units(draw, k: int) -> dict:
    abs_ = draw(abilities())
    shapeshift = any(a["effect"] == "shapeshift" for a in abs_)
    produces = draw(st.lists(st.fixed_dictionaries({
        "resource": st.sampled_from(RESOURCES), "count": st.integers(1, 10),
        "condition": st.sampled_from(PRODUCTION_CONDITIONS)}), max_size=2))
    return {"id": f"pack_unit_{k}", "name": f"Pack Unit {k}", "copies": draw(st.integers(1, 20)),
            "cost": draw(st.integers(-3, 20)),
            "strength": None if shapeshift and draw(st.booleans()) else draw(st.integers(0, 20)),
            "produces": produces, "abilities": abs_}


@st.composite
def packs(draw) -> dict:
    n = draw(st.integers(1, 4))
    return {"units": [draw(units(k)) for k in range(n)]}


def plays_to_the_end(game, seed: int, limit: int = 5000) -> None:
    rng = random.Random(seed)
    for _ in range(limit):
        if game.over:
            return
        pend = game.pending()[0]
        game.apply(pend.player, random_decision(game, pend, rng))
    raise AssertionError("the game did not end")


def check_pack(data: dict, seed: int) -> None:
    with tempfile.TemporaryDirectory() as d:
        Path(d, "pack.yaml").write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        cat = load_catalog([Path(d)])
    for players in (2, 5):
        plays_to_the_end(Game.new([f"P{i}" for i in range(players)], seed=seed, catalog=cat), seed)
    plays_to_the_end(new_solo_game(["Sam"], seed=seed, catalog=cat, difficulty=seed % 5), seed)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(packs(), st.integers(0, 10_000))
def test_games_with_any_valid_pack_end(data, seed):
    check_pack(data, seed)


@pytest.mark.volume
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(packs(), st.integers(0, 10_000))
def test_games_with_any_valid_pack_end_volume(data, seed):
    check_pack(data, seed)

"""The card catalog: the shipped files match the printed cards, and damaged files are refused clearly."""

import copy
from collections import Counter
from pathlib import Path

import pytest
import yaml
from conftest import edit_yaml

from papertales_tui.rules.card_files import default_catalog
from papertales_tui.rules.cards import SHORT_NAME
from papertales_tui.rules.catalog import CardFileError, load_catalog

REFERENCE = Path("/work/shared/reference/base-cards.yaml")
PHASE_OF_TRIGGER = {2: "deployment", 3: "wars", 4: "income", 5: "construction", 6: "aging",
                    "end_of_game": "end_of_game"}


# ---- the shipped catalog ----


def test_shipped_catalog_counts():
    cat = default_catalog()
    assert len(cat.units) == 42
    assert len(cat.deck_keys()) == 81
    assert sorted(cat.buildings) == ["barracks", "mine", "tavern", "temple", "town"]
    assert default_catalog() is cat


def test_shipped_catalog_independent_spot_checks():
    cat = default_catalog()
    assert cat.units["monkey"].cost == -1
    assert cat.units["shapeshifter"].strength is None
    assert (cat.units["kraken"].cost, cat.units["kraken"].strength) == (6, 9)
    assert [(p.resource, p.count, p.condition) for p in cat.units["forest_spirit"].produces] == [("wood", 3, None)]
    assert [(p.resource, p.count, p.condition) for p in cat.units["leviathan"].produces] == [("food", 2, "aged")]
    assert cat.units["landlord"].name == "Landlord"
    assert cat.units["master_alchemist"].ability("age_one_unit_per_resource").reveal is False
    assert cat.units["time_master"].ability("age_one_unit").params == {"amount": 2}
    temple = cat.buildings["temple"]
    assert (temple.level(1).gold_alternative, temple.level(2).gold_alternative) == (2, 3)
    assert temple.level(2).cost == ("ore", "ore")
    assert [a.effect for a in cat.buildings["barracks"].level(2).abilities] == ["strength_per_resource",
                                                                                "lp_per_strong_unit"]
    assert cat.buildings["barracks"].level(1).abilities[0].effect == "strength_per_resource"
    assert len(cat.buildings["barracks"].level(1).abilities) == 1
    assert all(a.text for u in cat.units.values() for a in u.abilities)


@pytest.fixture(scope="module")
def reference():
    if not REFERENCE.exists():
        pytest.skip(f"{REFERENCE} not available")
    return yaml.safe_load(REFERENCE.read_text(encoding="utf-8"))


def _ref_produces(items):
    # resource -> (count, conditional?) from the reference's plain or conditional entries
    counts = Counter()
    conditional = set()
    for p in items:
        res = p if isinstance(p, str) else p["resource"]
        counts[res] += 1
        if not isinstance(p, str):
            conditional.add(res)
    return {r: (n, r in conditional) for r, n in counts.items()}


def _our_produces(prods):
    out = {}
    for p in prods:
        n, cond = out.get(p.resource, (0, False))
        out[p.resource] = (n + p.count, cond or p.condition is not None)
    return out


def test_units_match_printed_cards(reference):
    units = {u.name: u for u in default_catalog().units.values()}
    assert sorted(units) == sorted(r["name"] for r in reference["units"])
    for ref in reference["units"]:
        u = units[ref["name"]]
        assert (u.copies, u.cost, u.strength) == (ref["copies"], ref["cost"], ref["strength"]), u.key
        assert _our_produces(u.produces) == _ref_produces(ref["produces"]), u.key
        ref_rows = sorted((PHASE_OF_TRIGGER[a["trigger"]], a.get("reveal", False)) for a in ref["abilities"])
        assert sorted((a.phase, a.reveal) for a in u.abilities) == ref_rows, u.key
        # texts are the project's own words, not the printed sentences
        printed = {a["text"] for a in ref["abilities"]}
        assert not printed & {a.text for a in u.abilities}, u.key


def test_buildings_match_printed_cards(reference):
    buildings = {b.name: b for b in default_catalog().buildings.values()}
    for ref in reference["buildings"]:
        b = buildings[ref["name"]]
        lv = b.level(ref["level"])
        assert lv.legend_points == ref["legend_points"]
        assert lv.cost == tuple(ref[f"cost_level{ref['level']}"])
        alt = ref[f"cost_level{ref['level']}_alternative"]
        assert lv.gold_alternative == (int(alt[0].strip("[]").split()[1]) if alt else None)
        assert b.level(1).cost == tuple(ref["cost_level1"]) and b.level(2).cost == tuple(ref["cost_level2"])
        assert _our_produces(lv.produces) == _ref_produces(ref["produces"]), (b.key, lv.level)
        assert sorted(a.phase for a in lv.abilities) == sorted(PHASE_OF_TRIGGER[a["trigger"]]
                                                               for a in ref["abilities"]), (b.key, lv.level)


# ---- damaged files ----


def _entry(data, key):
    return next(c for c in data.get("units", []) + data.get("buildings", []) if c["id"] == key)


def _ability(data, key, i=0):
    return _entry(data, key)["abilities"][i]


UNIT_DAMAGE = {
    "unknown field": (lambda d: _entry(d, "knight").update(colour="red"), "knight", "colour", "unknown field"),
    "missing field": (lambda d: _entry(d, "cave_spirit").pop("cost"), "cave_spirit", "cost", "Field required"),
    "string cost": (lambda d: _entry(d, "cave_spirit").update(cost="1"), "cave_spirit", "cost", "valid integer"),
    "float strength": (lambda d: _entry(d, "knight").update(strength=4.0), "knight", "strength", "valid integer"),
    "unknown effect kind": (lambda d: _ability(d, "archer").update(effect="fly"),
                            "archer", "abilities.0.effect", "unknown effect kind 'fly'"),
    "unknown param": (lambda d: _ability(d, "blacksmith")["params"].update(bonus=1),
                      "blacksmith", "abilities.0.params.bonus", "unknown parameter"),
    "missing param": (lambda d: _ability(d, "kraken", 1)["params"].pop("amount"),
                      "kraken", "abilities.1.params.amount", "missing parameter"),
    "string param": (lambda d: _ability(d, "blacksmith")["params"].update(amount="1"),
                     "blacksmith", "abilities.0.params.amount", "should be int"),
    "bool param": (lambda d: _ability(d, "blacksmith")["params"].update(amount=True),
                   "blacksmith", "abilities.0.params.amount", "should be int"),
    "unknown param resource": (lambda d: _ability(d, "cook")["params"].update(resource="gold"),
                               "cook", "abilities.0.params.resource", "unknown resource 'gold'"),
    "'any' outside gold_for_resource": (lambda d: _ability(d, "cook")["params"].update(resource="any"),
                                        "cook", "abilities.0.params.resource", "unknown resource 'any'"),
    "unknown produced resource": (lambda d: _entry(d, "miner").update(produces=["gold"]),
                                  "miner", "produces.0.resource", "Input should be"),
    "unknown production condition": (lambda d: _entry(d, "hunter")["produces"][0].update(condition="at_night"),
                                     "hunter", "produces.0.condition", "Input should be"),
    "zero production count": (lambda d: _entry(d, "leviathan")["produces"][0].update(count=0),
                              "leviathan", "produces.0.count", "greater than or equal to 1"),
    "unknown phase": (lambda d: _ability(d, "archer").update(phase="battle"),
                      "archer", "abilities.0.phase", "Input should be"),
    "missing text": (lambda d: _ability(d, "archer").pop("text"), "archer", "abilities.0.text", "Field required"),
    "zero copies": (lambda d: _entry(d, "knight").update(copies=0), "knight", "copies", "greater than or equal to 1"),
    "negative copies": (lambda d: _entry(d, "knight").update(copies=-2), "knight", "copies", "greater than or equal"),
    "null strength": (lambda d: _entry(d, "knight").update(strength=None), "knight", "strength", "shapeshift"),
    "bad id": (lambda d: _entry(d, "knight").update(id="Knight"), "Knight", "id", "should match pattern"),
    "duplicate id in one file": (lambda d: d["units"].append(copy.deepcopy(_entry(d, "knight"))), "knight", "id",
                                 "duplicate"),
    "copies not summing": (lambda d: _entry(d, "knight").update(copies=4), None, "expected_copies", "82, not 81"),
    "unknown top-level key": (lambda d: d.update(decks=[]), None, "decks", "unknown field"),
    "units not a list": (lambda d: d.update(units={"knight": 1}), None, "units", "valid list"),
    "entry without id": (lambda d: _entry(d, "knight").pop("id"), None, "units.17.id", "Field required"),
}


@pytest.mark.parametrize("case", UNIT_DAMAGE, ids=list(UNIT_DAMAGE))
def test_damaged_units_file_is_refused(base, case):
    change, card, field, message = UNIT_DAMAGE[case]
    edit_yaml(base / "units.yaml", change)
    with pytest.raises(CardFileError) as info:
        load_catalog(base_dir=base)
    err = info.value
    assert (err.path, err.card, err.field) == (base / "units.yaml", card, field)
    assert message in err.message
    assert "units.yaml" in str(err) and message in str(err)
    if card is not None:
        assert f"card {card!r}" in str(err)


def _level(d, key, n):
    return _entry(d, key)[f"level{n}"]


BUILDING_DAMAGE = {
    "string gold alternative": (lambda d: _level(d, "temple", 2).update(gold_alternative="3"),
                                "temple", "level2.gold_alternative", "valid integer"),
    "unknown cost resource": (lambda d: _level(d, "town", 1).update(cost=["stone"]),
                              "town", "level1.cost.0", "Input should be"),
    "missing level": (lambda d: _entry(d, "mine").pop("level2"), "mine", "level2", "Field required"),
    "missing param on level 2": (lambda d: _level(d, "barracks", 2)["abilities"][1]["params"].pop("min_strength"),
                                 "barracks", "level2.abilities.1.params.min_strength", "missing parameter"),
    "unknown field in a level": (lambda d: _level(d, "tavern", 1).update(preview=True),
                                 "tavern", "level1.preview", "unknown field"),
}


@pytest.mark.parametrize("case", BUILDING_DAMAGE, ids=list(BUILDING_DAMAGE))
def test_damaged_buildings_file_is_refused(base, case):
    change, card, field, message = BUILDING_DAMAGE[case]
    edit_yaml(base / "buildings.yaml", change)
    with pytest.raises(CardFileError) as info:
        load_catalog(base_dir=base)
    err = info.value
    assert (err.path, err.card, err.field) == (base / "buildings.yaml", card, field)
    assert message in err.message


def test_error_reads_file_card_field_message(base, monkeypatch):
    edit_yaml(base / "units.yaml", lambda d: _entry(d, "cave_spirit").update(cost="1"))
    monkeypatch.chdir(base.parent)
    with pytest.raises(CardFileError) as info:
        load_catalog(base_dir=base)
    assert str(info.value) == "base/units.yaml: card 'cave_spirit', field 'cost': Input should be a valid integer"


def test_missing_base_file(base):
    (base / "buildings.yaml").unlink()
    with pytest.raises(CardFileError, match="no such file") as info:
        load_catalog(base_dir=base)
    assert info.value.path == base / "buildings.yaml"


# ---- extra card directories ----

EXPANSION = """\
expected_copies: 3
units:
- id: stone_troll
  name: Stone Troll
  copies: 2
  cost: 2
  strength: 5
  produces: [ore, ore]
  abilities:
  - effect: strength_per_own_age
    phase: wars
    params: {amount: 1}
    text: Grows one stronger per Age token on it.
- id: herbalist
  name: Herbalist
  copies: 1
  cost: 0
  strength: 1
  produces:
  - {resource: food, count: 2}
"""


def _extra(tmp_path, text, name="expansion.yaml"):
    d = tmp_path / "extra"
    d.mkdir(exist_ok=True)
    (d / name).write_text(text, encoding="utf-8")
    return d


def test_valid_expansion_adds_units_to_the_deck(tmp_path):
    cat = load_catalog(extra_dirs=[_extra(tmp_path, EXPANSION)])
    keys = cat.deck_keys()
    assert len(keys) == 84
    assert keys.count("stone_troll") == 2 and keys.count("herbalist") == 1
    troll, herbalist = cat.units["stone_troll"], cat.units["herbalist"]
    assert troll.source.endswith("expansion.yaml")
    assert [(p.resource, p.count) for p in troll.produces] == [("ore", 2)]
    assert [(p.resource, p.count) for p in herbalist.produces] == [("food", 2)]
    assert herbalist.abilities == ()
    assert len(cat.buildings) == 5


def test_extra_file_with_yml_suffix_and_only_buildings(tmp_path):
    text = """\
buildings:
- id: watchtower
  name: Watchtower
  level1: {legend_points: 1, cost: [wood]}
  level2: {legend_points: 3, cost: [ore], gold_alternative: 4}
"""
    cat = load_catalog(extra_dirs=[_extra(tmp_path, text, "tower.yml")])
    assert cat.buildings["watchtower"].level(2).gold_alternative == 4
    assert len(cat.deck_keys()) == 81


def test_extra_bad_yaml_syntax_names_file_and_line(tmp_path):
    d = _extra(tmp_path, "units:\n- id: troll\n  name: [Troll\n  cost: 2\n")
    with pytest.raises(CardFileError) as info:
        load_catalog(extra_dirs=[d])
    err = info.value
    assert err.path == d / "expansion.yaml" and err.card is None and err.field is None
    assert err.line is not None and f"line {err.line}" in str(err)
    assert "invalid YAML" in str(err)


@pytest.mark.parametrize("text, found", [("- a\n- b\n", "type list"), ("", "an empty file"), ("42\n", "type int")])
def test_extra_top_level_not_a_mapping(tmp_path, text, found):
    d = _extra(tmp_path, text)
    with pytest.raises(CardFileError, match="must be a mapping") as info:
        load_catalog(extra_dirs=[d])
    assert info.value.path == d / "expansion.yaml" and found in str(info.value)


def test_duplicate_id_across_files(tmp_path):
    d = _extra(tmp_path, EXPANSION.replace("stone_troll", "knight"))
    with pytest.raises(CardFileError, match="duplicate id") as info:
        load_catalog(extra_dirs=[d])
    err = info.value
    assert (err.path, err.card, err.field) == (d / "expansion.yaml", "knight", "id")
    assert "units.yaml" in err.message


def test_unit_id_may_not_reuse_a_building_id(tmp_path):
    d = _extra(tmp_path, EXPANSION.replace("stone_troll", "temple"))
    with pytest.raises(CardFileError, match="duplicate id") as info:
        load_catalog(extra_dirs=[d])
    assert info.value.card == "temple"


def test_extra_copies_checked_against_its_own_expected_copies(tmp_path):
    d = _extra(tmp_path, EXPANSION.replace("expected_copies: 3", "expected_copies: 4"))
    with pytest.raises(CardFileError, match="3, not 4") as info:
        load_catalog(extra_dirs=[d])
    assert (info.value.path, info.value.field) == (d / "expansion.yaml", "expected_copies")


def test_extra_dir_must_exist(tmp_path):
    with pytest.raises(CardFileError, match="no such directory"):
        load_catalog(extra_dirs=[tmp_path / "nowhere"])


def test_shipped_units_have_unique_short_names_that_fit():
    cat = load_catalog()
    shorts = [u.short_name for u in cat.units.values()]
    assert len({s.casefold() for s in shorts}) == len(shorts)
    assert all(len(s) <= SHORT_NAME for s in shorts)
    assert cat.units["mystical_healer"].short_name == "Healer"
    assert cat.units["knight"].short_name == "Knight"  # short enough: its own name


@pytest.mark.parametrize("short, clash", [('"Healer"', "already used by card 'mystical_healer'"),
                                          ('"Knight"', "already used by card 'knight'"),
                                          ('"Trolls of the hills"', "at most 8")])
def test_short_names_are_checked(tmp_path, short, clash):
    d = _extra(tmp_path, EXPANSION.replace("  name: Stone Troll\n", f"  name: Stone Troll\n  short: {short}\n"))
    with pytest.raises(CardFileError, match=clash) as info:
        load_catalog(extra_dirs=[d])
    assert (info.value.card, info.value.field) == ("stone_troll", "short")


def test_a_unit_named_as_another_units_short_name_is_refused(tmp_path):
    d = _extra(tmp_path, EXPANSION.replace("name: Herbalist", "name: Time M."))
    with pytest.raises(CardFileError, match="short name 'Time M.' already used by card 'time_master'") as info:
        load_catalog(extra_dirs=[d])
    assert (info.value.card, info.value.field) == ("herbalist", "name")

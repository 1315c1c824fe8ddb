"""The cards' official names in other languages, each from its source (shared/reference/card-names.md):
French, the names printed on the French cards (all 42 Units and 5 Buildings); Polish, the names the
Polish rulebook prints (15 Units, the 5 Buildings); Spanish, none (its rulebook keeps the English names).
A card is found by its name in any language, in the card browser and with Ctrl+P."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from test_tui_support import screen_text

from papertales_tui.rules.card_paths import CardFileError, default_cards_dir
from papertales_tui.rules.catalog import load_catalog
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.info import CardBrowser

SOURCE = Path("/work/shared/reference/card-names.md")  # where the rules' references are (as test_catalog's)
needs_source = pytest.mark.skipif(not SOURCE.exists(), reason="shared/reference/card-names.md not here")


def table(heading: str) -> list[list[str]]:
    """The rows of the Markdown table under `heading` in card-names.md (header and rule left out)."""
    section = SOURCE.read_text(encoding="utf-8").split(heading, 1)[1].split("\n## ", 1)[0]
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in section.splitlines()
            if line.startswith("|")]
    return rows[2:]


def official() -> dict[str, dict[str, str]]:
    """English printed name -> {language: official name}, from the source."""
    out: dict[str, dict[str, str]] = {}
    for row in table("## Units (42)"):  # id, enum, EN printed, copies, FR printed, PL, ES, DE, notes
        out[row[2]] = {"fr": row[4]}
    for row in table("## Buildings (5)"):  # enum, EN printed, FR printed, ...
        out[row[1]] = {"fr": row[2]}
    for en, pl, _where in table("## Polish names printed in the Polish rulebook"):  # EN printed, PL, where
        out[en]["pl"] = pl
    return out


@needs_source
def test_every_card_has_its_official_names_and_only_those(catalog):
    names = official()
    assert len(names) == 47 and sum("pl" in n for n in names.values()) == 20
    cards = [*catalog.units.values(), *catalog.buildings.values()]
    assert sorted(c.name for c in cards) == sorted(names)
    for card in cards:
        assert dict(card.names) == names[card.name], card.name
    assert catalog.units["time_master"].name_in("fr") == "Maîtresse du temps"
    assert catalog.buildings["tavern"].name_in("pl") == "Karczma"
    # Polish: a Unit the rulebook does not name keeps its English name; Spanish: every card does
    assert catalog.units["time_master"].name_in("pl") == "Time Master"
    assert all(c.name_in("es") == c.name for c in cards)


def test_ten_french_names_are_feminine(catalog):
    """The French text must agree with them (card-names.md): they are the cards' names as printed."""
    feminine = {"adventurer": "Aventurière", "archer": "Archère", "blacksmith": "Forgeronne",
                "militiaman": "Milicienne", "necromancer": "Nécromancienne", "rogue": "Pillarde",
                "sculptor": "Sculptrice", "time_master": "Maîtresse du temps", "palm_reader": "Chiromancienne",
                "wood_merchant": "Négociante en bois"}
    assert {k: catalog.units[k].name_in("fr") for k in feminine} == feminine


def pack(tmp_path: Path, names: object) -> Path:
    d = tmp_path / "pack"
    d.mkdir(parents=True)
    unit = {"id": "bard", "name": "Bard", "copies": 1, "cost": 1, "strength": 1}
    if names is not None:
        unit["names"] = names
    (d / "bard.yaml").write_text(yaml.safe_dump({"units": [unit]}), encoding="utf-8")
    return d


def test_names_are_optional_in_a_pack(tmp_path):
    cat = load_catalog(base_dir=default_cards_dir(), extra_dirs=[pack(tmp_path, None)])
    assert cat.units["bard"].names == () and cat.units["bard"].name_in("fr") == "Bard"
    cat = load_catalog(base_dir=default_cards_dir(), extra_dirs=[pack(tmp_path / "b", {"fr": "Barde"})])
    assert cat.units["bard"].name_in("fr") == "Barde"


@pytest.mark.parametrize(("names", "words"), [
    ({"de": "Barde"}, "names.de"),  # a language the app does not speak
    ({"fr": "Barde\x1b[31m"}, "names.fr"),  # shown on terminals: as a name, nothing a terminal would read
    ({"fr": ""}, "names.fr"),
    ("Barde", "names"),
])
def test_a_bad_name_is_refused_naming_the_card_and_field(tmp_path, names, words):
    with pytest.raises(CardFileError) as err:
        load_catalog(base_dir=default_cards_dir(), extra_dirs=[pack(tmp_path, names)])
    assert "bard" in str(err.value) and words in str(err.value)


@pytest.mark.parametrize(("query", "key"), [
    ("Maîtresse du temps", "time_master"), ("maitresse", "time_master"), ("Karczma", "tavern"),
    ("swiatynia", "temple"), ("Général", "commander"), ("Singe chapardeur", "monkey"), ("wróżka", "palm_reader"),
    ("Time Master", "time_master"), ("mantykora", "manticore"), ("krypta szeptow", "crypt_of_whispers"),
    ("Légion d'os", "legion_of_bone"), ("cosecha de almas", "harvest_of_souls"),
])
def test_the_card_browser_finds_a_card_by_its_name_in_any_language(catalog, query, key):
    found = [k for _, k, _ in CardBrowser(catalog).entries(query)]
    assert found == [key]


async def test_the_command_palette_finds_a_card_by_its_french_or_polish_name(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for query, shown in (("Karczma", "Card: Karczma (Tavern)"), ("maitresse du", "Card: Maîtresse du temps")):
            await pilot.press("ctrl+p")
            await pilot.pause()
            await pilot.press(*query)
            await pilot.pause(0.5)
            assert shown in screen_text(app)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, CardBrowser)
            await pilot.press("escape")
            await pilot.pause()


def test_each_language_shows_the_names_its_rule_gives() -> None:
    """French shows every official name, Polish the Buildings' only (its Units stay English until
    every one has a source), Spanish none; a search still finds any."""
    from papertales_tui.text.i18n import shown_name

    cat = load_catalog()
    smith, town = cat.units["blacksmith"], cat.buildings["town"]
    assert (shown_name(smith, "fr"), shown_name(town, "fr")) == ("Forgeronne", "Ville")
    assert (shown_name(smith, "pl"), shown_name(town, "pl")) == ("Blacksmith", "Miasto")
    assert "Kowal" in smith.every_name
    assert (shown_name(smith, "es"), shown_name(town, "es")) == ("Blacksmith", "Town")
    assert (shown_name(smith, "en"), shown_name(town, "en")) == ("Blacksmith", "Town")

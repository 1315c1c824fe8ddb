"""The help in French, Polish and Spanish: How to play (docs/how-to-play.md), the rulings
(docs/rulings.md) and the cards' ability texts (cards/*.yaml) come through the gettext catalogs,
extracted from those files by text/help.py's Babel methods. Every translation carries exactly the
numbers of its English message, and the English ability texts those of the printed cards. The help and
the card browser stay whole at 80x24 in each language, the cards named as each language's rule says."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
import yaml
from babel.messages.pofile import read_po
from test_tui_support import screen_text
from textual.widgets import Markdown, OptionList

from papertales_tui.rules.catalog import load_catalog
from papertales_tui.text import i18n
from papertales_tui.text.help import HELP, blocks, extract_cards, extract_markdown, translated_markdown
from papertales_tui.text.i18n import set_language
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens import info
from papertales_tui.tui.screens.info import CardBrowser, RulesScreen

ROOT = Path(__file__).resolve().parents[1]
CARD_FILES = sorted((ROOT / "cards").glob("*.yaml"))
DOCS = [ROOT / "docs" / "how-to-play.md", ROOT / "docs" / "rulings.md"]
TRANSLATED = ["fr", "pl", "es"]
REFERENCE = Path("/work/shared/reference/base-cards.yaml")  # where the rules' references are (as test_catalog's)


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language(None)


def extracted(paths, method) -> list[str]:
    out = []
    for path in paths:
        with path.open("rb") as f:
            out += [message for _line, _func, message, _comments in method(f, {}, [], {})]
    return out


def numbers(text: str) -> Counter[str]:
    return Counter(re.findall(r"\d+", text))


def test_the_help_is_ready():
    assert "help" in i18n.READY


def test_every_text_of_the_card_files_is_a_message():
    """Each ability's, quest's and Lich King card's `text:` (nested flow mappings included), and the solo
    cards' names and short names (the project's own, named in each language by the catalogs)."""
    catalog = load_catalog()
    texts = {a.text for t in catalog.units.values() for a in t.abilities}
    texts |= {a.text for b in catalog.buildings.values() for lvl in b.levels for a in lvl.abilities}
    texts |= {c.quest.text for c in catalog.necropolis.values() if c.quest}
    texts |= {c.text for c in catalog.lich_king.values()}
    texts |= {c.quest.text for c in catalog.lich_king.values() if getattr(c, "quest", None)}
    texts |= {c.name for c in [*catalog.necropolis.values(), *catalog.lich_king.values()]}
    texts |= {c.short for c in catalog.necropolis.values() if c.short}
    assert set(extracted(CARD_FILES, extract_cards)) == texts - {""}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_help_message_keeps_the_numbers_of_its_english(lang):
    """Ability texts, How to play and the rulings: a translation says the same numbers, no more, no fewer."""
    with (ROOT / "papertales_tui" / "locale" / lang / "LC_MESSAGES" / "papertales.po").open("rb") as f:
        catalog = read_po(f, locale=lang)
    messages = extracted(CARD_FILES, extract_cards) + extracted(DOCS, extract_markdown)
    assert len(set(messages)) > 120
    wrong = [(m, catalog[m].string) for m in messages if numbers(catalog[m].string) != numbers(m)]
    assert wrong == []


@pytest.mark.skipif(not REFERENCE.exists(), reason="shared/reference/base-cards.yaml not here")
def test_the_english_ability_texts_carry_the_printed_numbers():
    """Every number printed in a card's ability rows (its icons' values; a phase badge named in the
    text is not one) is in the project's words for that card."""
    reference = yaml.safe_load(REFERENCE.read_text(encoding="utf-8"))
    catalog = load_catalog()
    units = {t.name: t for t in catalog.units.values()}
    buildings = {b.name: b for b in catalog.buildings.values()}

    def printed(abilities) -> Counter[str]:
        return numbers(re.sub(r"\[phase \d\]", "", " ".join(a["text"] for a in abilities)))

    for ref in reference["units"]:
        ours = numbers(" ".join(a.text for a in units[ref["name"]].abilities))
        assert printed(ref["abilities"]) <= ours, ref["name"]
    for ref in reference["buildings"]:
        level = buildings[ref["name"]].level(ref["level"])
        assert printed(ref["abilities"]) <= numbers(" ".join(a.text for a in level.abilities)), ref["name"]


def test_a_markdown_file_is_read_as_headings_paragraphs_and_items():
    text = "# Title\n\nA paragraph\non two lines.\n\n1. **One** item\n   goes on.\n2. Two\n\n- a bullet\n"
    assert [(b.prefix, b.text) for b in blocks(text)] == [
        ("# ", "Title"), ("", "A paragraph on two lines."), ("1. ", "**One** item goes on."), ("2. ", "Two"),
        ("- ", "a bullet")]
    assert translated_markdown(text) == ("# Title\n\nA paragraph on two lines.\n\n1. **One** item goes on.\n2. Two\n\n"
                                         "- a bullet\n")


@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["How to play Paper Tales", "Legend Points (★)", "Solo mode: against the Lich King"]),
    ("fr", ["Comment jouer à Paper Tales", "Points de Légende (★)", "Mode solo\u00a0: contre le Roi Liche",
            "Recrutement"]),
    ("pl", ["Jak grać w Paper Tales", "Punktów Legendy (★)", "Tryb solo: przeciwko Królowi Liszowi", "Rekrutacja"]),
    ("es", ["Cómo jugar a Paper Tales", "puntos de leyenda (★)", "Modo en solitario: contra el Rey Exánime",
            "Reclutamiento"]),
])
def test_how_to_play_in_each_language(lang, words):
    set_language(lang)
    text = info.how_to_play()
    assert all(w in text for w in words), text[:300]
    assert "%(" not in text  # every symbol filled in


def test_the_project_rulings_are_listed_in_the_help():
    """docs/rulings.md marks them "(project ruling)": each is listed under "Project rulings", in the
    help's language."""
    assert len(info.project_rulings()) == 4
    set_language("fr")
    assert any("Les gains avant les pertes (choix du projet)" in r for r in info.project_rulings())


def test_a_card_s_rulings_are_found_by_its_english_name_and_shown_in_the_language():
    set_language("pl")
    found = info.rulings_for("Temple")
    assert found and any("Świątynia" in r for r in found)


async def browse_every_card(lang: str) -> list[str]:
    """Open the card browser at 80x24 in `lang`, highlight every card; what was seen, one screen's
    text per card."""
    set_language(lang)
    app = PaperTalesApp(load_catalog())
    seen = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, CardBrowser)
        ol = app.screen.query_one("#card-list", OptionList)
        width = ol.scrollable_content_region.width
        for k in range(ol.option_count):
            ol.highlighted = k
            await pilot.pause()
            label = ol.get_option_at_index(k).prompt
            assert label.cell_len <= width, (label.plain, width)  # one line, never cut with "…"
            seen.append(screen_text(app))
        catalog = app.catalog
        assert ol.option_count == sum(map(len, (catalog.units, catalog.buildings, catalog.necropolis,
                                                catalog.lich_king)))
    return seen


@pytest.mark.parametrize(("lang", "names", "words"), [
    ("fr", ["Maîtresse du temps", "Esprit des cavernes", "Négociante en bois", "Caserne", "Ville"],
     ["Paper Tales · Cartes", "filtrer par nom (/)", "coût", "exemplaire"]),
    ("pl", ["Time Master", "Cave Spirit", "Koszary", "Miasto", "Świątynia"],
     ["Paper Tales · Karty", "filtruj po nazwie (/)", "koszt", "w talii"]),
    ("es", ["Time Master", "Cave Spirit", "Barracks", "Town"],
     ["Paper Tales · Cartas", "filtrar por nombre (/)", "costo", "en el mazo"]),
])
async def test_the_card_browser_in_each_language_at_80x24(lang, names, words):
    """Every card's line whole, the names the language's rule gives, the browser's words translated."""
    seen = await browse_every_card(lang)
    everything = "\n".join(seen)
    assert all(n in everything for n in names), [n for n in names if n not in everything]
    assert all(w in everything for w in words), [w for w in words if w not in everything]
    assert "…" not in everything
    assert not any(len(line) > 80 for screen in seen for line in screen.splitlines())


@pytest.mark.parametrize(("lang", "ability"), [
    ("fr", "Gagne 2 de Force par nourriture que produit votre Royaume."),
    ("pl", "Zyskuje 2 siły za każdą żywność, którą produkuje twoje Królestwo."),
    ("es", "Gana 2 de fuerza por cada comida que produce tu Reino."),
])
def test_a_card_detail_speaks_the_language(catalog, lang, ability):
    set_language(lang)
    assert ability in info.card_detail(catalog, "unit", "manticore").plain


@pytest.mark.parametrize("lang", TRANSLATED)
async def test_the_rules_help_at_80x24_in_each_language(lang):
    """Its title and text translated; the Markdown wraps every line to the screen."""
    set_language(lang)
    app = PaperTalesApp(load_catalog())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        text = screen_text(app)
        assert HELP.translated("Paper Tales · Rules help") in text
        assert HELP.translated("How to play Paper Tales") in text
        source = app.screen.query_one(Markdown).source
        assert source.startswith(info.how_to_play()) and "## " + HELP.translated("Project rulings") in source
        assert not any(len(line) > 80 for line in text.splitlines())


FEMININE = {"adventurer", "archer", "blacksmith", "militiaman", "necromancer", "rogue", "sculptor", "time_master",
            "palm_reader", "wood_merchant"}  # the ten feminine French names (card-names.md)
FEMININE_WORDS = FEMININE | {"salamander", "relic_of_wisdom", "manticore"}  # la Salamandre, la Relique...


def test_the_french_ability_texts_agree_with_the_card_s_gender(catalog):
    """A text about the card itself says "elle" for a feminine French name (the ten women of the cards,
    and la Salamandre, la Relique, la Manticore) and "il"/"lui" for the others (a text two cards share
    reads for both); the Unités (feminine) are "elles"."""
    set_language("fr")
    masculine_words, feminine_words = re.compile(r"\b(il|lui|lui-même)\b"), re.compile(r"\b(elle|elle-même)\b")
    for t in catalog.units.values():
        for a in t.abilities:
            text = HELP.translated(a.text)
            wrong = masculine_words if t.key in FEMININE_WORDS else feminine_words
            assert not wrong.search(text), (t.name_in("fr"), text)

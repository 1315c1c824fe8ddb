"""The game board screens in French, Polish and Spanish (issue 32): cards named as each language shows
them, short names of the French names for compact lines, chances as each language writes them, and the
screens whole at 80x24 in each language."""

from __future__ import annotations

import pytest
from test_catalog import EXPANSION, _extra

from papertales_tui.rules.cards import SHORT_NAME
from papertales_tui.rules.catalog import CardFileError, load_catalog
from papertales_tui.text import i18n
from papertales_tui.tui import board_i18n


@pytest.fixture
def lang(monkeypatch):
    """Set the language, with the screens' area READY (as it will be once all its screens are)."""
    monkeypatch.setattr(i18n, "READY", i18n.READY | {"screens"})
    yield i18n.set_language
    i18n.set_language(None)


def test_every_french_name_has_a_short_name_that_fits_and_is_unique(catalog, lang):
    lang("fr")
    shorts = [board_i18n.short_name(u) for u in catalog.units.values()]
    assert all(len(s) <= SHORT_NAME for s in shorts)
    assert len({s.casefold() for s in shorts}) == len(shorts)
    assert board_i18n.short_name(catalog.units["time_master"]) == "M. temps"
    assert board_i18n.short_name(catalog.units["archer"]) == "Archère"  # short enough: its own name
    lang("pl")  # Polish Units keep their English names (README, Card names): and their short names
    assert board_i18n.short_name(catalog.units["blacksmith"]) == "Blacksm."
    assert board_i18n.card_name(catalog.buildings["town"]) == "Miasto"


@pytest.mark.parametrize("shorts, clash", [('{fr: "Troll"}', "a short name for no name in fr"),
                                           ('{fr: "Trolls des collines"}', "at most 8")])
def test_short_names_in_other_languages_are_checked(tmp_path, shorts, clash):
    d = _extra(tmp_path, EXPANSION.replace("  name: Stone Troll\n", f"  name: Stone Troll\n  shorts: {shorts}\n"))
    with pytest.raises(CardFileError, match=clash) as info:
        load_catalog(extra_dirs=[d])
    assert info.value.card == "stone_troll" and info.value.field.startswith("shorts")


def test_a_french_short_name_is_unique_in_french(tmp_path):
    text = EXPANSION.replace("  name: Stone Troll\n", '  name: Stone Troll\n  names: {fr: Troll de pierre}\n'
                             '  shorts: {fr: "Singe"}\n')
    with pytest.raises(CardFileError, match="short name 'Singe' already used by card 'monkey'"):
        load_catalog(extra_dirs=[_extra(tmp_path, text)])


@pytest.mark.parametrize(("language", "shown"), [("en", ["70%", "<1%", ">99%"]),
                                                 ("fr", ["70\xa0%", "<1\xa0%", ">99\xa0%"]),
                                                 ("pl", ["70%", "<1%", ">99%"]),
                                                 ("es", ["70\xa0%", "<1\xa0%", ">99\xa0%"])])
def test_chances_are_written_as_each_language_writes_them(lang, language, shown):
    lang(language)
    assert [board_i18n.percent(c) for c in (0.7, 0.001, 0.999)] == shown


# ---- the board screens whole at 80x24 in each language ---------------------------------------------

WORDS = {  # words the board screens say in each language (the deployment board's, the Wars')
    "fr": ("Votre Royaume", "Prévision", "Guerre 1 sur"),
    "pl": ("Twoje Królestwo", "Prognoza", "Wojna 1 z"),
    "es": ("Tu Reino", "Previsión", "Guerra 1 de"),
}


@pytest.mark.parametrize(("language", "players", "seed", "turns"), [
    ("fr", 7, 2, 1), ("fr", 1, 3, 2), ("pl", 3, 1, 1), ("es", 5, 1, 1)])
async def test_the_board_screens_are_whole_at_80x24_in_each_language(lang, monkeypatch, language, players, seed,
                                                                      turns):
    """A seeded game through the app at 80x24 with the screens in French, Polish or Spanish (7 players,
    the tightest table; solo, the Necropolis row; 3 and 5 players): nothing cut with "…", no list hiding
    rows, and the board speaks the language (the frame's screens are another area's: they may still be
    English)."""
    from test_audit_screens import audit_module

    lang(language)
    audit = audit_module()
    monkeypatch.setattr(audit, "DUMP", [])
    report = await audit.audit_game(players, seed, turns=turns)
    assert {"DraftScreen", "DeployScreen", "SummaryScreen"} <= set(report.screens), report.screens
    assert report.problems() == 0, "\n".join(report.lines())
    text = "\n".join(audit.DUMP)
    words = WORDS[language] if players > 1 else WORDS[language][:2]  # (solo: the Wars against the armies)
    assert all(w in text for w in words), [w for w in words if w not in text]


async def test_the_deployment_board_in_french_names_the_cards_and_agrees_with_either_gender(catalog, lang):
    """The board in French: the official names (Archère, feminine; Chevalier, masculine), and messages
    about a card worded through "la carte", so that they read right whatever the card's gender."""
    from test_tui_screens import deploy_game, open_board
    from test_tui_support import SIZE, screen_text

    from papertales_tui.tui.app import PaperTalesApp

    lang("fr")
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = await open_board(app, pilot, deploy_game(["archer", "farmer"], in_play={0: "knight"}))
        text = screen_text(app)
        assert "Votre Royaume" in text and "AV1 Chevalier" in text and "Archère" in text
        await pilot.press("1")  # the Archère onto the Knight: refused
        await pilot.pause()
        assert "AV1 contient la carte Chevalier : retirez-la d'abord (x)" in screen_text(app)
        await pilot.press("k")  # the Archère kept, then placed after all
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        assert "Carte Archère posée en AV2 : elle n'est plus gardée" in screen_text(app)
        assert board.plan.keep is None


async def test_a_key_bar_too_long_for_its_words_keeps_every_key(catalog, monkeypatch):
    """Words longer than the English (French, Spanish) on the deployment board's key bar: the app's own
    keys at the end lose their words one at a time, so that every key still shows, nothing cut."""
    from test_tui_screens import deploy_game, key_bar, open_board
    from test_tui_support import SIZE

    from papertales_tui.tui.app import PaperTalesApp
    from papertales_tui.tui.widgets import KeyBar

    entries = KeyBar.entries
    monkeypatch.setattr(KeyBar, "entries", lambda self: [  # each word as long as a long translation
        (key, f"{label}{label[:4]}", n, a, []) for key, label, n, a, _ in entries(self)])
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await open_board(app, pilot, deploy_game(["archer", "farmer"]))
        await pilot.pause()
        bar = key_bar(app)
        assert "…" not in bar and len(bar) <= SIZE[0], bar
        assert all(key in bar for key in ("1-5 PlacePlac", "c ConfirmConf", "^Q", "f1-f4")), bar


def test_the_forecast_s_gains_name_their_cards_as_the_language_shows_them(catalog, lang):
    """The forecast names its gains' cards in English (`Temple`, `Demon dies`): the board says them with
    the names the language shows (French: Démon; Polish: the Buildings)."""
    from test_forecast_lines import forecast

    from papertales_tui.tui.screens.deploy import lp_line

    f = forecast((("War vs Ann", 0, 3), ("Temple", 2, 2), ("Town", 1, 1), ("Demon dies", -3, -3)))
    cards = [*catalog.units.values(), *catalog.buildings.values()]
    for language, words in (("fr", "PL ce tour ★0-3\u00a0: Guerre vs Ann ★0-3, Temple ★2, Ville ★1, Démon meurt ★-3"),
                            ("pl", "PL w tej turze ★0-3: Wojna vs Ann ★0-3, Świątynia ★2, Miasto ★1, Demon ginie ★-3")):
        lang(language)
        from papertales_tui.tui.board_i18n import card_name

        shown = {c.name: card_name(c) for c in cards}
        assert lp_line(f, 120, shown).plain == words


@pytest.mark.parametrize("language", ["fr", "pl", "es"])
def test_a_back_row_spot_with_long_words_stays_whole(catalog, lang, language):
    """A Hunter in the Back row, aged and new, on the deployment board's Kingdom column (37 cells): with
    the longer words of French, Polish or Spanish, its line drops "idle" (the Back row's rule) before
    anything is cut."""
    from papertales_tui.tui.kingdom import SpotView, spot_line

    lang(language)
    hunter = catalog.units["hunter"]
    spot = SpotView(3, 0, "Hunter", hunter.cost, 2, 2, False, hunter.produces, 1, new=True, short="Hunter")
    line = spot_line(spot, 37).plain
    assert "…" not in line and len(line) <= 37, line

"""The screens in French, Polish and Spanish (issue 32): the system's language opens the app in it,
the title screen's language choice re-draws the app at once and is remembered (`--lang` first, then
the choice, then the system's), and a save holds no language (a game started in French resumes in
Polish)."""

from __future__ import annotations

import json
import re

import pytest
from test_tui_support import SIZE, keys_for, screen_text, start

from papertales_tui.persistence.preferences import PREFERENCES, Language, Preferences, preferences
from papertales_tui.text import i18n
from papertales_tui.text.i18n import LANGUAGES, language, set_language
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.launch import settle_language
from papertales_tui.tui.screens.handoff import HandoffScreen
from papertales_tui.tui.screens.modals import LanguageModal
from papertales_tui.tui.screens.title import TitleScreen


@pytest.fixture(autouse=True)
def _system(monkeypatch, data_dir):
    """No language variable but those a test sets; no language chosen; a data directory of its own."""
    for var in i18n.ENVIRONMENT:
        monkeypatch.delenv(var, raising=False)
    set_language(None)
    yield
    set_language(None)


async def test_a_french_locale_opens_a_french_title_screen(monkeypatch, data_dir):
    """`LANG=fr_FR.UTF-8 papertales`, no language chosen before: the title screen and its key bar in French."""
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert not (data_dir / PREFERENCES).exists()
    settle_language(None)  # (what `papertales` without --lang does before the app starts)
    app = PaperTalesApp(autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
    for words in ("un jeu de cartes de Masato Uesugi", "Points de Légende (PL)", "Nouvelle partie",
                  "Comment jouer", "Language · Langue · Język · Idioma : Français", "Ctrl+Q Quitter", "Aide"):
        assert words in text, (words, text)
    for english in ("New game", "How to play", "a card game", "Quit", "Help"):
        assert not re.search(rf"\b{english}\b", text), english


@pytest.mark.parametrize(("lang", "remembered", "system", "speaks"), [
    ("es", "pl", "fr_FR.UTF-8", "es"),  # --lang first
    (None, "pl", "fr_FR.UTF-8", "pl"),  # then the language chosen on the title screen
    (None, None, "fr_FR.UTF-8", "fr"),  # then the system's
    (None, None, None, "en"),
])
def test_lang_then_the_remembered_choice_then_the_system(monkeypatch, data_dir, lang, remembered, system, speaks):
    if system:
        monkeypatch.setenv("LANG", system)
    if remembered:
        (data_dir / PREFERENCES).write_text(json.dumps({"language": remembered}))
    settle_language(lang)
    assert language() == speaks


@pytest.mark.parametrize("content", ["{", '{"language": "de"}', '{"language": "fr", "x": 1}', "[]", "\0"])
def test_a_bad_preferences_file_is_the_system_s_language(monkeypatch, data_dir, content):
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    (data_dir / PREFERENCES).write_text(content)
    assert preferences() == Preferences()
    settle_language(None)
    assert language() == "es"


def test_the_preferences_languages_are_the_app_s():
    assert set(Language.__args__) == set(LANGUAGES)


async def test_choosing_a_language_on_the_title_screen_redraws_the_app_and_is_remembered(data_dir):
    app = PaperTalesApp(autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "New game" in screen_text(app) and "Ctrl+Q Quit" in screen_text(app)
        title = app.screen
        assert isinstance(title, TitleScreen)
        row = [what for what, _ in title.choices].index("language")
        await pilot.press(*["down"] * row, "enter")
        await pilot.pause()
        assert isinstance(app.screen, LanguageModal)
        assert all(name in screen_text(app) for name in ("English", "Français", "Polski", "Español"))
        await pilot.press("down", "down", "enter")  # English, Français, Polski
        await pilot.pause()
        text = screen_text(app)
        assert isinstance(app.screen, TitleScreen) and app.screen is not title
        assert "Nowa gra" in text and "Jak grać" in text and "Ctrl+Q Wyjdź" in text and "New game" not in text
        assert json.loads((data_dir / PREFERENCES).read_text()) == {"language": "pl"}
        await pilot.press("enter")  # the new game form, in Polish too
        await pilot.pause()
        assert "Paper Tales · Nowa gra" in screen_text(app) and "Rozpocznij grę" in screen_text(app)
    set_language(None)  # the next run
    settle_language(None)
    assert language() == "pl"


async def test_the_language_row_reads_alike_in_every_language():
    """Whoever cannot read the language on screen still finds the row that changes it."""
    for lang in LANGUAGES:
        set_language(lang)
        assert dict(TitleScreen().choices)["language"].startswith("Language · Langue · Język · Idioma")


async def play_first_pick(lang: str) -> dict:
    """Start a 2-player game (seed 4) in `lang`, make the first pick; the autosave, as saved."""
    from papertales_tui.dirs import autosave_path

    set_language(lang)
    app = PaperTalesApp(autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, ["Ann", "Bo"], seed=4)
        for _ in range(2):  # the hand-off, then the pick
            await pilot.press(*keys_for(app))
            await pilot.pause()
        assert app.playing().decisions == 1
    saved = json.loads(autosave_path().read_text(encoding="utf-8"))
    return {k: v for k, v in saved.items() if k not in ("saved_at", "checksum")}


async def test_a_save_holds_no_language_a_game_started_in_french_resumes_in_polish(data_dir):
    french = await play_first_pick("fr")
    (data_dir / "autosave.json").rename(data_dir / "french.json")
    assert await play_first_pick("en") == french  # the same file whatever the language

    (data_dir / "french.json").rename(data_dir / "autosave.json")
    set_language("pl")
    app = PaperTalesApp(autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "Wznów ostatnią grę (tura 1/4, Ann, Bo)" in screen_text(app)
        await pilot.press("down", "enter")  # Resume the last game
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        text = screen_text(app)
        assert "Przekaż: Bo" in text and "Bo, twoja kolej na wybór karty." in text, text


async def test_the_final_scores_and_the_coach_s_review_in_french(tmp_path, catalog, monkeypatch):
    from papertales_tui.persistence import load_save, save_as
    from papertales_tui.rules import coach
    from papertales_tui.rules.bots import make_bot
    from papertales_tui.rules.engine import Game
    from papertales_tui.tui.screens.final import FinalScreen
    from papertales_tui.tui.screens.review import ReviewScreen

    game = Game.new(["Ann", "Bot"], seed=4, catalog=catalog)
    bots = [make_bot("medium"), make_bot("easy", 1)]
    while not game.over:
        for pend in game.pending():
            game.apply(pend.player, bots[pend.player].choose(game.view(pend.player), pend, catalog))
    finished = load_save(save_as(game, tmp_path / "done.json", {"seats": ["human", "bot:easy"]}), catalog)
    monkeypatch.setattr(coach, "REVIEW_BUDGET", 2.0)
    set_language("fr")
    app = PaperTalesApp(catalog, save=finished)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, FinalScreen)
        text = screen_text(app)
        assert "Paper Tales · Scores finaux" in text
        assert "Cette partie est déjà finie : voici ses scores finaux." in text
        assert re.search(r"\w+ gagne !", text) and "♛ gagne" in text and "★ PL" in text, text
        assert "n Nouvelle partie" in text and "r Bilan du coach" in text, text
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        text = screen_text(app)
        assert "Paper Tales · Le bilan du coach" in text and "Les décisions les plus coûteuses d'abord" in text, text
        assert re.search(r"\d+ décisions revues", text) and "T1 Ann : " in text, text
        assert "conseils demandés : 0" in text and "simulations)" in text and "Échap Fermer l Voir" in text, text
        named = [pair for cards in app.screen.cards.values() for pair in cards]  # `l` opens them, by these names
        assert named and all(name == catalog.units[key].name_in("fr") for key, name in named if key in catalog.units)


async def test_the_quit_question_and_its_keys_in_spanish(data_dir):
    """A dialog's words and its key bar: `y Sí, salir n No, seguir jugando`."""
    set_language("es")
    app = PaperTalesApp(autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app, ["Ann", "Bo"], seed=4)
        await pilot.press("ctrl+q")
        await pilot.pause()
        text = screen_text(app)
        assert "¿Salir de Paper Tales? Aún no se ha decidido nada, así que esta" in text, text
        assert "Sí, salir (y)" in text and "No (n)" in text
        assert "y Sí, salir n No, seguir jugando" in text
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and "Pasa a Ann" in screen_text(app)

"""No English left on a French, Polish or Spanish screen (issue 32): a seeded game played through the app
at 80x24 in each language (two players, one of them a bot, and a solo game), opening the help, the card
browser, a hint, the log, the scores and a dialog on the way; on every screen, look for

- the English of a message of the catalogs (a stretch of at least two words between its placeholders)
  whose translation in that language differs from it, found as it is on the screen;
- English words of the game that must not show (Turn, Recruitment, Wars, Gold...), unless the language
  writes them alike (French "Construction");
- a card's English name where the language shows its own (French: every card; every language: the solo
  cards, whose names are the project's own, given in each language);

leaving out the players' names and the names of the cards as the language shows them."""

from __future__ import annotations

import asyncio
import os
import re
from functools import cache

import pytest
from babel.messages.pofile import read_po
from test_audit_screens import audit_module
from test_tui_support import SIZE, keys_for, screen_text

from papertales_tui.text import i18n
from papertales_tui.text.i18n import LOCALE_DIR, set_language
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.final import FinalScreen
from papertales_tui.tui.screens.handoff import BotScreen
from papertales_tui.words import Term

LANGS = ("fr", "pl", "es")
NAMES = ("Ann", "Bo")


def english_on(text: str, lang: str, catalog) -> list[str]:
    """What `text` (a screen) shows in English: scripts/audit_screens.py's `english_on` (a stretch of a
    catalog's message, a game word, a card's English name where the language has its own: the solo
    cards' in every language), the players' names left out."""
    return _audit().english_on(text, lang, catalog, NAMES)


@cache
def _audit():
    return audit_module()  # (once: it reads each catalog once)


@pytest.fixture(autouse=True)
def _language():
    yield
    set_language(None)


class Seen:
    def __init__(self, app, lang: str, catalog) -> None:
        self.app, self.lang, self.catalog = app, lang, catalog
        self.found: dict[str, set[str]] = {}

    def look(self) -> None:
        text = screen_text(self.app)
        for stretch in english_on(text, self.lang, self.catalog):
            if os.environ.get("PAPERTALES_DUMP"):  # (to read the screens a failure names)
                with open(os.environ["PAPERTALES_DUMP"], "a") as f:
                    f.write(f"=== {stretch!r} on {type(self.app.screen).__name__}\n{text}\n")
            self.found.setdefault(stretch, set()).add(type(self.app.screen).__name__)

    async def visit(self, pilot, *keys: str, wait: float = 0) -> None:
        """Press `keys`, look at the screen, and come back with Escape."""
        await pilot.press(*keys)
        await pilot.pause()
        if wait:
            await asyncio.sleep(wait)
            await pilot.pause()
        self.look()
        await pilot.press("escape")
        await pilot.pause()


async def play(pilot, app, seen: Seen, turns_with_visits: int = 1, limit: int = 400) -> None:
    """Answer with keys_for until the final scores, looking at every screen; on the first decision
    screens, open the help, the cards, the log, the scores, a hint and the quit question."""
    visited = set()
    await pilot.pause()
    for _ in range(limit):
        screen = app.screen
        if isinstance(screen, FinalScreen):
            seen.look()
            await pilot.press("r")  # the coach's review
            await pilot.pause()
            for _ in range(100):
                if getattr(app.screen, "result", True) is not None:
                    break
                await asyncio.sleep(0.1)
            await pilot.pause()
            seen.look()
            return
        if isinstance(screen, BotScreen):
            await asyncio.sleep(0.05)
            await pilot.pause()
            continue
        seen.look()
        kind = type(screen).__name__
        if kind not in visited and hasattr(screen, "action_hint"):
            visited.add(kind)
            await seen.visit(pilot, "h", wait=1.5)
            if screen is app.screen and getattr(screen, "_hint_shown", False):
                await pilot.press("h")
            for key in ("f1", "f2", "f3", "f4", "ctrl+q"):
                await seen.visit(pilot, key)
            assert app.screen is screen
        await pilot.press(*keys_for(app))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("solo", [False, True], ids=["two", "solo"])
async def test_no_english_left_on_any_screen(lang, solo, catalog, data_dir, monkeypatch):
    for var in i18n.ENVIRONMENT:
        monkeypatch.delenv(var, raising=False)
    set_language(lang)
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seen = Seen(app, lang, catalog)
        seen.look()  # the title screen
        if solo:
            app.start_solo_game("Ann", seed=21, difficulty=2)
        else:
            app.start_game(list(NAMES), ["human", "bot:easy"], seed=7)
        await play(pilot, app, seen)
    assert not seen.found, "\n".join(f"{s!r} on {sorted(where)}" for s, where in sorted(seen.found.items()))


class _Any(dict):
    def __missing__(self, key: str) -> int:
        return 1


@pytest.mark.parametrize("lang", LANGS)
def test_every_translation_formats(lang):
    """Each translation of a message with placeholders formats with its values (a lone `%` in a
    translation, "95 %, ...", raised in the Spanish coach's review): Babel's checker did not see it."""
    with open(LOCALE_DIR / lang / "LC_MESSAGES" / "papertales.po", "rb") as f:
        catalog = read_po(f)
    bad = []
    for message in catalog:
        if not message.id or "python-format" not in message.flags:
            continue
        for string in message.string if isinstance(message.string, tuple) else (message.string,):
            try:
                string % _Any()
            except (ValueError, TypeError, KeyError) as err:
                bad.append(f"{string!r}: {err}")
    assert not bad, "\n".join(bad)


async def test_the_command_palette_speaks_french(catalog, data_dir, monkeypatch):
    """Ctrl+P in French: "Carte : Taverne", the card by its French name, found by its Polish one too."""
    for var in i18n.ENVIRONMENT:
        monkeypatch.delenv(var, raising=False)
    set_language("fr")
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Karczma")
        await pilot.pause(0.5)
        text = screen_text(app)
    assert "Carte : Karczma (Taverne)" in text and "Voir ce Bâtiment" in text, text
    assert not re.search(r"\b(Card|Show this|Tavern)\b", text), text


@pytest.mark.parametrize("lang", LANGS)
async def test_textual_s_own_words_speak_the_language(lang, catalog, data_dir, monkeypatch):
    """Ctrl+P: the search field, the system commands (Quit, Keys, Screenshot, Theme) and "no matches"
    in the language; a solo card found by its name in another language and shown by the language's."""
    for var in i18n.ENVIRONMENT:
        monkeypatch.delenv(var, raising=False)
    set_language(lang)
    said = {"fr": ("Chercher une commande…", "Quitter le jeu tout de suite", "Aucun résultat", "Moisson des âmes"),
            "pl": ("Szukaj polecenia…", "Natychmiast zakończ grę", "Nic nie znaleziono", "Żniwo dusz"),
            "es": ("Buscar un comando…", "Salir del juego ahora mismo", "Sin resultados", "Cosecha de almas")}[lang]
    other = "moisson des ames" if lang == "pl" else "zniwo dusz"  # (its name in another language, as typed)
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert said[0] in screen_text(app)
        await pilot.press(*"quit")  # (an English word typed: the command is found by its own words)
        await pilot.pause(0.5)
        quit_ = {"fr": "Quitter", "pl": "Wyjdź", "es": "Salir"}[lang]
        await pilot.press(*["backspace"] * 4, *quit_)
        await pilot.pause(0.5)
        assert said[1] in screen_text(app)
        await pilot.press(*["backspace"] * len(quit_), *"zzqxw")
        await pilot.pause(1.5)
        assert said[2] in screen_text(app)
        await pilot.press(*["backspace"] * 5, *other)
        await pilot.pause(0.5)
        text = screen_text(app)
    assert said[3] in text, text
    assert not english_on(text, lang, catalog), english_on(text, lang, catalog)


@pytest.mark.parametrize("lang", LANGS)
async def test_a_take_back_is_told_in_the_language(lang, catalog, data_dir, monkeypatch):
    """Hot seat: Ann takes back her pick; the next hand-off and the log say so in the language, and
    nothing on the way is English."""
    for var in i18n.ENVIRONMENT:
        monkeypatch.delenv(var, raising=False)
    set_language(lang)
    took_back = {"fr": "Ann a repris sa carte choisie.", "pl": "Cofnięto wybór karty gracza Ann.",
                 "es": "Ann deshizo su carta elegida."}[lang]
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        seen = Seen(app, lang, catalog)
        app.start_game(list(NAMES), ["human", "human"], seed=3)
        for keys in (["enter"], ["enter", "down", "enter", "c"], ["u"], ["enter"], ["c"]):
            await pilot.press(*keys)
            await pilot.pause()
            seen.look()
        assert took_back in screen_text(app)
        await pilot.press("f3")
        await pilot.pause()
        seen.look()
        assert took_back in screen_text(app)
    assert not seen.found, "\n".join(f"{s!r} on {sorted(where)}" for s, where in sorted(seen.found.items()))


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "The connection to the table was lost: trying again… Decide again once the table is reached."),
    ("fr", "La connexion à la table est perdue\u00a0: nouvel essai… Décidez à nouveau une fois la table rejointe."),
])
def test_a_joined_seat_s_refusal_says_why_in_the_language(lang, said):
    """A decision a joined seat could not send: its words, not the protocol's reason ("lost")."""
    import papertales_tui.text.errors  # noqa: F401 (the app has it loaded: refusals speak the language)
    from papertales_tui.tui.remote import LOST, Refusal

    set_language(lang)
    refusal = Refusal("lost", "%(note)s Decide again once the table is reached.", note=Term(LOST))
    assert refusal.kind == "lost" and str(refusal) == said

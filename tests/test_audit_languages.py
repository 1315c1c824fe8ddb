"""scripts/audit_screens.py in French, Polish and Spanish (issues 32 and 40): French and Spanish run 20-30%
longer than English, Polish has long compounds; every screen stays whole at 80x24, long names included,
speaks only its language (no English of the catalogs, no English card name where the language has its
own, French typography) and reads at AA contrast in truecolour and in 256 colours.
The screens around the games (title, language list, New game form, a hand-off, Save as, the quit
questions) in every language; seeded games in French (Polish and Spanish: `-m ci`); the whole walk,
every table size (2-7 players) and every solo difficulty (0-4), each language, at 80x24 and 120x40:
`-m volume` (or the script: `--lang fr`, `--size 120x40`)."""

from __future__ import annotations

import pytest
from test_audit_screens import audit_module

from papertales_tui.text.i18n import set_language


@pytest.fixture(autouse=True)
def _language():
    yield
    set_language(None)


@pytest.mark.parametrize("lang", ["fr", "pl", "es"])
@pytest.mark.parametrize("names", ["long", "wide"])
async def test_the_screens_around_the_games_are_whole_in_every_language(lang, names):
    audit = audit_module()
    set_language(lang)
    report = await audit.audit_frame(names=names)
    assert {"TitleScreen", "LanguageModal", "NewGameScreen", "HandoffScreen", "SaveAsModal", "ConfirmQuit"} <= set(
        report.screens), report.screens
    assert report.problems() == 0, "\n".join(report.lines())


GAMES = [(7, 2, 2, "long"), (1, 3, 4, "long")]  # the tightest table, two turns; a whole solo game, its final scores


@pytest.mark.parametrize(("players", "seed", "turns", "names"), GAMES)
async def test_a_short_audit_in_french_finds_nothing_cut_or_hidden(players, seed, turns, names):
    await audit_in("fr", players, seed, turns, names)


@pytest.mark.ci
@pytest.mark.parametrize("lang", ["pl", "es"])
@pytest.mark.parametrize(("players", "seed", "turns", "names"), GAMES)
async def test_a_short_audit_in_polish_and_spanish(lang, players, seed, turns, names):
    await audit_in(lang, players, seed, turns, names)


# The screens these tests hold whole (the board screens' own words and layout are audited with theirs)
FRAME = {"SummaryScreen", "FinalScreen", "HandoffScreen", "BotScreen", "AgeTargetScreen", "HealScreen",
         "AgeTargetModal", "HealModal", "UnpaidModal", "Confirm"}


async def audit_in(lang: str, players: int, seed: int, turns: int, names: str) -> None:
    audit = audit_module()
    set_language(lang)
    report = await audit.audit_game(players, seed, turns=turns, names=names)
    assert {"DraftScreen", "DeployScreen", "SummaryScreen"} <= set(report.screens), report.screens
    if turns == 4:
        assert report.screens["FinalScreen"] >= 1
    found = [(name, problem) for name in ("cut_lines", "cut_names", "hidden_cursor", "hidden_rows", "low_contrast")
             for problem in getattr(report, name) if problem[0] in FRAME]
    assert found == [] and report.scrolling_pages == [], "\n".join(report.lines())
    assert report.english == [], "\n".join(report.lines())  # (on every screen, the board screens' too)


@pytest.mark.ci
@pytest.mark.parametrize("lang", ["fr", "pl", "es"])
@pytest.mark.parametrize(("players", "difficulty", "size"), [(4, 2, (80, 24)), (1, 4, (80, 24)),
                                                             (7, 2, (120, 40))])
async def test_whole_games_in_each_language_are_whole_and_speak_it(lang, players, difficulty, size):
    """A whole seeded game (4 turns, every screen, every results page): nothing cut or hidden, no English,
    every text at AA in truecolour and 256 colours."""
    await whole_game(lang, players, difficulty, size)


@pytest.mark.volume
@pytest.mark.parametrize("lang", ["fr", "pl", "es"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize(("players", "difficulty"), [(n, 2) for n in range(2, 8)] + [(1, d) for d in range(5)])
async def test_the_whole_walk(lang, size, players, difficulty):
    """Base games at 2-7 players and solo games at each difficulty, in each language, at both sizes."""
    await whole_game(lang, players, difficulty, size)


async def whole_game(lang: str, players: int, difficulty: int, size: tuple[int, int]) -> None:
    audit = audit_module()
    set_language(lang)
    report = await audit.audit_game(players, 1, turns=4, size=size, difficulty=difficulty)
    assert report.screens["FinalScreen"] >= 1, report.screens
    assert report.problems() == 0, "\n".join(report.lines())

"""The languages: gettext catalogs made and checked with Babel, complete and in step with the code; the
language chosen as gettext chooses it, or by --lang; the command line (its help, usage and refusals,
argparse's own words included) in French, Polish and Spanish."""

from __future__ import annotations

import argparse
import ast
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract, extract_from_dir
from babel.messages.pofile import read_po

from papertales_tui.cli import main
from papertales_tui.commands import CLI, argparse_words
from papertales_tui.text import i18n
from papertales_tui.text.i18n import LANGUAGES, Area, set_language, system_language

# The sources and catalogs of this checkout (the package the tests import may be an installed copy)
PACKAGE = Path(__file__).resolve().parents[1] / "papertales_tui"
LOCALE_DIR = PACKAGE / "locale"
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None}  # as `pybabel extract -k N_` (docs/languages.md)


def catalog(lang: str):
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "papertales.po").open("rb") as f:
        return read_po(f, locale=lang)


def ids(messages) -> set[str]:
    return {m.id if isinstance(m.id, str) else m.id[0] for m in messages if m.id}


@pytest.fixture(autouse=True)
def _system_language(monkeypatch):
    """Each test sets the language it means (conftest sets LANGUAGE=en for the others)."""
    for var in i18n.ENVIRONMENT:
        monkeypatch.delenv(var, raising=False)
    yield
    set_language(None)


# ---- the catalogs ------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_catalog_is_complete_and_babel_finds_no_problem(lang):
    cat = catalog(lang)
    assert not cat.fuzzy
    untranslated = [m.id for m in cat if m.id and not all(m.string if isinstance(m.string, tuple) else [m.string])]
    fuzzy = [m.id for m in cat if m.id and m.fuzzy]
    assert untranslated == [] and fuzzy == []
    # Babel's checkers: the placeholders of each translation are those of its message, the plural forms
    # as many as the language has
    problems = [(m.id, [str(e) for e in errors]) for m, errors in cat.check()]
    assert problems == []
    assert all(len(m.string) == cat.num_plurals for m in cat if m.pluralizable and m.id)


def test_the_catalogs_are_in_step_with_the_code():
    """A message marked in the code (or written in a card file or the help's docs: pyproject's Babel
    mappings) but missing from the template or a catalog fails here: run
    `pybabel extract` and `pybabel update` (docs/languages.md); one left over in a catalog fails too."""
    with (PACKAGE.parent / "pyproject.toml").open("rb") as f:  # the code, the cards and the help's docs
        mappings = tomllib.load(f)["tool"]["babel"]["mappings"]
    found = extract_from_dir(PACKAGE.parent, method_map=[(m["pattern"], m["method"]) for m in mappings],
                             keywords=KEYWORDS)
    in_code = {m[2] if isinstance(m[2], str) else m[2][0] for m in found}
    with (LOCALE_DIR / "papertales.pot").open("rb") as f:
        assert ids(read_po(f)) == in_code
    for lang in TRANSLATED:
        assert ids(catalog(lang)) == in_code, lang


def marked_calls(tree: ast.AST, in_fstring: bool = False):
    """(call, inside an f-string?) for every call of a message function in `tree`."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if name in ("_", "N_", "gettext", "ngettext"):
                yield node, in_fstring
        yield from marked_calls(node, in_fstring or isinstance(node, ast.JoinedStr))


def test_every_message_is_a_literal_that_extraction_sees():
    """`_(text)` with a variable, or `_("...")` inside an f-string, which Babel's extractor does not see
    before Python 3.12, would be a message missing from the catalogs that no test notices."""
    bad = []
    for path in PACKAGE.rglob("*.py"):
        if path.name == "i18n.py":  # the functions themselves
            continue
        for call, in_fstring in marked_calls(ast.parse(path.read_text(encoding="utf-8"))):
            count = 2 if "ngettext" in ast.unparse(call.func) else 1
            literal = all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in call.args[:count])
            if in_fstring or not literal:
                bad.append(f"{path.name}:{call.lineno}: {ast.unparse(call)}")
    assert bad == []


def test_messages_have_named_placeholders_only():
    """Our messages name their placeholders (a translation may reorder them); argparse's are its own."""
    ours = set(ids(catalog("fr"))) - set(argparse_words.WORDS) - {"expected %s argument"}
    for message in ours:
        assert "%s" not in message and "%r" not in message and "%d" not in message, message


def test_argparse_words_are_still_argparse_s():
    with open(argparse.__file__, "rb") as f:
        argparse_messages = {m[1] if isinstance(m[1], str) else m[1][0] for m in extract("python", f, KEYWORDS)}
    assert set(argparse_words.WORDS) <= argparse_messages
    assert "expected %s argument" in argparse_messages


# ---- choosing the language ---------------------------------------------------------------------


@pytest.mark.parametrize(("environ", "lang"), [
    ({}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "pl_PL.UTF-8", "LC_MESSAGES": "es_ES.UTF-8"}, "es"),  # gettext's order
    ({"LANG": "pl_PL.UTF-8", "LC_MESSAGES": "es_ES.UTF-8", "LC_ALL": "fr_FR.UTF-8"}, "fr"),
    ({"LC_ALL": "fr_FR.UTF-8", "LANGUAGE": "de:pl:fr"}, "pl"),  # LANGUAGE: the first language there is
    ({"LANGUAGE": "de", "LANG": "fr_FR.UTF-8"}, "en"),  # as gettext: no catalog for it, the messages as written
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "es_MX.UTF-8@euro"}, "es"),
    ({"LANGUAGE": "", "LANG": "fr_CA"}, "fr"),  # an empty variable counts as unset
])
def test_the_system_language_is_read_as_gettext_reads_it(environ, lang):
    assert system_language(environ) == lang


def test_lang_overrides_the_system_language(monkeypatch, capsys):
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    with pytest.raises(SystemExit) as exc:
        main(["--lang", "es", "--help"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.startswith("uso: papertales")
    with pytest.raises(SystemExit):
        main(["--lang=fr", "--help"])
    assert capsys.readouterr().out.startswith("usage\u00a0: papertales")


def test_a_refused_lang_says_so_in_one_line(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--lang", "de"])
    err = capsys.readouterr().err
    assert exc.value.code == 2 and err.count("\n") == 1
    assert err.startswith("papertales: argument --lang: invalid choice: 'de'") and "'fr'" in err


def test_an_area_not_ready_stays_english(monkeypatch):
    """An area whose messages are not all in the catalogs yet is not translated at all (no half-French
    screen); once READY, it follows the language."""
    set_language("fr")
    monkeypatch.setattr(i18n, "READY", frozenset({"cli"}))
    assert Area("screens").gettext("options") == "options"
    assert Area("screens").gettext("usage: ") == "usage: "
    monkeypatch.setattr(i18n, "READY", frozenset({"cli", "screens"}))
    assert Area("screens").gettext("usage: ") == "usage\u00a0: "


def test_plural_forms_come_from_the_catalog():
    set_language("pl")
    assert [CLI.ngettext("expected %s argument", "expected %s arguments", n) % n for n in (1, 3, 5)] == [
        "oczekiwano 1 argumentu", "oczekiwano 3 argumentów", "oczekiwano 5 argumentów"]
    set_language("fr")
    assert argparse_words.expected_arguments(2) % 2 == "2 arguments attendus"


# ---- the command line in French ----------------------------------------------------------------


def papertales(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k not in i18n.ENVIRONMENT} | env
    return subprocess.run([sys.executable, "-m", "papertales_tui.cli", *args], capture_output=True, text=True,
                          env=environ, timeout=60)


def test_help_speaks_french_under_a_french_locale():
    out = papertales("--help", LANG="fr_FR.UTF-8")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    for words in ("usage\u00a0: papertales", "Paper Tales dans le terminal.", "arguments positionnels:", "options:",
                  "affiche ce message d'aide et quitte", "la langue du jeu",
                  "joue des parties sans écran", "reprend la dernière partie sauvegardée"):
        assert words in text, words
    for english in ("usage:", "show this help", "positional arguments", "Paper Tales in the terminal"):
        assert english not in text


def test_a_command_s_help_speaks_french():
    out = papertales("simulate", "--help", LC_ALL="fr_FR.UTF-8")
    assert out.returncode == 0
    assert "nombre de joueurs (2 à 7, 4 par défaut)" in out.stdout and "Roi Liche" in out.stdout


@pytest.mark.parametrize(("args", "words"), [
    (["--nope"], "papertales\u00a0: arguments non reconnus\u00a0: --nope (voir papertales --help)"),
    (["simulate", "--games", "x"], "papertales simulate\u00a0: argument --games\u00a0: 'x' n'est pas un nombre entier "
                                   "(voir papertales simulate --help)"),
    (["simulate", "--players", "9"], "9 est hors limites (de 2 à 7)"),
    (["replay"], "les arguments suivants sont obligatoires\u00a0: FILE"),
    (["--resume", "x", "simulate"], "papertales\u00a0: --resume lance la partie\u00a0: il ne peut pas s'utiliser avec "
                                    "la commande simulate"),
])
def test_a_refused_argument_speaks_french_in_one_line(args, words):
    out = papertales(*args, LANG="fr_FR.UTF-8")
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and words in out.stderr, out.stderr
    assert "Traceback" not in out.stderr


@pytest.mark.parametrize(("lang", "words"), [
    ("pl_PL.UTF-8", "papertales: nierozpoznane argumenty: --nope (zobacz papertales --help)"),
    ("es_ES.UTF-8", "papertales: argumentos no reconocidos: --nope (consulta papertales --help)"),
    ("en_US.UTF-8", "papertales: unrecognized arguments: --nope (see papertales --help)"),
])
def test_a_refused_argument_in_polish_spanish_and_english(lang, words):
    out = papertales("--nope", LANG=lang)
    assert out.returncode == 2 and out.stderr == words + "\n"


def test_what_the_commands_print_speaks_the_language():
    out = papertales("simulate", "--games", "3", "--players", "3", LANG="pl_PL.UTF-8")
    assert out.stdout.splitlines()[:2] == ["gry: 3 (3 gracze, ziarna 0..2)", "błędy: 0"]
    out = papertales("simulate", "--games", "2", "--solo", LANG="fr_FR.UTF-8")
    assert "score moyen\u00a0: joueur" in out.stdout and "Roi Liche" in out.stdout
    out = papertales("simulate", "--games", "2", "--json", LANG="fr_FR.UTF-8")
    assert out.stdout.startswith('{"games": 2')  # JSON is for programs: its keys never change


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_tournament_table_keeps_its_columns_in_every_language(lang):
    from papertales_tui.commands.tournament import table

    set_language(lang)
    summary = {"games": 4, "players": 2, "seats": ["medium", "easy"], "seed": 0, "errors": 0, "seconds": 0.1,
               "levels": [{"level": "medium", "seat_games": 4, "win_rate": 1.0, "win_rate_ci95": (0.51, 1.0),
                           "mean_lp": 38.2, "mean_lp_ci95": (33.6, 42.9)}]}
    heading, row = table(summary).splitlines()[1:3]
    assert heading != table_in_english(summary)[1]
    # each heading ends where its column ends: as wide as the English one
    assert len(heading) == len(row) == len(table_in_english(summary)[1])


def table_in_english(summary) -> list[str]:
    from papertales_tui.commands.tournament import table

    set_language("en")
    try:
        return table(summary).splitlines()
    finally:
        set_language(None)

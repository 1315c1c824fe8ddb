"""French typography in the French catalog (issue 40): a no-break space before ":" ";" "!" "?" and inside
« », given by scripts/catalogs.py (which a merge that brings new messages runs again: docs/languages.md)."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po
from helpers.scripts import load_script

from papertales_tui.text.i18n import LOCALE_DIR


def catalogs_module():
    return load_script("scripts/catalogs.py")


@pytest.mark.parametrize(("text", "typeset"), [
    ("Joueur 1: ★3", "Joueur 1\u00a0: ★3"),
    ("usage : x", "usage\u00a0: x"),
    ("Quitter Paper Tales ?", "Quitter Paper Tales\u00a0?"),
    ("Bravo!", "Bravo\u00a0!"),
    ("« Par Guerre »", "«\u00a0Par Guerre\u00a0»"),
    ("%(file)s: %(problem)s", "%(file)s\u00a0: %(problem)s"),
    ("http://127.0.0.1:8000/", "http://127.0.0.1:8000/"),  # a URL, a port, a time, a ratio: no space
    ("12:30 · 4.5:1", "12:30 · 4.5:1"),
    ("un dictionnaire (units:, buildings:), trouvé", "un dictionnaire (units:, buildings:), trouvé"),  # YAML keys
])
def test_french_typography(text, typeset):
    typography = catalogs_module().french_typography
    assert typography(text) == typeset
    assert typography(typeset) == typeset  # (run again after a merge: nothing changes)


def test_every_french_translation_has_its_no_break_spaces():
    typography = catalogs_module().french_typography
    with open(LOCALE_DIR / "fr" / "LC_MESSAGES" / "papertales.po", "rb") as f:
        catalog = read_po(f)
    wrong = [s for m in catalog if m.id
             for s in (m.string if isinstance(m.string, tuple) else (m.string,)) if typography(s) != s]
    assert wrong == [], f"run scripts/catalogs.py: {wrong[:5]}"

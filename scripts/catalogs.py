"""Update the language catalogs after messages were added or changed (docs/languages.md), in one step:

    python scripts/catalogs.py            # extract, update, French typography, compile; list what is left
    python scripts/catalogs.py --check    # change nothing: exit 1 if a catalog is behind the code

1. `pybabel extract` the messages of the code, the card files and the help into the template;
2. `pybabel update` each language's catalog from it (no fuzzy matching: a changed message is new);
3. French typography: a no-break space before ":" ";" "!" "?" and inside « » in every French translation
   (`french_typography`), so that a translation written with an ordinary space, or none, reads as French;
4. `pybabel compile` and print, per language, the entries still to translate (msgstr "").

Re-run it after a merge: it is idempotent (a second run changes nothing).
"""

from __future__ import annotations

import argparse
import io
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "papertales_tui" / "locale"
TEMPLATE = LOCALE / "papertales.pot"
LANGS = ("fr", "pl", "es")
NBSP = "\u00a0"

# A ":" ";" "!" "?" ending a word (followed by a space, the end, a closing quote or bracket, or markup's "*"),
# with an ordinary space or none before it; not a URL's "://", a ratio's "4:1", a time's "12:30"
_BEFORE = re.compile(r"(?<=[^\s:;!?])[ ]?([:;!?])(?=$|[\s»)\]*\"'])|(?<=[^\s:;!?])[ ]?([:;!?])(?=[!?])")
_OPEN_QUOTE = re.compile("«[ \u00a0]*")
_CLOSE_QUOTE = re.compile("[ \u00a0]*»")


def _is_key(m: re.Match[str]) -> bool:
    """A YAML key written as it is typed (`(units:, buildings:)`): a ":" glued to a lowercase ASCII word
    and followed by "," or ")" is code, not French punctuation."""
    before, after = m.string[:m.start()], m.string[m.end():m.end() + 1]
    return m.group(0) == ":" and re.search(r"(?:^|[\s(])[a-z_]+$", before) is not None and after in (",", ")")


def french_typography(text: str) -> str:
    """`text` with a no-break space before ":" ";" "!" "?" and inside « » (French typography)."""
    if not text:
        return text
    text = _BEFORE.sub(lambda m: m.group(0) if _is_key(m) else NBSP + (m.group(1) or m.group(2)), text)
    text = _OPEN_QUOTE.sub("«" + NBSP, text)
    return _CLOSE_QUOTE.sub(NBSP + "»", text)


def typeset_french(path: Path) -> int:
    """Apply french_typography to every translation of the French catalog; the number changed."""
    from babel.messages.pofile import read_po, write_po

    with path.open("rb") as f:
        catalog = read_po(f, locale="fr")
    changed = 0
    for message in catalog:
        if not message.id or not message.string:
            continue
        if isinstance(message.string, tuple):
            new: str | tuple[str, ...] = tuple(french_typography(s) for s in message.string)
        else:
            new = french_typography(message.string)
        if new != message.string:
            message.string = new
            changed += 1
    if changed:
        out = io.BytesIO()
        write_po(out, catalog, width=120, ignore_obsolete=True, include_previous=False)
        path.write_bytes(out.getvalue())
    return changed


def untranslated(path: Path, lang: str) -> list[str]:
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    out = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings) or message.fuzzy:
            out.append(message.id if isinstance(message.id, str) else message.id[0])
    return out


def dated(data: bytes) -> bytes:
    """A catalog without its creation date (which every extraction changes)."""
    return re.sub(rb'"POT-Creation-Date: [^"]*"\n', b"", data)


def pybabel(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 when a catalog is behind")
    args = parser.parse_args(argv)
    before = {p: p.read_bytes() for p in [TEMPLATE, *(LOCALE / lang / "LC_MESSAGES" / "papertales.po"
                                                      for lang in LANGS)]}
    pybabel("extract", "-F", "pyproject.toml", "-k", "N_", "--no-location", "--sort-output", "--width", "120",
            "-o", str(TEMPLATE), ".")
    pybabel("update", "-D", "papertales", "-i", str(TEMPLATE), "-d", str(LOCALE), "--width", "120",
            "--ignore-obsolete", "--no-fuzzy-matching")
    fr = LOCALE / "fr" / "LC_MESSAGES" / "papertales.po"
    typeset = typeset_french(fr)
    left = {lang: untranslated(LOCALE / lang / "LC_MESSAGES" / "papertales.po", lang) for lang in LANGS}
    changed = [p for p, data in before.items() if dated(p.read_bytes()) != dated(data)]
    if args.check:
        for p, data in before.items():
            p.write_bytes(data)
    else:
        pybabel("compile", "-D", "papertales", "-d", str(LOCALE))
    print(f"French typography: {typeset} translations given their no-break spaces")
    for lang, ids in left.items():
        print(f"{lang}: {len(ids)} to translate")
        for message in ids[:40]:
            print(f"  {message!r}")
    if args.check:
        behind = bool(changed) or any(left.values())
        print("catalogs behind the code: " + (", ".join(str(p.relative_to(ROOT)) for p in changed) or "none"))
        return 1 if behind else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

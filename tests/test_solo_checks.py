"""Solo stays in its mode: the modules outside the solo mode's own that ask whether a game is solo,
counted on the source (as tests/test_layers.py reads it).

A solo check is a line (comments and docstrings aside) with one of: `is_solo(`, `mode_of(`, a
comparison with the string "solo" (`mode == "solo"`), a read of a `.solo` attribute (the state's or
the view's Lich King side, a screen's flag; imports of `rules.solo` aside), or `if`/`not`/`and`/`or`
on a local `solo` flag. The solo mode's own modules are left out: `rules/solo.py` (the mode),
`rules/games.py` (the table of modes), `tui/solo_panels.py` (its screen panels), `tui/views.py` (the
Necropolis row and the Lich King's lines as Rich text) and `text/solo.py` (its words). So is the
choice of a mode to start a game in: `commands/simulate.py`'s `--solo` option (`args.solo`) and the
New game form (`tui/screens/newgame.py`)."""

from __future__ import annotations

import io
import tokenize
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "papertales_tui"
MODE_OWN = {"rules/solo.py", "rules/games.py", "tui/solo_panels.py", "tui/views.py", "text/solo.py"}
STARTS = {"tui/screens/newgame.py"}  # the choice of a mode to start a game in
# Left outside the mode, and why:
ALLOWED = {
    # the save format's schema of the Lich King's side: the state's JSON, the format's check of a
    # file (a saved state names its mode; old files must load)
    "persistence/format.py",
    # the medium bot's solo strategy (`SoloOutlook`): how one bot plays against the armies is the
    # bot's, not the mode's (a mode knows no bot's heuristics)
    "rules/bots/medium.py",
}
MOST_LINES = 13  # format 4, medium bot 9 (from 53 lines in 13 modules; the state names no mode)


def solo_check_lines(source: str) -> list[int]:
    tokens = [t for t in tokenize.generate_tokens(io.StringIO(source).readline)
              if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT)]
    first = {}  # line -> its first token
    for t in tokens:
        first.setdefault(t.start[0], t.string)
    found: list[int] = []
    for k, t in enumerate(tokens):
        prev = tokens[k - 1].string if k else ""
        before = tokens[k - 2].string if k > 1 else ""
        nxt = tokens[k + 1].string if k + 1 < len(tokens) else ""
        name = t.string if t.type == tokenize.NAME else None
        if t.start[0] in found:
            continue
        if (name in ("is_solo", "mode_of")
                or (name == "solo" and prev == "." and before != "args" and first[t.start[0]] not in ("from", "import"))
                or (name == "solo" and prev in ("if", "elif", "not", "and", "or") and nxt != ".")
                or (t.type == tokenize.STRING and t.string.strip("'\"") == "solo" and "==" in (prev, nxt))
                or (t.type == tokenize.STRING and t.string.strip("'\"") == "solo" and "!=" in (prev, nxt))):
            found.append(t.start[0])
    return found


def solo_checks() -> dict[str, list[int]]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        lines = solo_check_lines(path.read_text(encoding="utf-8"))
        if lines and rel not in MODE_OWN | STARTS:
            out[rel] = lines
    return out


def test_the_counter_finds_each_kind_of_check():
    source = ('from .solo import mode_of\n'
              'import papertales_tui.rules.solo\n'
              'x = mode_of(game)\n'
              'if view.solo is not None:\n'
              '    pass\n'
              'y = 1 if state.mode == "solo" else 2\n'
              'solo = views.is_solo(view)\n'
              'if solo:\n'
              '    pass\n'
              '# view.solo in a comment\n'
              '"""mode == "solo" in a docstring"""\n'
              'args.solo\n'
              'new_game(names, solo=True)\n')
    assert solo_check_lines(source) == [1, 3, 4, 6, 7, 8]


def test_solo_checks_stay_in_the_mode():
    found = solo_checks()
    assert set(found) <= ALLOWED, {m: found[m] for m in set(found) - ALLOWED}
    assert sum(len(lines) for lines in found.values()) <= MOST_LINES, found

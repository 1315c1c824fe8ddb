"""The one rule for player names, shared by the New game form, `Game.new` and the save format
(docs/saves.md): what the form accepts, every save of the game accepts, and nothing else.

A name is printable text, trimmed, not empty, at most MAX_NAME_CELLS terminal cells wide (a CJK
character takes two cells, a combining accent none: the screens lay names out in cells). The rules
know no terminal: `cells` counts them from the Unicode database, never fewer than the screens' Rich
gives (tests/test_name_width.py), so that a name the rule takes fits where the screens lay it out. The form
holds new names to that width; the rules core and the save format accept up to SAVED_NAME_CELLS, so
that a game saved by 0.1.0 (which allowed 20 characters of any width) still loads and replays. Refused:
control characters (C0, DEL, C1, ESC: they drive the terminal), format characters (bidi overrides,
zero-width spaces, BOM...: they reorder or hide text, so a name could pass for another), line and
paragraph separators, and surrogates (not UTF-8: the save could not be written). Allowed among the
format characters: the zero-width joiner and non-joiner, which Persian and Indic names and emoji
sequences need. Unassigned and private-use code points are allowed, so that a save written with a
newer Unicode database still loads with an older one. The names of a game's players differ, compared
NFKC-normalized and case-folded (`name_key`: "Ann" and the full-width "Ａｎｎ" are one name).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from ..words import N_, Term, told

MAX_NAME_CELLS = 20  # a new name: what the screens lay out whole
SAVED_NAME_CELLS = 2 * MAX_NAME_CELLS  # a name a save may hold: 0.1.0 allowed 20 characters of any width
MAX_NAME_CHARS = 3 * MAX_NAME_CELLS  # combining marks take no cell: bound the code points too
JOINERS = frozenset("\u200c\u200d")
REFUSED = {"Cc": Term(N_("a control character")), "Cf": Term(N_("an invisible formatting character")),
           "Zl": Term(N_("a line separator")), "Zp": Term(N_("a paragraph separator")),
           "Cs": Term(N_("a lone surrogate"))}


ZERO_WIDTH = frozenset({"Mn", "Me"})  # combining marks (and the joiners): no cell of their own
WIDE_KINDS = frozenset({"Co", "Cn", "So", "Sk", "No"})  # private, unassigned, symbols: 2, wide or not (emoji)


def cell(ch: str) -> int:
    """The terminal cells character `ch` may take: 0 for a combining mark, a joiner or a Hangul vowel
    or final consonant (they join the character before), 2 for a wide or full-width character and
    for any symbol, private or unassigned one (an emoji is wide in a terminal's newer Unicode), else
    1. VS16 (U+FE0F), which makes the character before an emoji, counts 1."""
    code = ord(ch)
    kind = unicodedata.category(ch)
    if ch in JOINERS or kind in ZERO_WIDTH and code != 0xFE0F or 0x1160 <= code <= 0x11FF or 0xD7B0 <= code <= 0xD7FF:
        return 0
    return 2 if kind in WIDE_KINDS or unicodedata.east_asian_width(ch) in ("W", "F") else 1


def cells(text: str) -> int:
    """The terminal cells `text` may take (`cell` of each character)."""
    return sum(map(cell, text))


class BadName(ValueError):
    """A player name the rule refuses; `name` is the name, `reason` (also `str()`) says why."""

    def __init__(self, name: str, reason: str):
        super().__init__(reason)
        self.name, self.reason = name, reason


def name_problem(name: object, max_cells: int = MAX_NAME_CELLS) -> str | None:
    """Why `name` cannot be a player's name (a sentence without final stop), or None when it can;
    `max_cells`: the width allowed (a new name's, unless a saved one is checked)."""
    if not isinstance(name, str):
        return told(N_("a name is text"))
    if not name.strip():
        return told(N_("the name is empty"))
    if name != name.strip():
        return told(N_("the name starts or ends with a space"))
    problem = unsafe_problem(name)
    if problem:
        return told(N_("the name holds %(problem)s"), problem=problem)
    width = cells(name)
    if width == 0:
        return told(N_("the name shows nothing on screen"))
    if width > max_cells or len(name) > MAX_NAME_CHARS:
        return (told(N_("the name takes %(width)s columns on screen, %(most)s at most (漢 takes two)"), width=width,
                     most=max_cells) if width > max_cells
                else told(N_("the name has too many characters (%(count)s, %(most)s at most)"), count=len(name),
                          most=MAX_NAME_CHARS))
    return None


def name_key(name: str) -> str:
    """What two players' names are compared by (they must differ): the name NFKC-normalized and
    case-folded, so that "Ann", "ANN" and the full-width "Ａｎｎ" are one name."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def same_names(names: Sequence[str]) -> tuple[int, int] | None:
    """The first two seats (0-based) whose names are one name (`name_key`), or None when all differ."""
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        first = seen.setdefault(name_key(name), i)
        if first != i:
            return first, i
    return None


def check_name(name: object) -> str:
    """`name` when a game or a save may hold it (up to SAVED_NAME_CELLS wide); else BadName."""
    problem = name_problem(name, SAVED_NAME_CELLS)
    if problem is not None:
        raise BadName(str(name), problem)
    assert isinstance(name, str)
    return name


def unsafe(ch: str) -> str | None:
    """What `ch` is when a terminal must not receive it as it is ("a control character"...), or None:
    the one rule for text from people and files (names, card packs, saves, paths, error messages)."""
    what = REFUSED.get(unicodedata.category(ch))
    return what if what and ch not in JOINERS else None


def unsafe_problem(text: str) -> str | None:
    """"a control character (U+001B)" for the first character of `text` a terminal must not receive
    as it is, or None when there is none (names and card texts holding one are refused)."""
    for ch in text:
        what = unsafe(ch)
        if what:
            return told(N_("%(what)s (U+%(code)s)"), what=what, code=f"{ord(ch):04X}")
    return None


def literal(text: object) -> str:
    """`text` (str() of it) safe to send to a terminal as it is, the one way the CLI and the screens
    show text from people or files: every character a name may not hold (ESC, BEL, CR, tab, DEL, C1
    such as CSI U+009B, bidi overrides, zero-width spaces, line breaks...) written as its escape
    (`\\x1b`, `\\u202e`), so that it never drives the terminal, reorders what is around it, nor breaks
    a line. Rich markup is no concern of this function: the screens hold such text in `rich.text.Text`
    (or widgets with `markup=False`), where `[bold]` is shown as typed."""
    text = str(text)
    if not any(unsafe(ch) for ch in text):
        return text
    return "".join(ch.encode("unicode_escape").decode("ascii") if unsafe(ch) else ch for ch in text)

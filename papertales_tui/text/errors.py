"""What a refusal or an unusable file says to a person, in their language. The rules refuse a decision,
and persistence/ and files.py refuse a file, with typed words (`words.Worded`: a `reason`, the English
sentence marked for the catalogs, and its `data`); this module tells them, and makes it what `str()`
of such an error gives once loaded (`tell_with`), so that every place that shows one (the screens, a
bot's warning, `replay`, the command line) speaks the player's language. File names stay as they are.

    told(err)   # "ces Unités coûtent 5 Or et vous en avez 3 : choisissez celles à abandonner"
"""

from __future__ import annotations

from typing import Any

from ..rules.errors import IllegalDecision
from ..words import Term, Worded, tell_with
from .i18n import Area

REFUSALS = Area("refusals")  # why a decision is refused
FILES = Area("files")  # why a save file (or another file given) cannot be used


def _shown(value: Any, area: Area) -> Any:
    """A value in the area's language: a card by the name shown there, kinds as "a ou b", a word of
    the catalogs translated, a worded error told; a detail (a file name, a library's message) as it is."""
    if hasattr(value, "name_in"):
        return area.card_name(value)
    if isinstance(value, tuple):
        from babel.lists import format_list

        return format_list([str(v) for v in value], style="or", locale=area.language())
    if isinstance(value, Term):
        return area.marked(value)
    if isinstance(value, Worded):
        return told(value)
    return value


def told(err: Worded) -> str:
    """An error's words in its area's language (refusals, files)."""
    area = REFUSALS if isinstance(err, IllegalDecision) else FILES
    if area.language() == "en":
        return err.english()
    text = area.marked(err.reason)
    return text % {k: _shown(v, area) for k, v in err.data.items()} if err.data else text


def refusal(err: IllegalDecision) -> str:
    """Why the rules refused a decision, in the refusals' language."""
    return told(err)


def problem(err: BaseException) -> str:
    """`err` in words: a worded error in the player's language; another as it says itself."""
    return str(err)


tell_with(told)

__all__ = ["FILES", "REFUSALS", "problem", "refusal", "told"]

"""What a refusal says to a person, in their language. The rules refuse a decision with typed data
(rules/errors.py: a `reason`, the English sentence marked for the catalogs, and its `data`); this
module tells it, and makes it what `str()` of a refusal gives once loaded (`tell_with`), so that
every place that shows a refusal (the screens, a bot's warning, `replay`) speaks the player's language.

    refusal(err)   # "ces Unités coûtent 5 Or et vous en avez 3 : choisissez celles à abandonner"
"""

from __future__ import annotations

from typing import Any

from ..rules.errors import IllegalDecision, tell_with
from .i18n import Area

REFUSALS = Area("refusals")


def _shown(value: Any, lang: str) -> Any:
    """A refusal's value in the language: a card by the name shown there, kinds as "a ou b"."""
    if hasattr(value, "name_in"):
        return REFUSALS.card_name(value)
    if isinstance(value, tuple):
        from babel.lists import format_list

        return format_list([str(v) for v in value], style="or", locale=lang)
    return value


def refusal(err: IllegalDecision) -> str:
    """Why the rules refused a decision, in the refusals' language."""
    lang = REFUSALS.language()
    if lang == "en":
        return err.english()
    text = REFUSALS.marked(err.reason)
    return text % {k: _shown(v, lang) for k, v in err.data.items()} if err.data else text


def problem(err: BaseException) -> str:
    """`err` in words: a refusal in the player's language; another error as it says itself."""
    return refusal(err) if isinstance(err, IllegalDecision) else str(err)


tell_with(refusal)

__all__ = ["REFUSALS", "problem", "refusal"]

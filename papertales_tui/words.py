"""Errors whose words any language can tell, below every layer (rules/, persistence/ and files.py raise
them; only text/ knows the languages): an error keeps its `reason`, the English sentence with named
placeholders (a message of the catalogs, marked `N_`), and its `data`, the values. `str()` is English
until text/errors.py installs the teller that says it in the player's language (`tell_with`).

    raise FileProblem(path, "unreadable", N_("this is %(sort)s, not a %(what)s"), sort=Term(N_("a socket")),
                      what=Term(N_("save file")))

A value may be a number, a card type (told by its name in the language), a `Term` (a word of the
catalogs, translated), another worded error (told in turn) or a detail shown as it is (a file name,
a library's message).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def N_(message: str) -> str:
    """Marks a message for the catalogs (`pybabel extract -k N_`); text/ translates it where it is told."""
    return message


class Term(str):
    """A word of the catalogs given as a value ("save file"): translated where the sentence is told."""

    __slots__ = ()


_tellers: list[Callable[[Worded], str]] = []  # text/errors.py: an error's words in the player's language


def tell_with(teller: Callable[[Worded], str] | None) -> None:
    """Worded errors' `str()` from now on: `teller(error)` (None: the English words)."""
    _tellers[:] = [] if teller is None else [teller]


def english_value(value: Any) -> Any:
    """A value as the English words show it: a card type by its name, kinds joined by "or", a worded
    error by its English words."""
    if hasattr(value, "name_in"):
        return value.name
    if isinstance(value, tuple):
        return " or ".join(map(str, value))
    if isinstance(value, Worded):
        return value.english()
    return value


class Worded:
    """An error told in words: `reason` (English, with `%(name)s` placeholders) and `data` (the values)."""

    reason: str
    data: dict[str, Any]

    def worded(self, reason: str, data: dict[str, Any]) -> str:
        """Keep the words' `reason` and `data`; the English words."""
        self.reason, self.data = reason, data
        return self.english()

    def english(self) -> str:
        """The words in English, the values in."""
        return self.reason % {k: english_value(v) for k, v in self.data.items()} if self.data else self.reason

    def told(self) -> str:
        """The words in the player's language once text/ is loaded, else in English."""
        return _tellers[0](self) if _tellers else self.english()


class Said(Worded):
    """Words made where they are said (a frame around other words: "%(file)s: %(problem)s")."""

    def __init__(self, reason: str, **data: Any):
        self.worded(reason, data)


def told(reason: str, **data: Any) -> str:
    """`reason` with its `data`, told in the player's language once text/ is loaded."""
    return Said(reason, **data).told()

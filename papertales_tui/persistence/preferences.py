"""The player's preferences kept across runs, in the user data directory beside the autosave: the
language chosen on the title screen. A file that is missing, unreadable or holds anything else is
ignored (the system's language then, text/i18n.py). `papertales --lang` overrides the language kept."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict

from ..dirs import data_dir
from ..files import FileProblem, loads_json, read_limited
from .atomic import write_atomic

PREFERENCES = "preferences.json"
MAX_PREFERENCES_BYTES = 4096
Language = Literal["en", "fr", "pl", "es"]  # text/i18n.LANGUAGES (tests/test_language_choice.py)


class Preferences(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    language: Language | None = None  # None: the system's


def remember_preferences(preferences: Preferences, directory: Path | str | None = None) -> None:
    """Keep `preferences` for the next runs (written whole or not at all)."""
    write_atomic(data_dir(directory) / PREFERENCES, preferences.model_dump_json().encode())


def preferences(directory: Path | str | None = None) -> Preferences:
    """The preferences kept by `remember_preferences`; none (the defaults) when there is no good file."""
    try:
        path = data_dir(directory) / PREFERENCES
        return Preferences.model_validate(loads_json(read_limited(path, MAX_PREFERENCES_BYTES, "preferences")))
    except (FileProblem, OSError, ValueError):  # (a ValidationError is a ValueError)
        return Preferences()

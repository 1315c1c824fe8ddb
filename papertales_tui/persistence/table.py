"""The New game form's last table (the mode, the players' names and seats, the difficulty), kept
in the user data directory beside the autosave so that the form offers it again. A file that is
missing, unreadable or holds anything else is ignored: the form then offers its defaults."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from ..dirs import data_dir
from ..files import FileProblem, loads_json, read_limited
from ..rules import name_problem
from ..rules.games import MODE_TYPES
from ..rules.modes import StandardMode
from .atomic import write_atomic

TABLE = "last-table.json"
MAX_TABLE_BYTES = 8192
HOTSEAT = "hotseat"  # the standard game, every seat at one keyboard; the other modes by their names


def _form_mode(mode: str) -> str:
    """A mode the form offers: the hot-seat game or a mode of `games.MODE_TYPES` (not named by this module)."""
    if mode != HOTSEAT and (mode not in MODE_TYPES or mode == StandardMode.name):
        raise ValueError(f"not a mode of the New game form: {mode!r}")
    return mode


class Table(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    mode: Annotated[str, AfterValidator(_form_mode)]
    names: list[str] = Field(min_length=1, max_length=7)
    seats: list[str] = Field(min_length=1, max_length=7)
    difficulty: int = Field(default=0, ge=0, le=16)


def remember_table(table: Table, directory: Path | str | None = None) -> None:
    """Keep `table` for the next New game form (written whole or not at all)."""
    write_atomic(data_dir(directory) / TABLE, table.model_dump_json().encode())


def last_table(directory: Path | str | None = None) -> Table | None:
    """The table kept by `remember_table`, or None; a name the form would refuse is left out (None)."""
    try:
        table = Table.model_validate(loads_json(read_limited(data_dir(directory) / TABLE, MAX_TABLE_BYTES, "table")))
    except (FileProblem, ValueError, ValidationError):  # (a ValidationError is a ValueError)
        return None
    if any(name_problem(name) for name in table.names):
        return None
    return table

"""Where the card files are, and the error that names a card file's problem: what both the catalog's
loader (catalog.py) and its cache (card_files.py) need, with neither YAML nor Pydantic."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import papertales_tui

from ..words import N_, Worded, told

BASE_FILES = ("units.yaml", "buildings.yaml")
SOLO_FILES = ("necropolis.yaml", "lich_king.yaml")  # optional in a base directory
MAX_FILE_BYTES = 1024 * 1024  # a card file; the whole base game is 21 kB


def default_cards_dir() -> Path:
    """The shipped card files: inside the package when installed from a wheel, else the repo's `cards/`."""
    packaged = Path(papertales_tui.__file__).parent / "cards"
    return packaged if packaged.is_dir() else Path(__file__).resolve().parents[2] / "cards"


def card_files(extra_dirs: Sequence[Path] = (), base_dir: Path | None = None) -> list[Path]:
    """units.yaml and buildings.yaml of `base_dir` (default: the shipped cards), its solo files when
    present, then every *.yaml / *.yml entry of each extra directory in name order, whatever it is (the
    loader refuses a FIFO, a directory or a dangling link by name, rather than skip it). Raises
    CardFolderError for an extra directory that is not one."""
    base = Path(base_dir) if base_dir is not None else default_cards_dir()
    files = [base / name for name in BASE_FILES]
    files += [base / name for name in SOLO_FILES if (base / name).is_file()]
    for d in map(Path, extra_dirs):
        if not d.is_dir():
            raise CardFolderError(d, None, None, N_("not a directory of card files") if os.path.lexists(d)
                                  else N_("no such directory"))
        files += sorted(p for p in d.iterdir() if p.suffix in (".yaml", ".yml"))
    return files


def _shown(path: Path) -> Path:
    """`path` relative to the working directory when it lies below it (symbolic links not followed:
    the name shown is the one given, even for a dangling link or a loop)."""
    try:
        return Path(os.path.abspath(path)).relative_to(os.getcwd())
    except (ValueError, OSError):
        return path


class CardFileError(Worded, Exception):
    """A card file that cannot be loaded: `path`, `card` (id or None), `field` (dotted path or None),
    `message` (in English: its `reason`, marked `N_`, with its `data`, words.py), and `line` for YAML
    syntax errors. `str()` names the file, the card and the field, in the player's language once text/
    is loaded."""

    def __init__(self, path: Path, card: str | None, field: str | None, message: str, line: int | None = None,
                 **data: Any):
        super().__init__(path, card, field, self.worded(message, data))
        self.path, self.card, self.field, self.message, self.line = Path(path), card, field, self.english(), line

    def __str__(self) -> str:
        where = {"file": str(_shown(self.path)), "card": self.card, "field": self.field, "problem": self}
        if self.card is not None and self.field is not None:
            return told(N_("%(file)s: card %(card)r, field %(field)r: %(problem)s"), **where)
        if self.card is not None:
            return told(N_("%(file)s: card %(card)r: %(problem)s"), **where)
        if self.field is not None:
            return told(N_("%(file)s: field %(field)r: %(problem)s"), **where)
        return told(N_("%(file)s: %(problem)s"), **where)


class CardFolderError(CardFileError):
    """A folder of card files (`--cards DIR`) that is not one: missing, or a file."""

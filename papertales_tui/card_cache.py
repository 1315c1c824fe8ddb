"""The card catalog kept on disk between runs: loaded from the card files once, fast. The rules keep
no file of their own (tests/test_layers.py); this module, above them, caches what they load and
hands its loader to them at start (`install`: `cli.main`), so that `rules.default_catalog()` and a
game made without a catalog come from the cache too.

Validating the YAML files (`catalog.py`: PyYAML and Pydantic) costs more than the rest of the start-up
together, so the validated `Catalog` is cached in the user cache directory, keyed by a hash of
everything that could change it: the card files' paths and contents, the loader's (names.py's too), the card types'
source, the package version. A cache file that is missing, unreadable, damaged or stale is ignored and
rebuilt silently; one that cannot be written is skipped. Unpickling only accepts the card types, so a
tampered file cannot run code. This module imports neither YAML nor Pydantic unless it must load.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import pickle
import sys
from collections.abc import Sequence
from pathlib import Path

import papertales_tui
from papertales_tui.dirs import cache_dir
from papertales_tui.files import FileProblem, read_limited
from papertales_tui.rules import card_files as rules_catalogs
from papertales_tui.rules import cards
from papertales_tui.rules.card_paths import MAX_FILE_BYTES, card_files
from papertales_tui.rules.cards import Catalog

FORMAT = b"papertales catalog cache 1"
MAX_CACHE_BYTES = 16 * 1024 * 1024  # the cache of the base game is about 100 kB


def _key(files: list[Path]) -> bytes | None:
    """A hash of what the catalog is built from; None when a file cannot be read or is too large (the
    loader reports it). Reads no more than the loader would (size checked first), never blocks."""
    digest = hashlib.sha256(FORMAT + papertales_tui.__version__.encode())
    loader = Path(cards.__file__).with_name("catalog.py")
    try:
        for path in (loader, loader.with_name("names.py"), Path(cards.__file__), *files):  # names: what texts refuse
            data = read_limited(path, MAX_FILE_BYTES, "card file")
            digest.update(b"%d:%s%d:" % (len(str(path)), str(path).encode(), len(data)) + data)
    except FileProblem:
        return None
    return digest.digest()


class _CardsOnly(pickle.Unpickler):
    """Unpickles the card types of `cards.py` and nothing else."""

    def find_class(self, module: str, name: str) -> type:
        found = getattr(cards, name, None) if module == cards.__name__ else None
        if isinstance(found, type):
            return found
        raise pickle.UnpicklingError(f"{module}.{name} is not a card type")


def _read_cache(path: Path, key: bytes) -> Catalog | None:
    try:
        stored_key, catalog = _CardsOnly(io.BytesIO(read_limited(path, MAX_CACHE_BYTES))).load()
    except Exception:  # missing, unreadable or damaged: rebuild
        return None
    return catalog if stored_key == key and isinstance(catalog, Catalog) else None


def _write_cache(path: Path, key: bytes, catalog: Catalog) -> None:
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_bytes(pickle.dumps((key, catalog), protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(tmp, path)  # readers see the old file or the new one, never half of one
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink(missing_ok=True)


def cached_catalog(extra_dirs: Sequence[Path] = ()) -> Catalog:
    """The shipped cards plus those of `extra_dirs`, from the cache when it is up to date, else loaded
    and validated (raises CardFileError) and cached."""
    files = card_files(extra_dirs)
    key = _key(files)
    if key is not None:
        name = hashlib.sha256("\n".join(map(str, files)).encode()).hexdigest()[:16]
        path = cache_dir() / f"catalog-{name}-py{sys.version_info[0]}{sys.version_info[1]}.pickle"
        catalog = _read_cache(path, key)
        if catalog is not None:
            return catalog
    from papertales_tui.rules.catalog import load_catalog

    catalog = load_catalog(extra_dirs)
    if key is not None:
        _write_cache(path, key, catalog)
    return catalog


def install() -> None:
    """From now on the rules load their catalogs through this cache (`rules.card_files.use_loader`)."""
    rules_catalogs.use_loader(cached_catalog)


def default_catalog() -> Catalog:
    """The shipped base-game catalog, loaded once (through the cache, which this installs)."""
    install()
    return rules_catalogs.default_catalog()

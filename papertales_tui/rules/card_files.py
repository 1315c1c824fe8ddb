"""The catalog a game gets when none is given: the shipped cards, loaded once per process.

Validating the YAML files (`catalog.py`: PyYAML and Pydantic) costs more than the rest of the
start-up together. The rules keep no file of their own (no cache on disk: tests/test_layers.py), so
the layer above may hand them a faster loader (`use_loader`): `card_cache.py` keeps the validated
catalog in the user cache directory and installs itself at start (`cli.main`). Without one, the
card files are read and validated here. This module imports neither YAML nor Pydantic unless it must
load.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from pathlib import Path

from .cards import Catalog

Loader = Callable[[Sequence[Path]], Catalog]  # extra card folders -> the catalog (raises CardFileError)
_loader: Loader | None = None


def use_loader(loader: Loader) -> None:
    """Load the catalogs with `loader` from now on (the same cards, faster: card_cache.py)."""
    global _loader
    if loader is not _loader:
        _loader = loader
        default_catalog.cache_clear()


def load(extra_dirs: Sequence[Path] = ()) -> Catalog:
    """The shipped cards plus those of `extra_dirs`, through the loader given (raises CardFileError)."""
    if _loader is not None:
        return _loader(extra_dirs)
    from .catalog import load_catalog

    return load_catalog(extra_dirs)


@functools.lru_cache(maxsize=1)
def default_catalog() -> Catalog:
    """The shipped base-game catalog, loaded once."""
    return load()

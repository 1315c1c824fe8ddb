"""The cached card catalog: the same catalog as a fresh load, and a damaged or stale cache never used."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from papertales_tui.card_cache import cached_catalog
from papertales_tui.cli import main
from papertales_tui.rules.catalog import load_catalog

ROOT = Path(__file__).resolve().parents[1]

EXPANSION = """\
units:
- id: stone_troll
  name: Stone Troll
  copies: 2
  cost: 2
  strength: 4
"""


@pytest.fixture
def cache(tmp_path, monkeypatch):
    d = tmp_path / "cache"
    monkeypatch.setenv("PAPERTALES_CACHE_DIR", str(d))
    return d


def _extra(tmp_path, text=EXPANSION):
    d = tmp_path / "extra"
    d.mkdir(exist_ok=True)
    (d / "expansion.yaml").write_text(text, encoding="utf-8")
    return d


def _cache_files(cache: Path) -> list[Path]:
    return sorted(p for p in cache.iterdir() if p.suffix == ".pickle")


def test_the_cached_catalog_is_the_loaded_one(cache, tmp_path):
    extra = _extra(tmp_path)
    first = cached_catalog([extra])  # loaded, then written to the cache
    assert len(_cache_files(cache)) == 1
    again = cached_catalog([extra])  # read back from the cache
    assert first == again == load_catalog([extra])
    assert again.units["stone_troll"].strength == 4


@pytest.mark.parametrize("damage", [b"", b"not a pickle", b"\x80\x05garbage"], ids=["empty", "text", "truncated"])
def test_a_damaged_cache_is_ignored_and_rebuilt(cache, tmp_path, damage):
    extra = _extra(tmp_path)
    cached_catalog([extra])
    [path] = _cache_files(cache)
    path.write_bytes(damage)
    assert cached_catalog([extra]) == load_catalog([extra])
    assert pickle.loads(path.read_bytes())[1] == load_catalog([extra])  # rewritten whole


def test_a_changed_card_file_is_loaded_again(cache, tmp_path):
    extra = _extra(tmp_path)
    assert cached_catalog([extra]).units["stone_troll"].strength == 4
    _extra(tmp_path, EXPANSION.replace("strength: 4", "strength: 5"))
    assert cached_catalog([extra]).units["stone_troll"].strength == 5


def test_a_cache_that_names_other_code_is_refused(cache, tmp_path):
    extra = _extra(tmp_path)
    cached_catalog([extra])
    [path] = _cache_files(cache)
    key, _ = pickle.loads(path.read_bytes())
    path.write_bytes(pickle.dumps((key, os.getcwd)))  # would call a function if it were trusted
    assert cached_catalog([extra]) == load_catalog([extra])


def test_an_unwritable_cache_is_skipped(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache directory should be")
    monkeypatch.setenv("PAPERTALES_CACHE_DIR", str(blocker / "cache"))
    extra = _extra(tmp_path)
    assert cached_catalog([extra]) == load_catalog([extra])


def test_a_bad_card_file_is_still_reported_with_a_warm_cache(cache, tmp_path, capsys):
    extra = _extra(tmp_path)
    assert main(["--cards", str(extra), "simulate", "--games", "1"]) == 0
    _extra(tmp_path, EXPANSION.replace("strength: 4", "strength: four"))
    assert main(["--cards", str(extra), "simulate", "--games", "1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "expansion.yaml" in err[0] and "stone_troll" in err[0]


def _modules_after(code: str, cache: Path) -> set[str]:
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys; print(' '.join(sys.modules))"],
                         capture_output=True, text=True, check=True, cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(ROOT), "PAPERTALES_CACHE_DIR": str(cache)})
    return set(out.stdout.split())


def test_the_app_starts_without_the_event_schema_or_the_bots(cache):
    """Both load when a game starts: at start they cost ~35 ms, a fifth of a bare Textual app's start."""
    modules = _modules_after("import papertales_tui.tui.app", cache)
    assert "papertales_tui.tui.app" in modules
    assert not {"papertales_tui.rules.events", "papertales_tui.rules.bots", "papertales_tui.tui.session",
                "papertales_tui.table"} & modules  # (the table and its session load when a game starts)


def test_the_title_screen_starts_without_the_engine(cache):
    """The engine, its phases, the modes, the decisions and what a seat sees load when a game starts
    (~40 ms at start; `Step` has a module of its own)."""
    start = "import papertales_tui.tui.app, papertales_tui.tui.screens.title\n" \
            "from papertales_tui.cli import load_cards; load_cards([])"
    _modules_after(start, cache)  # (the first start fills the card cache)
    modules = _modules_after(start, cache)
    assert "papertales_tui.tui.screens.title" in modules and "papertales_tui.rules.cards" in modules
    assert not {"papertales_tui.rules.engine", "papertales_tui.rules.phases", "papertales_tui.rules.games",
                "papertales_tui.rules.decisions", "papertales_tui.rules.state",
                "papertales_tui.rules.solo", "papertales_tui.rules.observer", "papertales_tui.rules.effects",
                "pydantic", "yaml"} & modules


def test_version_and_a_warm_start_import_neither_pydantic_nor_yaml(cache):
    version = _modules_after("from papertales_tui.cli import main; main(['--version'])", cache)
    assert "argparse" not in version and "papertales_tui.card_cache" not in version
    load = "from papertales_tui.cli import load_cards; load_cards([])"
    assert {"pydantic", "yaml"} <= _modules_after(load, cache)  # cold: validates, then caches
    assert not {"pydantic", "yaml"} & _modules_after(load, cache)  # warm: from the cache

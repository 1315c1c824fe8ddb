"""Kept games are cleaned up, and only finished ones: a new game keeps the autosaved game (finished or
not) aside; the finished games kept beyond the newest MAX_FINISHED_KEPT are deleted, never a game in
progress, a file that does not load with every check, nor a damaged file moved aside."""

from __future__ import annotations

import json

import pytest
from conftest import new_game
from test_tui_support import SIZE, screen_text

from papertales_tui import persistence
from papertales_tui.dirs import KEPT_PREFIX, kept_games
from papertales_tui.persistence.store import MAX_FINISHED_KEPT, kept_backup, prune_kept
from papertales_tui.rules.random_play import play_random_game
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.newgame import NewGameScreen


@pytest.fixture(scope="module")
def finished_bytes(tmp_path_factory):
    path = tmp_path_factory.mktemp("finished") / "game.json"
    persistence.save_as(play_random_game(["Ann", "Ben"], seed=3), path)
    return path.read_bytes()


def unfinished_bytes(tmp_path) -> bytes:
    game = new_game(3, seed=1)
    game.apply(0, {"kind": "pick", "card": game.state.players[0].draft[0]})
    path = tmp_path / "unfinished.json"
    persistence.save_as(game, path, overwrite=True)
    return path.read_bytes()


def kept(data_dir, day: int, data: bytes) -> str:
    """A kept game of 2026-01-<day> (a higher day is newer), with its backup."""
    path = data_dir / f"{KEPT_PREFIX}202601{day:02d}-120000.json"
    path.write_bytes(data)
    kept_backup(path).write_bytes(data)
    return path.name


def test_only_the_newest_finished_games_are_kept(data_dir, tmp_path, finished_bytes, catalog):
    tampered = finished_bytes.replace(b'"Ann"', b'"Amy"')  # finished, but the checksum no longer matches
    old_unfinished = kept(data_dir, 1, unfinished_bytes(tmp_path))
    damaged = kept(data_dir, 2, finished_bytes[:200])
    changed = kept(data_dir, 3, tampered)
    finished = [kept(data_dir, day, finished_bytes) for day in range(4, 12)]  # 8 finished, oldest first
    newer_unfinished = kept(data_dir, 12, unfinished_bytes(tmp_path))
    moved_aside = data_dir / "autosave.damaged-20260101-000000.json"
    moved_aside.write_bytes(b"{")
    removed = prune_kept(data_dir, catalog)
    assert sorted(p.name for p in removed) == finished[:8 - MAX_FINISHED_KEPT]  # the oldest finished ones
    left = {p.name for p in kept_games(data_dir)}
    assert left == {old_unfinished, damaged, changed, *finished[-MAX_FINISHED_KEPT:], newer_unfinished}
    for name in finished[:3]:  # their backups went with them
        assert not (data_dir / name).exists() and not kept_backup(data_dir / name).exists()
    assert (data_dir / damaged).read_bytes() == finished_bytes[:200] and moved_aside.read_bytes() == b"{"
    assert prune_kept(data_dir, catalog) == []  # nothing more to do


async def test_a_new_game_keeps_the_finished_one_and_lists_games_in_progress_first(data_dir, tmp_path,
                                                                                   finished_bytes, catalog):
    (data_dir / "autosave.json").write_bytes(finished_bytes)  # the last game, finished
    for day in range(1, 1 + MAX_FINISHED_KEPT):
        kept(data_dir, day, finished_bytes)  # as many finished games kept as are kept
    kept(data_dir, 0, unfinished_bytes(tmp_path))  # the oldest of all: a game in progress
    app = PaperTalesApp(catalog, autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # New game
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.session is not None
    left = kept_games(data_dir)
    assert len(left) == 1 + MAX_FINISHED_KEPT  # the last game kept, the oldest finished one deleted
    assert not (data_dir / f"{KEPT_PREFIX}20260101-120000.json").exists()
    overs = [json.loads(p.read_bytes())["state"]["over"] for p in left]
    assert overs.count(False) == 1  # the game in progress is still there
    app = PaperTalesApp(catalog, autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        rows = [line.strip() for line in text.splitlines() if "kept" in line]
        assert rows[0].startswith("Resume kept") and rows[0].endswith("turn 1/4, P0, P1, P2")  # in progress first
        assert all(row.startswith("See kept finished game") for row in rows[1:]) and len(rows) == 5

"""The autosave's write path killed at every point a kill can land (issue 39): a child process autosaves
three positions of a game in turn and is killed (SIGKILL, by itself) just before its k-th file-system call
(opening, writing a temporary file, fsync, rename, unlink), for every k until it finishes unkilled. After
each kill the autosave on disk loads with every check (its replay included) and never goes back: a
game is never lost, wherever the kill lands."""

from __future__ import annotations

import os
import random
import signal
import tempfile
from pathlib import Path

import pytest

from papertales_tui.persistence import autosave, load_autosave
from papertales_tui.rules import Game
from papertales_tui.rules.random_play import random_decision

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="fork and SIGKILL")

CALLS = ("open", "replace", "rename", "unlink", "fsync", "fdopen", "close", "link")


def played(n: int) -> Game:
    game, rng = Game.new(["Ann", "Bob"], seed=8), random.Random(8)
    for _ in range(n):
        pend = game.pending()[0]
        game.apply(pend.player, random_decision(game, pend, rng))
    return game


def killed_at(k: int, data: Path, games: list[Game]) -> bool:
    """Autosave `games` in a child killed just before its k-th file-system call; whether it was killed."""
    pid = os.fork()
    if pid == 0:  # the child: count the calls, die at the k-th
        try:
            count = [0]

            def counted(name: str, real):  # type: ignore[no-untyped-def]
                def call(*args, **kwargs):  # type: ignore[no-untyped-def]
                    count[0] += 1
                    if count[0] == k:
                        os.kill(os.getpid(), signal.SIGKILL)
                    return real(*args, **kwargs)
                return call

            for name in CALLS:
                setattr(os, name, counted(name, getattr(os, name)))
            tempfile.mkstemp = counted("mkstemp", tempfile.mkstemp)  # type: ignore[assignment]
            for game in games:
                autosave(game, None, data)
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    return os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL


def test_the_autosave_survives_a_kill_at_every_file_system_call(tmp_path: Path) -> None:
    games = [played(3), played(6), played(9)]
    first = tmp_path / "first"
    autosave(played(1), None, first)  # (an autosave and its backup already there, as in a game under way)
    autosave(played(2), None, first)
    kills = 0
    for k in range(1, 400):
        data = tmp_path / f"k{k}"
        data.mkdir()
        for p in first.iterdir():
            (data / p.name).write_bytes(p.read_bytes())
        was_killed = killed_at(k, data, games)
        save = load_autosave(data)  # whole, and replays to its stored state
        assert len(save.decisions) >= 2  # never goes back
        assert not [p for p in data.iterdir() if "damaged" in p.name]
        if not was_killed:
            assert len(save.decisions) == 9
            break
        kills += 1
    assert kills > 10  # (every call of three autosaves was a place to die)

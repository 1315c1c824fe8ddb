"""`papertales tournament` on a terminal shows its progress, a bar (rich) with the time left (on stderr)."""

from __future__ import annotations

import io
import sys

from papertales_tui.cli import main
from papertales_tui.commands.tournament import clock, progress_line


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_and_time_left_on_a_terminal(monkeypatch, capsys):
    with capsys.disabled():
        err = Terminal()
        monkeypatch.setattr(sys, "stderr", err)
        out = io.StringIO()
        monkeypatch.setattr(sys, "stdout", out)
        assert main(["tournament", "--games", "3", "--players", "2", "--seats", "easy"]) == 0
    shown = err.getvalue()
    lines = shown.split("\r")
    assert "━" in lines[1] and lines[1].endswith(" game 0/3 · the time left is known after the first game")
    for k in (1, 2, 3):
        assert any(line.startswith("\x1b[2K") and f" game {k}/3 · " in line and line.endswith(" left")
                   for line in lines)
    assert shown.endswith("\x1b[2K")  # the bar is cleared before the results
    assert out.getvalue().startswith("3 games, 2 players")


def test_no_progress_when_stderr_is_not_a_terminal(capsys):
    assert main(["tournament", "--games", "2", "--players", "2", "--seats", "easy"]) == 0
    assert "game 1/2" not in capsys.readouterr().err


def test_the_time_left_is_the_pace_so_far():
    assert progress_line(10, 100, 60.0) == "game 10/100 · 1:00 so far · about 9:00 left"
    assert clock(3 * 3600 + 65) == "3:01:05" and clock(9.4) == "0:09"

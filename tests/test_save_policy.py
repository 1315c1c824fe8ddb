"""The save and resume policy (tui/saving.py), without Textual: what it saves, what it tells, what
quitting would lose. (The app's own tests play the same through the screens: test_never_lost.py,
test_kept_games.py, test_tui_qa.py.)"""

from __future__ import annotations

import errno
import subprocess
import sys
import textwrap

from papertales_tui import persistence
from papertales_tui.rules import Game, Pick, Step
from papertales_tui.tui.saving import Notice, SavePolicy
from papertales_tui.tui.session import Session


def played_session(catalog, picks: int = 1) -> Session:
    session = Session(Game.new(["Ann", "Bo"], seed=3, catalog=catalog), ["human", "human"])
    for _ in range(picks):
        while session.scene.__class__.__name__ != "Decide":
            session.proceed()
        pend = session.scene.pend
        assert pend.kind == Step.PICK
        session.submit(pend.player, Pick(pend.options.cards[0], pend.options.cards[1]
                                         if pend.options.discard else None))
    return session


def test_an_autosave_that_fails_is_told_once_and_its_end_too(catalog, monkeypatch):
    policy, session = SavePolicy(catalog, autosave=True), played_session(catalog)
    policy.started(session)

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device", "autosave.json")

    monkeypatch.setattr(persistence, "autosave", full)
    first = policy.save_game(session)
    assert [n.severity for n in first] == ["warning"] and "Autosave failed (No space left" in first[0].message
    assert policy.save_game(session) == []  # told once
    assert policy.failing and policy.unsaved(session) == 0  # the decision was autosaved before it failed
    assert "autosave is failing" in policy.quit_question(session)
    monkeypatch.undo()
    assert policy.save_game(session) == [Notice("Autosave works again.", "Autosave")]
    assert policy.unsaved(session) is None and "The game is autosaved" in policy.quit_question(session)


def test_without_the_autosave_every_decision_would_be_lost_until_saved_as(catalog, tmp_path):
    policy, session = SavePolicy(catalog, autosave=False), played_session(catalog, picks=2)
    policy.started(session)
    assert policy.save_game(session) == [] and policy.keep_unfinished(lambda: True) == (True, [])
    assert policy.unsaved(session) == 2 and "not autosaved" in policy.quit_question(session)
    policy.saved_as = (tmp_path / "g.json", session.decisions)
    assert policy.unsaved(session) is None and "--resume" in policy.quit_question(session)


def test_resuming_a_missing_kept_game_says_why(catalog, tmp_path):
    save, notices = SavePolicy(catalog, autosave=True).resume_kept(tmp_path / "autosave.kept-x.json")
    assert save is None and notices[0].severity == "error" and notices[0].message.startswith("Cannot resume")


def test_the_policy_loads_no_textual():
    code = textwrap.dedent("""
        import sys
        import papertales_tui.tui.saving
        print(sorted(m for m in sys.modules if m.startswith("textual")))
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"

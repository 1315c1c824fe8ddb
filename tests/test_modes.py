"""Modes (rules/modes.py, rules/games.py): the standard game and solo through the same engine."""

import subprocess
import sys

import pytest

from papertales_tui.rules.engine import Game
from papertales_tui.rules.games import MODES, game_from_state, load_game, new_game
from papertales_tui.rules.modes import StandardMode
from papertales_tui.rules.solo import SoloMode
from papertales_tui.rules.solo import new_game as new_solo_game


def test_the_engine_imports_no_mode_but_the_standard_one():
    code = ("import sys, papertales_tui.rules.engine, papertales_tui.rules.random_play; "
            "print('papertales_tui.rules.solo' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_every_mode_a_state_names_loads_back_as_that_mode():
    assert set(MODES) == {"standard", "solo"}
    for game in (new_game(["A", "B", "C"], seed=3), new_game(["A"], seed=3, mode="solo", difficulty=2)):
        again = load_game(game.to_json(), game.catalog)
        assert type(again) is type(game) and type(again.mode) is type(game.mode)
        assert again.mode.name == game.state.mode and again.to_json() == game.to_json()


def test_a_mode_this_version_lacks_is_refused():
    game = Game.new(["A", "B"], seed=1)
    game.state.mode = "coop"
    with pytest.raises(ValueError, match="unknown game mode 'coop'"):
        game_from_state(game.state, game.catalog)


def test_each_mode_checks_its_number_of_players():
    with pytest.raises(ValueError, match="2 to 7"):
        Game.new(["A"], mode=StandardMode())
    with pytest.raises(ValueError, match="exactly one"):
        Game.new(["A", "B"], mode=SoloMode())


def test_solo_is_the_engine_with_the_solo_mode():
    from papertales_tui.rules.solo import mode_of

    game = new_solo_game(["A"], seed=4, difficulty=1)
    assert type(game) is Game and isinstance(game.mode, SoloMode) and mode_of(game) is game.mode
    assert mode_of(Game.new(["A", "B"], seed=4)) is None
    same = Game.new(["A"], seed=4, mode=SoloMode(difficulty=1))
    assert same.to_json() == game.to_json()
    assert game.pending()[0].options.rounds == 5  # the mode's extra options for a pick
    again = Game.new(["A"], seed=4, mode=game.mode.restart())  # the same Necropolis row and Lich King cards
    assert again.to_json() == game.to_json()


# what only the engine sets, around the hooks: a mode's hooks hand it cards and scores, never these
ENGINE_OWNED = {"hand", "draft", "kept", "draft_round", "phase", "step", "turn", "over", "slots", "submitted"}


def engine_owned_writes(path) -> list[str]:
    """Assignments to, and in-place changes of, the state's engine-owned fields in a module."""
    import ast

    out = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        targets = []
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (
                "append", "extend", "remove", "pop", "insert", "clear"):
            targets = [node.func.value]
        for t in targets:
            while isinstance(t, ast.Subscript):
                t = t.value
            if isinstance(t, ast.Attribute) and t.attr in ENGINE_OWNED:
                out.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    return out


def test_no_mode_sets_the_hands_the_draft_round_or_the_phase():
    from pathlib import Path

    import papertales_tui

    rules = Path(papertales_tui.__file__).parent / "rules"
    assert engine_owned_writes(rules / "phases" / "recruitment.py")  # the scan finds the engine's own
    assert [w for m in ("modes.py", "solo.py", "games.py") for w in engine_owned_writes(rules / m)] == []


def private_game_uses(path, source: str | None = None) -> list[str]:
    """`x._name` in a module, where `_name` is a private member of `Game` and x is not self or cls."""
    import ast

    game = Game.new(["A", "B"], seed=1)
    private = {n for n in [*dir(Game), *vars(game)] if n.startswith("_") and not n.startswith("__")}
    out = []
    for node in ast.walk(ast.parse(path.read_text() if source is None else source, str(path))):
        if not isinstance(node, ast.Attribute) or node.attr not in private:
            continue
        if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
            out.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    return out


def test_no_module_but_the_engine_touches_a_private_game_member():
    from pathlib import Path

    import papertales_tui

    root = Path(papertales_tui.__file__).parent
    modules = [p for p in root.rglob("*.py") if p != root / "rules" / "engine.py"]  # the phases too
    names = {p.relative_to(root).as_posix() for p in modules}
    assert {"rules/solo.py", "rules/modes.py", "rules/games.py", "rules/coach.py", "rules/random_play.py",
            "rules/kingdom.py", "rules/bots/medium.py", "rules/bots/hard.py", "tui/session.py",
            "rules/phases/income.py", "rules/phases/construction.py", "rules/order.py"} <= names  # scanned
    # the scan finds a private member where one is used (the phases' caches are in `Game.scratch`)
    assert private_game_uses(root / "probe.py", "game._anyone_pending()\nself._open(step)\n") == [
        "probe.py:1: game._anyone_pending"]
    assert [use for p in modules for use in private_game_uses(p)] == []

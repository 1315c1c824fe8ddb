"""Save files written by an earlier release (format version 1, commit 64f065b) still load, replay to
their stored state, and play on to the end. The files in tests/data are never regenerated."""

from __future__ import annotations

import hashlib
import json
import random
import shutil
from pathlib import Path

import pytest

from papertales_tui.cli import main
from papertales_tui.persistence import load_autosave, load_save, replay_game, state_differences
from papertales_tui.rules.random_play import random_decision
from papertales_tui.text.narrator import Names, narrate, strength_part

DATA = Path(__file__).resolve().parent / "data"
OLD_SAVES = {  # file: (players, decisions, solo)
    "v1-three-players.json": (["Ann", "Bob", "Cy"], 60, False),
    "v1-solo.json": (["Sam"], 12, True),
    "autosave/autosave.json": (["P0", "P1", "P2", "P3", "P4"], 40, False),
    "autosave/autosave.prev.json": (["P0", "P1", "P2", "P3", "P4"], 39, False),
}


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("name", OLD_SAVES)
def test_an_old_save_loads_replays_and_plays_to_the_end(name):
    path = DATA / name
    before = digest(path)
    players, decisions, solo = OLD_SAVES[name]
    save = load_save(path)
    assert save.players == players and len(save.decisions) == decisions
    assert (save.stored_state.get("mode") == "solo") == solo and not save.game.over
    replayed = replay_game(save)  # equal to the stored state, but for event fields added since
    assert not state_differences(json.loads(replayed.to_json()), json.loads(save.game.to_json()))
    game, rng = save.game, random.Random(1)
    while not game.over:
        pend = game.pending()[0]
        game.apply(pend.player, random_decision(game, pend, rng))
    assert len(game.state.decisions) > decisions
    assert digest(path) == before


def test_an_old_autosave_directory_resumes(tmp_path):
    shutil.copytree(DATA / "autosave", tmp_path / "data")
    save = load_autosave(tmp_path / "data")
    assert len(save.decisions) == 40 and save.settings.seats == ["human"] * 5


@pytest.mark.parametrize("name", ["v1-three-players.json", "v1-solo.json"])
def test_cli_replay_of_an_old_save_confirms_it(name, capsys):
    assert main(["replay", "--quiet", str(DATA / name)]) == 0
    assert capsys.readouterr().out.startswith("OK: the stored state matches the replay")


V2_FINISHED = ["v2-finished-three-players.json", "v2-finished-solo.json"]


@pytest.mark.parametrize("name", V2_FINISHED)
def test_a_format_2_save_loads_with_parts_by_key_and_narrates_the_same(name):
    """Saves of format 2 (war_strength parts as labels, commit dc8ae1e) are migrated: the log is the
    one the rules make today, and the narrator tells it word for word as that release did."""
    path = DATA / name
    before = digest(path)
    save = load_save(path)
    assert save.version == 2 and save.game.over
    log = save.game.state.log
    parts = [p for e in log if e["type"] == "war_strength" for p in e["parts"]]
    assert {"card", "building"} <= {k for p in parts for k in p}  # both kinds occur, by key
    assert all(isinstance(p, dict) for p in parts)
    assert replay_game(save).state.log == log  # the migrated log is today's log of the same game
    names = Names.of(save.game)
    narrated = "".join(f"{narrate(e, names, full=True)}\n" for e in log)
    assert narrated == path.with_suffix(".narrated.txt").read_text()
    stored = json.loads(path.read_text())["state"]["log"]  # the labels that release wrote
    labels = [p for e in stored if e["type"] == "war_strength" for p in e["parts"]]
    assert labels == [[strength_part(p, names), p["strength"]] for p in parts]
    assert digest(path) == before


def test_a_format_4_solo_state_keeps_the_lich_kings_side_as_the_modes_own(catalog):
    """Save format 5: the mode's own side is the state's `mode_state` (format 4 and before: `solo`)."""
    from papertales_tui.persistence import migrate
    from papertales_tui.rules.games import load_game
    from papertales_tui.rules.solo import SoloState
    from papertales_tui.rules.solo import new_game as new_solo_game

    game = new_solo_game(["Sam"], seed=3, difficulty=2)
    state = json.loads(game.to_json())
    old = dict(state, solo=state.pop("mode_state"))  # as format 4 wrote it
    payload = migrate({"version": 4, "state": old}, catalog)
    assert payload["version"] == 5 and "solo" not in payload["state"]
    again = load_game(json.dumps(payload["state"]), catalog)
    assert isinstance(again.state.mode_state, SoloState) and again.to_json() == game.to_json()

"""Replays: a saved game re-played from its seed and decisions reproduces the stored state."""

from __future__ import annotations

import json
import random

import pytest

from papertales_tui import persistence
from papertales_tui.cli import main
from papertales_tui.persistence import (
    ReplayError,
    SaveFileError,
    iter_replay,
    load_save,
    read_save_file,
    replay_game,
    save_as,
)
from papertales_tui.rules.decisions import decision_from_dict
from papertales_tui.rules.engine import Game
from papertales_tui.rules.random_play import play_random_game, random_decision
from papertales_tui.text.decisions import decision_text
from papertales_tui.text.narrator import Names, narrate


def partial_game(n: int, players: int = 3, seed: int = 8) -> Game:
    game = Game.new([f"P{i}" for i in range(players)], seed=seed)
    rng = random.Random(seed)
    for _ in range(n):
        pend = game.pending()[0]
        game.apply(pend.player, random_decision(game, pend, rng))
    return game


def edit(path, change) -> None:
    """Change a save file and give it a valid checksum: a well-formed file with other contents."""
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    data["checksum"] = persistence._checksum(data)
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("players,seed", [(2, 1), (4, 2), (7, 3)])
def test_a_finished_game_replays_to_the_stored_state(tmp_path, players, seed):
    game = play_random_game([f"P{i}" for i in range(players)], seed)
    save = load_save(save_as(game, tmp_path / "g.json"))
    replayed = replay_game(save)
    assert replayed.to_json() == game.to_json()
    assert replayed.over and replayed.scores() == game.scores()


def test_a_game_saved_midway_replays_to_the_stored_state(tmp_path):
    game = partial_game(40)
    replayed = replay_game(load_save(save_as(game, tmp_path / "g.json")))
    assert replayed.to_json() == game.to_json() and not replayed.over


def test_iter_replay_gives_the_setup_then_each_decision_with_its_events(tmp_path):
    game = partial_game(12)
    steps = list(iter_replay(load_save(save_as(game, tmp_path / "g.json"))))
    assert [s.index for s in steps] == list(range(13))
    assert steps[0].decision is None and steps[0].events[0]["type"] == "game_started"
    assert [s.decision for s in steps[1:]] == game.state.decisions
    assert sum(len(s.events) for s in steps) == len(game.state.log)


def test_a_stored_state_the_rules_do_not_produce_is_reported(tmp_path):
    path = save_as(partial_game(30), tmp_path / "g.json")
    edit(path, lambda d: d["state"]["players"][1].update(lp=d["state"]["players"][1]["lp"] + 5))
    save = read_save_file(path)  # well-formed: it passes the format checks
    with pytest.raises(ReplayError, match=r"state\.players\[1\]\.lp is \d+ in the save, \d+ in the replay"):
        replay_game(save)
    with pytest.raises(SaveFileError, match=r"not what its decisions produce \(the stored game differs") as err:
        load_save(path)  # so it is not trusted
    assert err.value.kind == "mismatch"


def test_event_fields_added_since_a_save_was_written_are_not_differences(tmp_path):
    game = partial_game(30)
    stored = json.loads(game.to_json())
    wars = [e for e in stored["log"] if e["type"] == "war_strength"]
    assert wars
    for e in wars:  # as a save written before these fields were logged
        del e["units"], e["buildings"]
    assert persistence.state_differences(json.loads(game.to_json()), stored) == []
    wars[0]["parts"] = []  # a field that was always there still counts
    assert persistence.state_differences(json.loads(game.to_json()), stored) == [
        f"state.log[{stored['log'].index(wars[0])}].parts has 0 entries in the save, "
        f"{len(game.state.log[stored['log'].index(wars[0])]['parts'])} in the replay"]


def test_a_decision_the_rules_refuse_is_reported(tmp_path):
    game = partial_game(5)
    path = save_as(game, tmp_path / "g.json")

    def illegal(d):
        for lst in (d["decisions"], d["state"]["decisions"]):
            lst[2]["card"] = 10_000

    edit(path, illegal)
    with pytest.raises(ReplayError, match=r"decision 3 \(pick by P2\) was refused"):
        replay_game(read_save_file(path))
    with pytest.raises(SaveFileError, match=r"decision 3 \(pick by P2\) was refused"):
        load_save(path)


# ---- papertales replay FILE ----


def test_cli_replay_prints_the_game_and_confirms_the_state(tmp_path, capsys):
    game = play_random_game(["Ann", "Bob"], 5)
    path = save_as(game, tmp_path / "g.json")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Replay of {path}: 2 players (Ann, Bob), seed 5")
    winners = " and ".join(game.players[i].name for i in game.winners())
    assert "#1 Ann: pick " in out and "    — Turn 4 —\n" in out and f"    Game over. {winners} win" in out
    for k, d in enumerate(game.state.decisions, start=1):  # in the words of the coach (text/decisions.py)
        typed = decision_from_dict({key: v for key, v in d.items() if key != "player"})
        if d["kind"] != "deploy":  # a deployment names only the new Units: the game's end has them all in play
            assert f"\n#{k} {game.players[d['player']].name}: {decision_text(typed, game)}\n" in out
    assert "    Ann is dealt " in out  # the full narration: private events too
    assert out.rstrip().endswith(f"OK: the stored state matches the replay ({len(game.state.decisions)} "
                                 f"decisions, game over).")


def test_cli_replay_quiet_prints_only_the_verdict(tmp_path, capsys):
    path = save_as(partial_game(20), tmp_path / "g.json")
    assert main(["replay", "--quiet", str(path)]) == 0
    out = capsys.readouterr().out
    assert len(out.splitlines()) == 1 and out.startswith("OK: the stored state matches the replay (20 decisions")


def test_cli_replay_mismatch_exits_1(tmp_path, capsys):
    path = save_as(partial_game(30), tmp_path / "g.json")
    edit(path, lambda d: d["state"]["players"][0].update(gold=d["state"]["players"][0]["gold"] + 1))
    assert main(["replay", "--quiet", str(path)]) == 1
    err = capsys.readouterr().err
    assert "MISMATCH" in err and "state.players[0].gold" in err and "Traceback" not in err


@pytest.mark.parametrize("damage", ["missing", "truncated", "future"])
def test_cli_replay_of_an_unusable_file_exits_2(tmp_path, capsys, damage):
    path = tmp_path / "g.json"
    if damage != "missing":
        save_as(partial_game(10), path)
    if damage == "truncated":
        path.write_bytes(path.read_bytes()[:500])
    if damage == "future":
        edit(path, lambda d: d.update(version=99))
    before = path.read_bytes() if path.exists() else None
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("papertales: cannot replay: ") and "Traceback" not in err
    assert (path.read_bytes() if path.exists() else None) == before


def test_every_event_and_decision_has_readable_text():
    for players, seed in ((2, 1), (3, 2), (5, 3), (7, 4)):
        game = play_random_game([f"P{i}" for i in range(players)], seed)
        names = Names.of(game)
        for e in game.state.log:
            text = narrate(e, names, full=True)
            assert not text.startswith(f"{e['type']}:"), text
            assert "None" not in text, text
        for d in game.state.decisions:
            text = decision_text(decision_from_dict({k: v for k, v in d.items() if k != "player"}), game)
            assert text and "None" not in text, d


def test_a_solo_game_saves_loads_and_replays(tmp_path, capsys):
    from papertales_tui.rules.solo import SoloMode, play_random_solo_game

    game = play_random_solo_game("Sam", seed=3, difficulty=2)
    save = load_save(save_as(game, tmp_path / "solo.json"))
    assert isinstance(save.game.mode, SoloMode) and save.game.to_json() == game.to_json()
    assert replay_game(save).to_json() == game.to_json()
    names = Names.of(game)
    for e in game.state.log:
        assert not narrate(e, names, full=True).startswith(f"{e['type']}:"), e
    assert main(["replay", str(save.path)]) == 0
    out = capsys.readouterr().out
    lp = game.state.players[0].lp
    assert "    New solo game: Sam against the Lich King (seed 3).\n    Difficulty 2: Lich King cards " in out
    assert f"    Sam ★{lp} vs the Lich King ★{game.mode.lich_lp}: " in out

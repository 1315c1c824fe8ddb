"""Bots: legal decisions in whole games, no peeking at hidden cards, the tournament command."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from conftest import new_game

from papertales_tui.cli import main
from papertales_tui.rules.bots import LEVELS, make_bot, play_bot_game
from papertales_tui.rules.bots.knowledge import game_from_view
from papertales_tui.rules.engine import Game

FAST_HARD = {"budget": 10.0, "max_samples": 1}  # one sample per decision: quick and reproducible


def bot_for(level: str, seed: int = 7):
    return make_bot(level, seed, **(FAST_HARD if level == "hard" else {}))


@pytest.mark.parametrize("levels", [
    ["medium", "easy"],
    ["easy", "medium", "medium"],
    ["medium", "easy", "medium", "easy"],
    ["easy", "medium", "easy", "medium", "medium"],
])
def test_easy_and_medium_bots_play_whole_games_legally(levels, catalog):
    game = play_bot_game(levels, seed=len(levels), catalog=catalog)  # apply() refuses illegal decisions
    assert game.over
    assert len(game.state.decisions) > 10 * len(levels)


def test_hard_bot_plays_a_whole_game_legally(catalog):
    game = play_bot_game(["hard", "medium"], seed=3, catalog=catalog, bot_options=FAST_HARD)
    assert game.over
    hard_decisions = [d for d in game.state.decisions if d["player"] == 0]
    assert {d["kind"] for d in hard_decisions} >= {"pick", "deploy"}


def test_medium_bot_beats_easy_bot(catalog):
    wins = Counter()
    for seed in range(4):
        game = play_bot_game(["medium", "easy"] if seed % 2 else ["easy", "medium"], seed, catalog)
        for w in game.winners():
            wins[game.state.players[w].name.split()[0].lower()] += 1
    assert wins["medium"] > wins["easy"]


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        make_bot("impossible")
    assert LEVELS == ("easy", "medium", "hard")


# --- no peeking ------------------------------------------------------------------------------

def advance(game: Game, step: str, turn: int, seed: int = 0) -> Game:
    """Play medium bots until the given step of the given turn."""
    bots = [make_bot("medium", i) for i in range(len(game.players))]
    while not (game.state.turn == turn and game.state.step == step):
        for pend in game.pending():
            game.apply(pend.player, bots[pend.player].choose(game.view(pend.player), pend, game.catalog))
    return game


def scramble_hidden(game: Game, me: int, seed: int) -> Game:
    """A copy of the game where every card `me` cannot see is dealt again at random: other players'
    hands, drafts and kept cards, and the deck (the discard pile, partly seen, is left alone)."""
    other = Game.from_json(game.to_json(), game.catalog)
    s = other.state
    hidden = list(s.deck)
    for i, p in enumerate(s.players):
        if i != me:
            hidden += p.hand + p.draft + ([p.kept] if p.kept is not None else [])
    random.Random(seed).shuffle(hidden)
    for i, p in enumerate(s.players):
        if i != me:
            p.hand = [hidden.pop() for _ in p.hand]
            p.draft = [hidden.pop() for _ in p.draft]
            p.kept = hidden.pop() if p.kept is not None else None
    s.deck = hidden
    return other


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.parametrize("step,turn,players", [("pick", 2, 3), ("deploy", 2, 3), ("pick", 1, 2),
                                               ("construction", 1, 4)])
def test_decisions_ignore_hidden_cards(level, step, turn, players):
    game = advance(new_game(players, seed=11), step, turn)
    me = game.pending()[0].player
    other = scramble_hidden(game, me, seed=5)
    changed = [(p.hand, p.draft) for p in other.state.players] != [(p.hand, p.draft) for p in game.state.players]
    assert changed or step == "construction"
    assert other.view(me) == game.view(me)
    decisions = []
    for g in (game, other):
        pend = g.pending_for(me)
        decisions.append(bot_for(level).choose(g.view(me), pend, g.catalog))
    assert decisions[0] == decisions[1]


def test_determinization_is_consistent_with_the_view(catalog):
    game = advance(new_game(3, seed=4), "pick", 2)
    view = game.view(0)
    sample = game_from_view(view, 0, catalog, random.Random(1))
    s, real = sample.state, game.state
    everywhere = s.deck + s.discard + [c for p in s.players for c in p.hand + p.draft]
    everywhere += [p.kept for p in s.players if p.kept is not None]
    everywhere += [u.card for p in s.players for u in p.slots if u is not None]
    assert sorted(everywhere) == list(range(len(real.cards)))  # every card exactly once
    assert (len(s.deck), len(s.discard)) == (len(real.deck), len(real.discard))
    assert s.players[0].hand == real.players[0].hand and s.players[0].draft == real.players[0].draft
    for p, q in zip(s.players[1:], real.players[1:]):
        assert (len(p.hand), len(p.draft), p.slots) == (len(q.hand), len(q.draft), q.slots)
    # the sample plays on to the end with legal decisions
    bots = [make_bot("medium", i) for i in range(3)]
    while not sample.over:
        for pend in sample.pending():
            sample.apply(pend.player, bots[pend.player].choose(sample.view(pend.player), pend, catalog))


# --- the tournament command ------------------------------------------------------------------

def test_tournament_prints_a_table(capsys):
    assert main(["tournament", "--players", "2", "--games", "2", "--seats", "medium,easy"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("2 games, 2 players, seats medium,easy (rotating)")
    assert out[1].split() == ["level", "seats", "win", "rate", "95%", "CI", "mean", "LP", "95%", "CI"]
    rows = {line.split()[0]: line.split() for line in out[2:4]}
    assert set(rows) == {"medium", "easy"}
    assert rows["medium"][1] == "2" and rows["medium"][2].endswith("%")


def test_tournament_json(capsys):
    assert main(["tournament", "--players", "3", "--games", "3", "--seats", "medium,easy", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seats"] == ["medium", "easy", "medium"] and data["errors"] == 0
    levels = {r["level"]: r for r in data["levels"]}
    assert levels["medium"]["seat_games"] == 6 and levels["easy"]["seat_games"] == 3
    assert sum(r["wins"] for r in data["levels"]) == pytest.approx(3)
    for r in data["levels"]:
        lo, hi = r["win_rate_ci95"]
        assert 0 <= r["win_rate"] <= 1 and lo <= r["win_rate"] <= hi
        assert r["mean_lp_ci95"][0] <= r["mean_lp"] <= r["mean_lp_ci95"][1]


def test_tournament_refuses_unknown_levels(capsys):
    assert main(["tournament", "--seats", "medium,genius"]) == 2
    assert "genius" in capsys.readouterr().err


# --- solo games against the Lich King -----------------------------------------------------------

def play_solo(level: str, seed: int, difficulty: int):
    from papertales_tui.rules.solo import new_game as new_solo_game

    game = new_solo_game(["Bot"], seed=seed, difficulty=difficulty)
    bot = bot_for(level, seed)
    while not game.over:
        for pend in game.pending():
            game.apply(pend.player, bot.choose(game.view(pend.player), pend, game.catalog))
    return game


@pytest.mark.parametrize("difficulty", [0, 1, 2, 3, 4])
def test_medium_bot_plays_whole_solo_games_legally(difficulty):
    game = play_solo("medium", seed=difficulty, difficulty=difficulty)
    assert game.over and game.mode.difficulty == difficulty
    assert any(e["type"] == "solo_over" for e in game.state.log)


def solo_deploy_choice(hand: list[str]) -> dict:
    """Turn 2 with Sunken Ossuary (Black 2, Purple 3) under the Time token, the turn-3 card face down
    (Black 3-6, Purple 3-6), a Kingdom of strength 6 with both Front spots taken, 1 Gold."""
    from conftest import give, goto, put
    from test_solo import set_row

    from papertales_tui.rules.solo import new_game as new_solo_game

    game = goto(new_solo_game(["Bot"], seed=1), "deploy")
    set_row(game, ["crypt_of_whispers", "sunken_ossuary", "black_citadel", "throne_of_bones", "eternal_night"], 2)
    put(game, 0, 0, "forest_spirit")
    put(game, 0, 1, "golem")
    game.state.players[0].hand = []
    ids = dict(zip(hand, give(game, 0, hand)))
    game.state.players[0].gold = 1
    (pend,) = game.pending()
    decision = make_bot("medium").choose(game.view(0), pend, game.catalog)
    game.apply(0, decision)  # legal
    return {key: ids[key] in decision.slots for key in hand}


def test_medium_bot_deploys_to_beat_the_armies_in_solo():
    # the Archer fights from the Back: 8 beats every Black army and most Purple ones; the Peddler
    # (same cost) brings Gold and wood but no strength
    assert solo_deploy_choice(["peddler", "archer"]) == {"peddler": False, "archer": True}


def test_medium_bot_counts_the_quest_lp_a_card_would_give_from_the_underworld(catalog):
    from conftest import take
    from test_solo import set_row

    from papertales_tui.rules.bots.medium import Planner
    from papertales_tui.rules.solo import new_game as new_solo_game

    game = new_solo_game(["Bot"], seed=2, lich_cards=["harvest_of_souls"])  # food: 1 LP each
    set_row(game, ["crypt_of_whispers", "sunken_ossuary", "black_citadel", "throne_of_bones", "eternal_night"], 1)
    cards = {k: take(game, k) for k in ("knight", "farmer", "blacksmith", "hunter")}
    planner = Planner(game_from_view(game.view(0), 0, catalog), 0)
    quest = {k: planner.armies.quest_lp(c) for k, c in cards.items()}
    # Crypt of Whispers: strength 4 or more; the Sunken Ossuary's quest is still face down
    assert quest == {"knight": 1, "farmer": 1, "blacksmith": 0, "hunter": 1}

"""The chances of the Wars forecast while the neighbours hold hidden cards (rules/forecast.py):
worked out over samples of the hidden cards, exact only when nothing that matters is hidden."""

from __future__ import annotations

import pytest
from conftest import give, goto, new_game, put

from papertales_tui.rules import forecast
from papertales_tui.rules.engine import WAR_LP, Game
from papertales_tui.rules.forecast import LOSE, OPEN, WIN, Rivals, deployment_forecast, rival_strengths
from papertales_tui.rules.observer import observe


def slots_of(game: Game, player: int) -> list[int | None]:
    return [u.card if u else None for u in game.players[player].slots]


def test_nothing_hidden_gives_a_verdict_not_a_chance(catalog):
    game = goto(new_game(3, seed=1), "deploy", turn=2)
    put(game, 0, 0, "knight")
    put(game, 1, 0, "farmer")
    put(game, 2, 0, "demon")
    for p in game.state.players[1:]:
        p.hand.clear()  # nothing left to deploy: their strength is known
    rivals = rival_strengths(observe(game, 0), catalog)
    assert rivals is not None and all(rivals.exact) and len(rivals.samples) == 1
    f = deployment_forecast(game, 0, slots_of(game, 0), rivals=rivals)
    against = {w.player: w for w in f.wars}
    assert against[1].result == WIN and against[1].chances is None and against[1].won_odds == ((1, 1.0),)
    assert against[2].result == LOSE and against[2].chances is None and against[2].won_odds == ((0, 1.0),)
    assert f.lp_odds == ()  # nothing sampled: the LP are the known figures
    assert f.lp_total == (WAR_LP, WAR_LP)


@pytest.mark.parametrize(("players", "expected"), [(3, (0.5, 0.25)), (2, None)])
def test_the_chance_of_a_war_is_the_share_of_samples_it_is_won_in(catalog, players, expected):
    """Sampled strengths ⚔3, ⚔5, ⚔6, ⚔9 against ⚔6: won (a tie is won by both) in half of them,
    tied in one; with 2 players the double War: twice against ⚔3, once against ⚔5 and ⚔6."""
    game = goto(new_game(players, seed=1), "deploy", turn=2)
    put(game, 0, 0, "knight")
    put(game, 0, 1, "woodcutter")  # ⚔4 + ⚔2
    mine = game.strength(0)
    assert mine == 6
    others = game.rivals(0)
    rivals = Rivals(tuple(others), tuple(tuple(s for _ in others) for s in (3, 5, 6, 9)), (False,) * len(others))
    f = deployment_forecast(game, 0, slots_of(game, 0), rivals=rivals)
    w = f.wars[0]
    assert w.result == OPEN and w.theirs == (3, 9)
    if players == 3:
        assert w.chances == (0.5, 0.25, 0.25) and w.won_chance == 0.75
        assert w.won_odds == ((0, 0.25), (1, 0.75))
        both = dict(f.lp_odds[[name for name, _, _ in f.lp].index(f"War vs {w.against}")])
        assert both == {0: 0.25, WAR_LP: 0.75}
    else:
        assert w.won_odds == ((0, 0.25), (1, 0.5), (2, 0.25)) and w.won_chance == 0.75
        assert w.lp == (0, 2 * WAR_LP)


def test_sampled_hands_give_the_share_of_the_hidden_cards_that_beat_you(catalog, monkeypatch):
    """The neighbour holds one hidden card, one of 4 cards the seat has not seen (2 Knights ⚔4 and
    2 Farmers ⚔1; every other card is in the seat's sight). Drawn at random (`PICKED_FROM` 1), the
    forecast wins the double War about half the time (when the neighbour holds a Farmer); as a
    draft's pick (the best of `PICKED_FROM` = 4 cards: here all of them), never."""
    monkeypatch.setattr(forecast, "PICKED_FROM", 1)
    game = goto(new_game(2, seed=3), "deploy", turn=2)
    s = game.state
    put(game, 0, 0, "knight")
    put(game, 1, 0, "miner")  # ⚔2
    for p in s.players:
        s.deck.extend(p.hand)
        p.hand.clear()
        p.gold = 5
    give(game, 1, ["knight"])
    pool = s.deck + s.discard
    hidden: list[int] = []
    keep = {"knight": 1, "farmer": 2}
    for c in pool:
        key = s.cards[c]
        if keep.get(key, 0) > 0:
            keep[key] -= 1
            hidden.append(c)
    s.deck = hidden
    s.discard = []
    # the rest is seen by seat 0: in its own (finished) draft
    s.players[0].draft = [c for c in pool if c not in hidden]
    view = observe(game, 0)
    assert view.players[1].hand_count == 1
    rivals = rival_strengths(view, catalog, samples=400)
    assert rivals is not None and rivals.exact == (False,)
    strengths = rivals.strengths(1)
    assert set(strengths) <= {2 + 1, 2 + 4}  # a Farmer or a Knight deployed beside the Miner
    f = deployment_forecast(game, 0, slots_of(game, 0), rivals=rivals)  # ⚔4: one War against ⚔3
    w = f.wars[0]
    assert w.won_chance == pytest.approx(0.5, abs=0.1)
    assert w.won_chance == strengths.count(3) / len(strengths)  # (the share, exactly)
    assert rival_strengths(view, catalog, samples=400) == rivals  # seeded: the same samples again
    monkeypatch.setattr(forecast, "PICKED_FROM", 4)
    picked = rival_strengths(view, catalog, samples=50)
    assert picked is not None and set(picked.strengths(1)) == {6}
    w = deployment_forecast(game, 0, slots_of(game, 0), rivals=picked).wars[0]
    assert w.won_chance == 0.0 and w.result == OPEN  # (a chance from samples, never a verdict)

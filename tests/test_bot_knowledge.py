"""What a seat's memory of the draft tells the hard bot's samples about the hidden cards."""

from __future__ import annotations

import random

import pytest
from conftest import new_game

from papertales_tui.rules.bots import make_bot
from papertales_tui.rules.bots.knowledge import DraftMemory, game_from_view
from papertales_tui.rules.decisions import Step
from papertales_tui.rules.engine import Game


def every_card(game: Game) -> list[int]:
    s = game.state
    cards = s.deck + s.discard + [c for p in s.players for c in p.hand + p.draft]
    cards += [p.kept for p in s.players if p.kept is not None]
    cards += [u.card for p in s.players for u in p.slots if u is not None]
    return sorted(cards)


def watched_views(players: int, seed: int, turns: int = 2):
    """Each view seat 0 gets in the first `turns` turns of a medium-bot game, with the true game, its
    memory of the draft, and the cards it passed on last (None in the first round)."""
    game = new_game(players, seed=seed)
    bots = [make_bot("medium", i) for i in range(players)]
    memory = DraftMemory()
    while game.state.turn <= turns:
        pend = {p.player: p for p in game.pending()}
        if 0 in pend and pend[0].kind in (Step.PICK, Step.DEPLOY):
            view = game.view(0)
            memory.watch(view, 0)
            yield game, view, memory
        for p in pend.values():
            game.apply(p.player, bots[p.player].choose(game.view(p.player), p, game.catalog))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_samples_place_the_cards_passed_on_where_they_can_be(players):
    checked = 0
    for game, view, memory in watched_views(players, seed=players):
        s = game.state
        for k in range(3):
            sample = game_from_view(view, 0, game.catalog, random.Random(k), drafts=memory).state
            assert every_card(sample_game := Game(sample, game.catalog)) == every_card(game)
            assert [len(p.hand) for p in sample.players] == [len(p.hand) for p in s.players]
            assert [len(p.draft) for p in sample.players] == [len(p.draft) for p in s.players]
            if view.phase == "recruitment" and view.draft_round > 0:
                # the next seat holds exactly the cards seat 0 passed on last
                nxt = game.pass_target(0)
                assert sorted(sample.players[nxt].draft) == sorted(s.players[nxt].draft)
                checked += 1
            # every card seat 0 held this turn and no longer sees is where it may truly be: in the
            # hands of the others (or the 2-player draft's discards), or in a draft it truly is in
            seen = {c for cards in memory.held.values() for c in cards} - set(view.players[0].hand) \
                - set(view.players[0].draft)
            for c in seen:
                truly = next(i for i, p in enumerate(s.players) if c in p.hand + p.draft) \
                    if any(c in p.hand + p.draft for p in s.players) else "discard"
                placed = next(i for i, p in enumerate(sample.players) if c in p.hand + p.draft) \
                    if any(c in p.hand + p.draft for p in sample.players) else "discard"
                assert truly != 0 and placed != 0
                if truly != "discard" and c in s.players[truly].draft:
                    assert placed == truly or c not in sample.players[truly].draft
            del sample_game
    assert checked > 4


def test_two_player_samples_know_the_other_hand_up_to_each_rounds_two_cards():
    for game, view, memory in watched_views(2, seed=5, turns=1):
        if view.phase != "deployment":
            continue
        s = game.state
        seen = {c for cards in memory.held.values() for c in cards}
        truth = set(s.players[1].hand) & seen  # the picks of the other seat among the cards seat 0 saw
        gone = truth | (set(s.discard) & seen) - set(view.players[0].hand)
        for k in range(20):
            sample = game_from_view(view, 0, game.catalog, random.Random(k), drafts=memory).state
            picks = set(sample.players[1].hand) & seen
            assert len(picks) == len(truth) and picks <= gone
        return
    pytest.fail("no deployment view")


def test_without_a_memory_or_with_another_games_memory_samples_draw_at_random():
    views = list(watched_views(2, seed=5, turns=1))
    game, view, memory = views[3]
    plain = game_from_view(view, 0, game.catalog, random.Random(1)).state
    assert game_from_view(view, 0, game.catalog, random.Random(1), drafts=DraftMemory()).state.to_dict() \
        == plain.to_dict()
    other = next(m for g, v, m in watched_views(2, seed=6, turns=1) if v.draft_round == view.draft_round)
    stranger = game_from_view(view, 0, game.catalog, random.Random(1), drafts=other).state
    assert every_card(Game(stranger, game.catalog)) == every_card(game)


def test_the_hard_bot_searches_samples_that_hold_what_it_passed_on(monkeypatch):
    """A hard bot seat, playing a 2-player draft: from the second round on, every sample it plays
    out gives the other seat exactly the cards it passed to it."""
    from papertales_tui.rules.bots import hard

    game = new_game(2, seed=3)
    bots = [make_bot("hard", 0, budget=0.02), make_bot("medium", 1)]
    sampled: list[list[int]] = []  # the other seat's draft cards in each sample, as dealt
    real = hard.game_from_view

    def spy(view, player, catalog, rng=None, *rest):
        sim = real(view, player, catalog, rng, *rest)
        if rng is not None:  # (not the bot's own rebuild of the view, with nothing hidden drawn)
            sampled.append(sorted(sim.state.players[1].draft))
        return sim

    monkeypatch.setattr(hard, "game_from_view", spy)
    checked = 0
    while game.state.phase == "recruitment":
        for pend in game.pending():
            if pend.player == 0 and game.state.draft_round > 0:
                sampled.clear()
                truth = sorted(game.state.players[1].draft)
                game.apply(0, bots[0].choose(game.view(0), pend, game.catalog))
                assert sampled and all(draft == truth for draft in sampled)
                checked += 1
            else:
                game.apply(pend.player, bots[pend.player].choose(game.view(pend.player), pend, game.catalog))
    assert checked == 3


def by_number(seat, cards):
    """A judge of draft picks for whom a card is worth its number (every seat takes the highest)."""
    return {c: float(c) for c in cards}


def test_with_a_judge_the_pick_made_before_a_packet_was_seen_is_one_the_picker_prefers():
    """3 players, round 1: seat 0 holds the packet its neighbour dealt to itself, less the card that
    neighbour took. With a judge by which every seat takes the highest card number, the neighbour's
    one pick in every sample is an unseen card numbered above every card it passed on; without one,
    it is any unseen card."""
    game, view, memory = next((g, v, m) for g, v, m in watched_views(3, seed=11, turns=1)
                              if v.phase == "recruitment" and v.draft_round == 1)
    giver = next(i for i in range(3) if game.pass_target(i) == 0)
    packet = view.players[0].draft
    above = [c for c in every_card(game) if c > max(packet)]
    assert above  # (the test needs unseen cards the picker would prefer)
    judged, plain = set(), set()
    for k in range(30):
        hand = game_from_view(view, 0, game.catalog, random.Random(k), drafts=memory, judge=by_number)
        assert every_card(hand) == every_card(game)
        (pick,) = hand.state.players[giver].hand
        assert pick > max(packet)
        judged.add(pick)
        (drawn,) = game_from_view(view, 0, game.catalog, random.Random(k), drafts=memory).state.players[giver].hand
        plain.add(drawn)
    assert len(judged) > 1 and min(plain) < max(packet)  # (a draw among the likely picks, not one card)


def test_with_a_judge_the_cards_missing_from_a_packet_go_to_the_seats_that_prefer_them():
    """3 players, round 3: seat 0's own packet came back with two cards fewer, one taken by each
    other seat in turn. With a judge by which every seat takes the highest number, the first of them
    holds the higher one in every sample (when the judge says it would have taken it over the rest),
    where the random order gives it either."""
    game, view, memory = next((g, v, m) for g, v, m in watched_views(3, seed=11, turns=1)
                              if v.phase == "recruitment" and v.draft_round == 3)
    first = game.pass_target(0)
    mine = set(memory.held[0]) - set(view.players[0].picks[0])
    missing = sorted(mine - set(view.players[0].draft))
    assert len(missing) == 2
    if max(view.players[0].draft) > missing[1]:
        pytest.skip("the judge would have taken a card nobody took: no order is implied")
    judged, plain = set(), set()
    for k in range(20):
        held = set(game_from_view(view, 0, game.catalog, random.Random(k), drafts=memory,
                                  judge=by_number).state.players[first].hand) & set(missing)
        judged |= held
        plain |= set(game_from_view(view, 0, game.catalog, random.Random(k), drafts=memory).state.players[first].hand) \
            & set(missing)
    assert judged == {missing[1]} and plain == set(missing)


@pytest.mark.parametrize("players", [2, 3])
def test_the_pick_model_places_medium_bots_cards_in_the_right_hands_more_often(players):
    """Against medium bots, samples drawn with `PickModel` (the medium bot's own card gains) give
    the other seats more of the cards they truly hold at the Deployment than samples without it."""
    from papertales_tui.rules.bots.opponents import PickModel

    right = {"model": 0, "plain": 0}
    for game, view, memory in watched_views(players, seed=900 + players, turns=2):
        if view.phase != "deployment":
            continue
        judge = PickModel(game_from_view(view, 0, game.catalog))
        for k in range(20):
            for name, j in (("model", judge), ("plain", None)):
                sample = game_from_view(view, 0, game.catalog, random.Random(k), drafts=memory, judge=j).state
                right[name] += sum(len(set(sample.players[i].hand) & set(game.state.players[i].hand))
                                   for i in range(1, players))
    assert right["model"] > 1.15 * right["plain"] > 0


@pytest.mark.parametrize("players", [2, 3, 5])
def test_draft_counts_are_the_draft_hands_of_a_game(players):
    from papertales_tui.rules.engine import draft_counts

    game = new_game(players, seed=1)
    bots = [make_bot("medium", i) for i in range(players)]
    seen = []
    while game.state.phase == "recruitment":
        seen.append([len(p.draft) for p in game.state.players])
        for pend in game.pending():
            game.apply(pend.player, bots[pend.player].choose(game.view(pend.player), pend, game.catalog))
    rounds = game.state.draft_round
    assert [[c] * players for c in draft_counts(players, rounds)[:len(seen)]] == seen
    assert draft_counts(players, rounds)[-1] == 0  # every card dealt was taken

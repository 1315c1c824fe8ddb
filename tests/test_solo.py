"""Solo mode against the Lich King: setup, the Underworld draft, the Lich King's gains, the two armies,
the end of the game, difficulty cards, JSON, and the solo card files."""

import copy
import dataclasses
import json
import random
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from conftest import deploy_nothing, edit_yaml, events, goto, put, take

from papertales_tui.rules.card_files import default_catalog
from papertales_tui.rules.card_paths import default_cards_dir
from papertales_tui.rules.cards import LICH_EFFECTS, QUEST_CONDITIONS, LichKingCard
from papertales_tui.rules.catalog import CardFileError, load_catalog
from papertales_tui.rules.engine import Game, IllegalDecision
from papertales_tui.rules.games import load_game
from papertales_tui.rules.random_play import random_decision
from papertales_tui.rules.solo import (
    QUEST_TESTS,
    SoloMode,
    necropolis_candidates,
    play_random_solo_game,
    possible_armies,
    quest_matches,
)
from papertales_tui.rules.solo import (
    new_game as new_solo_game,
)

ROOT = Path(__file__).resolve().parents[1]


def solo(seed: int = 0, difficulty: int = 0, **kw) -> Game:
    return new_solo_game(["Christine"], seed=seed, difficulty=difficulty, **kw)


def set_row(game: Game, row: list[str], turn: int) -> None:
    """Lay out this Necropolis row, at the start of `turn`: the Time token on card `turn`, and the
    cards up to it revealed (the state before the turn's Wars)."""
    s = game.state
    s.mode_state.necropolis = list(row)
    s.mode_state.time = turn - 1
    s.mode_state.revealed = turn
    s.turn = turn


def at_last_pick(game: Game, hand: list[str], last: str, underworld: list[str]) -> None:
    """Recruitment just before its 5th card: 4 cards recruited, `last` on top of the Underworld (taken
    without asking), `underworld` the 7 cards left below it."""
    s, p = game.state, game.state.players[0]
    s.deck.extend(p.draft)
    p.draft = [take(game, last)]
    p.hand = [take(game, k) for k in hand]
    s.mode_state.underworld = [take(game, k) for k in underworld]
    s.draft_round = 4
    s.step, s.phase = "pick", "recruitment"


def play_randomly(game: Game, seed: int, until=lambda g: g.over, check=None) -> None:
    rng = random.Random(seed)
    while not until(game):
        assert not game.over, "the game ended first"
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
            if check:
                check(game)


def card_places(game: Game) -> Counter:
    s = game.state
    places = [*s.deck, *s.discard, *s.mode_state.underworld]
    for p in s.players:
        places += [*p.hand, *p.draft, *([p.kept] if p.kept is not None else [])]
        places += [u.card for u in p.slots if u is not None]
    return Counter(places)


# ---- setup ----


def test_setup_lays_one_card_of_each_pile_and_reveals_the_first():
    game = solo(seed=3)
    row = [game.mode.necropolis_card(i) for i in range(5)]
    assert [c.pile for c in row] == [1, 2, 3, 4, "end"]
    assert game.mode.solo.time == 0 and game.mode.solo.revealed == 1
    (e,) = events(game, "necropolis_revealed")
    assert e["position"] == 0 and e["card"] == row[0].key
    assert len(game.players) == 1 and game.players[0].gold == 3 and game.mode.lich_lp == 0
    assert game.state.mode == "solo"


def test_setup_is_seeded_and_varies_with_the_seed():
    assert solo(seed=5).mode.solo.necropolis == solo(seed=5).mode.solo.necropolis
    rows = {tuple(solo(seed=s).mode.solo.necropolis) for s in range(30)}
    assert len(rows) > 10
    for pos in range(5):  # every card of every pile comes up
        assert len({r[pos] for r in rows}) == 4


def test_difficulty_draws_that_many_lich_king_cards():
    for d in range(5):
        game = solo(seed=d, difficulty=d)
        assert len(game.mode.solo.lich_cards) == len(set(game.mode.solo.lich_cards)) == d == game.mode.difficulty
    game = solo(lich_cards=["reaper_of_souls"])
    assert game.mode.solo.lich_cards == ["reaper_of_souls"]
    with pytest.raises(ValueError):
        solo(difficulty=5)
    with pytest.raises(ValueError):
        solo(lich_cards=["no_such_card"])
    with pytest.raises(ValueError):
        new_solo_game(["A", "B"])


def test_choosing_the_lich_king_cards_does_not_change_the_rest_of_the_setup():
    drawn, chosen = solo(seed=9, difficulty=2), solo(seed=9, lich_cards=["legion_of_bone"])
    assert drawn.mode.solo.necropolis == chosen.mode.solo.necropolis
    assert drawn.state.deck == chosen.state.deck
    assert drawn.state.rng.getstate() == chosen.state.rng.getstate()


# ---- the Underworld draft ----


def test_draft_rounds_take_5_4_3_then_2_from_the_underworld_then_the_top_one():
    game = solo(seed=1)
    p, s = game.players[0], game.state
    seen = []
    for round_, size, rest_to in ((1, 5, "underworld"), (2, 4, "underworld"), (3, 3, "underworld"),
                                  (4, 2, "underworld_bottom")):
        (pend,) = game.pending()
        assert pend.kind == "pick" and pend.player == 0
        o = pend.options
        assert (o.round, len(o.cards), o.rest_to, o.discard) == (round_, size, rest_to, False)
        assert o.underworld == len(s.mode_state.underworld) == (0, 4, 7, 7)[round_ - 1]
        seen.append(list(o.cards))
        pick = o.cards[-1]
        game.apply(0, {"kind": "pick", "card": pick})
        assert pick in p.hand
    assert len(events(game, "underworld_shuffled")) == 1
    # the card not kept in round 4 went to the bottom; the 5th card came from the top, without asking
    (bottom,) = events(game, "underworld_bottom")
    assert bottom["cards"] == [c for c in seen[3] if c not in p.hand]
    assert len(p.hand) == 5 and s.phase == "deployment"
    (last,) = [e for e in events(game, "underworld_drawn") if len(e["cards"]) == 1]
    assert last["cards"][0] in p.hand
    # 12 cards from the pile: 5 recruited, exactly 7 left in the Underworld for the quests
    (gone,) = events(game, "underworld_discarded")
    assert len(gone["cards"]) == 7
    assert set(gone["cards"]) | set(p.hand) == {c for cards in seen[:3] for c in cards}
    assert all(len(e["matches"]) <= 7 for e in events(game, "lich_quest"))
    assert s.mode_state.underworld == [] and set(gone["cards"]) <= set(s.discard)


def test_every_turn_leaves_exactly_7_cards_in_the_underworld():
    game = solo(seed=4, difficulty=4)
    play_randomly(game, 4)
    gone = events(game, "underworld_discarded")
    assert len(gone) == 4 and all(len(e["cards"]) == 7 for e in gone)
    assert len(events(game, "card_picked")) == 20


def test_picking_a_card_not_offered_is_refused():
    game = solo(seed=2)
    offered = game.pending()[0].options.cards
    other = next(c for c in game.state.deck if c not in offered)
    before = game.to_json()
    with pytest.raises(IllegalDecision):
        game.apply(0, {"kind": "pick", "card": other})
    with pytest.raises(IllegalDecision):
        game.apply(0, {"kind": "pick", "card": offered[0], "discard": offered[1]})
    assert game.to_json() == before


def test_kept_card_joins_the_hand_after_the_underworld_draft():
    game = solo(seed=6)
    kept = take(game, "knight")
    game.players[0].kept = kept
    for _ in range(4):
        game.apply(0, {"kind": "pick", "card": game.pending()[0].options.cards[0]})
    assert kept in game.players[0].hand and len(game.players[0].hand) == 6


# ---- the Lich King's gains at Recruitment ----


def test_worked_example_turn_2_recruitment_gives_the_lich_king_8_lp():
    # Turn 2: immediate gain 1 LP; the first card's quest 1 x 1 LP; the second's 3 x 2 LP: 8 LP.
    game = solo(seed=1)
    set_row(game, ["crypt_of_whispers", "sunken_ossuary", "black_citadel", "throne_of_bones", "eternal_night"], 2)
    at_last_pick(game, hand=["colossus", "woodcutter", "time_master", "adventurer"], last="miner",
                 underworld=["knight",  # strength 4: Crypt of Whispers
                             "golem", "manticore", "ogre",  # cost 2: Sunken Ossuary
                             "farmer", "cook", "blacksmith"])
    game.resume()
    gains = events(game, "lich_lp")
    assert [(e["cause"], e["source"], e["amount"]) for e in gains] == [
        ("immediate", "sunken_ossuary", 1), ("quest", "crypt_of_whispers", 1), ("quest", "sunken_ossuary", 6)]
    assert game.mode.lich_lp == 8
    quests = {e["source"]: e for e in events(game, "lich_quest")}
    assert [game.state.cards[c] for c in quests["crypt_of_whispers"]["matches"]] == ["knight"]
    assert sorted(game.state.cards[c] for c in quests["sunken_ossuary"]["matches"]) == ["golem", "manticore", "ogre"]
    assert game.state.phase == "deployment" and len(game.players[0].hand) == 5


def test_quests_of_unrevealed_cards_do_not_score():
    game = solo(seed=1)
    set_row(game, ["crypt_of_whispers", "sunken_ossuary", "black_citadel", "throne_of_bones", "eternal_night"], 1)
    at_last_pick(game, hand=["farmer", "farmer", "farmer", "cook"], last="cook",
                 underworld=["knight", "knight", "golem", "manticore", "ogre", "commander", "blacksmith"])
    game.resume()
    assert [e["source"] for e in events(game, "lich_quest")] == ["crypt_of_whispers"]
    gain = game.mode.necropolis_card(0).gain
    assert game.mode.lich_lp == gain + 3  # knight, knight, commander: strength 4


def test_quests_read_the_printed_card():
    cat = default_catalog()
    u, q = cat.units, {k: c.quest for k, c in cat.necropolis.items() if c.quest}
    assert quest_matches(q["bone_orchard"], u["hunter"])  # produces food only in the Front: always met
    assert quest_matches(q["haunted_mine"], u["adventurer"])  # ore per Age token: always met
    assert quest_matches(q["bone_orchard"], u["leviathan"])  # food once aged: always met
    assert not quest_matches(q["lantern_of_souls"], u["cerberus"])  # printed strength 2, not 3
    assert not quest_matches(q["lantern_of_souls"], u["dragon"])  # printed strength 0, not 7
    assert not quest_matches(q["lantern_of_souls"], u["shapeshifter"])  # no printed strength
    assert quest_matches(q["crypt_of_whispers"], u["kraken"])
    assert quest_matches(q["restless_barrow"], u["veteran"]) and not quest_matches(q["restless_barrow"], u["knight"])
    assert quest_matches(q["grave_tide"], u["knight"]) and not quest_matches(q["grave_tide"], u["archer"])
    assert quest_matches(q["black_citadel"], u["archer"])  # fights from the Back: a Wars ability
    assert quest_matches(q["mirror_of_night"], u["peddler"]) and not quest_matches(q["mirror_of_night"], u["cook"])


# ---- Wars against the two armies ----


def worked_wars_game() -> Game:
    game = goto(solo(seed=1), "deploy")
    set_row(game, ["crypt_of_whispers", "sunken_ossuary", "black_citadel", "throne_of_bones", "eternal_night"], 2)
    put(game, 0, 0, "forest_spirit")
    put(game, 0, 1, "golem")
    return game


def test_worked_example_kingdom_6_against_black_6_and_purple_8():
    game = worked_wars_game()
    assert game.mode.armies() is None  # the next card is still face down
    deploy_nothing(game, 0)
    (revealed,) = events(game, "necropolis_revealed", position=2)
    assert revealed["card"] == "black_citadel" and game.mode.solo.revealed == 3 and game.mode.solo.time == 1
    assert game.mode.armies() == {"black": 6, "purple": 8}
    wars = {e["army"]: e for e in events(game, "solo_war")}
    assert (wars["black"]["strength"], wars["black"]["army_strength"]) == (6, 6)
    assert wars["black"]["player_won"] and wars["black"]["lich_won"]  # a tie: both win
    assert not wars["purple"]["player_won"] and wars["purple"]["lich_won"]
    assert [(e["amount"], e["cause"]) for e in events(game, "lp", player=0)] == [(3, "wars")]
    assert [(e["amount"], e["cause"]) for e in events(game, "lich_lp")] == [(2, "wars")]
    assert game.players[0].lp == 3 and game.mode.lich_lp == 2


def test_the_armies_as_the_player_sees_them_range_over_the_face_down_cards():
    game = worked_wars_game()  # turn 2: the turn-2 card is face up, the turn-3 card face down
    catalog, row = game.catalog, game.mode.seen_row()
    assert row == ["crypt_of_whispers", "sunken_ossuary", None, None, None]
    pile3 = [c for c in catalog.necropolis.values() if c.pile == 3]
    assert necropolis_candidates(catalog, row, 2) == pile3 and len(pile3) > 1
    now = catalog.necropolis["sunken_ossuary"]
    armies = possible_armies(catalog, row, game.mode.solo.lich_cards, 1)
    assert armies == [{"black": now.black + c.black, "purple": now.purple + c.purple} for c in pile3]
    low, high = game.mode.army_outlook()["black"]
    assert (low, high) == (min(a["black"] for a in armies), max(a["black"] for a in armies))
    # next turn's: both its cards are face down, so the outlook does not depend on what they are
    ahead = game.mode.army_outlook(3)
    for key in [c.key for c in pile3]:
        game.mode.solo.necropolis[2] = key
        assert game.mode.army_outlook(3) == ahead
    assert len(possible_armies(catalog, row, game.mode.solo.lich_cards, 2)) == len(pile3) * sum(
        c.pile == 4 for c in catalog.necropolis.values())


def test_a_kingdom_stronger_than_both_armies_wins_both_wars():
    game = worked_wars_game()
    put(game, 0, 3, "archer")  # fights from the Back: 8
    put(game, 0, 4, "commander")  # Back row: does not fight, but scores 1 LP per War won
    deploy_nothing(game, 0)
    assert game.strength(0) == 8
    assert game.players[0].lp == 6 + 2 and game.mode.lich_lp == 1  # purple 8 ties
    assert events(game, "lp", player=0, cause="commander")[0]["amount"] == 2


def test_turn_4_fights_the_armies_of_the_turn_4_and_end_cards():
    game = goto(solo(seed=1), "deploy")
    set_row(game, ["crypt_of_whispers", "sunken_ossuary", "black_citadel", "throne_of_bones", "hollow_crown"], 4)
    deploy_nothing(game, 0)
    turn4, end = game.mode.necropolis_card(3), game.mode.necropolis_card(4)
    assert game.mode.armies() == {"black": turn4.black + end.black, "purple": turn4.purple + end.purple}
    assert game.mode.solo.revealed == 5


# ---- end of turn, end of game ----


def finish_turn_4(game: Game) -> None:
    """From turn 4's Construction with an empty Kingdom and no Gold: to the end of the game."""
    goto(game, "construction", turn=4)
    game.players[0].gold = 0
    game.resume()
    if game.pending():  # a free upgrade on offer: decline it
        game.apply(0, {"kind": "pass"})


def test_time_token_moves_each_turn_and_the_game_ends_on_the_end_card():
    game = solo(seed=8)
    play_randomly(game, 8)
    moves = events(game, "time_moved")
    assert [e["position"] for e in moves] == [1, 2, 3, 4]
    assert game.mode.solo.time == 4 and game.mode.solo.revealed == 5 and game.over
    end = game.mode.necropolis_card(4)
    (e,) = events(game, "lich_lp", cause="end")
    assert (e["source"], e["amount"]) == (end.key, end.gain)
    assert [e["type"] for e in game.state.log[-2:]] == ["game_over", "solo_over"]


def test_a_tie_is_won_by_the_lich_king():
    game = solo(seed=2)
    set_row(game, ["crypt_of_whispers", "sunken_ossuary", "black_citadel", "throne_of_bones", "eternal_night"], 4)
    end_gain = game.mode.necropolis_card(4).gain
    game.mode.solo.lich_lp = 20
    game.players[0].lp = 20 + end_gain  # Eternal Night's gain brings the Lich King level
    finish_turn_4(game)
    assert game.over and game.mode.lich_lp == game.players[0].lp == 20 + end_gain and game.winners() == []
    assert events(game, "solo_over")[0]["winner"] == "lich_king"
    assert events(game, "game_over")[0]["winners"] == []


def test_one_more_lp_than_the_lich_king_wins():
    game = solo(seed=2)
    set_row(game, ["crypt_of_whispers", "sunken_ossuary", "black_citadel", "throne_of_bones", "eternal_night"], 4)
    end_gain = game.mode.necropolis_card(4).gain
    game.mode.solo.lich_lp = 20
    game.players[0].lp = 20 + end_gain
    game.players[0].buildings = {"town": 1}  # +1 LP at the end
    finish_turn_4(game)
    assert (game.players[0].lp, game.mode.lich_lp) == (21 + end_gain, 20 + end_gain) and game.winners() == [0]
    assert events(game, "solo_over")[0]["winner"] == "player"


# ---- Lich King cards ----


def test_legion_of_bone_adds_1_lp_per_war_won_by_the_black_army():
    game = worked_wars_game()
    game.mode.solo.lich_cards = ["legion_of_bone"]
    deploy_nothing(game, 0)  # both armies win; Legion of Bone counts the Black army's War only
    assert [(e["cause"], e["amount"]) for e in events(game, "lich_lp")] == [("wars", 2), ("lich_card", 1)]


def test_a_war_bonus_on_any_army_counts_both_wars():
    cat = default_catalog()
    host = LichKingCard("host", "Host", "lp_per_war_won", {"amount": 2, "army": "any"}, text="x")
    custom = dataclasses.replace(cat, lich_king={**cat.lich_king, "host": host})
    game = goto(new_solo_game(["A"], seed=1, catalog=custom, lich_cards=["host"]), "deploy")
    set_row(game, ["crypt_of_whispers", "sunken_ossuary", "black_citadel", "throne_of_bones", "eternal_night"], 2)
    deploy_nothing(game, 0)  # an empty Kingdom loses both Wars
    assert events(game, "lich_lp", source="host")[0]["amount"] == 4


def test_reaper_of_souls_scores_the_units_that_die():
    game = goto(solo(seed=3, lich_cards=["reaper_of_souls"]), "construction", turn=1)
    put(game, 0, 0, "knight", age=1)
    put(game, 0, 1, "blacksmith", age=1)
    put(game, 0, 3, "relic_of_wisdom", age=1)  # never dies
    game.players[0].gold = 0  # nothing to build
    game.resume()
    assert len(events(game, "unit_died")) == 2
    (e,) = events(game, "lich_lp", source="reaper_of_souls")
    assert e["amount"] == 1 and e["units"] == 2  # 1 LP for every 2 Units


def test_reaper_of_souls_scores_nothing_for_a_single_death():
    game = goto(solo(seed=3, lich_cards=["reaper_of_souls"]), "construction", turn=1)
    put(game, 0, 0, "knight", age=1)
    game.players[0].gold = 0
    game.resume()
    assert len(events(game, "unit_died")) == 1 and not events(game, "lich_lp", source="reaper_of_souls")


def test_ruined_realms_scores_missing_buildings_at_the_end():
    game = solo(seed=3, lich_cards=["ruined_realms"])
    game.players[0].buildings = {"town": 2, "mine": 1}
    finish_turn_4(game)
    (e,) = events(game, "lich_lp", source="ruined_realms")
    assert e["amount"] == 2 * 3 and e["buildings"] == 3


def test_harvest_of_souls_is_an_extra_quest():
    game = solo(seed=1, lich_cards=["harvest_of_souls"])
    set_row(game, ["bone_orchard", "sunken_ossuary", "black_citadel", "throne_of_bones", "eternal_night"], 1)
    at_last_pick(game, hand=["knight", "knight", "woodcutter", "miner"], last="archer",
                 underworld=["farmer", "hunter", "treefolk", "knight", "blacksmith", "cook", "monkey"])
    game.resume()
    (e,) = events(game, "lich_lp", source="harvest_of_souls")
    assert e["amount"] == 3  # farmer, hunter (food from the Front: always met), treefolk


def test_army_strength_card_strengthens_both_armies():
    cat = default_catalog()
    grim = LichKingCard("grim_host", "Grim Host", "army_strength", {"black": 1, "purple": 2}, text="x")
    custom = dataclasses.replace(cat, lich_king={**cat.lich_king, "grim_host": grim})
    game = goto(new_solo_game(["A"], seed=1, catalog=custom, lich_cards=["grim_host"]), "deploy")
    set_row(game, ["crypt_of_whispers", "sunken_ossuary", "black_citadel", "throne_of_bones", "eternal_night"], 2)
    deploy_nothing(game, 0)
    assert game.mode.armies() == {"black": 7, "purple": 10}


def test_lich_sources_add_up_to_the_lich_king_score():
    game = play_random_solo_game("A", seed=11, difficulty=4)
    sources = game.mode.lich_sources()
    assert sum(sources.values()) == game.mode.lich_lp > 0
    assert "Wars" in sources or not events(game, "solo_war", lich_won=True)


# ---- whole games, conservation, JSON ----


@pytest.mark.parametrize("difficulty", range(5))
def test_random_solo_games_end_and_conserve_cards(difficulty):
    for seed in range(6):
        game = solo(seed=seed, difficulty=difficulty)
        n = len(game.state.cards)

        def conserved(g, n=n):
            places = card_places(g)
            assert set(places) == set(range(n)) and set(places.values()) == {1}

        conserved(game)
        play_randomly(game, seed, check=conserved)
        assert game.over and game.state.turn == 4
        assert len(events(game, "solo_war")) == 8
        assert game.winners() == ([0] if game.players[0].lp > game.mode.lich_lp else [])


def test_json_round_trip_restores_a_solo_game_mid_draft_and_plays_on_identically():
    game = solo(seed=12, difficulty=3)
    play_randomly(game, 12, until=lambda g: g.state.turn == 2 and g.state.draft_round == 3)  # Underworld pick
    assert len(game.mode.solo.underworld) == 7 and game.pending()[0].options.rest_to == "underworld_bottom"
    text = game.to_json()
    json.loads(text)  # plain JSON
    copy = load_game(text)
    assert isinstance(copy.mode, SoloMode) and isinstance(Game.from_json(text, mode=SoloMode()).mode, SoloMode)
    with pytest.raises(ValueError, match="load_game"):  # the engine knows no mode but the standard one
        Game.from_json(text)
    assert copy.to_json() == text and copy.mode.solo.underworld == game.mode.solo.underworld
    play_randomly(game, 99)
    play_randomly(copy, 99)
    assert copy.to_json() == game.to_json()


def test_a_standard_game_still_loads_as_a_standard_game():
    game = Game.new(["A", "B"], seed=1)
    again = load_game(game.to_json())
    assert type(again) is Game and type(Game.from_json(game.to_json())) is Game
    assert again.state.mode == "standard" and again.state.mode_state is None


def test_view_hides_face_down_cards_and_the_underworld_order():
    game = solo(seed=3)
    for _ in range(3):
        game.apply(0, {"kind": "pick", "card": game.pending()[0].options.cards[0]})
    v, table = game.view(0).mode_view, game.view(None).mode_view
    row = v.row
    assert row[0] == game.mode.solo.necropolis[0] and row[1:] == (None,) * 4
    assert v.underworld == tuple(sorted(game.mode.solo.underworld)) and len(game.mode.solo.underworld) == 7
    assert table.underworld is None and table.underworld_count == 7  # 2 more are in the hand to choose from
    assert v.armies is None
    assert v.discard == tuple(game.state.discard) and table.discard is None


def test_simulate_solo_command():
    out = subprocess.run([sys.executable, "-m", "papertales_tui.cli", "simulate", "--solo", "--difficulty", "2",
                          "--games", "5", "--seed", "3", "--json"], capture_output=True, text=True, cwd=ROOT,
                         env={"PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert (summary["mode"], summary["difficulty"], summary["games"], summary["errors"]) == ("solo", 2, 5, 0)
    assert 0 <= summary["player_win_rate"] <= 1
    bad = subprocess.run([sys.executable, "-m", "papertales_tui.cli", "simulate", "--solo", "--difficulty", "9"],
                         capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT)})
    assert bad.returncode == 2 and "difficulty" in bad.stderr


# ---- the solo card files ----


def test_shipped_necropolis_and_lich_king_cards():
    cat = default_catalog()
    piles = Counter(c.pile for c in cat.necropolis.values())
    assert piles == {1: 4, 2: 4, 3: 4, 4: 4, "end": 4}
    assert len(cat.lich_king) == 4
    n = cat.necropolis
    # the rulebook's worked examples need these cards
    assert n["sunken_ossuary"].pile == 2 and n["sunken_ossuary"].gain == 1 and n["sunken_ossuary"].quest.lp == 2
    assert (n["sunken_ossuary"].black, n["sunken_ossuary"].purple) == (2, 3)
    assert n["crypt_of_whispers"].pile == 1 and n["crypt_of_whispers"].quest.lp == 1
    assert (n["black_citadel"].pile, n["black_citadel"].black, n["black_citadel"].purple) == (3, 4, 5)


def test_every_quest_condition_and_lich_king_effect_has_a_handler():
    assert set(QUEST_TESTS) == set(QUEST_CONDITIONS)
    source = (ROOT / "papertales_tui" / "rules" / "solo.py").read_text()
    assert all(f'"{kind}"' in source for kind in LICH_EFFECTS)


def test_quests_usually_match_0_to_3_of_7_underworld_cards():
    cat = default_catalog()
    deck = [cat.units[k] for k in cat.deck_keys()]
    for c in cat.necropolis.values():
        if c.quest:
            expected = 7 * sum(quest_matches(c.quest, u) for u in deck) / len(deck)
            assert 0.4 <= expected <= 2.5, c.key


def test_armies_grow_over_the_game_and_black_and_purple_differ():
    cat = default_catalog()
    piles = [[c for c in cat.necropolis.values() if c.pile == p] for p in (1, 2, 3, 4, "end")]
    mean = [sum(c.black + c.purple for c in pile) / len(pile) for pile in piles]
    turns = [mean[t] + mean[t + 1] for t in range(4)]
    assert turns == sorted(turns) and len(set(turns)) == 4
    assert sum(c.black != c.purple for c in cat.necropolis.values()) >= 15


def _card(data, key):
    return next(c for c in data.get("necropolis", []) + data.get("lich_king", []) if c["id"] == key)


DAMAGE = {
    "unknown condition": ("necropolis.yaml", lambda d: _card(d, "bone_orchard")["quest"].update(condition="is_red"),
                          "bone_orchard", "quest.condition", "unknown quest condition 'is_red'"),
    "missing condition param": ("necropolis.yaml", lambda d: _card(d, "crypt_of_whispers")["quest"].update(params={}),
                                "crypt_of_whispers", "quest.params.value", "missing parameter"),
    "unknown resource": ("necropolis.yaml",
                         lambda d: _card(d, "bone_orchard")["quest"]["params"].update(resource="gold"),
                         "bone_orchard", "quest.params.resource", "unknown resource 'gold'"),
    "unknown phase": ("necropolis.yaml",
                      lambda d: _card(d, "black_citadel")["quest"]["params"].update(phase="battle"),
                      "black_citadel", "quest.params.phase", "unknown phase 'battle'"),
    "string strength": ("necropolis.yaml", lambda d: _card(d, "black_citadel").update(black="4"),
                        "black_citadel", "black", "valid integer"),
    "bad pile": ("necropolis.yaml", lambda d: _card(d, "black_citadel").update(pile=5),
                 "black_citadel", "pile", "Input should be"),
    "no quest": ("necropolis.yaml", lambda d: _card(d, "black_citadel").pop("quest"),
                 "black_citadel", "quest", "needs a quest"),
    "quest on END": ("necropolis.yaml",
                     lambda d: _card(d, "eternal_night").update(quest=copy.deepcopy(_card(d, "bone_orchard")["quest"])),
                     "eternal_night", "quest", "never be scored"),
    "zero quest lp": ("necropolis.yaml", lambda d: _card(d, "bone_orchard")["quest"].update(lp=0),
                      "bone_orchard", "quest.lp", "greater than or equal to 1"),
    "unknown field": ("necropolis.yaml", lambda d: _card(d, "bone_orchard").update(colour="grey"),
                      "bone_orchard", "colour", "unknown field"),
    "duplicate id": ("lich_king.yaml", lambda d: _card(d, "reaper_of_souls").update(id="bone_orchard"),
                     "bone_orchard", "id", "duplicate id"),
    "unknown lich effect": ("lich_king.yaml", lambda d: _card(d, "reaper_of_souls").update(effect="curse"),
                            "reaper_of_souls", "effect", "unknown Lich King effect 'curse'"),
    "bad lich param": ("lich_king.yaml",
                       lambda d: _card(d, "reaper_of_souls").update(params={"amount": "1", "per": 2}),
                       "reaper_of_souls", "params.amount", "should be int"),
    "unknown army": ("lich_king.yaml",
                     lambda d: _card(d, "legion_of_bone").update(params={"amount": 1, "army": "green"}),
                     "legion_of_bone", "params.army", "unknown army 'green'"),
    "zero per": ("lich_king.yaml", lambda d: _card(d, "reaper_of_souls").update(params={"amount": 1, "per": 0}),
                 "reaper_of_souls", "params.per", "should be from 1 to 10, got 0"),
    "quest effect without quest": ("lich_king.yaml", lambda d: _card(d, "harvest_of_souls").pop("quest"),
                                   "harvest_of_souls", "quest", "needs a quest"),
}


@pytest.mark.parametrize("case", DAMAGE, ids=list(DAMAGE))
def test_damaged_solo_card_files_are_refused(base, case):
    name, change, card, field, message = DAMAGE[case]
    edit_yaml(base / name, change)
    with pytest.raises(CardFileError) as info:
        load_catalog(base_dir=base)
    err = info.value
    assert (err.path, err.card, err.field) == (base / name, card, field)
    assert message in err.message


def test_solo_card_files_are_optional_and_replaceable(base, tmp_path):
    (base / "lich_king.yaml").unlink()
    (base / "necropolis.yaml").unlink()
    cat = load_catalog(base_dir=base)
    assert cat.necropolis == {} and cat.lich_king == {}
    with pytest.raises(ValueError, match="Necropolis"):
        new_solo_game(["A"], catalog=cat)
    extra = tmp_path / "mine"
    extra.mkdir()
    shutil.copy(default_cards_dir() / "necropolis.yaml", extra / "necropolis.yaml")
    cat = load_catalog([extra], base_dir=base)
    game = new_solo_game(["A"], seed=1, catalog=cat)
    assert game.mode.difficulty == 0 and len(cat.necropolis) == 20


@pytest.mark.volume
@pytest.mark.parametrize("difficulty", range(5))
def test_many_random_solo_games(difficulty):
    for seed in range(400):
        game = play_random_solo_game("A", seed, difficulty)
        places = card_places(game)
        assert game.over and set(places.values()) == {1} and len(places) == len(game.state.cards)
        assert len(events(game, "underworld_discarded")) == 4
        assert sum(game.mode.lich_sources().values()) == game.mode.lich_lp

"""The coach (rules/coach.py): hints from a seat's view only, costs of decisions, the review command,
and the hard bot in solo games."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
import threading

import pytest
from conftest import new_game
from test_bots import advance, scramble_hidden

from papertales_tui.cli import main
from papertales_tui.persistence import load_save, save_as
from papertales_tui.rules import coach
from papertales_tui.rules.bots import make_bot
from papertales_tui.rules.bots.knowledge import DraftMemory, game_from_view
from papertales_tui.rules.card_files import default_catalog
from papertales_tui.rules.decisions import DECISIONS, AgeTarget, Build, Deploy, Heal, Pass, Pick, Step, Upgrade
from papertales_tui.rules.engine import Game
from papertales_tui.rules.errors import WrongKind
from papertales_tui.rules.solo import SoloMode
from papertales_tui.rules.solo import new_game as new_solo_game
from papertales_tui.text import coach as coach_text
from papertales_tui.text.decisions import decision_text

FIXED = {"budget": math.inf, "max_samples": 2}  # a fixed number of samples: reproducible


def solo_at(step: str, turn: int, seed: int = 3, difficulty: int = 2) -> Game:
    game = new_solo_game(["Solo"], seed=seed, difficulty=difficulty)
    bot = make_bot("medium")
    while not (game.state.turn == turn and game.state.step == step):
        for pend in game.pending():
            game.apply(0, bot.choose(game.view(0), pend, game.catalog))
    return game


def scramble_solo(game: Game, seed: int) -> Game:
    """A copy with every card the player cannot see changed: the deck's order and cards, the face-down
    Necropolis cards (another card of the same pile) and the Underworld's order."""
    other = game.copy()
    rng = random.Random(seed)
    s = other.state
    rng.shuffle(s.deck)
    row = s.mode_state.necropolis
    for i in range(s.mode_state.revealed, len(row)):
        pile = game.catalog.necropolis[row[i]].pile
        others = sorted(k for k, c in game.catalog.necropolis.items() if c.pile == pile and k != row[i])
        if others:
            row[i] = rng.choice(others)
    rng.shuffle(s.mode_state.underworld)
    return other


def games_at(step: str, turn: int):
    """(game, player) at a decision of this step: 2, 3 and 5 players, and solo."""
    for players in (2, 3, 5):
        game = advance(new_game(players, seed=11), step, turn)
        yield game, game.pending()[0].player
    yield solo_at(step, turn), 0


@pytest.mark.parametrize("step,turn", [("pick", 2), ("deploy", 2), ("construction", 1)])
def test_a_hint_is_a_legal_decision_at_every_table_size(step, turn):
    for game, me in games_at(step, turn):
        pend = game.pending_for(me)
        if pend is None:
            continue
        h = coach.hint(game.view(me), pend, game.catalog, **FIXED)
        assert h.samples in (0, 2) and h.choice == h.outcomes[0].decision
        assert h.kind is Step(step)  # the engine's Step, not a loose string
        assert all(isinstance(o.decision, tuple(DECISIONS.values())) for o in h.outcomes)  # typed, not JSON
        assert coach_text.why(h)
        assert decision_text(h.choice, game)
        game.apply(me, h.choice)  # legal


@pytest.mark.parametrize("step,turn", [("pick", 2), ("deploy", 2), ("deploy", 3)])
def test_a_hint_never_uses_hidden_cards(step, turn):
    for players in (2, 5):
        game = advance(new_game(players, seed=11), step, turn)
        me = game.pending()[0].player
        other = scramble_hidden(game, me, seed=5)
        assert [(p.hand, p.draft) for p in other.state.players] != [(p.hand, p.draft) for p in game.state.players]
        hints = [coach.hint(g.view(me), g.pending_for(me), g.catalog, **FIXED) for g in (game, other)]
        assert hints[0].choice == hints[1].choice
        assert [o.scores for o in hints[0].outcomes] == [o.scores for o in hints[1].outcomes]


@pytest.mark.parametrize("step", ["pick", "deploy"])
def test_a_solo_hint_never_uses_the_face_down_necropolis_cards_nor_the_deck(step):
    game = solo_at(step, 2)
    other = scramble_solo(game, seed=9)
    assert other.mode.solo.necropolis != game.mode.solo.necropolis and other.state.deck != game.state.deck
    assert other.view(0) == game.view(0)
    hints = [coach.hint(g.view(0), g.pending_for(0), g.catalog, **FIXED) for g in (game, other)]
    assert hints[0].choice == hints[1].choice
    assert [o.scores for o in hints[0].outcomes] == [o.scores for o in hints[1].outcomes]


def test_the_coachs_own_choice_costs_nothing_and_a_bad_deployment_costs_lp():
    game = advance(new_game(3, seed=1), "deploy", 2)
    me = game.pending()[0].player
    view, pend = game.view(me), game.pending_for(me)
    assert len(coach.options_for(view, pend, game.catalog)) > 1
    h = coach.hint(view, pend, game.catalog, budget=math.inf, max_samples=6)
    own = coach.assess(view, pend, game.catalog, h.choice, budget=math.inf, max_samples=6)
    assert own.agreed and own.cost == 0.0 and own.samples == 3  # (chosen on 3: nothing left to measure)
    assert own.playouts == 3 * len(coach.options_for(view, pend, game.catalog))
    nothing = Deploy((None,) * 5)  # everything discarded
    bad = coach.assess(view, pend, game.catalog, nothing, budget=math.inf, max_samples=6)
    assert not bad.agreed and bad.cost - bad.error > 0 and bad.samples == 6
    # every option and the player's on the 3 choosing samples, the choice and the player's on the 3 measuring
    assert bad.playouts == 3 * (len(coach.options_for(view, pend, game.catalog)) + 1) + 3 * 2


def test_assess_reads_a_decision_in_its_json_form_at_the_edge():
    from test_flow import age_target_game

    game = age_target_game()
    view, pend = game.view(0), game.pending_for(0)
    typed = coach.assess(view, pend, game.catalog, AgeTarget(1), **FIXED)
    assert typed.decision == AgeTarget(1) and typed.choice in (AgeTarget(0), AgeTarget(1))
    assert coach.assess(view, pend, game.catalog, {"kind": "age_target", "slot": 1}, **FIXED) == typed
    with pytest.raises(WrongKind):
        coach.assess(view, pend, game.catalog, Pass(), **FIXED)


def test_decision_text_and_cards_in_each_kind_of_decision():
    game = new_game(3, seed=2)
    knight, archer = (next(c for c, key in enumerate(game.state.cards) if key == k) for k in ("knight", "archer"))
    assert decision_text(Pick(knight, archer), game) == "pick Knight, discard Archer"
    assert coach.cards_in(Pick(knight, archer), game) == [("knight", "Knight"), ("archer", "Archer")]
    deploy = Deploy((None, knight, None, None, None), keep=archer)
    assert decision_text(deploy, game) == "deploy Knight (Front 2); keep Archer"
    assert coach.cards_in(deploy, game) == [("knight", "Knight"), ("archer", "Archer")]
    empty = Deploy((None,) * 5)
    assert decision_text(empty, game) == "no new Units" and coach.cards_in(empty, game) == []
    # a Unit already in play is not deployed again: moved, or not named when it stays
    before = (None, None, None, knight, None)
    assert decision_text(Deploy((knight, None, None, None, None)), game, before) == \
        "no new Units, move Knight to Front 1"
    assert decision_text(Deploy((archer, None, None, knight, None)), game, before) == "deploy Archer (Front 1)"
    # with the hand it was made from (the coach's hint): what it leaves to be discarded
    farmer = next(c for c, key in enumerate(game.state.cards) if key == "farmer")
    assert decision_text(Deploy((archer, None, None, None, None)), game, before, hand=[archer, farmer]) == \
        "deploy Archer (Front 1); to the discard: Farmer, Knight (taken out)"
    assert decision_text(Deploy((archer, None, None, knight, None), keep=farmer), game, before,
                         hand=[archer, farmer]) == "deploy Archer (Front 1); keep Farmer; nothing to the discard"
    assert decision_text(Build("tavern", 2, gold=4), game) == "build Tavern (level 2)"
    assert decision_text(Upgrade("mine"), game) == "upgrade Mine"
    assert coach.cards_in(Upgrade("mine"), game) == [("mine", "Mine")]
    assert decision_text(Pass(), game) == "build nothing" and coach.cards_in(Pass(), game) == []
    assert decision_text(AgeTarget(3), game) == "Age tokens on Back 1"
    assert decision_text(Heal((0, 2)), game) == "save Front 1, Front 3"
    assert decision_text(Heal(), game) == "save nobody"


def test_a_search_can_be_cancelled():
    game = advance(new_game(3, seed=1), "deploy", 2)
    me = game.pending()[0].player
    with pytest.raises(coach.Cancelled):
        coach.hint(game.view(me), game.pending_for(me), game.catalog, budget=math.inf, cancelled=lambda: True)


def test_the_review_assesses_each_decision_of_the_chosen_seats():
    game = Game.new(["Ann", "Bob"], seed=6)
    bots = [make_bot("medium"), make_bot("easy", 1)]
    while not game.over:
        for pend in game.pending():
            game.apply(pend.player, bots[pend.player].choose(game.view(pend.player), pend, game.catalog))
    seen = []
    result = coach.review(Game.new(["Ann", "Bob"], seed=6), game.state.decisions, [1], samples=4,
                          progress=lambda done, total: seen.append((done, total)))
    bob = [d for d in game.state.decisions if d["player"] == 1]
    assert [a.index for a in result.assessments] == [k for k, d in enumerate(game.state.decisions)
                                                     if d["player"] == 1]
    assert len(result.assessments) == len(bob) and result.deciding_turn is None
    assert all(a.player == 1 and a.error >= 0 for a in result.assessments)
    assert all(a.cost == 0 and a.error == 0 for a in result.assessments if a.agreed)
    assert seen[-1] == (len(bob), len(bob))
    assert all(a.samples == (2 if a.agreed else 4) for a in result.assessments if a.samples)  # (agreed: chosen
    assert any(a.samples == 4 for a in result.assessments)  # on 2, nothing to measure)
    with pytest.raises(ValueError, match="at least 4 samples"):  # a half to choose, a half to measure
        coach.review(Game.new(["Ann", "Bob"], seed=6), game.state.decisions, [1], samples=3)
    top = result.costliest(3)
    shown = [a for a in result.assessments if not a.agreed and a.cost >= 0.05]
    assert [a.index for a in top] == [a.index for a in sorted(shown, key=lambda a: (a.uncertain, -a.cost))][:3]
    assert result.total(1) == sum(a.cost for a in result.assessments if not a.agreed and a.cost > a.error)


def sampled_drafts(monkeypatch) -> list[tuple[int, list[list[int]]]]:
    """Spy on the coach's playouts: (deciding seat, each player's draft cards) of every sample played."""
    seen = []
    real = coach.playout

    def spy(sim, me, decision, memo, *args):
        seen.append((me, [sorted(p.draft) for p in sim.state.players]))
        return real(sim, me, decision, memo, *args)

    monkeypatch.setattr(coach, "playout", spy)
    return seen


def two_player_game(seed: int) -> tuple[Game, dict[int, list[list[int]]]]:
    """A 2-player game of medium bots through turn 1, with each player's draft cards at the start of
    each round of its draft: {round: drafts}."""
    game = new_game(2, seed=seed)
    bots = [make_bot("medium", i) for i in range(2)]
    rounds = {}
    while game.state.turn == 1:
        if game.state.phase == "recruitment":
            rounds.setdefault(game.state.draft_round, [sorted(p.draft) for p in game.state.players])
        for pend in game.pending():
            game.apply(pend.player, bots[pend.player].choose(game.view(pend.player), pend, game.catalog))
    return game, rounds


def test_with_its_draft_memory_a_hint_knows_the_cards_the_next_player_holds(monkeypatch):
    game = new_game(2, seed=4)
    bots = [make_bot("medium", i) for i in range(2)]
    memory = DraftMemory()
    while not (game.state.phase == "recruitment" and game.state.draft_round == 2):
        memory.watch(game.view(0), 0)  # seat 0 remembers each round's draft cards
        for pend in game.pending():
            game.apply(pend.player, bots[pend.player].choose(game.view(pend.player), pend, game.catalog))
    view, pend = game.view(0), game.pending_for(0)
    memory.watch(view, 0)
    truth = sorted(game.state.players[1].draft)
    seen = sampled_drafts(monkeypatch)
    coach.hint(view, pend, game.catalog, budget=math.inf, max_samples=3, drafts=memory)
    assert seen and all(drafts[1] == truth for _, drafts in seen)  # what seat 0 passed on in round 1
    seen.clear()
    first, second = pend.options.cards[:2]
    coach.assess(view, pend, game.catalog, Pick(first, second), budget=math.inf, max_samples=2, drafts=memory)
    assert seen and all(drafts[1] == truth for _, drafts in seen)
    seen.clear()
    coach.hint(view, pend, game.catalog, budget=math.inf, max_samples=3)  # without it: drawn at random
    assert any(drafts[1] != truth for _, drafts in seen)


def test_the_review_remembers_what_each_seat_saw_of_the_draft(monkeypatch):
    game, rounds = two_player_game(seed=6)
    seen = sampled_drafts(monkeypatch)
    result = coach.review(Game.new(["P0", "P1"], seed=6), game.state.decisions, [0, 1], samples=4)
    assert {a.player for a in result.assessments} == {0, 1}
    checked = 0
    for me, drafts in seen:
        if len(drafts[me]) in (7, 5, 3):  # a pick after the first round: the other's cards are known
            start = next(r for r in rounds.values() if r[me] == drafts[me])
            assert drafts[1 - me] == start[1 - me]
            checked += 1
    assert checked >= 2 * 3 * 2  # each seat, rounds 1 to 3, 2 samples at least


def test_the_solo_review_names_the_turn_that_decided_the_result():
    game = new_solo_game(["Solo"], seed=3, difficulty=2)
    bot = make_bot("medium")
    while not game.over:
        for pend in game.pending():
            game.apply(0, bot.choose(game.view(0), pend, game.catalog))
    d = coach.deciding_turn(game)
    margin = game.players[0].lp - game.mode.lich_lp
    assert sum(d["swings"].values()) == margin
    assert d["won"] == (margin > 0)
    pick = max if d["won"] else min
    assert d["margin"] == pick(d["swings"].values())


# --- the hard bot in solo --------------------------------------------------------------------------

def test_the_hard_bot_plays_solo_games_with_its_search():
    game = new_solo_game(["Bot"], seed=4, difficulty=1)
    bot = make_bot("hard", 4, budget=10.0, max_samples=1)
    while not game.over:
        for pend in game.pending():
            game.apply(0, bot.choose(game.view(0), pend, game.catalog))  # legal
    assert game.over and len(bot.samples) >= 12  # it searched its picks, deployments and Constructions


def test_a_solo_sample_is_consistent_with_the_view(catalog):
    game = solo_at("deploy", 2)
    sample = game_from_view(game.view(0), 0, catalog, random.Random(1))
    assert isinstance(sample.mode, SoloMode)
    s, real = sample.state, game.state
    everywhere = s.deck + s.discard + s.mode_state.underworld + [c for p in s.players for c in p.hand + p.draft]
    everywhere += [u.card for p in s.players for u in p.slots if u is not None]
    assert sorted(everywhere) == list(range(len(real.cards)))
    row, real_row = s.mode_state.necropolis, real.mode_state.necropolis
    assert row[:real.mode_state.revealed] == real_row[:real.mode_state.revealed]
    assert [catalog.necropolis[k].pile for k in row] == [catalog.necropolis[k].pile for k in real_row]


# --- papertales review -----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def finished_save(tmp_path_factory):
    game = Game.new(["Ann", "Bob", "Cy"], seed=8)
    bots = [make_bot("medium"), make_bot("easy", 1), make_bot("medium")]
    while not game.over:
        for pend in game.pending():
            game.apply(pend.player, bots[pend.player].choose(game.view(pend.player), pend, game.catalog))
    return save_as(game, tmp_path_factory.mktemp("review") / "game.json",
                   {"seats": ["human", "bot:easy", "human"]})


def test_review_prints_the_costliest_decisions(finished_save, capsys):
    assert main(["review", str(finished_save), "--samples", "4"]) == 0  # (a CPU budget: not the same everywhere)
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"Review of {finished_save}: 3 players; reviewed: Ann, Cy; ")
    assert out[1] == "Costliest decisions:"
    costly = out[2:5]
    assert all(line.startswith((" 1. ", " 2. ", " 3. ")) for line in costly)
    assert all(("LP ±" in line or "every sample" in line) and "playouts)" in line and "coach:" in line
               for line in costly)
    assert any(line.startswith("Ann: ") and "decisions, the coach agrees with" in line for line in out)
    assert "95% interval" in out[-1]


def test_review_json(finished_save, capsys):
    assert main(["review", str(finished_save), "--samples", "4", "--json", "--seat", "Bob", "--jobs", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seats"] == ["Bob"] and data["finished"] is True
    assert data["decisions"] and all(d["player"] == "Bob" for d in data["decisions"])
    # (0: the only option) four, as asked, but two where the coach agrees (chosen on two: nothing to measure)
    assert all(d["samples"] == (2 if d["agreed"] else 4) for d in data["decisions"] if d["samples"])
    assert any(d["samples"] == 4 for d in data["decisions"])
    saved = load_save(finished_save, default_catalog()).decisions  # decisions in the save's JSON form
    for d in data["decisions"]:
        assert {**d["decision"], "player": 1} == saved[d["decision_number"] - 1]
        assert d["coach"]["kind"] == d["kind"] or d["kind"] == "construction"
    shown = [d for d in data["decisions"] if not d["agreed"] and d["cost_lp"] >= 0.05]
    worst = min(shown, key=lambda d: (d["uncertain"], -d["cost_lp"]))  # the clear costs first, then by cost
    assert data["costliest"][0] == worst["decision_number"]
    assert worst["cards"] and worst["ci95"] >= 0 and worst["playouts"] > 0


@pytest.mark.parametrize("content,args", [(b"not json", []), (None, []), (b"", ["--seat", "Nobody"])])
def test_review_refuses_bad_files_in_one_line(tmp_path, finished_save, capsys, content, args):
    path = tmp_path / "bad.json"
    if content == b"":
        path = finished_save
    elif content is not None:
        path.write_bytes(content)
    assert main(["review", str(path), *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("papertales: cannot review: ") and err.count("\n") == 1


def test_why_says_when_the_next_best_did_exactly_as_well():
    best = coach.Outcome(Pick(card=1, discard=2), [3.0, 1.0], lp=2.0, gold=1.0, wars=1.0)
    tied = coach.Outcome(Pick(card=1, discard=3), [3.0, 1.0], lp=2.0, gold=1.0, wars=1.0)
    worse = coach.Outcome(Pick(card=4, discard=2), [2.0, 1.0], lp=1.5, gold=1.0, wars=0.5)
    assert coach_text.why(coach.Hint(0, Step.PICK, best.decision, [best, tied, worse], 2)) == \
        "the next best did exactly as well in every sample: either will do"
    assert coach_text.why(coach.Hint(0, Step.PICK, best.decision, [best, worse], 2)) == \
        "+0.5 LP in all vs the next best: wins 1.0 Wars on average instead of 0.5, +0.5 LP this turn"


def test_why_says_either_will_do_when_the_options_are_as_good_on_average():
    """Issue 30, item 7: "Why: 0.0 LP in all vs the next best" for a pick: as good on average, either will do
    (as the deploy hint says when every sample is the same). The words are text/coach.py's (issue 31)."""
    assert not any(hasattr(coach, name) for name in ("UNCERTAINTY", "cost_text", "_signed"))
    assert not hasattr(coach.Hint, "why")
    best = coach.Outcome(Pick(card=1), [3.0, 1.0], lp=2.0, gold=1.0, wars=1.0)
    other = coach.Outcome(Pick(card=4), [1.02, 2.96], lp=2.0, gold=1.0, wars=1.0)
    why = coach_text.why(coach.Hint(0, Step.PICK, best.decision, [best, other], 2))
    assert why == "as good as the next best on average: either will do" and "0.0 LP" not in why
    other = coach.Outcome(Pick(card=4), [1.02, 2.96], lp=1.0, gold=1.0, wars=1.0)
    assert coach_text.why(coach.Hint(0, Step.PICK, best.decision, [best, other], 2)) == \
        "as good as the next best on average: either will do (+1.0 LP this turn)"


def test_why_speaks_of_wars_against_each_neighbour_and_gold():
    best = coach.Outcome(Pick(card=1), [3.0] * 10, lp=3.0, gold=2.0, wars=0.7, beaten={1: 7, 2: 5})
    other = coach.Outcome(Pick(card=4), [1.0] * 10, lp=1.0, gold=1.0, wars=0.3, beaten={1: 3, 2: 5})
    why = coach_text.why(coach.Hint(0, Step.PICK, best.decision, [best, other], 10), ["Ann", "Bob", "Cy"])
    assert why == "+2.0 LP in all vs the next best: wins a War against Bob in 7 of 10 samples instead of 3, " \
        "+2.0 LP this turn, ¤1 more for next turn"
    assert "Wars this turn" not in why and "Cy" not in why  # no fractions of Wars; no difference against Cy


def test_a_hint_counts_the_wars_won_against_each_neighbour():
    game = advance(new_game(3, seed=11), "deploy", 2)
    me = game.pending()[0].player
    h = coach.hint(game.view(me), game.pending_for(me), game.catalog, budget=math.inf, max_samples=3)
    neighbours = set(game.rivals(me))
    assert all(set(o.beaten) <= neighbours and all(0 <= k <= 3 for k in o.beaten.values()) for o in h.outcomes)
    assert any(o.beaten for o in h.outcomes)  # Wars were fought in the playouts


def test_the_hints_kept_in_a_save_are_checked(tmp_path, finished_save):
    from papertales_tui.persistence import SaveFileError, _checksum

    good = {"player": 0, "ordinal": 0, "turn": 1, "kind": "pick", "choice": {"kind": "pick", "card": 3},
            "samples": 12, "playouts": 60}
    data = json.loads(finished_save.read_text(encoding="utf-8"))
    for name, hint, ok in [("good", good, True), ("negative", {**good, "player": -1}, False),
                           ("no kind", {k: v for k, v in good.items() if k != "kind"}, False)]:
        data["settings"]["coach"] = [hint]
        data["checksum"] = _checksum(data)
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        if ok:
            assert [h.model_dump() for h in load_save(path).settings.coach or []] == [hint]
        else:
            with pytest.raises(SaveFileError, match="settings.coach.0") as err:
                load_save(path)
            assert err.value.kind == "invalid"


def test_review_uses_several_processes(finished_save, capsys):
    assert main(["review", str(finished_save), "--samples", "4", "--json", "--seat", "Ann", "--jobs", "2"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert main(["review", str(finished_save), "--samples", "4", "--json", "--seat", "Ann", "--jobs", "1"]) == 0
    assert json.loads(capsys.readouterr().out) == two  # the same review, made in two processes


def test_review_processes_are_forked_by_the_command_and_started_afresh_from_a_thread(finished_save, capsys):
    """The command runs one thread: its processes are forked (nothing to import again); the app's
    review screen reviews from a thread: they are started afresh. The same review either way."""
    args = ["review", str(finished_save), "--samples", "4", "--json", "--seat", "Cy"]
    assert main([*args, "--jobs", "1"]) == 0
    one = json.loads(capsys.readouterr().out)
    command = subprocess.run([sys.executable, "-m", "papertales_tui.cli", *args, "--jobs", "2"], capture_output=True,
                             text=True, check=True)
    assert json.loads(command.stdout) == one
    codes: list[int] = []
    thread = threading.Thread(target=lambda: codes.append(main([*args, "--jobs", "2"])))
    thread.start()
    thread.join()
    assert codes == [0] and json.loads(capsys.readouterr().out) == one


def test_a_reviewed_cost_says_what_the_coachs_choice_did_better():
    """Issue 30, item 7: the review charged −8.8 ± 0.5 LP with no word of why: the measuring samples' LP
    this turn, Gold and Wars won of both options (`Assessment.better`) give one."""
    def made(cost: float, better: tuple[float, float, float] | None) -> coach.Assessment:
        return coach.Assessment(0, 0, 1, Step.PICK, Pick(1), Pick(2), cost, 0.5, 10, 20, better=better)

    assert coach_text.cost_why(made(8.8, (2.5, -1.0, 0.6))) == \
        "the coach's choice: 0.6 more Wars won, +2.5 LP this turn, ¤1 less for next turn"
    assert coach_text.cost_why(made(3.0, (0.0, 0.0, 0.0))) == \
        "the coach's choice leaves a Kingdom worth more for the turns to come"
    assert coach_text.cost_why(made(0.0, (1.0, 0.0, 0.0))) == "" and coach_text.cost_why(made(3.0, None)) == ""
    game = advance(new_game(3, seed=11), "deploy", 2)
    me = game.pending()[0].player
    view, pend = game.view(me), game.pending_for(me)
    options = coach.options_for(view, pend, game.catalog)
    a = coach.assess(view, pend, game.catalog, options[-1], budget=math.inf, max_samples=6)  # the last candidate
    assert a.agreed or (a.better is not None and len(a.better) == 3)


def test_cost_text_says_what_the_figures_allow():
    def made(cost: float, error: float, samples: int = 10, **extra) -> coach.Assessment:
        return coach.Assessment(0, 0, 1, Step.PICK, Pick(1), Pick(2), cost, error, samples, 20, **extra)

    assert coach_text.cost_text(made(6.7, 1.3)) == "\N{MINUS SIGN}6.7 LP ± 1.3"
    assert coach_text.cost_text(made(2.0, 0.0)) == "\N{MINUS SIGN}2.0 LP, the same in every sample"  # never "± 0.0"
    assert coach_text.cost_text(made(0.4, 1.2)) == "\N{MINUS SIGN}0.4 LP ± 1.2? (perhaps nothing)"
    assert coach_text.cost_text(made(-0.3, 1.0)) == "as good as far as the samples tell (+0.3 LP ± 1.0)"
    assert coach_text.cost_text(made(-1.2, 0.8)) == "yours did better: +1.2 LP ± 0.8"
    followed = coach.Assessment(0, 0, 1, Step.PICK, Pick(1), Pick(1), 0.0, 0.0, 10, 20, on_hint=True)
    assert coach_text.cost_text(followed) == "you followed the coach's hint"
    review = coach.Review([made(0.4, 1.2), made(2.0, 0.0), made(6.7, 1.3), made(3.0, 2.0)], ["Ann"], [0])
    assert [a.cost for a in review.costliest(4)] == [6.7, 3.0, 2.0, 0.4]  # by the cost shown, uncertain last
    assert review.total(0) == 6.7 + 3.0 + 2.0  # only the costs clear of the noise


def test_review_prints_its_progress_on_a_terminal(finished_save, capsys, monkeypatch):
    import sys

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["review", str(finished_save), "--samples", "4", "--seat", "Ann", "--jobs", "2"]) == 0
    err = capsys.readouterr().err
    steps = [part.split("] ")[1] for part in err.split("\r") if part.startswith("Reviewing [")]
    assert steps[0].startswith("0/") and steps[-1].split("/")[0] == steps[-1].split("/")[1].split()[0]
    assert len(steps) >= 3  # as the decisions are done, not only at the end


def test_a_review_measures_a_hint_not_followed_on_samples_other_than_the_hints(monkeypatch):
    game = advance(new_game(3, seed=1), "deploy", 2)
    me = game.pending()[0].player
    view, pend = game.view(me), game.pending_for(me)
    seeds: list[int] = []
    search = coach.search

    def recorded(*args, **kwargs):
        seeds.append(kwargs["seed"])
        return search(*args, **kwargs)

    monkeypatch.setattr(coach, "search", recorded)
    h = coach.hint(view, pend, game.catalog, budget=math.inf, max_samples=4)  # as the app asks: seed 0
    other = next(d for d in coach.options_for(view, pend, game.catalog) if d != h.choice)
    hint_seeds = set(seeds)
    seeds.clear()
    for index in (0, 1):  # the review's seed for a decision is its index (review seed 0)
        a = coach.assess(view, pend, game.catalog, other, budget=math.inf, max_samples=4, seed=index, index=index,
                         hint=h.keep(0, view.turn))
        assert a.on_hint and a.choice == h.choice and a.samples == 4
    assert seeds and not hint_seeds & set(seeds)  # fresh samples: the hint's were those that chose

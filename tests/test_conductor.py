"""The app's controllers without Textual (tui/launcher.py, tui/conductor.py, tui/bot_runner.py): the
sessions a table description makes, a bot's turn decided away from the app and dropped when it comes
too late, what quitting would lose, a rematch. (The app plays the same through its screens:
test_tui_game.py, test_tui_take_back.py, test_never_lost.py.)"""

from __future__ import annotations

import subprocess
import sys
import textwrap

from papertales_tui.rules import Pick, Step, game_decisions
from papertales_tui.tui.conductor import Conductor
from papertales_tui.tui.flow import BotTurn, Decide, Final, Handoff, Offers
from papertales_tui.tui.launcher import NewTable, new_session
from papertales_tui.tui.saving import SavePolicy


def conductor(catalog, left: list[int] | None = None) -> Conductor:
    """A conductor that does not autosave; `left` counts the games left (its `leaving` calls)."""
    count = left if left is not None else []
    return Conductor(catalog, SavePolicy(catalog, autosave=False), leaving=lambda: count.append(1))


def pick(flow) -> None:
    """The player asked decides: the first card, discarding the second when asked to."""
    while isinstance(flow.scene, Handoff):
        flow.proceed()
    pend = flow.scene.pend
    assert isinstance(flow.scene, Decide) and pend.kind == Step.PICK
    assert flow.submit(pend.player, Pick(pend.options.cards[0], pend.options.cards[1]
                                         if pend.options.discard else None)) is None


def test_a_solo_table_seats_one_human_against_the_lich_king(catalog):
    session = new_session(catalog, NewTable(("Ann", "Bob"), ("human", "bot:easy"), seed=5, difficulty=2))
    assert session.seats == ["human"] and [p.name for p in session.game.players] == ["Ann"]
    assert session.game.mode.kind.name == "solo" and session.game.state.seed == 5
    assert session.seed_typed and session.bots == {}  # (the seed typed on the form may be shown)


def test_a_hot_seat_table_seats_its_bots_and_draws_a_seed_when_none_was_typed(catalog):
    table = NewTable(("Ann", "Bob", "Cy"), ("human", "bot:easy", "human"))
    session = new_session(catalog, table)
    assert session.seats == ["human", "bot:easy", "human"] and list(session.bots) == [1]
    assert [p.name for p in session.game.players] == ["Ann", "Bob", "Cy"] and not session.seed_typed
    seeds = {new_session(catalog, table).game.state.seed for _ in range(5)}
    assert len(seeds) > 1  # (drawn each time)


def test_a_bot_s_decision_counts_once_and_is_dropped_when_it_comes_again(catalog):
    playing = conductor(catalog)
    playing.begin(new_session(catalog, NewTable(("Bot", "Ann"), ("bot:easy", "human"), seed=3)))
    job = playing.bot_job()
    assert job is not None and job.pend.player == 0 and isinstance(playing.flow.scene, BotTurn)
    decision = job.decide()
    assert playing.bot_decided(job, decision) == []  # applied (nothing to tell: no autosave here)
    decided = len(game_decisions(playing.here.game))
    assert decided == 1 and playing.bot_job() is None  # Ann's turn now
    assert playing.bot_decided(job, decision) is None  # no longer asked: dropped
    assert len(game_decisions(playing.here.game)) == decided


def test_a_bot_s_decision_for_a_game_left_is_dropped(catalog):
    left: list[int] = []
    playing = conductor(catalog, left)
    first = new_session(catalog, NewTable(("Bot", "Ann"), ("bot:easy", "human"), seed=3))
    playing.begin(first)
    job = playing.bot_job()
    assert job is not None
    playing.begin(new_session(catalog, NewTable(("Bot", "Ann"), ("bot:easy", "human"), seed=4)))
    assert len(left) == 2  # (the bot's work stops when a game begins: the first one too)
    assert playing.bot_decided(job, job.decide()) is None
    assert game_decisions(first.game) == [] and first.scene == BotTurn(job.pend)
    playing.leave()
    assert playing.flow is None and playing.bot_job() is None and len(left) == 3


def test_a_bot_s_refused_decision_is_told_and_replaced(catalog):
    playing = conductor(catalog)
    playing.begin(new_session(catalog, NewTable(("Bot", "Ann"), ("bot:easy", "human"), seed=3)))
    job = playing.bot_job()
    assert job is not None
    notices = playing.bot_decided(job, Pick(card=-1))
    assert notices is not None and [n.severity for n in notices] == ["warning"]
    assert notices[0].message.startswith("Bot (bot): ") and "it plays at random" in notices[0].message
    assert len(game_decisions(playing.here.game)) == 1


def test_what_quitting_would_lose_without_the_autosave_until_saved_as(catalog, tmp_path):
    playing = conductor(catalog)
    assert playing.unsaved() is None and playing.quit_question() == "Quit Paper Tales?"
    playing.begin(new_session(catalog, NewTable(("Ann", "Bo"), ("human", "human"), seed=3)))
    pick(playing.flow)
    pick(playing.flow)
    assert playing.unsaved() == 2 and "not autosaved" in playing.quit_question()
    assert playing.save_name() == "papertales-game-3-turn1.json"  # (the seed in it: typed on the form)
    assert playing.save_as(str(tmp_path / "g.json")) is None and (tmp_path / "g.json").exists()
    assert playing.unsaved() is None and "--resume" in playing.quit_question()


class JoinedSeat:
    """What the conductor reads of one seat of a table another computer holds (tui/remote.py's offers)."""

    offers = Offers(hints=True, review=True, rematch=True, seat=1)
    closed = False

    def close(self) -> None:
        self.closed = True

    def rematch(self):
        return None  # (the host starts it for every seat)


def test_a_joined_seat_is_not_saved_here_runs_no_bot_and_asks_before_leaving_the_table(catalog):
    playing, seat = conductor(catalog), JoinedSeat()
    playing.begin(new_session(catalog, NewTable(("Bot", "Ann"), ("bot:easy", "human"), seed=3)))
    playing.join(seat)
    assert playing.flow is seat and playing.here is None and playing.bot_job() is None
    assert playing.save() == [] and playing.unsaved() is None and not playing.rematch()
    assert playing.quit_question().startswith("Leave the table? The game goes on without this screen")
    playing.leave()
    assert seat.closed and playing.flow is None


def test_a_game_of_bots_played_through_the_bot_runner_ends_in_a_rematch_of_the_same_seats(catalog):
    left: list[int] = []
    playing = conductor(catalog, left)
    playing.begin(new_session(catalog, NewTable(("B1", "B2"), ("bot:easy", "bot:easy"), seed=11)))
    first = playing.here
    assert first is not None and not playing.rematch()  # (not before the end)
    for _ in range(2000):
        if isinstance(playing.flow.scene, Final):
            break
        job = playing.bot_job()
        if job is None:
            playing.proceed()  # (a results page read)
        else:
            assert playing.bot_decided(job, job.decide()) == []
    assert isinstance(playing.flow.scene, Final) and first.game.over
    assert playing.rematch() and len(left) == 2
    again = playing.here
    assert again is not None and again is not first and again.seats == ["bot:easy", "bot:easy"]
    assert [p.name for p in again.game.players] == ["B1", "B2"] and game_decisions(again.game) == []


def test_the_controllers_load_no_textual():
    code = textwrap.dedent("""
        import sys
        import papertales_tui.tui.bot_runner, papertales_tui.tui.conductor, papertales_tui.tui.launcher
        print(sorted(m for m in sys.modules if m.startswith("textual")))
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"

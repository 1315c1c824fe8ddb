"""The flow of a game between decisions, without Textual: what comes next.

A `Session` holds a game, its seats and what the players have already been shown. Its `scene` says
what the table sees now: a `Summary` page of what just happened, a `Handoff` before a player's
private decision, `Decide` (that player's decision), `BotTurn` (a bot decides) or the `Final`
scores. The app draws a scene and calls back `submit`, `proceed` or `take_back`; nothing here knows
about screens.

Take-back: the last human decision can be taken back until the next player accepts the hand-off,
as long as nothing was resolved by it (no event logged: nothing hidden has been revealed). The
decision taken back comes back on that player's screen (`Decide.prior`) as it was, and the take-back
is announced: on the next hand-off screen, and in the game log (`take_backs`, kept in the save's
settings: the rules' own log holds only what the rules did).

At the last turn's Aging, a Mystical Healer question that can change nothing any more
(`Game.heal_matters`) is not asked: the session saves no Unit for that player.

Each human seat remembers the draft cards it held this turn (`DraftMemory`, watched with its view
whenever it has a decision to make), for the coach's hints: a player remembers the cards they
passed on. It lives with this session only: a resumed game starts with an empty memory.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..rules import (
    ConstructionPrice,
    Decision,
    Game,
    Heal,
    IllegalDecision,
    NotPending,
    Pending,
    SeatView,
    Step,
    as_decision,
    decision_from_dict,
    game_decisions,
    game_log,
    game_seed,
    game_turn,
    observe,
)
from ..text.i18n import N_
from . import chapters, seats
from .flow import BotTurn, Decide, Final, Handoff, Scene, Summary
from .language import SCREENS

if TYPE_CHECKING:  # imported where used: the title screen starts without them (benchmarks/bench_tui.py)
    from ..rules import DraftMemory
    from ..rules.coach import Hint as CoachHint
    from ..rules.coach import KeptHint
    from ..rules.events import BaseEvent
    from ..rules.forecast import AgeChange, Rivals, TurnForecast
    from ..workers import Background
    from .coaching import HintJob, ReviewJob


BACKGROUND_REVIEW = True  # assess each human decision in the background (tests turn it on where they need it)
REVIEW_EACH = 0.5  # CPU seconds of search per decision, as the review screen gives


@dataclass(frozen=True)
class BotFailed:
    """A bot raised instead of deciding (a bug): why, for the table to see."""

    reason: str


class Session:
    """One game played at this table: the game, who sits where, and what comes next."""

    def __init__(self, game: Game, seat_types: list[str], shown: int | None = 0, hints: list[int] | None = None,
                 coach: Sequence[KeptHint] = (), take_backs: object = None, seed_typed: bool = False):
        self.game = game
        self.seats = list(seat_types)
        # the seed deals every hidden card: shown during play only when a player typed it (it was known)
        self.seed_typed = seed_typed
        self.hints = _hint_counts(hints, len(game.players))  # the coach's hints asked, per seat
        self.kept_hints = list(coach)  # the hints given, for the review (the save's Settings.kept_hints)
        self.bots = {i: seats.make_bot(s, seed=game_seed(game) * 101 + i)
                     for i, s in enumerate(seat_types) if seats.is_bot(s)}
        self.shown = len(game_log(game)) if shown is None else shown  # events of the log already summarised
        self.pages: list[Summary | Final] = []  # pages found but not shown yet
        self.last_player: int | None = None  # who is at the screen (no hand-off to oneself)
        self.undo: tuple[int, Step, str, Decision] | None = None  # (player, step, state before, decision)
        self.take_backs = _take_back_list(take_backs, len(game.players))  # [log index, player, step]
        self.announce = ""  # take-backs not announced on a hand-off screen yet
        from ..rules import DraftMemory

        self.drafts = {i: DraftMemory() for i in range(len(game.players)) if i not in self.bots}
        self.coach: Background | None = None  # the human decisions assessed as play goes on (see `assess`)
        self._assess_past()
        self.scene: Scene = self._next()

    @classmethod
    def finished(cls, game: Game, seat_types: list[str], note: str = "", hints: list[int] | None = None,
                 coach: Sequence[KeptHint] = ()) -> Session:
        """A finished game opened only to see its final scores."""
        session = cls(game, seat_types, shown=len(game_log(game)), hints=hints, coach=coach)
        end = [events for chapter, events in chapters.chapters(game_log(game), 0) if chapter == "end"]
        session.scene = Final(_typed(end[-1]) if end else (), note)
        return session

    @property
    def seed_shown(self) -> bool:
        """Whether the screens may show the game's seed: from it anyone can work out every hidden card,
        so only once the game is over, or all along when a player typed it on the New game form."""
        return self.seed_typed or self.game.over

    def settings(self) -> dict[str, Any]:
        """What a save keeps of this table besides the game: the seats, the hints used, the take-backs,
        whether the seed was typed and (once there is one) the hints given, for the review."""
        out: dict[str, Any] = {"seats": list(self.seats), "hints": list(self.hints),
                               "take_backs": [list(t) for t in self.take_backs], "seed_typed": self.seed_typed}
        if self.kept_hints:
            out["coach"] = [h.to_dict() for h in self.kept_hints]
        return out

    def ordinal(self, player: int) -> int:
        """How many decisions `player` has made: the number of their next one, counted from 0."""
        return sum(1 for d in game_decisions(self.game) if d["player"] == player)

    def keep_hint(self, hint: CoachHint, ordinal: int) -> None:
        """A hint shown to a player for their decision number `ordinal` (see `ordinal`): kept for the
        review while that decision is still to make (one per decision: the last asked)."""
        if ordinal != self.ordinal(hint.player):
            return
        kept = hint.keep(ordinal, game_turn(self.game))
        self.kept_hints = [h for h in self.kept_hints if (h.player, h.ordinal) != (kept.player, ordinal)] + [kept]

    def take_back_notes(self) -> list[tuple[int, str]]:
        """The take-backs for the game log: (log length when it happened, what happened)."""
        return [(index, taken_back_text(self.game.players[player].name, step))
                for index, player, step in self.take_backs]

    # --- what the screens are given: views, never the game ----------------------------------
    def view(self, seat: int | None) -> SeatView:
        """What `seat` may see of the game now (None: the whole table, as a spectator)."""
        return observe(self.game, seat)

    @property
    def decisions(self) -> int:
        """Decisions made so far in the game."""
        return len(game_decisions(self.game))

    @property
    def over(self) -> bool:
        return self.game.over

    def name(self, player: int) -> str:
        return self.game.players[player].name

    def asks(self, player: int) -> Asks:
        """The engine's answers the deciding screen of `player` asks for (forecasts, prices...)."""
        return Asks(self, player)

    def public_log(self, until: int | None = None) -> list[tuple[int, dict[str, Any]]]:
        """The game's public events (up to `until` events of the log), each with its place in the log;
        with one human at the table (no one else to hide the screen from), their own events too (solo:
        the cards drawn from the Underworld, kept and put back under it)."""
        seat = self.lone_human()
        return [(k, e) for k, e in enumerate(game_log(self.game)[:until])
                if e.get("private_to") is None or e.get("private_to") == seat]

    def lone_human(self) -> int | None:
        """The seat of the one human at the table, if there is exactly one."""
        humans = [i for i in range(len(self.seats)) if i not in self.bots]
        return humans[0] if len(humans) == 1 else None

    def figures_at(self, as_of: int) -> tuple[dict[int, int], dict[int, int], int | None, bool]:
        """Each player's LP and Gold and the Lich King's LP after `as_of` events of the log (a summary
        page's), and whether Units or Buildings changed since."""
        log = game_log(self.game)
        lp, gold, lich = chapters.totals_at(log, as_of)
        return lp, gold, lich, chapters.kingdoms_changed_since(log, as_of)

    def replay_start(self) -> tuple[Game, list[dict[str, Any]]]:
        """The game as it began and every decision made: the coach's review replays them (the game is
        over: nothing hidden is left)."""
        from ..rules import coach

        return coach.start_of(self.game), list(game_decisions(self.game))

    @property
    def humans(self) -> int:
        return len(self.seats) - len(self.bots)

    def draft_memory(self, player: int) -> DraftMemory | None:
        """A copy of what human seat `player` remembers of this turn's draft, for the coach (a copy: a
        hint's worker thread reads it while the game goes on)."""
        memory = self.drafts.get(player)
        return copy.deepcopy(memory) if memory is not None else None

    def hint_job(self, player: int) -> HintJob | None:
        """The coach's hint for `player`'s decision now, to run in a worker (None: no decision pending)."""
        from .coaching import HintJob

        pend = self.game.pending_for(player)
        if pend is None:
            return None
        return HintJob(player, self.ordinal(player), self.view(player), pend, self.game.catalog,
                       self.draft_memory(player))

    def hint_given(self, hint: CoachHint, ordinal: int) -> None:
        """A hint shown to its player: counted, and kept for the review (see `keep_hint`)."""
        self.hints[hint.player] += 1
        self.keep_hint(hint, ordinal)

    def review_job(self, seats: list[int]) -> ReviewJob:
        """The coach's review of this finished game for `seats`, to run in a worker."""
        from .coaching import ReviewJob

        start, decisions = self.replay_start()
        return ReviewJob(start, decisions, list(seats), list(self.kept_hints), self.coach, REVIEW_EACH)

    def assess(self, view: SeatView, pend: Pending, ordinal: int, index: int) -> None:
        """Have the coach assess a human decision just made (decision `index` of the game) in the
        background, when `BACKGROUND_REVIEW` is on: the review at the end is then ready."""
        from ..rules import coach
        from ..workers import Background

        if not BACKGROUND_REVIEW or pend.kind not in coach.SEARCHED:
            return
        if self.coach is None:
            self.coach = Background(self.game.catalog, budget=REVIEW_EACH)
        d = game_decisions(self.game)[index]
        decision = decision_from_dict({k: v for k, v in d.items() if k != "player"})
        memory = self.draft_memory(pend.player)
        assert memory is not None  # (a human seat)
        point = coach.Point(index, ordinal, view, pend, decision, memory)
        self.coach.add(point, coach.hint_for(point, self.kept_hints))

    def _assess_past(self) -> None:
        """A resumed game: have the human decisions already made assessed in the background too."""
        from ..rules import coach
        from ..workers import Background

        humans = [i for i in range(len(self.seats)) if i not in self.bots]
        if not BACKGROUND_REVIEW or not humans or not any(d["player"] in humans for d in game_decisions(self.game)):
            return
        self.coach = Background(self.game.catalog, budget=REVIEW_EACH)
        self.coach.add_past(coach.start_of(self.game), list(game_decisions(self.game)), humans, self.kept_hints)

    def listen(self, changed: Callable[[], None]) -> None:
        """(A game at one keyboard changes only when the app calls it: nothing to tell.)"""

    def news(self) -> list[str]:
        """(At one keyboard a take-back is told on the next hand-off screen: `Handoff.announce`.)"""
        return []

    def close(self) -> None:
        """Stop what runs in the background for this session (the coach's assessments)."""
        if self.coach is not None:
            self.coach.close()

    # --- moving on --------------------------------------------------------------------------
    def submit(self, player: int, decision: Decision) -> IllegalDecision | None:
        """A human's decision: None when the engine applied it (the scene moves on), else its refusal."""
        if not isinstance(self.scene, Decide) or self.scene.pend.player != player:
            return NotPending(player)
        before = self.game.to_json()
        logged = len(game_log(self.game))
        view, pend, ordinal = self.view(player), self.scene.pend, self.ordinal(player)
        try:
            self.game.apply(player, decision)
        except IllegalDecision as err:
            return err
        self.assess(view, pend, ordinal, len(game_decisions(self.game)) - 1)
        self.last_player = player
        resolved = len(game_log(self.game)) != logged or self.game.players[player].submitted is None
        self.undo = None if resolved else (player, self.scene.pend.kind, before, as_decision(decision))
        self.scene = self._next()
        return None

    def proceed(self) -> None:
        """Go on from a summary page, or accept the hand-off (the player is now at the screen)."""
        if isinstance(self.scene, Handoff):
            self.last_player = self.scene.pend.player
            self.undo = None
            self.announce = ""  # the table has seen it
            self.scene = Decide(self.scene.pend)
        elif isinstance(self.scene, Summary):
            self.scene = self._next()

    def take_back(self) -> bool:
        """Undo the last human decision (see the module doc); False when it cannot be taken back."""
        if not isinstance(self.scene, Handoff) or self.undo is None:
            return False
        player, step, before, decision = self.undo
        self.game = Game.from_json(before, self.game.catalog, type(self.game.mode)())
        self.undo = None
        self.last_player = player
        self.take_backs.append((len(game_log(self.game)), player, str(step)))
        said = taken_back_text(self.game.players[player].name, step) + "."
        self.announce = f"{self.announce} {said}".strip()
        pend = self.game.pending_for(player)
        assert pend is not None, "a decision taken back is pending again"
        self.scene = Decide(pend, decision)
        return True

    def bot_decision(self, pend: Pending) -> Decision | BotFailed:
        """What the bot at `pend.player` decides (slow: the app runs this in a worker thread)."""
        try:
            return seats.bot_decision(self.bots[pend.player], self.game, pend)
        except Exception as err:  # a bot bug must not stop the game
            return BotFailed(f"{type(err).__name__}: {err}")

    def bot_submit(self, pend: Pending, decision: Decision | BotFailed) -> str | None:
        """Apply a bot's decision; a refused one is replaced by a random legal one, and the reason
        is returned for the table to see."""
        from ..rules import random_decision

        game = self.game
        reason = None
        if isinstance(decision, BotFailed):
            reason = decision.reason
        else:
            try:
                game.apply(pend.player, decision)
            except IllegalDecision as err:
                reason = str(err)
        warning = None
        if reason is not None:
            warning = SCREENS.gettext("%(name)s (bot): %(reason)s; it plays at random") % {
                "name": game.players[pend.player].name, "reason": reason}
            game.apply(pend.player, random_decision(game, pend, random.Random(len(game_log(game)))))
        self.last_player = None
        self.undo = None
        self.scene = self._next()
        return warning

    # --- what comes next --------------------------------------------------------------------
    def _next(self) -> Scene:
        if not self.pages:
            self.pages = self._new_pages()
        if self.pages:
            self.last_player = None  # everyone looked at the summary
            self.undo = None
            return self.pages.pop(0)
        game = self.game
        if game.over:
            return Final(())
        pend = game.pending()[0]
        if pend.player in self.bots:
            return BotTurn(pend)
        if pend.kind == Step.HEAL and not game.heal_matters(pend.player):
            game.apply(pend.player, Heal(()))  # the last Aging, and no choice changes the final scores
            return self._next()
        self.drafts[pend.player].watch(observe(game, pend.player), pend.player)  # what it is about to see
        if pend.player == self.last_player or self.humans == 1:
            return Decide(pend)  # no one else to hide the screen from
        return Handoff(pend, (self.undo[0], self.undo[1]) if self.undo else None, self.announce)

    def _new_pages(self) -> list[Summary | Final]:
        """The public events since the last page, one page per chapter, the final scores last."""
        log = game_log(self.game)
        pages: list[Summary | Final] = []
        seat = self.lone_human()
        for chapter, events, end in chapters.spans(log, self.shown):
            if chapter == "lich" and seat is not None:  # (their own cards: no one else to hide them from)
                events = chapters.own_lich(log, end, seat) + events
            if chapter == "end":
                pages.append(Final(_typed(events)))
            else:
                pages.append(Summary(((chapter, _typed(events)),), chapters.turn_at(log, end - 1), end))
        self.shown = len(log)
        return pages


class Asks:
    """The engine's answers about one seat's decision that its screen asks for, worked out on the
    session's game of the moment (read only): a screen holds a `SeatView` and this, never the game,
    and works no rule out itself."""

    def __init__(self, session: Session, player: int):
        self._session, self.player = session, player
        self._rivals: tuple[int, Rivals | None] | None = None  # (log size, the neighbours' sampled strengths)
        self.seats = list(session.seats)  # the seat types at the table (bots are marked as such)

    def forecast(self, slots: list[int | None], keep: int | None = None) -> TurnForecast | None:
        """This turn's forecast for a deployment plan (None: a plan the engine would refuse). The
        neighbours' hidden cards are sampled once for the decision (the first forecast asked),
        with the seat's memory of the draft; each plan then only compares strengths."""
        from ..rules import forecast

        game = self._session.game
        if self._rivals is None or self._rivals[0] != len(game_log(game)):
            view = observe(game, self.player)
            self._rivals = (len(game_log(game)), forecast.rival_strengths(
                view, game.catalog, self._session.drafts.get(self.player)))
        return forecast.safe_forecast(game, self.player, slots, keep, self._rivals[1])

    def suggested_unpaid(self, new: list[int]) -> list[int]:
        """The new Units to give up when Gold is short (see `Game.suggested_unpaid`)."""
        return self._session.game.suggested_unpaid(self.player, new)

    def construction_report(self) -> list[ConstructionPrice]:
        """Every Construction of every Building, possible or not, with its price (`Game.construction_report`)."""
        return self._session.game.construction_report(self.player)

    def would_die(self, slot: int, extra_age: int = 0) -> bool:
        """Whether the Unit in this spot dies at this Aging with `extra_age` more Age tokens."""
        return self._session.game.would_die(self.player, slot, extra_age)

    def age_change(self, slot: int, amount: int) -> AgeChange:
        """What `amount` more Age tokens on the Unit in this spot change this turn (`forecast.age_change`)."""
        from ..rules import forecast

        return forecast.age_change(self._session.game, self.player, slot, amount)

    def pending(self) -> Pending | None:
        """The decision the player must make now, if any (the coach's hint is for it)."""
        return self._session.game.pending_for(self.player)

    def hidden_view(self) -> SeatView:
        """The player's own view now (`observe`), as the bots and the coach read it."""
        return self._session.view(self.player)


def _typed(events: list[dict[str, Any]]) -> tuple[BaseEvent, ...]:
    from ..rules import events as ev

    return tuple(ev.known(events))


TAKEN_BACK: dict[str, str] = {Step.PICK: "pick", Step.DEPLOY: "deployment", Step.CONSTRUCTION: "Construction",
                              Step.HEAL: "choice"}  # (English: the steps one may take back)
TOOK_BACK: dict[str, str] = {Step.PICK: N_("%(name)s took back their pick"),
                             Step.DEPLOY: N_("%(name)s took back their deployment"),
                             Step.CONSTRUCTION: N_("%(name)s took back their Construction"),
                             Step.HEAL: N_("%(name)s took back their choice")}


def taken_back_text(name: str, step: str) -> str:
    """"Ann took back their deployment", in the screens' language."""
    return SCREENS.marked(TOOK_BACK.get(step, N_("%(name)s took back their decision"))) % {"name": name}


def _take_back_list(saved: object, players: int) -> list[tuple[int, int, str]]:
    """The take-backs kept in a save (anything malformed in a file is left out)."""
    out: list[tuple[int, int, str]] = []
    for t in saved if isinstance(saved, list) else ():
        if (isinstance(t, list) and len(t) == 3 and type(t[0]) is int and t[0] >= 0 and type(t[1]) is int
                and 0 <= t[1] < players and t[2] in set(Step)):
            out.append((t[0], t[1], str(t[2])))
    return out


def _hint_counts(hints: object, players: int) -> list[int]:
    """Hints used per seat, as saved (anything else in a file counts as none used)."""
    if isinstance(hints, list) and len(hints) == players and all(type(h) is int and h >= 0 for h in hints):
        return list(hints)
    return [0] * players

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

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..rules import (
    ConstructionPrice,
    Decision,
    Game,
    IllegalDecision,
    NotPending,
    Pending,
    SeatView,
    Step,
    decision_from_dict,
    game_decisions,
    game_log,
    observe,
)
from ..table import GameTable
from ..text.i18n import N_
from . import chapters, seats
from .flow import AnswersTold, BotTurn, Decide, Final, Handoff, Offers, Scene, Summary
from .language import SCREENS

if TYPE_CHECKING:  # imported where used: the title screen starts without them (benchmarks/bench_tui.py)
    from ..persistence import Save
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
        # the table (table/core.py): the game, its seats, bots, pages, take-backs and hints, as hosted
        self.table = GameTable(game, seat_types, pages_from=len(game_log(game)) if shown is None else shown,
                               take_backs=take_backs, hints=hints, kept_hints=coach, seed_typed=seed_typed)
        self.seats = list(seat_types)
        self.table.online.update(self.table.humans)  # every seat at this one device
        self.bots = self.table.bots
        self.page_at = 0  # the results pages the table has been shown at this device
        self.last_player: int | None = None  # who is at the screen (no hand-off to oneself)
        self.undo: tuple[int, Step] | None = None  # (player, step): the decision that may be taken back
        self.announce = ""  # take-backs not announced on a hand-off screen yet
        self.coach: Background | None = None  # the human decisions assessed as play goes on (see `assess`)
        self._asked: dict[int, tuple[Asks, tuple[int, Rivals | None] | None]] = {}  # (see `asks`, `answer`)
        self._assess_past()
        self.scene: Scene = self._next()

    # --- the table's parts, as the app and the tests name them ---------------------------------
    @property
    def game(self) -> Game:
        return self.table.game

    @property
    def hints(self) -> list[int]:
        return self.table.hints

    @property
    def kept_hints(self) -> list[KeptHint]:
        return self.table.kept_hints

    @property
    def take_backs(self) -> list[tuple[int, int, str]]:
        return self.table.take_backs

    @property
    def seed_typed(self) -> bool:
        return self.table.seed_typed

    @property
    def drafts(self) -> dict[int, DraftMemory]:
        return self.table.drafts

    @property
    def offers(self) -> Offers:
        """What this flow offers the app: at one keyboard, everything."""
        return Offers(save_as=True, hints=True, review=True, bots=True, rematch=True, take_back=True, new_game=True)

    def refusals(self) -> list[Exception]:
        """(At one keyboard `submit` answers at once: no refusal comes later.)"""
        return []

    def rematch(self) -> Game | None:
        """The game over, a new one for the same seats (names, mode, bots), with a new seed: the app
        plays it."""
        if not self.game.over:
            return None
        return self.table.rematch_game(random.randrange(1_000_000))

    @classmethod
    def finished(cls, game: Game, seat_types: list[str], note: str = "", hints: list[int] | None = None,
                 coach: Sequence[KeptHint] = ()) -> Session:
        """A finished game opened only to see its final scores."""
        session = cls(game, seat_types, shown=len(game_log(game)), hints=hints, coach=coach)
        end = [events for chapter, events in chapters.chapters(game_log(game), 0) if chapter == "end"]
        session.scene = Final(_typed(end[-1]) if end else (), note)
        return session

    @classmethod
    def resumed(cls, save: Save) -> Session:
        """A saved game gone on with (`papertales --resume`, Resume): a finished one only shows its
        final scores."""
        settings = save.settings
        seat_types = settings.seats or [seats.HUMAN] * len(save.game.players)
        hints, coach = settings.hints, settings.kept_hints()
        if save.game.over:
            return cls.finished(save.game, seat_types, SCREENS.gettext(
                "This game is already finished: here are its final scores."), hints, coach)
        return cls(save.game, seat_types, None, hints, coach=coach, take_backs=settings.take_back_list(),
                   seed_typed=settings.seed_typed is True)

    @property
    def seed_shown(self) -> bool:
        """Whether the screens may show the game's seed: from it anyone can work out every hidden card,
        so only once the game is over, or all along when a player typed it on the New game form."""
        return self.seed_typed or self.game.over

    def settings(self) -> dict[str, Any]:
        """What a save keeps of this table besides the game (`GameTable.settings`)."""
        return self.table.settings()

    def ordinal(self, player: int) -> int:
        """How many decisions `player` has made: the number of their next one, counted from 0."""
        return self.table.ordinal(player)

    def keep_hint(self, hint: CoachHint, ordinal: int) -> None:
        """A hint shown to a player for their decision number `ordinal`, kept for the review (not counted:
        `hint_given` counts it too)."""
        self.table.hints[hint.player] -= 1
        self.table.hint_given(hint, ordinal)

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
        """The engine's answers the deciding screen of `player` asks for, as data (see `Asks`): what its
        screen reads as it opens is worked out now; its plans' forecasts when asked (`answer`)."""
        from ..rules import forecast

        game, pend = self.game, self.game.pending_for(player)
        report = game.construction_report(player) if pend is not None and pend.kind == Step.CONSTRUCTION else []
        changes: dict[tuple[int, int], AgeChange] = {}
        if pend is not None and pend.kind == Step.AGE_TARGET:
            amount = getattr(pend.options, "amount", 0)
            changes = {(slot, amount): forecast.age_change(game, player, slot, amount)
                       for slot in getattr(pend.options, "slots", ())}
        asks = Asks(player, self.seats, self.view(player), pend, report, changes)
        self._asked[player] = (asks, None)
        return asks

    def answer(self) -> bool:
        """Answer the forecasts the screens' `Asks` were asked for (on the game of the moment, read
        only); whether any was. The neighbours' hidden cards are sampled once for a decision (its
        first forecast), with the seat's memory of the draft; each plan then only compares strengths."""
        from ..rules import forecast

        game, answered = self.game, False
        for player, (asks, rivals) in list(self._asked.items()):
            if not asks.questions:
                continue
            if rivals is None or rivals[0] != len(game_log(game)):
                rivals = (len(game_log(game)), forecast.rival_strengths(
                    observe(game, player), game.catalog, self.drafts.get(player)))
                self._asked[player] = (asks, rivals)
            for slots, keep in asks.questions:
                asks.answers[(slots, keep)] = forecast.safe_forecast(game, player, list(slots), keep, rivals[1])
            asks.questions.clear()
            asks.tell()
            answered = True
        return answered

    def public_log(self, until: int | None = None, later: object = None) -> list[tuple[int, dict[str, Any]]]:
        """The game's public events (up to `until` events of the log), each with its place in the log;
        with one human at the table (no one else to hide the screen from), their own events too (solo:
        the cards drawn from the Underworld, kept and put back under it)."""
        seat = self.lone_human()
        return [(k, e) for k, e in enumerate(game_log(self.game)[:until])
                if e.get("private_to") is None or e.get("private_to") == seat]

    def lone_human(self) -> int | None:
        """The seat of the one human at the table, if there is exactly one."""
        return self.table.lone_human()

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
        """A copy of what human seat `player` remembers of this turn's draft, for the coach."""
        return self.table.draft_memory(player)

    def hint_job(self, player: int) -> HintJob | None:
        """The coach's hint for `player`'s decision now, to run in a worker (None: no decision pending)."""
        from .coaching import HintJob

        work = self.table.hint_work(player)
        if work is None:
            return None
        return HintJob(player, work.ordinal, work.view, work.pend, self.game.catalog, self.draft_memory(player))

    def hint_given(self, hint: CoachHint, ordinal: int) -> None:
        """A hint shown to its player: counted, and kept for the review."""
        self.table.hint_given(hint, ordinal)

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
        game = self.game
        logged, index = len(game_log(game)), len(game_decisions(game))  # (its place among the decisions)
        view, pend, ordinal = self.view(player), self.scene.pend, self.ordinal(player)
        try:
            self.table.decide(player, decision)
        except IllegalDecision as err:
            return err
        self.assess(view, pend, ordinal, index)
        self.last_player = player
        resolved = len(game_log(game)) != logged or game.players[player].submitted is None
        self.undo = None if resolved else (player, pend.kind)
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
            self.page_at += 1
            self.table.read_all(self.page_at)  # everyone at this device has read it
            self.scene = self._next()

    def take_back(self) -> bool:
        """Undo the last human decision (see the module doc): `Game.take_back`, through the table; False
        when it cannot be taken back."""
        if not isinstance(self.scene, Handoff) or self.undo is None:
            return False
        player, step = self.undo
        try:
            decision = self.table.take_back(player)
        except IllegalDecision:
            return False
        self.undo = None
        self.last_player = player
        said = taken_back_text(self.game.players[player].name, step) + "."
        self.announce = f"{self.announce} {said}".strip()
        pend = self.game.pending_for(player)
        assert pend is not None, "a decision taken back is pending again"
        self.scene = Decide(pend, decision)
        return True

    def bot_decision(self, pend: Pending) -> Decision | BotFailed:
        """What the bot at `pend.player` decides (slow: the app runs this in a worker thread)."""
        found = self.table.bot_choose(pend, observe(self.game, pend.player))
        return BotFailed(f"{type(found).__name__}: {found}") if isinstance(found, BaseException) else found

    def bot_submit(self, pend: Pending, decision: Decision | BotFailed) -> str | None:
        """Apply a bot's decision; a refused one is replaced by a random legal one, and the reason
        is returned for the table to see."""
        game = self.game
        _applied, reason = self.table.bot_decided(
            pend, _Failed(decision.reason) if isinstance(decision, BotFailed) else decision)
        warning = None
        if reason is not None:
            warning = SCREENS.gettext("%(name)s (bot): %(reason)s; it plays at random") % {
                "name": game.players[pend.player].name, "reason": reason}
        self.last_player = None
        self.undo = None
        self.scene = self._next()
        return warning

    # --- what comes next --------------------------------------------------------------------
    def _next(self) -> Scene:
        table = self.table
        if self.page_at < len(table.pages):
            self.last_player = None  # everyone looks at the summary
            self.undo = None
            page = table.pages[self.page_at]
            events = _typed(table.page_events(page, self.lone_human()))
            if page.final:
                self.page_at += 1
                table.read_all(self.page_at)
                return Final(events)
            return Summary(((page.chapter, events),), chapters.turn_at(game_log(self.game), page.end - 1), page.end)
        game = self.game
        if game.over:
            return Final(())
        pend = game.pending()[0]
        if pend.player in self.bots:
            return BotTurn(pend)
        if pend.player == self.last_player or self.humans == 1:
            return Decide(pend)  # no one else to hide the screen from
        return Handoff(pend, self.undo, self.announce)


class _Failed(Exception):
    """A bot's failure, as the table is told of it (its reason as it is)."""

    def __str__(self) -> str:
        return str(self.args[0])


PlanKey = tuple[tuple[int | None, ...], int | None]  # a deployment plan: its spots and the card kept


class Asks(AnswersTold):
    """The engine's answers about one seat's decision that its screen asks for, as data (satisfies
    `tui.flow.Asks`): what the screen reads as it opens (the decision, the price list, the Age changes)
    worked out by the Session when it hands this out, and each plan's forecast put in `answers` once
    the Session is asked (`Session.answer`: the screen, finding a plan's forecast not known yet, posts
    `AnswersAsked`; the app has the Session answer and tells the screen `AnswersCame`). It holds no
    game and no Session: a screen holds a `SeatView` and this, and works no rule out itself."""

    def __init__(self, player: int, seats: list[str], view: SeatView, pend: Pending | None,
                 report: Sequence[ConstructionPrice] = (), age_changes: dict[tuple[int, int], AgeChange] | None = None):
        super().__init__()  # (`listen`: told when the Session has answered this screen's forecasts)
        self.player, self.seats = player, list(seats)  # (the seat types at the table: bots are marked as such)
        self.view, self.pend, self.report = view, pend, tuple(report)
        self.age_changes = dict(age_changes or {})
        self.questions: list[PlanKey] = []  # the plans whose forecast the screen asked for, not answered yet
        self.answers: dict[PlanKey, TurnForecast | None] = {}

    def seat_view(self) -> SeatView:
        """The seat's view (at one keyboard nobody else decides while this screen is up)."""
        return self.view

    @staticmethod
    def key(slots: list[int | None], keep: int | None) -> PlanKey:
        return tuple(slots), keep

    def forecast_ready(self, slots: list[int | None], keep: int | None = None) -> bool:
        """Whether this plan's forecast is known (else it is a question for the Session: see the class doc)."""
        key = self.key(slots, keep)
        if key in self.answers:
            return True
        if key not in self.questions:
            self.questions.append(key)
        return False

    def forecast(self, slots: list[int | None], keep: int | None = None) -> TurnForecast | None:
        """This turn's forecast for a deployment plan, once answered (None: a plan the engine would
        refuse, or one not answered yet)."""
        return self.answers.get(self.key(slots, keep))

    def suggested_unpaid(self, new: list[int]) -> list[int]:
        """The new Units to give up when Gold is short (`Game.suggested_unpaid`, from the seat's view)."""
        return suggested_unpaid(self.view, self.player, new)

    def construction_report(self) -> list[ConstructionPrice]:
        """Every Construction of every Building, possible or not, with its price (`Game.construction_report`)."""
        return list(self.report)

    def age_change(self, slot: int, amount: int) -> AgeChange:
        """What `amount` more Age tokens on the Unit in this spot change this turn (`forecast.age_change`),
        for the spots and amount the decision offers."""
        return self.age_changes[(slot, amount)]

    def pending(self) -> Pending | None:
        """The decision the player must make (the coach's hint is for it)."""
        return self.pend

    def hidden_view(self) -> SeatView:
        """The player's own view (`observe`) when the decision came, as the bots and the coach read it."""
        return self.view


def suggested_unpaid(view: SeatView, player: int, new: list[int]) -> list[int]:
    """The new Units `player` gives up when their Gold is short, from what they see (`Game.suggested_unpaid`)."""
    from ..rules import unpaid_for

    return unpaid_for({c: view.card(c).cost for c in new}, view.players[player].gold, new)


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

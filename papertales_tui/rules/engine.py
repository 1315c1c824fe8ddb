"""The rules engine: who must decide what now, and apply a decision.

Decisions are the typed values of `decisions.py`, one per player and step (their JSON form, e.g.
``{"kind": "pick", "card": 12}``, is accepted too and is what the state's `decisions` record; a
player's `submitted` decision is kept typed), chosen from the step's typed options
(`Pending.options`: `PickOptions`, `DeployOptions`...):

- `Pick(card, discard)` (discard only with 2 players)
- `Deploy(slots, keep, unpaid)`: the whole Kingdom after deployment (spot 0-2 Front, 2 is the 5th
  spot; 3-4 Back). Units in play that are left out are discarded; hand cards neither placed nor
  kept are discarded. ``unpaid`` lists new Units given up when Gold is short.
- `AgeTarget(slot)`: where a Time Master or Master Alchemist puts its Age tokens.
- `Build(building, level)`, `Upgrade(building)` or `Pass()` during Construction.
- `Heal(slots)`: Units the player's Mystical Healers save during Aging.

Steps are simultaneous: every player in ``pending()`` decides, and the step resolves once all have.
`apply` is `_check` (validation, state untouched) then the change, so a trusted caller can skip the
first (`submit(..., trusted=True)`, `play_step`). `Game` is the facade: what each step asks, checks
and resolves is the step table `phases.STEPS` (one module per phase), the Kingdom arithmetic is
`kingdom.py`, what a game answers about its Kingdoms `queries.py` (`Queries`, a base of `Game`).
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Mapping
from types import FunctionType
from typing import TYPE_CHECKING, Any

from . import draws, effects, kingdom, order
from .cards import Catalog, UnitType
from .decisions import (
    DECISIONS,
    STEP_OF,
    Build,
    Decision,
    Deploy,
    Heal,
    HealOptions,
    Options,
    Pending,
    Step,
    Upgrade,
    as_decision,
)
from .errors import IllegalDecision, NothingToTakeBack, NotPending
from .kingdom import Forecast
from .modes import Mode, StandardMode
from .names import check_name
from .phases import STEPS, StepRow, construction, deployment, nobody
from .phases.recruitment import draft_counts, draft_size, pass_step
from .phases.wars import WAR_LP, double_war, war_won
from .queries import Queries
from .scratch import Scratch
from .state import BACK, FRONT, SLOT_NAMES, GameState, Phase, Player, Unit

if TYPE_CHECKING:
    from .observer import SeatView

START_GOLD = 3


class Game(Queries):
    """A game of Paper Tales: state plus the card catalog that gives the cards their meaning."""

    def __init__(self, state: GameState, catalog: Catalog, mode: Mode | None = None):
        self.state = state
        self.catalog = catalog
        self.mode: Mode = StandardMode() if mode is None else mode
        extra = type(self.mode).extra_pending
        self._extra_pending = None if extra is StandardMode.extra_pending else self.mode.extra_pending
        try:
            self.types: list[UnitType] = [catalog.units[k] for k in state.cards]
        except KeyError:
            missing = set(state.cards) - set(catalog.units)
            raise ValueError(f"unknown card types in this game: {', '.join(sorted(missing))}") from None
        compiled = effects.catalog_rules(catalog)
        self.rules: list[effects.UnitRules] = [compiled.units[k] for k in state.cards]  # by card id, like types
        self.building_rules = compiled.buildings
        self.scratch = Scratch()  # what the phases cache and hand over between steps (not saved)
        from . import events  # (imported with the first game, not with the app: ~60 dataclasses)

        self._check_event = events.check
        self._event_counts = events.FIELD_COUNTS  # event type -> how many fields it may have
        self.record_events = True  # False: events are counted, not logged (see `stop_recording`)
        self.unlogged = 0  # events not logged
        self.mode.check_state(state, catalog)

    # --- creation and serialisation ---------------------------------------------------------
    @classmethod
    def new(cls, names: list[str], seed: int = 0, catalog: Catalog | None = None, mode: Mode | None = None) -> Game:
        """A new game, shuffled by `seed`, in the standard mode unless `mode` says otherwise."""
        if catalog is None:
            from .card_files import default_catalog

            catalog = default_catalog()
        mode = StandardMode() if mode is None else mode
        mode.check_players(len(names))
        for name in names:
            check_name(name)  # the rule the New game form and the save format share (names.py)
        rng = random.Random(seed)
        cards = list(effects.catalog_rules(catalog).deck)
        deck = list(range(len(cards)))
        draws.shuffle(rng, deck)
        state = GameState(seed=seed, cards=cards, players=[Player(n, gold=START_GOLD) for n in names],
                          deck=deck, rng=rng, mode=mode.name)
        mode.prepare(state, catalog)
        game = cls(state, catalog, mode)
        if mode.name == StandardMode.name:
            game.emit("game_started", players=list(names), seed=seed)
        else:
            game.emit("game_started", players=list(names), seed=seed, mode=mode.name)
        mode.setup(game)
        game.begin(Step.TURN)
        return game

    def to_json(self) -> str:
        return json.dumps(self.state.to_dict())

    def copy(self) -> Game:
        """An independent copy of this game, in a new object of the same mode (a look ahead)."""
        mode = type(self.mode)()
        return type(self)(GameState.from_dict(json.loads(self.to_json()), load_mode_state=mode.load_state),
                          self.catalog, mode)

    @classmethod
    def from_json(cls, text: str, catalog: Catalog | None = None, mode: Mode | None = None) -> Game:
        """A game from `to_json()` text, in `mode` (the standard one by default; the state must name
        it); `games.load_game` picks the mode the state names."""
        if catalog is None:
            from .card_files import default_catalog

            catalog = default_catalog()
        mode = StandardMode() if mode is None else mode
        data = json.loads(text)
        named = data.get("mode", StandardMode.name)
        if named != mode.name:
            raise ValueError(f"a {named} game cannot be played as a {mode.name} game "
                             "(games.load_game picks the mode a state names)")
        return cls(GameState.from_dict(data, load_mode_state=mode.load_state), catalog, mode)

    # --- who must decide ----------------------------------------------------------------------
    @property
    def players(self) -> list[Player]:
        return self.state.players

    @property
    def over(self) -> bool:
        return self.state.over

    def card(self, card: int) -> UnitType:
        return self.types[card]

    def pending(self) -> list[Pending]:
        """Every player who must decide now (those who already submitted are left out)."""
        s = self.state
        row = STEPS.get(s.step)
        if s.over or row is None:
            return []
        asks, options, step = row.asks, row.options, s.step
        out = [Pending(i, step, options(self, i, p)) for i, p in enumerate(s.players)
               if p.submitted is None and asks(self, i, p)]
        if self._extra_pending is not None:
            for pend in out:
                self._extra_pending(self, pend)
        return out

    def pending_for(self, player: int) -> Pending | None:
        """The decision `player` must make now, if any."""
        s = self.state
        if s.over or not 0 <= player < len(s.players):
            return None
        p = s.players[player]
        row = STEPS.get(s.step)
        if p.submitted is not None or row is None or not row.asks(self, player, p):
            return None
        pend = Pending(player, s.step, row.options(self, player, p))
        if self._extra_pending is not None:
            self._extra_pending(self, pend)
        return pend

    def _anyone_pending(self, first: int = 0) -> bool:
        """Whether anyone must still decide; asks `first` and those after first (likelier pending)."""
        s = self.state
        row = STEPS.get(s.step)
        if row is None:
            return False
        asks = row.asks
        players = s.players
        n = len(players)
        for k in range(first, first + n):
            p = players[k % n]
            if p.submitted is None and asks(self, k % n, p):  # who submitted is never pending
                return True
        return False

    def construction_options(self, player: int) -> list[Build | Upgrade]:
        """Every Construction the player can afford now, each with its Gold price (`gold`)."""
        if self.state.step == Step.CONSTRUCTION:
            return list(construction.step_options(self, player))
        return list(kingdom.construction_options(self.rules, self.building_rules, self.state.players[player]))

    def heal_matters(self, player: int) -> bool:
        """Whether the choice of the Units `player`'s Mystical Healers save can still change anything:
        before the last turn it always can (a saved Unit plays on); at the last turn's Aging only if a
        choice changes the final scores (a death ability: Sculptor, Demon, Monkey, Kraken...)."""
        pend = self.pending_for(player)
        if pend is None or pend.kind != Step.HEAL:
            return False
        if self.state.turn < self.state.turns:
            return True
        outcomes = set()
        o = pend.options
        assert isinstance(o, HealOptions)  # the heal step's
        slots, most = o.slots, o.max
        for saves in (c for k in range(most + 1) for c in itertools.combinations(slots, k)):
            outcome = self._final_scores_after(player, Heal(saves))
            if outcome is not None:
                outcomes.add(outcome)
            if len(outcomes) > 1:
                return True
        return False

    def _final_scores_after(self, player: int, heal: Heal) -> tuple[object, ...] | None:
        """LP and Gold of every player (and the other sides' LP: the Lich King's) at the end, if `player`
        saves these Units and the others save none (None: a choice the rules refuse)."""
        ahead = self.copy()
        try:
            ahead.apply(player, heal)
        except IllegalDecision:
            return None
        while not ahead.over and ahead.pending():
            ahead.apply(ahead.pending()[0].player, Heal(()))
        return tuple((p.lp, p.gold) for p in ahead.state.players), tuple(ahead.mode.other_scores(ahead))

    # --- questions screens and bots ask (the Kingdoms' in queries.py) -----------------------
    def scores(self) -> list[int]:
        return [p.lp for p in self.state.players]

    def winners(self) -> list[int]:
        """Most LP, then most Gold; players still tied share the victory (unless the mode says)."""
        by_mode = self.mode.winners(self)
        if by_mode is not None:
            return by_mode
        best = max((p.lp, p.gold) for p in self.state.players)
        return [i for i, p in enumerate(self.state.players) if (p.lp, p.gold) == best]

    def player_order(self) -> list[int]:
        """Order for abilities that interact: most LP first, then least Gold, then a seeded draw."""
        return order.player_order(self)

    def view(self, player: int | None) -> SeatView:
        """What `player` may see (None: a spectator who sees only public information): `observe`."""
        from .observer import observe

        return observe(self, player)

    def after_deployment(self, player: int, decision: Deploy | dict[str, Any]) -> Game:
        """This player's Kingdom alone, as player 0 of a new Game, as this deployment decision would
        leave it at the end of phase 2: Units placed and paid, reveal and every-turn abilities
        applied, end-of-phase LP scored (in its log). Left as they are: a Shapeshifter (the draw pile
        is hidden) and Age tokens placed by choice (still in the player's `choices`).
        Raises IllegalDecision as `apply` would; this game is not changed."""
        p = self.state.players[player]
        deploy = as_decision(decision, Step.DEPLOY)
        assert isinstance(deploy, Deploy)  # as_decision checked the kind
        d = deployment.check_deploy(self, player, p, deploy)
        me = Player(p.name, gold=p.gold, lp=p.lp, hand=list(p.hand), buildings=dict(p.buildings),
                    slots=[None if u is None else Unit(u.card, u.age) for u in p.slots])
        s = self.state
        k = Game(GameState(seed=s.seed, cards=s.cards, players=[me], turn=s.turn, turns=s.turns,
                           phase=Phase.DEPLOYMENT), self.catalog)
        deployment.deploy_alone(k, d)
        return k

    # --- applying decisions -----------------------------------------------------------------
    def apply(self, player: int, decision: Decision | dict[str, Any]) -> None:
        """Validate and apply one decision; raise IllegalDecision (state untouched) if refused.
        A dict (the JSON form) is read with `decision_from_dict` first."""
        row, d = self._check(player, decision)
        s = self.state
        s.decisions.append(d.record(player))  # (the JSON form: saves, replays)
        if row.at_once is not None:  # sequential, private to the player (Age tokens): applied at once
            row.at_once(self, player, d)
        else:
            s.players[player].submitted = d
        if not self._anyone_pending(player + 1):  # (from the next seat: this player has decided)
            self._advance(row)

    def take_back(self, player: int) -> Decision:
        """Withdraw the decision `player` made in this step while it waits for the others (the step
        has not resolved, so nothing it decided was revealed): the player is pending again, the game as
        it was before that decision (its entry left out of the decisions). Returns the decision taken
        back; NothingToTakeBack when there is none (none made in this step, or one applied at once:
        an Age-token target)."""
        s = self.state
        if type(player) is not int or s.over or not 0 <= player < len(s.players):
            raise NothingToTakeBack(player)
        p = s.players[player]
        decision = p.submitted
        if decision is None:
            raise NothingToTakeBack(player)
        p.submitted = None
        log = s.decisions
        for k in range(len(log) - 1, -1, -1):  # its entry: the player's last (one a step)
            if log[k]["player"] == player:
                del log[k]
                break
        return decision

    def check(self, player: int, decision: Decision | dict[str, Any]) -> Decision:
        """The decision as `apply` would apply it (prices settled), without applying it; raises
        IllegalDecision (or a subclass: NotPending, WrongKind, MalformedDecision, Unaffordable)."""
        return self._check(player, decision)[1]

    def _check(self, player: int, decision: Decision | dict[str, Any]) -> tuple[StepRow, Decision]:
        """The step's row and the decision as it applies; NotPending unless `pending_for(player)` is a
        Pending (the check reads what its options are made of, not the options)."""
        s = self.state
        players = s.players
        # (one test for the usual int; a bool is no player, though True == 1)
        if type(player) is not int and (not isinstance(player, int) or isinstance(player, bool)) \
                or s.over or not 0 <= player < len(players):
            raise NotPending(player)
        p, step = players[player], s.step
        row = STEPS.get(step)
        if p.submitted is not None or row is None or not row.asks(self, player, p):
            raise NotPending(player)
        # a typed decision of the step's kind as it is (`as_decision` reads the others)
        d = decision if STEP_OF.get(type(decision)) is step else as_decision(decision, step)
        return row, row.check(self, player, p, d)

    def submit(self, decisions: Mapping[int, Decision | dict[str, Any]], *, trusted: bool = False) -> None:
        """The decisions of the current step, player -> decision, applied together and the step
        resolved once: the same game as one `apply` each, in this order.

        Validated like `apply`, all of them before any is applied (IllegalDecision: nothing is
        applied), unless `trusted`: for callers that make a decision for every pending player from
        this step's `pending()` options (the random player, playouts), typed (a dict, the form
        `to_dict` gives, is read unchecked), which then skip the checks, rebuilding the options and
        rescanning who is still pending after each decision. Age-token targets are sequential and always go through
        `apply`, one by one."""
        s = self.state
        row = STEPS.get(s.step)
        if row is not None and row.at_once is not None:
            for player, d in decisions.items():
                self.apply(player, d)
            return
        if trusted:  # a dict is read as it is, unchecked: the form `to_dict` gives
            typed = [(player, DECISIONS[d["kind"]].from_dict(d) if isinstance(d, dict) else d)
                     for player, d in decisions.items()]
        else:
            typed = [(player, self._check(player, d)[1]) for player, d in decisions.items()]
        log, players = s.decisions, s.players
        for player, d in typed:
            log.append(d.record(player))
            players[player].submitted = d
        if row is not None and not self._anyone_pending():
            self._advance(row)

    def play_step(self, decide: Callable[[int, Step, Options], Decision]) -> None:
        """Trusted play of the current step: `decide(player, step, options)` for each player who must
        decide now, in seat order, with the options `pending()` would give (the engine's own: read
        them, do not keep or change them), then the step resolves once. The same game as
        `submit({p.player: decide(p.player, p.kind, p.options) for p in pending()}, trusted=True)`
        (a player's options do not depend on what the others decide), without building the Pendings
        or asking again who is pending. Age-token targets are decided one by one, as `submit` does."""
        s = self.state
        row = STEPS.get(s.step)
        if s.over or row is None or row.at_once is not None:
            self.submit({p.player: decide(p.player, p.kind, p.options) for p in self.pending()}, trusted=True)
            return
        asks, options, extra = row.asks, row.options, self._extra_pending
        step, log = s.step, s.decisions
        for i, p in enumerate(s.players):
            if p.submitted is None and asks(self, i, p):
                o = options(self, i, p)
                if extra is not None:
                    pend = Pending(i, step, o)
                    extra(self, pend)
                    o = pend.options
                d = decide(i, step, o)
                log.append(d.record(i))
                p.submitted = d
        self._advance(row)  # everyone asked has decided

    def stop_recording(self) -> None:
        """From now on, count events without logging them (the log so far is dropped): a game
        played only for its outcome, e.g. a simulation, is the same game, faster. Not in a mode
        that reads the log (`Mode.reads_log`: solo)."""
        if self.mode.reads_log:
            raise ValueError(f"a {self.mode.name} game cannot be played without its log")
        self.unlogged += len(self.state.log)
        self.state.log.clear()
        self.record_events = False

    def resume(self) -> None:
        """Resolve the current step if nobody has anything left to decide in it.

        Needed only after a state was edited or loaded by hand; `apply` does this by itself.
        """
        row = STEPS.get(self.state.step)
        if row is not None and not self.state.over and not self.pending():
            self._advance(row)

    def _advance(self, row: StepRow) -> None:
        """The turn's one loop: resolve the current step (its `row`), open the one the step table
        says comes next, and so on while nobody has to decide in it (or the game is over). (`_open`
        written out: this loop runs some 60 times a game.)"""
        s = self.state
        steps, function, automatic = STEPS, FunctionType, nobody
        resolve, nxt = row[1], row[2]  # (a row's fields by position: read some 60 times a game)
        while True:
            if resolve is not None:
                resolve(self)
            if nxt.__class__ is function:  # (a function of the game that says which step)
                nxt = nxt(self)
            if nxt is None:  # the game is over
                return
            phase, resolve, after, begin, asks, _, _, _ = steps[nxt]  # type: ignore[index]  # (a step now)
            s.phase = phase
            s.step = nxt  # type: ignore[assignment]  # (a Step, or a str key of the table)
            if asks is automatic:
                if begin is not None:
                    begin(self)
            else:  # every player decides anew: nothing submitted, no options cached
                self.scratch.options.clear()
                players = s.players
                for p in players:
                    p.submitted = None
                if begin is not None:
                    begin(self)
                for i, p in enumerate(players):  # (`_anyone_pending`, knowing nobody has submitted)
                    if asks(self, i, p):
                        return
            nxt = after

    def _open(self, step: Step) -> StepRow:
        """Open a step, in its phase (the step table's): every player decides anew; its `begin`
        (as `_advance` does)."""
        row = STEPS[step]
        s = self.state
        s.phase = row.phase
        s.step = step
        self.scratch.options.clear()
        for p in s.players:
            p.submitted = None
        if row.begin is not None:
            row.begin(self)
        return row

    def open_step(self, step: Step) -> None:
        """Open `step` as the turn does (the step table's phase and `begin`; every player decides
        anew) with nothing cached from before, and leave it open even if nobody has to decide in it
        yet: for a position set up by hand (tests, tools), which `resume()` then goes on from."""
        self.scratch = Scratch()
        self._open(step)

    # --- the engine's own moves ---------------------------------------------------------------
    def begin(self, step: Step) -> None:
        """Open a step (the step table's: its phase, its `begin`): every player decides anew; it
        resolves at once, and the turn goes on, if nobody has to decide in it."""
        row = self._open(step)
        if not self._anyone_pending():
            self._advance(row)

    def draw(self, n: int) -> list[int]:
        """Draw `n` cards from the draw pile, top first; the discard pile is shuffled into a new draw
        pile when it runs out (fewer cards only if both are empty)."""
        s = self.state
        deck = s.deck
        if 0 < n <= len(deck):  # no reshuffle needed: the top n cards, top first
            out = deck[-n:]
            del deck[-n:]
            out.reverse()
            return out
        out = []
        for _ in range(n):
            if not s.deck:
                if not s.discard:
                    break
                s.deck, s.discard = s.discard, []
                draws.shuffle(s.rng, s.deck)
                self.emit("deck_reshuffled", cards=len(s.deck))
            out.append(s.deck.pop())
        return out

    def discard(self, cards: list[int]) -> None:
        """Put these cards on the discard pile, in this order."""
        self.state.discard.extend(cards)

    def shuffle(self, cards: list[int]) -> None:
        """Shuffle these cards in place with the game's seeded generator."""
        self.state.rng.shuffle(cards)

    def emit(self, type_: str, **fields: Any) -> None:
        """Log an event of rules/events.py, stamped with the current phase: TypeError on an unknown
        type or a wrong number of fields (the names at every `emit` of the package are checked by
        tests/test_events.py: a set comparison per event here was ~3% of a logged game).

        Hot paths test `record_events` first and only count the event (`unlogged += 1`) when it is
        off: building the fields costs more than the rules they report."""
        if not self.record_events:
            self.unlogged += 1
            return
        counts = self._event_counts.get(type_)
        if counts is None or len(fields) not in counts:
            self._check_event(type_, fields)  # (raises)
        state = self.state
        state.log.append({"type": type_, "phase": state.phase, **fields})

    def gain(self, player: int, lp: int = 0, gold: int = 0, cause: str = "") -> None:
        """A player scores LP and gains Gold (negative: loses), logged with their `cause` (a card,
        Building or Necropolis key, or a step such as "wars"); a score never goes below 0 (FAQ)."""
        s = self.state
        p = s.players[player]
        # (the events logged as `emit` logs them, without its keywords: a sixth of a game's events)
        if lp:
            new = max(0, p.lp + lp)
            if self.record_events:
                s.log.append({"type": "lp", "phase": s.phase, "player": player, "amount": new - p.lp, "cause": cause,
                              "total": new})
            else:
                self.unlogged += 1
            p.lp = new
        if gold:
            p.gold += gold
            if self.record_events:
                s.log.append({"type": "gold", "phase": s.phase, "player": player, "amount": gold, "cause": cause,
                              "total": p.gold})
            else:
                self.unlogged += 1


__all__ = ["Game", "Pending", "Forecast", "IllegalDecision", "Step", "BACK", "FRONT", "SLOT_NAMES", "START_GOLD",
           "WAR_LP", "draft_counts", "draft_size", "double_war", "pass_step", "war_won"]

"""Solo mode: one player against the Lich King (the "Beyond the Gates" expansion's solo rules).

`SoloMode` fills in the engine's mode hooks (see `modes.py`): it changes only Recruitment (the
Underworld draft and the Lich King's gains), Wars (against the Black and Purple armies) and the end
of each turn (the Time token, the END card). Everything else is the normal engine. A solo game is a
`Game` whose `mode` is a `SoloMode` (`new_game` makes one); `mode_of(game)` gives that mode, whose
queries (the Lich King's LP and cards, the Necropolis row, the armies, the quests) screens and bots ask.

Recruitment is a series of ``pick`` decisions of player 0, ``{"kind": "pick", "card": c}``; the
options say which round it is: 5, 4 and 3 cards from the draw pile (the rest goes to the Underworld),
then the top 2 of the shuffled Underworld (the other goes back under it); the last card, the new top
of the Underworld, is taken without asking.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from .cards import Catalog, LichKingCard, NecropolisCard, Params, Quest, UnitType
from .decisions import PickOptions, quick_init
from .engine import Game, Pending
from .modes import Mode, ModeType, StandardMode
from .observer import SeatView
from .state import GameState, Phase

if TYPE_CHECKING:
    from .table import Table, WarOutlook

DRAFT_SIZES = (5, 4, 3)  # cards drawn from the pile in rounds 1-3; rounds 4 and 5 use the Underworld
UNDERWORLD_DRAW = 2  # round 4: the top 2 Underworld cards, keep 1
ROUNDS = 5
LICH_LP_PER_WAR = 1
ARMIES: Final = ("black", "purple")
PILES: tuple[int | str, ...] = (1, 2, 3, 4, "end")  # the Necropolis pile of each position of the row

# Where SoloMode resolves each kind of `cards.LICH_EFFECTS` (a test checks that none is missing).
LICH_RESOLVED = {
    "underworld_quest": "quests, scored by _lich_recruitment",
    "lp_per_war_won": "wars_fought",
    "lp_per_dying_units": "turn_ended",
    "lp_per_missing_building": "final_scoring",
    "army_strength": "_armies_of",
}


# Quest conditions: one test per kind of cards.QUEST_CONDITIONS, on the printed card. Strength is the
# printed shield; a Unit without one (Shapeshifter) meets no strength condition.
QUEST_TESTS: dict[str, Callable[[UnitType, Params], bool]] = {
    "strength_at_least": lambda t, p: t.strength is not None and t.strength >= p["value"],
    "strength_at_most": lambda t, p: t.strength is not None and t.strength <= p["value"],
    "cost_at_least": lambda t, p: t.cost >= p["value"],
    "cost_at_most": lambda t, p: t.cost <= p["value"],
    # a condition on producing is always met: any production of the resource counts
    "produces": lambda t, p: any(x.resource == p["resource"] or p["resource"] == "any" for x in t.produces),
    "produces_nothing": lambda t, p: not t.produces,
    "has_phase_ability": lambda t, p: any(a.phase == p["phase"] for a in t.abilities),
    "has_reveal": lambda t, p: any(a.reveal for a in t.abilities),
    "no_ability": lambda t, p: not t.abilities,
}


@quick_init
@dataclass(frozen=True, slots=True)
class SoloPickOptions(PickOptions):
    """A Pick of the solo game (rules/solo.py): also its draft `round` of `rounds`, the Underworld's
    size and where the cards left go (`rest_to`: "underworld" or "underworld_bottom")."""

    round: int
    rounds: int
    underworld: int
    rest_to: str


@dataclass(slots=True)
class SoloState:
    """The Lich King's side of a solo game (rules/solo.py)."""

    necropolis: list[str]  # the row 1-2-3-4-END: Necropolis card ids
    lich_cards: list[str] = field(default_factory=list)  # Lich King (difficulty) cards in play
    revealed: int = 1  # cards of the row face up, from the left
    time: int = 0  # position in the row of the card under the Time token
    lich_lp: int = 0
    underworld: list[int] = field(default_factory=list)  # top of the pile is the end of the list

    def to_dict(self) -> dict[str, Any]:
        return {"necropolis": list(self.necropolis), "lich_cards": list(self.lich_cards),
                "revealed": self.revealed, "time": self.time, "lich_lp": self.lich_lp,
                "underworld": list(self.underworld)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SoloState:
        return cls(list(d["necropolis"]), list(d["lich_cards"]), d["revealed"], d["time"], d["lich_lp"],
                   list(d["underworld"]))


@dataclass(frozen=True, slots=True)
class ArmyRange:
    """A turn's Black and Purple armies as the viewer may know them: (lowest, highest) each."""

    black: tuple[int, int]
    purple: tuple[int, int]


@dataclass(frozen=True, slots=True)
class SoloView:
    """The Lich King's side of a solo game, as the viewer sees it."""

    lich_lp: int
    lich_cards: tuple[str, ...]  # the Lich King cards in play (the difficulty)
    row: tuple[str | None, ...]  # the Necropolis row 1-2-3-4-END: card keys, None while face down
    revealed: int  # cards of the row face up, from the left
    time: int  # position in the row of the card under the Time token
    armies: tuple[int, int] | None  # this turn's (Black, Purple) strengths, once both cards are face up
    outlook: tuple[ArmyRange | None, ...]  # each turn's armies as may be known (None: no Wars that turn)
    next_candidates: tuple[str, ...]  # what the next card of the row may be (itself once face up)
    underworld: tuple[int, ...] | None  # its cards, sorted (its order is hidden): the player only
    underworld_count: int
    discard: tuple[int, ...] | None  # the discard pile, which the player may look through at Recruitment
    quest_lp: tuple[tuple[int, int], ...]  # (card, LP) this turn's quests score for each draft card of the viewer
    lich_sources: tuple[tuple[str, int], ...]  # the Lich King's LP so far by source key ("wars", card keys)

    def outlook_at(self, turn: int | None = None) -> ArmyRange | None:
        """A turn's armies as may be known (default: this turn's); None for a turn without Wars."""
        time = self.time if turn is None else turn - 1  # the Time token moves once a turn
        return self.outlook[time] if 0 <= time < len(self.outlook) else None


def solo_view(view: SeatView) -> SoloView | None:
    """The Lich King's side of a solo game as the view's seat sees it (`SeatView.mode_view`); None in
    another mode."""
    seen = view.mode_view
    return seen if isinstance(seen, SoloView) else None


def solo_war(strength: int, army: int) -> tuple[bool, bool]:
    """(the player wins, the Lich King wins) a War against an army: a tie is won by both."""
    return strength >= army, army >= strength


def army_bonus(lich_cards: list[LichKingCard]) -> dict[str, int]:
    """What the Lich King cards add to each army's strength, every turn."""
    return {a: sum(c.params[a] for c in lich_cards if c.effect == "army_strength") for a in ARMIES}


def armies_of(now: NecropolisCard, nxt: NecropolisCard, bonus: dict[str, int]) -> dict[str, int]:
    """A turn's Black and Purple army strengths: its current and next Necropolis cards, plus the
    Lich King cards' bonus (`army_bonus`)."""
    return {"black": now.black + nxt.black + bonus["black"], "purple": now.purple + nxt.purple + bonus["purple"]}


def _keys(cards: list[NecropolisCard]) -> list[str]:
    """The cards' keys in a fixed order (what a seeded draw picks from)."""
    return sorted(c.key for c in cards)


def necropolis_candidates(catalog: Catalog, row: Sequence[str | None], position: int) -> list[NecropolisCard]:
    """The cards that may be at this position of a Necropolis row as someone sees it (None: face
    down): the card itself once seen, else any card of its pile, equally likely; none past the END."""
    if position >= len(row):
        return []
    key = row[position]
    if key is not None:
        return [catalog.necropolis[key]]
    return [c for c in catalog.necropolis.values() if c.pile == PILES[position]]


def possible_armies(catalog: Catalog, row: Sequence[str | None], lich_cards: list[str],
                    time: int) -> list[dict[str, int]]:
    """The armies of the turn whose current card is at position `time` of the row as someone sees it
    (None: face down), one for each way its two cards may be, equally likely (see `armies_of`)."""
    bonus = army_bonus([catalog.lich_king[k] for k in lich_cards])
    nexts = necropolis_candidates(catalog, row, time + 1)
    return [armies_of(now, nxt, bonus) for now in necropolis_candidates(catalog, row, time) for nxt in nexts]


def scores_for(card: LichKingCard, army: str) -> bool:
    """Whether a Lich King card's extra LP per War won counts the Wars this army wins."""
    return card.effect == "lp_per_war_won" and card.params["army"] in (army, "any")


def lich_lp_per_war(lich_cards: list[LichKingCard]) -> dict[str, int]:
    """The Lich King's LP for each War an army wins: the base LP plus what his cards add."""
    return {a: LICH_LP_PER_WAR + sum(c.params["amount"] for c in lich_cards if scores_for(c, a)) for a in ARMIES}


def quests_of(catalog: Catalog, row: Sequence[str | None], lich_cards: list[str]) -> list[tuple[str, Quest]]:
    """The quests that score at Recruitment, (source card key, quest), for a Necropolis row as someone
    sees it (None: face down): those of the face-up cards, then those of the Lich King cards."""
    seen = [catalog.necropolis[k] for k in row if k is not None]
    out = [(c.key, c.quest) for c in seen if c.quest is not None]
    lich = [catalog.lich_king[k] for k in lich_cards]
    out += [(c.key, c.quest) for c in lich if c.effect == "underworld_quest" and c.quest]
    return out


def quest_matches(quest: Quest, unit: UnitType) -> bool:
    """Whether a printed Unit card meets a quest condition."""
    return QUEST_TESTS[quest.condition](unit, quest.params)


class SoloSaved:
    """The Lich King's side as a save file holds it (`SoloState.to_dict()`): what the save format
    checks of it (`table.SavedSide`)."""

    def schema(self) -> type[Any]:
        from .solo_schema import SoloSide

        return SoloSide

    def problem(self, players: int, data: dict[str, Any]) -> str | None:
        if len(set(data["lich_cards"])) != len(data["lich_cards"]):
            return "a Lich King card is in play twice"
        if len(set(data["necropolis"])) != len(data["necropolis"]):
            return "a Necropolis card is in the row twice"
        return None

    def cards(self, data: dict[str, Any]) -> list[int]:
        return list(data["underworld"])

    def unknown_cards(self, data: dict[str, Any], catalog: Catalog) -> list[str]:
        return sorted({k for k in data["necropolis"] if k not in catalog.necropolis}
                      | {k for k in data["lich_cards"] if k not in catalog.lich_king})


class SoloMode(StandardMode):
    """One player against the Lich King: the hooks that change Recruitment, Wars and the end of each
    turn, and the queries screens and bots ask about the Lich King. One object per game."""

    kind = ModeType("solo", seats=(1, 1), table="a solo game has one player and the Lich King's side",
                    saved=SoloSaved(), view=SoloView)
    name = kind.name
    reads_log = True  # the Lich King's sources and the Units that died this turn are read from it

    def __init__(self, difficulty: int = 0, lich_cards: list[str] | None = None):
        self.difficulty_asked = difficulty
        self.lich_cards_asked = lich_cards
        self.state: GameState
        self.catalog: Catalog
        self.types: list[UnitType] = []

    # --- hooks ------------------------------------------------------------------------------
    def check_players(self, n: int) -> None:
        if n != self.kind.seats[0]:
            raise ValueError("a solo game has exactly one player")

    def prepare(self, state: GameState, catalog: Catalog) -> None:
        """The Necropolis row (one card per pile) and the Lich King cards, drawn after the deck."""
        available = sorted(catalog.lich_king)
        lich_cards, difficulty = self.lich_cards_asked, self.difficulty_asked
        if lich_cards is not None:
            unknown = [k for k in lich_cards if k not in catalog.lich_king]
            if unknown or len(set(lich_cards)) != len(lich_cards):
                raise ValueError(f"unknown or repeated Lich King cards: {', '.join(unknown) or lich_cards}")
            difficulty = len(lich_cards)
        if not 0 <= difficulty <= len(available):
            raise ValueError(f"difficulty must be between 0 and {len(available)} (Lich King cards)")
        piles = {pile: sorted(k for k, c in catalog.necropolis.items() if c.pile == pile) for pile in PILES}
        empty = [str(p) for p, keys in piles.items() if not keys]
        if empty:
            raise ValueError(f"no Necropolis card in pile {', '.join(empty)}: solo play needs one per pile")
        rng = state.rng
        row = [rng.choice(keys) for keys in piles.values()]
        drawn = rng.sample(available, len(available))  # same draws whether or not the cards are chosen
        chosen = list(lich_cards) if lich_cards is not None else drawn[:difficulty]
        state.mode_state = SoloState(row, chosen, revealed=0)

    def load_state(self, data: dict[str, Any]) -> SoloState:
        """The Lich King's side as `SoloState.to_dict` saved it."""
        return SoloState.from_dict(data)

    def check_state(self, state: GameState, catalog: Catalog) -> None:
        solo = state.mode_state
        if not isinstance(solo, SoloState):
            raise ValueError("not a solo game state")
        missing = [k for k in solo.necropolis if k not in catalog.necropolis]
        missing += [k for k in solo.lich_cards if k not in catalog.lich_king]
        if missing:
            raise ValueError(f"unknown solo cards in this game: {', '.join(missing)}")
        self.state, self.catalog = state, catalog
        self.types = [catalog.units[k] for k in state.cards]

    def setup(self, game: Table) -> None:
        game.emit("solo_started", difficulty=len(self.solo.lich_cards), lich_cards=list(self.solo.lich_cards))
        self._reveal_necropolis(game, 0)

    def restart(self) -> Mode:
        """The same Necropolis row and Lich King cards again from the same seed."""
        return SoloMode(lich_cards=list(self.solo.lich_cards))

    def draft_cards(self, game: Table, leftovers: list[list[int]] | None) -> list[list[int]] | None:
        """The cards not kept go to the Underworld (round 4: under it); the next round's cards come
        from the draw pile (rounds 1-3) or the Underworld (rounds 4-5)."""
        solo, r = self.solo, game.state.draft_round
        rest = leftovers[0] if leftovers is not None else []
        if rest and r - 1 < len(DRAFT_SIZES):
            solo.underworld.extend(rest)
            game.emit("underworld_added", player=0, cards=list(rest), total=len(solo.underworld), private_to=0)
        elif rest:
            solo.underworld[:0] = rest
            game.emit("underworld_bottom", player=0, cards=list(rest), private_to=0)
        if r >= ROUNDS:
            return None
        return [self._deal(game, r)]

    def extra_pending(self, game: Table, pend: Pending) -> None:
        o = pend.options
        if isinstance(o, PickOptions):
            r = self.state.draft_round
            pend.options = SoloPickOptions(o.cards, o.discard, r + 1, ROUNDS, len(self.solo.underworld),
                                           "underworld" if r < len(DRAFT_SIZES) else "underworld_bottom")

    def draft_ended(self, game: Table) -> None:
        self._lich_recruitment(game)

    def wars_started(self, game: Table) -> None:
        """The next card of the row is revealed: this turn's armies are known."""
        self._reveal_necropolis(game, self.solo.time + 1)

    def fight(self, game: Table, strengths: list[int]) -> list[int]:
        """The Kingdom against the Black and the Purple army."""
        armies, total = self._armies(), strengths[0]
        won = 0
        for army in ARMIES:
            player_wins, lich_wins = solo_war(total, armies[army])
            won += player_wins
            game.emit("solo_war", army=army, strength=total, army_strength=armies[army],
                      player_won=player_wins, lich_won=lich_wins)
        return [won]

    def wars_fought(self, game: Table, strengths: list[int], wars_won: list[int]) -> None:
        """The Lich King's LP for the Wars his armies won, and his cards that score on them."""
        armies = self._armies()
        lich_won = [army for army in ARMIES if solo_war(strengths[0], armies[army])[1]]
        self._lich_gain(game, LICH_LP_PER_WAR * len(lich_won), "wars", "wars", wars=len(lich_won))
        for c in self.lich_king_cards():
            if c.effect == "lp_per_war_won":
                n = sum(1 for army in lich_won if scores_for(c, army))
                self._lich_gain(game, c.params["amount"] * n, "lich_card", c.key, wars=n)

    def turn_ended(self, game: Table) -> None:
        """The Lich King's gains for the Units that died, then the Time token moves."""
        solo = self.solo
        deaths = self._deaths_this_turn()  # (Aging's, every turn: logged in the phase "aging")
        for c in self.lich_king_cards():
            if c.effect == "lp_per_dying_units":
                self._lich_gain(game, c.params["amount"] * (deaths // c.params["per"]), "lich_card", c.key,
                                units=deaths)
        solo.time += 1
        game.emit("time_moved", position=solo.time, turn=self.state.turn)

    def final_scoring(self, game: Table) -> None:
        """The END card's gain and the Lich King cards that score at the end."""
        end = self.necropolis_card(self.solo.time)
        self._lich_gain(game, end.gain, "end", end.key)
        built = len(self.state.players[0].buildings)
        for c in self.lich_king_cards():
            if c.effect == "lp_per_missing_building":
                missing = len(self.catalog.buildings) - built
                self._lich_gain(game, c.params["amount"] * missing, "lich_card", c.key, buildings=missing)

    def game_ended(self, game: Table) -> None:
        game.emit("solo_over", player_lp=self.state.players[0].lp, lich_lp=self.solo.lich_lp,
                  winner="player" if game.winners() else "lich_king")

    def winners(self, game: Table) -> list[int] | None:
        """[0] if the player has strictly more LP than the Lich King, else [] (the Lich King wins)."""
        return [0] if self.state.players[0].lp > self.solo.lich_lp else []

    def other_scores(self, game: Table) -> list[int]:
        return [self.solo.lich_lp]

    def seat_view_extra(self, game: Table, seat: int | None) -> SoloView:
        """The Lich King's side as `seat` sees it (`SeatView.mode_view`): the row as seen, the armies,
        the Underworld and discard pile (the player only), the quests' LP and the Lich King's sources."""
        s = game.state
        solo = self.solo
        a = self.armies()
        outlook = tuple(None if (o := self.army_outlook(t + 1)) is None else ArmyRange(*(o[x] for x in ARMIES))
                        for t in range(s.turns))
        mine = seat == 0
        quests = self.quests()  # (once, not once a card as `quest_lp` would)
        quest_lp = tuple((c, sum(q.lp for _, q in quests if quest_matches(q, self.types[c])))
                         for c in (s.players[0].draft if mine else []))
        sources: Counter[str] = Counter()
        for e in s.log:
            if e["type"] == "lich_lp":
                sources[e["source"]] += e["amount"]
        return SoloView(
            lich_lp=solo.lich_lp, lich_cards=tuple(solo.lich_cards), row=tuple(self.seen_row()),
            revealed=solo.revealed, time=solo.time, armies=None if a is None else (a["black"], a["purple"]),
            outlook=outlook, next_candidates=tuple(c.key for c in self.next_card_candidates()),
            underworld=tuple(sorted(solo.underworld)) if mine else None, underworld_count=len(solo.underworld),
            discard=tuple(s.discard) if mine and s.phase == Phase.RECRUITMENT else None,
            quest_lp=quest_lp, lich_sources=tuple(sources.items()))

    # --- a view's hidden cards, sampled (bots/knowledge.py) ------------------------------------
    def seen_cards(self, view: SeatView, player: int) -> list[int]:
        """The Underworld's cards, for the player (who put them there)."""
        seen = solo_view(view)
        underworld = seen.underworld if seen is not None else None
        return list(underworld) if underworld is not None else []

    def sample_hidden(self, view: SeatView, catalog: Catalog, rng: random.Random | None) -> SoloState | None:
        """The Lich King's side as the view shows it; with `rng`, each face-down Necropolis card drawn
        from its pile and the Underworld (known cards, unknown order) shuffled."""
        seen = solo_view(view)
        assert seen is not None  # a solo game's view
        underworld = list(seen.underworld or ())
        if rng is None:
            necropolis = list(seen.row)
        else:
            row = seen.row
            necropolis = [k if k is not None else rng.choice(_keys(necropolis_candidates(catalog, row, i)))
                          for i, k in enumerate(row)]
            rng.shuffle(underworld)
        # (face-down cards stay None in a state that is not played on)
        return SoloState(necropolis, list(seen.lich_cards), seen.revealed, seen.time, seen.lich_lp,  # type: ignore[arg-type]
                         underworld)

    # --- forecasts (forecast.py) --------------------------------------------------------------
    def foes(self, game: Table, player: int) -> list[tuple[str, int, int]] | None:
        """The Black and Purple armies, (lowest, highest) while the next card is face down."""
        return [(f"{army.title()} army", low, high) for army, (low, high) in (self.army_outlook() or {}).items()]

    def others_gains(self, game: Table, wars: tuple[WarOutlook, ...], dying: tuple[int, int], healable: bool,
                     buildings: int, can_build: bool) -> list[tuple[str, int, int]]:
        """The LP the Lich King gains for the rest of this turn, by source, (fewest, most): his
        armies' Wars and the Lich King cards that score on them, the Units that die at Aging (a
        Mystical Healer may save one), and on the last turn the END card and the Buildings not built."""
        won = {}  # army: (fewest, most) Wars it wins; a tie is won by both
        for army in ARMIES:
            w = next(w for w in wars if w.against == f"{army.title()} army")
            won[army] = (int(solo_war(w.mine, w.theirs[0])[1]), int(solo_war(w.mine, w.theirs[1])[1]))
        out = [("Wars", LICH_LP_PER_WAR * sum(lo for lo, _ in won.values()),
                LICH_LP_PER_WAR * sum(hi for _, hi in won.values()))]
        last = self.state.turn == self.state.turns
        for c in self.lich_king_cards():
            n = c.params.get("amount", 0)
            if c.effect == "lp_per_war_won":
                armies = [a for a in ARMIES if scores_for(c, a)]
                out.append((c.name, n * sum(won[a][0] for a in armies), n * sum(won[a][1] for a in armies)))
            elif c.effect == "lp_per_dying_units":
                out.append((c.name, n * ((dying[0] - healable) // c.params["per"]), n * (dying[1] // c.params["per"])))
            elif c.effect == "lp_per_missing_building" and last:
                missing = len(self.catalog.buildings) - buildings
                out.append((c.name, n * (missing - can_build), n * missing))
        if last:
            end = len(self.solo.necropolis) - 1
            gains = [self.necropolis_card(end).gain] if self.solo.revealed > end else \
                [card.gain for card in self.next_card_candidates()] or [0]
            out.append(("END card", min(gains), max(gains)))
        return [(name, lo, hi) for name, lo, hi in out if hi]

    def unknowns(self, game: Table) -> list[str]:
        return ["the next Necropolis card (face down)"] if self.armies() is None else []

    # --- queries ----------------------------------------------------------------------------
    @property
    def solo(self) -> SoloState:
        solo = self.state.mode_state
        assert isinstance(solo, SoloState)  # check_state made sure
        return solo

    @property
    def lich_lp(self) -> int:
        return self.solo.lich_lp

    @property
    def difficulty(self) -> int:
        return len(self.solo.lich_cards)

    def seen_row(self) -> list[str | None]:
        """The Necropolis row as the player sees it: the keys of the face-up cards, None for the others."""
        solo = self.solo
        return [k if i < solo.revealed else None for i, k in enumerate(solo.necropolis)]

    def necropolis_card(self, position: int) -> NecropolisCard:
        """The Necropolis card at this position of the row (0-3 = turns 1-4, 4 = END), seen or not."""
        return self.catalog.necropolis[self.solo.necropolis[position]]

    def lich_king_cards(self) -> list[LichKingCard]:
        return [self.catalog.lich_king[k] for k in self.solo.lich_cards]

    def revealed_cards(self) -> list[NecropolisCard]:
        return [self.necropolis_card(i) for i in range(self.solo.revealed)]

    def armies(self) -> dict[str, int] | None:
        """This turn's Black and Purple army strengths, once the next card is revealed (else None)."""
        solo = self.solo
        if solo.revealed < solo.time + 2:
            return None
        return self._armies()

    def _armies(self) -> dict[str, int]:
        solo = self.solo
        return self._armies_of(self.necropolis_card(solo.time), self.necropolis_card(solo.time + 1))

    def _armies_of(self, now: NecropolisCard, nxt: NecropolisCard) -> dict[str, int]:
        return armies_of(now, nxt, army_bonus(self.lich_king_cards()))

    def army_outlook(self, turn: int | None = None) -> dict[str, tuple[int, int]] | None:
        """A turn's Black and Purple army strengths as the player may know them, (lowest, highest):
        exact once that turn's cards are face up, else over the cards their piles may hold
        (`possible_armies`). By default this turn's; None for a turn without Wars."""
        solo = self.solo
        time = solo.time if turn is None else turn - 1  # the Time token moves once a turn
        if not 0 <= time < len(solo.necropolis) - 1:
            return None
        seen = possible_armies(self.catalog, self.seen_row(), solo.lich_cards, time)
        return {a: (min(x[a] for x in seen), max(x[a] for x in seen)) for a in ARMIES}

    def next_card_candidates(self) -> list[NecropolisCard]:
        """What the player may know of the next card: itself once face up, else the cards of its pile."""
        return necropolis_candidates(self.catalog, self.seen_row(), self.solo.time + 1)

    def quest_matches(self, quest: Quest, cards: list[int]) -> list[int]:
        """The cards (ids) among `cards` that meet the quest."""
        return [c for c in cards if quest_matches(quest, self.types[c])]

    def quests(self) -> list[tuple[str, Quest]]:
        """The quests that score at this turn's Recruitment: (source card key, quest)."""
        return quests_of(self.catalog, self.seen_row(), self.solo.lich_cards)

    def quest_lp(self, card: int) -> int:
        """What this turn's quests score for `card` if it ends in the Underworld."""
        return sum(q.lp for _, q in self.quests() if quest_matches(q, self.types[card]))

    def lich_sources(self) -> dict[str, int]:
        """The Lich King's LP so far by source (card names, "Wars")."""
        out: Counter[str] = Counter()
        for e in self.state.log:
            if e["type"] == "lich_lp":
                out[self.source_name(e["source"])] += e["amount"]
        return dict(out)

    def source_name(self, key: str) -> str:
        """The name of a source of the Lich King's LP: a Necropolis or Lich King card key, or "wars"."""
        return self.catalog.lich_source_name(key)

    # --- the turn ---------------------------------------------------------------------------
    def _deal(self, game: Table, r: int) -> list[int]:
        """The cards of draft round `r` (0-4)."""
        solo = self.solo
        if r < len(DRAFT_SIZES):
            cards = game.draw(DRAFT_SIZES[r])
            game.emit("cards_dealt", player=0, cards=list(cards), private_to=0)
            return cards
        if r == len(DRAFT_SIZES):
            game.shuffle(solo.underworld)
            game.emit("underworld_shuffled", cards=len(solo.underworld))
        n = UNDERWORLD_DRAW if r == len(DRAFT_SIZES) else 1
        cards = [solo.underworld.pop() for _ in range(min(n, len(solo.underworld)))]
        game.emit("underworld_drawn", player=0, cards=list(cards), private_to=0)
        return cards

    def _lich_recruitment(self, game: Table) -> None:
        """The Lich King's immediate gain and quest bonuses; then the Underworld goes to the discard."""
        solo = self.solo
        current = self.necropolis_card(solo.time)
        self._lich_gain(game, current.gain, "immediate", current.key)
        underworld = list(solo.underworld)
        for source, quest in self.quests():
            matches = self.quest_matches(quest, underworld)
            game.emit("lich_quest", source=source, condition=quest.condition, params=dict(quest.params),
                      lp_each=quest.lp, matches=matches)
            self._lich_gain(game, quest.lp * len(matches), "quest", source, matches=len(matches))
        game.discard(underworld)
        solo.underworld = []
        game.emit("underworld_discarded", cards=underworld)

    def _lich_gain(self, game: Table, amount: int, cause: str, source: str, **fields: Any) -> None:
        """The Lich King scores: `cause` is immediate | quest | wars | end | lich_card; `source` a card key
        or "wars"."""
        if amount <= 0:
            return
        solo = self.solo
        solo.lich_lp += amount
        game.emit("lich_lp", amount=amount, cause=cause, source=source, total=solo.lich_lp, **fields)

    def _reveal_necropolis(self, game: Table, position: int) -> None:
        solo = self.solo
        if position < len(solo.necropolis) and solo.revealed <= position:
            solo.revealed = position + 1
            c = self.necropolis_card(position)
            game.emit("necropolis_revealed", position=position, card=c.key, pile=c.pile,
                      gain=c.gain, black=c.black, purple=c.purple)

    def _deaths_this_turn(self) -> int:
        n = 0
        for e in reversed(self.state.log):
            if e["type"] == "turn_started":
                break
            n += e["type"] == "unit_died"
        return n


def new_game(names: list[str], seed: int = 0, catalog: Catalog | None = None, *, difficulty: int = 0,
             lich_cards: list[str] | None = None) -> Game:
    """A new solo game for `names` (one name). `difficulty` Lich King cards are drawn at random,
    unless `lich_cards` names them."""
    return Game.new(names, seed, catalog, SoloMode(difficulty, lich_cards))


def mode_of(game: Game) -> SoloMode | None:
    """The solo mode of a game, with its queries (`lich_lp`, `lich_king_cards()`, `armies()`...);
    None for a game in another mode."""
    mode = game.mode
    return mode if isinstance(mode, SoloMode) else None


def play_random_solo_game(name: str, seed: int, difficulty: int = 0, catalog: Catalog | None = None) -> Game:
    """A whole solo game with random legal decisions."""
    from .random_play import random_decision

    game = new_game([name], seed=seed, catalog=catalog, difficulty=difficulty)
    rng = random.Random(seed ^ 0x5EED)
    while not game.over:
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    return game


__all__ = ["ArmyRange", "SoloMode", "SoloPickOptions", "SoloState", "SoloView", "army_bonus", "armies_of",
           "lich_lp_per_war", "mode_of",
           "necropolis_candidates", "new_game", "play_random_solo_game", "possible_armies", "quest_matches",
           "quests_of", "scores_for", "solo_view", "solo_war", "PILES", "QUEST_TESTS"]

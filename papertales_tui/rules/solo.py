"""Solo mode: one player against the Lich King (the "Beyond the Gates" expansion's solo rules).

`SoloMode` fills in the engine's mode hooks (see `modes.py`): it changes only Recruitment (the
Underworld draft and the Lich King's gains), Wars (against the Black and Purple armies) and the end
of each turn (the Time token, the END card). Everything else is the normal engine. `SoloGame` is a
`Game` in that mode with its queries at hand.

Recruitment is a series of ``pick`` decisions of player 0, ``{"kind": "pick", "card": c}``; the
options say which round it is: 5, 4 and 3 cards from the draw pile (the rest goes to the Underworld),
then the top 2 of the shuffled Underworld (the other goes back under it); the last card, the new top
of the Underworld, is taken without asking.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from .cards import Catalog, LichKingCard, NecropolisCard, Quest, UnitType
from .decisions import Pick, PickOptions, SoloPickOptions, Step
from .engine import WAR_LP, Game, Pending
from .modes import Mode, StandardMode
from .state import GameState, Phase, SoloState

DRAFT_SIZES = (5, 4, 3)  # cards drawn from the pile in rounds 1-3; rounds 4 and 5 use the Underworld
UNDERWORLD_DRAW = 2  # round 4: the top 2 Underworld cards, keep 1
ROUNDS = 5
LICH_LP_PER_WAR = 1
ARMIES = ("black", "purple")
PILES: tuple[int | str, ...] = (1, 2, 3, 4, "end")  # the Necropolis pile of each position of the row

# Where SoloMode resolves each kind of `cards.LICH_EFFECTS` (a test checks that none is missing).
LICH_RESOLVED = {
    "underworld_quest": "quests, scored by _lich_recruitment",
    "lp_per_war_won": "resolve_wars",
    "lp_per_dying_units": "turn_ended",
    "lp_per_missing_building": "turn_ended, after the last turn",
    "army_strength": "_armies_of",
}


# Quest conditions: one test per kind of cards.QUEST_CONDITIONS, on the printed card. Strength is the
# printed shield; a Unit without one (Shapeshifter) meets no strength condition.
QUEST_TESTS: dict[str, Callable[[UnitType, dict[str, Any]], bool]] = {
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


class SoloMode(StandardMode):
    """One player against the Lich King: the hooks that change Recruitment, Wars and the end of each
    turn, and the queries screens and bots ask about the Lich King. One object per game."""

    name = "solo"

    def __init__(self, difficulty: int = 0, lich_cards: list[str] | None = None):
        self.difficulty_asked = difficulty
        self.lich_cards_asked = lich_cards
        self.state: GameState
        self.catalog: Catalog
        self.types: list[UnitType] = []

    # --- hooks ------------------------------------------------------------------------------
    def check_players(self, n: int) -> None:
        if n != 1:
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
        state.solo = SoloState(row, chosen, revealed=0)

    def check_state(self, state: GameState, catalog: Catalog) -> None:
        solo = state.solo
        if solo is None:
            raise ValueError("not a solo game state")
        missing = [k for k in solo.necropolis if k not in catalog.necropolis]
        missing += [k for k in solo.lich_cards if k not in catalog.lich_king]
        if missing:
            raise ValueError(f"unknown solo cards in this game: {', '.join(missing)}")
        self.state, self.catalog = state, catalog
        self.types = [catalog.units[k] for k in state.cards]

    def setup(self, game: Game) -> None:
        game.emit("solo_started", difficulty=len(self.solo.lich_cards), lich_cards=list(self.solo.lich_cards))
        self._reveal_necropolis(game, 0)

    def turn_started(self, game: Game) -> bool:
        self._deal(game)
        return True

    def extra_pending(self, game: Game, pend: Pending) -> None:
        o = pend.options
        if isinstance(o, PickOptions):
            r = self.state.draft_round
            pend.options = SoloPickOptions(o.cards, o.discard, r + 1, ROUNDS, len(self.solo.underworld),
                                           "underworld" if r < len(DRAFT_SIZES) else "underworld_bottom")

    def resolve_picks(self, game: Game) -> bool:
        s, solo, p = self.state, self.solo, self.state.players[0]
        r = s.draft_round
        if p.draft:
            card = p.submitted.card if isinstance(p.submitted, Pick) else p.draft[0]
            p.draft.remove(card)
            p.hand.append(card)
            game.emit("card_picked", player=0, card=card, private_to=0)
        if p.draft and r < len(DRAFT_SIZES):
            solo.underworld.extend(p.draft)
            game.emit("underworld_added", player=0, cards=list(p.draft), total=len(solo.underworld),
                      private_to=0)
        elif p.draft:
            solo.underworld[:0] = p.draft
            game.emit("underworld_bottom", player=0, cards=list(p.draft), private_to=0)
        p.draft = []
        s.draft_round += 1
        if s.draft_round < ROUNDS:
            self._deal(game)
            return True
        self._lich_recruitment(game)
        if p.kept is not None:
            p.hand.append(p.kept)
            game.emit("kept_card_returned", player=0, card=p.kept, private_to=0)
            p.kept = None
        s.phase = Phase.DEPLOYMENT
        game.begin(Step.DEPLOY)
        return True

    def resolve_wars(self, game: Game) -> bool:
        """Wars against the Black and Purple armies instead of the neighbours."""
        solo = self.solo
        self._reveal_necropolis(game, solo.time + 1)
        armies = self._armies()
        total = game.go_to_war(0)
        won, lich_won = 0, []
        for army in ARMIES:
            player_wins, lich_wins = solo_war(total, armies[army])
            won += player_wins
            if lich_wins:
                lich_won.append(army)
            game.emit("solo_war", army=army, strength=total, army_strength=armies[army],
                      player_won=player_wins, lich_won=lich_wins)
        if won:
            game.gain(0, lp=WAR_LP * won, cause="wars")
        self._lich_gain(game, LICH_LP_PER_WAR * len(lich_won), "wars", "wars", wars=len(lich_won))
        for c in self.lich_king_cards():
            if c.effect == "lp_per_war_won":
                n = sum(1 for army in lich_won if scores_for(c, army))
                self._lich_gain(game, c.params["amount"] * n, "lich_card", c.key, wars=n)
        game.score_war_abilities(0, won)
        return True

    def turn_ended(self, game: Game) -> None:
        """The Lich King's gains for the Units that died, the Time token; at the end the END card."""
        s, solo = self.state, self.solo
        deaths = self._deaths_this_turn()  # (Aging's, every turn: logged in the phase "aging")
        for c in self.lich_king_cards():
            if c.effect == "lp_per_dying_units":
                self._lich_gain(game, c.params["amount"] * (deaths // c.params["per"]), "lich_card", c.key,
                                units=deaths)
        solo.time += 1
        game.emit("time_moved", position=solo.time, turn=s.turn)
        if s.turn < s.turns:
            return
        s.phase = Phase.END  # end-of-game scoring
        end = self.necropolis_card(solo.time)
        self._lich_gain(game, end.gain, "end", end.key)
        built = len(s.players[0].buildings)
        for c in self.lich_king_cards():
            if c.effect == "lp_per_missing_building":
                missing = len(self.catalog.buildings) - built
                self._lich_gain(game, c.params["amount"] * missing, "lich_card", c.key, buildings=missing)

    def game_ended(self, game: Game) -> None:
        game.emit("solo_over", player_lp=self.state.players[0].lp, lich_lp=self.solo.lich_lp,
                  winner="player" if game.winners() else "lich_king")

    def winners(self, game: Game) -> list[int] | None:
        """[0] if the player has strictly more LP than the Lich King, else [] (the Lich King wins)."""
        return [0] if self.state.players[0].lp > self.solo.lich_lp else []

    def view(self, game: Game, player: int | None, d: dict[str, Any]) -> None:
        """Face-down Necropolis cards hidden and the Underworld as a set."""
        solo = self.solo
        sd = d["solo"]
        sd["necropolis"] = self.seen_row()
        # its contents are known (the player put them there) and may be looked at; its order is not
        sd["underworld"] = sorted(solo.underworld) if player == 0 else len(solo.underworld)
        # the player may look through the discard pile during Recruitment (solo rules)
        sd["discard"] = list(self.state.discard) if player == 0 and self.state.phase == "recruitment" else None
        sd["armies"] = self.armies()

    # --- queries ----------------------------------------------------------------------------
    @property
    def solo(self) -> SoloState:
        solo = self.state.solo
        assert solo is not None  # check_state made sure
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
        card = self.catalog.necropolis.get(key) or self.catalog.lich_king.get(key)
        return card.name if card is not None else key.capitalize()

    # --- the turn ---------------------------------------------------------------------------
    def _deal(self, game: Game) -> None:
        s, solo, p = self.state, self.solo, self.state.players[0]
        r = s.draft_round
        if r < len(DRAFT_SIZES):
            p.draft = game.draw(DRAFT_SIZES[r])
            game.emit("cards_dealt", player=0, cards=list(p.draft), private_to=0)
        else:
            if r == len(DRAFT_SIZES):
                s.rng.shuffle(solo.underworld)
                game.emit("underworld_shuffled", cards=len(solo.underworld))
            n = UNDERWORLD_DRAW if r == len(DRAFT_SIZES) else 1
            p.draft = [solo.underworld.pop() for _ in range(min(n, len(solo.underworld)))]
            game.emit("underworld_drawn", player=0, cards=list(p.draft), private_to=0)
        game.begin(Step.PICK)

    def _lich_recruitment(self, game: Game) -> None:
        """The Lich King's immediate gain and quest bonuses; then the Underworld goes to the discard."""
        s, solo = self.state, self.solo
        current = self.necropolis_card(solo.time)
        self._lich_gain(game, current.gain, "immediate", current.key)
        underworld = list(solo.underworld)
        for source, quest in self.quests():
            matches = self.quest_matches(quest, underworld)
            game.emit("lich_quest", source=source, condition=quest.condition, params=dict(quest.params),
                      lp_each=quest.lp, matches=matches)
            self._lich_gain(game, quest.lp * len(matches), "quest", source, matches=len(matches))
        s.discard.extend(underworld)
        solo.underworld = []
        game.emit("underworld_discarded", cards=underworld)

    def _lich_gain(self, game: Game, amount: int, cause: str, source: str, **fields: Any) -> None:
        """The Lich King scores: `cause` is immediate | quest | wars | end | lich_card; `source` a card key
        or "wars"."""
        if amount <= 0:
            return
        solo = self.solo
        solo.lich_lp += amount
        game.emit("lich_lp", amount=amount, cause=cause, source=source, total=solo.lich_lp, **fields)

    def _reveal_necropolis(self, game: Game, position: int) -> None:
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


class SoloGame(Game):
    """A `Game` in `SoloMode`, with the mode's queries at hand (`game.lich_lp`…); it changes no rule."""

    mode: SoloMode

    def __init__(self, state: GameState, catalog: Catalog, mode: Mode | None = None):
        super().__init__(state, catalog, SoloMode() if mode is None else mode)

    @classmethod
    def new(cls, names: list[str], seed: int = 0, catalog: Catalog | None = None, mode: Mode | None = None, *,
            difficulty: int = 0, lich_cards: list[str] | None = None) -> SoloGame:
        """A new solo game for `names` (one name). `difficulty` Lich King cards are drawn at random,
        unless `lich_cards` names them."""
        game = super().new(names, seed, catalog, SoloMode(difficulty, lich_cards) if mode is None else mode)
        assert isinstance(game, SoloGame)
        return game

    @property
    def solo(self) -> SoloState:
        return self.mode.solo

    @property
    def lich_lp(self) -> int:
        return self.mode.lich_lp

    @property
    def difficulty(self) -> int:
        return self.mode.difficulty

    def necropolis_card(self, position: int) -> NecropolisCard:
        return self.mode.necropolis_card(position)

    def lich_king_cards(self) -> list[LichKingCard]:
        return self.mode.lich_king_cards()

    def revealed_cards(self) -> list[NecropolisCard]:
        return self.mode.revealed_cards()

    def armies(self) -> dict[str, int] | None:
        return self.mode.armies()

    def army_outlook(self, turn: int | None = None) -> dict[str, tuple[int, int]] | None:
        return self.mode.army_outlook(turn)

    def next_card_candidates(self) -> list[NecropolisCard]:
        return self.mode.next_card_candidates()

    def quest_matches(self, quest: Quest, cards: list[int]) -> list[int]:
        return self.mode.quest_matches(quest, cards)

    def quests(self) -> list[tuple[str, Quest]]:
        return self.mode.quests()

    def quest_lp(self, card: int) -> int:
        return self.mode.quest_lp(card)

    def lich_sources(self) -> dict[str, int]:
        return self.mode.lich_sources()

    def source_name(self, key: str) -> str:
        return self.mode.source_name(key)


def play_random_solo_game(name: str, seed: int, difficulty: int = 0, catalog: Catalog | None = None) -> SoloGame:
    """A whole solo game with random legal decisions."""
    from .random_play import random_decision

    game = SoloGame.new([name], seed=seed, catalog=catalog, difficulty=difficulty)
    rng = random.Random(seed ^ 0x5EED)
    while not game.over:
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    return game


__all__ = ["SoloGame", "SoloMode", "army_bonus", "armies_of", "lich_lp_per_war", "necropolis_candidates",
           "play_random_solo_game", "possible_armies", "quest_matches", "quests_of", "scores_for", "solo_war",
           "PILES", "QUEST_TESTS"]

"""Solo mode: one player against the Lich King (the "Beyond the Gates" expansion's solo rules).

`SoloGame` is a `Game` with one player; it changes only Recruitment (the Underworld draft and the
Lich King's gains), Wars (against the Black and Purple armies) and the end of each turn (the Time
token, the END card). Everything else is the normal engine.

Recruitment is a series of ``pick`` decisions of player 0, ``{"kind": "pick", "card": c}``; the
options say which round it is: 5, 4 and 3 cards from the draw pile (the rest goes to the Underworld),
then the top 2 of the shuffled Underworld (the other goes back under it); the last card, the new top
of the Underworld, is taken without asking.
"""

from __future__ import annotations

import random
from collections import Counter

from .cards import Catalog, LichKingCard, NecropolisCard, Quest, UnitType
from .decisions import Step
from .engine import START_GOLD, WAR_LP, Game, Pending
from .state import GameState, Player, SoloState

DRAFT_SIZES = (5, 4, 3)  # cards drawn from the pile in rounds 1-3; rounds 4 and 5 use the Underworld
UNDERWORLD_DRAW = 2  # round 4: the top 2 Underworld cards, keep 1
ROUNDS = 5
LICH_LP_PER_WAR = 1
ARMIES = ("black", "purple")


# Quest conditions: one test per kind of cards.QUEST_CONDITIONS, on the printed card. Strength is the
# printed shield; a Unit without one (Shapeshifter) meets no strength condition.
QUEST_TESTS = {
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


def quest_matches(quest: Quest, unit: UnitType) -> bool:
    """Whether a printed Unit card meets a quest condition."""
    return QUEST_TESTS[quest.condition](unit, quest.params)


class SoloGame(Game):
    """A solo game against the Lich King. Player 0 is the only player."""

    def __init__(self, state: GameState, catalog: Catalog):
        super().__init__(state, catalog)
        solo = state.solo
        if solo is None:
            raise ValueError("not a solo game state")
        missing = [k for k in solo.necropolis if k not in catalog.necropolis]
        missing += [k for k in solo.lich_cards if k not in catalog.lich_king]
        if missing:
            raise ValueError(f"unknown solo cards in this game: {', '.join(missing)}")

    # --- creation ---------------------------------------------------------------------------
    @classmethod
    def new(cls, names: list[str], seed: int = 0, catalog: Catalog | None = None, *,
            difficulty: int = 0, lich_cards: list[str] | None = None) -> SoloGame:
        """A new solo game for `names` (one name). `difficulty` Lich King cards are drawn at random,
        unless `lich_cards` names them."""
        if catalog is None:
            from .card_files import default_catalog

            catalog = default_catalog()
        if len(names) != 1:
            raise ValueError("a solo game has exactly one player")
        available = sorted(catalog.lich_king)
        if lich_cards is not None:
            unknown = [k for k in lich_cards if k not in catalog.lich_king]
            if unknown or len(set(lich_cards)) != len(lich_cards):
                raise ValueError(f"unknown or repeated Lich King cards: {', '.join(unknown) or lich_cards}")
            difficulty = len(lich_cards)
        if not 0 <= difficulty <= len(available):
            raise ValueError(f"difficulty must be between 0 and {len(available)} (Lich King cards)")
        piles = {pile: sorted(k for k, c in catalog.necropolis.items() if c.pile == pile)
                 for pile in (1, 2, 3, 4, "end")}
        empty = [str(p) for p, keys in piles.items() if not keys]
        if empty:
            raise ValueError(f"no Necropolis card in pile {', '.join(empty)}: solo play needs one per pile")

        rng = random.Random(seed)
        cards = catalog.deck_keys()
        deck = list(range(len(cards)))
        rng.shuffle(deck)
        row = [rng.choice(keys) for keys in piles.values()]
        drawn = rng.sample(available, len(available))  # same draws whether or not the cards are chosen
        chosen = list(lich_cards) if lich_cards is not None else drawn[:difficulty]
        state = GameState(seed=seed, cards=cards, players=[Player(names[0], gold=START_GOLD)], deck=deck,
                          rng=rng, mode="solo", solo=SoloState(row, chosen, revealed=0))
        game = cls(state, catalog)
        game._event("game_started", players=list(names), seed=seed, mode="solo")
        game._event("solo_started", difficulty=len(chosen), lich_cards=list(chosen))
        game._reveal_necropolis(0)
        game._start_turn()
        return game

    # --- queries ----------------------------------------------------------------------------
    @property
    def solo(self) -> SoloState:
        return self.state.solo

    @property
    def lich_lp(self) -> int:
        return self.state.solo.lich_lp

    @property
    def difficulty(self) -> int:
        return len(self.state.solo.lich_cards)

    def necropolis_card(self, position: int) -> NecropolisCard:
        """The Necropolis card at this position of the row (0-3 = turns 1-4, 4 = END), seen or not."""
        return self.catalog.necropolis[self.state.solo.necropolis[position]]

    def lich_king_cards(self) -> list[LichKingCard]:
        return [self.catalog.lich_king[k] for k in self.state.solo.lich_cards]

    def revealed_cards(self) -> list[NecropolisCard]:
        return [self.necropolis_card(i) for i in range(self.state.solo.revealed)]

    def armies(self) -> dict[str, int] | None:
        """This turn's Black and Purple army strengths, once the next card is revealed (else None)."""
        solo = self.state.solo
        if solo.revealed < solo.time + 2:
            return None
        return self._armies()

    def _armies(self) -> dict[str, int]:
        solo = self.state.solo
        return self._armies_of(self.necropolis_card(solo.time), self.necropolis_card(solo.time + 1))

    def _armies_of(self, now: NecropolisCard, nxt: NecropolisCard) -> dict[str, int]:
        out = {"black": now.black + nxt.black, "purple": now.purple + nxt.purple}
        for c in self.lich_king_cards():
            if c.effect == "army_strength":
                for army in ARMIES:
                    out[army] += c.params[army]
        return out

    def army_outlook(self, turn: int | None = None) -> dict[str, tuple[int, int]] | None:
        """A turn's Black and Purple army strengths as the player may know them, (lowest, highest):
        exact once that turn's next card is face up, else over the cards its pile may hold. By default
        this turn's; None for a turn without Wars."""
        solo = self.state.solo
        time = solo.time if turn is None else turn - 1  # the Time token moves once a turn
        if not 0 <= time < len(solo.necropolis) - 1:
            return None
        now = self.necropolis_card(time)
        if solo.revealed >= time + 2:
            nexts = [self.necropolis_card(time + 1)]
        else:
            pile = self.necropolis_card(time + 1).pile
            nexts = [c for c in self.catalog.necropolis.values() if c.pile == pile]
        seen = [self._armies_of(now, c) for c in nexts]
        return {a: (min(x[a] for x in seen), max(x[a] for x in seen)) for a in ARMIES}

    def next_card_candidates(self) -> list[NecropolisCard]:
        """What the player may know of the next card before it is revealed: the cards of its pile."""
        solo = self.state.solo
        if solo.time + 1 >= len(solo.necropolis):
            return []
        pile = self.necropolis_card(solo.time + 1).pile
        return [c for c in self.catalog.necropolis.values() if c.pile == pile]

    def quest_matches(self, quest: Quest, cards: list[int]) -> list[int]:
        """The cards (ids) among `cards` that meet the quest."""
        return [c for c in cards if quest_matches(quest, self.types[c])]

    def quests(self) -> list[tuple[str, Quest]]:
        """The quests that score at this turn's Recruitment: (source card key, quest)."""
        out = [(c.key, c.quest) for c in self.revealed_cards() if c.quest is not None]
        out += [(c.key, c.quest) for c in self.lich_king_cards() if c.effect == "underworld_quest"]
        return out

    def winners(self) -> list[int]:
        """[0] if the player has strictly more LP than the Lich King, else [] (the Lich King wins)."""
        return [0] if self.state.players[0].lp > self.state.solo.lich_lp else []

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

    def view(self, player: int | None) -> dict:
        """As `Game.view`, with face-down Necropolis cards hidden and the Underworld as a set."""
        d = super().view(player)
        solo = self.state.solo
        sd = d["solo"]
        sd["necropolis"] = [k if i < solo.revealed else None for i, k in enumerate(solo.necropolis)]
        # its contents are known (the player put them there) and may be looked at; its order is not
        sd["underworld"] = sorted(solo.underworld) if player == 0 else len(solo.underworld)
        # the player may look through the discard pile during Recruitment (solo rules)
        sd["discard"] = list(self.state.discard) if player == 0 and self.state.phase == "recruitment" else None
        sd["armies"] = self.armies()
        return d

    def _pending_of(self, i: int) -> Pending | None:
        pend = super()._pending_of(i)
        if pend is not None and pend.kind == Step.PICK:
            r = self.state.draft_round
            pend.options.update(round=r + 1, rounds=ROUNDS, underworld=len(self.state.solo.underworld),
                                rest_to="underworld" if r < len(DRAFT_SIZES) else "underworld_bottom")
        return pend

    # --- 1. Recruitment ---------------------------------------------------------------------
    def _start_turn(self) -> None:
        s = self.state
        s.phase, s.draft_round = "recruitment", 0
        self._event("turn_started", turn=s.turn)
        self._deal()

    def _deal(self) -> None:
        s, solo, p = self.state, self.state.solo, self.state.players[0]
        r = s.draft_round
        if r < len(DRAFT_SIZES):
            p.draft = self._draw(DRAFT_SIZES[r])
            self._event("cards_dealt", player=0, cards=list(p.draft), private_to=0)
        else:
            if r == len(DRAFT_SIZES):
                s.rng.shuffle(solo.underworld)
                self._event("underworld_shuffled", cards=len(solo.underworld))
            n = UNDERWORLD_DRAW if r == len(DRAFT_SIZES) else 1
            p.draft = [solo.underworld.pop() for _ in range(min(n, len(solo.underworld)))]
            self._event("underworld_drawn", player=0, cards=list(p.draft), private_to=0)
        self._begin(Step.PICK)

    def _resolve_picks(self) -> None:
        s, solo, p = self.state, self.state.solo, self.state.players[0]
        r = s.draft_round
        if p.draft:
            card = p.submitted["card"] if p.submitted else p.draft[0]
            p.draft.remove(card)
            p.hand.append(card)
            self._event("card_picked", player=0, card=card, private_to=0)
        if p.draft and r < len(DRAFT_SIZES):
            solo.underworld.extend(p.draft)
            self._event("underworld_added", player=0, cards=list(p.draft), total=len(solo.underworld),
                        private_to=0)
        elif p.draft:
            solo.underworld[:0] = p.draft
            self._event("underworld_bottom", player=0, cards=list(p.draft), private_to=0)
        p.draft = []
        s.draft_round += 1
        if s.draft_round < ROUNDS:
            self._deal()
            return
        self._lich_recruitment()
        if p.kept is not None:
            p.hand.append(p.kept)
            self._event("kept_card_returned", player=0, card=p.kept, private_to=0)
            p.kept = None
        s.phase = "deployment"
        self._begin(Step.DEPLOY)

    def _lich_recruitment(self) -> None:
        """The Lich King's immediate gain and quest bonuses; then the Underworld goes to the discard."""
        s, solo = self.state, self.state.solo
        current = self.necropolis_card(solo.time)
        self._lich_gain(current.gain, "immediate", current.key)
        underworld = list(solo.underworld)
        for source, quest in self.quests():
            matches = self.quest_matches(quest, underworld)
            self._event("lich_quest", source=source, condition=quest.condition, params=dict(quest.params),
                        lp_each=quest.lp, matches=matches)
            self._lich_gain(quest.lp * len(matches), "quest", source, matches=len(matches))
        s.discard.extend(underworld)
        solo.underworld = []
        self._event("underworld_discarded", cards=underworld)

    def _lich_gain(self, amount: int, cause: str, source: str, **fields) -> None:
        """The Lich King scores: `cause` is immediate | quest | wars | end | lich_card; `source` a card key
        or "wars"."""
        if amount <= 0:
            return
        solo = self.state.solo
        solo.lich_lp += amount
        self._event("lich_lp", amount=amount, cause=cause, source=source, total=solo.lich_lp, **fields)

    def _reveal_necropolis(self, position: int) -> None:
        solo = self.state.solo
        if position < len(solo.necropolis) and solo.revealed <= position:
            solo.revealed = position + 1
            c = self.necropolis_card(position)
            self._event("necropolis_revealed", position=position, card=c.key, pile=c.pile,
                        gain=c.gain, black=c.black, purple=c.purple)

    # --- 3. Wars ----------------------------------------------------------------------------
    def _wars(self) -> None:
        s, solo = self.state, self.state.solo
        s.phase, s.step = "wars", Step.NONE
        self._reveal_necropolis(solo.time + 1)
        armies = self._armies()
        total, parts = self.strength_breakdown(0)
        p = s.players[0]
        ctx = self._context(p)
        kingdom = self._kingdom_at_war(p, ctx, {slot: self._unit_strength(u, ctx) for slot, u in p.units()})
        self._event("war_strength", player=0, strength=total, parts=[list(x) for x in parts], **kingdom)
        won, lich_won = 0, []
        for army in ARMIES:
            player_wins, lich_wins = solo_war(total, armies[army])
            won += player_wins
            if lich_wins:
                lich_won.append(army)
            self._event("solo_war", army=army, strength=total, army_strength=armies[army],
                        player_won=player_wins, lich_won=lich_wins)
        if won:
            self._gain(0, lp=WAR_LP * won, cause="wars")
        self._lich_gain(LICH_LP_PER_WAR * len(lich_won), "wars", "wars", wars=len(lich_won))
        for c in self.lich_king_cards():
            if c.effect == "lp_per_war_won":
                n = sum(1 for army in lich_won if c.params["army"] in (army, "any"))
                self._lich_gain(c.params["amount"] * n, "lich_card", c.key, wars=n)
        self._war_abilities(0, won)
        self._income_phase()

    # --- end of turn, end of game -----------------------------------------------------------
    def _end_turn(self) -> None:
        s, solo = self.state, self.state.solo
        if s.turn == s.turns:
            s.phase = "end"  # end-of-game scoring
        deaths = self._deaths_this_turn()
        for c in self.lich_king_cards():
            if c.effect == "lp_per_dying_units":
                self._lich_gain(c.params["amount"] * (deaths // c.params["per"]), "lich_card", c.key, units=deaths)
        solo.time += 1
        self._event("time_moved", position=solo.time, turn=s.turn)
        if s.turn < s.turns:
            super()._end_turn()
            return
        end = self.necropolis_card(solo.time)
        self._lich_gain(end.gain, "end", end.key)
        built = len(s.players[0].buildings)
        for c in self.lich_king_cards():
            if c.effect == "lp_per_missing_building":
                missing = len(self.catalog.buildings) - built
                self._lich_gain(c.params["amount"] * missing, "lich_card", c.key, buildings=missing)
        super()._end_turn()
        self._event("solo_over", player_lp=s.players[0].lp, lich_lp=solo.lich_lp,
                    winner="player" if self.winners() else "lich_king")

    def _deaths_this_turn(self) -> int:
        n = 0
        for e in reversed(self.state.log):
            if e["type"] == "turn_started":
                break
            n += e["type"] == "unit_died"
        return n


def load_game(text: str, catalog: Catalog | None = None) -> Game:
    """A game from `Game.to_json()` text, as a SoloGame when it is a solo game."""
    return Game.from_json(text, catalog)


def play_random_solo_game(name: str, seed: int, difficulty: int = 0, catalog: Catalog | None = None) -> SoloGame:
    """A whole solo game with random legal decisions."""
    from .random_play import random_decision

    game = SoloGame.new([name], seed=seed, catalog=catalog, difficulty=difficulty)
    rng = random.Random(seed ^ 0x5EED)
    while not game.over:
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    return game


__all__ = ["SoloGame", "load_game", "play_random_solo_game", "quest_matches", "solo_war", "QUEST_TESTS"]

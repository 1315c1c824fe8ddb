"""What a bot knows: a Game rebuilt from one player's view (`observe(game, player)`, a `SeatView`),
hidden cards left out or sampled.

A view shows other players' hands, drafts and kept cards, and the piles, only as counts. The bots
rebuild a `Game` from it so that they can use the engine's own arithmetic (strength, income,
construction options...) on what they see, and, for the hard bot, play the game on from a sample
of the hidden cards that is consistent with everything the player has seen.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from ..cards import Catalog
from ..decisions import Step
from ..engine import Game, draft_counts, pass_step
from ..modes import Mode
from ..observer import SeatView
from ..state import Choice, GameState, Phase, Player, Unit


def known_discards(view: SeatView) -> list[int]:
    """Cards the viewer saw go to the discard pile since it was last shuffled into the deck."""
    return list(view.known_discards)


def unseen_cards(view: SeatView, player: int, discards: list[int]) -> list[int]:
    """Every card whose place the viewer does not know (other hands, drafts, kept cards, the piles)."""
    seen = set(discards)
    for i, pv in enumerate(view.players):
        seen.update(u.card for u in pv.slots if u is not None)
        if i == player:
            seen.update(pv.hand or ())
            seen.update(pv.draft or ())
            if pv.kept is not None:
                seen.add(pv.kept)
    seen.update(view_mode(view).seen_cards(view, player))  # (solo: the Underworld, the player put them there)
    return [c for c in range(len(view.cards)) if c not in seen]


def hidden_cards(view: SeatView, player: int) -> tuple[list[int], list[int]]:
    """(cards known to be in the discard pile, cards whose place is unknown), as `game_from_view`
    works them out: a search that samples one view many times can work them out once."""
    discards = known_discards(view)
    return discards, unseen_cards(view, player, discards)


class Placed(NamedTuple):
    """Hidden cards whose place a seat worked out from the draft cards it saw (the others' picks,
    the cards they hold now, the 2-player draft's discards), by player; the rest is drawn at random."""

    hands: dict[int, list[int]]
    drafts: dict[int, list[int]]
    discards: list[int]
    # per packet first seen after others had picked from it: (its cards as first seen, the seats that
    # picked before, in order, each with the number of cards it took): those picks are unseen cards
    blind: list[tuple[tuple[int, ...], tuple[tuple[int, int], ...]]]


# How a seat picks draft cards: `judge(seat, cards)` gives each card's worth to that seat; the seat
# takes the card of highest worth (ties: the lowest card number), as the medium bot does
# (`opponents.PickModel`). Given to `DraftMemory.place` and `game_from_view`, it places the unseen
# cards others picked before this seat saw their packet, and who took which of the cards missing
# from a packet when it came back.
Judge = Callable[[int, Sequence[int]], Mapping[int, float]]
BLIND = True  # with a judge: the picks made before the seat saw a packet placed by it
SPLIT = True  # with a judge: the cards missing from a packet placed by it


def _preferred(judge: Judge, seat: int, cards: Sequence[int]) -> int:
    """The card `seat` takes from `cards` by `judge` (ties: the lowest card number, as `Planner.pick`)."""
    worth = judge(seat, cards)
    return max(cards, key=lambda c: (worth[c], -c))


class DraftMemory:
    """The draft cards one seat held in each round of this turn's Recruitment (its view shows only
    the ones it holds now). The cards it passed on were in the next players' hands: those they took
    are among the ones missing when the cards came back, and the next player holds what it passed
    last. `place` samples where they are, consistently with all it saw (see `game_from_view`)."""

    def __init__(self) -> None:
        self.turn = -1
        self.held: dict[int, list[int]] = {}  # draft round -> the cards this seat held in it

    def watch(self, view: SeatView, player: int) -> None:
        """Note the draft cards `player` holds now (call it with every view of a Recruitment)."""
        if view.turn != self.turn:
            self.turn, self.held = view.turn, {}
        if view.phase == "recruitment" and view.mode == "standard":
            self.held[view.draft_round] = list(view.players[player].draft or ())

    def place(self, view: SeatView, player: int, rng: random.Random, judge: Judge | None = None) -> Placed | None:
        """A sample of where the cards this seat passed on are now, or None when nothing is known
        (another turn, another phase, solo, or a view it did not watch). With `judge`, the seats
        take the cards missing from a packet as `judge` says they pick, not in a random order."""
        if view.turn != self.turn or view.phase not in ("recruitment", "deployment") or not self.held \
                or view.mode != "standard":
            return None
        n = len(view.players)
        counts = draft_counts(n, view.draft_round)  # cards in a packet at the start of each round so far
        mine = _own_picks(view, player)
        if len(mine) != len(counts) - 1 or any(r >= len(counts) or len(c) != counts[r] for r, c in self.held.items()):
            return None
        held = dict(self.held)
        for r, count in enumerate(counts[:-1]):  # a last single card is taken without asking: the one picked
            if count == 1 and r not in held:
                held[r] = mine[r][:1]
        step = pass_step(view.turn)
        placed = Placed({}, {}, [], [])
        for first in range(n):  # each packet, by the seat it was dealt to
            if not _place_packet(placed, held, mine, (first, player, n, step), counts, rng, judge):
                return None
        return placed


def _own_picks(view: SeatView, player: int) -> list[list[int]]:
    """The cards `player` took in each draft round of this turn (its pick, then its discard)."""
    return [list(r) for r in view.players[player].picks or ()]


def _place_packet(placed: Placed, held: dict[int, list[int]], mine: list[list[int]],
                  seats: tuple[int, int, int, int], counts: list[int], rng: random.Random,
                  judge: Judge | None = None) -> bool:
    """Place the cards `me` saw of the packet dealt to seat `first`: between two rounds `me` held
    it, those missing were taken by the seats that held it in between, in a random order (with
    `judge`, as they would pick); after the last, the seats since took some of the rest, and the one
    holding it now has the others. False: what `me` saw does not add up. The picks made before `me`
    first saw it go to `placed.blind`."""
    first, me, n, step = seats
    known: list[int] | None = None  # the packet's cards in round r, as far as `me` knows them
    gone: list[tuple[int, int]] = []  # (seat, cards taken) by the other seats since `known` was seen
    before: list[tuple[int, int]] | None = []  # the same before `me` first saw it (None: not known)
    holder = first
    for r, count in enumerate(counts):
        holder = (first + r * step) % n
        if holder == me and r in held:
            if not _look(placed, (known, gone, before), held[r], rng, judge):
                return False
            known, gone = list(held[r]), []
        if r == len(counts) - 1:
            continue
        if known is None:  # (`me` holding it unwatched: who took what before is not known)
            before = None if before is None or holder == me else [*before, (holder, count - counts[r + 1])]
            continue
        if holder != me:
            gone.append((holder, count - counts[r + 1]))
        elif any(c not in known for c in mine[r]):
            return False
        else:
            known = [c for c in known if c not in mine[r]]
    if known is None or holder == me and not gone:
        return True  # never seen, or held by `me` now
    now = counts[-1]
    if len(known) - sum(k for _, k in gone) != now or (now and holder == me):
        return False
    rng.shuffle(known)
    left = _assign(placed, known[now:] + known[:now], gone, rng, shuffled=True, judge=judge)
    if now:
        placed.drafts[holder] = left
    return True


def _look(placed: Placed, seen: tuple[list[int] | None, list[tuple[int, int]], list[tuple[int, int]] | None],
          cards: list[int], rng: random.Random, judge: Judge | None) -> bool:
    """`me` holds a packet again: place the cards missing since it last did (`seen`: the cards it
    knew of then, the seats that took some since, and those before it first saw the packet).
    False: they do not add up."""
    known, gone, before = seen
    if known is None:  # the first look
        if before:
            placed.blind.append((tuple(cards), tuple(before)))
        return True
    missing = [c for c in known if c not in cards]
    if len(missing) != sum(k for _, k in gone) or len(known) - len(missing) != len(cards):
        return False
    _assign(placed, missing, gone, rng, judge=judge, rest=cards)
    return True


def _assign(placed: Placed, cards: list[int], gone: list[tuple[int, int]], rng: random.Random,
            shuffled: bool = False, judge: Judge | None = None, rest: Sequence[int] = ()) -> list[int]:
    """Give `cards` to the seats in `gone`, each its number of cards: the first card to its hand, a
    second (a 2-player draft) to the discard pile; the cards left over are returned. In a random
    order, or with `judge` each seat's pick the card it prefers among those left and `rest` (the
    packet's other cards, which nobody took: a pick among `cards` that `judge` says would not be
    taken over them is drawn at random), its discards at random."""
    cards = list(cards)
    if not shuffled:
        rng.shuffle(cards)
    for seat, taken in gone:
        if judge is not None:
            pick = _preferred(judge, seat, [*cards, *rest])
            if pick in cards:
                cards.remove(pick)
                cards.insert(0, pick)
        placed.hands.setdefault(seat, []).append(cards[0])
        placed.discards.extend(cards[1:taken])
        del cards[:taken]
    return cards


def game_from_view(view: SeatView, player: int, catalog: Catalog, rng: random.Random | None = None,
                   hidden: tuple[list[int], list[int]] | None = None, drafts: DraftMemory | None = None,
                   judge: Judge | None = None) -> Game:
    """A Game built only from `view` (what `player` may see).

    Without `rng`, hidden zones are empty: good for computing anything about public Kingdoms and the
    player's own cards. With `rng`, hidden zones are filled with a random sample of the unseen cards
    (a determinization), so the game can be played on; other players' undisclosed decisions of the
    current step are dropped, to be made again. `hidden`: `hidden_cards(view, player)` if known.
    `drafts`: the player's memory of this turn's draft, which places some of the hidden cards.
    `judge`: how the other seats pick (see `Judge`): with it and `drafts`, the cards they took from
    a packet before the player saw it are unseen cards they would have taken over the rest of it,
    and those missing from a packet when it came back are placed as they would have picked them.
    """
    discards: list[int] = []
    pool: list[int] = []
    placed = Placed({}, {}, [], [])
    if rng is not None:
        discards, unseen = hidden if hidden is not None else hidden_cards(view, player)
        found = drafts.place(view, player, rng, judge if SPLIT else None) if drafts is not None else None
        if found is not None and _fits(found, view, player, discards, unseen):
            placed = found
            taken = {c for cards in (*found.hands.values(), *found.drafts.values(), found.discards) for c in cards}
            unseen = [c for c in unseen if c not in taken]
        pool = list(unseen)
        rng.shuffle(pool)
        if judge is not None and BLIND:
            _blind_picks(placed, view, judge, pool, rng)

    def draw(n: int) -> list[int]:
        out = pool[len(pool) - n:] if n > 0 else []
        del pool[len(pool) - len(out):]
        return out

    players = []
    for i, pv in enumerate(view.players):
        slots = [None if u is None else Unit(u.card, u.age) for u in pv.slots]
        if i == player:
            choices = [Choice(source=c.source, name=c.name, amount=c.amount) for c in pv.age_choices or ()]
            players.append(Player(pv.name, pv.gold, pv.lp, list(pv.hand or ()), pv.kept, list(pv.draft or ()), slots,
                                  dict(pv.buildings), choices, pv.decided, list(pv.revealed)))
            continue
        # their Age-token choices are private; nobody waits for them here (nor for their decision)
        hand = placed.hands.get(i, [])
        hand = hand + draw(pv.hand_count - len(hand))
        draft = placed.drafts[i] if i in placed.drafts else draw(pv.draft_count)
        kept = draw(1) if pv.has_kept else []
        players.append(Player(pv.name, pv.gold, pv.lp, hand, kept[0] if kept else None, draft, slots,
                              dict(pv.buildings), [], None, list(pv.revealed)))
    deck = draw(view.deck)
    discard = discards + placed.discards + draw(view.discard - len(discards) - len(placed.discards))
    # the mode's own part as the view shows it; a sample is played in the view's mode, which draws
    # what it hides of that part too
    mode = view_mode(view)
    extra = mode.sample_hidden(view, catalog, rng)
    # (the game's own generator is not seen: the sample's is set instead)
    state = GameState(view.seed, list(view.cards), players, deck, discard, view.turn, Phase(view.phase),
                      Step(view.step), view.draft_round, view.turns, view.over,
                      random.Random(rng.random() if rng is not None else 0), mode=view.mode, mode_state=extra)
    return Game(state, catalog, mode if rng is not None else None)


def _blind_picks(placed: Placed, view: SeatView, judge: Judge, pool: list[int], rng: random.Random) -> None:
    """Place the picks made from each packet before the player first saw it (`placed.blind`): the
    last one first, an unseen card the seat would take over what stayed in the packet (at random
    among those; any unseen card if none would be), and a 2-player draft's discard at random; they
    leave `pool`."""
    for seen, takers in placed.blind:
        rest = list(seen)
        for seat, taken in reversed(takers):
            hand = placed.hands.setdefault(seat, [])
            if len(hand) >= view.players[seat].hand_count or len(pool) < taken:
                break  # (what the memory placed already fills the hand: nothing more to place)
            worth = judge(seat, [*pool, *rest])
            top = max(((worth[c], -c) for c in rest), default=None)
            likely = [c for c in pool if top is None or (worth[c], -c) > top]
            pick = rng.choice(likely or pool)
            pool.remove(pick)
            hand.append(pick)
            thrown = [pool.pop() for _ in range(taken - 1)]  # (the pool is shuffled)
            placed.discards.extend(thrown)
            rest += [pick, *thrown]


def view_mode(view: SeatView) -> Mode:
    """A new object of the mode a view's game is played in (`games.MODES`)."""
    from ..games import MODES

    return MODES[view.mode]()


def _fits(placed: Placed, view: SeatView, player: int, discards: list[int], unseen: list[int]) -> bool:
    """Whether `placed` fits the zones' sizes in `view` and places only unseen cards (a check on the
    memory: it may have watched another game)."""
    cards = [c for cs in (*placed.hands.values(), *placed.drafts.values(), placed.discards) for c in cs]
    if len(set(cards)) != len(cards) or not set(cards) <= set(unseen) or player in placed.hands \
            or player in placed.drafts or len(discards) + len(placed.discards) > view.discard:
        return False
    players = view.players
    return all(len(cards) <= players[i].hand_count for i, cards in placed.hands.items()) \
        and all(len(cards) == players[i].draft_count for i, cards in placed.drafts.items())

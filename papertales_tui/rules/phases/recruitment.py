"""Phase 1, Recruitment: cards are dealt, picked one a round and passed on (the draft)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..decisions import Pick, PickOptions, Step
from ..errors import IllegalDecision
from ..state import Phase, Player

if TYPE_CHECKING:
    from ..engine import Game


def draft_size(players: int) -> int:
    """Cards dealt to each player for the draft: 9 with 2 players (who also discard one a round), else 5."""
    return 9 if players == 2 else 5


def pass_step(turn: int) -> int:
    """Where draft cards go after a pick: +1 (to the next seat, "left") on turns 1 and 3, else -1."""
    return 1 if turn % 2 == 1 else -1


def draft_counts(players: int, rounds: int) -> list[int]:
    """The cards in each player's draft hand at the start of draft rounds 0..`rounds`: one is picked
    a round (a last single card without asking), and with 2 players another is discarded."""
    counts = [draft_size(players)]
    for _ in range(rounds):
        counts.append(counts[-1] - (2 if players == 2 and counts[-1] > 1 else 1))
    return counts


def start_turn(game: Game) -> None:
    """A new turn: deal the draft cards (unless the mode deals) and open the first pick."""
    s = game.state
    s.phase, s.draft_round = Phase.RECRUITMENT, 0
    game.emit("turn_started", turn=s.turn)
    if game.mode.turn_started(game):
        return
    size = draft_size(len(s.players))
    for i, p in enumerate(s.players):
        p.draft = game.draw(size)
        if game.record_events:
            game.emit("cards_dealt", player=i, cards=list(p.draft), private_to=i)
        else:
            game.unlogged += 1
    game.begin(Step.PICK)


def asks_pick(game: Game, i: int, p: Player) -> bool:
    return len(p.draft) > 1  # a last single card is taken without asking


def pick_options(game: Game, i: int, p: Player) -> PickOptions:
    return PickOptions(tuple(p.draft), len(game.state.players) == 2)


def check_pick(game: Game, player: int, p: Player, d: Pick) -> Pick:
    cards = p.draft
    if d.card not in cards:
        raise IllegalDecision("you can only pick a card from the cards in front of you")
    if len(game.state.players) == 2:
        if d.discard is None or d.discard not in cards or d.discard == d.card:
            raise IllegalDecision("with 2 players you must also discard another of these cards")
    elif d.discard is not None:
        raise IllegalDecision("you cannot discard a card now")
    return d


def resolve_picks(game: Game) -> None:
    """Every pick of the round is in: take the cards, then pass the rest or end the draft."""
    if game.mode.resolve_picks(game):
        return
    s = game.state
    record = game.record_events
    for i, p in enumerate(s.players):
        d = p.submitted
        if d is None:  # a single card left: it is taken without asking
            if not p.draft:
                continue
            card, discard = p.draft[0], None
        else:
            assert isinstance(d, Pick)  # the step's kind (checked, or trusted)
            card, discard = d.card, d.discard
        p.draft.remove(card)
        p.hand.append(card)
        if discard is not None:
            p.draft.remove(discard)
            s.discard.append(discard)
        if record:
            game.emit("card_picked", player=i, card=card, private_to=i)
            if discard is not None:
                game.emit("card_discarded", player=i, card=discard, reason="draft", private_to=i)
        else:
            game.unlogged += 1 if discard is None else 2
    s.draft_round += 1
    pass_drafts(game)


def pass_drafts(game: Game) -> None:
    """Pass the cards left to the next player and pick again, or end the draft."""
    s = game.state
    n = len(s.players)
    drafts = [p.draft for p in s.players]
    if any(drafts):
        step = pass_step(s.turn)
        for i, p in enumerate(s.players):
            p.draft = drafts[(i - step) % n]
        if game.record_events:
            game.emit("cards_passed", direction=game.pass_direction())
        else:
            game.unlogged += 1
        game.begin(Step.PICK)
        return
    for i, p in enumerate(s.players):
        if p.kept is not None:
            p.hand.append(p.kept)
            if game.record_events:
                game.emit("kept_card_returned", player=i, card=p.kept, private_to=i)
            else:
                game.unlogged += 1
            p.kept = None
    game.begin(Step.DEPLOY)

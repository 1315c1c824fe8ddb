"""Phase 1, Recruitment: cards are dealt, picked one a round and passed on (the draft)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..decisions import NOT_OFFERED, Pick, PickOptions, Step
from ..errors import N_, IllegalDecision
from ..state import Player

if TYPE_CHECKING:
    from ..table import Table


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


def start_turn(game: Table) -> None:
    """A new turn (`Step.TURN` opens): the mode deals the first round's draft cards (`Mode.draft_cards`)."""
    s = game.state
    s.draft_round = 0
    game.emit("turn_started", turn=s.turn)
    game.scratch.drafts = game.mode.draft_cards(game, None)


_PICK, _DRAFT_END = Step.PICK, Step.DRAFT_END  # (`Step.PICK` is a slow lookup on Python 3.11)


def after_deal(game: Table) -> Step:
    """A round of picks while the mode deals cards, else the end of the draft."""
    return _PICK if game.scratch.drafts is not None else _DRAFT_END


def open_round(game: Table) -> None:
    """The cards each player picks from this round (`Step.PICK` opens; a last single card is taken
    without asking)."""
    drafts = game.scratch.drafts
    assert drafts is not None  # (`after_deal` opens a round only with cards dealt)
    for p, cards in zip(game.state.players, drafts, strict=True):
        p.draft = cards
    game.scratch.drafts = None


def end_draft(game: Table) -> None:
    """The end of the draft: the mode's `draft_ended`, then the card kept last turn back in the hand."""
    s = game.state
    game.mode.draft_ended(game)
    for i, p in enumerate(s.players):
        if p.kept is not None:
            p.hand.append(p.kept)
            if game.record_events:  # (as `emit` logs it, without its keywords: logged every turn)
                s.log.append({"type": "kept_card_returned", "phase": s.phase, "player": i, "card": p.kept,
                              "private_to": i})
            else:
                game.unlogged += 1
            p.kept = None


def deal(game: Table) -> list[list[int]]:
    """The standard draft's cards: `draft_size` from the draw pile for each player."""
    s = game.state
    size = draft_size(len(s.players))
    drafts = []
    for i in range(len(s.players)):
        cards = game.draw(size)
        drafts.append(cards)
        if game.record_events:  # (as `emit` logs it, without its keywords: logged every turn)
            s.log.append({"type": "cards_dealt", "phase": s.phase, "player": i, "cards": list(cards), "private_to": i})
        else:
            game.unlogged += 1
    return drafts


def asks_pick(game: Table, i: int, p: Player) -> bool:
    return len(p.draft) > 1  # a last single card is taken without asking


def pick_options(game: Table, i: int, p: Player) -> PickOptions:
    return PickOptions(tuple(p.draft), len(game.state.players) == 2)


def check_pick(game: Table, player: int, p: Player, d: Pick) -> Pick:
    cards = p.draft
    if d.card not in cards:
        raise IllegalDecision(NOT_OFFERED)
    if len(game.state.players) == 2:
        if d.discard is None or d.discard not in cards or d.discard == d.card:
            raise IllegalDecision(N_("with 2 players you must also discard another of these cards"))
    elif d.discard is not None:
        raise IllegalDecision(N_("you cannot discard a card now"))
    return d


def resolve_picks(game: Table) -> None:
    """Every pick of the round is in: take the cards; the mode says where the rest go and which
    cards come next, if any (`Mode.draft_cards`)."""
    s = game.state
    record = game.record_events
    leftovers = []
    for i, p in enumerate(s.players):
        d = p.submitted
        if d is not None or p.draft:
            if d is None:  # a single card left: it is taken without asking
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
                # (logged as `emit` logs them, without its keywords: the commonest events)
                s.log.append({"type": "card_picked", "phase": s.phase, "player": i, "card": card, "private_to": i})
                if discard is not None:
                    s.log.append({"type": "card_discarded", "phase": s.phase, "player": i, "card": discard,
                                  "reason": "draft", "private_to": i})
            else:
                game.unlogged += 1 if discard is None else 2
        leftovers.append(p.draft)
        p.draft = []
    s.draft_round += 1
    game.scratch.drafts = game.mode.draft_cards(game, leftovers)


def pass_on(game: Table, leftovers: list[list[int]]) -> list[list[int]] | None:
    """The standard draft: the cards left go to the next player (`pass_step`), until none is left."""
    if not any(leftovers):
        return None
    n = len(leftovers)
    step = pass_step(game.state.turn)
    if game.record_events:  # (as `emit` logs it, without its keywords: logged every round)
        s = game.state
        s.log.append({"type": "cards_passed", "phase": s.phase, "direction": game.pass_direction()})
    else:
        game.unlogged += 1
    k = -step % n  # player i gets the cards of player i - step: the list rotated by k
    return leftovers[k:] + leftovers[:k]

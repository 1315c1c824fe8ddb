"""Phase 2, Deployment: Units placed and paid, reveal and every-turn abilities, Age tokens placed
by choice (the age_target step), end-of-phase scoring."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import kingdom
from ..decisions import FIVE_SPOTS, ONE_IN_PLAY, ONLY_NEW_UNPAID, AgeTarget, AgeTargetOptions, Deploy, DeployOptions
from ..errors import N_, IllegalDecision, MalformedDecision, Unaffordable
from ..order import gains_in_order, in_order, ranked
from ..state import FIFTH_SLOT, Player, Unit

if TYPE_CHECKING:
    from ..table import Table


def asks_deploy(game: Table, i: int, p: Player) -> bool:
    return True


def deploy_options(game: Table, i: int, p: Player) -> DeployOptions:
    s = game.state
    return DeployOptions(tuple(p.hand), tuple([(k, u.card) for k, u in enumerate(p.slots) if u is not None]),
                         p.open_slots(), p.gold,
                         s.turn < s.turns)  # can_keep: a kept card would wait for no next turn


def check_deploy(game: Table, player: int, p: Player, d: Deploy) -> Deploy:
    slots = d.slots
    if len(slots) != 5:
        raise MalformedDecision(FIVE_SPOTS)
    in_play = {u.card for u in p.slots if u is not None}
    placed = [c for c in slots if c is not None]
    if len(set(placed)) != len(placed):
        raise IllegalDecision(N_("a card can only be in one spot"))
    hand = p.hand
    for c in placed:
        if c not in in_play and c not in hand:
            raise IllegalDecision(N_("you can only place Units from your hand or already in play"))
    if slots[FIFTH_SLOT] is not None and not p.has_fifth_slot():
        raise IllegalDecision(N_("the 5th spot needs a level-2 Building"))
    keep = d.keep
    if keep is not None and (keep not in p.hand or keep in placed):
        raise IllegalDecision(N_("you can only keep one card of your hand that you do not deploy"))
    new = [c for c in placed if c not in in_play]
    check_payment(game, p, new, d.unpaid)
    return d


def check_payment(game: Table, p: Player, new: list[int], unpaid: tuple[int, ...]) -> None:
    """The new Units are paid for, but for those given up, and only when Gold is short."""
    if any(c not in new for c in unpaid) or len(set(unpaid)) != len(unpaid):
        raise IllegalDecision(ONLY_NEW_UNPAID)
    rules = game.rules
    cost = 0
    for c in new:
        if c not in unpaid:
            cost += rules[c].cost
    if cost > p.gold:
        raise Unaffordable(cost, p.gold)
    for c in unpaid:
        if game.types[c].cost <= p.gold - cost:
            raise IllegalDecision(N_("you can pay for %(card)s, so it cannot be left unpaid"), card=game.types[c])


def resolve_deployment(game: Table) -> None:
    """Every Kingdom is planned: place them, draw for Shapeshifters, apply the phase-2 abilities
    (which may queue Age tokens placed by choice: the next step)."""
    s = game.state
    revealed: dict[int, list[int]] = {}
    rules = game.rules
    shifting = []  # the players who revealed a Shapeshifter
    for i, p in enumerate(s.players):
        d = p.submitted
        assert isinstance(d, Deploy)  # everyone deploys
        revealed[i] = p.revealed = place(game, i, p, d)
        for slot in revealed[i]:  # (a Unit placed now)
            if rules[p.unit(slot).card].shapeshift is not None:
                shifting.append(i)
                break
    for i in ranked(game, shifting):  # Shapeshifter draws interact through the pile: in player order
        for slot in list(revealed[i]):
            max_cost = rules[s.players[i].unit(slot).card].shapeshift
            if max_cost is not None:
                shapeshift(game, i, slot, max_cost)
    acting = [i for i, p in enumerate(s.players) if kingdom.has_phase2_abilities(rules, p, revealed[i])]
    for i in in_order(game, acting):
        reveal_abilities(game, i, revealed[i])


def place(game: Table, i: int, p: Player, d: Deploy) -> list[int]:
    """Put the player's plan into effect; return the spots of the newly revealed Units."""
    s = game.state
    old = {u.card: u for u in p.slots if u is not None}
    new_slots: list[Unit | None] = [None] * 5
    revealed = []
    unpaid = d.unpaid
    rules = game.rules
    cost = 0
    for slot, c in enumerate(d.slots):
        if c is None:
            continue
        if c in old:
            new_slots[slot] = old.pop(c)
        elif c in unpaid:
            s.discard.append(c)
            game.emit("unit_unpaid", player=i, card=c)
        else:
            new_slots[slot] = Unit(c)
            cost += rules[c].cost
            revealed.append(slot)
    for c in old:
        s.discard.append(c)
        if game.record_events:
            game.emit("unit_discarded", player=i, card=c, reason="make_room")
        else:
            game.unlogged += 1
    p.slots = new_slots
    discard_hand(game, i, p, d.slots, d.keep)
    if game.record_events:  # (as `emit` logs it, without its keywords: logged every turn)
        s.log.append({"type": "units_revealed", "phase": s.phase, "player": i,
                      "units": [[slot, p.unit(slot).card] for slot in revealed]})
    else:
        game.unlogged += 1
    if cost:
        game.gain(i, gold=-cost, cause="deployment")
    return revealed


def discard_hand(game: Table, i: int, p: Player, placed: tuple[int | None, ...], keep: int | None) -> None:
    """The hand cards neither placed nor kept are discarded; `keep` is set aside."""
    s = game.state
    discard, log, phase = s.discard, s.log, s.phase
    record = game.record_events
    for c in p.hand:
        if c not in placed and c != keep:
            discard.append(c)
            if record:  # (as `emit` logs it, without its keywords: a common event)
                log.append({"type": "card_discarded", "phase": phase, "player": i, "card": c, "reason": "not_deployed",
                            "private_to": i})
            else:
                game.unlogged += 1
    p.hand = []
    p.kept = keep
    if keep is not None:
        if record:  # (as `emit` logs it)
            log.append({"type": "card_kept", "phase": phase, "player": i, "card": keep, "private_to": i})
        else:
            game.unlogged += 1


def shapeshift(game: Table, i: int, slot: int, max_cost: int) -> None:
    """A Shapeshifter draws until a Unit of at most `max_cost` Gold takes its place."""
    s = game.state
    p = s.players[i]
    shifter = p.unit(slot).card
    for _ in range(len(s.deck) + len(s.discard) + 1):
        drawn = game.draw(1)
        if not drawn:
            break
        c = drawn[0]
        if game.types[c].cost <= max_cost:
            s.discard.append(shifter)
            p.slots[slot] = Unit(c)
            game.emit("unit_replaced", player=i, slot=slot, old=shifter, new=c, cause="shapeshift")
            add_age(game, i, slot, 1, "shapeshift")
            return
        s.discard.append(c)
        game.emit("card_discarded", player=i, card=c, reason="shapeshift")
    game.emit("shapeshift_failed", player=i, slot=slot)


def reveal_abilities(game: Table, i: int, revealed: list[int]) -> None:
    """Phase-2 abilities: reveal abilities of the new Units, then every-turn ones of all Units."""
    p = game.state.players[i]
    rules = game.rules
    k = Kingdom(game, i)
    for slot in revealed:
        card = p.unit(slot).card
        for h, params in rules[card].reveal:
            h(k, slot, card, params)
    k = Kingdom(game, i)  # resources as the reveals left them
    for slot, u in p.units():
        for h, params in rules[u.card].every_turn:
            h(k, slot, u.card, params)


def auto_age_targets(game: Table) -> None:
    """A choice with a single possible Unit is made without asking (`Step.AGE_TARGET` opens)."""
    s = game.state
    for i, p in enumerate(s.players):
        while p.choices and len(p.units()) <= 1:
            units = p.units()
            if units:
                add_age(game, i, units[0][0], p.choices[0]["amount"], s.cards[p.choices[0]["source"]])
            p.choices.pop(0)


def asks_age_target(game: Table, i: int, p: Player) -> bool:
    return bool(p.choices)


def age_target_options(game: Table, i: int, p: Player) -> AgeTargetOptions:
    c = p.choices[0]
    return AgeTargetOptions(c["source"], c["name"], c["amount"], tuple([k for k, _ in p.units()]))


def check_age_target(game: Table, player: int, p: Player, d: AgeTarget) -> AgeTarget:
    if d.slot not in [k for k, _ in p.units()]:
        raise IllegalDecision(ONE_IN_PLAY)
    return d


def resolve_age_target(game: Table, player: int, d: AgeTarget) -> None:
    """One Age-token choice, applied at once (the choices are sequential and private)."""
    p = game.state.players[player]
    c = p.choices.pop(0)
    add_age(game, player, d.slot, c["amount"], game.state.cards[c["source"]])


def end_deployment(game: Table) -> None:
    """End of phase 2: its LP scored."""
    rules, cards = game.rules, game.state.cards
    gains_in_order(game, [kingdom.deployment_end_gains(rules, cards, p) for p in game.state.players])


def add_age(game: Table, i: int, slot: int, amount: int, cause: str) -> None:
    u = game.state.players[i].unit(slot)
    u.age += amount
    if game.record_events:
        game.emit("age_added", player=i, slot=slot, card=u.card, amount=amount, cause=cause, total=u.age)
    else:
        game.unlogged += 1


class Kingdom:
    """The context phase-2 handlers act through (see `effects.Kingdom`): one player's Kingdom."""

    __slots__ = ("game", "player", "_resources")

    def __init__(self, game: Table, player: int):
        self.game, self.player = game, player
        self._resources: dict[str, int] | None = None

    def units(self) -> list[tuple[int, Unit]]:
        return self.game.state.players[self.player].units()

    def buildings(self) -> dict[str, int]:
        return self.game.state.players[self.player].buildings

    def resources(self) -> dict[str, int]:
        """What the Kingdom produces, worked out once (phase-2 abilities change no production)."""
        if self._resources is None:
            self._resources = self.game.resources(self.player)
        return self._resources

    def add_age(self, slot: int, amount: int, source: int) -> None:
        add_age(self.game, self.player, slot, amount, self.game.state.cards[source])

    def upgrade(self, building: str, source: int) -> None:
        self.game.state.players[self.player].buildings[building] = 2
        self.game.emit("building_upgraded", player=self.player, building=building,
                       cause=self.game.state.cards[source])

    def ask_age_target(self, source: int, amount: int) -> None:
        """The player chooses the Unit later (an age_target decision)."""
        self.game.state.players[self.player].choices.append(
            {"source": source, "name": self.game.rules[source].name, "amount": amount})


def deploy_alone(k: Table, d: Deploy) -> None:
    """Phase 2 for player 0 of `k`, a game of one Kingdom (`Game.after_deployment`) with the
    deployment `d` (checked): Units placed and paid, reveal and every-turn abilities, end-of-phase
    LP; no Shapeshifter draws (the draw pile is hidden), Age-token choices left in `choices`."""
    me = k.state.players[0]
    me.revealed = place(k, 0, me, d)
    reveal_abilities(k, 0, me.revealed)
    auto_age_targets(k)
    gains_in_order(k, [kingdom.deployment_end_gains(k.rules, k.state.cards, me)])

"""Phase 6, Aging: Mystical Healers save Units (the heal step), the old Units die, every Unit
gets an Age token; then the next turn, or the end of the game and its scoring."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import kingdom
from ..decisions import Heal, HealOptions, Step
from ..errors import N_, IllegalDecision, MalformedDecision
from ..order import ranked
from ..state import Phase, Player, Unit

if TYPE_CHECKING:
    from ..table import Table


def asks_heal(game: Table, i: int, p: Player) -> bool:
    return kingdom.heal_needed(game.rules, p)


def heal_options(game: Table, i: int, p: Player) -> HealOptions:
    return HealOptions(tuple(kingdom.healable(game.rules, p)), kingdom.healers(game.rules, p))


def check_heal(game: Table, player: int, p: Player, d: Heal) -> Heal:
    slots = d.slots
    if len(set(slots)) != len(slots):
        raise MalformedDecision(N_("list the spots of the Units to save, each once"))
    most = kingdom.healers(game.rules, p)
    if len(slots) > most:
        raise IllegalDecision(N_("each Mystical Healer saves one Unit: at most %(most)s"), most=most)
    healable = kingdom.healable(game.rules, p)
    if any(s not in healable for s in slots):
        rules = [game.rules[u.card] for u in p.slots if u is not None]
        healers = {(r.name, r.save_text) for r in rules if r.healer}  # the rule in the card's words
        raise IllegalDecision(N_("%(rules)s"), rules="; ".join(f"{name}: {text}" for name, text in sorted(healers)))
    return d


def resolve_aging(game: Table) -> None:
    """Every Healer's choice is in: each Kingdom ages."""
    players = game.state.players
    rules = game.rules
    dying = [kingdom.dying(rules, p, _saved(p)) for p in players]
    # The order shows only in the log and in the discard pile: unlogged, only that of the players
    # whose Units die (the others' come after, in any order)
    if game.record_events:
        order = game.player_order()
    else:
        order = ranked(game, [i for i, d in enumerate(dying) if d]) + [i for i, d in enumerate(dying) if not d]
    for i in order:
        age_kingdom(game, i, players[i], dying[i])


def age_kingdom(game: Table, i: int, p: Player, dying: list[tuple[int, Unit]]) -> None:
    """One player's Aging: the saved Units, the gains of the dying, their deaths, one more Age token."""
    for slot in sorted(_saved(p)):
        game.emit("unit_saved", player=i, slot=slot, card=p.unit(slot).card)
    if dying:
        die(game, i, p, dying)
    aged = []
    for slot, unit in enumerate(p.slots):
        if unit is not None:
            unit.age += 1
            aged.append(slot)
    if game.record_events:
        s = game.state
        s.log.append({"type": "units_aged", "phase": s.phase, "player": i, "slots": aged})  # (as `emit` logs it)
    else:
        game.unlogged += 1
    p.submitted = None


def _saved(p: Player) -> tuple[int, ...]:
    """The spots of the Units this player's Healers save (none if not asked)."""
    d = p.submitted
    if d is None:
        return ()
    assert isinstance(d, Heal)  # the step's kind
    return d.slots


def die(game: Table, i: int, p: Player, dying: list[tuple[int, Unit]]) -> None:
    # Project ruling: a player's simultaneous gains apply before their losses.
    gains = kingdom.death_gains(game.rules, game.state.cards, p, [u for _, u in dying])
    if len(gains) > 1:
        gains.sort(key=lambda c: -c[0])  # (most LP first; stable)
    for lp, gold, cause in gains:
        game.gain(i, lp=lp, gold=gold, cause=cause)
    s = game.state
    discard = s.discard
    for slot, u in dying:
        p.slots[slot] = None
        discard.append(u.card)
        if game.record_events:  # (as `emit` logs it, without its keywords: a common event)
            s.log.append({"type": "unit_died", "phase": s.phase, "player": i, "slot": slot, "card": u.card,
                          "age": u.age})
        else:
            game.unlogged += 1


def end_turn(game: Table) -> None:
    """The end of a turn: the mode's end-of-turn scoring."""
    game.mode.turn_ended(game)


def after_turn(game: Table) -> Step:
    """The next turn, or after the last one the end of the game."""
    s = game.state
    return _NEW_TURN if s.turn < s.turns else _GAME_END


_NEW_TURN, _GAME_END = Step.NEW_TURN, Step.GAME_END  # (`Step.X` is a slow lookup on Python 3.11)


def new_turn(game: Table) -> None:
    game.state.turn += 1


def end_game(game: Table) -> None:
    """The end of the game: the mode's final scoring, then Buildings and end-of-game abilities score."""
    s = game.state
    game.mode.final_scoring(game)
    for i, p in enumerate(s.players):
        for lp, cause in kingdom.end_of_game_gains(game.rules, game.building_rules, s.cards, p):
            game.gain(i, lp=lp, cause=cause)
    s.over, s.phase, s.step = True, Phase.END, Step.NONE
    game.emit("game_over", scores=game.scores(), gold=[p.gold for p in s.players], winners=game.winners())
    game.mode.game_ended(game)

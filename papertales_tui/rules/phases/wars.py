"""Phase 3, Wars: each Kingdom fights (the mode says whom: in the standard game its neighbours, with
2 players one double War), wins LP, then its Wars abilities score."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import kingdom
from ..order import gains_in_order

if TYPE_CHECKING:
    from ..table import Table

WAR_LP = 3


def war_won(mine: int, theirs: int) -> bool:
    """A War between neighbours (3+ players): the stronger wins it; a tie is won by both."""
    return mine >= theirs


def double_war(mine: int, theirs: int) -> int:
    """Wars won in the double War of 2 players: 1 with at least the opponent's strength, 2 with at
    least twice it."""
    return 2 if mine >= 2 * theirs else 1 if mine >= theirs else 0


def resolve_wars(game: Table) -> None:
    """The Wars (whom each seat fights: `Mode.fight`); each Kingdom's Income and resources as they
    work them out, for the Income and Construction steps."""
    s = game.state
    mode = game.mode
    mode.wars_started(game)
    strengths = []
    kingdoms = []  # (context, Unit strengths) per player: nothing changes them until Construction
    rules, buildings, cards = game.rules, game.building_rules, s.cards
    for i, p in enumerate(s.players):
        ctx = kingdom.context(rules, buildings, p)
        units = kingdom.strengths(rules, p, ctx)
        total = kingdom.strength(rules, buildings, p, ctx, units)
        kingdoms.append((ctx, list(units.values())))
        strengths.append(total)
        if game.record_events:  # (the Kingdom in detail is only worked out for the log; as `emit` logs it)
            s.log.append({"type": "war_strength", "phase": s.phase, "player": i, "strength": total,
                          **kingdom.at_war(rules, buildings, cards, p, ctx, units)})
        else:
            game.unlogged += 1
    won = mode.fight(game, strengths)
    for i, w in enumerate(won):
        if w:
            game.gain(i, lp=WAR_LP * w, cause="wars")
    mode.wars_fought(game, strengths, won)
    gains = []
    for i, (ctx, unit_strengths) in enumerate(kingdoms):
        ctx.wars_won = won[i]
        gains.append(kingdom.war_gains(rules, buildings, cards, s.players[i], ctx, unit_strengths))
    gains_in_order(game, gains)  # (Wars abilities read no LP or Gold: all are worked out first)
    game.scratch.incomes = [ctx.income for ctx, _ in kingdoms]
    game.scratch.war_resources = [ctx.resources for ctx, _ in kingdoms]


def fight(game: Table, strengths: list[int]) -> list[int]:
    """The Wars between neighbours (2 players: the double War): Wars won by each player."""
    n = len(strengths)
    won = [0] * n
    if n == 2:
        for i, j in ((0, 1), (1, 0)):
            won[i] = double_war(strengths[i], strengths[j])
        game.emit("war", players=[0, 1], strengths=strengths, wars_won=list(won))
        return won
    record = game.record_events
    s = game.state
    log = s.log
    for i in range(n):
        j = (i + 1) % n
        a, b = strengths[i], strengths[j]
        i_won, j_won = war_won(a, b), war_won(b, a)
        won[i] += i_won
        won[j] += j_won
        if record:  # (as `emit` logs it, without its keywords: a War a neighbour a turn)
            winners = [i, j] if i_won and j_won else [i] if i_won else [j]  # (a tie is won by both)
            log.append({"type": "war", "phase": s.phase, "players": [i, j], "strengths": [a, b], "winners": winners})
        else:
            game.unlogged += 1
    return won

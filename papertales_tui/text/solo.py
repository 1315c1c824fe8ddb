"""The solo mode's words: how a solo game opens and the sentences of the Lich King's events, added
to the narrator's (`narrator.register_words`) when it first tells an event."""

from __future__ import annotations

from ..rules import events as ev
from .glyphs import ARMY_NAMES, LP, STRENGTH, necropolis_label
from .narrator import Names, register_words

LICH_CAUSES = {"immediate": "immediate gain", "quest": "quest", "wars": "Wars won", "end": "END card",
               "lich_card": "Lich King card"}


def _solo_started(e: ev.SoloStarted, n: Names) -> str:
    cards = ", ".join(n.cause(k) for k in e.lich_cards) or "none"
    return f"Difficulty {e.difficulty}: Lich King cards {cards}."


def _lich_quest(e: ev.LichQuest, n: Names) -> str:
    k = len(e.matches)
    return (f"{n.cause(e.source)}'s quest: {k} Underworld Unit{'s' if k != 1 else ''} "
            f"({n.card_list(e.matches) if e.matches else 'none'}).")


def _solo_war(e: ev.SoloWar, n: Names) -> str:
    me = n.player(0)
    result = ("a tie, both win" if e.player_won and e.lich_won else f"{me} wins" if e.player_won
              else "the Lich King wins")
    army = ARMY_NAMES.get(e.army, e.army)
    return f"{me} {STRENGTH}{e.strength} vs the {army} army {STRENGTH}{e.army_strength}: {result}."


def _solo_over(e: ev.SoloOver, n: Names) -> str:
    me = n.player(0)
    who = me if e.winner == "player" else "the Lich King"
    return f"{me} {LP}{e.player_lp} vs the Lich King {LP}{e.lich_lp}: {who} wins."


register_words("solo", "New solo game: {players} against the Lich King", {
    ev.SoloStarted: _solo_started,
    ev.NecropolisRevealed: lambda e, n: (f"Necropolis card {necropolis_label(e.position)} turns face up: "
                                         f"{n.cause(e.card)} (gain {LP}{e.gain}, Black {e.black}, "
                                         f"Purple {e.purple})."),
    ev.UnderworldShuffled: lambda e, n: f"The Underworld ({e.cards} cards) is shuffled.",
    ev.UnderworldDrawn: lambda e, n: f"{n.player(e.player)} draws {n.card_list(e.cards)} from the Underworld.",
    ev.UnderworldAdded: lambda e, n: f"{n.card_list(e.cards)} go to the Underworld ({e.total} cards).",
    ev.UnderworldBottom: lambda e, n: f"{n.card_list(e.cards)} go under the Underworld.",
    ev.LichQuest: _lich_quest,
    ev.LichLp: lambda e, n: (f"The Lich King +{e.amount}{LP} ({n.cause(e.source)}, "
                             f"{LICH_CAUSES.get(e.cause, e.cause)}), now {LP}{e.total}."),
    ev.UnderworldDiscarded: lambda e, n: f"The {len(e.cards)} Underworld cards go to the discard pile.",
    ev.SoloWar: _solo_war,
    ev.TimeMoved: lambda e, n: f"The Time token moves to Necropolis card {necropolis_label(e.position)}.",
    ev.SoloOver: _solo_over,
})

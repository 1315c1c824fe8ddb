"""The solo mode's words: how a solo game opens and the sentences of the Lich King's events, added
to the narrator's (`narrator.register_words`) when it first tells an event."""

from __future__ import annotations

from ..rules import events as ev
from .glyphs import ARMY_NAMES, necropolis_label
from .i18n import N_
from .narrator import NARRATOR, Names, register_words

_ = NARRATOR.gettext

LICH_CAUSES = {"immediate": N_("immediate gain"), "quest": N_("quest"), "wars": N_("Wars won"),
               "end": N_("END card"), "lich_card": N_("Lich King card")}


def army_name(army: str) -> str:
    """"Black", "Purple": an army of the Lich King in words."""
    return NARRATOR.marked(ARMY_NAMES[army]) if army in ARMY_NAMES else army


def necropolis(position: int) -> str:
    """A Necropolis card's label: "1"-"4", "END"."""
    return NARRATOR.marked(necropolis_label(position)) if position == 4 else necropolis_label(position)


def _solo_started(e: ev.SoloStarted, n: Names) -> str:
    if not e.lich_cards:
        return _("Difficulty %(difficulty)s: Lich King cards none.") % {"difficulty": e.difficulty}
    return _("Difficulty %(difficulty)s: Lich King cards %(cards)s.") % {
        "difficulty": e.difficulty, "cards": ", ".join(n.cause(k) for k in e.lich_cards)}


def _lich_quest(e: ev.LichQuest, n: Names) -> str:
    k = len(e.matches)
    return NARRATOR.ngettext("%(card)s's quest: %(count)s Underworld Unit (%(units)s).",
                             "%(card)s's quest: %(count)s Underworld Units (%(units)s).", k) % {
        "card": n.cause(e.source), "count": k, "units": n.card_list(e.matches) if e.matches else _("none")}


def _solo_war(e: ev.SoloWar, n: Names) -> str:
    values = {"player": n.player(0), "strength": e.strength, "army": army_name(e.army),
              "army_strength": e.army_strength}
    if e.player_won and e.lich_won:
        return _("%(player)s ⚔%(strength)s vs the %(army)s army ⚔%(army_strength)s: a tie, both win.") % values
    if e.player_won:
        return _("%(player)s ⚔%(strength)s vs the %(army)s army ⚔%(army_strength)s: %(player)s wins.") % values
    return _("%(player)s ⚔%(strength)s vs the %(army)s army ⚔%(army_strength)s: the Lich King wins.") % values


def _solo_over(e: ev.SoloOver, n: Names) -> str:
    values = {"player": n.player(0), "lp": e.player_lp, "lich_lp": e.lich_lp}
    if e.winner == "player":
        return _("%(player)s ★%(lp)s vs the Lich King ★%(lich_lp)s: %(player)s wins.") % values
    return _("%(player)s ★%(lp)s vs the Lich King ★%(lich_lp)s: the Lich King wins.") % values


def _necropolis_revealed(e: ev.NecropolisRevealed, n: Names) -> str:
    return _("Necropolis card %(position)s turns face up: %(card)s (gain ★%(gain)s, Black %(black)s, "
             "Purple %(purple)s).") % {"position": necropolis(e.position), "card": n.cause(e.card), "gain": e.gain,
                                       "black": e.black, "purple": e.purple}


def _lich_lp(e: ev.LichLp, n: Names) -> str:
    cause = NARRATOR.marked(LICH_CAUSES[e.cause]) if e.cause in LICH_CAUSES else e.cause
    return _("The Lich King +%(amount)s★ (%(card)s, %(cause)s), now ★%(total)s.") % {
        "amount": e.amount, "card": n.cause(e.source), "cause": cause, "total": e.total}


def _underworld_added(e: ev.UnderworldAdded, n: Names) -> str:
    total = NARRATOR.ngettext("%(count)s card", "%(count)s cards", e.total) % {"count": e.total}
    return NARRATOR.ngettext("%(cards)s go to the Underworld (%(total)s).",
                             "%(cards)s go to the Underworld (%(total)s).", len(e.cards)) % {
        "cards": n.card_list(e.cards), "total": total}


def _underworld_bottom(e: ev.UnderworldBottom, n: Names) -> str:
    return NARRATOR.ngettext("%(cards)s go under the Underworld.", "%(cards)s go under the Underworld.",
                             len(e.cards)) % {"cards": n.card_list(e.cards)}


register_words("solo", N_("New solo game: {players} against the Lich King"), {
    ev.SoloStarted: _solo_started,
    ev.NecropolisRevealed: _necropolis_revealed,
    ev.UnderworldShuffled: lambda e, n: NARRATOR.ngettext(
        "The Underworld (%(count)s card) is shuffled.", "The Underworld (%(count)s cards) is shuffled.",
        e.cards) % {"count": e.cards},
    ev.UnderworldDrawn: lambda e, n: _("%(player)s draws %(cards)s from the Underworld.") % {
        "player": n.player(e.player), "cards": n.card_list(e.cards)},
    ev.UnderworldAdded: _underworld_added,
    ev.UnderworldBottom: _underworld_bottom,
    ev.LichQuest: _lich_quest,
    ev.LichLp: _lich_lp,
    ev.UnderworldDiscarded: lambda e, n: NARRATOR.ngettext(
        "The %(count)s Underworld card goes to the discard pile.",
        "The %(count)s Underworld cards go to the discard pile.", len(e.cards)) % {"count": len(e.cards)},
    ev.SoloWar: _solo_war,
    ev.TimeMoved: lambda e, n: _("The Time token moves to Necropolis card %(position)s.") % {
        "position": necropolis(e.position)},
    ev.SoloOver: _solo_over,
})

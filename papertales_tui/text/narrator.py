"""The one narrator: every event of rules/events.py as a sentence, for the app, its game log and
`papertales replay`.

    names = Names.of(game)
    narrate(event, names)             # public mode: None for private or uneventful events
    narrate(event, names, full=True)  # full mode: a sentence for every event, private ones included

Sentences are plain text (no markup: player names are shown as they were typed) with the game's
glyphs: ¤ Gold, ★ LP, ◷ Age tokens, ⚔ strength.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..rules import events as ev
from ..rules.state import SLOT_NAMES
from .glyphs import AGE, ARMY_NAMES, GOLD, LP, STRENGTH, necropolis_label  # noqa: F401 (the narrator's too)

REASONS = {"draft": "draft", "not_deployed": "not deployed", "shapeshift": "turned over by Shapeshifter",
           "make_room": "taken out of play"}


@dataclass(frozen=True)
class Names:
    """What the narrator needs to name things: seats, card numbers, and card keys of every kind."""

    players: tuple[str, ...]
    cards: tuple[str, ...]  # card number -> Unit name
    keys: dict[str, str]  # Unit, Building, Necropolis and Lich King card key -> name
    seed: bool = True  # name the game's seed (False during play unless a player typed it: it deals every card)

    @classmethod
    def of(cls, game: Any) -> Names:
        """The names of a `Game` or of a `SeatView` (the screens'), which have the same `players`,
        `cards` and `mode`."""
        cat = game.catalog
        keys = {k: c.name for table in (cat.units, cat.buildings, cat.necropolis, cat.lich_king)
                for k, c in table.items()}
        seen = getattr(game, "state", game)
        return cls(tuple(p.name for p in seen.players), tuple(keys.get(k, k) for k in seen.cards), keys)

    def player(self, i: Any) -> str:
        return self.players[i] if isinstance(i, int) and 0 <= i < len(self.players) else f"player {i}"

    def card(self, c: Any) -> str:
        return self.cards[c] if isinstance(c, int) and 0 <= c < len(self.cards) else f"card {c}"

    def card_list(self, cards: list[int]) -> str:
        return ", ".join(self.card(c) for c in cards) or "nothing"

    def cause(self, key: str) -> str:
        """A card or Building key as its name; a step of the turn ("wars") as a word."""
        return self.keys.get(key) or key.replace("_", " ")


def spot(slot: Any) -> str:
    return SLOT_NAMES[slot] if isinstance(slot, int) and 0 <= slot < len(SLOT_NAMES) else f"spot {slot}"


def strength_part(part: dict[str, Any], names: Names) -> str:
    """One part of a `war_strength` event's strength in words: "Knight (Front 1)", "Barracks (level 1)"."""
    if "card" in part:
        return f"{names.cause(part['card'])} ({spot(part['spot'])})"
    return f"{names.cause(part['building'])} (level {part['level']})"


def narrate(event: ev.BaseEvent | dict[str, Any], names: Names, full: bool = False) -> str | None:
    """One sentence for an event. Public mode (the default) gives None for a private event or one not
    worth a line; full mode narrates every event, and shows one that fits no schema with its fields."""
    if isinstance(event, dict):
        try:
            e = ev.from_dict(event)
        except (KeyError, TypeError):
            return f"{event.get('type')}: {_fields(event)}" if full else None
    else:
        e = event
    if e.private_to is not None and not full:
        return None
    text = texts()[type(e)](e, names)
    if text is None and full:
        return f"{e.TYPE}: {_fields(e.to_dict())}"
    return text


def _fields(d: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in d.items() if k != "type")


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


# --- one function per event type ------------------------------------------------------------------
def _game_started(e: ev.GameStarted, n: Names) -> str:
    opening = OPENINGS.get(e.mode or "", "New game: {players}")  # a mode's own (solo: against the Lich King)
    return opening.format(players=", ".join(e.players)) + (f" (seed {e.seed})." if n.seed else ".")


def _game_over(e: ev.GameOver, n: Names) -> str:
    if not e.winners:
        return "Game over. The Lich King wins."
    winners = " and ".join(n.player(i) for i in e.winners)
    return f"Game over. {winners} win{'s' if len(e.winners) == 1 else ''}."


def _units_revealed(e: ev.UnitsRevealed, n: Names) -> str:
    units = ", ".join(f"{n.card(c)} ({spot(s)})" for s, c in e.units) or "no new Unit"
    return f"{n.player(e.player)} reveals {units}."


def _card_discarded(e: ev.CardDiscarded, n: Names) -> str:
    return f"{n.card(e.card)} is discarded ({REASONS.get(e.reason, e.reason)})."


def _private_discard(e: ev.CardDiscarded, n: Names) -> str:
    return f"{n.player(e.player)} discards {n.card(e.card)} ({REASONS.get(e.reason, e.reason)})."


def _age_added(e: ev.AgeAdded, n: Names) -> str:
    return (f"{n.player(e.player)}'s {n.card(e.card)} +{e.amount}{AGE} ({n.cause(e.cause)}), "
            f"now {AGE}{e.total}.")


def _building_upgraded(e: ev.BuildingUpgraded, n: Names) -> str:
    how = f" for {GOLD}{e.gold}" if e.gold else ""
    return f"{n.player(e.player)} upgrades {n.cause(e.building)} to level 2{how} ({n.cause(e.cause)})."


def _war(e: ev.War, n: Names) -> str:
    a, b = e.strengths
    if len(e.players) == 1:  # a seat against a side that is not a seat (a mode's own foe)
        me = n.player(e.players[0])
        return f"{me} {STRENGTH}{a} vs {STRENGTH}{b}: " + (f"{me} wins." if e.winners else f"{me} loses.")
    i, j = e.players
    head = f"{n.player(i)} {STRENGTH}{a} vs {n.player(j)} {STRENGTH}{b}: "
    if e.wars_won is not None:  # 2 players: one double War
        won = e.wars_won
        parts = [f"{n.player(k)} wins {won[k]} War{'s' if won[k] != 1 else ''}" for k in (i, j) if won[k]]
        return head + (", ".join(parts) or "no winner") + "."
    w = e.winners or []
    return head + ("both win (tie)" if len(w) == 2 else f"{n.player(w[0])} wins" if w else "no winner") + "."


def _change(glyph: str) -> Callable[[Any, Names], str]:
    def text(e: Any, n: Names) -> str:
        return f"{n.player(e.player)} {_signed(e.amount)}{glyph} ({n.cause(e.cause)}), now {glyph}{e.total}."
    return text


def _units_aged(e: ev.UnitsAged, n: Names) -> str | None:
    return f"{n.player(e.player)}'s Units in play each gain 1{AGE}." if e.slots else None


# A mode's words: how its games open (by the mode's name) and the sentences of its own events, added
# by its module of text/ (`MODE_WORDS`, imported when the first event is told: not at the app's start)
# with `register_words`
MODE_WORDS = ("papertales_tui.text.solo",)
OPENINGS: dict[str, str] = {}
_TEXTS: dict[type, Callable[[Any, Names], str | None]] = {
    ev.GameStarted: _game_started,
    ev.TurnStarted: lambda e, n: f"— Turn {e.turn} —",
    ev.DeckReshuffled: lambda e, n: f"The discard pile is shuffled into a new draw pile ({e.cards} cards).",
    ev.GameOver: _game_over,
    ev.CardsDealt: lambda e, n: f"{n.player(e.player)} is dealt {n.card_list(e.cards)}.",
    ev.CardPicked: lambda e, n: f"{n.player(e.player)} takes {n.card(e.card)}.",
    ev.CardDiscarded: lambda e, n: (_private_discard if e.private_to is not None else _card_discarded)(e, n),
    ev.CardsPassed: lambda e, n: f"Cards passed to the {e.direction}.",
    ev.KeptCardReturned: lambda e, n: f"{n.player(e.player)} takes back the kept {n.card(e.card)}.",
    ev.UnitUnpaid: lambda e, n: f"{n.player(e.player)} cannot pay for {n.card(e.card)}: discarded.",
    ev.UnitDiscarded: lambda e, n: f"{n.player(e.player)} takes {n.card(e.card)} out of play (discarded, not a death).",
    ev.CardKept: lambda e, n: f"{n.player(e.player)} keeps {n.card(e.card)} for the next turn.",
    ev.UnitsRevealed: _units_revealed,
    ev.UnitReplaced: lambda e, n: f"{n.player(e.player)}'s {n.card(e.old)} becomes {n.card(e.new)}.",
    ev.ShapeshiftFailed: lambda e, n: f"{n.player(e.player)}'s Shapeshifter found nothing to become.",
    ev.AgeAdded: _age_added,
    ev.BuildingUpgraded: _building_upgraded,
    ev.WarStrength: lambda e, n: f"{n.player(e.player)} fights with {STRENGTH}{e.strength}.",
    ev.War: _war,
    ev.LpChanged: _change(LP),
    ev.GoldChanged: _change(GOLD),
    ev.ConstructionPassed: lambda e, n: f"{n.player(e.player)} builds nothing.",
    ev.BuildingBuilt: lambda e, n: (f"{n.player(e.player)} builds {n.cause(e.building)} at level {e.level} "
                                    f"for {GOLD}{e.gold}."),
    ev.UnitSaved: lambda e, n: f"{n.player(e.player)}'s Mystical Healer saves {n.card(e.card)}.",
    ev.UnitDied: lambda e, n: f"{n.player(e.player)}'s {n.card(e.card)} dies ({AGE}{e.age}).",
    ev.UnitsAged: _units_aged,
}


def register_words(mode: str, opening: str, sentences: dict[type, Callable[[Any, Names], str | None]] | None = None,
                   ) -> None:
    """A mode's words: how its games open ("{players}": the players' names) and its own events' sentences."""
    OPENINGS[mode] = opening
    _TEXTS.update(sentences or {})


@functools.cache
def texts() -> dict[type, Callable[[Any, Names], str | None]]:
    """Each event type's sentence, the modes' own words added (`MODE_WORDS`)."""
    for name in MODE_WORDS:
        importlib.import_module(name)
    return _TEXTS

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
from dataclasses import dataclass, field, replace
from typing import Any

from ..rules import events as ev
from ..rules.state import SLOT_NAMES
from .glyphs import AGE, ARMY_NAMES, GOLD, LP, STRENGTH, necropolis_label  # noqa: F401 (the narrator's too)
from .i18n import N_, Area

NARRATOR = Area("narrator")
_ = NARRATOR.gettext

REASONS = {"draft": N_("draft"), "not_deployed": N_("not deployed"),
           "shapeshift": N_("turned over by %(shapeshifter)s"), "make_room": N_("taken out of play")}
# The phases of a turn in words (rules/state.py Phase), also the causes of a gain that are not a card
PHASES = {"recruitment": N_("recruitment"), "deployment": N_("deployment"), "wars": N_("wars"),
          "income": N_("income"), "construction": N_("construction"), "aging": N_("aging"), "end": N_("end")}
STEP_WORDS = {"shapeshift": N_("shapeshift")}  # (rules/events.py STEP_CAUSES that are not phases)
SPOTS = (N_("Front 1"), N_("Front 2"), N_("Front 3"), N_("Back 1"), N_("Back 2"))  # SLOT_NAMES in words
assert len(SPOTS) == len(SLOT_NAMES)
NO_BREAK = "\u00a0"


@dataclass(frozen=True)
class Names:
    """What the narrator needs to name things: seats, card numbers, and card keys of every kind, each
    card by its name in the narrator's language (`Area.card_name`)."""

    players: tuple[str, ...]
    cards: tuple[str, ...]  # card number -> Unit name
    keys: dict[str, str]  # Unit, Building, Necropolis and Lich King card key -> name
    seed: bool = True  # name the game's seed (False during play unless a player typed it: it deals every card)
    feminine: frozenset[str] = field(default=frozenset())  # the names a sentence agrees with as feminine

    @classmethod
    def of(cls, game: Any) -> Names:
        """The names of a `Game` or of a `SeatView` (the screens'), which have the same `players`,
        `cards` and `mode`."""
        cat = game.catalog
        keys = {k: NARRATOR.card_name(c) for table in (cat.units, cat.buildings) for k, c in table.items()}
        keys |= {k: NARRATOR.card_name(c) for table in (cat.necropolis, cat.lich_king) for k, c in table.items()}
        feminine = frozenset(NARRATOR.card_name(c) for c in cat.units.values()
                             if NARRATOR.gender(c) == "feminine")
        seen = getattr(game, "state", game)
        return cls(tuple(p.name for p in seen.players), tuple(keys.get(k, k) for k in seen.cards), keys,
                   feminine=feminine)

    def unbroken(self) -> Names:
        """The same names with their spaces no-break spaces, for a screen that wraps the sentences: a
        name is never parted across two lines (tui/widgets.py `Prose`)."""
        def glued(name: str) -> str:
            return name.replace(" ", NO_BREAK)

        return replace(self, players=tuple(map(glued, self.players)), cards=tuple(map(glued, self.cards)),
                       keys={k: glued(v) for k, v in self.keys.items()},
                       feminine=frozenset(map(glued, self.feminine)))

    def player(self, i: Any) -> str:
        if isinstance(i, int) and 0 <= i < len(self.players):
            return self.players[i]
        return _("player %(number)s") % {"number": i}

    def card(self, c: Any) -> str:
        return self.cards[c] if isinstance(c, int) and 0 <= c < len(self.cards) else _("card %(number)s") % {
            "number": c}

    def card_list(self, cards: list[int]) -> str:
        return ", ".join(self.card(c) for c in cards) or _("nothing")

    def cause(self, key: str) -> str:
        """A card or Building key as its name; a step of the turn ("wars") as a word."""
        if key in self.keys:
            return self.keys[key]
        if key in STEP_WORDS:  # (a step of the turn that is not a phase: "shapeshift")
            return NARRATOR.marked(STEP_WORDS[key])
        return phase_name(key) if key in PHASES else key.replace("_", " ")

    def agree(self, card: str, masculine: str, feminine: str, **values: Any) -> str:
        """A sentence about the card named `card` (its `%(card)s`) in the form that agrees with the
        card's gender: `masculine` and `feminine` are the message looked up in each context
        (`pgettext("masculine", ...)`), the same message in languages that do not agree."""
        return (feminine if card in self.feminine else masculine) % {"card": card, **values}


def phase_name(phase: str) -> str:
    """A phase of the turn in words: "recruitment"."""
    return NARRATOR.marked(PHASES[phase]) if phase in PHASES else phase


def spot(slot: Any) -> str:
    """A spot of a Kingdom in words: "Front 1"."""
    if isinstance(slot, int) and 0 <= slot < len(SPOTS):
        return NARRATOR.marked(SPOTS[slot])
    return _("spot %(number)s") % {"number": slot}


def strength_part(part: dict[str, Any], names: Names) -> str:
    """One part of a `war_strength` event's strength in words: "Knight (Front 1)", "Barracks (level 1)"."""
    if "card" in part:
        return f"{names.cause(part['card'])} ({spot(part['spot'])})"
    return _("%(building)s (level %(level)s)") % {"building": names.cause(part["building"]), "level": part["level"]}


def and_list(items: list[str]) -> str:
    """"Ann and Bob" in the narrator's language (Babel's list patterns; English: "Ann and Bob and Cy")."""
    lang = NARRATOR.language()
    if lang == "en":
        return " and ".join(items)
    from babel.lists import format_list

    return format_list(items, locale=lang)


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
    opening = NARRATOR.marked(OPENINGS.get(e.mode or "", NEW_GAME))  # a mode's own (solo: against the Lich King)
    players = [n.players[k] if k < len(n.players) and n.players[k].replace(NO_BREAK, " ") == name else name
               for k, name in enumerate(e.players)]  # (as `n` writes them: `Names.unbroken`)
    opening = opening.format(players=", ".join(players))
    return _("%(opening)s (seed %(seed)s).") % {"opening": opening, "seed": e.seed} if n.seed else f"{opening}."


def _game_over(e: ev.GameOver, n: Names) -> str:
    if not e.winners:
        return _("Game over. The Lich King wins.")
    winners = and_list([n.player(i) for i in e.winners])
    return NARRATOR.ngettext("Game over. %(winners)s wins.", "Game over. %(winners)s win.",
                             len(e.winners)) % {"winners": winners}


def _units_revealed(e: ev.UnitsRevealed, n: Names) -> str:
    if not e.units:
        return _("%(player)s reveals no new Unit.") % {"player": n.player(e.player)}
    units = ", ".join(f"{n.card(c)} ({spot(s)})" for s, c in e.units)
    return _("%(player)s reveals %(units)s.") % {"player": n.player(e.player), "units": units}


def _reason(e: ev.CardDiscarded, n: Names) -> str:
    if e.reason not in REASONS:
        return e.reason
    return NARRATOR.marked(REASONS[e.reason]) % {"shapeshifter": n.cause("shapeshifter")}


def _card_discarded(e: ev.CardDiscarded, n: Names) -> str:
    return n.agree(n.card(e.card), NARRATOR.pgettext("masculine", "%(card)s is discarded (%(reason)s)."),
                   NARRATOR.pgettext("feminine", "%(card)s is discarded (%(reason)s)."), reason=_reason(e, n))


def _private_discard(e: ev.CardDiscarded, n: Names) -> str:
    return _("%(player)s discards %(card)s (%(reason)s).") % {
        "player": n.player(e.player), "card": n.card(e.card), "reason": _reason(e, n)}


def _age_added(e: ev.AgeAdded, n: Names) -> str:
    return _("%(player)s's %(card)s +%(amount)s◷ (%(cause)s), now ◷%(total)s.") % {
        "player": n.player(e.player), "card": n.card(e.card), "amount": e.amount, "cause": n.cause(e.cause),
        "total": e.total}


def _building_upgraded(e: ev.BuildingUpgraded, n: Names) -> str:
    values = {"player": n.player(e.player), "building": n.cause(e.building), "gold": e.gold,
              "cause": n.cause(e.cause)}
    if e.gold:
        return _("%(player)s upgrades %(building)s to level 2 for ¤%(gold)s (%(cause)s).") % values
    return _("%(player)s upgrades %(building)s to level 2 (%(cause)s).") % values


def _war(e: ev.War, n: Names) -> str:
    a, b = e.strengths
    if len(e.players) == 1:  # a seat against a side that is not a seat (a mode's own foe)
        values = {"player": n.player(e.players[0]), "strength": a, "foe": b}
        return (_("%(player)s ⚔%(strength)s vs ⚔%(foe)s: %(player)s wins.") if e.winners
                else _("%(player)s ⚔%(strength)s vs ⚔%(foe)s: %(player)s loses.")) % values
    i, j = e.players
    w = e.winners or []
    if e.wars_won is not None:  # 2 players: one double War
        won = e.wars_won
        parts = [NARRATOR.ngettext("%(player)s wins %(count)s War", "%(player)s wins %(count)s Wars", won[k])
                 % {"player": n.player(k), "count": won[k]} for k in (i, j) if won[k]]
        result = ", ".join(parts) or _("no winner")
    else:
        result = (_("both win (tie)") if len(w) == 2 else _("%(player)s wins") % {"player": n.player(w[0])} if w
                  else _("no winner"))
    return _("%(player)s ⚔%(strength)s vs %(other)s ⚔%(other_strength)s: %(result)s.") % {
        "player": n.player(i), "strength": a, "other": n.player(j), "other_strength": b, "result": result}


def _change(glyph: str) -> Callable[[Any, Names], str]:
    def text(e: Any, n: Names) -> str:
        return _("%(player)s %(amount)s%(glyph)s (%(cause)s), now %(glyph)s%(total)s.") % {
            "player": n.player(e.player), "amount": _signed(e.amount), "glyph": glyph, "cause": n.cause(e.cause),
            "total": e.total}
    return text


def _units_aged(e: ev.UnitsAged, n: Names) -> str | None:
    return _("%(player)s's Units in play each gain 1◷.") % {"player": n.player(e.player)} if e.slots else None


def _player_card(message: str) -> Callable[[Any, Names], str]:
    """A sentence about a player's card (`%(player)s`, `%(card)s`): "Ann takes Knight."."""
    def text(e: Any, n: Names) -> str:
        return NARRATOR.marked(message) % {"player": n.player(e.player), "card": n.card(e.card)}
    return text


def _gendered(masculine: Callable[[], str], feminine: Callable[[], str]) -> Callable[[Any, Names], str]:
    """A sentence about a player's card that agrees with the card's gender (`Names.agree`)."""
    def text(e: Any, n: Names) -> str:
        return n.agree(n.card(e.card), masculine(), feminine(), player=n.player(e.player))
    return text


def _cards_passed(e: ev.CardsPassed, n: Names) -> str:
    return _("Cards passed to the left.") if e.direction == "left" else _("Cards passed to the right.")


def _turn_started(e: ev.TurnStarted, n: Names) -> str:
    return _("— Turn %(turn)s —") % {"turn": e.turn}


def _deck_reshuffled(e: ev.DeckReshuffled, n: Names) -> str:
    return NARRATOR.ngettext("The discard pile is shuffled into a new draw pile (%(count)s card).",
                             "The discard pile is shuffled into a new draw pile (%(count)s cards).",
                             e.cards) % {"count": e.cards}


def _unit_replaced(e: ev.UnitReplaced, n: Names) -> str:
    return _("%(player)s's %(card)s becomes %(new)s.") % {"player": n.player(e.player), "card": n.card(e.old),
                                                          "new": n.card(e.new)}


def _shapeshift_failed(e: ev.ShapeshiftFailed, n: Names) -> str:
    return _("%(player)s's %(card)s found nothing to become.") % {"player": n.player(e.player),
                                                                  "card": n.cause("shapeshifter")}


def _building_built(e: ev.BuildingBuilt, n: Names) -> str:
    return _("%(player)s builds %(building)s at level %(level)s for ¤%(gold)s.") % {
        "player": n.player(e.player), "building": n.cause(e.building), "level": e.level, "gold": e.gold}


def _unit_saved(e: ev.UnitSaved, n: Names) -> str:
    return _("%(player)s's %(healer)s saves %(card)s.") % {
        "player": n.player(e.player), "healer": n.cause("mystical_healer"), "card": n.card(e.card)}


def _unit_died(e: ev.UnitDied, n: Names) -> str:
    return _("%(player)s's %(card)s dies (◷%(age)s).") % {"player": n.player(e.player), "card": n.card(e.card),
                                                          "age": e.age}


# A mode's words: how its games open (by the mode's name) and the sentences of its own events, added
# by its module of text/ (`MODE_WORDS`, imported when the first event is told: not at the app's start)
# with `register_words`
MODE_WORDS = ("papertales_tui.text.solo",)
OPENINGS: dict[str, str] = {}
NEW_GAME = N_("New game: {players}")  # (a mode without an opening of its own)
_TEXTS: dict[type, Callable[[Any, Names], str | None]] = {
    ev.GameStarted: _game_started,
    ev.TurnStarted: _turn_started,
    ev.DeckReshuffled: _deck_reshuffled,
    ev.GameOver: _game_over,
    ev.CardsDealt: lambda e, n: _("%(player)s is dealt %(cards)s.") % {"player": n.player(e.player),
                                                                      "cards": n.card_list(e.cards)},
    ev.CardPicked: _player_card(N_("%(player)s takes %(card)s.")),
    ev.CardDiscarded: lambda e, n: (_private_discard if e.private_to is not None else _card_discarded)(e, n),
    ev.CardsPassed: _cards_passed,
    ev.KeptCardReturned: _gendered(lambda: NARRATOR.pgettext("masculine", "%(player)s takes back the kept %(card)s."),
                                   lambda: NARRATOR.pgettext("feminine", "%(player)s takes back the kept %(card)s.")),
    ev.UnitUnpaid: _gendered(lambda: NARRATOR.pgettext("masculine", "%(player)s cannot pay for %(card)s: discarded."),
                             lambda: NARRATOR.pgettext("feminine", "%(player)s cannot pay for %(card)s: discarded.")),
    ev.UnitDiscarded: _gendered(
        lambda: NARRATOR.pgettext("masculine", "%(player)s takes %(card)s out of play (discarded, not a death)."),
        lambda: NARRATOR.pgettext("feminine", "%(player)s takes %(card)s out of play (discarded, not a death).")),
    ev.CardKept: _player_card(N_("%(player)s keeps %(card)s for the next turn.")),
    ev.UnitsRevealed: _units_revealed,
    ev.UnitReplaced: _unit_replaced,
    ev.ShapeshiftFailed: _shapeshift_failed,
    ev.AgeAdded: _age_added,
    ev.BuildingUpgraded: _building_upgraded,
    ev.WarStrength: lambda e, n: _("%(player)s fights with ⚔%(strength)s.") % {"player": n.player(e.player),
                                                                              "strength": e.strength},
    ev.War: _war,
    ev.LpChanged: _change(LP),
    ev.GoldChanged: _change(GOLD),
    ev.ConstructionPassed: lambda e, n: _("%(player)s builds nothing.") % {"player": n.player(e.player)},
    ev.BuildingBuilt: _building_built,
    ev.UnitSaved: _unit_saved,
    ev.UnitDied: _unit_died,
    ev.UnitsAged: _units_aged,
}


def register_words(mode: str, opening: str, sentences: dict[type, Callable[[Any, Names], str | None]] | None = None,
                   ) -> None:
    """A mode's words: how its games open ("{players}": the players' names; a message of the catalogs,
    marked N_, translated when told) and its own events' sentences."""
    OPENINGS[mode] = opening
    _TEXTS.update(sentences or {})


@functools.cache
def texts() -> dict[type, Callable[[Any, Names], str | None]]:
    """Each event type's sentence, the modes' own words added (`MODE_WORDS`)."""
    for name in MODE_WORDS:
        importlib.import_module(name)
    return _TEXTS

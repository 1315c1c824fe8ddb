"""What a bot knows: a Game rebuilt from one player's view, hidden cards left out or sampled.

A view shows other players' hands, drafts and kept cards, and the piles, only as counts. The bots
rebuild a `Game` from it so that they can use the engine's own arithmetic (strength, income,
construction options...) on what they see, and, for the hard bot, play the game on from a sample
of the hidden cards that is consistent with everything the player has seen.
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import Catalog
from ..engine import Game
from ..state import GameState

# Log events that put a known card into the discard pile, and the field that names it.
_TO_DISCARD = {"unit_died": "card", "unit_discarded": "card", "unit_unpaid": "card",
               "card_discarded": "card", "unit_replaced": "old",
               "underworld_discarded": "cards"}  # solo: the Underworld, a list of cards


def known_discards(view: dict[str, Any]) -> list[int]:
    """Cards the viewer saw go to the discard pile since it was last shuffled into the deck."""
    out: list[int] = []
    for e in view["log"]:
        if e["type"] == "deck_reshuffled":
            out = []
        else:
            field = _TO_DISCARD.get(e["type"])
            if field is not None and e.get(field) is not None:
                value = e[field]
                out.extend(value if isinstance(value, list) else [value])
    return out


def unseen_cards(view: dict[str, Any], player: int, discards: list[int]) -> list[int]:
    """Every card whose place the viewer does not know (other hands, drafts, kept cards, the piles)."""
    seen = set(discards)
    for i, pd in enumerate(view["players"]):
        seen.update(u["card"] for u in pd["slots"] if u is not None)
        if i == player:
            seen.update(pd["hand"])
            seen.update(pd["draft"])
            if pd["kept"] is not None:
                seen.add(pd["kept"])
    solo = view.get("solo")
    if solo is not None and isinstance(solo.get("underworld"), list):  # solo: the player put them there
        seen.update(solo["underworld"])
    return [c for c in range(len(view["cards"])) if c not in seen]


def hidden_cards(view: dict[str, Any], player: int) -> tuple[list[int], list[int]]:
    """(cards known to be in the discard pile, cards whose place is unknown), as `game_from_view`
    works them out: a search that samples one view many times can work them out once."""
    discards = known_discards(view)
    return discards, unseen_cards(view, player, discards)


def game_from_view(view: dict[str, Any], player: int, catalog: Catalog, rng: random.Random | None = None,
                   hidden: tuple[list[int], list[int]] | None = None) -> Game:
    """A Game built only from `view` (what `player` may see).

    Without `rng`, hidden zones are empty: good for computing anything about public Kingdoms and the
    player's own cards. With `rng`, hidden zones are filled with a random sample of the unseen cards
    (a determinization), so the game can be played on; other players' undisclosed decisions of the
    current step are dropped, to be made again. `hidden`: `hidden_cards(view, player)` if known.
    """
    discards: list[int] = []
    pool: list[int] = []
    if rng is not None:
        discards, unseen = hidden if hidden is not None else hidden_cards(view, player)
        pool = list(unseen)
        rng.shuffle(pool)

    def draw(n: int) -> list[int]:
        out = pool[len(pool) - n:] if n > 0 else []
        del pool[len(pool) - len(out):]
        return out

    players = []
    for i, pd in enumerate(view["players"]):
        pd = dict(pd)
        if i != player:
            pd["hand"] = draw(pd["hand"])
            pd["draft"] = draw(pd["draft"])
            kept = draw(1) if pd["kept"] else []
            pd["kept"] = kept[0] if kept else None
            pd["submitted"] = None
            pd["choices"] = []  # their Age-token choices are private; nobody waits for them here
        players.append(pd)
    data = dict(view)
    data["players"] = players
    data["deck"] = draw(view["deck"])
    data["discard"] = discards + draw(view["discard"] - len(discards))
    data["rng"] = None  # (the game's own generator is not seen: the sample's is set instead)
    data["log"] = []
    data["decisions"] = []
    if rng is not None and view.get("solo") is not None:
        data["solo"] = _solo_sample(view["solo"], catalog, rng)
    state = GameState.from_dict(data, random.Random(rng.random() if rng is not None else 0))
    if state.solo is not None and rng is not None:
        from ..solo import SoloGame

        return SoloGame(state, catalog)
    return Game(state, catalog)


def _solo_sample(solo: dict[str, Any], catalog: Catalog, rng: random.Random) -> dict[str, Any]:
    """The Lich King's side with each face-down Necropolis card drawn from its pile and the
    Underworld (known cards, unknown order) shuffled."""
    solo = dict(solo)
    piles = (1, 2, 3, 4, "end")
    solo["necropolis"] = [k if k is not None else rng.choice(sorted(c.key for c in catalog.necropolis.values()
                                                                    if c.pile == piles[i]))
                          for i, k in enumerate(solo["necropolis"])]
    underworld = list(solo["underworld"])
    rng.shuffle(underworld)
    solo["underworld"] = underworld
    return solo

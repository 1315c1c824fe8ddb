"""Card types as plain, immutable data: what the YAML loader produces and the engine reads.

The loader (`catalog.py`) validates YAML with Pydantic and converts it to these dataclasses, so the
hot path of the engine never touches Pydantic.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypedDict

RESOURCES = ("wood", "food", "ore")


class Params(TypedDict, total=False):
    """The parameters of a card's ability, quest condition or Lich King effect: each name has one
    type wherever it is used (`EFFECTS`, `QUEST_CONDITIONS` and `LICH_EFFECTS` say which an effect
    takes; a test checks they agree with this). A plain dict at run time."""

    age: int
    amount: int
    army: str  # "black", "purple" or "any"
    black: int
    max_cost: int
    min_age: int
    min_strength: int
    per: int
    phase: str  # one of PHASES
    purple: int
    resource: str  # one of RESOURCES, or "any"
    value: int

# When a card ability acts (its `phase:` in the YAML): not `state.Phase`, which says where a turn stands.
PHASES = ("deployment", "wars", "income", "construction", "aging", "end_of_game")

# Every effect kind the engine knows, with the parameters it takes (name -> type).
# The loader refuses any other kind or parameter; the engine has one handler per kind.
EFFECTS: dict[str, dict[str, type]] = {
    # Deployment (phase 2)
    "age_self": {"amount": int},  # reveal: +N Age on this Unit
    "age_other_units": {"amount": int},  # reveal: +N Age on each of your other Units
    "lp_per_level2_building": {"amount": int},  # reveal: LP per level-2 Building (end of phase)
    "upgrade_all_buildings": {},  # reveal: level-1 Buildings become level 2 for free (Golem)
    "shapeshift": {"max_cost": int},  # reveal: draw until a Unit costing <= max_cost (Shapeshifter)
    "age_one_unit": {"amount": int},  # reveal: +N Age on one Unit of your choice (Time Master)
    "age_one_unit_per_resource": {"resource": str},  # +1 Age per resource, all on one Unit
    # Wars (phase 3): strength
    "fight_from_back": {},
    "strength_if_produces": {"resource": str, "value": int},  # strength becomes value
    "strength_if_aged": {"value": int},  # strength becomes value with 1+ Age
    "strength_per_resource": {"resource": str, "amount": int},  # +amount per resource
    "cannot_fight_if_aged": {},
    "strength_per_own_age": {"amount": int},
    "strength_per_kingdom_age": {"amount": int},
    "strength_per_income": {"amount": int},  # Ogre: per Gold of this turn's Income
    # Wars (phase 3): scoring
    "lp_per_war_won": {"amount": int},
    "gold_per_war_won": {"amount": int},
    "lp_per_resource_per_war_won": {"resource": str, "amount": int},
    "lp_per_strong_unit": {"min_strength": int, "amount": int},
    "lp_per_resource": {"resource": str, "amount": int},
    "lp": {"amount": int},
    # Income (phase 4)
    "gold": {"amount": int},
    "gold_per_resource": {"resource": str, "amount": int},
    "gold_if_aged": {"amount": int},
    # Construction (phase 5)
    "gold_for_resource": {"resource": str},  # pay 1 Gold per missing resource ("any" = all kinds)
    "ignore_land_cost": {},
    # Aging (phase 6)
    "never_dies": {},
    "dies_at_age": {"min_age": int},
    "save_one_unit": {"age": int},  # Mystical Healer: save a Unit with exactly `age` Age tokens
    "lp_on_death": {"amount": int},
    "gold_per_own_age_on_death": {"amount": int},
    "lp_on_death_if_age": {"age": int, "amount": int},
    "lp_per_age_of_dying_units": {"amount": int},
    # End of game
    "lp_per_own_age": {"amount": int},
}

# Conditions a production entry may carry.
PRODUCTION_CONDITIONS = (None, "in_front", "aged", "per_own_age")


@dataclass(frozen=True, slots=True)
class Ability:
    effect: str
    phase: str
    reveal: bool = False
    params: Params = field(default_factory=lambda: Params())
    text: str = ""


@dataclass(frozen=True, slots=True)
class Production:
    resource: str
    count: int = 1
    condition: str | None = None  # see PRODUCTION_CONDITIONS


SHORT_NAME = 8  # the longest name a compact line takes whole: a longer one needs a `short` name
NAME_LANGUAGES = ("fr", "pl", "es")  # the languages a card may have an official name in (besides English)


@dataclass(frozen=True, slots=True)
class UnitType:
    key: str
    name: str
    copies: int
    cost: int
    strength: int | None
    produces: tuple[Production, ...] = ()
    abilities: tuple[Ability, ...] = ()
    source: str = ""  # file the card came from
    short: str = ""  # a unique short name (at most SHORT_NAME cells) where the name is longer
    names: tuple[tuple[str, str], ...] = ()  # (language, official name) where a source gives one
    genders: tuple[tuple[str, str], ...] = ()  # (language, "feminine") where that name is not masculine
    shorts: tuple[tuple[str, str], ...] = ()  # (language, short name) where the official name there is long

    @property
    def short_name(self) -> str:
        """The name in compact lines: the card's `short` name, else its name (short enough then)."""
        return self.short or self.name

    def short_in(self, lang: str) -> str:
        """The card's short name in `lang` (of its official name there), "" where it has none."""
        return dict(self.shorts).get(lang, "")

    def name_in(self, lang: str) -> str:
        """The card's official name in `lang`, else its (English) name."""
        return dict(self.names).get(lang, self.name)

    @property
    def every_name(self) -> tuple[str, ...]:
        """Its name and its official names in other languages (a search finds it by any)."""
        return (self.name, *(n for _, n in self.names))

    def has(self, effect: str) -> bool:
        return any(a.effect == effect for a in self.abilities)

    def ability(self, effect: str) -> Ability | None:
        for a in self.abilities:
            if a.effect == effect:
                return a
        return None


@dataclass(frozen=True, slots=True)
class BuildingLevel:
    level: int
    legend_points: int
    cost: tuple[str, ...]  # resources to produce: level 1 = to build, level 2 = to upgrade
    gold_alternative: int | None  # Temple: Gold that may be paid instead of this level's resources
    produces: tuple[Production, ...] = ()
    abilities: tuple[Ability, ...] = ()


@dataclass(frozen=True, slots=True)
class BuildingType:
    key: str
    name: str
    levels: tuple[BuildingLevel, BuildingLevel]  # index 0 = level 1, index 1 = level 2
    source: str = ""
    names: tuple[tuple[str, str], ...] = ()  # (language, official name) where a source gives one

    def level(self, n: int) -> BuildingLevel:
        return self.levels[n - 1]

    def name_in(self, lang: str) -> str:
        """The Building's official name in `lang`, else its (English) name."""
        return dict(self.names).get(lang, self.name)

    @property
    def every_name(self) -> tuple[str, ...]:
        """Its name and its official names in other languages (a search finds it by any)."""
        return (self.name, *(n for _, n in self.names))


# --- Solo mode (the Lich King) -------------------------------------------------------------------

PILES = (1, 2, 3, 4, "end")  # Necropolis piles, by the turn icon on the back

# Quest conditions on a printed Unit card, with their parameters. Printed strength only, and a
# production is counted whatever its condition (solo rules).
QUEST_CONDITIONS: dict[str, dict[str, type]] = {
    "strength_at_least": {"value": int},
    "strength_at_most": {"value": int},
    "cost_at_least": {"value": int},
    "cost_at_most": {"value": int},
    "produces": {"resource": str},  # a resource name or "any"
    "produces_nothing": {},
    "has_phase_ability": {"phase": str},  # a phase of PHASES
    "has_reveal": {},
    "no_ability": {},
}

# What a Lich King (difficulty) card adds for the whole game, with its parameters.
LICH_EFFECTS: dict[str, dict[str, type]] = {
    "underworld_quest": {},  # an extra quest (the card's `quest`), scored every Recruitment
    "lp_per_war_won": {"amount": int, "army": str},  # extra LP per War won by that army (black, purple, any)
    "lp_per_dying_units": {"amount": int, "per": int},  # `amount` LP per `per` Units dying in an Aging phase
    "lp_per_missing_building": {"amount": int},  # end of game: LP per Building the player lacks
    "army_strength": {"black": int, "purple": int},  # stronger armies every turn
}
LICH_EFFECTS_WITH_QUEST = ("underworld_quest",)


@dataclass(frozen=True, slots=True)
class Quest:
    condition: str  # a kind of QUEST_CONDITIONS
    params: Params
    lp: int  # LP per matching Underworld card
    text: str = ""


@dataclass(frozen=True, slots=True)
class NecropolisCard:
    key: str
    name: str
    pile: int | str  # 1-4 or "end"
    gain: int  # immediate gain (LP, once)
    black: int
    purple: int
    quest: Quest | None = None  # None only on END cards, whose quest would never be scored
    source: str = ""
    short: str = ""  # a unique short name (at most SHORT_NAME cells), for the Necropolis row short of room

    @property
    def short_name(self) -> str:
        return self.short or self.name


@dataclass(frozen=True, slots=True)
class LichKingCard:
    key: str
    name: str
    effect: str  # a kind of LICH_EFFECTS
    params: Params = field(default_factory=lambda: Params())
    quest: Quest | None = None
    text: str = ""
    source: str = ""


@dataclass(frozen=True, slots=True)
class Catalog:
    """All card types of a game: units (in deck order of types) and buildings; for solo games the
    Necropolis and Lich King cards."""

    units: dict[str, UnitType]
    buildings: dict[str, BuildingType]
    necropolis: dict[str, NecropolisCard] = field(default_factory=dict)
    lich_king: dict[str, LichKingCard] = field(default_factory=dict)

    def name_of(self, key: str) -> str:
        """The name of a card or Building key; any other key (a step of the turn: "wars") as words."""
        for table in (self.units, self.buildings, self.necropolis, self.lich_king):
            card = table.get(key)
            if card is not None:
                return card.name
        return key.replace("_", " ")

    def lich_source_name(self, key: str) -> str:
        """The name of a source of the Lich King's LP: a Necropolis or Lich King card key, or "wars"."""
        card = self.necropolis.get(key) or self.lich_king.get(key)
        return card.name if card is not None else key.capitalize()

    def deck_keys(self) -> list[str]:
        """One entry per physical unit card (copies expanded)."""
        return [u.key for u in self.units.values() for _ in range(u.copies)]

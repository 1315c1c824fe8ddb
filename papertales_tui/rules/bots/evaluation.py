"""A Kingdom's evaluation, worked out once and reused within a bot decision (and its playouts).

The engine's figures for a Kingdom (`Game.forecast`: strength, Income, each Unit's strength, what its
Wars and Aging abilities would score; `Game.resources`) depend only on what is in the Kingdom: each
spot's card and Age, and the Buildings with their levels. The bots ask for the same Kingdoms over
and over (every candidate deployment, every playout of the hard bot's search), so the figures are
remembered in the bot's memo, keyed by that content. A memo serves one game (card numbers mean the
same card types throughout) and is dropped after a turn or a search, which keeps it small: a large,
long-lived table would cost more in garbage-collector scans than it saves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ..effects import WAR_SCORING
from ..engine import Forecast, Game
from ..state import Player, Unit

T = TypeVar("T")

# the memo's tables of Kingdom figures, the Constructions they allow (see `Planner.building_plan`)
# and the numbers that stand for the Planner's contexts in the keys
TABLES = ("forecasts", "strengths", "resources", "builds", "contexts", "playout values")
WARS = (0, 2)  # the Wars won the bots ask scoring abilities for (they interpolate in between)


def kingdom_key(game: Game, player: int, slots: list[Unit | None],
                buildings: tuple[Any, ...] | None = None) -> tuple[Any, ...]:
    """What the Kingdom of `player` with these Units in its spots is made of: its spots as one number
    (card and Age of each; cards below 65,535 and Ages below 65,536) and its Buildings (`buildings`
    when the caller already has `tuple(sorted(buildings.items()))`). Numbers and strings only, so
    that the garbage collector has nothing to follow."""
    code = 0
    for u in slots:
        code = (code << 32) | (0 if u is None else ((u.card + 1) << 16) | u.age)
    if buildings is None:
        buildings = tuple(sorted(game.state.players[player].buildings.items()))
    return code, buildings


def aged_kingdom_key(game: Game, slots: list[Unit | None], buildings: tuple[Any, ...]) -> tuple[Any, ...]:
    """`kingdom_key` of the Kingdom after this turn's Aging: the Units that die gone, the others one
    Age older (as `Planner.survivors` makes it), without making it."""
    rules = game.rules
    code = 0
    for u in slots:
        code <<= 32
        if u is not None and u.age < rules[u.card].death_age:  # (a Unit that dies leaves its spot empty)
            code |= ((u.card + 1) << 16) | (u.age + 1)
    return code, buildings


def forecast(game: Game, player: int, memo: dict[Any, Any], slots: list[Unit | None] | None = None,
             buildings: tuple[Any, ...] | None = None) -> Forecast:
    """`game.forecast(player, WARS)` for the player's Kingdom with `slots` in its spots (default: as
    it is); `war_gains` is empty when the Kingdom has no Wars scoring ability. The result is shared:
    read it, never change it."""
    p = game.state.players[player]
    slots = p.slots if slots is None else slots
    key = kingdom_key(game, player, slots, buildings)
    known: Forecast | None = table(memo, "forecasts").get(key)
    return known if known is not None else new_forecast(game, player, memo, slots, key)


def new_forecast(game: Game, player: int, memo: dict[Any, Any], slots: list[Unit | None], key: Any) -> Forecast:
    """`forecast` of a Kingdom not in the memo yet (`key`: its `kingdom_key`)."""
    p = game.state.players[player]

    def compute() -> Forecast:  # (the resources come with it: remembered too)
        f, res = game.forecast_and_resources(player, WARS if _scores_wars(game, p) else ())
        table(memo, "resources")[key] = res
        return f

    return _remembered(table(memo, "forecasts"), key, p, slots, compute)


def unit_strengths(game: Game, player: int, memo: dict[Any, Any], slots: list[Unit | None],
                   buildings: tuple[Any, ...] | None = None) -> dict[int, int]:
    """`game.unit_strengths(player)` with `slots` in its spots: the printed strengths when no Unit
    has a strength modifier, the forecast's when it is known, else the cheaper figures alone (shared:
    read it, never change it)."""
    rules = game.rules
    if not any(u is not None and rules[u.card].strength_mods for u in slots):  # printed strengths
        return {slot: rules[u.card].strength for slot, u in enumerate(slots) if u is not None}
    key = kingdom_key(game, player, slots, buildings)
    f: Forecast | None = table(memo, "forecasts").get(key)
    if f is not None:
        return f.unit_strengths
    return _remembered(table(memo, "strengths"), key, game.state.players[player], slots,
                       lambda: game.unit_strengths(player))


def resources(game: Game, player: int, memo: dict[Any, Any], slots: list[Unit | None] | None = None,
              buildings: tuple[Any, ...] | None = None) -> dict[str, int]:
    """`game.resources(player)` with `slots` in its spots (shared: read it, never change it)."""
    p = game.state.players[player]
    slots = p.slots if slots is None else slots
    key = kingdom_key(game, player, slots, buildings)
    return _remembered(table(memo, "resources"), key, p, slots, lambda: game.resources(player))


def kingdom_tables(memo: dict[Any, Any]) -> dict[Any, Any]:
    """A new memo that shares `memo`'s tables of Kingdom figures, and only them: they depend on nothing
    but their keys, so a search can start from what earlier decisions of the turn worked out. Not the
    medium planner's values and plans: those also depend on the order in which they were worked out
    (a value is remembered for a set of Units, arranged from the first order it was asked in)."""
    return {name: table(memo, name) for name in TABLES}


CANONICAL = "canonical values"  # the memo's table of Kingdom values in the hard bot's playouts


def playout_tables(memo: dict[Any, Any]) -> dict[Any, Any]:
    """`kingdom_tables(memo)`, plus a table of the medium planner's Kingdom values shared by every
    memo made from `memo` this way: with it the planner works a value out from the Units in one order
    (`Planner.value`), so that it depends on its key only (the playouts' medium bots then differ
    from the medium bot only where two arrangements of the same Units tie). Not in solo: there the
    values depend on the armies each sample draws."""
    out = kingdom_tables(memo)
    out[CANONICAL] = table(memo, "playout values")  # (not under CANONICAL in `memo`: it is not a playout's)
    return out


def _remembered(table: dict[Any, Any], key: Any, p: Player, slots: list[Unit | None],
                compute: Callable[[], T]) -> T:
    """`table[key]`, else what `compute()` gives with `slots` put in `p`'s spots for the while."""
    value: T | None = table.get(key)
    if value is None:
        saved, p.slots = p.slots, slots
        try:
            value = table[key] = compute()
        finally:
            p.slots = saved
    return value


def table(memo: dict[Any, Any], name: str) -> dict[Any, Any]:
    """The memo's table of one kind of figures (made empty if missing)."""
    table = memo.get(name)
    if table is None:
        table = memo[name] = {}
    return table


def _scores_wars(game: Game, p: Player) -> bool:
    """Whether the Kingdom has a Wars scoring ability (if not, the engine can skip them)."""
    rules = game.rules
    for u in p.slots:
        if u is not None and rules[u.card].war_scoring:
            return True
    if not p.buildings:
        return False
    buildings = game.catalog.buildings
    return any(a.phase == "wars" and a.effect in WAR_SCORING
               for k, lv in p.buildings.items() for a in buildings[k].level(lv).abilities)

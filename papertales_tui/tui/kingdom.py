"""The one way a Kingdom is drawn: card tiles in a Front row and a Back row, Buildings beside.

Pure renderers first (no Textual): `tile_lines(spot, width)` draws one card tile, `spot_line` one
spot on a line, `compact_lines(kingdom, width)` a whole Kingdom in one or two lines and
`tile_form(kingdom, width)` as tiles. They take snapshots (`SpotView`, `KingdomView`) built by
`kingdom_views` from a seat's `SeatView` (`rules.observe`), never from the game: an
opponent's hand and kept card are only counts. The `Kingdom` widget holds a snapshot and redraws it
in the form its size allows.

Marks never rely on colour: NEW, ✝ dies (at Aging), ✚ a Mystical Healer could save it, ◷n Age.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, replace
from pathlib import Path

from rich.cells import cell_len
from rich.text import Text

from ..rules import BACK, FIFTH_SLOT, FRONT, SLOT_NAMES, Production, SeatView
from ..text.i18n import N_
from . import text as tx
from .board_i18n import _, card_name, ngettext, pgettext, short_name, styled, translated
from .language import colon
from .widgets import Lines

DIES = "✝"
SAVE = "✚"
LEGEND = (f"{DIES} dies at the coming Aging · {SAVE} a Mystical Healer can save it · NEW deployed this turn · "
          "Back row after |")  # (English: legend() in the screens' language)


def legend() -> str:
    """LEGEND in the screens' language."""
    return _("%(dies)s dies at the coming Aging · %(save)s a Mystical Healer can save it · %(new)s deployed this "
             "turn · Back row after |") % {"dies": DIES, "save": SAVE, "new": new_mark()}


def new_mark() -> str:
    """The mark of a Unit deployed this turn."""
    return _("NEW")
FRONT_ROW = FRONT
BACK_ROW = BACK


@dataclass(frozen=True, slots=True)
class SpotView:
    """A Unit in a spot, as everyone sees it."""

    spot: int
    card: int
    name: str
    cost: int
    strength: int  # as it counts now, modifiers included
    printed: int | None  # printed strength
    fights: bool  # counts in the War strength (Front, or fights from the Back)
    produces: tuple[Production, ...]
    age: int
    new: bool = False  # deployed this turn
    dies: bool = False  # dies at the coming Aging (unless saved)
    healable: bool = False  # a Mystical Healer of this Kingdom could save it
    short: str = ""  # the card's short name (compact lines); its name when empty


@dataclass(frozen=True, slots=True)
class KingdomView:
    """A Kingdom as a viewer may see it (an opponent's hand and kept card are counts only)."""

    player: int
    name: str
    spots: tuple[SpotView | None, ...]  # 5 entries: Front 1-3 (3 = the 5th spot), Back 1-2
    open_spots: tuple[int, ...]
    buildings: tuple[tuple[str, int], ...]  # (name, level)
    lp: int
    gold: int
    strength: int
    hand: int  # cards in hand
    kept: bool  # a card set aside for the next turn
    mark: str = ""  # e.g. "◀ left neighbour", "draft passes here"

    def units(self) -> list[SpotView]:
        return [s for s in self.spots if s is not None]


def kingdom_views(view: SeatView, new: dict[int, set[int]] | None = None) -> list[KingdomView]:
    """Every Kingdom as the view's seat may see it (`observe(game, None)`: a spectator). `new` gives,
    by player, the spots of the Units deployed this turn."""
    return [_view_of(view, i, (new or {}).get(i, set())) for i in range(len(view.players))]


def kingdom_view(view: SeatView, player: int, new: AbstractSet[int] = frozenset()) -> KingdomView:
    """One Kingdom as the view's seat may see it."""
    return _view_of(view, player, new)


def _view_of(view: SeatView, i: int, new: AbstractSet[int]) -> KingdomView:
    p = view.players[i]
    fighting = {label for label, _ in p.strength_parts}
    spots: list[SpotView | None] = []
    for slot, u in enumerate(p.slots):
        if u is None:
            spots.append(None)
            continue
        t = view.card(u.card)
        spots.append(SpotView(slot, u.card, card_name(t), t.cost, u.strength, t.strength,
                              f"{t.name} ({SLOT_NAMES[slot]})" in fighting, t.produces, u.age,
                              new=slot in new, dies=u.dies, healable=u.healable, short=short_name(t)))
    buildings = tuple((tx.building_name(view.catalog, k), v) for k, v in p.buildings)
    return KingdomView(i, p.name, tuple(spots), p.open_slots, buildings, p.lp, p.gold, p.strength, p.hand_count,
                       p.has_kept)


# --- pure renderers -------------------------------------------------------------------------------

def marks(spot: SpotView, words: bool = True, save_word: bool = True) -> Text:
    """Age tokens, NEW, dies and can-be-saved marks of a Unit (`words`: `✝ dies ✚save`; without
    `save_word`: `✝ dies ✚`; neither: `✝ ✚`)."""
    out = tx.age(spot.age)
    if spot.new:
        out.append(" " + new_mark(), style="bold green")
    if spot.dies:
        out.append(f" {DIES}" + (" " + _("dies") if words else ""), style="bold red")
        if spot.healable:
            out.append(f" {SAVE}" + (_("save") if words and save_word else ""), style="green")
    return out


def stats(spot: SpotView) -> Text:
    """Cost, strength as it counts now (printed one after a slash when it differs), resources."""
    out = Text.assemble(tx.gold(spot.cost), " ", tx.strength(spot.strength))
    if spot.printed is not None and spot.printed != spot.strength:
        out.append(f"/{spot.printed}", style="dim")
    if not spot.fights:
        out.append(" " + idle(), style="dim")
    if spot.produces:
        out.append(" ")
        out.append_text(tx.productions(spot.produces))
    return out


def idle() -> str:
    """The mark of a Unit that does not fight (in the Back row)."""
    return _("idle")


def _fit(text: Text, width: int) -> Text:
    text = text.copy()
    if text.cell_len > width:
        text.truncate(width, overflow="ellipsis")
    return text


def tile_lines(spot: SpotView | None, width: int, label: str = "", locked: bool = False) -> list[Text]:
    """One card tile, 5 lines of `width` cells: a frame with the spot's label, the name, the stats
    and the marks (or "empty" / "locked")."""
    inner = max(width - 2, 1)
    head = f"┌{label}" if label else "┌"
    top = Text(head + "─" * max(width - len(head) - 1, 0) + "┐", style="dim")
    if spot is None:
        body = [Text(_("locked") if locked else _("empty"), style="dim"), Text(), Text()]
    else:
        # `✝ dies ✚save` in words when the tile has room, else `✝ dies ✚`, else `✝ ✚`
        forms = (marks(spot, True), marks(spot, True, save_word=False), marks(spot, False))
        name = spot.name if cell_len(spot.name) <= inner else (spot.short or spot.name)  # (short, not cut)
        body = [Text(name, style="bold"), stats(spot), next((m for m in forms if m.cell_len <= inner), forms[-1])]
    out = [top]
    for line in body:
        line = _fit(line, inner)
        line.pad_right(inner - line.cell_len)
        out.append(Text.assemble(("│", "dim"), line, ("│", "dim")))
    out.append(Text("└" + "─" * (width - 2) + "┘", style="dim"))
    return out


def spot_line(spot: SpotView | None, width: int, locked: bool = False) -> Text:
    """One spot on one line: `Hunter ¤0 ⚔2 ✿ ◷1 ✝ dies`."""
    if spot is None:
        return Text(_("locked: needs a level-2 Building") if locked else _("— empty —"), style="dim")
    # `✝ dies ✚save` in words when there is room, else `✝ ✚`, then the card's short name, then
    # without the printed strength (`⚔8/4` becomes `⚔8`), then (longer words: French, Spanish) a Back
    # row Unit without its "idle" (not fighting from the Back row is the rule there)
    short = spot.short or spot.name
    quiet = replace(spot, printed=None, fights=spot.fights or spot.spot in BACK_ROW)
    for words, name, seen in ((True, spot.name, spot), (False, spot.name, spot), (False, short, spot),
                              (False, short, replace(spot, printed=None)), (False, short, quiet)):
        out = Text(name, style="bold")
        out.append(" ")
        out.append_text(stats(seen))
        out.append(" ")
        out.append_text(marks(spot, words))
        if out.cell_len <= width:
            break
    return _fit(out, width)


def unit_short(spot: SpotView, short: bool = False, brief: bool = False) -> Text:
    """A Unit in a compact line: `Hunter ⚔2◷1✝` (no ◷ without Age tokens; `short`: the card's short
    name, never a cut one). `brief`, for a player with whom there is no War when the table is short of
    rows: its name and whether it dies (`Hunter✝`); the Kingdom's strength is in its header."""
    out = Text(spot.short or spot.name if short else spot.name, style="bold")
    if not brief:
        out.append(f" {tx.STRENGTH}{spot.strength}")
        if spot.age:
            out.append_text(tx.age(spot.age))
    if spot.new:
        out.append(" " + new_mark(), style="bold green")
    if spot.dies:
        out.append(DIES, style="bold red")
    return out


def units_text(k: KingdomView, short: bool = False, rows: tuple[tuple[int, ...], ...] = (FRONT_ROW, BACK_ROW),
               brief: bool = False) -> Text:
    """Front Units, then `|` and the Back Units (of the `rows` given); an empty Front row is `—`."""
    units = [s for s in k.units() if any(s.spot in row for row in rows)]
    if not units:
        return Text(_("no Unit"), style="dim")
    front = [unit_short(s, short, brief) for s in units if s.spot in FRONT_ROW]
    back = [unit_short(s, short, brief) for s in units if s.spot in BACK_ROW]
    out = Text(" ").join(front) if front else Text("—", style="dim")
    if back:
        out.append(" | ", style="dim")
        out.append_text(Text(" ").join(back))
    return out


def header(k: KingdomView) -> Text:
    """Name, LP, Gold, strength; then, apart (` · `), the cards held out of sight (`held`)."""
    out = Text(k.name, style="bold")
    if k.mark:
        out.append(f" {k.mark}", style="italic")
    out.append(" ")
    out.append_text(tx.lp(k.lp))
    out.append(" ")
    out.append_text(tx.gold(k.gold))
    out.append(" ")
    out.append_text(tx.strength(k.strength))
    return with_held(out, k)


def held(k: KingdomView) -> str:
    """The cards a player holds out of sight, as counts: `5 in hand, 1 kept` (never next to the Units in
    play, which a colon introduces: `Cid ★3 ¤2 ⚔4: Knight ⚔4 · Mine 1 · 5 in hand`)."""
    hand = ngettext("%(count)s in hand", "%(count)s in hand", k.hand) % {"count": k.hand}
    return ", ".join([*([hand] if k.hand else []), *([_("1 kept")] if k.kept else [])])


def with_held(line: Text, k: KingdomView) -> Text:
    return Text.assemble(line, " · ", held(k)) if held(k) else line


def stats_header(k: KingdomView) -> Text:
    return header(replace(k, hand=0, kept=False))


def buildings_text(k: KingdomView) -> Text:
    if not k.buildings:
        return Text(_("no Building"), style="dim")
    return Text(", ".join(f"{name} {level}" for name, level in k.buildings))


NO_WAR = N_("(no War)")  # the mark of a player who is neither neighbour (table_marks): left out when short of room


def no_war() -> str:
    return translated(NO_WAR)


def without_no_war(k: KingdomView) -> KingdomView:
    return replace(k, mark="") if k.mark == no_war() else k


def compact_forms(k: KingdomView, short: bool = False) -> list[list[Text]]:
    """The Kingdom in 1, 2 and 3 lines: `header: Units · Buildings · held`; `header · Buildings · held` over the
    Units; the header, the Units, the Buildings; `header · Buildings` over the Front row and the Back
    row (`short`: the Units by their short names)."""
    units, head, built = units_text(k, short), stats_header(k), buildings_text(k)
    forms = [[with_held(Text.assemble(head, colon(), units, " · ", built), k)],
             [with_held(Text.assemble(head, " · ", built), k), Text.assemble("  ", units)],
             [head, Text.assemble("  ", units), with_held(Text.assemble("  ", built), k)]]
    if any(s.spot in FRONT_ROW for s in k.units()) and any(s.spot in BACK_ROW for s in k.units()):
        forms.append([with_held(Text.assemble(head, " · ", built), k),
                      Text.assemble("  ", units_text(k, short, (FRONT_ROW,))),
                      Text.assemble("  ", units_text(k, short, (BACK_ROW,)))])
    return forms


@dataclass(frozen=True, slots=True)
class Form:
    lines: list[Text]
    short: bool  # Units by their short names (when any differs)


def whole_forms(k: KingdomView, width: int) -> list[Form]:
    """The forms of the Kingdom that fit `width` whole, fewest lines first (full names before short
    names for the same number of lines)."""
    out = []
    for full, short in zip(compact_forms(k), compact_forms(k, short=True)):
        for form in (Form(full, False), Form(short, True)) if full != short else (Form(full, False),):
            if all(line.cell_len <= width for line in form.lines):
                out.append(form)
    return out


def compact_lines(k: KingdomView, width: int, lines: int = 1) -> list[Text]:
    """A Kingdom in `lines` lines (1: `header: Units · Buildings`, 2: `header · Buildings` over the
    Units, 3: header, Units, Buildings): whole with full names, else with the Units' short names, else
    without a "(no War)" mark (the neighbours keep theirs); cut only when nothing else fits."""
    for view in (k, without_no_war(k)):
        for form in whole_forms(view, width):
            if len(form.lines) == lines:
                return form.lines
    return [_fit(line, width) for line in compact_forms(without_no_war(k), short=True)[max(min(lines, 3), 1) - 1]]


def brief_form(k: KingdomView, width: int) -> Form | None:
    """A Kingdom with whom there is no War in one line, its Units by name only (`brief`), when it fits."""
    for short in (False, True):
        line = with_held(Text.assemble(stats_header(k), colon(), units_text(k, short, brief=True), " · ",
                                       buildings_text(k)), k)
        if line.cell_len <= width:
            return Form([line], short)
    return None


def table_lines(views: list[KingdomView], width: int, rows: int) -> list[list[Text]]:
    """The Kingdoms of a table, each whole in as few lines as it takes (short names rather than one
    more line); then, in the order given, full names and two lines each while they fit in `rows`.
    The "(no War)" marks are left out (all of them) when that saves lines or avoids a cut. Still
    taller than `rows` (6-7 players), the players with whom there is no War go on one line each,
    their Units by name only."""
    lines = _table_lines(views, width, rows)
    over = sum(len(out) for out in lines) - rows
    marked = any(no_war() in line.plain for out in lines for line in out)  # as the other lines
    for n, k in enumerate(views):
        if over <= 0:
            break
        if k.mark == no_war() and len(lines[n]) > 1:
            brief = brief_form(k if marked else without_no_war(k), width) or brief_form(without_no_war(k), width)
            if brief is not None:
                over -= len(lines[n]) - 1
                lines[n] = brief.lines
    return lines


def _table_lines(views: list[KingdomView], width: int, rows: int) -> list[list[Text]]:
    forms = [whole_forms(k, width) for k in views]
    plain = [whole_forms(without_no_war(k), width) for k in views]
    if not all(forms) or sum(len(f[0].lines) for f in forms) > sum(len(f[0].lines) for f in plain if f):
        forms = plain
    options = [f or [Form([_fit(line, width) for line in compact_forms(without_no_war(k), short=True)[-1]], True)]
               for k, f in zip(views, forms)]
    chosen = [f[0] for f in options]
    spare = rows - sum(len(c.lines) for c in chosen)
    better: Callable[[Form, Form], bool]
    for better in (lambda old, new: old.short and not new.short,
                   lambda old, new: len(old.lines) == 1 and len(new.lines) == 2):
        for n, choice in enumerate(options):
            new = next((f for f in choice if better(chosen[n], f) and len(f.lines) - len(chosen[n].lines) <= spare),
                       None)
            if new is not None:
                spare -= len(new.lines) - len(chosen[n].lines)
                chosen[n] = new
    return [c.lines for c in chosen]


def table_height(views: list[KingdomView], width: int, rows: int) -> int:
    return sum(len(lines) for lines in table_lines(views, width, rows))


def table_marks(n: int, me: int, passing: str | None = None) -> dict[int, str]:
    """How each other player sits from `me`: left neighbour (the next seat), right neighbour, or
    no War with them; `passing` ("left"/"right") marks who gets the cards of the draft."""
    out = {}
    left, right = (me + 1) % n, (me - 1) % n
    for j in range(n):
        if j == me:
            continue
        if n == 2:
            mark = _("opponent")
        elif j == left:
            mark = _("left")
        elif j == right:
            mark = _("right")
        else:
            out[j] = no_war()  # never gets the draft's cards: only a neighbour does
            continue
        if passing is not None and j == (left if passing == "left" else right):
            mark = _("%(side)s, gets your cards") % {"side": mark}
        out[j] = f"({mark})"
    return out


class KingdomTable(Lines):
    """Kingdoms in compact form, each whole in as few lines as it takes, more while they fit in `rows`
    (`table_lines`)."""

    DEFAULT_CSS = "KingdomTable { height: auto; padding: 0 1; }"

    def __init__(self, views: list[KingdomView], rows: int = 4, *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.views = list(views)
        self.rows = rows

    def on_mount(self) -> None:
        self.redraw()

    def on_resize(self) -> None:
        self.redraw()

    def show(self, views: list[KingdomView]) -> None:
        self.views = list(views)
        self.redraw()

    def redraw(self) -> None:
        width = self.content_region.width or (self.app.size.width - 2)
        self.set_lines([line for out in table_lines(self.views, width, self.rows) for line in out])


TILE_WIDTH = 18
AUTO_TILES_HEIGHT = 40  # a terminal this tall shows Kingdoms of automatic height as tiles
TILE_HEIGHT = 5


def tile_form(k: KingdomView, width: int) -> list[Text]:
    """The Kingdom as the table shows it: a header line, the Front row of tiles (with the 5th spot
    when open), the Back row, and the Buildings with their levels beside the Back row."""
    longest = max((cell_len(s.name) + 2 for s in k.units()), default=0)  # (a name whole: "Maîtresse du temps")
    tile = max(min(max(TILE_WIDTH, longest), width // 3), 8)
    front = [s for s in FRONT_ROW if s != FIFTH_SLOT or s in k.open_spots]
    rows = []
    for row in (front, list(BACK_ROW)):
        tiles = [tile_lines(k.spots[s], tile, tx.SPOT_KEYS[s]) for s in row]
        rows.append([Text("").join(parts) for parts in zip(*tiles)])
    side = [Text(_("Buildings"), style="bold")] + [Text(_("%(building)s level %(level)s") % {
        "building": name, "level": level}) for name, level in k.buildings]
    if not k.buildings:
        side.append(Text(pgettext("buildings", "none"), style="dim"))
    back = rows[1]
    room = width - back[0].cell_len - 2
    if room >= 10:
        back = [Text.assemble(line, "  ", _fit(side[n], room) if n < len(side) else "") for n, line in enumerate(back)]
        extra = []
    else:
        extra = [_fit(styled(_("Buildings: %(buildings)s"), buildings=buildings_text(k)), width)]
    return [_fit(header(k), width)] + [_fit(x, width) for x in rows[0] + back] + extra


def kingdom_lines(k: KingdomView, width: int, height: int | None = None) -> list[Text]:
    """The tile form when `height` allows it (11 lines), else the compact form in 2 lines or 1."""
    if height is None or height >= 1 + 2 * TILE_HEIGHT:
        return tile_form(k, width)
    return compact_lines(k, width, 2 if height >= 2 else 1)


# --- the widget -----------------------------------------------------------------------------------

class Kingdom(Lines):
    """A Kingdom snapshot, drawn as tiles when the widget is tall enough, else compact.

    `form` forces "tiles" or "compact"; by default the height decides. States show as CSS classes on
    the widget (`-dying` when a Unit dies at Aging, `-empty` without Units), styled in kingdom.tcss."""

    DEFAULT_CSS = (Path(__file__).parent / "kingdom.tcss").read_text(encoding="utf-8")

    def __init__(self, view: KingdomView | None = None, *, form: str = "auto", lines: int = 1,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.view = view
        self.form = form
        self.compact_height = lines

    def show(self, view: KingdomView | None) -> None:
        self.view = view
        self.redraw()

    def on_resize(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        width = self.size.width or (self.app.size.width if self.is_attached else 80)
        k = self.view
        if k is None:
            self.set_lines([])
            return
        self.set_class(any(s.dies for s in k.units()), "-dying")
        self.set_class(not k.units(), "-empty")
        if self.form == "tiles":
            lines = tile_form(k, width)
        elif self.form == "compact":
            lines = compact_lines(k, width, self.compact_height)
        else:
            lines = kingdom_lines(k, width, self.room())
        self.set_lines(lines)

    def room(self) -> int:
        """Lines this Kingdom may take: its fixed height, else tiles on a tall terminal only."""
        height = self.styles.height
        if height is not None and not height.is_auto and self.size.height:
            return self.size.height
        return 2 if self.app.size.height < AUTO_TILES_HEIGHT else 1 + 2 * TILE_HEIGHT

    def on_mount(self) -> None:
        self.redraw()

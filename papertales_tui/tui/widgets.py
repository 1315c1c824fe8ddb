"""Light widgets drawn line by line: only the lines that change are redrawn.

Textual's general widgets (Footer, OptionList, Static) rebuild and restyle much more than a line on
each change; the deployment board must answer a key almost as fast as a bare Textual app, so its
lists, texts and the key bar are made of these (the figures, and where stock widgets are used
instead: docs/screens.md, `benchmarks/bench_stock_widgets.py`).

- `Lines`: rows of Rich text, each cropped to the width.
- `TextBox`: a block of Rich text wrapped to the width (never at a no-break space: see `unbroken`).
- `Prose`: sentences to read, for any widget: wrapped between words, never inside a name.
- `RowList`: a list with a cursor (keys and mouse).
- `KeyBar`: the footer of the keys that apply now (clickable).
- `Notice`: a message line that takes no room while empty.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.measure import Measurement
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Input, Static

from ..text.i18n import N_
from .board_i18n import SCREENS, translated

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from rich.console import Console, ConsoleOptions, RenderResult
    from textual.dom import DOMNode
    from textual.geometry import Size
    from textual.screen import Screen
    from textual.widgets.option_list import Option

    from ..rules import SeatView


class Lines(Widget):
    """Rows of Rich text; `set_lines` redraws only the rows that differ."""

    DEFAULT_CSS = "Lines { height: auto; }"

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.lines: list[Text] = []
        self._base_style: Style | None = None
        self._strips: dict[tuple[object, ...], tuple[Text, Strip]] = {}  # (keep_strips)
        self._seen: dict[tuple[object, ...], Text] = {}  # (keep_strips) the lines shown, by content

    def notify_style_update(self) -> None:
        self._base_style = None
        self._strips.clear()
        super().notify_style_update()

    @property
    def base_style(self) -> Style:
        """The widget's Rich style, kept until its styles change (it is costly to work out)."""
        if self._base_style is None:
            self._base_style = self.rich_style
        return self._base_style

    def set_lines(self, lines: list[Text]) -> None:
        if self.keep_strips:  # a line equal to one drawn before is that one (and its strip is kept)
            lines = [self._interned(line) for line in lines]
        old, self.lines = self.lines, list(lines)
        if len(old) != len(self.lines):
            height = self.styles.height
            self.refresh(layout=height is None or height.is_auto)
            return
        for y, (a, b) in enumerate(zip(old, self.lines)):
            if a != b:
                self.refresh_row(y)

    def refresh_row(self, y: int) -> None:
        self.refresh(Region(0, y, self.size.width, 1))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max((line.cell_len for line in self.lines), default=0)

    def line_style(self, y: int) -> Style:
        return self.base_style

    keep_strips = False  # keep the strips drawn for lines shown again (the lines are never changed in place)

    def _interned(self, line: Text) -> Text:
        key = (line.plain, tuple(line.spans), line.style, line.end)
        if key not in self._seen:
            if len(self._seen) > 256:
                self._seen.clear()
            self._seen[key] = line
        return self._seen[key]

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        style = self.line_style(y)
        if y >= len(self.lines):
            return Strip.blank(width, self.base_style)
        text = self.lines[y]
        key = (id(text), style, width)
        if self.keep_strips and key in self._strips and self._strips[key][0] is text:
            return self._strips[key][1]
        strip = Strip(list(text.render(self.app.console)), text.cell_len)
        strip = strip.apply_style(style).crop_extend(0, width, style)
        if self.keep_strips:
            if len(self._strips) > 64:
                self._strips.clear()
            self._strips[key] = (text, strip)  # (the text kept alive: its id is not reused meanwhile)
        return strip


NO_BREAK = "\xa0"
HELD = "\ue000"  # stands in for a no-break space while Rich wraps (Rich breaks at any whitespace)
GLYPHS = "¤★◷⚔"  # the game's units: a number is never parted from its glyph ("3 ★", "★ 3")
_WITH_UNIT = re.compile(rf"(?<=\d) (?=[{GLYPHS}])|(?<=[{GLYPHS}]) (?=\d)")


def unbroken(name: str) -> str:
    """A name a TextBox (or `Prose`) keeps on one line (its spaces made no-break)."""
    return name.replace(" ", NO_BREAK)


def spot_names() -> list[str]:
    """The spots of a Kingdom as sentences name them ("Front 1", "Arrière 2"): each kept on one line."""
    from ..text.narrator import SPOTS, spot

    return [spot(slot) for slot in range(len(SPOTS))]


def kept_whole(text: str, names: Iterable[str]) -> str:
    """`text` with each of `names` in it unbroken (a sentence made elsewhere: the coach's, the review's)."""
    for name in sorted({n for n in names if " " in n}, key=len, reverse=True):
        text = text.replace(name, unbroken(name))
    return text


def wrap(text: Text, console: Console, width: int) -> list[Text]:
    """`text` wrapped to `width`, breaking lines at spaces but not at no-break spaces, nor between a number
    and its glyph. (Rich and Textual break lines at any whitespace, U+00A0 included: Textualize/rich#4196;
    the no-break spaces are held as a character that is not a space while Rich wraps.)"""
    plain = kept_whole(_WITH_UNIT.sub(NO_BREAK, text.plain), spot_names())
    if NO_BREAK not in plain:
        return list(text.wrap(console, width))
    held = text.copy()
    held.plain = plain.replace(NO_BREAK, HELD)  # same length: the styles stay in place
    lines = list(held.wrap(console, width))
    for line in lines:
        line.plain = line.plain.replace(HELD, " ")
    return lines


class Prose:
    """Sentences to read (a narrated event, the game log, the coach's hint, the review), wrapped to the
    width they are given between words, never inside a name (its spaces no-break: `unbroken`,
    `Names.unbroken`), a number and its glyph, or before the French no-break space of ":" and "?".

    A Rich renderable, not a Text: Textual turns a Text into its own Content, which also breaks at
    no-break spaces; this one is drawn by Rich, through `wrap`."""

    def __init__(self, text: Text | str, style: str = "") -> None:
        self.text = Text(text, style=style) if isinstance(text, str) else text

    @property
    def plain(self) -> str:
        return self.text.plain

    def lines(self, console: Console, width: int) -> list[Text]:
        """The lines it takes at `width`."""
        return wrap(self.text, console, max(width, 1))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines = self.lines(console, options.max_width)
        out = Text("\n").join(lines)
        out.end = self.text.end
        out.no_wrap = True  # (already wrapped: each line fits)
        out.overflow = "crop"
        yield out

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        plain = kept_whole(_WITH_UNIT.sub(NO_BREAK, self.text.plain), spot_names())
        widest = max((cell_len(line) for line in plain.splitlines()), default=0)
        words = re.split(r"[^\S\xa0]+", plain)  # (a glued name is one word)
        return Measurement(min(max((cell_len(w) for w in words), default=0), widest), widest)


class TextBox(Lines):
    """Rich text wrapped to the widget's width."""

    def __init__(self, text: Text | str = "", *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.text = Text(text) if isinstance(text, str) else text

    def on_resize(self) -> None:
        self.set_text(self.text, force=True)

    def set_text(self, text: Text | str, force: bool = False) -> None:
        text = Text(text) if isinstance(text, str) else text
        if not force and text == self.text and self.lines:
            return
        self.text = text
        width = self.size.width
        if width <= 0:
            return
        self.set_lines(wrap(text, self.app.console, width) if text.plain else [])


class RowList(Lines, can_focus=True):
    """A list of one-line rows with a cursor, under an optional title line and over footer lines.

    Keys: up/down/home/end move, Enter selects; a click highlights and selects. Disabled rows are
    skipped by the cursor. Posts `RowList.Highlighted` and `RowList.Selected` with the row index, and
    `RowList.Hovered` as the mouse goes over a row (None: off the rows), so that a card can be read
    without picking it. Given fewer lines than it has, its rows scroll between the title and the
    footer, the cursor always in sight, with Textual's scroll bar drawn in the last column (the mouse
    wheel scrolls them too).
    """

    DEFAULT_CSS = """
    RowList { height: 1fr; }
    RowList > .rowlist--cursor {
        background: $block-cursor-blurred-background;
        color: $block-cursor-blurred-foreground;
    }
    RowList:focus > .rowlist--cursor {
        background: $block-cursor-background;
        color: $block-cursor-foreground;
        text-style: bold;
    }
    RowList > .rowlist--disabled { color: $text-disabled; }
    """
    COMPONENT_CLASSES = {"rowlist--cursor", "rowlist--disabled"}
    BINDINGS = [
        Binding("up", "move(-1)", show=False),
        Binding("down", "move(1)", show=False),
        Binding("home", "jump(0)", show=False),
        Binding("end", "jump(-1)", show=False),
        Binding("enter", "select", show=False),
    ]

    class Highlighted(Message):
        def __init__(self, rowlist: RowList, index: int) -> None:
            super().__init__()
            self.rowlist, self.index = rowlist, index

        @property
        def control(self) -> RowList:
            return self.rowlist

    class Selected(Highlighted):
        pass

    class Hovered(Message):
        def __init__(self, rowlist: RowList, index: int | None) -> None:
            super().__init__()
            self.rowlist, self.index = rowlist, index

        @property
        def control(self) -> RowList:
            return self.rowlist

    hovered: int | None = None  # the row under the mouse

    def __init__(self, title: Text | str | list[Text] | None = None, *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        if isinstance(title, list):
            self.header = list(title)
        else:
            self.header = [Text(title, style="bold") if isinstance(title, str) else title] if title else []
        self.count = 0  # rows (the lines between the header and the footer)
        self._row_styles: dict[str, Style] = {}
        self.disabled_rows: set[int] = set()
        self.cursor = 0
        self.top = 0  # the first row shown, when they do not all fit (`shown`)

    def set_rows(self, rows: list[Text], disabled: set[int] | None = None, footer: Sequence[Text] = ()) -> None:
        """Replace the rows (and footer); only lines that differ are redrawn."""
        old_disabled, self.disabled_rows = self.disabled_rows, set(disabled or ())
        for y in old_disabled ^ self.disabled_rows:
            self.refresh_row(len(self.header) + y)
        self.count = len(rows)
        self.set_lines(self.header + list(rows) + list(footer))
        if self.count and (self.cursor >= self.count or self.cursor in self.disabled_rows):
            self.move_to(self._next_enabled(min(self.cursor, self.count - 1), 1, wrap=True))
        self.show_cursor()

    def refresh_cursor_row(self, y: int) -> None:
        self.refresh_row(len(self.header) + y)

    # --- scrolling, when the rows do not all fit ---
    def shown(self) -> int:
        """How many rows are shown (all of them, unless the widget is shorter than its lines)."""
        height = self.content_region.height
        if not height or len(self.lines) <= height:
            return self.count
        return max(height - (len(self.lines) - self.count), 1)

    def show_cursor(self) -> None:
        """Scroll (if the rows do not all fit) so that the cursor is in sight."""
        shown = self.shown()
        top = min(max(self.top, self.cursor - shown + 1), self.cursor, max(self.count - shown, 0))
        self.scroll_rows_to(top)

    def scroll_rows_to(self, top: int) -> None:
        top = min(max(top, 0), max(self.count - self.shown(), 0))
        if top != self.top:
            self.top = top
            self.refresh()

    def on_resize(self) -> None:
        self.show_cursor()

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        if self.shown() < self.count:
            event.stop()
            self.scroll_rows_to(self.top + 1)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        if self.shown() < self.count:
            event.stop()
            self.scroll_rows_to(self.top - 1)

    def row_at(self, y: int) -> int | None:
        """The row drawn at line `y` of the widget, if any."""
        y -= len(self.header)
        return self.top + y if 0 <= y < self.shown() and self.top + y < self.count else None

    def refresh_row(self, y: int) -> None:
        if self.shown() < self.count:  # scrolled: a line is not where its index says
            self.refresh()
        else:
            super().refresh_row(y)

    def render_line(self, y: int) -> Strip:
        shown = self.shown()
        if shown >= self.count:
            return super().render_line(y)
        header = len(self.header)
        if y < header:
            return super().render_line(y)
        if y >= header + shown:  # the footer, under the rows shown
            return super().render_line(y + self.count - shown)
        width = self.size.width
        line = super().render_line(self.top + y).crop(0, width - 1)
        return Strip.join([line, self.scroll_bar(y - header, shown)])

    def scroll_bar(self, y: int, shown: int) -> Strip:
        """Line `y` of the scroll bar beside the rows (Textual's own, in the theme's scroll bar colours)."""
        from textual.scrollbar import ScrollBarRender

        styles = self.styles
        back = self.background_colors[1] + styles.scrollbar_background
        bar = ScrollBarRender.render_bar(size=shown, virtual_size=self.count, window_size=shown, position=self.top,
                                         back_color=back.rich_color,
                                         bar_color=(back + styles.scrollbar_color).rich_color)
        segments = [s for s in bar.segments if s.text != "\n"]
        text, style, _ = segments[y]  # (without its meta: a click on it is a click on the list)
        plain = Style(color=style.color, bgcolor=style.bgcolor, reverse=style.reverse) if style is not None else None
        return Strip([Segment(text, plain)], 1)

    def _next_enabled(self, start: int, step: int, wrap: bool = False) -> int:
        n = self.count
        y = start
        for _ in range(n):
            if 0 <= y < n and y not in self.disabled_rows:
                return y
            y = (y + step) % n if wrap else y + step
            if not 0 <= y < n:
                break
        return self.cursor

    def move_to(self, y: int) -> None:
        if y == self.cursor or not 0 <= y < self.count:
            return
        old, self.cursor = self.cursor, y
        self.refresh_cursor_row(old)
        self.refresh_cursor_row(y)
        self.show_cursor()
        self.post_message(self.Highlighted(self, y))

    def action_move(self, step: int) -> None:
        self.move_to(self._next_enabled(self.cursor + step, step))

    def action_jump(self, where: int) -> None:
        self.move_to(self._next_enabled(where % max(self.count, 1), 1 if where >= 0 else -1))

    def action_select(self) -> None:
        if 0 <= self.cursor < self.count and self.cursor not in self.disabled_rows:
            self.post_message(self.Selected(self, self.cursor))

    def on_click(self, event: events.Click) -> None:
        y = self.row_at(event.y)
        if y is not None and y not in self.disabled_rows:
            self.focus()
            self.move_to(y)
            self.post_message(self.Selected(self, y))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self.hover(self.row_at(event.y))

    def on_leave(self, event: events.Leave) -> None:
        self.hover(None)

    def hover(self, row: int | None) -> None:
        if row != self.hovered:
            self.hovered = row
            self.post_message(self.Hovered(self, row))

    def on_focus(self) -> None:
        self.refresh_cursor_row(self.cursor)

    def on_blur(self) -> None:
        self.refresh_cursor_row(self.cursor)

    def line_style(self, y: int) -> Style:
        row = y - len(self.header)
        if not 0 <= row < self.count:
            return self.base_style
        if row == self.cursor:
            return self.row_style("rowlist--cursor" if self.has_focus else "rowlist--cursor-blurred")
        if row in self.disabled_rows:
            return self.row_style("rowlist--disabled")
        return self.base_style

    def row_style(self, name: str) -> Style:
        """The base style with a component class's, kept until the styles change (Textual works it
        out again after every refresh, which costs more than drawing the line)."""
        if name not in self._row_styles:
            self._row_styles[name] = self.base_style + self.get_component_rich_style(
                name.removesuffix("-blurred"))
        return self._row_styles[name]

    def notify_style_update(self) -> None:
        self._row_styles.clear()
        super().notify_style_update()


# When the keys do not fit on one line: shorter labels first, then these actions are left out (the
# help, F1, lists every key).
SHORT_LABELS = {N_("Help/Cards/Log/Scores"): N_("Help"), N_("Save as"): N_("Save"), N_("Learn a card"): N_("Learn")}
# still short of room (the deployment's keys in French, Polish, Spanish), before a key loses its words
SHORTER_LABELS = {N_("Confirm"): N_("OK"), N_("Hint"): N_("Tip")}


def short_labels() -> dict[str, str]:
    """SHORT_LABELS in the screens' language (the key bar's labels are: tui/language.py)."""
    return SHORT_LABELS | {translated(long): translated(short) for long, short in SHORT_LABELS.items()}
OPTIONAL_ACTIONS = ("save_as",)


class KeyBar(Lines):
    """The keys that apply now, on one line; a binding group (e.g. 1-5) shows once."""

    DEFAULT_CSS = """
    KeyBar { height: 1; dock: bottom; background: $panel; }
    """
    keep_strips = True  # its lines come back as the keys change back (`drawn`)
    stale = False  # the keys changed since the line was worked out

    def render_line(self, y: int) -> Strip:
        if self.stale:
            self.stale = False
            self.lines = [self.keys_line()]
        return super().render_line(y)

    def __init__(self) -> None:
        super().__init__()
        self.spans: list[tuple[int, int, DOMNode, str]] = []  # (start, end, namespace, action)
        self.unsaid: list[str] = []  # the keys shown without their words (short of room)
        # (width, screen's keybar_key) -> line and spans
        self.drawn: dict[tuple[object, ...], tuple[Text, list[tuple[int, int, DOMNode, str]], list[str]]] = {}

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed, immediate=True)
        self.bindings_changed(self.screen)

    def on_resize(self) -> None:
        self.bindings_changed(self.screen)

    def bindings_changed(self, screen: Screen[object]) -> None:
        if screen is not self.screen:
            return
        key = getattr(screen, "keybar_key", None)  # a screen that knows what its keys depend on
        if key is None:  # worked out when drawn: the changes before a redraw (mount, size, focus) cost one
            self.stale = True
            self.refresh()
            return
        key = (self.size.width, SCREENS.language(), key)
        if key not in self.drawn:
            if len(self.drawn) > 32:
                self.drawn.clear()
            self.drawn[key] = (self.keys_line(), self.spans, self.unsaid)
        line, self.spans, self.unsaid = self.drawn[key]
        self.set_lines([line])

    def entries(self) -> list[tuple[str, str, DOMNode, str, list[tuple[str, str]]]]:
        """(key, label, namespace, action, members) of the keys to show; a group's members are its
        (description, action) pairs, each clickable on its own word (a browser or a touch screen has no F3)."""
        out = []
        seen_actions: set[str] = set()
        seen_groups: set[object] = set()
        active = list(self.screen.active_bindings.values())
        for namespace, binding, enabled, _ in active:
            if not binding.show or not enabled or binding.action in seen_actions:
                continue
            seen_actions.add(binding.action)
            group = binding.group
            if group is not None:
                if group in seen_groups:
                    continue
                seen_groups.add(group)
                members = [b for _, b, on, _ in active if b.group is group and on and b.show]
                key = group_keys([b.key for b in members])
                label = group.description or "/".join(b.description for b in members)
                parts = [(b.description, b.action) for b in members]
            else:
                key, label, parts = self.app.get_key_display(binding), binding.description, []
            out.append((key, label, namespace, binding.action, parts))
        return out

    def keys_line(self) -> Text:
        width = self.size.width or self.app.size.width
        entries = self.entries()
        shorter = short_labels()
        fits = [entries, [(k, shorter.get(label, label), n, a, p) for k, label, n, a, p in entries]]
        fits.append([e for e in fits[1] if e[3] not in OPTIONAL_ACTIONS])
        fits.append([(k.replace("Ctrl+", "^"), label, n, a, p) for k, label, n, a, p in fits[2]])
        shortest = {translated(long): translated(short) for long, short in SHORTER_LABELS.items()}
        fits.append([(k, shortest.get(label, label), n, a, p) for k, label, n, a, p in fits[3]])
        # still too long (a language whose words run long): the last keys (the app's own) without their
        # words, one more at a time (the help, F1, lists every key)
        last = fits[-1]
        fits += [[(k, "" if i >= cut else label, n, a, p) for i, (k, label, n, a, p) in enumerate(last)]
                 for cut in range(len(last) - 1, -1, -1)]
        for choice in fits:
            line, spans = self.render_keys(choice)
            if line.cell_len <= width:
                break
        self.spans = spans
        self.unsaid = [k for k, label, *_ in choice if not label]  # keys shown without their words
        return line

    @staticmethod
    def render_keys(entries: Sequence[tuple[str, str, DOMNode, str, list[tuple[str, str]]]],
                    ) -> tuple[Text, list[tuple[int, int, DOMNode, str]]]:
        out = Text(" ", no_wrap=True, overflow="ellipsis")
        spans = []
        for key, label, namespace, action, parts in entries:
            start = out.cell_len
            out.append(key, style="bold reverse")
            if label:
                out.append(" ")
            if parts and label == "/".join(d for d, _ in parts):  # not shortened: each word its own action
                for k, (description, member) in enumerate(parts):
                    spans.append((out.cell_len, out.cell_len + len(description), namespace, member))
                    out.append(description + ("/" if k < len(parts) - 1 else ""))
            else:
                out.append(label)
            out.append(" ")
            spans.append((start, out.cell_len, namespace, action))
        out.rstrip()
        return out, spans

    async def on_click(self, event: events.Click) -> None:
        event.stop()  # the key bar's own: a screen that continues on any click (the hand-off) must not see it
        for start, end, namespace, action in self.spans:
            if start <= event.x < end:
                await self.app.run_action(action, namespace)
                return


def group_keys(keys: list[str]) -> str:
    """`1-5` for a run of digits (`f1-f4` for function keys), else the keys joined by slashes."""
    if len(keys) > 1 and all(k.isdigit() for k in keys):
        return f"{keys[0]}-{keys[-1]}"
    if len(keys) > 1 and all(k[0] == "f" and k[1:].isdigit() for k in keys):
        return f"{keys[0]}-{keys[-1]}"
    return "/".join(keys)


def option_key(option: Option) -> str:
    """The id of an OptionList option: ours all have one (Textual types it as optional)."""
    assert option.id is not None, "an option without an id"
    return option.id


class Notice(Static):
    """A one-line message (refusals, hints) that takes no room while empty."""

    DEFAULT_CSS = """
    Notice { height: auto; display: none; color: $error; padding: 0 1; }
    """

    def say(self, message: str) -> None:
        self.update(Text(message))  # literal: messages quote card and player names
        self.display = bool(message)


class NecropolisRow(Lines):
    """Solo games: the Necropolis row and the Lich King's LP (`views.necropolis_lines`), fitted to
    the widget's width."""

    DEFAULT_CSS = """
    NecropolisRow { height: 6; padding: 0 1; background: $boost; }
    """

    def __init__(self, view: SeatView, turn: int | None = None, *, lich_lp: int | None = None,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.view = view
        self.turn = turn  # the turn whose armies the heading shows (default: the current one)
        self.lich_lp = lich_lp  # the Lich King's LP as of a summary page (None: now)

    def on_resize(self) -> None:
        self.refresh_row_cards()

    def refresh_row_cards(self) -> None:
        from . import views

        if self.size.width > 0:
            self.set_lines(views.necropolis_lines(self.view, self.content_region.width, self.turn, self.lich_lp))


class TextInput(Input):
    """A text field that shows what is pasted into it literally: its control characters, bidi
    overrides and such arrive as their escapes (`\\x1b`), never raw on the terminal (keys typed
    cannot insert them; a paste can), and the field posts `Escaped` (the New game form then refuses
    the name until the escapes are retyped). As Textual's Input, only the first line of a paste is kept."""

    class Escaped(Message):
        """A paste held `problem` ("a control character (U+0001)", its first such character);
        `escapes`: how each such character now reads in the field (`\\x01`), the first first."""

        def __init__(self, field: TextInput, problem: str, escapes: tuple[str, ...]) -> None:
            super().__init__()
            self.field, self.problem, self.escapes = field, problem, escapes

    def _on_paste(self, event: events.Paste) -> None:
        from ..rules import literal, unsafe, unsafe_problem

        event.prevent_default()  # (Input's own handler would insert the raw text too)
        event.stop()
        lines = event.text.splitlines()
        if not lines:
            return
        problem = unsafe_problem(lines[0])
        if problem:
            escapes = tuple(dict.fromkeys(literal(ch) for ch in lines[0] if unsafe(ch)))  # the first first
            self.post_message(self.Escaped(self, problem, escapes))
        line = literal(lines[0])
        if self.selection.is_empty:
            self.insert_text_at_cursor(line)
        else:
            self.replace(line, *self.selection)

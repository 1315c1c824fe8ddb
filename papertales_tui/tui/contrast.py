"""Every text at WCAG AA's 4.5:1 contrast on its background, in colour and without.

In colour, the terminal's red "⚔2" (the ANSI theme's) stood at 1.1:1 on the blue cursor row and
4.5:1 just short on the screen's background: `ReadableColor` lightens (on a light background,
darkens) a text's colour just as far as AA needs, after every other filter, so the cursor and
highlighted rows, the header and the key bar keep their tints where they can and read everywhere.
With NO_COLOR, Textual draws every colour as a grey of the same brightness; a dark red "⚔2" then
becomes a dark grey on a darker one (1.5:1). `ReadableMonochrome` keeps Textual's greys but moves a
text's grey away from its background until the pair reaches AA. `unreadable` lists what a rendered
screen draws below AA (the tests walk the app's screens with it)."""

from __future__ import annotations

from functools import lru_cache

from rich.color import Color as RichColor
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import LineFilter, Monochrome, monochrome_style
from textual.strip import Strip

AA = 4.5  # WCAG 2 AA, normal text
MARGIN = 6  # a 256-colour terminal draws the nearest of its greys (10 apart): AA must hold 5 levels off too


def luminance(color: Color) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""

    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(color.r) + 0.7152 * channel(color.g) + 0.0722 * channel(color.b)


def contrast(a: Color, b: Color) -> float:
    """WCAG 2 contrast ratio, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _grey(g: int) -> Color:
    g = min(max(g, 0), 255)
    return Color(g, g, g)


@lru_cache(256)
def readable_grey(grey: int, background: int) -> int:
    """The grey nearest to `grey` with AA contrast on the grey `background` (lighter on a dark one),
    with both `MARGIN` levels nearer each other (as a 256-colour terminal may draw them)."""
    back = _grey(background)
    step = 1 if contrast(_grey(255), back) >= contrast(_grey(0), back) else -1  # towards the better end

    def readable(g: int) -> bool:
        toward = 1 if g < background else -1  # both drawn MARGIN levels nearer each other
        return contrast(_grey(g + toward * MARGIN), _grey(background - toward * MARGIN)) >= AA

    g = grey
    while 0 <= g + step <= 255 and not readable(g):
        g += step
    return g


@lru_cache(1024)
def readable_style(style: Style, background: Color) -> Style:
    mono = monochrome_style(style)
    fg, bg = mono.color, mono.bgcolor
    if fg is None or fg.triplet is None:
        return mono
    back = Color.from_rich_color(bg).monochrome if bg is not None and bg.triplet is not None else background.monochrome
    if mono.reverse:  # the colours swap on screen: keep the text (the background colour) readable instead
        return mono
    grey = readable_grey(fg.triplet.red, back.r)
    if grey == fg.triplet.red:
        return mono
    return mono + Style(color=RichColor.from_rgb(grey, grey, grey))


WHITE, BLACK = Color(255, 255, 255), Color(0, 0, 0)


@lru_cache(4096)
def in_256(color: Color) -> Color:
    """`color` as a 256-colour terminal draws it: the nearest of xterm's 256 (Rich's downgrade)."""
    from rich.color import ColorSystem

    triplet = RichColor.from_rgb(color.r, color.g, color.b).downgrade(ColorSystem.EIGHT_BIT).get_truecolor()
    return Color(triplet.red, triplet.green, triplet.blue)


def readable_everywhere(text: Color, background: Color) -> bool:
    """`text` at AA on `background` in truecolour, and still when a 256-colour terminal draws both as
    its nearest colours (a lift of a few levels can fall back to a colour below AA: xterm 130)."""
    return contrast(text, background) >= AA and contrast(in_256(text), in_256(background)) >= AA


def readable_color(text: Color, background: Color) -> Color:
    """`text`, blended towards white (black on a light background) just as far as AA needs on `background`,
    in truecolour and in 256 colours."""
    if readable_everywhere(text, background):
        return text
    end = WHITE if contrast(WHITE, background) >= contrast(BLACK, background) else BLACK
    for step in range(1, 20):
        tint = text.blend(end, step / 20)
        if readable_everywhere(tint, background):
            return tint
    return end


@lru_cache(4096)
def readable_color_style(style: Style, background: RichColor) -> Style:
    fg, bg = style.color, style.bgcolor
    back = bg if bg is not None and bg.triplet is not None else background
    if fg is None or fg.triplet is None or back.triplet is None:
        return style
    text, under = (back, fg) if style.reverse else (fg, back)  # reversed: the text has the background's colour
    seen, ground = Color.from_rich_color(text), Color.from_rich_color(under)
    tint = readable_color(seen, ground)
    if tint == seen:
        return style
    return style + (Style(bgcolor=tint.rich_color) if style.reverse else Style(color=tint.rich_color))


class ReadableColor(LineFilter):
    """After Textual's filters (its ANSI colours in truecolour, dim as a blend): every text at AA."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        back = background.rich_color
        out = segments  # (a new list only when a segment changes: most lines are readable as they are)
        for i, (text, style, control) in enumerate(segments):
            new = readable_color_style(style, back) if style is not None else None
            if new is not style or control is not None:
                if out is segments:
                    out = list(segments)
                out[i] = Segment(text, new, None)
        return out


class ReadableMonochrome(Monochrome):
    """Textual's NO_COLOR filter, with every text at AA contrast on its background."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [Segment(text, readable_style(style, background) if style is not None else None, None)
                for text, style, _ in segments]


def drawn_pairs(strips: list[Strip]) -> dict[tuple[Color, Color], str]:
    """Each (text colour, background) pair drawn in these strips (a screen as the compositor renders
    it, after the app's filters), with some text drawn in it; blank cells and reversed styles as seen."""
    out: dict[tuple[Color, Color], str] = {}
    for strip in strips:
        for text, style, control in strip:
            if control or style is None or not text.strip():
                continue
            fg, bg = style.color, style.bgcolor
            if fg is None or bg is None or fg.triplet is None or bg.triplet is None:
                continue
            pair = (Color.from_rich_color(fg), Color.from_rich_color(bg))
            if style.reverse:
                pair = pair[::-1]
            out.setdefault(pair, text.strip())
    return out


def unreadable(strips: list[Strip], least: float = AA, colors: int = 0) -> list[tuple[float, str, Color, Color]]:
    """The texts drawn below `least` contrast: (ratio, a text, its colour, its background); `colors=256`:
    as a 256-colour terminal draws them (each colour its nearest of xterm's 256)."""
    out = []
    for (fg, bg), text in drawn_pairs(strips).items():
        if colors == 256:
            fg, bg = in_256(fg), in_256(bg)
        if contrast(fg, bg) < least:
            out.append((round(contrast(fg, bg), 2), text, fg, bg))
    return sorted(out)

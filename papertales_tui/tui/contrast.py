"""NO_COLOR: Textual draws every colour as a grey of the same brightness; a dark red "⚔2" then
becomes a dark grey on a darker one (1.5:1). `ReadableMonochrome` keeps Textual's greys but moves a
text's grey away from its background until the pair reaches WCAG AA's 4.5:1 contrast."""

from __future__ import annotations

from functools import lru_cache

from rich.color import Color as RichColor
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import Monochrome, monochrome_style

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


class ReadableMonochrome(Monochrome):
    """Textual's NO_COLOR filter, with every text at AA contrast on its background."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [Segment(text, readable_style(style, background) if style is not None else None, None)
                for text, style, _ in segments]

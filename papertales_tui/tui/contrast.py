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


@lru_cache(256)
def readable_grey(grey: int, background: int) -> int:
    """The grey nearest to `grey` with AA contrast on the grey `background` (lighter on a dark one)."""
    bg = Color(background, background, background)
    if contrast(Color(grey, grey, grey), bg) >= AA:
        return grey
    step = 1 if luminance(bg) < 0.18 else -1
    g = grey
    while 0 <= g + step <= 255 and contrast(Color(g, g, g), bg) < AA:
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

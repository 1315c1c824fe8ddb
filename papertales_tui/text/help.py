"""The help's words: How to play (docs/how-to-play.md), the rulings (docs/rulings.md) and the cards'
ability texts (each `text:` of cards/*.yaml), through the gettext catalogs like every other message.

These messages are written in data files, not in the code: pyproject's Babel mappings extract them with
the two methods below (a message per heading, paragraph or list item of a Markdown file; a message per
`text:` of a card file), and the help shows each one in its language with `HELP.translated`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import IO, Any

import yaml

from .i18n import Area

HELP = Area("help")

_ITEM = re.compile(r"(?P<prefix>(?:[-*]|\d+\.) )(?P<text>.*)")


@dataclass(frozen=True)
class Block:
    """A heading, a paragraph or a list item of a Markdown file: one message (its lines joined)."""

    prefix: str  # "## ", "- ", "1. " or "" (a paragraph)
    text: str
    line: int  # where it starts (1-based)
    gap: bool  # a blank line before it


def blocks(markdown: str) -> list[Block]:
    """The messages of a Markdown file of the help: headings, paragraphs and list items (with their
    indented continuation lines)."""
    out: list[Block] = []
    gap, open_block = True, False
    for n, line in enumerate(markdown.splitlines(), 1):
        stripped = line.strip()
        item = _ITEM.fullmatch(line)
        if not stripped:
            gap, open_block = True, False
        elif line.startswith("#"):
            hashes = len(line) - len(line.lstrip("#"))
            out.append(Block("#" * hashes + " ", stripped.lstrip("#").strip(), n, gap))
            gap, open_block = True, False  # a heading stands alone
        elif item:
            out.append(Block(item["prefix"], item["text"].strip(), n, gap))
            gap, open_block = False, True
        elif open_block:
            last = out[-1]
            out[-1] = Block(last.prefix, f"{last.text} {stripped}", last.line, last.gap)
        else:
            out.append(Block("", stripped, n, gap))
            gap, open_block = False, True
    return out


def translated_markdown(markdown: str, values: Mapping[str, str] | None = None, area: Area = HELP) -> str:
    """`markdown` with each block in `area`'s language (`values`: the placeholders of its messages,
    `%(lp)s`...), laid out as it was written."""
    parts: list[str] = []
    for b in blocks(markdown):
        text = area.translated(b.text)
        if values is not None and "%(" in b.text:
            text = text % values
        parts.append(("\n\n" if b.gap and parts else "\n" if parts else "") + b.prefix + text)
    return "".join(parts) + "\n"


# ---- Babel's extraction methods (pyproject.toml, [[tool.babel.mappings]]) ------------------------

Extracted = Iterator[tuple[int, None, str, list[str]]]


def extract_markdown(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Extracted:
    """Every heading, paragraph and list item of a Markdown file of the help, as a message."""
    for b in blocks(fileobj.read().decode("utf-8")):
        yield b.line, None, b.text, []


def _texts(node: yaml.Node) -> Iterator[tuple[int, str]]:
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if key.value == "text" and isinstance(value, yaml.ScalarNode) and value.value:
                yield value.start_mark.line + 1, value.value
            else:
                yield from _texts(value)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _texts(item)


def extract_cards(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Extracted:
    """Every `text:` of a card file (the abilities', the quests', the Lich King cards'), as a message; and
    the solo cards' names and short names (`name:`, `short:` of the Necropolis and Lich King cards: the
    project's own design, named in each language by the catalogs, i18n.solo_name)."""
    root = yaml.compose(fileobj.read().decode("utf-8"), Loader=yaml.SafeLoader)
    if root is not None:
        for line, text in _texts(root):
            yield line, None, text, []
        for line, name in _solo_names(root):
            yield line, None, name, []


SOLO_TABLES = ("necropolis", "lich_king")


def _solo_names(root: yaml.Node) -> Iterator[tuple[int, str]]:
    if not isinstance(root, yaml.MappingNode):
        return
    for key, table in root.value:
        if key.value in SOLO_TABLES and isinstance(table, yaml.SequenceNode):
            for card in table.value:
                if isinstance(card, yaml.MappingNode):
                    for field, value in card.value:
                        if field.value in ("name", "short") and isinstance(value, yaml.ScalarNode) and value.value:
                            yield value.start_mark.line + 1, value.value

"""Play seeded games through the app at 80x24 and report what a screen hides or cuts.

    python scripts/audit_screens.py [--players 2 3 4 5 6 7] [--solo] [--difficulties 0 1 2 3 4] [--seeds 1 2]
                                    [--turns 4] [--size 80x24] [--names form|long|wide] [--hints]
                                    [--lang en|fr|pl|es]

Seat 1 is a human driven by key presses (it places the affordable cards of its hand, and takes a
Unit out of play from turn 2), the other seats are easy bots; solo games play against the Lich King
at each difficulty (0-4: `--difficulties`). Every screen the human sees is visited, every page of the
results read. On each one:

- lines cut with "…" (and card names among them: a word cut short of a card's name), and a card's or a
  spot's name split across two lines by a sentence that wraps ("Singe / chapardeur"),
- lists (and other line widgets) with more rows than they show: the cursor or the last rows hidden,
- results pages that need scrolling, and the number of results pages per turn,
- texts drawn below WCAG AA contrast (4.5:1) in colour, cursor rows and the header included, in
  truecolour and as a 256-colour terminal draws them (each colour its nearest of xterm's 256),
- in French, Polish or Spanish: English left on the screen (a stretch of a message the catalogs translate,
  a game word, a card's English name where the language shows its own: `english_on`).

With `--hints` the human asks the coach on every decision screen (draft, deployment, Construction)
and the screen is checked again with the hint panel open; `--size 120x40` plays on a larger terminal.
`--lang fr` audits the screens in French (Polish, Spanish: `pl`, `es`); the screens around the games
are audited too, with the same names (`audit_frame`): the title screen and its language list, the New
game form (7 players and solo, with an unfinished game's warning), a hand-off, Save as and the quit
questions.

Exit code 1 when anything is cut or hidden, else 0. `tests/test_audit_screens.py` runs a short one.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import os
import re
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rich.cells import cell_len  # noqa: E402
from rich.console import Console  # noqa: E402
from textual.containers import ScrollableContainer  # noqa: E402
from textual.worker import WorkerCancelled  # noqa: E402

from papertales_tui.persistence import DATA_DIR_ENV  # noqa: E402
from papertales_tui.rules.engine import Game  # noqa: E402
from papertales_tui.rules.solo import new_game as new_solo_game  # noqa: E402
from papertales_tui.text.i18n import LANGUAGES, set_language  # noqa: E402
from papertales_tui.tui.app import PaperTalesApp  # noqa: E402
from papertales_tui.tui.contrast import unreadable  # noqa: E402
from papertales_tui.tui.widgets import KeyBar, Lines, Prose, RowList  # noqa: E402

CUT = "…"


@dataclass
class Report:
    """What one or more games showed."""

    screens: Counter = field(default_factory=Counter)  # screens seen, by kind
    cut_lines: list[tuple[str, str]] = field(default_factory=list)  # (screen kind, line)
    cut_names: list[tuple[str, str]] = field(default_factory=list)  # (screen kind, the cut word)
    hidden_cursor: list[tuple[str, str]] = field(default_factory=list)  # (screen kind, widget id)
    hidden_rows: list[tuple[str, str]] = field(default_factory=list)  # (screen kind, widget id)
    scrolling_pages: list[tuple[str, int]] = field(default_factory=list)  # (title, page)
    pages: Counter = field(default_factory=Counter)  # results pages, by turn
    low_contrast: list[tuple[str, str]] = field(default_factory=list)  # (screen kind, "ratio text colours")
    english: list[tuple[str, str]] = field(default_factory=list)  # (screen kind, the English seen)
    hints: int = 0  # screens checked with the coach's hint open

    def problems(self) -> int:
        return (len(self.cut_lines) + len(self.cut_names) + len(self.hidden_cursor) + len(self.hidden_rows)
                + len(self.scrolling_pages) + len(self.low_contrast) + len(self.english))

    def add(self, other: Report) -> None:
        self.screens += other.screens
        self.pages += other.pages
        self.hints += other.hints
        for name in ("cut_lines", "cut_names", "hidden_cursor", "hidden_rows", "scrolling_pages", "low_contrast",
                     "english"):
            getattr(self, name).extend(getattr(other, name))

    def lines(self) -> list[str]:
        out = [f"screens visited: {sum(self.screens.values())} ("
               + ", ".join(f"{k} {n}" for k, n in sorted(self.screens.items())) + ")",
               f"lines cut with {CUT}: {len(self.cut_lines)}",
               f"card names cut: {len(self.cut_names)}",
               f"lists whose cursor is hidden: {len(self.hidden_cursor)}",
               f"lists whose last rows are hidden: {len(self.hidden_rows)}",
               f"results pages that scroll: {len(self.scrolling_pages)}",
               f"texts below AA contrast (truecolour or 256 colours): {len(self.low_contrast)}",
               f"English left on a screen in another language: {len(self.english)}",
               f"screens checked with a hint open: {self.hints}"]
        if self.pages:
            most = max(self.pages.values())
            mean = sum(self.pages.values()) / len(self.pages)
            out.append(f"results pages per turn: at most {most}, on average {mean:.1f}")
        for kind, line in list(dict.fromkeys(self.cut_lines))[:8]:
            out.append(f"  cut on {kind}: {line.strip()}")
        for kind, name in list(dict.fromkeys(self.cut_names))[:8]:
            out.append(f"  name cut on {kind}: {name.strip()}")
        for kind, what in list(dict.fromkeys(self.hidden_cursor + self.hidden_rows))[:8]:
            out.append(f"  hidden rows on {kind}: #{what}")
        for title, page in self.scrolling_pages[:5]:
            out.append(f"  scrolls: {title}, page {page}")
        for kind, what in list(dict.fromkeys(self.low_contrast))[:8]:
            out.append(f"  low contrast on {kind}: {what}")
        for kind, what in list(dict.fromkeys(self.english))[:8]:
            out.append(f"  English on {kind}: {what!r}")
        return out


def screen_text(app) -> list[str]:
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True, color_system=None,
                      legacy_windows=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens,
                                                       simplify=True))
    return console.export_text().replace("\xa0", " ").splitlines()  # (a name kept on one line: no-break spaces)


def written_ellipses() -> list[str]:
    """The screens' own words that end in "…" (not a line cut short), in the language set."""
    from papertales_tui.tui.language import SCREENS

    return [SCREENS.gettext("Save as… (s)")]


def card_name_prefixes(app: PaperTalesApp) -> set[str]:
    """The starts of every card's name, in English and as the screens show it."""
    from papertales_tui.tui.language import SCREENS

    cards = [*app.catalog.units.values(), *app.catalog.buildings.values()]
    names = {c.name for c in cards} | {SCREENS.card_name(c) for c in cards}
    return {name[:k] for name in names for k in range(1, len(name))}


DUMP: list[str] | None = None  # --dump: every screen's text goes here


SEATED: list[str] = []  # the players' names the audit types in (left out of the English found)
NAMED: list[str] = []  # the players' names, when they are long enough to be told apart from words (--names)


def check_names(kind: str, text: list[str], report: Report, names: list[str]) -> None:
    """A player's name cut short without "…" (`vs Wilhel`) or broken across two lines: the start of
    a name (its first 6 cells) not followed by the whole of one."""
    starts = {name[:k] for name in names for k in range(1, len(name) + 1) if cell_len(name[:k]) == 6}
    for line in text:
        for start in starts:
            at = line.find(start)
            while at >= 0:
                if not any(line.startswith(name, at) for name in names):
                    report.cut_names.append((kind, line[at:at + 24].rstrip()))
                at = line.find(start, at + 1)


EDGES = " │┃║▌▐█▏▕|"  # (a panel's border at a line's end or start)


def split_parts(app) -> list[tuple[str, str]]:
    """Each card's name of more than one word (as the screens show it) and each spot's ("Arrière 1"), cut
    at each of its spaces: (the words before, the words after)."""
    from papertales_tui.text.narrator import SPOTS, spot
    from papertales_tui.tui.language import SCREENS

    cat = app.catalog
    cards = [*cat.units.values(), *cat.buildings.values(), *cat.necropolis.values(), *cat.lich_king.values()]
    names = {SCREENS.card_name(c) for c in cards} | {spot(k) for k in range(len(SPOTS))}
    return [(name[:k], name[k + 1:]) for name in names for k, ch in enumerate(name) if ch == " "]


def check_split(kind: str, text: list[str], report: Report, parts: list[tuple[str, str]]) -> None:
    """A card's name begun at the end of a line and ended at the start of the next ("Singe / chapardeur"):
    a sentence wrapped inside a name."""
    for above, below in zip(text, text[1:], strict=False):
        above, below = above.rstrip(EDGES), below.lstrip(EDGES)
        for head, tail in parts:
            if above.endswith(head) and below.startswith(tail) and (
                    len(above) == len(head) or not above[-len(head) - 1].isalnum()) and (
                    len(below) == len(tail) or not below[len(tail)].isalnum()):
                report.cut_names.append((kind, f"{head} / {tail} (split across two lines)"))


def check_screen(app, report: Report, prefixes: set[str]) -> None:
    """Everything the audit counts, on the screen shown now."""
    screen = app.screen
    kind = type(screen).__name__
    report.screens[kind] += 1
    text = screen_text(app)
    before = report.problems()
    check_text(kind, text, report, prefixes)
    check_names(kind, text, report, NAMED)
    if getattr(app, "catalog", None) is not None:
        check_split(kind, text, report, split_parts(app))
    check_widgets(screen, kind, report)
    check_contrast(app, kind, report)
    check_english(app, kind, text, report)
    if DUMP is not None:
        found = report.problems() - before
        DUMP.append(f"==== {kind}, turn {app.game.state.turn if getattr(app, 'game', None) else 0}"
                    + (f" !! {found} problem(s)" if found else ""))
        DUMP.extend(text)


def check_contrast(app, kind: str, report: Report) -> None:
    """Texts drawn below WCAG AA contrast, as the screen is rendered (after the app's colour filters), in
    truecolour and as a 256-colour terminal draws it."""
    strips = app.screen._compositor.render_strips()
    for colors in (0, 256):
        for ratio, text, fg, bg in unreadable(strips, colors=colors):
            palette = " (256 colours)" if colors else ""
            report.low_contrast.append((kind, f"{ratio}:1{palette} {text[:20]!r} {fg.hex} on {bg.hex}"))


# ---- English left on a screen in another language ------------------------------------------------------

PLAYER_NAMES = ("Ann", "Bo")  # names that are not English words of the game (NAMES below)
# English words of the game a person must never read in another language (as whole words).
GAME_WORDS = ("Turn", "Recruitment", "Deployment", "Wars", "War", "Income", "Construction", "Aging", "took back",
              "Legend Points", "Gold", "Hint", "Help", "Cards", "Quit", "Confirm", "Undo", "Pass", "Kingdom",
              "Kingdoms", "Scores", "Strength", "Player", "Human", "wins", "Lich King", "Black", "Purple", "army",
              "Underworld", "discard", "Front", "Back", "Next page", "Previous page", "Continue", "playouts",
              "coach", "hint", "Cannot", "Close", "picks", "picked", "Building", "Buildings", "Unit", "Units",
              "points", "Search for commands", "Dismiss menu", "Enter", "Space", "shapeshift", "Keys", "Theme",
              "Maximize", "Screenshot")
PLACEHOLDER = re.compile(r"%\(\w+\)[-+ #0-9.]*[sdifr]|%[sd%]|\{\w*\}")


def _words(text: str) -> int:
    return len(re.findall(r"[A-Za-z]{2,}", text))


@cache
def leftovers(lang: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The English stretches of the catalog's messages that `lang` translates otherwise, and the game's
    English words (GAME_WORDS, one-word messages) that `lang` does not write alike."""
    from babel.messages.pofile import read_po

    from papertales_tui.text.i18n import LOCALE_DIR

    with open(LOCALE_DIR / lang / "LC_MESSAGES" / "papertales.po", "rb") as f:
        catalog = read_po(f)
    stretches: set[str] = set()
    translations: list[str] = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        translations += strings
        said = " ".join(strings)
        for msgid in ids:
            if msgid in strings:
                continue
            for part in PLACEHOLDER.split(msgid):
                for stretch in re.split(r"\*\*|`|\n", part):
                    stretch = " ".join(stretch.split()).strip(" .,:;·()-—")
                    if _words(stretch) >= 2 and stretch not in said:
                        stretches.add(stretch)
    everything = "\n".join(translations).replace("\u00a0", " ")
    translated = {s for s in stretches if s not in everything}
    singles = {m.id for m in catalog if isinstance(m.id, str) and re.fullmatch(r"[A-Z][a-z]{3,}", m.id)
               and m.string != m.id}  # one-word messages: "Confirm", "Hint"...
    words = tuple(w for w in dict.fromkeys((*GAME_WORDS, *sorted(singles)))
                  if not re.search(rf"\b{re.escape(w)}\b", everything))
    return tuple(sorted(translated, key=len, reverse=True)), words


def english_on(text: str, lang: str, catalog, players: tuple[str, ...] = PLAYER_NAMES) -> list[str]:
    """What `text` (a screen) shows in English: a stretch of a catalog's message that `lang` translates
    otherwise, a game word of GAME_WORDS, a card's English name where `lang` shows its own (every solo
    card's: their names are the project's, given in each language); the players' names and the names of
    the cards as `lang` shows them left out."""
    from papertales_tui.text.i18n import shown_name

    cards = [*catalog.units.values(), *catalog.buildings.values()]
    solo = [*catalog.necropolis.values(), *catalog.lich_king.values()]
    shown = {shown_name(c, lang) for c in [*cards, *solo]} | {c.short for c in catalog.necropolis.values()
                                                             if c.short and shown_name(c, lang) == c.name}
    names = sorted(shown | set(players), key=len, reverse=True)
    lines = [" ".join(line.replace("\u00a0", " ").split()) for line in text.splitlines()]
    found = []
    stretches, words = leftovers(lang)
    for line in lines:
        for stretch in stretches:
            if stretch in line:
                found.append(stretch)
    cleared = re.sub(r"\w+(?=[█▌▐])", "¤", "\n".join(lines))  # (a card's name cut short by a dialog's frame)
    for name in names:
        cleared = cleared.replace(name, "¤")
    for word in words:
        if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", cleared):
            found.append(word)
    for card in [*cards, *solo]:
        if card.name != shown_name(card, lang) and re.search(rf"\b{re.escape(card.name)}\b", cleared):
            found.append(f"card {card.name}")
    return found


def check_english(app, kind: str, text: list[str], report: Report) -> None:
    """English on a screen in another language (english_on), the players' names left out."""
    from papertales_tui.text.i18n import language

    lang = language()
    if lang == "en":
        return
    players = tuple(p.name for p in app.game.state.players) if getattr(app, "game", None) else ()
    typed = tuple(SEATED) + tuple(NAMED) + PLAYER_NAMES  # (the names the audit types in: "Player 1"...)
    for found in english_on("\n".join(text), lang, app.catalog, players + typed):
        report.english.append((kind, found))
    if lang == "fr":  # French typography: a space (a no-break one) before ":" ";" "!" "?"
        for line in text:
            for m in FRENCH_PUNCTUATION.finditer(line):
                report.english.append((kind, f"typography: {line[max(0, m.start() - 12):m.end()].strip()}"))


# (a "?" after a number is a mark, not a question: the Necropolis row's "N4-7 V4-7?")
FRENCH_PUNCTUATION = re.compile(r"(?:[^\s:;!?(«][:;]|[^\s\d:;!?(«][!?])(?=\s|$)")


def check_text(kind: str, text: list[str], report: Report, prefixes: set[str]) -> None:
    """Lines cut with "…", and the card names among them."""
    for line in text:
        for words in written_ellipses():
            line = line.replace(words, "")
        if CUT not in line:
            continue
        report.cut_lines.append((kind, line))
        for word in line.split(CUT)[:-1]:
            tail = word.split("(")[-1].split(" ")
            for k in range(1, min(len(tail), 3) + 1):
                if " ".join(tail[-k:]).strip() in prefixes:
                    report.cut_names.append((kind, " ".join(tail[-k:]) + CUT))
                    break


def check_widgets(screen, kind: str, report: Report) -> None:
    """Pages that scroll, card details and lists with more rows than they show."""
    for scroll in screen.query(ScrollableContainer):  # a results or scores page taller than the screen
        if scroll.display and scroll.max_scroll_y > 0:
            report.scrolling_pages.append((getattr(screen, "title_text", kind), getattr(screen, "page", 0) + 1))
    details = getattr(screen, "wrapped", None)  # the deployment's card details, in the rows left to them
    if details is not None and not getattr(screen, "hint_room", False):
        rows = dict(screen.SECTIONS)["detail"] - bool(screen.texts.get("message"))
        width = max(screen.info.size.width, 20)
        for card in screen.plan.hand + list(screen.plan.in_play):  # any card the cursor may go to
            text = screen.detail_text(card, screen.compact_details)
            if len(text.wrap(screen.app.console, width)) > rows:
                report.hidden_rows.append((kind, "card details"))
                break
    check_key_bar(screen, kind, report)
    for widget in screen.query(Lines):
        if not widget.display or not widget.lines or widget.size.height == 0:
            continue
        shown = min(widget.content_region.height, max(0, screen.region.bottom - widget.content_region.y))
        if isinstance(widget, RowList) and widget.count:
            check_rows(widget, shown, kind, report)
        elif len(widget.lines) > shown:
            report.hidden_rows.append((kind, widget.id or type(widget).__name__))
        for line in widget.lines:  # a line wider than its widget is cropped, without a "…"
            if line.cell_len > widget.content_region.width:
                report.cut_lines.append((kind, line.plain + f" (cropped at {widget.content_region.width})"))


def check_key_bar(screen, kind: str, report: Report) -> None:
    """A key shown without its words ("^Q Quitter f1-f4"): the key bar short of room."""
    for bar in screen.query(KeyBar):
        for key in getattr(bar, "unsaid", []):
            report.cut_lines.append((kind, f"key bar: {key} without its words"))


def check_rows(widget: RowList, shown: int, kind: str, report: Report) -> None:
    """A list (its rows scroll when they do not all fit): its cursor out of sight, rows out of sight
    (scrolled into sight or not)."""
    rows = min(widget.shown(), shown - len(widget.header))
    if not widget.top <= widget.cursor < widget.top + rows:
        report.hidden_cursor.append((kind, widget.id or type(widget).__name__))
    if widget.shown() < widget.count or len(widget.lines) > shown:
        report.hidden_rows.append((kind, widget.id or type(widget).__name__))


def deploy_keys(screen) -> tuple[list[str], list[str]]:
    """Fill the free spots with affordable hand cards (from turn 2, first take a Unit out of play)."""
    view, plan = screen.view, screen.plan
    keys: list[str] = []
    if view.turn >= 2 and any(c is not None for c in plan.slots):
        spot = next(s for s, c in enumerate(plan.slots) if c is not None)
        screen.spots.focus()
        screen.spots.move_to(spot)
        keys += ["x"]
    gold = screen.gold_left()
    free = [s for s in screen.options.open_slots if plan.slots[s] is None]
    row = 0
    placing: list[str] = []
    for k, card in enumerate(plan.hand):
        cost = view.card(card).cost
        if free and cost <= gold:
            placing += ["down"] * (k - row) + [str(free.pop(0) + 1)]
            row, gold = k, gold - cost
    return keys, placing


NAMES = {  # --names: the players' names, by seat
    "form": lambda k: f"Player {k + 1}",  # the New game form's
    "long": lambda k: f"Wilhelmina Ashford{k + 1:02d}",  # as wide as the form allows: 20 cells
    "wide": lambda k: "山田花子美咲一二三" + "１２３４５６７"[k],  # CJK, 2 cells each: 20 cells
}


def player_names(players: int, kind: str = "form") -> list[str]:
    return [NAMES[kind](k) for k in range(players)]


async def audit_game(players: int, seed: int, turns: int = 4, size: tuple[int, int] = (80, 24),
                     names: str = "form", hints: bool = False, difficulty: int = 2) -> Report:
    """One game at `players` (1: solo against the Lich King), seat 1 human, until turn `turns` ends;
    `names`: the players' names (a key of NAMES). A player's name cut (with "…" or without, or broken
    across two lines) counts as a cut name. `hints`: each decision screen is checked again with the
    coach's hint open (asked with h, put away before answering)."""
    from papertales_tui.tui.screens.deploy import DeployScreen
    from papertales_tui.tui.screens.final import FinalScreen
    from papertales_tui.tui.screens.handoff import BotScreen
    from papertales_tui.tui.screens.hint import HintHost
    from papertales_tui.tui.screens.summary import SummaryScreen

    report = Report()
    app = PaperTalesApp()
    seated = player_names(players, names)
    SEATED[:] = seated
    NAMED[:] = seated if names != "form" else []  # ("Player" is also a word on the screens)
    prefixes = card_name_prefixes(app) | {name[:k] for name in seated for k in range(1, len(name))}
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        if players == 1:
            game: Game = new_solo_game(seated, seed=seed, catalog=app.catalog, difficulty=difficulty)
            seats = ["human"]
        else:
            game = Game.new(seated, seed=seed, catalog=app.catalog)
            seats = ["human"] + ["bot:easy"] * (players - 1)
        app.play(game, seats)
        for _ in range(5000):
            await pilot.pause()
            with contextlib.suppress(WorkerCancelled):  # a bot's worker replaced by the next one
                await app.workers.wait_for_complete()
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, BotScreen):
                continue
            if isinstance(screen, FinalScreen):  # every page of the final scores
                for page in range(screen.pages):
                    screen.show_page(page)
                    await pilot.pause()
                    check_screen(app, report, prefixes)
                break
            if app.game.state.turn > turns:
                check_screen(app, report, prefixes)
                break
            if isinstance(screen, SummaryScreen):
                await pilot.pause()
                check_screen(app, report, prefixes)
                if screen.page == 0 and any(c == "reveal" for c, _ in screen.chapters):
                    report.pages[(players, seed, screen.turn)] += len(screen.pages)
                await pilot.press("enter")
                continue
            check_screen(app, report, prefixes)
            if isinstance(screen, DeployScreen):
                take_out, placing = deploy_keys(screen)
                await pilot.press(*take_out)
                screen.hand.focus()
                await pilot.pause()
                await pilot.press(*placing)
                await pilot.pause()
                check_screen(app, report, prefixes)  # the board with the plan made
                if hints:
                    await with_hint(pilot, app, report, prefixes)
                await pilot.press("c")
                continue
            if hints and isinstance(screen, HintHost):
                await with_hint(pilot, app, report, prefixes)
            await pilot.press(*answer_keys(screen))
    return report


async def with_hint(pilot, app, report: Report, prefixes: set[str]) -> None:
    """Ask the coach (h), check the screen with its answer open, then put it away (h)."""
    from papertales_tui.tui.screens.hint import HintPanel

    screen = app.screen
    await pilot.press("h")
    await app.workers.wait_for_complete()
    await pilot.pause()
    if screen.query(HintPanel):
        report.hints += 1
        check_screen(app, report, prefixes)
        panel = screen.query_one(HintPanel)  # the answer whole in its panel (its max-height cuts the rest)
        if panel.shown is not None and len(Prose(panel.shown).lines(app.console, panel.content_region.width)) > \
                panel.content_region.height:
            report.hidden_rows.append((type(screen).__name__, "hint"))
        report.screens[type(screen).__name__] -= 1  # (the same screen, seen again)
        await pilot.press("h")
        await pilot.pause()


async def audit_frame(size: tuple[int, int] = (80, 24), names: str = "form") -> Report:
    """The screens around the games, in the language set: the title screen (with the language list
    open), the New game form at 7 players and in solo (with the warning of an unfinished game, and
    names of the `names` kind), a hand-off, Save as, the quit question in its longest forms, and the
    title screen again with the autosaved game and a kept one under Resume."""
    from textual.widgets import Input, Select

    from papertales_tui.tui import seats
    from papertales_tui.tui.screens.modals import ConfirmQuit, LanguageModal
    from papertales_tui.tui.screens.title import TitleScreen

    report = Report()
    app = PaperTalesApp(autosave=True)
    seated = player_names(7, names)
    SEATED[:] = seated
    NAMED[:] = seated if names != "form" else []
    prefixes = card_name_prefixes(app) | {name[:k] for name in seated for k in range(1, len(name))}

    async def check() -> None:
        await pilot.pause()
        check_screen(app, report, prefixes)

    async with app.run_test(size=size) as pilot:
        await check()  # the title screen
        assert isinstance(app.screen, TitleScreen)
        row = [what for what, _ in app.screen.choices].index("language")
        await pilot.press(*["down"] * row, "enter")
        await pilot.pause()
        assert isinstance(app.screen, LanguageModal)
        await check()
        await pilot.press("escape")
        app.start_game(seated[:2], [seats.HUMAN] * 2, seed=1)
        await check()  # a hand-off
        app.action_save_as()
        await check()
        await pilot.press("escape")
        await pilot.press("enter", "enter", "down", "enter", "c")  # a pick: the autosave holds an unfinished game
        await pilot.pause()
        for failing in (False, True):  # the autosave works, or fails (the longest question)
            app.saving.failing = failing
            app.push_screen(ConfirmQuit(app.quit_question(), offer_save=app.unsaved() is not None))
            await check()
            app.pop_screen()
        app.new_game()  # the form, with the warning that an unfinished game is autosaved
        await pilot.pause()
        form = app.screen
        form.query_one("#count", Select).value = 7
        for i, name in enumerate(seated):
            form.query_one(f"#name-{i}", Input).value = name
        await check()
        form.query_one("#mode", Select).value = "solo"
        await check()
        app.start_game(seated, [seats.HUMAN] * 7, seed=2)  # the unfinished game is kept
        await pilot.press("enter", "enter", "c")  # a pick: this one is autosaved
        await pilot.pause()
        app.show_title()  # the autosaved game and the kept one, under Resume
        await check()
    return report


def answer_keys(screen) -> list[str]:
    """The keys that answer what `screen` asks: a pick or a Construction is chosen with Enter and
    confirmed with c (with 2 players the next card is discarded), a modal confirmed with c (the Age
    token target chosen with Enter first), a deployment of nothing with y."""
    name = type(screen).__name__
    if name in ("UnpaidModal", "HealModal"):
        return ["c"]
    if name == "AgeTargetModal":
        return ["enter", "c"]
    if name == "Confirm":
        return ["y"]
    if name == "DraftScreen":
        return ["enter", "down", "enter", "c"] if screen.with_discard else ["enter", "c"]
    if name == "ConstructionScreen":
        return ["enter", "c"]
    return ["enter"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5, 6, 7])
    parser.add_argument("--solo", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--difficulties", type=int, nargs="*", default=[0, 1, 2, 3, 4],
                        help="the solo games' difficulties (Lich King cards in play)")
    parser.add_argument("--seeds", type=int, nargs="*", default=[1, 2])
    parser.add_argument("--turns", type=int, default=4)
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--dump", type=Path, help="write the text of every screen seen to this file")
    parser.add_argument("--names", choices=list(NAMES), default="form",
                        help="the players' names: the New game form's ('Player 1'...), 'long' (20 cells, "
                             "the widest the form takes: 'Wilhelmina Ashford01'...), 'wide' (CJK, 20 cells)")
    parser.add_argument("--hints", action="store_true",
                        help="ask the coach on every decision screen and check the screen with its hint open")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="the language of the screens")
    args = parser.parse_args()
    set_language(args.lang)
    os.environ.setdefault("COLORTERM", "truecolor")
    global DUMP
    DUMP = [] if args.dump else None
    size = tuple(int(n) for n in args.size.split("x"))
    os.environ[DATA_DIR_ENV] = tempfile.mkdtemp()  # no autosave of this machine
    total = Report()
    frame = asyncio.run(audit_frame(size, args.names))  # type: ignore[arg-type]
    print(f"== the title, New game form, a hand-off and the dialogs, {args.names} names, {args.lang}: "
          f"{frame.problems()} problems")
    for line in frame.lines():
        print("   " + line)
    total.add(frame)
    tables = [(players, 2) for players in args.players] + [(1, d) for d in args.difficulties if args.solo]
    for players, difficulty in tables:
        for seed in args.seeds:
            report = asyncio.run(audit_game(players, seed, args.turns, size, args.names,  # type: ignore[arg-type]
                                            args.hints, difficulty))
            label = ((f"solo, difficulty {difficulty}" if players == 1 else f"{players} players")
                     + f", {args.names} names, {args.size}, {args.lang}"
                     + (", hints open" if args.hints else ""))
            print(f"== {label}, seed {seed}: {report.problems()} problems")
            for line in report.lines():
                print("   " + line)
            total.add(report)
            if args.dump and DUMP is not None:  # after each game: a crash leaves what was seen
                args.dump.write_text("\n".join(DUMP) + "\n", encoding="utf-8")
    print("== all games")
    for line in total.lines():
        print("   " + line)
    return 1 if total.problems() else 0


if __name__ == "__main__":
    sys.exit(main())

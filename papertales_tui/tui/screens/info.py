"""Reference screens reachable at any time: rules help, card browser, game log, scoreboard."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from ...rules import START_GOLD, Catalog, SeatView
from ...text.i18n import folded
from ...text.narrator import Names, narrate
from .. import panels
from .. import text as tx
from ..flow import Summary
from ..kingdom import LEGEND as KINGDOM_LEGEND
from ..kingdom import Kingdom, kingdom_views
from ..seats import bot_marked
from ..widgets import TextInput, option_key
from .common import GameScreen

PACKAGE = Path(__file__).resolve().parents[2]
# installed: shipped inside the package (see pyproject.toml); from a clone: the repository's docs/
RULINGS_PATHS = (PACKAGE / "docs" / "rulings.md", PACKAGE.parent / "docs" / "rulings.md")

RULES_HELP = f"""\
# How to play Paper Tales

A game lasts **4 turns**; each turn has 6 phases. Most Legend Points ({tx.LP}) wins; a tie goes to the
most Gold ({tx.GOLD}). Everyone decides at the same time: when the game says *Pass to …*, hand over the
keyboard and let only that player look.

1. **Recruitment** — pick one card from those in front of you and pass the rest (left on turns 1 and 3,
   right on turns 2 and 4), until every card is taken. With 2 players you get 9 cards and, each time,
   pick one and discard one.
2. **Deployment** — put Units from your hand in your Kingdom: 2 Front spots and 2 Back spots (a 3rd
   Front spot once you have a level-2 Building). You may move or discard Units already in play. Pay
   each new Unit's cost in Gold; keep at most one unplayed card for next turn, the rest is discarded.
3. **Wars** — your strength is the sum of your Front Units (and Units that fight from the Back), plus
   Building bonuses. Compare with each neighbour: the stronger (ties: both) wins {tx.LP}3. With 2
   players: at least your opponent's strength wins one War, at least twice wins two.
4. **Income** — {tx.GOLD}2, plus what your Units and Buildings bring.
5. **Construction** — build one Building (level 1, or straight to level 2) or upgrade one, if your
   Kingdom produces the resources; each Building you already have adds {tx.GOLD}2 of land cost.
6. **Aging** — every Unit with an Age token ({tx.AGE}) dies, then each Unit left gains one.

At the end, each Building scores its Legend Points.

## Solo mode: against the Lich King

One player against the Lich King's Necropolis (the solo rules of *Beyond the Gates*). A row of 5
Necropolis cards (turns 1-4 and END) lies face down; the first is face up under the Time token (►).

- **Recruitment** is the Underworld draft: 5 cards, keep 1, the other 4 go to the Underworld; then 4,
  keep 1; then 3, keep 1. The 9 Underworld cards are shuffled: of the top 2 keep 1, the other goes to
  the bottom; the next top card is yours. You may look at the Underworld and the discard pile (**d**).
- The Lich King then scores the **gain** of the card under the Time token, and each face-up card's
  **quest** once per matching card left in the Underworld (☠{tx.LP}n on a card in the draft: what it
  would give him). The Underworld goes to the discard pile.
- **Wars**: the next card turns face up. The Black army is the Black values of the current and the
  next card, the Purple army likewise. Your Kingdom fights each: {tx.LP}3 for you per War you win,
  {tx.LP}1 for him per War he wins; a tie is won by both.
- The Time token then moves on. After turn 4 he scores the END card's gain. You win only with **more**
  {tx.LP} than the Lich King: **a tie goes to the Lich King**. Difficulty: 0-4 Lich King cards, each
  an extra way for him to score.

**{tx.SOLO_DESIGN_NOTE}** The printed values were not available: see docs/solo.md; the card
browser (F2) lists these cards.

## Symbols

{tx.LEGEND}

Symbols always come with a number or a word, so the game reads the same without colour
(`NO_COLOR` is respected).

## Keys

- **Enter** or a click chooses; **Tab** moves between lists; the footer shows the keys that apply now.
- **F1** this help · **F2** card browser · **F3** game log · **F4** scoreboard · **Ctrl+P** find a card
  · **Ctrl+S** save the game as a file · **Ctrl+Q** quit. **Esc** closes this kind of screen.
- Every confirmed decision is autosaved: **Resume the last game** on the title screen (or `papertales --resume`)
  picks the game up; `papertales --resume FILE` resumes a file saved with Ctrl+S. A new game keeps an
  unfinished one (unless you tick Discard): **Resume kept** on the title screen goes back to it.
- Results (reveal and Wars, Income, Construction, Aging): **Enter** shows the next page and, on the last,
  goes on; **←** goes back a page.
- Deployment: **Enter** on a card takes it, **1-5** puts it in spot F1 F2 F3 B1 B2, **x** takes a card
  out of a spot, **k** keeps a card for next turn, **u** undoes, **c** confirms.
- Changed your mind? On the hand-off screen, before the next player presses Enter, **u** takes back
  your pick or deployment (not once it was resolved and cards were passed or revealed).
"""


@lru_cache(maxsize=1)
def rulings() -> list[tuple[str, str]]:
    """(section, ruling text) of every bullet of docs/rulings.md; empty when the file is absent."""
    path = next((p for p in RULINGS_PATHS if p.is_file()), None)
    if path is None:
        return []
    out: list[tuple[str, str]] = []
    section = ""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            section = line.lstrip("#").strip()
        elif line.startswith("- "):
            out.append((section, line[2:].strip()))
        elif line.startswith("  ") and out and line.strip():
            out[-1] = (out[-1][0], out[-1][1] + " " + line.strip())
    return out


def rulings_for(name: str) -> list[str]:
    pattern = re.compile(rf"\b{re.escape(name)}\b")
    return [text for _, text in rulings() if pattern.search(text)]


def project_rulings() -> list[str]:
    return [f"*{section}*: {text}" for section, text in rulings() if "Project ruling" in text]


class InfoScreen(GameScreen):
    CSS_PATH = "info.tcss"
    BINDINGS = [Binding("escape", "close", "Close")]

    def action_close(self) -> None:
        self.dismiss()


class RulesScreen(InfoScreen):
    title_text = "Paper Tales · Rules help"

    def body(self) -> ComposeResult:
        text = RULES_HELP
        extra = project_rulings()
        if extra:
            text += "\n## Project rulings\n\nWhere the printed rules leave a question open, this game plays:\n\n"
            text += "\n".join(f"- {r}" for r in extra) + "\n"
        with VerticalScroll(id="rules"):
            yield Markdown(text)

    def on_mount(self) -> None:
        self.query_one("#rules").focus()


def card_detail(catalog: Catalog, kind: str, key: str) -> Text:
    if kind in ("necropolis", "lich_king"):
        out = (tx.necropolis_detail(catalog.necropolis[key]) if kind == "necropolis"
               else tx.lich_card_detail(catalog.lich_king[key]))
        out.append(f"\n\n{tx.SOLO_DESIGN_NOTE}", style="italic")
        return out
    if kind == "unit":
        t = catalog.units[key]
        out, name = tx.unit_detail(t), t.name
        out.append(f"\n{t.copies} cop{'y' if t.copies == 1 else 'ies'} in the deck.", style="dim")
    else:
        b = catalog.buildings[key]
        out, name = tx.building_detail(b), b.name
    found = rulings_for(name)
    if found:
        out.append("\n\nRulings\n", style="bold underline")
        for r in found:
            out.append(f"• {r.replace('**', '')}\n")
    return out


CARD_KINDS = {"building": "Building", "necropolis": "Necropolis", "lich_king": "Lich King"}


class CardBrowser(InfoScreen):
    title_text = "Paper Tales · Cards"
    BINDINGS = [Binding("slash", "filter", "Filter")]

    def __init__(self, catalog: Catalog, key: str | None = None):
        super().__init__()
        self.catalog = catalog
        self.start_key = key

    def entries(self, query: str = "") -> list[tuple[str, str, str]]:
        """(kind, key, name) of the cards whose name, in any language, contains the query (case and
        accents ignored: "maitresse" finds the Time Master, "karczma" the Tavern)."""
        q = folded(query.strip())

        def found(*names: str) -> bool:
            return any(q in folded(n) for n in names)

        units = sorted(self.catalog.units.values(), key=lambda t: t.name)
        out = [("unit", t.key, t.name) for t in units if found(*t.every_name)]
        out += [("building", b.key, b.name) for b in self.catalog.buildings.values() if found(*b.every_name)]
        necropolis = sorted(self.catalog.necropolis.values(), key=lambda c: (str(c.pile), c.name))
        out += [("necropolis", c.key, c.name) for c in necropolis if found(c.name)]
        out += [("lich_king", c.key, c.name) for c in self.catalog.lich_king.values() if found(c.name)]
        return out

    def body(self) -> ComposeResult:
        yield TextInput(placeholder="filter by name (/)", compact=True, id="card-filter")
        with Horizontal(id="browser"):
            yield OptionList(id="card-list")
            with VerticalScroll(id="card-pane"):
                yield Static("", id="card-text")

    def on_mount(self) -> None:
        self.fill("")
        ol = self.query_one("#card-list", OptionList)
        if self.start_key is not None:
            for k in range(ol.option_count):
                if option_key(ol.get_option_at_index(k)).split(":", 1)[1] == self.start_key:
                    ol.highlighted = k
        ol.focus()

    def fill(self, query: str) -> None:
        ol = self.query_one("#card-list", OptionList)
        ol.clear_options()
        for kind, key, name in self.entries(query):
            label = Text(name)
            if kind == "unit":
                label = tx.unit_line(self.catalog.units[key])
            else:
                label.append(f"  {CARD_KINDS[kind]}", style="italic")
            label.no_wrap, label.overflow = True, "ellipsis"  # one line per entry, whatever its length
            ol.add_option(Option(label, id=f"{kind}:{key}"))
        if ol.option_count:
            ol.highlighted = 0

    @on(Input.Changed, "#card-filter")
    def filtered(self, event: Input.Changed) -> None:
        self.fill(event.value)

    @on(Input.Submitted, "#card-filter")
    def filter_done(self) -> None:
        self.query_one("#card-list", OptionList).focus()

    @on(OptionList.OptionHighlighted, "#card-list")
    def highlighted(self, event: OptionList.OptionHighlighted) -> None:
        kind, key = option_key(event.option).split(":", 1)
        self.query_one("#card-text", Static).update(card_detail(self.catalog, kind, key))

    def action_filter(self) -> None:
        self.query_one("#card-filter", Input).focus()


class LogScreen(InfoScreen):
    """The game's public events; opened over a summary page, up to that page (`until` events)."""

    title_text = "Paper Tales · Game log"

    def __init__(self, view: SeatView, log: list[tuple[int, dict[str, Any]]], until: int | None = None,
                 notes: list[tuple[int, str]] | None = None, seed_shown: bool = False):
        super().__init__()
        self.seed_shown = seed_shown  # (the Session's `seed_shown`: else the first line leaves the seed out)
        self.view, self.entries = view, log  # what the table may see (up to `until`), each with its place in the log
        self.until = view.log_size if until is None else until
        self.notes = notes or []  # (log length then, text): what the table did besides the rules (take-backs)

    def body(self) -> ComposeResult:
        names = replace(Names.of(self.view), seed=self.seed_shown)
        notes = sorted(self.notes)
        lines: list[str | None] = []
        done = 0  # notes told
        for k, e in self.entries:
            lines += [f"{text}." for index, text in notes[done:] if index <= k]
            done = sum(1 for index, _ in notes if index <= k)
            lines.append(narrate(e, names, full=e.get("private_to") is not None))  # (the lone human's own)
        lines += [f"{text}." for index, text in notes[done:] if index <= self.until]
        with VerticalScroll(id="log"):
            yield Static(Text("\n".join(line for line in lines if line)), markup=False)

    def on_mount(self) -> None:
        log = self.query_one("#log")
        log.focus()
        log.scroll_end(animate=False)


class ScoreboardScreen(InfoScreen):
    """The scores and Kingdoms; opened over a summary page (`page`, a session.Summary), the LP and Gold
    are those of that page, not of the phases the game has already moved on to."""

    title_text = "Paper Tales · Scoreboard"

    def __init__(self, view: SeatView, page: Summary | None = None, seats: list[str] | None = None,
                 then: tuple[dict[int, int], dict[int, int], int | None, bool] | None = None,
                 seed_shown: bool = False):
        super().__init__()
        self.view, self.page, self.seats = view, page, seats
        self.seed_shown = seed_shown  # (the Session's `seed_shown`)
        self.then = then  # the figures as of the page (Session.figures_at), with a page

    def body(self) -> ComposeResult:
        s = self.view
        lp: dict[int, int] = {}
        gold: dict[int, int] = {}
        lich_then: int | None = None  # the other sides' LP as of the page (solo: the Lich King's)
        at_page = False
        moment = f"Turn {s.turn}/{s.turns} · {tx.PHASE_TITLES.get(s.phase, s.phase)}"
        changed = False
        if self.page is not None and self.then is not None:
            from .summary import TITLES

            lp, gold, lich_then, changed = self.then
            at_page = True
            moment = f"Turn {self.page.turn}/{s.turns} · after {TITLES[self.page.chapters[-1][0]]}"
        seed = f" · seed {s.seed}" if self.seed_shown else ""
        head = Text.assemble((moment, "bold"), f" · draw pile {s.deck} · discard pile {s.discard}{seed}")
        with VerticalScroll(id="scores"):
            yield Static(head)
            seen = bot_marked(kingdom_views(s), self.seats)  # what everyone may see
            if self.page is not None:  # the figures of the summary page on screen
                seen = [replace(k, lp=lp.get(k.player, 0), gold=gold.get(k.player, START_GOLD)) for k in seen]
            form = "tiles" if len(seen) * 12 + 8 <= self.app.size.height else "compact"
            for k in seen:
                yield Kingdom(k, form=form, lines=2, classes="score-kingdom")
            if self.page is not None and changed:
                yield Static(Text("Units and Buildings as they are now (the game has gone on since this page).",
                                  style="italic"))
            yield from panels.of(s).scores(s, at_page, lich_then)
            yield Static(Text(f"{tx.LEGEND}\n{KINGDOM_LEGEND}", style="dim"))

    def on_mount(self) -> None:
        self.query_one("#scores").focus()


class TooSmallScreen(ModalScreen[None]):
    """Covers everything while the terminal is smaller than the game needs; the message wraps to
    whatever width there is."""

    def compose(self) -> ComposeResult:
        yield Static("", id="too-small")

    def on_mount(self) -> None:
        self.refresh_size()

    def refresh_size(self) -> None:
        w, h = self.app.size
        self.query_one("#too-small", Static).update(
            f"Paper Tales needs a terminal of at least 80×24.\nThis one is {w}×{h}: please enlarge it.")

"""Reference screens reachable at any time: rules help, card browser, game log, scoreboard."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Middle, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from .. import text as tx
from .. import views
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

## Symbols

{tx.LEGEND}

Symbols always come with a number or a word, so the game reads the same without colour
(`NO_COLOR` is respected).

## Keys

- **Enter** or a click chooses; **Tab** moves between lists; the footer shows the keys that apply now.
- **F1** this help · **F2** card browser · **F3** game log · **F4** scoreboard · **Ctrl+P** find a card
  · **Ctrl+Q** quit. **Esc** closes this kind of screen.
- Deployment: **Enter** on a card takes it, **1-5** puts it in spot F1 F2 F3 B1 B2, **x** takes a card
  out of a spot, **k** keeps a card for next turn, **u** undoes, **c** confirms.
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


def card_detail(catalog, kind: str, key: str) -> Text:
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


class CardBrowser(InfoScreen):
    title_text = "Paper Tales · Cards"
    BINDINGS = [Binding("slash", "filter", "Filter")]

    def __init__(self, catalog, key: str | None = None):
        super().__init__()
        self.catalog = catalog
        self.start_key = key

    def entries(self, query: str = "") -> list[tuple[str, str, str]]:
        """(kind, key, name) of the cards whose name contains the query."""
        q = query.strip().casefold()
        units = sorted(self.catalog.units.values(), key=lambda t: t.name)
        out = [("unit", t.key, t.name) for t in units if q in t.name.casefold()]
        out += [("building", b.key, b.name) for b in self.catalog.buildings.values() if q in b.name.casefold()]
        return out

    def body(self) -> ComposeResult:
        yield Input(placeholder="filter by name (/)", compact=True, id="card-filter")
        with Horizontal(id="browser"):
            yield OptionList(id="card-list")
            with VerticalScroll(id="card-pane"):
                yield Static("", id="card-text")

    def on_mount(self) -> None:
        self.fill("")
        ol = self.query_one("#card-list", OptionList)
        if self.start_key is not None:
            for k in range(ol.option_count):
                if ol.get_option_at_index(k).id.split(":", 1)[1] == self.start_key:
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
                label.append("  Building", style="italic")
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
        kind, key = event.option.id.split(":", 1)
        self.query_one("#card-text", Static).update(card_detail(self.catalog, kind, key))

    def action_filter(self) -> None:
        self.query_one("#card-filter", Input).focus()


class LogScreen(InfoScreen):
    title_text = "Paper Tales · Game log"

    def __init__(self, game):
        super().__init__()
        self.game = game

    def body(self) -> ComposeResult:
        lines = [tx.describe(self.game, e) for e in self.game.state.log if e.get("private_to") is None]
        with VerticalScroll(id="log"):
            yield Static(Text("\n".join(line for line in lines if line)), markup=False)

    def on_mount(self) -> None:
        log = self.query_one("#log")
        log.focus()
        log.scroll_end(animate=False)


class ScoreboardScreen(InfoScreen):
    title_text = "Paper Tales · Scoreboard"

    def __init__(self, game):
        super().__init__()
        self.game = game

    def body(self) -> ComposeResult:
        s = self.game.state
        head = Text.assemble((f"Turn {s.turn}/{s.turns} · {tx.PHASE_TITLES.get(s.phase, s.phase)}", "bold"),
                             f" · draw pile {len(s.deck)} · discard pile {len(s.discard)} · seed {s.seed}")
        with VerticalScroll(id="scores"):
            yield Static(head)
            yield Static(views.scoreboard(self.game))
            yield Static(Text(tx.LEGEND, style="dim"))

    def on_mount(self) -> None:
        self.query_one("#scores").focus()


class TooSmallScreen(ModalScreen):
    """Covers everything while the terminal is smaller than the game needs."""

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                yield Static("", id="too-small")

    def on_mount(self) -> None:
        self.refresh_size()

    def refresh_size(self) -> None:
        w, h = self.app.size
        self.query_one("#too-small", Static).update(
            f"Paper Tales needs a terminal of at least 80×24.\nThis one is {w}×{h}: please enlarge it.")

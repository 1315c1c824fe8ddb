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
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Input, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from ...rules import (
    FIFTH_SLOT,
    START_GOLD,
    BuildingType,
    Catalog,
    LichKingCard,
    NecropolisCard,
    SeatView,
    UnitType,
)
from ...text.help import HELP, blocks, translated_markdown
from ...text.i18n import N_, every_name, folded
from ...text.narrator import Names, narrate
from .. import panels
from .. import text as tx
from ..flow import Summary
from ..kingdom import Kingdom, kingdom_views, legend
from ..language import colon, said
from ..seats import bot_marked
from ..widgets import Prose, TextInput, option_key
from .common import GameScreen

PACKAGE = Path(__file__).resolve().parents[2]
_ = HELP.gettext


def doc_path(name: str) -> Path | None:
    """docs/`name`: shipped inside the package once installed (pyproject.toml), else the repository's."""
    return next((p for p in (PACKAGE / "docs" / name, PACKAGE.parent / "docs" / name) if p.is_file()), None)


# the placeholders of docs/how-to-play.md: the symbols, and each resource's (%(wood)s...)
SYMBOLS = {"lp": tx.LP, "gold": tx.GOLD, "age": tx.AGE, "strength": tx.STRENGTH, **tx.RESOURCE_GLYPHS}


def how_to_play() -> str:
    """docs/how-to-play.md in the help's language, its symbols filled in."""
    path = doc_path("how-to-play.md")
    return translated_markdown(path.read_text(encoding="utf-8"), SYMBOLS) if path else ""


@lru_cache(maxsize=1)
def rulings() -> list[tuple[str, str]]:
    """(section, ruling text) of every bullet of docs/rulings.md, in English (the messages; the help
    shows them with HELP.translated); empty when the file is absent."""
    path = doc_path("rulings.md")
    if path is None:
        return []
    out: list[tuple[str, str]] = []
    section = ""
    for block in blocks(path.read_text(encoding="utf-8")):
        if block.prefix.startswith("#"):
            section = block.text
        elif block.prefix == "- ":
            out.append((section, block.text))
    return out


def rulings_for(name: str) -> list[str]:
    """The rulings that name the card `name` (its English name), in the help's language."""
    pattern = re.compile(rf"\b{re.escape(name)}\b")
    return [HELP.translated(text) for _section, text in rulings() if pattern.search(text)]


def project_rulings() -> list[str]:
    """The project's own rulings, each with its section, in the help's language."""
    return [f"*{HELP.translated(section)}*{colon()}{HELP.translated(text)}" for section, text in rulings()
            if "project ruling" in text.lower()]


class InfoScreen(GameScreen):
    CSS_PATH = "info.tcss"
    BINDINGS = [Binding("escape", "close", N_("Close"))]

    def action_close(self) -> None:
        self.dismiss()


class RulesScreen(InfoScreen):
    def __init__(self) -> None:
        super().__init__()
        self.title_text = _("Paper Tales · Rules help")

    def body(self) -> ComposeResult:
        text = how_to_play()
        extra = project_rulings()
        if extra:
            text += "\n## " + _("Project rulings") + "\n\n"
            text += _("Where the printed rules leave a question open, this game plays:") + "\n\n"
            text += "\n".join(f"- {r}" for r in extra) + "\n"
        with VerticalScroll(id="rules"):
            yield Markdown(text)

    def on_mount(self) -> None:
        self.query_one("#rules").focus()


# ---- the card browser's words (the help's area) ----------------------------------------------

RESOURCE_WORDS = {"wood": N_("wood"), "food": N_("food"), "ore": N_("ore")}
PHASES = {"deployment": N_("Deployment"), "wars": N_("Wars"), "income": N_("Income"),
          "construction": N_("Construction"), "aging": N_("Aging"), "end_of_game": N_("End of the game")}
CARD_KINDS = {"building": N_("Building"), "necropolis": N_("Necropolis"), "lich_king": N_("Lich King")}
SOLO_NOTE = N_("The Necropolis and Lich King card values are this project's own design, not the printed "
               "cards; edit them in cards/necropolis.yaml and cards/lich_king.yaml.")


def styled(message: str, **values: Text | str) -> Text:
    """A translated message whose named placeholders are filled with (styled) texts."""
    out = Text()
    for k, piece in enumerate(re.split(r"%\((\w+)\)s", message)):
        out.append(values[piece] if k % 2 else piece)
    return out


def cost_words(cost: tuple[str, ...]) -> Text:
    words = (f"{tx.RESOURCE_GLYPHS[r]} {HELP.translated(RESOURCE_WORDS[r])}" for r in cost)
    return Text(" ").join(Text(w, style=tx.RESOURCE_STYLES[r]) for w, r in zip(words, cost))


def ability_line(phase: str, reveal: bool, text: str) -> Text:
    title = Text(HELP.translated(PHASES[phase]) if phase in PHASES else phase.replace("_", " "), style="italic")
    message = _("• %(phase)s (on reveal): %(text)s") if reveal else _("• %(phase)s: %(text)s")
    return styled(message, phase=title, text=text)


def unit_detail(t: UnitType) -> Text:
    name = Text(HELP.card_name(t), style="bold underline")
    figures = {"name": name, "cost": tx.gold(t.cost), "strength": tx.strength(t.strength)}
    if t.produces:
        out = styled(_("%(name)s  cost %(cost)s  strength %(strength)s  produces %(production)s"),
                     production=tx.productions(t.produces), **figures)
    else:
        out = styled(_("%(name)s  cost %(cost)s  strength %(strength)s"), **figures)
    for a in t.abilities:
        out.append("\n")
        out.append_text(ability_line(a.phase, a.reveal, HELP.translated(a.text) or a.effect.replace("_", " ")))
    if not t.abilities:
        out.append("\n" + _("• No ability."), style="dim")
    copies = HELP.ngettext("%(count)s copy in the deck.", "%(count)s copies in the deck.", t.copies)
    out.append("\n" + copies % {"count": t.copies}, style="dim")
    return out


LEVEL_LINES = {  # (level 1?, a Gold alternative?) -> the line of a level
    (True, False): N_("Level %(level)s: %(lp)s at the end · to build: %(cost)s"),
    (True, True): N_("Level %(level)s: %(lp)s at the end · to build: %(cost)s or %(gold)s"),
    (False, False): N_("Level %(level)s: %(lp)s at the end · to upgrade: %(cost)s"),
    (False, True): N_("Level %(level)s: %(lp)s at the end · to upgrade: %(cost)s or %(gold)s"),
}


def building_detail(b: BuildingType) -> Text:
    out = Text(HELP.card_name(b), style="bold underline")
    for lvl in b.levels:
        line = HELP.translated(LEVEL_LINES[lvl.level == 1, lvl.gold_alternative is not None])
        out.append("\n")
        out.append_text(styled(line, level=Text(str(lvl.level), style="bold"), lp=tx.lp(lvl.legend_points),
                               cost=cost_words(lvl.cost), gold=tx.gold(lvl.gold_alternative or 0)))
        if lvl.produces:
            out.append("\n  ")
            out.append_text(styled(_("produces %(production)s"), production=tx.productions(lvl.produces)))
        for a in lvl.abilities:
            out.append("\n  • " + (HELP.translated(a.text) or a.effect.replace("_", " ")))
    out.append("\n" + _("Building at level 1 also costs 2 Gold of land per Building you already have."),
               style="dim")
    out.append("\n" + _("Your first Building at level 2 opens your 5th spot (%(spot)s, Front).")
               % {"spot": tx.SPOT_KEYS[FIFTH_SLOT]}, style="dim")
    return out


def necropolis_detail(card: NecropolisCard) -> Text:
    name = Text(HELP.card_name(card), style="bold underline")
    if card.pile == "end":
        out = styled(_("%(name)s  Necropolis card (END)"), name=name)
        gain = _("Gain: %(lp)s for the Lich King at the end of the game")
    else:
        out = styled(_("%(name)s  Necropolis card (turn %(turn)s)"), name=name, turn=str(card.pile))
        gain = _("Gain: %(lp)s for the Lich King when the Time token reaches it")
    out.append("\n")
    out.append_text(styled(gain, lp=tx.lp(card.gain)))
    out.append("\n" + _("Armies: Black %(black)s · Purple %(purple)s") % {"black": card.black, "purple": card.purple})
    if card.quest:
        quest = HELP.translated(card.quest.text) if card.quest.text else tx.quest_short(card.quest)
        out.append("\n" + _("Quest: %(quest)s") % {"quest": quest})
    else:
        out.append("\n" + _("Quest: none (an END card has no quest)"))
    return out


def lich_card_detail(card: LichKingCard) -> Text:
    out = styled(_("%(name)s  Lich King card"), name=Text(HELP.card_name(card), style="bold underline"))
    out.append("\n" + (HELP.translated(card.text) or card.effect.replace("_", " ")))
    return out


def card_detail(catalog: Catalog, kind: str, key: str) -> Text:
    """A card in full, in the help's language: its figures, its abilities and the rulings that name it."""
    if kind in ("necropolis", "lich_king"):
        out = (necropolis_detail(catalog.necropolis[key]) if kind == "necropolis"
               else lich_card_detail(catalog.lich_king[key]))
        out.append(f"\n\n{HELP.translated(SOLO_NOTE)}", style="italic")
        return out
    if kind == "unit":
        t = catalog.units[key]
        out, name = unit_detail(t), t.name
    else:
        b = catalog.buildings[key]
        out, name = building_detail(b), b.name
    found = rulings_for(name)
    if found:
        out.append("\n\n" + _("Rulings") + "\n", style="bold underline")
        for r in found:
            out.append(f"• {r.replace('**', '')}\n")
    return out


class CardBrowser(InfoScreen):
    BINDINGS = [Binding("slash", "filter", N_("Filter"))]

    def __init__(self, catalog: Catalog, key: str | None = None):
        super().__init__()
        self.catalog = catalog
        self.start_key = key
        self.title_text = _("Paper Tales · Cards")
        self.name_width = 0  # the Units' column of names: the longest name shown (on mount)

    def entries(self, query: str = "") -> list[tuple[str, str, str]]:
        """(kind, key, name as shown) of the cards whose name, in any language, contains the query (case
        and accents ignored: "maitresse" finds the Time Master, "karczma" the Tavern); the Units in the
        alphabetical order of the names shown."""
        q = folded(query.strip())

        def found(*names: str) -> bool:
            return any(q in folded(n) for n in names)

        units = sorted(self.catalog.units.values(), key=lambda t: folded(HELP.card_name(t)))
        out = [("unit", t.key, HELP.card_name(t)) for t in units if found(*every_name(t))]
        out += [("building", b.key, HELP.card_name(b)) for b in self.catalog.buildings.values()
                if found(*every_name(b))]
        necropolis = sorted(self.catalog.necropolis.values(), key=lambda c: (str(c.pile), folded(HELP.card_name(c))))
        out += [("necropolis", c.key, HELP.card_name(c)) for c in necropolis if found(*every_name(c))]
        out += [("lich_king", c.key, HELP.card_name(c)) for c in self.catalog.lich_king.values()
                if found(*every_name(c))]
        return out

    def body(self) -> ComposeResult:
        yield TextInput(placeholder=_("filter by name (/)"), compact=True, id="card-filter")
        with Horizontal(id="browser"):
            yield OptionList(id="card-list")
            with VerticalScroll(id="card-pane"):
                yield Static("", id="card-text")

    def on_mount(self) -> None:
        units = self.catalog.units.values()
        self.name_width = max((len(HELP.card_name(t)) for t in units), default=0) + 1
        longest = self.fill("")
        ol = self.query_one("#card-list", OptionList)
        ol.styles.width = max(38, min(44, longest + 2))  # its longest line and the scrollbar
        if self.start_key is not None:
            for k in range(ol.option_count):
                if option_key(ol.get_option_at_index(k)).split(":", 1)[1] == self.start_key:
                    ol.highlighted = k
        ol.focus()

    def fill(self, query: str) -> int:
        """List the cards the query finds; the width of the longest line."""
        ol = self.query_one("#card-list", OptionList)
        ol.clear_options()
        longest = 0
        for kind, key, name in self.entries(query):
            if kind == "unit":
                label = Text.assemble(Text(name.ljust(self.name_width), style="bold"),
                                      tx.unit_stats(self.catalog.units[key]))
            else:
                label = Text(name)
                label.append(f"  {HELP.translated(CARD_KINDS[kind])}", style="italic")
            label.no_wrap, label.overflow = True, "ellipsis"  # one line per entry, whatever its length
            ol.add_option(Option(label, id=f"{kind}:{key}"))
            longest = max(longest, label.cell_len)
        if ol.option_count:
            ol.highlighted = 0
        return longest

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


class LogCame(Message):
    """(To the log screen, from any thread) the events it waited for came (a table elsewhere)."""

    def __init__(self, log: list[tuple[int, dict[str, Any]]], notes: list[tuple[int, str]]):
        super().__init__()
        self.log, self.notes = log, notes


class LogScreen(InfoScreen):
    """The game's public events; opened over a summary page, up to that page (`until` events). `log`
    None: they have not come yet (a table elsewhere): the screen says it waits, and shows them when
    they come (`came`, from any thread)."""

    def __init__(self, view: SeatView, log: list[tuple[int, dict[str, Any]]] | None, until: int | None = None,
                 notes: list[tuple[int, str]] | None = None, seed_shown: bool = False):
        super().__init__()
        self.title_text = _("Paper Tales · Game log")
        self.seed_shown = seed_shown  # (the Session's `seed_shown`: else the first line leaves the seed out)
        self.view, self.entries = view, log  # what the table may see (up to `until`), each with its place in the log
        self.until = view.log_size if until is None else until
        self.notes = notes or []  # (log length then, text): what the table did besides the rules (take-backs)

    def came(self, log: list[tuple[int, dict[str, Any]]], notes: list[tuple[int, str]]) -> None:
        """(From any thread) the events waited for."""
        self.post_message(LogCame(log, notes))

    def text(self) -> Text | Prose:
        if self.entries is None:
            return Text(_("Waiting for the table…"), style="dim")
        names = replace(Names.of(self.view).unbroken(), seed=self.seed_shown)  # (a name never split over two lines)
        notes = sorted(self.notes)
        lines: list[str | None] = []
        done = 0  # notes told
        for k, e in self.entries:
            lines += [f"{text}." for index, text in notes[done:] if index <= k]
            done = sum(1 for index, _ in notes if index <= k)
            lines.append(narrate(e, names, full=e.get("private_to") is not None))  # (the lone human's own)
        lines += [f"{text}." for index, text in notes[done:] if index <= self.until]
        return Prose("\n".join(line for line in lines if line))

    def body(self) -> ComposeResult:
        with VerticalScroll(id="log"):
            yield Static(self.text(), markup=False, id="log-text")

    def on_mount(self) -> None:
        log = self.query_one("#log")
        log.focus()
        log.scroll_end(animate=False)

    def on_log_came(self, m: LogCame) -> None:
        self.entries, self.notes = m.log, m.notes
        self.query_one("#log-text", Static).update(self.text())
        self.call_after_refresh(self.query_one("#log").scroll_end, animate=False)


class ScoreboardScreen(InfoScreen):
    """The scores and Kingdoms; opened over a summary page (`page`, a session.Summary), the LP and Gold
    are those of that page, not of the phases the game has already moved on to."""

    def __init__(self, view: SeatView, page: Summary | None = None, seats: list[str] | None = None,
                 then: tuple[dict[int, int], dict[int, int], int | None, bool] | None = None,
                 seed_shown: bool = False):
        super().__init__()
        self.title_text = _("Paper Tales · Scoreboard")
        self.view, self.page, self.seats = view, page, seats
        self.seed_shown = seed_shown  # (the Session's `seed_shown`)
        self.then = then  # the figures as of the page (Session.figures_at), with a page

    def body(self) -> ComposeResult:
        s = self.view
        lp: dict[int, int] = {}
        gold: dict[int, int] = {}
        lich_then: int | None = None  # the other sides' LP as of the page (solo: the Lich King's)
        at_page = False
        moment = _("Turn %(turn)s/%(turns)s · %(phase)s") % {"turn": s.turn, "turns": s.turns,
                                                              "phase": tx.phase_title(s.phase)}
        changed = False
        if self.page is not None and self.then is not None:
            from .summary import TITLES

            lp, gold, lich_then, changed = self.then
            at_page = True
            moment = _("Turn %(turn)s/%(turns)s · after %(chapter)s") % {
                "turn": self.page.turn, "turns": s.turns, "chapter": said(TITLES[self.page.chapters[-1][0]])}
        piles = {"deck": s.deck, "discard": s.discard, "seed": s.seed}
        head = Text.assemble((moment, "bold"), " · ", _("draw pile %(deck)s · discard pile %(discard)s · seed %(seed)s")
                             % piles if self.seed_shown else _("draw pile %(deck)s · discard pile %(discard)s") % piles)
        with VerticalScroll(id="scores"):
            yield Static(head)
            seen = bot_marked(kingdom_views(s), self.seats)  # what everyone may see
            if self.page is not None:  # the figures of the summary page on screen
                seen = [replace(k, lp=lp.get(k.player, 0), gold=gold.get(k.player, START_GOLD)) for k in seen]
            form = "tiles" if len(seen) * 12 + 8 <= self.app.size.height else "compact"
            for k in seen:
                yield Kingdom(k, form=form, lines=2, classes="score-kingdom")
            if self.page is not None and changed:
                yield Static(Text(_("Units and Buildings as they are now (the game has gone on since this page)."),
                                  style="italic"))
            yield from panels.of(s).scores(s, at_page, lich_then)
            yield Static(Text("\n".join((*tx.legend_lines(), legend())), style="dim"))

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
            _("Paper Tales needs a terminal of at least 80×24.\nThis one is %(width)s×%(height)s: please enlarge it.")
            % {"width": w, "height": h})

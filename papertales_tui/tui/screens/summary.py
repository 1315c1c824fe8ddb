"""Public summaries between decisions: Reveal & Wars, Income, Construction, Aging; in solo games also
the Lich King's Recruitment, and the Wars against his two armies."""

from __future__ import annotations

from collections import defaultdict

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Button, Static

from ...rules.cards import Quest
from ...rules.narrator import Names, narrate
from .. import text as tx
from .. import views
from ..widgets import NecropolisRow
from .common import Continue, GameScreen

TITLES = {"lich": "Lich King", "reveal": "Reveal & Wars", "income": "Income", "construction": "Construction",
          "aging": "Aging"}
HEADINGS = {"lich": "The Lich King's Recruitment"}


def sentences(game, events: list[dict]) -> Text:
    names = Names.of(game)
    lines = [s for s in (narrate(e, names) for e in events) if s]
    return Text("\n".join(lines)) if lines else Text("Nothing happened.", style="dim")


def heading(text: str) -> Text:
    return Text(f"\n{text}\n", style="bold underline")


def strength_table(game, events: list[dict]) -> Table:
    table = Table(box=None, expand=True, show_header=True, header_style="bold", pad_edge=False)
    table.add_column("Player", no_wrap=True)
    table.add_column(f"{tx.STRENGTH}", justify="right")
    table.add_column("made of", overflow="fold")
    for e in events:
        parts = ", ".join(f"{label} {value}" for label, value in e["parts"]) or "no fighting Unit"
        table.add_row(Text(game.players[e["player"]].name), str(e["strength"]), Text(parts))
    return table


def gains(game, events: list[dict]) -> Text:
    """LP and Gold totals per player over these events."""
    lp, gold = defaultdict(int), defaultdict(int)
    for e in events:
        if e["type"] == "lp":
            lp[e["player"]] += e["amount"]
        elif e["type"] == "gold":
            gold[e["player"]] += e["amount"]
    out = Text()
    for i, p in enumerate(game.players):
        if lp[i] or gold[i]:
            out.append(f"{p.name}: ", style="bold")
            if lp[i]:
                out.append_text(tx.lp(lp[i]))
                out.append(" ")
            if gold[i]:
                out.append_text(tx.gold(gold[i]))
            out.append("\n")
    return out


def kingdoms_still_as_revealed(game) -> bool:
    """Until Aging, the Kingdoms in the state are the ones that were revealed this turn."""
    return game.state.phase in ("deployment", "wars", "income", "construction") and game.state.step != "deploy"


def render_reveal(game, events: list[dict]) -> list:
    if views.is_solo(game):
        return render_solo_reveal(game, events)
    kinds = [e["type"] for e in events]
    first = kinds.index("war_strength") if "war_strength" in kinds else len(events)
    last_war = max((k for k, t in enumerate(kinds) if t == "war"), default=first - 1)
    out: list = []
    if "units_revealed" in kinds and kingdoms_still_as_revealed(game):
        out += [heading("Kingdoms"), Text("\n").join(views.kingdom_line(game, i) for i in range(len(game.players)))]
    if events[:first]:
        out += [heading("Revealed"), sentences(game, events[:first])]
    strengths = [e for e in events if e["type"] == "war_strength"]
    if strengths:
        out += [heading("War strength"), strength_table(game, strengths)]
        wars = [e for e in events if e["type"] == "war"]
        out += [heading("Wars" if len(game.players) > 2 else "Wars (2 players: one double War)"),
                sentences(game, wars)]
        after = events[last_war + 1:]
        won = gains(game, after)
        out += [heading("Won this phase"), won if won.plain else Text("nothing", style="dim")]
        rest = [e for e in after if not (e["type"] == "lp" and e["cause"] == "wars")]
        if rest:
            out += [heading("Abilities"), sentences(game, rest)]
    return out


def lich_gains(game, events: list[dict]) -> Text:
    """The Lich King's LP over these events, by source."""
    names = Names.of(game)
    by_source: dict[str, int] = defaultdict(int)
    for e in events:
        if e["type"] == "lich_lp":
            by_source[names.cause(e["source"])] += e["amount"]
    if not by_source:
        return Text()
    out = Text("Lich King: ", style="bold")
    out.append_text(tx.lp(sum(by_source.values())))
    out.append(" (" + ", ".join(f"{source} {tx.LP}{n}" for source, n in by_source.items()) + ")")
    return out


def army_table(game, events: list[dict]) -> Table:
    """Each War of a solo game: the army's strength against the Kingdom's, who won, and the cards the
    army is made of (the current Necropolis card and the one just revealed)."""
    shown = next((e for e in events if e["type"] == "necropolis_revealed"), None)
    table = Table(box=None, expand=True, header_style="bold", pad_edge=False)
    for col in ("Army", f"army {tx.STRENGTH}", f"you {tx.STRENGTH}", "won by"):
        table.add_column(col, no_wrap=True)
    table.add_column("made of", overflow="fold", ratio=1)
    for e in events:
        if e["type"] != "solo_war":
            continue
        parts = ""
        if shown is not None and shown["position"] > 0:
            now, nxt = game.necropolis_card(shown["position"] - 1), game.necropolis_card(shown["position"])
            a, b = getattr(now, e["army"]), getattr(nxt, e["army"])
            parts = f"{now.name} {a} + {nxt.name} {b}"
            if e["army_strength"] != a + b:
                parts += f" + Lich King cards {e['army_strength'] - a - b}"
        won = "both (tie)" if e["player_won"] and e["lich_won"] else "you" if e["player_won"] else "Lich King"
        table.add_row(tx.ARMY_NAMES[e["army"]], str(e["army_strength"]), str(e["strength"]), won, Text(parts))
    return table


def render_solo_reveal(game, events: list[dict]) -> list:
    """The Wars against the two armies first, then how they came about."""
    kinds = [e["type"] for e in events]
    first = kinds.index("war_strength") if "war_strength" in kinds else len(events)
    out: list = []
    if "units_revealed" in kinds and kingdoms_still_as_revealed(game):
        out += [heading("Kingdom"), views.kingdom_line(game, 0)]
    strengths = [e for e in events if e["type"] == "war_strength"]
    after = events[first:]
    if strengths:
        out += [heading("Wars against the Black and Purple armies (a tie: both win)"), army_table(game, events)]
        won = gains(game, after)
        won.append_text(lich_gains(game, after))
        out += [heading("Won this phase"), won if won.plain else Text("nothing", style="dim")]
        out += [heading("War strength"), strength_table(game, strengths)]
    if events[:first]:
        out += [heading("Revealed"), sentences(game, events[:first])]
    rest = [e for e in after if e["type"] in ("lp", "gold", "age_added") and e.get("cause") != "wars"]
    if rest:
        out += [heading("Abilities"), sentences(game, rest)]
    return out


def quest_line(game, e: dict) -> Text:
    quest = Quest(e["condition"], e["params"], e["lp_each"])
    matches = e["matches"]
    out = Text.assemble((Names.of(game).cause(e["source"]), "bold"), f" ({tx.quest_short(quest)}): ")
    out.append(", ".join(game.card(c).name for c in matches) if matches else "no match")
    out.append(" → ")
    out.append_text(tx.lp(e["lp_each"] * len(matches)))
    return out


def render_lich(game, events: list[dict]) -> list:
    out: list = []
    gain = [e for e in events if e["type"] == "lich_lp" and e["cause"] == "immediate"]
    if gain:
        out += [heading("Immediate gain of the card under the Time token"), sentences(game, gain)]
    quests = [e for e in events if e["type"] == "lich_quest"]
    left = next((e["cards"] for e in events if e["type"] == "underworld_discarded"), [])
    out += [heading(f"Quests against the {len(left)} Underworld cards"),
            Text("\n").join(quest_line(game, e) for e in quests) if quests else Text("No quest.", style="dim")]
    out += [heading("Lich King"), lich_gains(game, events) or Text("nothing this time", style="dim"),
            Text.assemble("Total ", tx.lp(game.lich_lp)),
            Text("The Underworld cards go to the discard pile.", style="dim")]
    return out


def render_income(game, events: list[dict]) -> list:
    table = Table(box=None, header_style="bold", pad_edge=False)
    for col in ("Player", "Income", "Gold now"):
        table.add_column(col)
    for e in events:
        if e["type"] == "gold":
            table.add_row(Text(game.players[e["player"]].name), f"+{tx.GOLD}{e['amount']}", f"{tx.GOLD}{e['total']}")
    return [heading("Gold earned (2 base + Units and Buildings)"), table]


def render_construction(game, events: list[dict]) -> list:
    return [heading("Buildings"), sentences(game, events)]


def render_aging(game, events: list[dict]) -> list:
    saved = [e for e in events if e["type"] == "unit_saved"]
    died = [e for e in events if e["type"] == "unit_died"]
    out: list = []
    if saved:
        out += [heading("Saved by a Mystical Healer"), sentences(game, saved)]
    out += [heading("Died"), sentences(game, died) if died else Text("No Unit died.", style="dim")]
    abilities = [e for e in events if e["type"] in ("lp", "gold")]
    if abilities:
        out += [heading("Death abilities"), sentences(game, abilities)]
    lich = [e for e in events if e["type"] in ("lich_lp", "time_moved")]
    if lich:
        out += [heading("Lich King"), sentences(game, lich)]
    out += [Text("\nEvery Unit still in play gains 1 Age token.", style="dim")]
    return out


RENDER = {"lich": render_lich, "reveal": render_reveal, "income": render_income, "construction": render_construction,
          "aging": render_aging}


class SummaryScreen(GameScreen):
    """What just happened, chapter after chapter, for everyone to see."""
    CSS_PATH = "summary.tcss"

    BINDINGS = [Binding("enter,space", "next", "Continue", priority=True)]

    def __init__(self, game, chapters: list[tuple[str, list[dict]]], turn: int | None = None):
        super().__init__()
        self.game, self.chapters = game, chapters
        s = game.state
        turn = s.turn if turn is None else turn
        self.turn = turn
        self.title_text = f"Paper Tales · Turn {turn}/{s.turns} · " + " · ".join(TITLES[c] for c, _ in chapters)

    def body(self) -> ComposeResult:
        if views.is_solo(self.game):
            yield NecropolisRow(self.game, self.turn, id="necropolis")
        with VerticalScroll(id="summary"):
            for chapter, events in self.chapters:
                title = HEADINGS.get(chapter, TITLES[chapter]).upper()
                yield Static(Text(f" {title} ", style="bold reverse"), classes="chapter-title")
                for part in RENDER[chapter](self.game, events):
                    yield Static(part, classes="summary-part")
        yield Button("Continue (Enter)", variant="primary", id="next", compact=True)

    def on_mount(self) -> None:
        self.query_one("#summary").focus()

    @on(Button.Pressed, "#next")
    def action_next(self) -> None:
        self.post_message(Continue())

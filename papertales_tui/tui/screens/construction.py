"""Construction: build or upgrade one Building (options and prices from the engine), or pass."""

from __future__ import annotations

from collections import Counter

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from .. import text as tx
from ..widgets import Notice
from .common import GameScreen, turn_title
from .hint import HINT, LEARN, HintHost


def option_label(catalog, opt: dict) -> Text:
    b = catalog.buildings[opt["building"]]
    if opt["kind"] == "upgrade":
        what, level = f"Upgrade {b.name} → 2", 2
    elif opt["level"] == 2:
        what, level = f"Build {b.name} at level 2", 2
    else:
        what, level = f"Build {b.name} at level 1", 1
    price = tx.gold(opt["gold"])
    price.pad_right(4 - price.cell_len)
    return Text.assemble(Text(what.ljust(26), style="bold"), price, " worth ", tx.lp(b.level(level).legend_points))


def not_possible(game, player: int, offered: set[str]) -> Text:
    """For display: each Building not offered, with what it needs and what is missing."""
    p = game.players[player]
    res = game.resources(player)
    out = Text()
    for key, b in game.catalog.buildings.items():
        level = p.buildings.get(key)
        if key in offered:
            continue
        out.append(f"{b.name}: ", style="bold")
        if level == 2:
            out.append("complete (level 2)\n", style="dim")
            continue
        part = b.level(1) if level is None else b.level(2)
        need = Counter(part.cost)
        out.append("build: " if level is None else "upgrade: ")
        out.append_text(Text(" ").join(tx.resource(r, n, words=True) for r, n in need.items()))
        if part.gold_alternative is not None:
            out.append(f" or {tx.GOLD}{part.gold_alternative}")
        land = game.land_cost(player) if level is None else 0
        if land:
            out.append(f" + land {tx.GOLD}{land}")
        missing = {r: n - res[r] for r, n in need.items() if n > res[r]}
        if missing:
            out.append("; missing ", style="red")
            out.append_text(Text(" ").join(tx.resource(r, n, words=True) for r, n in missing.items()))
        out.append("\n")
    return out


class ConstructionScreen(HintHost, GameScreen):
    CSS_PATH = "construction.tcss"
    BINDINGS = [Binding("p", "pass", "Pass (build nothing)"), HINT, LEARN]

    def __init__(self, game, pend):
        super().__init__()
        self.game, self.player = game, pend.player
        self.options: list[dict] = pend.options["options"]
        self.title_text = turn_title(game, game.players[self.player].name)

    def body(self) -> ComposeResult:
        with Horizontal(id="construction"):
            with Vertical(id="build-left"):
                yield Label("Build one thing, or pass (Enter)", classes="pane-title")
                yield OptionList(id="build-options")
            with VerticalScroll(id="build-side"):
                yield Static("", id="build-info")
        yield Notice(id="message")

    def on_mount(self) -> None:
        ol = self.query_one("#build-options", OptionList)
        for k, opt in enumerate(self.options):
            ol.add_option(Option(option_label(self.game.catalog, opt), id=str(k)))
        ol.add_option(Option(Text("Pass: build nothing this turn", style="italic"), id="pass"))
        ol.highlighted = 0
        ol.focus()
        self.render_info()

    def render_info(self) -> None:
        game, p = self.game, self.game.players[self.player]
        out = Text.assemble(("You have ", "bold"), tx.gold(p.gold), " · your Kingdom produces ",
                            tx.resources(game.resources(self.player)), "\n")
        out.append("Buildings: ", style="bold")
        out.append(", ".join(f"{tx.building_name(game.catalog, k)} {v}" for k, v in p.buildings.items()) or "none")
        out.append("\nPrices include land and Temple Gold, and your Units' help (Grand Architect, Wood "
                   "Merchant...).\n\n", style="dim")
        out.append("Not possible now\n", style="bold underline")
        out.append_text(not_possible(game, self.player, {o["building"] for o in self.options}))
        self.query_one("#build-info", Static).update(out)

    @on(OptionList.OptionSelected, "#build-options")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == "pass":
            self.action_pass()
        else:
            opt = self.options[int(event.option.id)]
            self.send({k: v for k, v in opt.items() if k != "gold"})

    def action_pass(self) -> None:
        self.send({"kind": "pass"})

    def send(self, decision: dict) -> None:
        error = self.app.submit(self.player, decision)
        if error:
            self.query_one("#message", Notice).say(f"Not allowed: {error}")
            self.notify(error, title="Not allowed", severity="error", markup=False)

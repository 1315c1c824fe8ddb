"""Construction: build or upgrade one Building (options and prices from the engine), or pass."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from ...rules import (
    FIFTH_SLOT,
    Build,
    Catalog,
    ConstructionOptions,
    ConstructionPrice,
    Decision,
    Pass,
    Pending,
    SeatView,
    Upgrade,
)
from ...rules import price as rules_price
from ...text.i18n import N_
from .. import panels
from .. import text as tx
from ..board_i18n import _, card_name, pgettext, styled
from ..flow import Asks
from ..kingdom import Kingdom, kingdom_view
from ..widgets import Notice, option_key
from .common import AnswersCame, GameScreen, side_width, turn_title
from .hint import HINT, LEARN, HintHost


def ask() -> str:
    return _("Build one thing or pass: Enter, then c")


def pass_label() -> Text:
    return Text(_("Pass: build nothing this turn"), style="italic")


def chosen_mark() -> Text:
    return Text("  ✓ " + _("chosen"), style="bold green")


def option_label(catalog: Catalog, opt: Build | Upgrade, chosen: bool = False) -> Text:
    b = catalog.buildings[opt.building]
    level = 2 if isinstance(opt, Upgrade) else opt.level
    what = what_label(catalog, opt.building, "upgrade" if isinstance(opt, Upgrade) else "build", level)
    price = tx.gold(rules_price(opt))
    price.pad_right(4 - price.cell_len)
    width = max(26, *(len(what_label(catalog, key, kind, n)) for key in catalog.buildings
                      for kind, n in (("build", 1), ("build", 2), ("upgrade", 2))))
    if chosen:  # in place of its worth (on the side), to stay on one line
        return Text.assemble(Text(what.ljust(width), style="bold"), price, chosen_mark())
    return Text.assemble(Text(what.ljust(width), style="bold"), price, " ",
                         styled(_("worth %(lp)s"), lp=tx.lp(b.level(level).legend_points)))


def what_label(catalog: Catalog, building: str, kind: str, level: int) -> str:
    name = card_name(catalog.buildings[building])
    if kind == "upgrade":
        return _("Upgrade %(building)s → 2") % {"building": name}
    if level == 2:
        return _("Build %(building)s at level 2") % {"building": name}
    return _("Build %(building)s at level 1") % {"building": name}


def resources_text(parts: Sequence[tuple[str, int]], words: bool = True) -> Text:
    return Text(" ").join(tx.resource(r, n, words=words) for r, n in parts)


def blocked_reason(r: ConstructionPrice, gold: int | None = None) -> Text:
    """What a Construction not possible now lacks, in words (with the Gold it costs when `gold`)."""
    short = _("%(gold)s short") % {"gold": f"{tx.GOLD}{r.short}"}
    if gold is not None:
        short = _("%(gold)s short (costs %(price)s, you have %(have)s)") % {
            "gold": f"{tx.GOLD}{r.short}", "price": f"{tx.GOLD}{r.gold}", "have": f"{tx.GOLD}{gold}"}
    if r.missing and r.short:
        return styled(_("missing %(resources)s and %(short)s"), resources=resources_text(r.missing), short=short)
    if r.missing:
        return styled(_("missing %(resources)s"), resources=resources_text(r.missing))
    return Text(short) if r.short else Text()


def blocked_label(catalog: Catalog, r: ConstructionPrice) -> Text:
    """A list entry, one line at 80 columns: the missing resources as glyphs and the Gold short
    (the highlighted entry's full reason is on the side)."""
    name = card_name(catalog.buildings[r.building])
    lacks = Text(" · ").join(
        ([styled(_("missing %(resources)s"), resources=resources_text(r.missing, words=False))] if r.missing else [])
        + ([Text(_("%(gold)s short") % {"gold": f"{tx.GOLD}{r.short}"})] if r.short else []))
    return Text.assemble(("✗ ", "bold"), _("%(building)s level %(level)s:") % {"building": name, "level": r.level},
                         " ", lacks, style="dim")


def price_lines(r: ConstructionPrice) -> list[Text]:
    """The price split: Land cost, Gold instead of resources, resources used, resources bought."""
    out = [Text.assemble((_("Price") + " ", "bold"), tx.gold(r.gold))]
    if r.land or r.kind == "build":
        out.append(Text.assemble("• ", styled(_("Land cost %(gold)s"), gold=tx.gold(r.land))))
    if r.instead:
        out.append(Text.assemble("• ", styled(_("%(gold)s instead of the resources"), gold=tx.gold(r.instead))))
    if r.resources:
        out.append(Text.assemble("• ", styled(_("made by your Kingdom: %(resources)s"),
                                              resources=resources_text(r.resources))))
    if r.bought:
        out.append(Text.assemble("• ", styled(_("%(gold)s buys %(resources)s (Unit discount)"),
                                              gold=tx.gold(sum(n for _k, n in r.bought)),
                                              resources=resources_text(r.bought))))
    return out


def building_lines(catalog: Catalog, r: ConstructionPrice) -> list[Text]:
    """What the Building does at the level this Construction gives: end-of-game LP, production,
    abilities."""
    b = catalog.buildings[r.building]
    lv = b.level(r.level)
    out = [Text(_("%(building)s, level %(level)s") % {"building": card_name(b), "level": r.level},
                style="bold underline"),
           styled(_("End of the game: %(lp)s"), lp=tx.lp(lv.legend_points))]
    if lv.produces:
        out.append(styled(_("Produces %(production)s"), production=tx.productions(lv.produces)))
    for a in lv.abilities:
        out.append(Text(f"• {tx.ability_text(a)}"))
    if r.opens_fifth:
        out.append(Text("• " + _("Your first level-2 Building: opens your 5th spot (%(spot)s, Front)")
                        % {"spot": tx.SPOT_KEYS[FIFTH_SLOT]}))
    elif not lv.produces and not lv.abilities:
        out.append(Text(_("No ability."), style="dim"))
    return out


class ConstructionScreen(HintHost, GameScreen):
    CSS_PATH = "construction.tcss"
    BINDINGS = [Binding("p", "pass", N_("Pass (build nothing)")), Binding("c", "confirm", N_("Confirm")),
                Binding("u", "undo", N_("Undo")), HINT, LEARN]

    def __init__(self, view: SeatView, pend: Pending, asks: Asks, prior: Decision | None = None):
        super().__init__()
        self.view, self.asks, self.player = view, asks, pend.player
        assert isinstance(pend.options, ConstructionOptions)
        self.options: list[Build | Upgrade] = list(pend.options.options)
        self.title_text = turn_title(view, view.players[self.player].name)
        # the entry chosen (an option's index as a string, or "pass"), not decided yet: `c` confirms
        self.choice: str | None = self.prior_choice(prior)

    def prior_choice(self, prior: Decision | None) -> str | None:
        """The entry of a Construction taken back (it comes back chosen)."""
        if prior is None:
            return None
        if isinstance(prior, Pass):
            return "pass"
        for k, opt in enumerate(self.options):
            if isinstance(prior, Build | Upgrade) and replace(opt, gold=None) == replace(prior, gold=None):
                return str(k)
        return None

    def body(self) -> ComposeResult:
        yield Kingdom(kingdom_view(self.view, self.player), form="compact", lines=2,
                      id="own-kingdom")
        with Horizontal(id="construction"):
            with Vertical(id="build-left"):
                yield Label(ask(), classes="pane-title", id="build-title")
                yield OptionList(id="build-options")
            with VerticalScroll(id="build-side") as side:
                side.styles.width = side_width(self.app.size.width, 40)
                yield Static("", id="build-info")
        yield Notice(id="message")

    report: dict[tuple[str, str, int], ConstructionPrice] | None = None  # None: not come yet (a table elsewhere)
    blocked: list[ConstructionPrice]

    def on_mount(self) -> None:
        view = self.view
        self.blocked = []
        self.asks.listen(lambda: self.post_message(AnswersCame()))
        ol = self.query_one("#build-options", OptionList)
        for k, opt in enumerate(self.options):
            ol.add_option(Option(option_label(view.catalog, opt), id=str(k)))
        ol.add_option(Option(pass_label(), id="pass"))
        self.read_report()
        ol.highlighted = ol.get_option_index(self.choice) if self.choice is not None else 0
        ol.focus()
        if self.choice is not None:
            self.choose(self.choice)
        else:
            self.show_entry(option_key(ol.get_option_at_index(ol.highlighted)))

    def read_report(self) -> bool:
        """The price list once it is known (at a table elsewhere it comes a moment after the decision:
        meanwhile the side says it waits for it); the Constructions not possible then join the list."""
        if self.report is not None:
            return False
        report = self.asks.construction_report()
        if report is None:
            return False
        self.report = {(r.building, r.kind, r.level): r for r in report}
        self.blocked = [r for r in self.report.values() if not r.possible and r.kind != "complete"]
        ol = self.query_one("#build-options", OptionList)
        for k, r in enumerate(self.blocked):
            ol.add_option(Option(blocked_label(self.view.catalog, r), id=f"x{k}"))
        return True

    def on_answers_came(self, m: AnswersCame) -> None:
        """The price list came: the side shows the entry under the cursor with it."""
        if self.read_report():
            ol = self.query_one("#build-options", OptionList)
            if ol.highlighted is not None:
                self.show_entry(option_key(ol.get_option_at_index(ol.highlighted)))

    def entry(self, option_id: str | None) -> ConstructionPrice | None:
        """The engine's report on an entry of the list (None for Pass)."""
        if option_id is None or option_id == "pass":
            return None
        if option_id.startswith("x"):
            return self.blocked[int(option_id[1:])]
        opt = self.options[int(option_id)]
        assert self.report is not None, "the price list has not come"
        return self.report[(opt.building, opt.kind, opt.level)]

    def show_entry(self, option_id: str | None) -> None:
        """The side: the entry under the cursor (a Construction's, once the price list has come)."""
        if self.report is None and option_id not in (None, "pass"):
            self.query_one("#build-info", Static).update(Text(_("Waiting for the table…"), style="dim"))
            return
        self.render_info(self.entry(option_id))

    @on(OptionList.OptionHighlighted, "#build-options")
    def highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show_entry(event.option.id)

    def render_info(self, r: ConstructionPrice | None) -> None:
        view, p = self.view, self.view.players[self.player]
        out = styled(_("You have %(gold)s · your Kingdom produces %(resources)s"), gold=tx.gold(p.gold),
                     resources=tx.resources(dict(p.resources)))
        out.append("\n")
        out.append(_("Buildings:") + " ", style="bold")
        out.append(", ".join(f"{tx.building_name(view.catalog, k)} {v}" for k, v in p.buildings)
                   or pgettext("buildings", "none"))
        out.append("\n\n")
        if r is None:
            out.append(_("Build nothing this turn: your Gold stays for the next one."), style="dim")
            for note in panels.of(view).construction_notes(view, self.player, None):
                out.append("\n")
                out.append_text(note)
        else:
            notes = panels.of(view).construction_notes(view, self.player, r.building if r.kind == "build" else None)
            lines = building_lines(view.catalog, r) + notes + [Text()] + price_lines(r)
            if not r.possible:
                lines.append(Text.assemble((_("Not possible now:") + " ", "bold red"), blocked_reason(r, p.gold)))
            out.append_text(Text("\n").join(lines))
        self.query_one("#build-info", Static).update(out)

    @on(OptionList.OptionSelected, "#build-options")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        key = option_key(event.option)
        if key.startswith("x"):
            r = self.blocked[int(key[1:])]
            reason = blocked_reason(r, self.view.players[self.player].gold).plain
            self.query_one("#message", Notice).say(_("Not possible now: %(reason)s") % {"reason": reason})
        else:
            self.choose(key)

    def label(self, key: str, chosen: bool = False) -> Text:
        if key == "pass":
            return Text.assemble(pass_label(), chosen_mark()) if chosen else pass_label()
        return option_label(self.view.catalog, self.options[int(key)], chosen)

    def choose(self, key: str | None) -> None:
        """Mark an entry as chosen (None: none), and say how to confirm it."""
        ol = self.query_one("#build-options", OptionList)
        if self.choice is not None:
            ol.replace_option_prompt(self.choice, self.label(self.choice))
        self.choice = key
        title = Text(ask())
        if key is not None:
            ol.replace_option_prompt(key, self.label(key, chosen=True))
            title = Text("✓ " + _("chosen · c: confirm · u: undo"), style="bold")
        self.query_one("#build-title", Label).update(title)
        self.query_one("#message", Notice).say("")
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if (hint := self.hint_check(action)) is not None:
            return hint
        if action in ("confirm", "undo"):
            return self.choice is not None
        return True

    def action_pass(self) -> None:
        ol = self.query_one("#build-options", OptionList)
        ol.highlighted = ol.get_option_index("pass")
        self.choose("pass")

    def action_undo(self) -> None:
        self.choose(None)

    def action_confirm(self) -> None:
        if self.choice == "pass":
            self.decide(self.player, Pass())
        elif self.choice is not None:
            opt = self.options[int(self.choice)]
            self.decide(self.player, replace(opt, gold=None))  # (the price is always the engine's)


"""Deployment board: place Units from hand, move or take out Units in play, keep one card."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from ...rules.state import FIFTH_SLOT
from .. import text as tx
from ..plan import DeployPlan
from ..preview import StrengthPreview
from ..widgets import Notice
from .common import GameScreen, turn_title
from .modals import UnpaidModal

PLACE = Binding.Group("Place", compact=True)
GIVE_UP = "choose which to give up"


class DeployScreen(GameScreen):
    BINDINGS = [
        Binding("1", "place(0)", "F1", group=PLACE),
        Binding("2", "place(1)", "F2", group=PLACE),
        Binding("3", "place(2)", "F3", group=PLACE),
        Binding("4", "place(3)", "B1", group=PLACE),
        Binding("5", "place(4)", "B2", group=PLACE),
        Binding("x,delete", "remove", "Remove"),
        Binding("k", "keep", "Keep"),
        Binding("u,ctrl+z", "undo", "Undo"),
        Binding("escape", "drop", "Drop"),
        Binding("c", "confirm", "Confirm"),
    ]

    def __init__(self, game, pend):
        super().__init__()
        self.game = game
        self.player = pend.player
        self.options = pend.options
        self.plan = DeployPlan.from_options(pend.options)
        self.preview = StrengthPreview(game, self.player)
        self.held: int | None = None
        self.title_text = turn_title(game, game.players[self.player].name)

    # --- layout -----------------------------------------------------------------------------
    def body(self) -> ComposeResult:
        with Horizontal(id="board"):
            with Vertical(id="kingdom-pane"):
                yield Label("Your Kingdom", classes="pane-title")
                yield OptionList(id="spots")
                yield Static("", id="buildings")
            with Vertical(id="hand-pane"):
                yield Label("Hand (Enter: take, 1-5: place)", classes="pane-title")
                yield OptionList(id="hand")
        yield Static("", id="status")
        yield Static("", id="card-detail")
        yield Notice(id="message")

    def on_mount(self) -> None:
        self.refresh_all()
        self.query_one("#hand", OptionList).focus()

    # --- rendering --------------------------------------------------------------------------
    def gold_left(self) -> int:
        return self.options["gold"] - sum(self.game.card(c).cost for c in self.plan.new_units())

    def refresh_all(self) -> None:
        self.render_spots()
        self.render_hand()
        self.render_status()
        self.refresh_bindings()

    def render_spots(self) -> None:
        ol = self.query_one("#spots", OptionList)
        keep = ol.highlighted
        ol.clear_options()
        ages = self.preview.ages
        for slot in range(5):
            label = Text(f"{tx.SPOT_KEYS[slot]} ", style="bold")
            card = self.plan.slots[slot]
            locked = slot not in self.options["open_slots"]
            if locked:
                label.append("locked: needs a level-2 Building", style="dim")
            elif card is None:
                label.append("— empty —", style="dim")
            else:
                label.append_text(tx.unit_line(self.game.card(card)))
                if card in ages:
                    label.append(" ")
                    label.append_text(tx.age(ages[card]))
                else:
                    label.append(" NEW", style="bold green")
            if card is not None and card == self.held:
                label.append(" ◀ held", style="reverse")
            ol.add_option(Option(label, id=f"spot-{slot}", disabled=locked and card is None))
        ol.highlighted = keep if keep is not None else 0
        p = self.game.players[self.player]
        info = Text("Buildings: ", style="bold")
        info.append(", ".join(f"{tx.building_name(self.game.catalog, k)} {v}" for k, v in p.buildings.items())
                    or "none")
        info.append("\nFront: F1 F2 (F3); Back: B1 B2", style="dim")
        self.query_one("#buildings", Static).update(info)

    def hand_entries(self) -> list[int]:
        """Hand cards, then Units taken out of play (they can be put back)."""
        return self.plan.hand + self.plan.discarded()

    def render_hand(self) -> None:
        ol = self.query_one("#hand", OptionList)
        keep = ol.highlighted
        ol.clear_options()
        left = self.gold_left()
        for card in self.hand_entries():
            t = self.game.card(card)
            label = tx.unit_line(t)
            spot = self.plan.spot_of(card)
            if card in self.plan.in_play:
                label.append(" taken out", style="bold red")
            elif spot is not None:
                label.append(f" → {tx.SPOT_KEYS[spot]}", style="bold green")
            elif card == self.plan.keep:
                label.append(" KEEP", style="bold cyan")
            elif t.cost > left:
                label.append(" ✗ too dear", style="red")
            else:
                label.append(" ✓", style="green")
            if card == self.held:
                label.append(" ◀ held", style="reverse")
            ol.add_option(Option(label, id=f"card-{card}"))
        if not self.hand_entries():
            ol.add_option(Option(Text("(no cards)", style="dim"), disabled=True))
        ol.highlighted = min(keep or 0, ol.option_count - 1)

    def render_status(self) -> None:
        gold = self.options["gold"]
        left = self.gold_left()
        out = Text.assemble("Gold ", tx.gold(gold), " · cost of new Units ", tx.gold(gold - left), " · ")
        if left >= 0:
            out.append_text(Text.assemble(tx.gold(left), " left"))
        else:
            out.append(f"short by {tx.GOLD}{-left}: you will choose what to give up", style="bold red")
        kept = self.plan.keep
        out.append(" · keep: ")
        out.append(self.game.card(kept).name if kept is not None else "nothing")
        total, parts = self.preview.breakdown(self.plan.slots)
        out.append("\nWar strength preview ")
        out.append_text(tx.strength(total))
        if parts:
            out.append(" = " + " + ".join(f"{label} {value}" for label, value in parts), style="dim")
        if self.held is not None:
            out.append(f"\nHolding {self.game.card(self.held).name}: press 1-5 or choose a spot.",
                       style="bold")
        self.query_one("#status", Static).update(out)

    def show_detail(self, card: int | None) -> None:
        detail = tx.unit_detail(self.game.card(card)) if card is not None else ""
        self.query_one("#card-detail", Static).update(detail)

    def say(self, message: str) -> None:
        self.query_one("#message", Notice).say(message)

    # --- what the cursor is on --------------------------------------------------------------
    def focused_spot(self) -> int | None:
        ol = self.query_one("#spots", OptionList)
        return ol.highlighted if self.focused is ol else None

    def focused_card(self) -> int | None:
        ol = self.query_one("#hand", OptionList)
        if self.focused is not ol or ol.highlighted is None:
            return None
        entries = self.hand_entries()
        return entries[ol.highlighted] if ol.highlighted < len(entries) else None

    def current_card(self) -> int | None:
        """The card a number key places: the held one, else the one under the cursor."""
        if self.held is not None:
            return self.held
        spot = self.focused_spot()
        if spot is not None:
            return self.plan.slots[spot]
        return self.focused_card()

    @on(OptionList.OptionHighlighted)
    def highlighted(self, event: OptionList.OptionHighlighted) -> None:
        oid = event.option.id or ""
        if oid.startswith("card-"):
            self.show_detail(int(oid[5:]))
        elif oid.startswith("spot-"):
            self.show_detail(self.plan.slots[int(oid[5:])])
        self.refresh_bindings()

    @on(OptionList.OptionSelected)
    def selected(self, event: OptionList.OptionSelected) -> None:
        oid = event.option.id or ""
        if oid.startswith("card-"):
            card = int(oid[5:])
            self.held = None if self.held == card else card
        elif oid.startswith("spot-"):
            spot = int(oid[5:])
            if self.held is not None:
                self.action_place(spot)
                return
            self.held = self.plan.slots[spot]
        self.refresh_all()

    # --- actions ----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "place":
            return self.current_card() is not None and (
                parameters[0] != FIFTH_SLOT or FIFTH_SLOT in self.options["open_slots"])
        if action == "remove":
            spot = self.focused_spot()
            if spot is not None:
                return self.plan.slots[spot] is not None
            card = self.focused_card()
            return card is not None and self.plan.spot_of(card) is not None
        if action == "keep":
            card = self.focused_card()
            return card is not None and card in self.plan.hand
        if action == "undo":
            return bool(self.plan.history)
        if action == "drop":
            return self.held is not None
        return True

    def action_place(self, spot: int) -> None:
        card = self.current_card()
        if card is None:
            return
        if spot not in self.options["open_slots"]:
            self.say("That spot is locked: it needs a level-2 Building.")
            return
        occupant = self.plan.slots[spot]
        if self.plan.spot_of(card) is None and occupant in self.plan.in_play:
            name = self.game.card(occupant).name
            self.say(f"{tx.SPOT_KEYS[spot]} holds {name}: take it out first (x) or choose another spot.")
            return
        self.plan.place(card, spot)
        self.held = None
        self.say("")
        self.refresh_all()

    def action_remove(self) -> None:
        spot = self.focused_spot()
        if spot is None:
            card = self.focused_card()
            spot = self.plan.spot_of(card) if card is not None else None
        if spot is not None:
            self.plan.remove(spot)
            self.held = None
            self.refresh_all()

    def action_keep(self) -> None:
        card = self.focused_card()
        if card is not None and card in self.plan.hand:
            self.plan.toggle_keep(card)
            self.refresh_all()

    def action_undo(self) -> None:
        self.plan.undo()
        self.held = None
        self.say("")
        self.refresh_all()

    def action_drop(self) -> None:
        self.held = None
        self.refresh_all()

    def action_confirm(self) -> None:
        error = self.app.submit(self.player, self.plan.decision())
        if error is None:
            return
        if GIVE_UP in error:
            new = self.plan.new_units()
            costs = {c: self.game.card(c).cost for c in new}
            names = {c: self.game.card(c).name for c in new}
            self.app.push_screen(UnpaidModal(new, costs, names, self.options["gold"]), self.unpaid_chosen)
            return
        self.refused(error)

    def unpaid_chosen(self, unpaid: list[int] | None) -> None:
        if unpaid is None:  # back to the board
            return
        error = self.app.submit(self.player, self.plan.decision(unpaid))
        if error:
            self.refused(error)

    def refused(self, error: str) -> None:
        self.say(f"Not allowed: {error}")
        self.notify(error, title="Not allowed", severity="error")

"""Recruitment: pick a card from the cards in front of you (2 players: pick, then discard one)."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal

from .. import text as tx
from ..widgets import Notice, RowList, TextBox
from .common import GameScreen, turn_title


class DraftScreen(GameScreen):
    CSS_PATH = "draft.tcss"
    BINDINGS = [
        Binding("u", "undo", "Undo pick"),
    ]

    def __init__(self, game, pend):
        super().__init__()
        self.game = game
        self.pend = pend
        self.player = pend.player
        self.cards: list[int] = list(pend.options["cards"])
        self.with_discard: bool = pend.options["discard"]
        self.picked: int | None = None
        self.title_text = turn_title(game, game.players[self.player].name)

    def body(self) -> ComposeResult:
        with Horizontal(id="draft"):
            yield RowList("", id="draft-cards")
            yield TextBox(id="draft-info")
        yield TextBox(id="card-detail")
        yield Notice(id="message")

    def on_mount(self) -> None:
        self.render_cards()
        self.render_info()
        self.query_one("#draft-cards", RowList).focus()
        self.show_detail(self.cards[0])

    def render_cards(self) -> None:
        rows = []
        for c in self.cards:
            line = tx.unit_line(self.game.card(c))
            if c == self.picked:
                line = Text.assemble(line, Text("  ✓ picked", style="bold green"))
            rows.append(line)
        cards = self.query_one("#draft-cards", RowList)
        cards.header = [Text("Choose a card to DISCARD (Enter or click)" if self.picked is not None
                             else "Choose a card to PICK (Enter or click)", style="bold")]
        cards.set_rows(rows)
        self.refresh_bindings()

    def show_detail(self, card: int) -> None:
        self.query_one("#card-detail", TextBox).set_text(tx.unit_detail(self.game.card(card)))

    def render_info(self) -> None:
        game, p = self.game, self.game.players[self.player]
        n = len(game.players)
        left = game.state.turn % 2 == 1
        target = game.players[(self.player + (1 if left else -1)) % n].name
        waiting = [game.players[q.player].name for q in game.pending()]
        out = Text()
        out.append("Picked this turn: ", style="bold")
        out.append(", ".join(game.card(c).name for c in p.hand) or "nothing yet")
        if p.kept is not None:
            out.append("\nKept from last turn: ", style="bold")
            out.append(f"{game.card(p.kept).name} (joins your hand after the draft)")
        out.append("\nPassing: ", style="bold")
        out.append(f"{'left' if left else 'right'} → the rest goes to {target}" if n > 2
                   else f"the rest goes to {target}")
        out.append("\nStill to pick: ", style="bold")
        out.append(", ".join(waiting))
        out.append("\nYou have ")
        out.append_text(tx.gold(p.gold))
        out.append(" and ")
        out.append_text(tx.lp(p.lp))
        self.query_one("#draft-info", TextBox).set_text(out)

    @on(RowList.Highlighted, "#draft-cards")
    def highlighted(self, event: RowList.Highlighted) -> None:
        self.show_detail(self.cards[event.index])

    @on(RowList.Selected, "#draft-cards")
    def selected(self, event: RowList.Selected) -> None:
        card = self.cards[event.index]
        if not self.with_discard:
            self.send({"kind": "pick", "card": card})
        elif self.picked is None:
            self.picked = card
            self.render_cards()
        else:
            self.send({"kind": "pick", "card": self.picked, "discard": card})

    def send(self, decision: dict) -> None:
        error = self.app.submit(self.player, decision)
        if error:
            self.query_one("#message", Notice).say(f"Not allowed: {error}")
            self.notify(error, title="Not allowed", severity="error")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return self.picked is not None
        return True

    def action_undo(self) -> None:
        self.picked = None
        self.query_one("#message", Notice).say("")
        self.render_cards()

"""The hot-seat app: runs the flow of a game over the rules engine.

After every decision the app shows, in order: the public summaries of what just happened (reveal and
wars, income, construction, aging, final scores), then the next private decision behind a hand-off
screen. Screens render state and hand decisions to `submit`; the engine says what is legal.
"""

from __future__ import annotations

import random

from textual.app import App
from textual.binding import Binding

from ..rules.catalog import default_catalog
from ..rules.engine import Game, IllegalDecision, Pending
from . import flow, seats
from .commands import CardCommands

MIN_WIDTH, MIN_HEIGHT = 80, 24
REFERENCE = Binding.Group("Help/Cards/Log/Scores")


class PaperTalesApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "Paper Tales"
    COMMANDS = App.COMMANDS | {CardCommands}
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", priority=True),
        Binding("f1", "rules", "Help", group=REFERENCE),
        Binding("f2", "cards", "Cards", group=REFERENCE),
        Binding("f3", "log", "Log", group=REFERENCE),
        Binding("f4", "scores", "Scores", group=REFERENCE),
    ]

    def __init__(self, catalog=None, seed: int | None = None):
        super().__init__()
        self.catalog = catalog if catalog is not None else default_catalog()
        self.default_seed = seed
        self.game: Game | None = None
        self.seats: list[str] = []
        self.bots: dict[int, object] = {}
        self.shown = 0  # events of the log already summarised
        self.queue: list[list[tuple[str, list[dict]]]] = []  # pages of chapters waiting to be shown
        self.last_player: int | None = None  # who made the last decision (no hand-off to oneself)

    # --- start ------------------------------------------------------------------------------
    def on_mount(self) -> None:
        from .screens.newgame import NewGameScreen

        self.push_screen(NewGameScreen())
        self.check_size()

    def start_game(self, names: list[str], seat_types: list[str], seed: int | None) -> None:
        if seed is None:
            seed = random.randrange(1_000_000)
        self.game = Game.new(names, seed=seed, catalog=self.catalog)
        self.seats = list(seat_types)
        self.bots = {i: seats.make_bot(s) for i, s in enumerate(seat_types) if seats.is_bot(s)}
        self.shown, self.queue, self.last_player = 0, [], None
        self.sub_title = f"seed {seed}"
        self.advance()

    # --- flow -------------------------------------------------------------------------------
    def show(self, screen) -> None:
        """Make `screen` the current step of the game, closing anything opened over the last one."""
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        self.call_after_refresh(self.check_size)

    def submit(self, player: int, decision: dict) -> str | None:
        """Hand a decision to the engine: None when applied, else the reason it was refused."""
        try:
            self.game.apply(player, decision)
        except IllegalDecision as err:
            return str(err)
        self.last_player = player
        self.call_next(self.advance)
        return None

    def advance(self) -> None:
        """Show what comes next: a pending summary, the final scores, or the next decision."""
        from .screens.final import FinalScreen
        from .screens.handoff import HandoffScreen
        from .screens.summary import SummaryScreen

        game = self.game
        if not self.queue:
            found = flow.chapters(game.state.log, self.shown)
            self.shown = len(game.state.log)
            page = [c for c in found if c[0] != "end"]
            self.queue = ([page] if page else []) + [[c] for c in found if c[0] == "end"]
        if self.queue:
            page = self.queue.pop(0)
            self.last_player = None
            if page[0][0] == "end":
                self.show(FinalScreen(game, page[0][1]))
            else:
                self.show(SummaryScreen(game, page))
            return
        if game.over:
            self.show(FinalScreen(game, []))
            return
        pend = self.next_pending()
        if pend is None:  # only bots were asked: they have decided, look again
            self.call_next(self.advance)
            return
        if pend.player == self.last_player:
            self.show(self.decision_screen(pend))
        else:
            self.show(HandoffScreen(game, pend))

    def next_pending(self) -> Pending | None:
        """The first human who must decide; bots asked on the way decide at once."""
        for pend in self.game.pending():
            bot = self.bots.get(pend.player)
            if bot is None:
                return pend
            self.play_bot(bot, pend)
            return None
        return None

    def play_bot(self, bot, pend: Pending) -> None:
        from ..rules.random_play import random_decision

        try:
            self.game.apply(pend.player, bot.choose(self.game, pend))
        except IllegalDecision as err:  # a bot bug must not stop the game
            self.notify(f"{self.game.players[pend.player].name} (bot): {err}; playing at random",
                        severity="warning")
            self.game.apply(pend.player, random_decision(self.game, pend, random.Random(len(self.game.state.log))))
        self.last_player = None

    def decision_screen(self, pend: Pending):
        from .screens.construction import ConstructionScreen
        from .screens.decide import AgeTargetScreen, HealScreen
        from .screens.deploy import DeployScreen
        from .screens.draft import DraftScreen

        screens = {"pick": DraftScreen, "deploy": DeployScreen, "age_target": AgeTargetScreen,
                   "construction": ConstructionScreen, "heal": HealScreen}
        return screens[pend.kind](self.game, pend)

    def new_game(self) -> None:
        from .screens.newgame import NewGameScreen

        self.game = None
        self.sub_title = ""
        self.show(NewGameScreen())

    # --- always reachable -------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("log", "scores"):
            return self.game is not None
        return True

    def _open(self, screen) -> None:
        from .screens.info import InfoScreen

        if isinstance(self.screen, InfoScreen):  # one reference screen at a time
            self.pop_screen()
        self.push_screen(screen)

    def action_rules(self) -> None:
        from .screens.info import RulesScreen

        self._open(RulesScreen())

    def action_cards(self) -> None:
        self.show_card(None)

    def show_card(self, key: str | None) -> None:
        from .screens.info import CardBrowser

        self._open(CardBrowser(self.catalog, key))

    def action_log(self) -> None:
        from .screens.info import LogScreen

        if self.game is not None:
            self._open(LogScreen(self.game))

    def action_scores(self) -> None:
        from .screens.info import ScoreboardScreen

        if self.game is not None:
            self._open(ScoreboardScreen(self.game))

    async def action_quit(self) -> None:
        from .screens.modals import ConfirmQuit

        if isinstance(self.screen, ConfirmQuit):
            self.exit()
            return

        def done(yes: bool | None) -> None:
            if yes:
                self.exit()

        self.push_screen(ConfirmQuit(), done)

    # --- terminal size ----------------------------------------------------------------------
    def on_resize(self) -> None:
        self.check_size()

    def check_size(self) -> None:
        from .screens.info import TooSmallScreen

        small = self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT
        on_top = isinstance(self.screen, TooSmallScreen)
        if small and not on_top:
            self.push_screen(TooSmallScreen())
        elif on_top:
            if small:
                self.screen.refresh_size()
            else:
                self.pop_screen()


def run_app(args, catalog) -> int:
    """Entry point of `papertales` without a subcommand."""
    PaperTalesApp(catalog, seed=getattr(args, "seed", None)).run()
    return 0

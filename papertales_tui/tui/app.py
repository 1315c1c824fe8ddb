"""The hot-seat app: runs the flow of a game over the rules engine.

After every decision the app shows, in order: the public summaries of what just happened (reveal and
wars, income, construction, aging, final scores), then the next private decision behind a hand-off
screen. Screens render state and hand decisions to `submit`; the engine says what is legal.
"""

from __future__ import annotations

import contextlib
import random
from pathlib import Path

from textual.app import App
from textual.binding import Binding
from textual.screen import ModalScreen

from ..rules.card_files import default_catalog
from ..rules.engine import Game, IllegalDecision, Pending
from . import flow, seats
from .commands import CardCommands

MIN_WIDTH, MIN_HEIGHT = 80, 24
REFERENCE = Binding.Group("")
KEY_NAMES = {"enter": "Enter", "escape": "Esc", "delete": "Del", "space": "Space", "slash": "/"}


class PaperTalesApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "Paper Tales"
    COMMANDS = App.COMMANDS | {CardCommands}
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", key_display="Ctrl+Q", priority=True),
        Binding("ctrl+s", "save_as", "Save as", key_display="Ctrl+S"),
        Binding("f1", "rules", "Help", group=REFERENCE),
        Binding("f2", "cards", "Cards", group=REFERENCE),
        Binding("f3", "log", "Log", group=REFERENCE),
        Binding("f4", "scores", "Scores", group=REFERENCE),
    ]

    def __init__(self, catalog=None, save=None, autosave: bool = False):
        super().__init__()
        self.catalog = catalog if catalog is not None else default_catalog()
        self.save = save  # a persistence.Save to resume, or None for a new game
        self.autosave = autosave
        self.game: Game | None = None
        self.seats: list[str] = []
        self.bots: dict[int, object] = {}
        self.shown = 0  # events of the log already summarised
        self.queue: list[list[tuple[str, list[dict]]]] = []  # pages of chapters waiting to be shown
        self.last_player: int | None = None  # who made the last decision (no hand-off to oneself)
        self.waiting = False  # a bot decided while a reference screen was open
        self.page_turn = 1  # the turn of the summaries being shown

    def get_key_display(self, binding: Binding) -> str:
        """Keys in words (Enter, Esc, Ctrl+S) rather than symbols a newcomer may not know."""
        if binding.key_display:
            return binding.key_display
        if "+" in binding.key:
            return "+".join(part.title() if len(part) > 1 else part.upper() for part in binding.key.split("+"))
        return KEY_NAMES.get(binding.key) or super().get_key_display(binding)

    # --- start ------------------------------------------------------------------------------
    def on_mount(self) -> None:
        from .screens.title import TitleScreen

        self.push_screen(TitleScreen(resume=False if self.save is not None else None))
        if self.save is not None:
            save, self.save = self.save, None
            self.resume(save)
        self.check_size()

    def start_game(self, names: list[str], seat_types: list[str], seed: int | None) -> None:
        if seed is None:
            seed = random.randrange(1_000_000)
        self.play(Game.new(names, seed=seed, catalog=self.catalog), seat_types)

    def start_solo_game(self, name: str, seed: int | None, difficulty: int) -> None:
        """One human against the Lich King; `difficulty` Lich King cards drawn from the seed."""
        from ..rules.solo import SoloGame

        if seed is None:
            seed = random.randrange(1_000_000)
        self.play(SoloGame.new([name], seed=seed, catalog=self.catalog, difficulty=difficulty), [seats.HUMAN])

    def play(self, game: Game, seat_types: list[str], shown: int = 0) -> None:
        """Run this game from its current state; events before `shown` are not summarised again."""
        self.game = game
        self.seats = list(seat_types)
        self.bots = {i: seats.make_bot(s, seed=game.state.seed * 101 + i)
                     for i, s in enumerate(seat_types) if seats.is_bot(s)}
        self.shown, self.queue, self.last_player, self.waiting = shown, [], None, False
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
        self.save_game()
        self.call_next(self.advance)
        return None

    def save_game(self) -> None:
        if not self.autosave:
            return
        from ..persistence import autosave

        try:
            autosave(self.game, {"seats": self.seats})
        except OSError as err:
            self.notify(f"Autosave failed: {err}", severity="warning", markup=False)

    def advance(self) -> None:
        """Show what comes next: a pending summary, the final scores, or the next decision."""
        from .screens.final import FinalScreen
        from .screens.handoff import HandoffScreen
        from .screens.summary import SummaryScreen

        game = self.game
        if not self.queue:
            found = flow.chapters(game.state.log, self.shown)
            self.page_turn = flow.turn_at(game.state.log, self.shown)
            self.shown = len(game.state.log)
            page = [c for c in found if c[0] != "end"]
            self.queue = ([page] if page else []) + [[c] for c in found if c[0] == "end"]
        if self.queue:
            page = self.queue.pop(0)
            self.last_player = None
            if page[0][0] == "end":
                self.show(FinalScreen(game, page[0][1]))
            else:
                self.show(SummaryScreen(game, page, self.page_turn))
            return
        if game.over:
            self.show(FinalScreen(game, []))
            return
        pend = self.game.pending()[0]
        if pend.player in self.bots:
            self.run_bot(pend)
        elif pend.player == self.last_player or len(self.seats) - len(self.bots) == 1:
            self.show(self.decision_screen(pend))  # no one else to hide the screen from
        else:
            self.show(HandoffScreen(game, pend))

    def run_bot(self, pend: Pending) -> None:
        """A bot decides in a worker thread, so the screen stays live while it thinks."""
        from .screens.handoff import BotScreen

        name = self.game.players[pend.player].name
        if isinstance(self.screen, BotScreen):
            self.screen.thinking(name)
        else:
            self.show(BotScreen(self.game, name))
        bot = self.bots[pend.player]

        def think() -> None:
            try:
                decision = seats.bot_decision(bot, self.game, pend)
            except Exception as err:  # a bot bug must not stop the game
                decision = {"error": f"{type(err).__name__}: {err}"}
            with contextlib.suppress(RuntimeError):  # the app may close while the bot thinks
                self.call_from_thread(self.bot_decided, pend, decision)

        self.run_worker(think, thread=True, group="bot")

    def bot_decided(self, pend: Pending, decision: dict) -> None:
        from ..rules.random_play import random_decision

        game = self.game
        try:
            game.apply(pend.player, decision)
        except IllegalDecision as err:
            self.notify(f"{game.players[pend.player].name} (bot): {decision.get('error', err)}; "
                        "it plays at random", severity="warning", markup=False)
            game.apply(pend.player, random_decision(game, pend, random.Random(len(game.state.log))))
        self.last_player = None
        self.save_game()
        if len(self.screen_stack) > 2:  # a reference screen or question is open: go on once it closes
            self.waiting = True
        else:
            self.advance()

    def flow_resumed(self) -> None:
        """The flow screen is on top again: go on if a bot decided in the meantime."""
        if self.waiting:
            self.waiting = False
            self.advance()

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
        self.show(NewGameScreen())

    def show_title(self) -> None:
        from .screens.title import TitleScreen

        self.game = None
        self.show(TitleScreen())

    def resume_autosave(self) -> None:
        """Continue the last autosave; when it is damaged (it is left as it is), the previous good one."""
        from ..persistence import SaveFileError, latest_good_autosave, load_autosave

        try:
            save = load_autosave(catalog=self.catalog)
        except SaveFileError as err:
            save = latest_good_autosave(catalog=self.catalog)
            if save is None:
                self.notify(f"Cannot continue: {err}", title="Continue", severity="error", timeout=10,
                            markup=False)
                return
            self.notify(f"{err}. That file is left as it is; here is the previous autosave "
                        f"(turn {save.game.state.turn}).", title="Damaged autosave", severity="warning", timeout=10,
                        markup=False)
        self.resume(save)

    def resume(self, save) -> None:
        """Go on with a saved game; a finished one only shows its final scores."""
        seat_types = save.settings.get("seats") or [seats.HUMAN] * len(save.game.players)
        if save.game.over:
            self.show_finished(save.game, seat_types)
            return
        self.play(save.game, seat_types, shown=len(save.game.state.log))

    def show_finished(self, game: Game, seat_types: list[str]) -> None:
        from .screens.final import FinalScreen

        self.game, self.seats, self.bots, self.queue = game, list(seat_types), {}, []
        self.shown = len(game.state.log)
        end = [events for chapter, events in flow.chapters(game.state.log, 0) if chapter == "end"]
        self.show(FinalScreen(game, end[-1] if end else [],
                              note="This game is already finished: here are its final scores."))

    # --- save as ----------------------------------------------------------------------------
    def save_as(self, path: str, overwrite: bool = False):
        """Save the game to `path`: None when saved, else the SaveFileError or OSError. An existing
        file is replaced only with `overwrite`, and never when it is not a good save file."""
        from ..persistence import SaveFileError, save_as

        try:
            save_as(self.game, Path(path).expanduser(), {"seats": self.seats}, overwrite=overwrite)
        except (SaveFileError, OSError) as err:
            return err
        return None

    def action_save_as(self) -> None:
        from .screens.modals import SaveAsModal

        if self.game is not None and not isinstance(self.screen, SaveAsModal):
            self.push_screen(SaveAsModal(default_save_name(self.game)))

    # --- always reachable -------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "save_as":
            if self.game is None:  # before importing the modals: the title screen asks this at start
                return False
            from .screens.modals import SaveAsModal

            return not isinstance(self.screen, SaveAsModal)
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

        self.push_screen(ConfirmQuit(self.quit_question()), done)

    def quit_question(self) -> str:
        if self.game is None or self.game.over:
            return "Quit Paper Tales?"
        if self.autosave:
            return "Quit Paper Tales? The game is autosaved: Continue on the title screen picks it up."
        return "Quit Paper Tales? The current game is lost."

    # --- terminal size ----------------------------------------------------------------------
    def on_resize(self) -> None:
        self.set_timer(0.05, self.check_size)  # after Textual has taken the new size

    def check_size(self) -> None:
        if len(self.screen_stack) < 2:  # starting or closing
            return
        small = self.size.width < MIN_WIDTH or self.size.height < MIN_HEIGHT
        if not small and not isinstance(self.screen, ModalScreen):  # no TooSmallScreen to take down
            return
        from .screens.info import TooSmallScreen

        on_top = isinstance(self.screen, TooSmallScreen)
        if small and not on_top:
            self.push_screen(TooSmallScreen())
        elif on_top:
            if small:
                self.screen.refresh_size()
            else:
                self.pop_screen()


def default_save_name(game: Game) -> str:
    mode = "solo" if game.state.mode == "solo" else "game"
    return f"papertales-{mode}-{game.state.seed}-turn{game.state.turn}.json"


def run_app(args, catalog) -> int:
    """Entry point of `papertales` without a subcommand."""
    PaperTalesApp(catalog, save=getattr(args, "resume_save", None), autosave=True).run()
    return 0

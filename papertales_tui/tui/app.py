"""The hot-seat app: runs the flow of a game over the rules engine.

After every decision the app shows, in order: the public summaries of what just happened (reveal and
wars, income, construction, aging, final scores), then the next private decision behind a hand-off
screen. A `Session` (tui/session.py, no Textual) says what comes next; `scene_screen` draws it.
Screens post `Decided`, `Continue` or `TakeBack` (screens/common.py) and the app handles them here;
the engine says what is legal.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import work
from textual.app import App
from textual.binding import Binding
from textual.notifications import SeverityLevel
from textual.screen import ModalScreen, Screen
from textual.worker import get_current_worker

from ..rules.card_files import default_catalog
from ..rules.decisions import Decision, Step
from ..rules.engine import Game, Pending
from . import seats
from .commands import CardCommands
from .screens.common import Continue, Decided, TakeBack
from .session import BotFailed, BotTurn, Decide, Final, Handoff, Scene, Session, Summary

if TYPE_CHECKING:
    from .screens.common import GameScreen

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

    def __init__(self, catalog=None, save=None, autosave: bool = False, notice: str | None = None):
        super().__init__()
        self.catalog = catalog if catalog is not None else default_catalog()
        self.save = save  # a persistence.Save to resume, or None for a new game
        self.autosave = autosave
        self.session: Session | None = None  # the game being played and what comes next
        self.notice = notice  # shown once the app is up (e.g. why there is no autosave)
        self.autosave_failing = False
        self.waiting = False  # a bot decided while a reference screen was open
        self.toasts: dict[tuple[str, str, str], float] = {}  # toasts on screen: until when

    @property
    def game(self) -> Game | None:
        return self.session.game if self.session is not None else None

    def playing(self) -> Session:
        """The session of the game under way (the flow below runs only while there is one)."""
        assert self.session is not None, "no game under way"
        return self.session

    def get_key_display(self, binding: Binding) -> str:
        """Keys in words (Enter, Esc, Ctrl+S) rather than symbols a newcomer may not know."""
        if binding.key_display:
            return binding.key_display
        if "+" in binding.key:
            return "+".join(part.title() if len(part) > 1 else part.upper() for part in binding.key.split("+"))
        return KEY_NAMES.get(binding.key) or super().get_key_display(binding)

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """A toast, unless the same one is still on screen (a key pressed again does not stack them)."""
        key, now = (message, title, severity), time.monotonic()
        if self.toasts.get(key, 0.0) > now:
            return
        self.toasts[key] = now + (self.NOTIFICATION_TIMEOUT if timeout is None else timeout)
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    # --- start ------------------------------------------------------------------------------
    def on_mount(self) -> None:
        from .screens.title import TitleScreen

        self.push_screen(TitleScreen(resume=False if self.save is not None else None))
        if self.notice:
            self.notify(self.notice, title="Autosave off", severity="warning", timeout=20, markup=False)
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

    def play(self, game: Game, seat_types: list[str], shown: int = 0, hints: list[int] | None = None,
             coach: object = None) -> None:
        """Run this game from its current state; events before `shown` are not summarised again."""
        self.stop_bot()
        self.close_session()
        self.session, self.waiting = Session(game, seat_types, shown, hints, coach), False
        self.go()

    # --- flow: the session says what comes next, the screens post what the players do ---------
    def show(self, screen) -> None:
        """Make `screen` the current step of the game, closing anything opened over the last one."""
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        self.call_after_refresh(self.check_size)

    def go(self) -> None:
        """Show the session's scene; a bot's turn starts the bot."""
        from .screens.handoff import BotScreen

        session = self.playing()
        scene = session.scene
        if isinstance(scene, BotTurn) and isinstance(self.screen, BotScreen):
            self.screen.thinking(session.game.players[scene.pend.player].name)
        else:
            self.show(self.scene_screen(scene))
        if isinstance(scene, BotTurn):
            self.run_bot(session, scene.pend)

    def scene_screen(self, scene: Scene) -> Screen[Any]:
        """The screen of each scene (and of each decision)."""
        from .screens.construction import ConstructionScreen
        from .screens.decide import AgeTargetScreen, HealScreen
        from .screens.deploy import DeployScreen
        from .screens.draft import DraftScreen
        from .screens.final import FinalScreen
        from .screens.handoff import BotScreen, HandoffScreen
        from .screens.summary import SummaryScreen

        game = self.playing().game
        decisions: dict[Step, Callable[[Game, Pending], GameScreen]] = {
            Step.PICK: DraftScreen, Step.DEPLOY: DeployScreen, Step.AGE_TARGET: AgeTargetScreen,
            Step.CONSTRUCTION: ConstructionScreen, Step.HEAL: HealScreen}
        screens = {
            Summary: lambda s: SummaryScreen(game, [(c, list(events)) for c, events in s.chapters], s.turn),
            Handoff: lambda s: HandoffScreen(game, s.pend, s.take_back),
            Decide: lambda s: decisions[s.pend.kind](game, s.pend),
            BotTurn: lambda s: BotScreen(game, game.players[s.pend.player].name),
            Final: lambda s: FinalScreen(game, list(s.events), note=s.note),
        }
        return screens[type(scene)](scene)

    def on_decided(self, m: Decided) -> None:
        if self.session is None:
            return
        error = self.session.submit(m.player, m.decision)
        if error is not None:
            if m.control.is_current:
                m.control.refused(error)
            return
        self.save_game()
        self.go()

    def on_continue(self, m: Continue) -> None:
        if self.session is not None:
            self.session.proceed()
            self.go()

    def on_take_back(self, m: TakeBack) -> None:
        if self.session is not None and self.session.take_back():
            self.save_game()
            self.go()

    def save_game(self) -> None:
        if not self.autosave:
            return
        from ..persistence import autosave

        session = self.playing()
        try:
            autosave(session.game, session.settings())
        except OSError as err:  # disk full, read-only, a folder in the way: play on in memory
            if not self.autosave_failing:
                self.notify(f"Autosave failed ({err.strerror or err}: {err.filename or 'autosave'}). The game "
                            "goes on; the last good autosave is kept. Ctrl+S saves elsewhere.",
                            title="Autosave", severity="warning", timeout=15, markup=False)
            self.autosave_failing = True
            return
        if self.autosave_failing:
            self.autosave_failing = False
            self.notify("Autosave works again.", title="Autosave")

    @work(exclusive=True, thread=True, group="bot")
    def run_bot(self, session: Session, pend: Pending) -> None:
        """A bot decides in a worker thread, so the screen stays live while it thinks; a new game
        cancels it (the worker is exclusive in its group)."""
        decision = session.bot_decision(pend)
        if get_current_worker().is_cancelled:
            return
        with contextlib.suppress(RuntimeError):  # the app may close while the bot thinks
            self.call_from_thread(self.bot_decided, session, pend, decision)

    def stop_bot(self) -> None:
        self.workers.cancel_group(self, "bot")

    def close_session(self) -> None:
        """Stop what the game being left runs in the background (the coach's assessments)."""
        if self.session is not None:
            self.session.close()

    def on_unmount(self) -> None:
        self.close_session()

    def bot_decided(self, session: Session, pend: Pending, decision: Decision | BotFailed) -> None:
        if session is not self.session:  # a new game started while the bot was thinking
            return
        warning = session.bot_submit(pend, decision)
        if warning:
            self.notify(warning, severity="warning", markup=False)
        self.save_game()
        if len(self.screen_stack) > 2:  # a reference screen or question is open: go on once it closes
            self.waiting = True
        else:
            self.go()

    def flow_resumed(self) -> None:
        """The flow screen is on top again: go on if a bot decided in the meantime."""
        if self.waiting:
            self.waiting = False
            self.go()

    def new_game(self) -> None:
        from .screens.newgame import NewGameScreen

        self.stop_bot()
        self.close_session()
        self.session = None
        self.show(NewGameScreen())

    def show_title(self) -> None:
        from .screens.title import TitleScreen

        self.stop_bot()
        self.close_session()
        self.session = None
        self.show(TitleScreen())

    def resume_autosave(self) -> None:
        """Resume the last autosave; when it is damaged (it is left as it is), the previous good one."""
        from ..persistence import SaveFileError, latest_good_autosave, load_autosave

        try:
            save = load_autosave(catalog=self.catalog)
        except SaveFileError as err:
            previous = latest_good_autosave(catalog=self.catalog)
            if previous is None:
                self.notify(f"Cannot resume: {err}", title="Resume", severity="error", timeout=10,
                            markup=False)
                return
            self.notify(f"{err}. That file is left as it is; here is the previous autosave "
                        f"(turn {previous.game.state.turn}).", title="Damaged autosave", severity="warning",
                        timeout=10, markup=False)
            save = previous
        self.resume(save)

    def resume(self, save) -> None:
        """Go on with a saved game; a finished one only shows its final scores."""
        seat_types = save.settings.get("seats") or [seats.HUMAN] * len(save.game.players)
        hints, coach = save.settings.get("hints"), save.settings.get("coach")
        if save.game.over:
            self.show_finished(save.game, seat_types, hints, coach)
            return
        self.play(save.game, seat_types, shown=len(save.game.state.log), hints=hints, coach=coach)

    def show_finished(self, game: Game, seat_types: list[str], hints: list[int] | None = None,
                      coach: object = None) -> None:
        self.stop_bot()
        self.close_session()
        self.session = Session.finished(game, seat_types, "This game is already finished: here are its final scores.",
                                        hints, coach)
        self.go()

    def hint_used(self, player: int, hint=None, ordinal: int | None = None) -> None:
        """A player asked the coach for a hint (tui/screens/hint.py): counted, and the hint kept for
        the review (for their decision number `ordinal`), in the save."""
        session = self.playing()
        session.hints[player] += 1
        if hint is not None and ordinal is not None:
            session.keep_hint(hint, ordinal)
        self.save_game()

    # --- save as ----------------------------------------------------------------------------
    def save_as(self, path: str, overwrite: bool = False):
        """Save the game to `path`: None when saved, else the SaveFileError or OSError. An existing
        file is replaced only with `overwrite`, and never when it is not a good save file."""
        from ..persistence import SaveFileError, save_as

        session = self.playing()
        try:
            save_as(session.game, Path(path).expanduser(), session.settings(), overwrite=overwrite)
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

        if self.session is not None:
            page = self.session.scene if isinstance(self.session.scene, Summary) else None
            self._open(LogScreen(self.session.game, page.as_of if page else None))

    def action_scores(self) -> None:
        from .screens.info import ScoreboardScreen

        if self.session is not None:
            page = self.session.scene if isinstance(self.session.scene, Summary) else None
            self._open(ScoreboardScreen(self.session.game, page))

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
        if self.autosave and not self.game.state.decisions:  # nothing saved yet (Resume would
            return ("Quit Paper Tales? Nothing is decided yet, so this game is not saved: "  # open an older game)
                    "autosave starts with the first decision.")
        if self.autosave:
            return "Quit Paper Tales? The game is autosaved: Resume it from the title screen."
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

        top = self.screen
        if small and not isinstance(top, TooSmallScreen):
            self.push_screen(TooSmallScreen())
        elif isinstance(top, TooSmallScreen):
            if small:
                top.refresh_size()
            else:
                self.pop_screen()


def default_save_name(game: Game) -> str:
    mode = "solo" if game.state.mode == "solo" else "game"
    return f"papertales-{mode}-{game.state.seed}-turn{game.state.turn}.json"


def run_app(args, catalog) -> int:
    """Entry point of `papertales` without a subcommand."""
    lock, notice = claim_autosave()
    try:
        PaperTalesApp(catalog, save=getattr(args, "resume_save", None), autosave=lock.held,
                      notice=notice).run()
    finally:
        lock.release()
    return 0


def claim_autosave():
    """The data directory's lock, and None, when this copy of the game may autosave; else the lock (not
    held) and the reason to show: only one copy autosaves, another plays on without and says so."""
    from ..persistence import DataDirLock, clean_temp_files, data_dir

    lock = DataDirLock(data_dir())
    try:
        if lock.acquire():
            clean_temp_files(data_dir())  # writes cut short by a crash of an earlier copy
            return lock, None
        return lock, (f"Another copy of Paper Tales is using the autosave in {data_dir()}: this game is "
                      "not autosaved (Ctrl+S saves it to a file).")
    except OSError as err:
        return lock, (f"The autosave folder cannot be used ({err.strerror or err}: {err.filename}): this "
                      "game is not autosaved (Ctrl+S saves it to a file).")

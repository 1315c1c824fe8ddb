"""The hot-seat app: runs the flow of a game over the rules engine.

After every decision the app shows, in order: the public summaries of what just happened (reveal and
wars, income, construction, aging, final scores), then the next private decision behind a hand-off
screen. A flow (tui/flow.py, no Textual) says what comes next; `scene_screen` draws it. Screens post
`Decided`, `Continue` or `TakeBack` (screens/common.py) and the app handles them here; the engine says
what is legal. The flow is a `Session` for a game at this keyboard (hot seat, solo: saved, bots and the
coach run here), or a `RemoteSession` for one seat of a table that `papertales host` holds (`papertales
join`: the server decides, saves and runs the bots; this app only draws the seat's scenes).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import signal
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from textual import work
from textual.binding import Binding
from textual.notifications import SeverityLevel
from textual.screen import ModalScreen
from textual.worker import get_current_worker

from ..rules import Decision, Game, Pending, SeatView, Step, default_catalog, literal, new_game
from ..text.i18n import N_
from . import coaching, modes, seats
from . import messages as msg
from .contrast import ReadableColor, ReadableMonochrome
from .flow import BACK, Asks, BotTurn, Decide, Final, Flow, Handoff, Offers, Scene, Summary, Waiting
from .host import Host
from .language import SCREENS, key_name, shorten_key_words, translate_bindings
from .palette import CardCommands
from .saving import Notice, SavePolicy, is_autosave, save_name
from .screens.common import AnswersAsked, AnswersCame, Continue, Decided, TakeBack

if TYPE_CHECKING:

    from textual.filter import LineFilter

    from ..persistence import Save, SaveFileError
    from ..persistence.table import Table
    from ..rules import Catalog
    from ..rules.coach import KeptHint
    from .following import SceneChanged
    from .screens.common import GameScreen
    from .session import BotFailed, Session

MIN_WIDTH, MIN_HEIGHT = 80, 24
INTERRUPTED = 130  # the shell's code for a program stopped by SIGINT (as cli.INTERRUPTED)
REFERENCE = Binding.Group("")


class PaperTalesApp(Host):  # (an App[object]: exits with no value, as Textual types an app's `app`)
    CSS_PATH = "app.tcss"
    TITLE = "Paper Tales"
    COMMANDS = Host.COMMANDS | {CardCommands}
    BINDINGS = [  # (their descriptions in the screens' language: translate_bindings)
        Binding("ctrl+q", "quit", N_("Quit"), key_display="Ctrl+Q", priority=True),
        Binding("ctrl+s", "save_as", N_("Save as"), key_display="Ctrl+S"),
        Binding("f1", "rules", N_("Help"), group=REFERENCE),
        Binding("f2", "cards", N_("Cards"), group=REFERENCE),
        Binding("f3", "log", N_("Log"), group=REFERENCE),
        Binding("f4", "scores", N_("Scores"), group=REFERENCE),
    ]

    def __init__(self, catalog: Catalog | None = None, save: Save | None = None, autosave: bool = False,
                 notice: str | None = None, signals: bool = False, own_autosave: bool = False,
                 served: bool = False, flow: Flow | None = None):
        super().__init__()
        translate_bindings(self)
        shorten_key_words()
        self.signals = signals  # SIGINT / SIGTERM end the app with 130 / 143 (the real program only)
        self.catalog = catalog if catalog is not None else default_catalog()
        self.save = save  # a persistence.Save to resume, or None for a new game
        self.autosave = autosave  # this copy holds the data directory's autosave (its lock)
        self.served = served  # a browser tab of `papertales serve`: Save as takes a name, not a path
        self.session: Flow | None = None  # the game being played and what comes next
        self.remote = flow  # one seat of a hosted table (`papertales join`), played from the start
        self.hosted = flow is not None
        self.drawn: Scene | None = None  # the scene on screen (a remote flow tells of changes)
        self.notice = notice  # shown once the app is up (e.g. why there is no autosave)
        # what is saved (without the lock: each game to a file of its own), resumed, and would be lost
        self.saving = SavePolicy(self.catalog, autosave, own_autosave, served)
        self.waiting = False  # a bot decided while a reference screen was open
        self.toasts: dict[tuple[str, str, str], float] = {}  # toasts on screen: until when
        self.readable = ReadableMonochrome()
        self.readable_color = ReadableColor()

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters, every text then at WCAG AA contrast: in colour, or NO_COLOR's greys
        (tui/contrast.py)."""
        from textual.filter import Monochrome

        filters = super().get_line_filters()
        if not self.no_color:  # (asked at every redraw)
            return [*filters, self.readable_color]
        return [self.readable if type(f) is Monochrome else f for f in filters]

    @property
    def game(self) -> Game | None:
        """The game under way when it is played here (None for a seat of a hosted table)."""
        local = self.local()
        return local.game if local is not None else None

    def local(self) -> Session | None:
        """The session of a game saved here, whose bots run here (its flow offers Save as and bots: the
        flow says what it offers, the app never asks which kind it is)."""
        flow = self.session
        return cast("Session", flow) if flow is not None and flow.offers.save_as and flow.offers.bots else None

    def playing(self) -> Flow:
        """The flow of the game under way (the flow below runs only while there is one)."""
        assert self.session is not None, "no game under way"
        return self.session

    def playing_here(self) -> Session:
        """The session of the game under way at this keyboard (Save as, hints: only then)."""
        local = self.local()
        assert local is not None, "no game under way at this keyboard"
        return local

    def get_key_display(self, binding: Binding) -> str:
        """Keys in words (Enter, Esc, Ctrl+S) rather than symbols a newcomer may not know."""
        if binding.key_display:
            return binding.key_display
        if "+" in binding.key:
            return "+".join(part.title() if len(part) > 1 else part.upper() for part in binding.key.split("+"))
        return key_name(binding.key) or super().get_key_display(binding)  # (in the screens' language)

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """A toast, unless the same one is still on screen (a key pressed again does not stack them)."""
        if not markup:  # text from files and players: never terminal control codes
            message = "\n".join(literal(line) for line in message.split("\n"))
        key, now = (message, title, severity), time.monotonic()
        if self.toasts.get(key, 0.0) > now:
            return
        self.toasts[key] = now + (self.NOTIFICATION_TIMEOUT if timeout is None else timeout)
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    # --- start ------------------------------------------------------------------------------
    def on_mount(self) -> None:
        from .screens.title import TitleScreen

        if self.signals:  # Ctrl+C is a key in the app; `kill -INT` and `kill -TERM` still end it, like
            loop = asyncio.get_running_loop()  # any program (every confirmed decision is autosaved)
            for sig, code in ((signal.SIGINT, INTERRUPTED), (signal.SIGTERM, 128 + signal.SIGTERM)):
                with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):  # not on Windows
                    loop.add_signal_handler(sig, self.exit, None, code)

        if self.remote is not None:  # one seat of a hosted table: its scenes only, no title screen
            self.play_remote(self.remote)
            return
        self.push_screen(TitleScreen(resume=False if self.save is not None else None))
        if self.notice:
            self.notify(self.notice, title=SCREENS.gettext("Autosave"), severity="warning", timeout=20, markup=False)
        if self.save is not None:
            save, self.save = self.save, None
            if not is_autosave(save.path):  # a saved file: its autosaves must not replace an unfinished game
                self.keep_unfinished()
            self.resume(save)
        self.check_size()

    def start_game(self, names: list[str], seat_types: list[str], seed: int | None, keep: bool = True) -> None:
        """A new game; with `keep`, an unfinished autosaved game is kept first (see `keep_unfinished`)."""
        if keep and not self.keep_unfinished():
            return
        typed = seed is not None
        if seed is None:
            seed = random.randrange(1_000_000)
        self.play(new_game(names, seed=seed, catalog=self.catalog), seat_types, seed_typed=typed)

    def start_solo_game(self, name: str, seed: int | None, difficulty: int, keep: bool = True) -> None:
        """One human against the Lich King; `difficulty` Lich King cards drawn from the seed."""
        if keep and not self.keep_unfinished():
            return
        typed = seed is not None
        if seed is None:
            seed = random.randrange(1_000_000)
        self.play(new_game([name], seed=seed, catalog=self.catalog, mode="solo", difficulty=difficulty), [seats.HUMAN],
                  seed_typed=typed)

    def play(self, game: Game, seat_types: list[str], shown: int | None = 0, hints: list[int] | None = None,
             coach: Sequence[KeptHint] = (), take_backs: object = None, seed_typed: bool = False) -> None:
        """Run this game from its current state; events before `shown` (None: all) are not summarised again.
        `seed_typed`: a player typed the seed (the screens may show it during play)."""
        from .session import Session

        self.begin(Session(game, seat_types, shown, hints, coach=coach, take_backs=take_backs, seed_typed=seed_typed))

    def begin(self, session: Session, started: bool = True) -> None:
        """Play `session` (what the game left ran in the background stops); `started`: a game to save."""
        self.stop_bot()
        self.close_session()
        self.session = session
        if started:
            self.waiting = False
            self.saving.started(session)  # a new game or a loaded one
        self.go()

    def play_remote(self, flow: Flow) -> None:
        """Play one seat of a hosted table: a worker follows it (tui/following.py: `SceneChanged`)."""
        from .following import follow

        self.session = flow
        follow(self, flow)
        self.go()

    def on_scene_changed(self, m: SceneChanged) -> None:
        self.flow_changed()

    def flow_changed(self) -> None:
        """A remote flow moved on (others decided, the connection came back...): its new scene is shown,
        unless it is the one on screen (a seat deciding keeps its screen as it is); a waiting screen is
        told who is still deciding; a reference screen or question open over it is left open (the
        scene shows when it closes)."""
        from .screens.common import GameScreen as Shown
        from .screens.waiting import WaitingScreen

        if self.session is None:
            return
        for said in self.session.news():
            self.notify(SCREENS.translated(said), markup=False)  # (a note marked N_, or a sentence told already)
            if said == BACK and isinstance(self.screen, Shown):
                self.screen.reached()
        refused = self.session.refusals()  # (a decision the table refused: its screen starts from it again)
        if refused:
            self.call_after_refresh(self.tell_refused, refused)
        if self.session.scene == self.drawn:
            if isinstance(self.screen, Shown):
                self.screen.post_message(AnswersCame())  # (a forecast it asked for, maybe)
            return
        scene = self.session.scene
        if isinstance(scene, Waiting) and isinstance(self.drawn, Waiting) and len(self.screen_stack) > 1:
            screen = self.screen_stack[1]
            if isinstance(screen, WaitingScreen) and screen.view is not None:
                self.drawn = scene
                screen.update(self.session.view(scene.seat) if scene.seat >= 0 else None, scene)
                return
        if len(self.screen_stack) > 2:  # go on once the reference screen or question closes
            self.waiting = True
        else:
            self.go()

    def tell_refused(self, refused: list[Exception]) -> None:
        from .screens.common import GameScreen as Shown

        if isinstance(self.screen, Shown):
            for error in refused:
                self.screen.refused(error)

    # --- flow: the session says what comes next, the screens post what the players do ---------
    def show(self, screen: GameScreen) -> None:
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
        self.drawn = scene
        if isinstance(scene, BotTurn) and isinstance(self.screen, BotScreen):
            self.screen.thinking(session.name(scene.pend.player))
        else:
            self.show(self.scene_screen(scene))
        local = self.local()
        if isinstance(scene, BotTurn) and local is not None:
            self.run_bot(local, scene.pend)

    def scene_screen(self, scene: Scene) -> GameScreen:
        """The screen of each scene (and of each decision)."""
        from .screens.construction import ConstructionScreen
        from .screens.decide import AgeTargetScreen, HealScreen
        from .screens.deploy import DeployScreen
        from .screens.draft import DraftScreen
        from .screens.final import FinalScreen
        from .screens.handoff import BotScreen, HandoffScreen
        from .screens.summary import SummaryScreen
        from .screens.waiting import WaitingScreen

        modes.load_panels()  # (each mode's panels, registered once)
        session = self.playing()
        table = session.view(None)  # what everyone at the table may see
        decisions: dict[Step, Callable[[SeatView, Pending, Asks, Decision | None], GameScreen]] = {
            Step.PICK: DraftScreen, Step.DEPLOY: DeployScreen, Step.AGE_TARGET: AgeTargetScreen,
            Step.CONSTRUCTION: ConstructionScreen, Step.HEAL: HealScreen}
        screens: dict[type[Scene], Callable[[Any], GameScreen]] = {  # (each takes a scene of its key's type)
            Summary: lambda s: SummaryScreen(table, [(c, list(events)) for c, events in s.chapters], s.turn,
                                             session.figures_at(s.as_of)[2]),  # (the Lich King's LP then)
            Handoff: lambda s: HandoffScreen(table, s.pend, s.take_back, s.announce),
            Decide: lambda s: decisions[s.pend.kind](session.view(s.pend.player), s.pend, session.asks(s.pend.player),
                                                     s.prior),
            BotTurn: lambda s: BotScreen(table, table.players[s.pend.player].name),
            Final: lambda s: FinalScreen(table, list(s.events), note=s.note, seat_types=session.seats,
                                         hints=session.hints),
            Waiting: lambda s: WaitingScreen(session.view(s.seat) if s.seat >= 0 else None, s, session.seats),
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
            if self.local() is not None and self.session.decisions != self.saved_decisions:  # the session decided
                self.save_game()  # for a seat (a Healer's choice at the last Aging that changes nothing): the
            self.go()  # autosave ends the game too

    def on_take_back(self, m: TakeBack) -> None:
        if self.session is not None and self.session.take_back():
            self.save_game()
            self.go()

    # --- what the screens ask (tui/messages.py) -----------------------------------------------
    def on_answers_asked(self, m: AnswersAsked) -> None:
        """A deciding screen put questions to its `Asks`: the flow answers them, and the screen is told."""
        if self.session is not None and self.session.answer():
            m.asker.post_message(AnswersCame())

    def on_new_game_asked(self, m: msg.NewGameAsked) -> None:
        self.new_game()

    def on_title_asked(self, m: msg.TitleAsked) -> None:
        self.show_title()

    def on_start_game(self, m: msg.StartGame) -> None:
        if m.difficulty is not None:
            self.start_solo_game(m.names[0], m.seed, m.difficulty, m.keep)
        else:
            self.start_game(m.names, m.seat_types, m.seed, m.keep)
        if self.session is None:  # the unfinished game could not be kept (keep_unfinished said why)
            self.notify(SCREENS.gettext("The new game did not start: tick 'Discard it' to start it anyway."),
                        severity="error", markup=False)
        elif m.table is not None:  # the form offers this table next time
            self.remember_table(m.table[0], m.names, m.seat_types, m.table[1])

    def on_language_chosen(self, m: msg.LanguageChosen) -> None:
        self.choose_language(m.lang)

    def on_resume_autosave(self, m: msg.ResumeAutosave) -> None:
        self.resume_autosave()

    def on_resume_kept(self, m: msg.ResumeKept) -> None:
        self.resume_kept(m.path)

    def on_resume_saved(self, m: msg.ResumeSaved) -> None:
        self.resume_saved(m.path)

    def on_rules_asked(self, m: msg.RulesAsked) -> None:
        self.action_rules()

    def on_show_card(self, m: msg.ShowCard) -> None:
        self.show_card(m.key)

    def on_learn(self, m: msg.Learn) -> None:
        self.learn(m.cards)

    async def on_quit_asked(self, m: msg.QuitAsked) -> None:
        await self.action_quit()

    def on_flow_resumed(self, m: msg.FlowResumed) -> None:
        self.flow_resumed()

    def on_save_as_asked(self, m: msg.SaveAsAsked) -> None:
        m.answer(m.path, self.save_as(m.path, overwrite=m.overwrite))

    def on_hint_asked(self, m: msg.HintAsked) -> None:
        """The coach's hint, in a worker thread (tui/coaching.py `hint_work`)."""
        flow = self.session
        if flow is None:
            m.answer(None)
            return
        work = coaching.hint_work(flow, m.player, m, self._from_thread, lambda: flow is self.session, self.save_game)
        if work is not None:
            self.run_worker(work, thread=True, group="hint", exclusive=True)

    def on_review_asked(self, m: msg.ReviewAsked) -> None:
        """The coach's review of the game over, in a worker thread (tui/coaching.py `review_work`)."""
        work = coaching.review_work(self.session, m.seats, m, self._from_thread) if self.session else None
        if work is not None:
            self.run_worker(work, thread=True, group="review", exclusive=True)

    def on_rematch_asked(self, m: msg.RematchAsked) -> None:
        """A rematch: the same seats, a new seed (at a hosted table, the host starts it for every seat)."""
        flow = self.session
        if flow is None or not flow.offers.rematch:
            return
        game = flow.rematch()
        if game is not None:
            self.play(game, list(flow.seats))

    @property
    def offers(self) -> Offers:
        """What the game under way offers (the screens ask: hints, review, rematch...)."""
        return self.session.offers if self.session is not None else Offers(new_game=True)

    @offers.setter
    def offers(self, value: Offers) -> None:  # (it is the flow's: nothing to set)
        pass

    def _from_thread(self, fn: Callable[..., object], *args: object) -> None:
        with contextlib.suppress(RuntimeError):  # the app closed while a worker was busy
            self.call_from_thread(fn, *args)

    def keep_unfinished(self) -> bool:
        """Before another game takes the autosave: the autosaved game is kept (`SavePolicy.keep_unfinished`);
        False, and the player is told why, when an unfinished one cannot be."""
        from .screens.title import unfinished_autosave

        kept, notices = self.saving.keep_unfinished(lambda: unfinished_autosave() is not None)
        self.tell(notices)
        return kept

    def save_game(self) -> None:
        """Autosave a game played here (a hosted table's server saves its own)."""
        local = self.local()
        if local is not None:
            self.tell(self.saving.save_game(local))

    def tell(self, notices: list[Notice]) -> None:
        """Show the save policy's notices (plain text)."""
        for n in notices:
            self.notify(n.message, title=n.title, severity=n.severity, timeout=n.timeout, markup=False)

    # (what the save policy knows of the game under way, as the app has always said it)
    @property
    def autosave_failing(self) -> bool:
        return self.saving.failing

    @property
    def saved_decisions(self) -> int:
        return self.saving.saved_decisions

    @property
    def saved_as(self) -> tuple[Path, int] | None:
        return self.saving.saved_as

    @saved_as.setter
    def saved_as(self, value: tuple[Path, int] | None) -> None:
        self.saving.saved_as = value

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
        """The flow screen is on top again: go on if a bot decided in the meantime (or, for a seat of a
        hosted table, the table moved on)."""
        if self.waiting:
            self.waiting = False
            if self.remote is not None:
                self.flow_changed()
            else:
                self.go()

    def new_game(self) -> None:
        from .screens.newgame import NewGameScreen

        self.stop_bot()
        self.close_session()
        self.session = None
        self.show(NewGameScreen(table=self.last_table()))

    def last_table(self) -> Table | None:
        return self.saving.last_table()

    def remember_table(self, mode: str, names: list[str], seat_types: list[str], difficulty: int) -> None:
        self.saving.remember_table(mode, names, seat_types, difficulty)

    def show_title(self) -> None:
        from .screens.title import TitleScreen

        self.stop_bot()
        self.close_session()
        self.session = None
        self.show(TitleScreen())

    def choose_language(self, lang: str) -> None:
        """Speak `lang` from now on: the app's keys and the title screen at once, and the next runs
        (persistence/preferences.py; not a browser tab of `papertales serve`: the computer is not the player's)."""
        from ..text.i18n import set_language
        from .screens.title import TitleScreen

        set_language(lang)
        self.saving.remember_language(lang)
        translate_bindings(self)
        shorten_key_words()
        self.show(TitleScreen())

    def resume_autosave(self) -> None:
        """Resume the last autosave; when it is damaged (it is left as it is), the previous good one."""
        save, notices = self.saving.resume_autosave()
        self.tell(notices)
        if save is not None:
            self.resume(save)

    def resume_kept(self, path: Path) -> None:
        """Play on a kept game (title screen): it becomes the autosave again, and the game autosaved
        until now is kept in its turn."""
        save, notices = self.saving.resume_kept(path)
        self.tell(notices)
        if save is not None:
            self.resume(save)
            self.saving.kept_resumed(path)

    def resume_saved(self, path: Path) -> None:
        """Play on a game saved by name (the saves folder, title screen), as `papertales --resume FILE`:
        an unfinished autosaved game is kept first."""
        save, notices = self.saving.resume_saved(path)
        self.tell(notices)
        if save is not None and self.keep_unfinished():
            self.resume(save)

    def resume(self, save: Save) -> None:
        """Go on with a saved game; a finished one only shows its final scores."""
        from .session import Session

        self.begin(Session.resumed(save), started=not save.game.over)

    def show_finished(self, game: Game, seat_types: list[str], hints: list[int] | None = None,
                      coach: Sequence[KeptHint] = ()) -> None:
        from .session import Session

        self.begin(Session.finished(game, seat_types, SCREENS.gettext(
            "This game is already finished: here are its final scores."), hints, coach), started=False)

    # --- save as ----------------------------------------------------------------------------
    def save_as(self, path: str, overwrite: bool = False) -> SaveFileError | OSError | None:
        """Save the game to `path` (`SavePolicy.save_as`): None when saved, else the error."""
        return self.saving.save_as(self.playing_here(), path, overwrite)

    def action_save_as(self) -> None:
        from .screens.modals import SaveAsModal

        if self.game is not None and not isinstance(self.screen, SaveAsModal):
            self.push_screen(SaveAsModal(self.save_name()))

    # --- always reachable -------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "save_as":
            if self.game is None:  # before importing the modals: the title screen asks this at start
                return False
            from .screens.modals import SaveAsModal

            return not isinstance(self.screen, SaveAsModal)
        if action in ("log", "scores"):
            return self.session is not None
        return True

    def _open(self, screen: GameScreen) -> None:
        from .screens.info import InfoScreen

        if isinstance(self.screen, InfoScreen):  # one reference screen at a time
            self.pop_screen()
        self.push_screen(screen)

    def action_rules(self) -> None:
        from .screens.info import RulesScreen

        self._open(RulesScreen())

    def action_cards(self) -> None:
        self.show_card(None)

    def learn(self, cards: list[tuple[str, str]]) -> None:
        """Open the card browser on a card a hint or review line mentions: straight away when it names
        one, else after asking which (`cards`: (key, name) pairs)."""
        from .screens.modals import LearnModal

        if len(cards) == 1:
            self.show_card(cards[0][0])
        elif cards:
            self.push_screen(LearnModal(cards), lambda key: self.show_card(key) if key is not None else None)

    def show_card(self, key: str | None) -> None:
        from .screens.info import CardBrowser

        self._open(CardBrowser(self.catalog, key))

    def save_name(self) -> str:
        """The file name Save as proposes for the game being played (the seed in it once it may be shown)."""
        return save_name(self.playing_here())

    def action_log(self) -> None:
        from .screens.info import LogScreen

        if self.session is not None:
            page = self.session.scene if isinstance(self.session.scene, Summary) else None
            until = page.as_of if page else None
            screen = LogScreen(self.session.view(None), None, until, seed_shown=self.session.seed_shown)
            screen.entries = self.session.public_log(until, screen.came)  # (None: they come, then shown)
            screen.notes = self.session.take_back_notes()
            self._open(screen)

    def action_scores(self) -> None:
        from .screens.info import ScoreboardScreen

        if self.session is not None:
            page = self.session.scene if isinstance(self.session.scene, Summary) else None
            then = self.session.figures_at(page.as_of) if page else None
            self._open(ScoreboardScreen(self.session.view(None), page, self.session.seats, then,
                                        seed_shown=self.session.seed_shown))

    async def action_quit(self) -> None:
        from .screens.modals import SAVE_FIRST, ConfirmQuit, SaveAsModal

        if isinstance(self.screen, ConfirmQuit):
            self.exit()
            return

        def ask_again(path: object) -> None:
            self.call_later(self.action_quit)

        def done(answer: bool | str | None) -> None:
            if answer == SAVE_FIRST:  # Save as, then the question again (saying where the game went)
                self.push_screen(SaveAsModal(self.save_name()), ask_again)
            elif answer:
                self.exit()

        self.push_screen(ConfirmQuit(self.quit_question(), offer_save=self.unsaved() is not None), done)

    def unsaved(self) -> int | None:
        """How many decisions of the game under way quitting would lose (None: nothing)."""
        return self.saving.unsaved(self.local())

    def quit_question(self) -> str:
        if self.remote is not None:
            return SCREENS.gettext("Leave the table? The game goes on without this screen: open the seat's link "
                                   "again to come back where you were.")
        return self.saving.quit_question(self.local())

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

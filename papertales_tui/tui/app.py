"""The app: routes what the screens post to the game under way, and shows its scenes.

After every decision the app shows, in order: the public summaries of what just happened (reveal and
wars, income, construction, aging, final scores), then the next private decision behind a hand-off
screen. A flow (tui/flow.py, no Textual) says what comes next; the router (tui/router.py) draws it.
Screens post `Decided`, `Continue` or `TakeBack` (screens/common.py) and the messages of
tui/messages.py; the app hands them on: to the flow (the engine says what is legal), to the conductor
(tui/conductor.py, no Textual: the game begun, saved, resumed, its bots), to the coach's jobs
(tui/coaching.py). The flow is a `Session` made here for a game at this keyboard (hot seat, solo), or
one seat of a table that `papertales host` holds (`papertales join`); the app never asks which: the
flow's `Offers` say what it offers (Save as, hints, the review, bots, a rematch).
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from textual.binding import Binding
from textual.notifications import SeverityLevel

from ..rules import default_catalog  # (the engine loads when a game starts)
from ..text.i18n import N_
from . import coaching, launcher, seats
from . import messages as msg
from .actions import Actions
from .conductor import Conductor, Started
from .contrast import ReadableColor, ReadableMonochrome
from .flow import Flow, Offers, Scene
from .keys import Toasts, key_display, plain
from .language import SCREENS, shorten_key_words, translate_bindings
from .palette import CardCommands
from .router import Router
from .saving import SavePolicy, is_autosave
from .screens.common import AnswersAsked, AnswersCame, Continue, Decided, TakeBack

if TYPE_CHECKING:
    from pathlib import Path

    from textual.filter import LineFilter

    from ..persistence import Save
    from ..rules import Catalog, Game
    from ..rules.coach import KeptHint
    from .following import SceneChanged
    from .session import Session

INTERRUPTED = 130  # the shell's code for a program stopped by SIGINT (as cli.INTERRUPTED)
REFERENCE = Binding.Group("")


class PaperTalesApp(Router, Actions):  # (an App[object]: exits with no value, as Textual types an app's `app`)
    CSS_PATH = "app.tcss"
    TITLE = "Paper Tales"
    COMMANDS = Router.COMMANDS | {CardCommands}
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
        self.joined = flow  # one seat of a hosted table (`papertales join`), played from the start
        self.drawn: Scene | None = None
        self.notice = notice  # shown once the app is up (e.g. why there is no autosave)
        # what is saved (without the lock: each game to a file of its own), resumed, and would be lost
        self.saving = SavePolicy(self.catalog, autosave, own_autosave, served)
        self.conductor = Conductor(self.catalog, self.saving, leaving=self.stop_bot)
        self.toasts = Toasts()
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
    def session(self) -> Flow | None:
        """The flow of the game under way (None on the title screen and the New game form)."""
        return self.conductor.flow

    @session.setter
    def session(self, flow: Flow | None) -> None:
        self.conductor.flow = flow

    @property
    def game(self) -> Game | None:
        """The game under way when it is played here (None for a seat of a hosted table)."""
        here = self.conductor.here
        return here.game if here is not None else None

    @property
    def offers(self) -> Offers:
        """What the game under way offers (the screens ask: hints, review, rematch...)."""
        return self.session.offers if self.session is not None else Offers(new_game=True)

    @offers.setter
    def offers(self, value: Offers) -> None:  # (it is the flow's: nothing to set)
        pass

    def get_key_display(self, binding: Binding) -> str:
        return key_display(binding) or super().get_key_display(binding)  # (keys in words: tui/keys.py)

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """A toast, unless the same one is still on screen (tui/keys.py)."""
        message = message if markup else plain(message)
        if self.toasts.shown(message, title, severity, self.NOTIFICATION_TIMEOUT if timeout is None else timeout):
            super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    # --- start ------------------------------------------------------------------------------
    def on_mount(self) -> None:
        from .screens.title import TitleScreen

        if self.signals:  # Ctrl+C is a key in the app; `kill -INT` and `kill -TERM` still end it, like
            loop = asyncio.get_running_loop()  # any program (every confirmed decision is autosaved)
            for sig, code in ((signal.SIGINT, INTERRUPTED), (signal.SIGTERM, 128 + signal.SIGTERM)):
                with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):  # not on Windows
                    loop.add_signal_handler(sig, self.exit, None, code)

        if self.joined is not None:  # one seat of a hosted table: its scenes only, no title screen
            self.play_remote(self.joined)
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

    def start_game(self, names: list[str], seat_types: list[str], seed: int | None, keep: bool = True,
                   difficulty: int | None = None) -> bool:
        """A new game (`difficulty`: solo against the Lich King); with `keep`, an unfinished autosaved game
        is kept first, and the game does not start when it cannot be (the player is told why)."""
        return self.started(self.conductor.start(launcher.NewTable(tuple(names), tuple(seat_types), seed, difficulty),
                                                 keep, unfinished))

    def start_solo_game(self, name: str, seed: int | None, difficulty: int, keep: bool = True) -> bool:
        """One human against the Lich King; `difficulty` Lich King cards drawn from the seed."""
        return self.start_game([name], [seats.HUMAN], seed, keep, difficulty)

    def play(self, game: Game, seat_types: list[str], shown: int | None = 0, hints: list[int] | None = None,
             coach: Sequence[KeptHint] = (), take_backs: object = None, seed_typed: bool = False) -> None:
        """Run this game from its current state (tui/launcher.py `played`)."""
        self.begin(launcher.played(game, seat_types, shown, hints, coach, take_backs, seed_typed))

    def show_finished(self, game: Game, seat_types: list[str], hints: list[int] | None = None,
                      coach: Sequence[KeptHint] = ()) -> None:
        self.begin(launcher.finished(game, seat_types, hints, coach), started=False)

    def begin(self, session: Session, started: bool = True) -> None:
        """Play `session` (what the game left ran in the background stops); `started`: a game to save."""
        self.conductor.begin(session, started)
        self.go()

    def resume(self, save: Save) -> None:
        """Go on with a saved game; a finished one only shows its final scores."""
        self.conductor.resume(save)
        self.go()

    def started(self, begun: Started) -> bool:
        """Tell what the conductor says, then show the game it began (if it did)."""
        self.tell(begun[1])
        if begun[0]:
            self.go()
        return begun[0]

    def play_remote(self, flow: Flow) -> None:
        """Play one seat of a hosted table: a worker follows it (tui/following.py: `SceneChanged`)."""
        from .following import follow

        self.conductor.join(flow)
        follow(self, flow)
        self.go()

    def on_scene_changed(self, m: SceneChanged) -> None:
        if self.is_running:  # (a change that comes while the app closes shows nowhere: its screens are going)
            self.flow_changed()

    def keep_unfinished(self) -> bool:
        """Before another game takes the autosave: the autosaved game is kept (`SavePolicy.keep_unfinished`);
        False, and the player is told why, when an unfinished one cannot be."""
        kept, notices = self.saving.keep_unfinished(unfinished)
        self.tell(notices)
        return kept

    def save_game(self) -> None:
        """Autosave a game played here (a hosted table's server saves its own)."""
        self.tell(self.conductor.save())

    def on_unmount(self) -> None:
        self.conductor.close()

    # --- what the screens post: the flow's moves (screens/common.py) ---------------------------
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
            self.tell(self.conductor.proceed())
            self.go()

    def on_take_back(self, m: TakeBack) -> None:
        if self.session is not None and self.session.take_back():
            self.save_game()
            self.go()

    def on_answers_asked(self, m: AnswersAsked) -> None:
        """A deciding screen put questions to its `Asks`: the flow answers them, and the screen is told."""
        if self.session is not None and self.session.answer():
            m.asker.post_message(AnswersCame())

    def on_flow_resumed(self, m: msg.FlowResumed) -> None:
        """The flow screen is on top again: go on if the flow moved on in the meantime (a bot decided, the
        hosted table went on)."""
        if self.conductor.waiting:
            self.conductor.waiting = False
            self.flow_changed()

    # --- what the screens ask (tui/messages.py) -----------------------------------------------
    def on_new_game_asked(self, m: msg.NewGameAsked) -> None:
        self.new_game()

    def new_game(self) -> None:
        from .screens.newgame import NewGameScreen

        self.conductor.leave()
        self.show(NewGameScreen(table=self.saving.last_table()))

    def on_title_asked(self, m: msg.TitleAsked) -> None:
        self.show_title()

    def show_title(self) -> None:
        from .screens.title import TitleScreen

        self.conductor.leave()
        self.show(TitleScreen())

    def on_start_game(self, m: msg.StartGame) -> None:
        if not self.start_game(m.names, m.seat_types, m.seed, m.keep, m.difficulty):
            self.notify(SCREENS.gettext("The new game did not start: tick 'Discard it' to start it anyway."),
                        severity="error", markup=False)  # (the unfinished game could not be kept: told why)
        elif m.table is not None:  # the form offers this table next time
            self.saving.remember_table(m.table[0], m.names, m.seat_types, m.table[1])

    def on_language_chosen(self, m: msg.LanguageChosen) -> None:
        """Speak `lang` from now on: the app's keys and the title screen at once, and the next runs
        (persistence/preferences.py; not a browser tab of `papertales serve`: the computer is not the player's)."""
        from ..text.i18n import set_language
        from .screens.title import TitleScreen

        set_language(m.lang)
        self.saving.remember_language(m.lang)
        translate_bindings(self)
        shorten_key_words()
        self.show(TitleScreen())

    def on_resume_autosave(self, m: msg.ResumeAutosave) -> None:
        self.started(self.conductor.resume_autosave())

    def on_resume_kept(self, m: msg.ResumeKept) -> None:
        self.resume_kept(m.path)

    def resume_kept(self, path: Path) -> None:
        self.started(self.conductor.resume_kept(path))

    def on_resume_saved(self, m: msg.ResumeSaved) -> None:
        self.started(self.conductor.resume_saved(m.path, unfinished))

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
        if self.conductor.rematch():
            self.go()

    def _from_thread(self, fn: Callable[..., object], *args: object) -> None:
        with contextlib.suppress(RuntimeError):  # the app closed while a worker was busy
            self.call_from_thread(fn, *args)

    # (what the conductor knows of the game under way, as the app has always said it)
    def unsaved(self) -> int | None:
        return self.conductor.unsaved()

    def quit_question(self) -> str:
        return self.conductor.quit_question()

    def save_name(self) -> str:
        return self.conductor.save_name()


def unfinished() -> bool:
    """Whether the autosave holds a game in progress (the title screen's quick look)."""
    from .screens.title import unfinished_autosave

    return unfinished_autosave() is not None

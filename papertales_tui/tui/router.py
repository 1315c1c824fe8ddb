"""The app's screen router: the flow's scene on screen (`go`: the screen of each scene, `scene_screen`),
a flow that moved on by itself (`flow_changed`: a joined seat's table, a bot that decided while a
reference screen was open), a bot's turn run in a Textual worker (the decision's policy is the
conductor's, tui/conductor.py), and the screen that asks for a larger terminal (`check_size`).
The app (tui/app.py) is a `Router`; the flow and the conductor know no Textual."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual import work
from textual.screen import ModalScreen
from textual.worker import get_current_worker

from ..rules import Step
from . import modes
from .flow import BACK, BotTurn, Decide, Final, Handoff, Scene, Summary, Waiting
from .host import Host
from .language import SCREENS
from .screens.common import AnswersCame

if TYPE_CHECKING:
    from ..rules import Decision, Pending, SeatView
    from .bot_runner import BotJob
    from .conductor import Conductor
    from .flow import Asks, Flow
    from .saving import Notice
    from .screens.common import GameScreen
    from .session import BotFailed

MIN_WIDTH, MIN_HEIGHT = 80, 24


class Router(Host):
    """Shows the scenes of the conductor's flow (the app's)."""

    conductor: Conductor
    drawn: Scene | None  # the scene on screen (a flow that moves on by itself tells of changes)

    def playing(self) -> Flow:
        """The flow of the game under way (the screens below run only while there is one)."""
        assert self.conductor.flow is not None, "no game under way"
        return self.conductor.flow

    def tell(self, notices: list[Notice]) -> None:
        """Show the notices of the save policy and the conductor (plain text)."""
        for n in notices:
            self.notify(n.message, title=n.title, severity=n.severity, timeout=n.timeout, markup=False)

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
        """Show the flow's scene; a bot's turn starts the bot when its game runs its bots here."""
        from .screens.handoff import BotScreen

        flow = self.playing()
        scene = flow.scene
        self.drawn = scene
        if isinstance(scene, BotTurn) and isinstance(self.screen, BotScreen):
            self.screen.thinking(flow.name(scene.pend.player))
        else:
            self.show(self.scene_screen(scene))
        job = self.conductor.bot_job()
        if job is not None:
            self.run_bot(job)

    def go_or_wait(self) -> None:
        """Go on, or once the reference screen or question open over the game closes (`flow_resumed`)."""
        if len(self.screen_stack) > 2:
            self.conductor.waiting = True
        else:
            self.go()

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
        flow = self.playing()
        table = flow.view(None)  # what everyone at the table may see
        decisions: dict[Step, Callable[[SeatView, Pending, Asks, Decision | None], GameScreen]] = {
            Step.PICK: DraftScreen, Step.DEPLOY: DeployScreen, Step.AGE_TARGET: AgeTargetScreen,
            Step.CONSTRUCTION: ConstructionScreen, Step.HEAL: HealScreen}
        screens: dict[type[Scene], Callable[[Any], GameScreen]] = {  # (each takes a scene of its key's type)
            Summary: lambda s: SummaryScreen(table, [(c, list(events)) for c, events in s.chapters], s.turn,
                                             flow.figures_at(s.as_of)[2]),  # (the Lich King's LP then)
            Handoff: lambda s: HandoffScreen(table, s.pend, s.take_back, s.announce),
            Decide: lambda s: decisions[s.pend.kind](flow.view(s.pend.player), s.pend, flow.asks(s.pend.player),
                                                     s.prior),
            BotTurn: lambda s: BotScreen(table, table.players[s.pend.player].name),
            Final: lambda s: FinalScreen(table, list(s.events), note=s.note, seat_types=flow.seats,
                                         hints=flow.hints),
            Waiting: lambda s: WaitingScreen(flow.view(s.seat) if s.seat >= 0 else None, s, flow.seats),
        }
        return screens[type(scene)](scene)

    def flow_changed(self) -> None:
        """The flow moved on by itself (others decided at a hosted table, the connection came back, a bot
        decided while a reference screen was open): its new scene is shown, unless it is the one on screen
        (a seat deciding keeps its screen as it is); a waiting screen is told who is still deciding; a
        reference screen or question open over it is left open (the scene shows when it closes)."""
        from .screens.common import GameScreen as Shown
        from .screens.waiting import WaitingScreen

        flow = self.conductor.flow
        if flow is None:
            return
        for said in flow.news():
            self.notify(SCREENS.translated(said), markup=False)  # (a note marked N_, or a sentence told already)
            if said == BACK and isinstance(self.screen, Shown):
                self.screen.reached()
        refused = flow.refusals()  # (a decision the table refused: its screen starts from it again)
        if refused:
            self.call_after_refresh(self.tell_refused, refused)
        if flow.scene == self.drawn:
            if isinstance(self.screen, Shown):
                self.screen.post_message(AnswersCame())  # (a forecast it asked for, maybe)
            return
        scene = flow.scene
        if isinstance(scene, Waiting) and isinstance(self.drawn, Waiting) and len(self.screen_stack) > 1:
            screen = self.screen_stack[1]
            if isinstance(screen, WaitingScreen) and screen.view is not None:
                self.drawn = scene
                screen.update(flow.view(scene.seat) if scene.seat >= 0 else None, scene)
                return
        self.go_or_wait()

    def tell_refused(self, refused: list[Exception]) -> None:
        from .screens.common import GameScreen as Shown

        if isinstance(self.screen, Shown):
            for error in refused:
                self.screen.refused(error)

    # --- a bot's turn ----------------------------------------------------------------------------
    @work(exclusive=True, thread=True, group="bot")
    def run_bot(self, job: BotJob) -> None:
        """A bot decides in a worker thread, so the screen stays live while it thinks; a new game
        cancels it (the worker is exclusive in its group)."""
        decision = job.decide()
        if get_current_worker().is_cancelled:
            return
        with contextlib.suppress(RuntimeError):  # the app may close while the bot thinks
            self.call_from_thread(self.bot_decided, job, decision)

    def stop_bot(self) -> None:
        self.workers.cancel_group(self, "bot")

    def bot_decided(self, job: BotJob, decision: Decision | BotFailed) -> None:
        notices = self.conductor.bot_decided(job, decision)
        if notices is not None:  # (None: a new game started while the bot was thinking)
            self.tell(notices)
            self.go_or_wait()

    # --- terminal size ---------------------------------------------------------------------------
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

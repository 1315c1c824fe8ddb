"""The game this app plays, without Textual: its flow, what is saved of it and how a saved game goes
on (`SavePolicy`, tui/saving.py), and its bots' turns (tui/bot_runner.py). The app (tui/app.py) shows
the flow's scene and the `Notice`s returned here; it never asks which kind of flow it plays: a game
made here (tui/launcher.py) is saved here and its bots run here, what a flow offers says the rest
(`Offers`: Save as, bots, a rematch, the one seat a device plays)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import launcher
from .bot_runner import BotJob, bot_job
from .language import SCREENS
from .saving import Notice

if TYPE_CHECKING:
    from pathlib import Path

    from ..persistence import Save, SaveFileError
    from ..rules import Catalog, Decision
    from .flow import Flow
    from .saving import SavePolicy
    from .session import BotFailed, Session

Started = tuple[bool, list[Notice]]  # (whether a game began, what to tell first)


class Conductor:
    """What this app plays now (`flow`; None on the title screen and the New game form), and what it
    keeps of it. `leaving` is called before another game begins or the game is left (the app stops
    the work it runs for it)."""

    def __init__(self, catalog: Catalog, saving: SavePolicy, leaving: Callable[[], None] = lambda: None):
        self.catalog = catalog
        self.saving = saving
        self.leaving = leaving
        self.flow: Flow | None = None
        self._made: Session | None = None  # the last game made here (see `here`)
        self.waiting = False  # the flow moved on while a reference screen or question was open

    @property
    def here(self) -> Session | None:
        """The game under way when this app made it (at one keyboard: saved here, its bots run here);
        None for a seat of a table another computer holds."""
        made = self._made
        return made if made is not None and made is self.flow else None

    # --- beginning and leaving -----------------------------------------------------------------
    def begin(self, session: Session, started: bool = True) -> None:
        """Play `session` (what the game left ran in the background stops); `started`: a game to save
        (a new game or a loaded one: all of it is saved, as far as it goes)."""
        self.leave()
        self.flow = self._made = session
        if started:
            self.waiting = False
            self.saving.started(session)

    def join(self, flow: Flow) -> None:
        """Play one seat of a table held elsewhere (`papertales join`): its host saves it and runs its bots."""
        self.leave()
        self.flow = flow

    def leave(self) -> None:
        """No game under way any more: what it ran in the background stops."""
        self.leaving()
        if self.flow is not None:
            self.flow.close()
        self.flow = self._made = None

    def close(self) -> None:
        """The app closes: what the game runs in the background stops (the game stays shown)."""
        if self.flow is not None:
            self.flow.close()

    def start(self, table: launcher.NewTable, keep: bool, unfinished: Callable[[], bool]) -> Started:
        """A new game of `table`; with `keep`, an unfinished autosaved game is kept first (`unfinished`:
        whether there is one), and the game does not begin when it cannot be."""
        notices: list[Notice] = []
        if keep:
            kept, notices = self.saving.keep_unfinished(unfinished)
            if not kept:
                return False, notices
        self.begin(launcher.new_session(self.catalog, table))
        return True, notices

    def resume(self, save: Save, kept: Path | None = None) -> None:
        """Go on with a saved game (a finished one only shows its final scores); `kept`: the kept game's
        file it came from, which this copy's own autosaves then go on in."""
        self.begin(launcher.resumed(save), started=not save.game.over)
        if kept is not None:
            self.saving.kept_resumed(kept)

    def resume_autosave(self) -> Started:
        """The last autosave; when it is damaged (it is left as it is), the previous good one."""
        save, notices = self.saving.resume_autosave()
        if save is not None:
            self.resume(save)
        return save is not None, notices

    def resume_kept(self, path: Path) -> Started:
        """A kept game (title screen): it becomes the autosave again, and the game autosaved until now
        is kept in its turn."""
        save, notices = self.saving.resume_kept(path)
        if save is not None:
            self.resume(save, kept=path)
        return save is not None, notices

    def resume_saved(self, path: Path, unfinished: Callable[[], bool]) -> Started:
        """A game saved by name (the saves folder, title screen), as `papertales --resume FILE`: an
        unfinished autosaved game is kept first."""
        save, notices = self.saving.resume_saved(path)
        if save is None:
            return False, notices
        kept, more = self.saving.keep_unfinished(unfinished)
        if kept:
            self.resume(save)
        return kept, notices + more

    def rematch(self) -> bool:
        """A rematch of the game over: the same seats, a new seed (a hosted table's host starts it for
        every seat: nothing begins here); whether one began."""
        flow = self.flow
        game = flow.rematch() if flow is not None and flow.offers.rematch else None
        if flow is None or game is None:
            return False
        self.begin(launcher.played(game, list(flow.seats)))
        return True

    # --- saving ------------------------------------------------------------------------------
    def save(self) -> list[Notice]:
        """Autosave the game made here (a table held elsewhere is saved by its host)."""
        return self.saving.save_game(self.here) if self.here is not None else []

    def proceed(self) -> list[Notice]:
        """Go on from a summary page or a hand-off; the autosave when the flow decided for a seat (a
        Healer's choice at the last Aging that changes nothing: the autosave ends the game too)."""
        if self.flow is None:
            return []
        self.flow.proceed()
        here = self.here
        return self.save() if here is not None and here.decisions != self.saving.saved_decisions else []

    def save_as(self, path: str, overwrite: bool = False) -> SaveFileError | OSError | None:
        """Save the game under way to `path` (`SavePolicy.save_as`; only a flow that offers Save as)."""
        here = self.here
        assert here is not None and here.offers.save_as, "no game to save as here"
        return self.saving.save_as(here, path, overwrite)

    def save_name(self) -> str:
        """The file name Save as proposes (the seed in it once it may be shown)."""
        from .saving import save_name

        here = self.here
        assert here is not None, "no game to save as here"
        return save_name(here)

    def unsaved(self) -> int | None:
        """How many decisions of the game under way quitting would lose (None: nothing)."""
        return self.saving.unsaved(self.here)

    def quit_question(self) -> str:
        """What Ctrl+Q asks: for a device that plays one seat of a table, leaving it; else quitting, and
        what it would lose."""
        if self.flow is not None and self.flow.offers.seat is not None:
            return SCREENS.gettext("Leave the table? The game goes on without this screen: open the seat's link "
                                   "again to come back where you were.")
        return self.saving.quit_question(self.here)

    # --- bots ----------------------------------------------------------------------------------
    def bot_job(self) -> BotJob | None:
        """The bot's turn to run now, when the game under way runs its bots here."""
        return bot_job(self.here)

    def bot_decided(self, job: BotJob, decision: Decision | BotFailed) -> list[Notice] | None:
        """Apply a bot's decision, then autosave: the notices to tell (a refused decision replaced by a
        random one, the autosave's); None when the decision came too late (another game began, or the
        game no longer waits for it): dropped, nothing changed."""
        if job.session is not self.here or not job.current():
            return None
        warning = job.session.bot_submit(job.pend, decision)
        return ([Notice(warning, severity="warning")] if warning else []) + self.save()

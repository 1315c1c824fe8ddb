"""A bot's turn at this keyboard, without Textual: what the bot decides on (its `Pending`, in the
game made here), decided away from the app's thread (`BotJob.decide`, slow), and whether its decision
still counts when it comes (`BotJob.current`): a decision for a game left or a question no longer
asked is dropped (tui/conductor.py `bot_decided`). The app runs `decide` in a Textual worker."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .flow import BotTurn

if TYPE_CHECKING:
    from ..rules import Decision, Pending
    from .session import BotFailed, Session


@dataclass(frozen=True)
class BotJob:
    """The bot at `pend.player` decides in `session`."""

    session: Session
    pend: Pending

    def decide(self) -> Decision | BotFailed:
        """What the bot decides, from its own view (slow: in a worker thread, never the app's)."""
        return self.session.bot_decision(self.pend)

    def current(self) -> bool:
        """Whether the session still waits for this bot's decision (nothing else moved the game on)."""
        return self.session.scene == BotTurn(self.pend)


def bot_job(session: Session | None) -> BotJob | None:
    """The bot's turn the session waits for, when it runs its bots here (its `Offers`)."""
    if session is None or not session.offers.bots or not isinstance(session.scene, BotTurn):
        return None
    return BotJob(session, session.scene.pend)

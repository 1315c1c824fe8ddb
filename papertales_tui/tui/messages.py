"""What a screen asks of the app, as messages (besides the flow's `Decided`, `Continue` and `TakeBack`
in screens/common.py): screens never call the app's own methods nor read its session; they post one
of these and the app (tui/app.py) answers, through the Session when the game is concerned. A message
that wants an answer carries the callable the answer goes to (run on the app's thread)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    import threading

    from ..persistence import SaveFileError
    from ..rules.coach import Hint as CoachHint
    from ..rules.coach import Review


class NewGameAsked(Message):
    """Open the new-game form (leaving the game on screen)."""


class TitleAsked(Message):
    """Back to the title screen."""


class StartGame(Message):
    """Start a game of these seats (`difficulty` set: solo against the Lich King, with that many Lich
    King cards); `keep`: an unfinished autosaved game is kept first (the app says when it cannot be);
    `table`: the form's mode and difficulty, offered again next time with these names and seats."""

    def __init__(self, names: list[str], seat_types: list[str], seed: int | None, keep: bool = True,
                 difficulty: int | None = None, table: tuple[str, int] | None = None):
        super().__init__()
        self.names, self.seat_types, self.seed, self.keep, self.difficulty = names, seat_types, seed, keep, difficulty
        self.table = table


class LanguageChosen(Message):
    """Speak `lang` (one of text/i18n.LANGUAGES) from now on (title screen): kept for the next runs, and
    the screens made again in it."""

    def __init__(self, lang: str):
        super().__init__()
        self.lang = lang


class ResumeAutosave(Message):
    """Resume the last autosaved game."""


class ResumeSaved(Message):
    """Play on a game saved by name in the saves folder (title screen, a served game's Save as)."""

    def __init__(self, path: Path):
        super().__init__()
        self.path = path


class ResumeKept(Message):
    """Play on a kept game (title screen)."""

    def __init__(self, path: Path):
        super().__init__()
        self.path = path


class RulesAsked(Message):
    """Open the rules help."""


class ShowCard(Message):
    """Open the card browser, on card `key` (None: the first)."""

    def __init__(self, key: str | None = None):
        super().__init__()
        self.key = key


class Learn(Message):
    """Open the card browser on a card a line mentions: straight away when it names one, else after
    asking which (`cards`: (key, name) pairs)."""

    def __init__(self, cards: list[tuple[str, str]]):
        super().__init__()
        self.cards = list(cards)


class QuitAsked(Message):
    """Quit, asking first (as Ctrl+Q)."""


class FlowResumed(Message):
    """The flow screen is on top again: the app goes on if a bot decided meanwhile."""


class SaveAsAsked(Message):
    """Save the game under way to `path`; `answer(path, error)` gets None when saved, else the
    SaveFileError or OSError."""

    def __init__(self, path: str, overwrite: bool, answer: Callable[[str, SaveFileError | OSError | None], None]):
        super().__init__()
        self.path, self.overwrite, self.answer = path, overwrite, answer


# (the event that stops a worker is kept as `cancel`: a Message has a `stop` method of its own)


class HintAsked(Message):
    """Seat `player` asks the coach for a hint on its decision now: the session works it out in a
    worker, reporting `progress(done, total)`, stopping when `stop` is set; `answer(hint)` gets the
    hint (None: cancelled, or no decision is pending any more) and says whether it was shown: a hint
    shown is counted and kept with the game."""

    def __init__(self, player: int, stop: threading.Event, progress: Callable[[int, int | None], None],
                 answer: Callable[[CoachHint | None], bool]):
        super().__init__()
        self.player, self.cancel, self.progress, self.answer = player, stop, progress, answer


class RematchAsked(Message):
    """The game is over: play again at the same table (the same seats, a new seed)."""


class ReviewAsked(Message):
    """The coach's review of the finished game for `seats`: worked out by the session in a worker
    (reporting `progress`, stopping when `stop` is set), then `answer(review)`."""

    def __init__(self, seats: list[int], stop: threading.Event, progress: Callable[[int, int | None], None],
                 answer: Callable[[Review], None]):
        super().__init__()
        self.seats, self.cancel, self.progress, self.answer = list(seats), stop, progress, answer

"""What the app's footer and toasts say, as a newcomer reads them: keys in words (`key_display`:
Enter, Esc, Ctrl+S, in the screens' language) and each toast once while it is on screen (`Toasts`: a
key pressed again does not stack the same toast), text from files and players shown literally."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from ..rules import literal
from .language import key_name

if TYPE_CHECKING:
    from textual.binding import Binding


def key_display(binding: Binding) -> str | None:
    """A binding's key in words rather than symbols a newcomer may not know (None: Textual's own)."""
    if binding.key_display:
        return binding.key_display
    if "+" in binding.key:
        return "+".join(part.title() if len(part) > 1 else part.upper() for part in binding.key.split("+"))
    return key_name(binding.key) or None


class Toasts:
    """The toasts on screen, each until when it shows (`timeout` seconds from now)."""

    def __init__(self) -> None:
        self.until: dict[tuple[str, str, str], float] = {}

    def shown(self, message: str, title: str, severity: str, timeout: float) -> bool:
        """Whether to show this toast: not while the same one is still on screen (then it counts as shown)."""
        key, now = (message, title, severity), time.monotonic()
        if self.until.get(key, 0.0) > now:
            return False
        self.until[key] = now + timeout
        return True


def plain(message: str) -> str:
    """Text from files and players, line by line: never terminal control codes."""
    return "\n".join(literal(line) for line in message.split("\n"))

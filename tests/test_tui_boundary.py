"""The screen boundary, read on the source: screens and widgets talk to the app through messages
(tui/messages.py, screens/common.py), never by reading its session nor calling the app's own methods;
what they may use of the app is Textual's own (push_screen, notify, size...) and what `Host`
(tui/host.py) declares (the catalog, whether this copy autosaves)."""

from __future__ import annotations

import ast
from pathlib import Path

from textual.app import App

from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.host import Host

TUI = Path(__file__).resolve().parents[1] / "papertales_tui" / "tui"
SCREEN_SIDE = sorted([*(TUI / "screens").glob("*.py"), TUI / "widgets.py", TUI / "palette.py", TUI / "panels.py",
                      TUI / "solo_panels.py", TUI / "kingdom.py", TUI / "wars.py"])
ALLOWED = set(dir(App)) | set(vars(App())) | set(Host.__annotations__)  # (Textual's own, and the Host's)


def app_uses(source: str) -> list[tuple[int, str]]:
    """(line, name) of each `<x>.app.<name>` or `app.<name>` read: what the code uses of the app."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute):
            continue
        base = node.value
        if (isinstance(base, ast.Attribute) and base.attr == "app") or (isinstance(base, ast.Name)
                                                                         and base.id == "app"):
            found.append((node.lineno, node.attr))
    return found


def test_the_finder_sees_the_app_s_own_methods():
    uses = app_uses("def f(self):\n    self.app.start_game([], [], 1)\n    app = self.app\n    app.playing().x\n")
    assert uses == [(2, "start_game"), (4, "playing")]
    assert not ALLOWED & {"start_game", "playing", "session", "save_as", "learn", "hint_used", "show_card"}
    assert {"push_screen", "notify", "size", "console", "catalog", "autosave"} <= ALLOWED


def test_screens_use_only_textual_s_app_and_the_host():
    wrong = [(path.name, line, name) for path in SCREEN_SIDE for line, name in app_uses(path.read_text("utf-8"))
             if name not in ALLOWED]
    assert wrong == []


def test_every_message_a_screen_posts_has_a_handler_in_the_app():
    from textual.message import Message

    from papertales_tui.tui import messages

    posted = [c for c in vars(messages).values() if isinstance(c, type) and issubclass(c, Message) and c is not Message]
    assert len(posted) >= 10
    missing = [c.__name__ for c in posted if not hasattr(PaperTalesApp, c.handler_name)]
    assert missing == []

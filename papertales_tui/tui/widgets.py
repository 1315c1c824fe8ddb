"""KeyBar: a one-line footer of the keys that apply now.

Textual's Footer builds a widget per key and restyles them on every screen change, which made each
screen switch about twice as slow; this draws the same information as one line of text. Keys are
clickable; a binding group (e.g. 1-5) shows once with its group description.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widget import Widget
from textual.widgets import Static


class KeyBar(Widget):
    DEFAULT_CSS = """
    KeyBar { height: 1; dock: bottom; background: $panel; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.spans: list[tuple[int, int, object, str]] = []  # (start, end, namespace, action)

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def bindings_changed(self, screen) -> None:
        if screen is self.screen:
            self.refresh()

    def render(self) -> Text:
        out = Text(" ", no_wrap=True, overflow="ellipsis")
        self.spans = []
        seen_actions: set[str] = set()
        seen_groups: set[object] = set()
        active = list(self.screen.active_bindings.values())
        for namespace, binding, enabled, _ in active:
            if not binding.show or not enabled or binding.action in seen_actions:
                continue
            seen_actions.add(binding.action)
            group = binding.group
            if group is not None:
                if group in seen_groups:
                    continue
                seen_groups.add(group)
                members = [b for _, b, on, _ in active if b.group is group and on and b.show]
                key = group_keys([b.key for b in members])
                label = group.description or "/".join(b.description for b in members)
            else:
                key, label = self.app.get_key_display(binding), binding.description
            start = out.cell_len
            out.append(f"{key}", style="bold reverse")
            out.append(f" {label} ")
            self.spans.append((start, out.cell_len, namespace, binding.action))
        return out

    async def on_click(self, event: events.Click) -> None:
        for start, end, namespace, action in self.spans:
            if start <= event.x < end:
                await self.app.run_action(action, namespace)
                return


def group_keys(keys: list[str]) -> str:
    """`1-5` for a run of digits, else the keys joined by slashes."""
    if len(keys) > 1 and all(k.isdigit() for k in keys):
        return f"{keys[0]}-{keys[-1]}"
    if len(keys) > 1 and all(k[0] == "f" and k[1:].isdigit() for k in keys):
        return f"{keys[0]}-{keys[-1]}"
    return "/".join(keys)


class Notice(Static):
    """A one-line message (refusals, hints) that takes no room while empty."""

    DEFAULT_CSS = """
    Notice { height: auto; display: none; color: $error; padding: 0 1; }
    """

    def say(self, message: str) -> None:
        self.update(message)
        self.display = bool(message)

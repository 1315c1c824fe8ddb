"""A seat on a device of its own (`papertales join`), followed by a Textual worker over its asynchronous
client (tui/remote.py, whose connection runs in a thread of its own and says, from there, that the
table moved on): the worker waits on the app's loop, never blocking it, and posts `SceneChanged` to
the app, once for a burst of changes; the app then shows the scene, the refusals and the news
(`PaperTalesApp.flow_changed`). A deciding screen's own answers (a forecast, the price list, the log)
come to the screen itself as messages (`Asks.listen`)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:
    from textual.app import App
    from textual.worker import Worker

    from .flow import Flow


class SceneChanged(Message):
    """(To the app, from the worker following a seat) the table moved on: its scene, refusals and news
    are read again."""


def follow(app: App[object], flow: Flow) -> Worker[None]:
    """Follow `flow` in a worker of the app's (ended with the app, or by the next `follow`)."""

    async def run() -> None:
        loop = asyncio.get_running_loop()
        moved = asyncio.Event()

        def told() -> None:  # (from the connection's thread)
            with contextlib.suppress(RuntimeError):  # (the app has closed)
                loop.call_soon_threadsafe(moved.set)

        flow.listen(told)
        while True:
            await moved.wait()
            moved.clear()
            app.post_message(SceneChanged())

    return app.run_worker(run(), name="seat", group="seat", exclusive=True, exit_on_error=False)

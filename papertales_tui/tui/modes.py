"""The modes' screen panels the app ships, registered explicitly: each module named in `load_panels`
calls `panels.register` when imported (tui/panels.py). The app calls `load_panels` before it builds
a game's screens; `panels` itself imports no mode (a mode's panels import the screens, which import
`panels`: a look-up that imported them would close a circle). A new mode with panels of its own adds
its module here."""

from __future__ import annotations

import functools


@functools.cache
def load_panels() -> None:
    from . import solo_panels  # noqa: F401  (registers "solo")

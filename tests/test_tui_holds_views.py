"""Screens hold only views: every game screen, mounted in a game played through the app (two players
and solo, with a hint asked and the log, scores and review opened), holds no `Game` and no `Session`,
found by walking what it and each of its widgets hold (their attributes, recursively, through
containers, dataclasses and bound methods; Textual's own attributes and the DOM links aside, each
widget being walked in its turn). `Asks` (tui/session.py), the deciding screen's answers from the
engine, is walked as the rest: it is data (a snapshot of the decision, the forecasts answered)."""

from __future__ import annotations

import dataclasses
import threading
from typing import Any

import pytest
from test_tui_support import SIZE, keys_for
from textual.dom import DOMNode
from textual.screen import Screen
from textual.widget import Widget

from papertales_tui.rules import Game
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.final import FinalScreen
from papertales_tui.tui.session import Session

TEXTUAL = set(vars(Widget())) | set(vars(Screen()))  # what Textual itself keeps on a widget or screen
LEAVES = (str, bytes, int, float, bool, type(None), threading.Event, type)


def held(obj: Any, where: str, seen: set[int], found: list[str], root: bool = False, depth: int = 0) -> None:
    """Append to `found` where `obj` holds a Game or a Session."""
    if isinstance(obj, LEAVES) or id(obj) in seen or depth > 40:
        return
    seen.add(id(obj))
    if isinstance(obj, Game | Session):
        found.append(f"{where}: {type(obj).__name__}")
        return
    if isinstance(obj, DOMNode) and not root:  # another widget, the screen or the app: walked in its turn
        return
    items: list[tuple[str, Any]]
    if isinstance(obj, dict):
        items = [(f"[{k!r}]", v) for k, v in obj.items()] + [(f"key {k!r}", k) for k in obj]
    elif isinstance(obj, list | tuple | set | frozenset):
        items = [(f"[{k}]", v) for k, v in enumerate(obj)]
    elif hasattr(obj, "__self__") and hasattr(obj, "__func__"):  # a bound method
        items = [(".__self__", obj.__self__)]
    elif dataclasses.is_dataclass(obj) or hasattr(obj, "__dict__") or hasattr(obj, "__slots__"):
        names = list(vars(obj)) if hasattr(obj, "__dict__") else []
        names += [s for c in type(obj).__mro__ for s in getattr(c, "__slots__", ()) if isinstance(s, str)]
        if root:
            names = [n for n in names if n not in TEXTUAL]
        items = [(f".{n}", getattr(obj, n, None)) for n in names]
    else:
        return
    for name, value in items:
        held(value, where + name, seen, found, depth=depth + 1)


def holds(screen: Screen[Any]) -> list[str]:
    found: list[str] = []
    seen: set[int] = set()
    for node in [screen, *screen.walk_children()]:
        held(node, type(node).__name__, seen, found, root=True)
    return found


def test_the_walk_finds_a_game_however_deep():
    game = Game.new(["Ann", "Bo"], seed=1)

    @dataclasses.dataclass
    class Box:
        inner: Any

    found: list[str] = []
    held(Box({"k": [(1, Box(game))]}), "box", set(), found, root=True)
    assert found == ["box.inner['k'][0][1].inner: Game"]


async def walk_a_game(app: PaperTalesApp, start) -> dict[str, list[str]]:
    """Play the game `start` begins to its end; what each screen shown holds, by screen type."""
    out: dict[str, list[str]] = {}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start()
        await pilot.pause()
        hinted = False
        for _ in range(1000):
            screen = app.screen
            out.setdefault(type(screen).__name__, []).extend(holds(screen))
            if isinstance(screen, FinalScreen):
                break
            if not hinted and "hint" in {b.action for b in screen.BINDINGS if hasattr(b, "action")}:
                await pilot.press("h")
                await app.workers.wait_for_complete()
                await pilot.pause()
                out[type(screen).__name__].extend(holds(screen))
                hinted = True
            if type(screen).__name__ == "SummaryScreen" and "LogScreen" not in out:
                for key in ("f3", "f4"):
                    await pilot.press(key)
                    await pilot.pause()
                    out.setdefault(type(app.screen).__name__, []).extend(holds(app.screen))
                    await pilot.press("escape")
                    await pilot.pause()
            await pilot.press(*keys_for(app))
        assert isinstance(app.screen, FinalScreen)
        await pilot.press("r")  # the coach's review
        await app.workers.wait_for_complete()
        await pilot.pause()
        out.setdefault(type(app.screen).__name__, []).extend(holds(app.screen))
    return out


@pytest.mark.parametrize("players", [2, 1], ids=["two players", "solo"])
async def test_no_game_screen_holds_a_game_or_the_session(catalog, players, monkeypatch):
    from papertales_tui.rules import coach

    monkeypatch.setattr(coach, "HINT_BUDGET", 0.05)
    monkeypatch.setattr(coach, "REVIEW_BUDGET", 0.5)
    app = PaperTalesApp(catalog)
    if players == 1:
        found = await walk_a_game(app, lambda: app.start_solo_game("Ann", 21, 2))
    else:
        found = await walk_a_game(app, lambda: app.start_game(["Ann", "Ben"], ["human", "human"], 11))
    assert {"DraftScreen", "DeployScreen", "SummaryScreen", "FinalScreen", "LogScreen", "ScoreboardScreen",
            "ReviewScreen"} | ({"HandoffScreen"} if players > 1 else set()) <= set(found)  # (solo: no hand-off)
    assert {name: where for name, where in found.items() if where} == {}


async def test_the_screens_but_the_deployment_s_hold_no_game_or_session(catalog, monkeypatch):
    """(What holds today whatever the forecast carries.)"""
    from papertales_tui.rules import coach

    monkeypatch.setattr(coach, "HINT_BUDGET", 0.05)
    monkeypatch.setattr(coach, "REVIEW_BUDGET", 0.5)
    app = PaperTalesApp(catalog)
    found = await walk_a_game(app, lambda: app.start_game(["Ann", "Ben"], ["human", "human"], 11))
    assert {"HandoffScreen", "DraftScreen", "DeployScreen", "SummaryScreen", "FinalScreen"} <= set(found)
    found["DeployScreen"] = [w for w in found["DeployScreen"] if ".kingdom" not in w]
    assert {name: where for name, where in found.items() if where} == {}

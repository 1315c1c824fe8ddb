"""Screens are given views, never the game: every screen of a whole game (built as the app builds it,
without running the app) holds a `SeatView` of the right seat and no `Game`."""

from __future__ import annotations

import random

import pytest

from papertales_tui.rules import Game, SeatView, new_game, random_decision
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.session import BotTurn, Decide, Final, Handoff, Session, Summary


def _held(screen) -> list:
    """What a screen holds: its attributes, and the items of those that are lists, tuples or dicts."""
    out = []
    for value in vars(screen).values():
        out.append(value)
        if isinstance(value, (list, tuple)):
            out += list(value)
        elif isinstance(value, dict):
            out += list(value.values())
    return out


@pytest.mark.parametrize(("names", "solo"), [(["Ann", "Ben", "Cid"], False), (["Ann"], True)])
def test_every_screen_of_a_game_gets_a_view_of_its_seat_and_never_the_game(catalog, names, solo):
    game = new_game(names, seed=4, catalog=catalog, mode="solo" if solo else "standard")
    app = PaperTalesApp(catalog)
    session = app.session = Session(game, ["human"] * len(names))
    rng = random.Random(4)
    seen: set[type] = set()
    for _ in range(2000):
        scene = session.scene
        screen = app.scene_screen(scene)
        seen.add(type(scene))
        held = _held(screen)
        assert not any(isinstance(v, Game) for v in held), type(screen).__name__
        views = [v for v in held if isinstance(v, SeatView)]
        assert views, type(screen).__name__
        if isinstance(scene, Decide):
            me = scene.pend.player
            assert {v.seat for v in views} == {me}
            assert all((p.hand is None) == (i != me) for v in views for i, p in enumerate(v.players))
            assert session.submit(me, random_decision(session.game, scene.pend, rng)) is None
        else:
            assert {v.seat for v in views} == {None}  # what the whole table may see
            assert all(p.hand is None and p.draft is None for v in views for p in v.players)
            if isinstance(scene, Final):
                break
            assert isinstance(scene, (Summary, Handoff)) and not isinstance(scene, BotTurn)
            session.proceed()
    assert session.game.over and {Decide, Summary, Final} <= seen

"""The deployment board, mounted in a played game and used (plans forecast, moves undone), holds
no `Game` anywhere in what it keeps: its forecasts carry numbers and views only. The walk follows
the screen's attributes and its widgets', through containers, dataclasses, bound methods and
closures, and through `asks` (the screen's answers, as data); not the App, not Textual's DOM links
back up."""

from __future__ import annotations

import dataclasses
import random
import types

from test_tui_support import SIZE

from papertales_tui.rules import Game, new_game, random_decision
from papertales_tui.rules.forecast import TurnForecast
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.deploy import DeployScreen
from papertales_tui.tui.session import Session

SKIPPED = {"_parent", "_app", "app"}  # the way back up


def games_held(root: object) -> list[str]:
    """Paths from `root` to every Game (or Session) it holds."""
    found: list[str] = []
    seen: set[int] = set()
    todo: list[tuple[object, str]] = [(root, "screen")]
    while todo:
        obj, path = todo.pop()
        if id(obj) in seen or isinstance(obj, (str, bytes, int, float, bool, type, types.ModuleType, PaperTalesApp)):
            continue
        seen.add(id(obj))
        if isinstance(obj, (Game, Session)):
            found.append(path)
            continue
        if isinstance(obj, dict):
            todo += [(v, f"{path}[{k!r}]") for k, v in obj.items()] + [(k, f"{path}.key") for k in obj]
        elif isinstance(obj, (list, tuple, set, frozenset)):
            todo += [(v, f"{path}[{k}]") for k, v in enumerate(obj)]
        elif isinstance(obj, types.MethodType):
            todo.append((obj.__self__, f"{path}.__self__"))
        elif isinstance(obj, types.FunctionType):
            todo += [(c.cell_contents, f"{path}.<closure>") for c in obj.__closure__ or () if c.cell_contents is not c]
        else:
            attrs = dict(vars(obj)) if hasattr(obj, "__dict__") else {}
            for cls in type(obj).__mro__:
                for name in getattr(cls, "__slots__", ()):
                    if hasattr(obj, name):
                        attrs[name] = getattr(obj, name)
            if dataclasses.is_dataclass(obj):
                attrs.update({f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)})
            todo += [(v, f"{path}.{k}") for k, v in attrs.items() if k not in SKIPPED]
    return found


async def test_the_deployment_board_holds_no_game(catalog):
    game = new_game(["Ann", "Ben", "Cid"], seed=6, catalog=catalog)
    rng = random.Random(6)
    while not (game.state.step == "deploy" and game.state.turn == 2):
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game, ["human", "bot:medium", "bot:medium"])
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, DeployScreen):
                break
            await pilot.press("enter")
        board = app.screen
        assert isinstance(board, DeployScreen)
        for key in ("1", "2", "u", "down", "2", "k"):
            await pilot.press(key)
        await pilot.pause()
        assert any(isinstance(f, TurnForecast) for f, _, _ in board.forecasts.values())
        assert games_held(board) == []


def test_the_hot_seat_answers_are_data_asked_of_the_session(catalog):
    """A deciding screen's `Asks` holds no Game and no Session; a plan's forecast is a question until the
    Session answers it (`Session.answer`, as the app does on `AnswersAsked`), then a `TurnForecast`."""
    game = new_game(["Ann", "Ben"], seed=6, catalog=catalog)
    rng = random.Random(6)
    while game.state.step != "deploy":
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    session = Session(game, ["human", "human"])
    asks = session.asks(0)
    assert games_held(asks) == []
    pend = asks.pending()
    assert pend is not None and pend.kind == "deploy"
    plan: list[int | None] = [pend.options.hand[0], None, None, None, None]  # type: ignore[union-attr]
    assert not asks.forecast_ready(plan) and asks.forecast(plan) is None  # (asked, not answered yet)
    assert session.answer() and not session.answer()  # (answered once; nothing more to answer)
    assert asks.forecast_ready(plan) and isinstance(asks.forecast(plan), TurnForecast)
    assert games_held(asks) == []


def test_the_give_up_suggestion_from_a_seats_view_is_the_engines(catalog):
    """`suggested_unpaid` (what both kinds of `Asks` answer with, never waiting for a table) gives what
    `Game.suggested_unpaid` gives, from the seat's view alone, whatever the new Units and the Gold."""
    import itertools

    from papertales_tui.rules import observe
    from papertales_tui.tui.session import suggested_unpaid

    checked = 0
    for seed in range(4):
        game = new_game(["Ann", "Ben", "Cid"], seed=seed, catalog=catalog)
        rng = random.Random(seed)
        while game.state.step != "deploy":
            for pend in game.pending():
                game.apply(pend.player, random_decision(game, pend, rng))
        for player in range(3):
            hand = list(game.pending_for(player).options.hand)  # type: ignore[union-attr]
            for gold in (0, 1, 3, 6):
                game.state.players[player].gold = gold
                view = observe(game, player)
                for k in range(1, len(hand) + 1):
                    for new in itertools.combinations(hand, k):
                        assert suggested_unpaid(view, player, list(new)) == game.suggested_unpaid(player, list(new))
                        checked += bool(game.suggested_unpaid(player, list(new)))
    assert checked > 0  # (some plans were short of Gold)

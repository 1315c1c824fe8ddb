"""Helpers to build small explicit game setups through the public state (plain data)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from papertales_tui.rules.card_files import default_catalog
from papertales_tui.rules.card_paths import default_cards_dir
from papertales_tui.rules.decisions import Step
from papertales_tui.rules.engine import Game
from papertales_tui.rules.state import Unit


def pytest_configure(config: pytest.Config) -> None:
    """The tests read English unless they ask for a language (a French LANG of the developer's would
    translate the CLI), and the catalogs are compiled from the `.po` files as they are now (what the
    build hook does at install), once, before the workers start."""
    import os

    os.environ["LANGUAGE"] = "en"
    if not hasattr(config, "workerinput"):
        try:
            from babel.messages.frontend import CommandLineInterface
        except ImportError:  # a venv made before Babel was a dependency: only tests/test_i18n.py fails, saying so
            return
        from papertales_tui.text.i18n import DOMAIN, LOCALE_DIR

        CommandLineInterface().run(["pybabel", "-q", "compile", "-D", DOMAIN, "-d", str(LOCALE_DIR)])


@pytest.fixture(autouse=True)
def _no_user_data(tmp_path_factory, monkeypatch):
    """No test reads or writes the real user's autosaves: the data directory is a fresh one."""
    monkeypatch.setenv("PAPERTALES_DATA_DIR", str(tmp_path_factory.mktemp("user-data")))


@pytest.fixture(autouse=True)
def _language_of_the_system():
    """Each test starts in the system's language (LANGUAGE=en, above) and leaves it so: a test that
    chooses one (`--lang`, the title screen's choice) never leaks it into the next test."""
    from papertales_tui.text import i18n

    i18n.set_language(None)
    yield
    i18n.set_language(None)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """A data directory of the test's own, made and named by `PAPERTALES_DATA_DIR`."""
    from papertales_tui import persistence

    d = tmp_path / "data"
    d.mkdir()
    monkeypatch.setenv(persistence.DATA_DIR_ENV, str(d))
    return d


@pytest.fixture(autouse=True)
def _no_background_review(monkeypatch):
    """The app's coach assesses human decisions in a process of its own as play goes on: only the
    tests that need it turn it on (it would start a process in every test that plays)."""
    monkeypatch.setattr("papertales_tui.tui.session.BACKGROUND_REVIEW", False)


@pytest.fixture(scope="session")
def catalog():
    return default_catalog()


def new_game(players: int = 3, seed: int = 0) -> Game:
    return Game.new([f"P{i}" for i in range(players)], seed=seed)


def take(game: Game, key: str) -> int:
    """Take an unused copy of a unit type out of the deck or discard pile; returns its card id."""
    s = game.state
    for pile in (s.deck, s.discard):
        for c in pile:
            if s.cards[c] == key:
                pile.remove(c)
                return c
    for p in s.players:  # still in a draft hand dealt at setup
        for c in p.draft:
            if s.cards[c] == key:
                p.draft.remove(c)
                return c
    raise LookupError(f"no free copy of {key} left")


def put(game: Game, player: int, slot: int, key: str, age: int = 0) -> int:
    """Place a unit of this type in play at `slot` with `age` Age tokens."""
    c = take(game, key)
    game.state.players[player].slots[slot] = Unit(c, age)
    return c


def give(game: Game, player: int, keys: list[str]) -> list[int]:
    """Add cards of these types to a player's hand."""
    ids = [take(game, k) for k in keys]
    game.state.players[player].hand.extend(ids)
    return ids


def goto(game: Game, step: str, turn: int | None = None) -> Game:
    """Jump to the start of a step, opened by the engine (`Game.open_step`: its phase, nothing cached,
    nobody has submitted anything); drafts go back to the deck."""
    s = game.state
    for p in s.players:
        s.deck.extend(p.draft)
        p.draft = []
    if turn is not None:
        s.turn = turn
    game.open_step(Step(step))
    return game


def deploy_nothing(game: Game, player: int) -> None:
    """Confirm a deployment that keeps the kingdom as it is and plays no new card."""
    p = game.state.players[player]
    slots = [u.card if u else None for u in p.slots]
    game.apply(player, {"kind": "deploy", "slots": slots, "keep": None})


def deploy(game: Game, player: int, placement: dict[int, int], keep: int | None = None) -> None:
    """Keep the units in play where they are and add `placement` {slot: card id}."""
    p = game.state.players[player]
    slots = [u.card if u else None for u in p.slots]
    for slot, c in placement.items():
        slots[slot] = c
    game.apply(player, {"kind": "deploy", "slots": slots, "keep": keep})


def events(game: Game, type_: str, **match) -> list[dict]:
    return [e for e in game.state.log if e["type"] == type_ and all(e.get(k) == v for k, v in match.items())]


def unit(game: Game, player: int, slot: int):
    return game.state.players[player].slots[slot]


def lp_from(game: Game, player: int, cause: str) -> int:
    """LP the player gained (or lost) from this cause, over the whole game so far."""
    return sum(e["amount"] for e in events(game, "lp", player=player, cause=cause))


def gold_from(game: Game, player: int, cause: str) -> int:
    return sum(e["amount"] for e in events(game, "gold", player=player, cause=cause))


@pytest.fixture
def base(tmp_path):
    """A copy of the shipped card files, to damage."""
    d = tmp_path / "base"
    shutil.copytree(default_cards_dir(), d)
    return d


def edit_yaml(path: Path, change) -> None:
    """Load a YAML file, let `change` edit the data, write it back."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")

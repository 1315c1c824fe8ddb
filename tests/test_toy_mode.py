"""A third mode, written here and nowhere else: proof that a mode is a class of hooks handed to
`Game.new`, with no engine file to change (rules/modes.py).

"Siege": every seat fights the same besieging army instead of its neighbours, and the draft is 3
rounds of 3 fresh cards from the pile, the cards not picked going to the discard pile. 1 to 4 players.
The army is the mode's own state (`SiegeState`: saved and loaded with the game, seen by every seat as
a `SiegeView`, foreseen by the forecast): it grows by one each turn, and counts the Wars it lost.
Its screen panel (`SiegePanels`: the army's row above the Draft, the Deployment and the summary pages)
and its words (the game's opening line) are registered here too, through the package's registries."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, Field
from rich.text import Text
from test_tui_support import SIZE, keys_for, screen_text
from textual.widget import Widget
from textual.widgets import Static

import papertales_tui
from papertales_tui.rules import Game, SeatView, StandardMode, games, observe
from papertales_tui.rules.cards import Catalog
from papertales_tui.rules.engine import WAR_LP
from papertales_tui.rules.forecast import deployment_forecast
from papertales_tui.rules.games import load_game
from papertales_tui.rules.modes import Mode, ModeType
from papertales_tui.rules.random_play import random_choice, random_decision
from papertales_tui.rules.state import GameState
from papertales_tui.rules.table import Table
from papertales_tui.text import narrator
from papertales_tui.tui import panels
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.deploy import DeployScreen
from papertales_tui.tui.screens.draft import DraftScreen
from papertales_tui.tui.screens.info import LogScreen

ARMY = 6  # the besieging army's strength at the first turn; one more each turn
ROUNDS, DEALT = 3, 3


@dataclass(slots=True)
class SiegeState:
    """The siege's own side of the game (`GameState.mode_state`)."""

    army: int = ARMY
    lost: int = 0  # Wars the army lost so far

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SiegeState:
        return cls(data["army"], data["lost"])


@dataclass(frozen=True, slots=True)
class SiegeView:
    """What every seat sees of the siege (`SeatView.mode_view`)."""

    army: int
    lost: int


class SiegeSide(BaseModel):
    """The schema of the siege's side as a save file holds it (checked by persistence/, which names no mode)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    army: int = Field(ge=0)
    lost: int = Field(ge=0, le=ROUNDS * 4)


class SiegeSaved:
    """The siege's side as a save holds it (`table.SavedSide`)."""

    def schema(self) -> type[Any]:
        return SiegeSide

    def problem(self, players: int, data: dict[str, Any]) -> str | None:
        return "the army has lost more Wars than were fought" if data["lost"] > 4 * players else None

    def cards(self, data: dict[str, Any]) -> list[int]:
        return []

    def unknown_cards(self, data: dict[str, Any], catalog: Catalog) -> list[str]:
        return []


class Siege(StandardMode):
    kind = ModeType("siege", seats=(1, 4), table="a siege has 1 to 4 players and the army's side",
                    saved=SiegeSaved(), view=SiegeView)
    name = kind.name

    def check_players(self, n: int) -> None:
        if not 1 <= n <= 4:
            raise ValueError("a siege is played by 1 to 4 players")

    def prepare(self, state: GameState, catalog: Catalog) -> None:
        state.mode_state = SiegeState()

    def load_state(self, data: dict[str, Any]) -> SiegeState:
        return SiegeState.from_dict(data)

    def check_state(self, state: GameState, catalog: Catalog) -> None:
        if not isinstance(state.mode_state, SiegeState):
            raise ValueError("not a siege")
        self.siege = state.mode_state

    def draft_cards(self, game: Table, leftovers: list[list[int]] | None) -> list[list[int]] | None:
        for rest in leftovers or []:
            game.discard(rest)
        if game.state.draft_round >= ROUNDS:
            return None
        return [game.draw(DEALT) for _ in game.state.players]

    def fight(self, game: Table, strengths: list[int]) -> list[int]:
        army = self.siege.army
        won = [int(s >= army) for s in strengths]
        for i, s in enumerate(strengths):
            game.emit("war", players=[i], strengths=[s, army], winners=[i] if won[i] else [])
        self.siege.lost += sum(won)
        return won

    def turn_ended(self, game: Table) -> None:
        self.siege.army += 1

    def seat_view_extra(self, game: Table, seat: int | None) -> SiegeView:
        return SiegeView(self.siege.army, self.siege.lost)

    def foes(self, game: Table, player: int) -> list[tuple[str, int, int]]:
        return [("the besieging army", self.siege.army, self.siege.army)]

    def sample_hidden(self, view: SeatView, catalog: Catalog, rng: random.Random | None) -> SiegeState:
        seen = view.mode_view  # (nothing of the siege is hidden: the forecast's samples take it as seen)
        assert isinstance(seen, SiegeView)
        return SiegeState(seen.army, seen.lost)


def play(names: list[str], seed: int) -> Game:
    game = Game.new(names, seed=seed, mode=Siege())
    rng = random.Random(seed)
    while not game.over:
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    return game


def by_turn(game: Game, type_: str) -> Counter[tuple[int, int]]:
    """(turn, player) -> how many events of this type."""
    out: Counter[tuple[int, int]] = Counter()
    turn = 0
    for e in game.state.log:
        if e["type"] == "turn_started":
            turn = e["turn"]
        elif e["type"] == type_:
            out[turn, e["player"]] += 1
    return out


@pytest.mark.parametrize("names", [["Ann"], ["Ann", "Bob", "Cy"], ["Ann", "Bob", "Cy", "Dee"]])
@pytest.mark.parametrize("seed", range(4))
def test_whole_siege_games_play_by_the_siege_rules(names, seed):
    game = play(names, seed)
    s = game.state
    assert s.over and s.mode == "siege" and s.turn == 4
    n = len(names)
    # the draft: 3 rounds of 3 fresh cards, one picked a round
    assert by_turn(game, "card_picked") == Counter({(t, i): ROUNDS for t in range(1, 5) for i in range(n)})
    # the Wars: each Kingdom against the army alone (one stronger each turn), 3 LP for a win (a tie included)
    turn, strengths, wars_lp = 0, {}, Counter()
    for e in s.log:
        if e["type"] == "turn_started":
            turn = e["turn"]
        elif e["type"] == "war_strength":
            strengths[turn, e["player"]] = e["strength"]
        elif e["type"] == "lp" and e["cause"] == "wars":
            wars_lp[turn, e["player"]] += e["amount"]
        elif e["type"] == "war":
            assert e["strengths"][1] == ARMY + turn - 1 and len(e["players"]) == 1
    assert len(strengths) == 4 * n
    assert all(wars_lp[k] == (WAR_LP if v >= ARMY + k[0] - 1 else 0) for k, v in strengths.items())
    assert s.mode_state == SiegeState(ARMY + 4, sum(1 for (t, _), v in strengths.items() if v >= ARMY + t - 1))
    # every card is somewhere, once
    places = [*s.deck, *s.discard, *(c for p in s.players for c in [*p.hand, *p.draft])]
    places += [u.card for p in s.players for u in p.slots if u is not None]
    places += [p.kept for p in s.players if p.kept is not None]
    assert sorted(places) == list(range(len(s.cards)))
    assert game.winners() == [i for i, p in enumerate(s.players)
                              if (p.lp, p.gold) == max((q.lp, q.gold) for q in s.players)]


def test_a_siege_is_seeded_and_saved_as_its_mode():
    game = play(["Ann", "Bob", "Cy"], seed=7)
    assert play(["Ann", "Bob", "Cy"], seed=7).to_json() == game.to_json()
    assert play(["Ann", "Bob", "Cy"], seed=8).to_json() != game.to_json()
    mid = Game.new(["Ann", "Bob"], seed=3, mode=Siege())
    rng = random.Random(1)
    for _ in range(5):
        for pend in mid.pending():
            mid.apply(pend.player, random_decision(mid, pend, rng))
    again = Game.from_json(mid.to_json(), mode=Siege())
    for g in (mid, again):
        g_rng = random.Random(2)
        while not g.over:
            for pend in g.pending():
                g.apply(pend.player, random_decision(g, pend, g_rng))
    assert again.to_json() == mid.to_json()
    with pytest.raises(ValueError, match="unknown game mode 'siege'"):  # games.MODES lists the shipped modes
        load_game(game.to_json(), game.catalog)


def test_the_siege_is_a_mode_and_its_rules_are_its_own():
    mode: Mode = Siege()  # (the type checker's view: a Mode)
    with pytest.raises(ValueError, match="1 to 4"):
        Game.new(["A", "B", "C", "D", "E"], mode=mode)
    standard = Game.new(["Ann", "Bob", "Cy"], seed=2)
    siege = Game.new(["Ann", "Bob", "Cy"], seed=2, mode=Siege())
    assert [len(p.draft) for p in standard.players] == [5, 5, 5]
    assert [len(p.draft) for p in siege.players] == [DEALT] * 3
    assert siege.mode.restart().name == "siege"


@pytest.mark.parametrize("seed", range(3))
def test_a_siege_on_the_fast_path_is_the_same_game(seed):
    """The trusted path (`play_step`, no log) goes through the same hooks: the same game."""
    games = []
    for fast in (False, True):
        game = Game.new(["Ann", "Bob", "Cy"], seed=seed, mode=Siege())
        rng = random.Random(seed)
        if fast:
            game.stop_recording()
            decide = partial(random_choice, game, rng=rng)
            while not game.over:
                game.play_step(decide)
        else:
            while not game.over:
                for pend in game.pending():
                    game.apply(pend.player, random_decision(game, pend, rng))
        games.append(game)
    full, fast = games
    assert [(p.lp, p.gold, p.hand) for p in fast.players] == [(p.lp, p.gold, p.hand) for p in full.players]
    assert fast.state.decisions == full.state.decisions and fast.unlogged == len(full.state.log)


def test_the_siege_keeps_its_own_state_saved_loaded_viewed_and_foreseen():
    game = Game.new(["Ann", "Bob"], seed=5, mode=Siege())
    rng = random.Random(5)
    while game.state.turn < 3:
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    siege = game.state.mode_state
    assert isinstance(siege, SiegeState) and siege.army == ARMY + 2
    # saved with the game and loaded back by its mode, typed
    data = json.loads(game.to_json())
    assert data["mode_state"] == {"army": ARMY + 2, "lost": siege.lost}
    again = Game.from_json(game.to_json(), mode=Siege())
    assert again.state.mode_state == siege and again.state.mode_state is not siege
    with pytest.raises(ValueError, match="no state of its own"):  # the standard game cannot read it
        StandardMode().load_state(data["mode_state"])
    assert game.copy().state.mode_state == siege
    # what a seat sees of it, in its view and the view's JSON
    for seat in (0, 1, None):
        view = observe(again, seat)
        assert view.mode_view == SiegeView(ARMY + 2, siege.lost)
        assert view.to_dict()["mode_view"] == {"army": ARMY + 2, "lost": siege.lost}
    # the forecast's Wars are against the army as the state has it now
    while again.state.step != "deploy":
        for pend in again.pending():
            again.apply(pend.player, random_decision(again, pend, rng))
    slots = [u.card if u else None for u in again.players[0].slots]
    wars = deployment_forecast(again, 0, slots).wars
    assert [(w.against, w.theirs) for w in wars] == [("the besieging army", (ARMY + 2, ARMY + 2))]


# --- its own panel and its own words ----------------------------------------------------------------

OPENING = "A siege: {players} against the besieging army"


class SiegePanels(panels.Panels):
    """The siege's part of the screens: one row above the Draft, the Deployment and the summary pages."""

    top_rows = 1

    def top(self, view: SeatView, turn: int | None = None, other_lp: int | None = None) -> list[Widget]:
        siege = view.mode_view
        assert isinstance(siege, SiegeView)
        return [Static(Text(f"Besieging army ⚔{siege.army} · Wars it lost: {siege.lost}", style="bold"))]


@pytest.fixture
def siege_registered(monkeypatch):
    """The siege as a mode of the app (`games.MODES`: the forecast's samples of a view are played in
    it), with its panel and words, for this test only (the registries put back after)."""
    monkeypatch.setitem(games.MODES, "siege", Siege)
    monkeypatch.setitem(games.MODE_TYPES, "siege", Siege.kind)
    monkeypatch.setattr(panels, "PANELS", dict(panels.PANELS))
    narrator.texts()  # (the package's modes' words first: they stay once the copy below is put back)
    monkeypatch.setattr(narrator, "OPENINGS", dict(narrator.OPENINGS))
    panels.register("siege", SiegePanels())
    narrator.register_words("siege", OPENING)


def test_the_siege_s_words_are_its_own(siege_registered):
    game = play(["Ann", "Bob"], seed=3)
    names = narrator.Names.of(game)
    told = [narrator.narrate(e, names) for e in game.state.log]
    assert told[0] == "A siege: Ann, Bob against the besieging army (seed 3)."
    war = next(t for e, t in zip(game.state.log, told) if e["type"] == "war")
    assert re.fullmatch(rf"Ann ⚔\d+ vs ⚔{ARMY}: Ann (wins|loses)\.", war or "")


async def test_a_siege_in_the_app_shows_its_panel_and_its_words(catalog, siege_registered):
    game = Game.new(["Ann", "Bob"], seed=4, mode=Siege())
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        app.play(game, ["human", "bot:easy"])
        await pilot.pause()
        seen = set()
        for _ in range(40):
            if isinstance(app.screen, (DraftScreen, DeployScreen)) and type(app.screen) not in seen:
                seen.add(type(app.screen))
                siege = game.state.mode_state
                assert isinstance(siege, SiegeState)
                text = screen_text(app).splitlines()
                row = f"Besieging army ⚔{siege.army} · Wars it lost: {siege.lost}"
                assert text[1].startswith(row) and "…" not in text[1]  # the panel's row, whole, under the title
                assert "…" not in "\n".join(text), text  # nothing cut, nothing out of the screen, the footer shown
                assert all(w.region.bottom <= SIZE[1] for w in app.screen.query(Widget) if w.display)
                assert "Quit" in text[-1]
                if len(seen) == 2:
                    break
            await pilot.press(*keys_for(app))
            await pilot.pause()
        assert seen == {DraftScreen, DeployScreen}
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        assert "A siege: Ann, Bob against the besieging army." in screen_text(app)


def test_the_package_never_names_the_siege():
    """Adding the siege touched no module of the package: its source never names it."""
    root = Path(papertales_tui.__file__).parent
    named = [p for p in root.rglob("*") if p.is_file() and p.suffix in {".py", ".tcss"}
             and "siege" in p.read_text(encoding="utf-8").lower()]
    assert named == []


def test_a_siege_is_saved_and_loaded_by_the_save_format_unchanged(siege_registered, catalog):
    """The save format knows the siege only through its declaration (`Siege.kind`: its seats, the
    schema of its side): the same game comes back, and a side the schema or the mode refuses is refused."""
    from papertales_tui.persistence import SaveFileError, encode_save, read_save

    game = play(["Ann", "Bob"], seed=5)
    loaded = read_save(encode_save(game), "siege.json", catalog).game
    assert loaded.mode.name == "siege" and loaded.to_json() == game.to_json()

    def edited(change: Any) -> bytes:
        from papertales_tui.persistence import _checksum

        payload = json.loads(encode_save(game))
        change(payload["state"])
        payload["checksum"] = _checksum(payload)
        return json.dumps(payload).encode()

    for change, problem in [(lambda s: s["mode_state"].update(army=-1), "state.mode_state.army"),
                            (lambda s: s["mode_state"].update(lost=9), "lost more Wars than were fought"),
                            (lambda s: s.update(mode_state=None), "1 to 4 players and the army's side"),
                            (lambda s: s.update(mode="coop"), "state.mode: Input should be")]:
        with pytest.raises(SaveFileError, match=re.escape(problem)):
            read_save(edited(change), "siege.json", catalog)

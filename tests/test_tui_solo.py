"""Solo games in the app: the new-game choice, the Underworld draft, the Necropolis row, the Wars
against the two armies, the final scores against the Lich King, and a whole game through the UI."""

from __future__ import annotations

import random

from test_tui_support import SIZE, keys_for, open_new_game, screen_text

from papertales_tui import persistence
from papertales_tui.rules import Game, observe
from papertales_tui.rules.random_play import random_decision
from papertales_tui.rules.solo import SoloMode
from papertales_tui.rules.solo import new_game as new_solo_game
from papertales_tui.tui.app import PaperTalesApp
from papertales_tui.tui.screens.deploy import DeployScreen
from papertales_tui.tui.screens.draft import DraftScreen
from papertales_tui.tui.screens.final import FinalScreen
from papertales_tui.tui.screens.handoff import HandoffScreen
from papertales_tui.tui.screens.info import CardBrowser, RulesScreen
from papertales_tui.tui.screens.summary import SummaryScreen
from papertales_tui.tui.solo_panels import PileScreen
from papertales_tui.tui.widgets import NecropolisRow

DESIGN_NOTE = "this project's own design"


def pick_first(game: Game, picks: int) -> None:
    for _ in range(picks):
        pend = game.pending()[0]
        game.apply(0, {"kind": "pick", "card": pend.options.cards[0]})


def solo_at_deployment(seed: int = 3, difficulty: int = 2) -> Game:
    game = new_solo_game(["Ann"], seed=seed, difficulty=difficulty)
    pick_first(game, 4)
    assert game.pending()[0].kind == "deploy"
    return game


async def start_solo(pilot, app, name: str, seed: int, difficulty: int) -> None:
    await open_new_game(pilot, app)
    screen = app.screen
    screen.query_one("#mode").value = "solo"
    await pilot.pause()
    assert not screen.query_one("#count-row").display and not screen.query_one("#seat-0").display
    assert screen.query_one("#difficulty-row").display and not screen.query_one("#row-1").display
    screen.query_one("#difficulty").value = difficulty
    screen.query_one("#name-0").value = name
    screen.query_one("#seed").value = str(seed)
    await pilot.press("ctrl+s")
    await pilot.pause()


async def test_a_whole_solo_game_through_the_ui(catalog):
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await start_solo(pilot, app, "Ann", seed=21, difficulty=2)
        game = app.game
        assert isinstance(game.mode, SoloMode) and game.mode.difficulty == 2 and game.players[0].name == "Ann"
        seen = set()
        for _ in range(300):
            if isinstance(app.screen, FinalScreen):
                break
            seen.add(type(app.screen))
            if isinstance(app.screen, (DraftScreen, DeployScreen, SummaryScreen)):
                check_necropolis_header(game, app.screen.query_one(NecropolisRow))
            await pilot.press(*keys_for(app))
        assert isinstance(app.screen, FinalScreen)
        text = screen_text(app)
    assert game.over
    assert HandoffScreen not in seen  # one human: no hand-off
    assert {DraftScreen, DeployScreen, SummaryScreen} <= seen
    picks = [d for d in game.state.decisions if d["kind"] == "pick"]
    assert len(picks) == 4 * 4  # rounds 1-4 each turn; round 5 takes the top Underworld card
    assert len([d for d in game.state.decisions if d["kind"] == "deploy"]) == 4
    winner = "Ann wins!" if game.winners() else "The Lich King wins!"
    assert winner in text
    assert f"Lich King  {game.mode.lich_lp}" in text and f"Ann        {game.players[0].lp}" in text
    for source, lp in game.mode.lich_sources().items():
        assert f"{source} ★{lp}" in " ".join(text.split())


def check_necropolis_header(game: Game, row: NecropolisRow) -> None:
    """The Lich King cards in play and the legend are on the header; its armies are those the Wars
    of the turn shown were (or will be) fought against."""
    lines = [line.plain for line in row.lines]
    assert lines[4].startswith("Lich King") and "…" not in lines[4]
    assert all(c.name in lines[4] for c in game.mode.lich_king_cards())
    assert lines[5].startswith("► Time token · B/P: Black/Purple army")
    turn = row.turn or game.state.turn
    starts = [k for k, e in enumerate(game.state.log) if e["type"] == "turn_started"]
    wars = [e for e in game.state.log[starts[turn - 1]:starts[turn] if turn < len(starts) else None]
            if e["type"] == "solo_war"]
    if wars:
        black, purple = (e["army_strength"] for e in wars)
        assert f"turn {turn} armies: Black ⚔{black} · Purple ⚔{purple}" in lines[0]
    elif game.mode.army_outlook(turn) is not None:
        (b1, b2), (p1, p2) = game.mode.army_outlook(turn).values()
        assert f"turn {turn} armies: Black ⚔{b1}" in lines[0] and f"Purple ⚔{p1}" in lines[0]


async def test_the_underworld_and_discard_pile_only_when_the_rules_allow(catalog):
    game = new_solo_game(["Ann"], seed=5, difficulty=1)
    pick_first(game, 1)  # round 1 done: 4 cards in the Underworld
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game, ["human"])
        await pilot.pause()
        draft = app.screen
        assert isinstance(draft, DraftScreen)
        text = screen_text(app)
        underworld = game.view(0).mode_view.underworld
        assert len(underworld) == 4 and "Underworld (4)" in text and "round 2/5" in text
        assert "3 left: the rest goes to the Underworld" in text
        for c in underworld:
            assert game.card(c).name in " ".join(text.split())
        for c in draft.cards:  # what each card would give the Lich King's quests, from the engine
            lp = sum(q.lp for _, q in game.mode.quests() if game.mode.quest_matches(q, [c]))
            line = next(row for row in text.splitlines() if game.card(c).name in row)
            assert (f"☠★{lp}" in line) == (lp > 0)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, PileScreen)
        assert "Underworld (4 cards" in screen_text(app) and "Discard pile (0 cards)" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        for _ in range(2):
            await pilot.press("enter", "c")
            await pilot.pause()
        assert "the other goes to the bottom of the underworld" in screen_text(app).lower()
        await pilot.press("enter", "c")  # the last pick: the Lich King's Recruitment, then deployment
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen) and "THE LICH KING'S RECRUITMENT" in screen_text(app)
        assert game.view(0).mode_view.discard is None  # Recruitment is over: no looking any more
        app.push_screen(PileScreen(observe(game, 0)))
        await pilot.pause()
        text = screen_text(app)
        assert "Underworld (0 cards" in text and "during Recruitment only" in text
        assert "Discard pile (" not in text


async def test_wars_against_the_black_and_purple_armies(catalog):
    game = solo_at_deployment()
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game, ["human"], shown=len(game.state.log))
        await pilot.pause()
        assert isinstance(app.screen, DeployScreen)
        row = " ".join(screen_text(app).split())
        now, nxt = game.mode.necropolis_card(0), game.mode.necropolis_card(1)
        assert now.name in row and nxt.name not in row  # the next card is still face down
        low, high = game.mode.army_outlook()["black"]
        assert f"turn 1 armies: Black ⚔{low}-{high} · Purple ⚔" in row and "B/P: Black/Purple army" in row
        assert "vs Black army ⚔" in row  # the forecast of the War against each army
        await pilot.press("1", "c")
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        text = screen_text(app)
        armies = game.mode.armies()
        assert f"turn {game.state.turn} armies: Black ⚔{armies['black']} · Purple ⚔{armies['purple']}" in text
        while "Wars against the Black and Purple armies" not in text:  # the reveal comes first
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, SummaryScreen)
            text = screen_text(app)
        wars = [e for e in game.state.log if e["type"] == "solo_war"]
        assert f"{game.players[0].name}  total ⚔{wars[0]['strength']}" in text
        for e in wars:
            won = "a tie: both win" if e["player_won"] and e["lich_won"] else \
                "the army wins" if e["lich_won"] else "the army loses"
            assert f"{e['army'].title()} army  ⚔{e['army_strength']}  {won}" in text
        assert nxt.name in text  # revealed at the Wars


async def test_solo_resume_help_and_card_browser(catalog, tmp_path, monkeypatch):
    monkeypatch.setenv(persistence.DATA_DIR_ENV, str(tmp_path))
    app = PaperTalesApp(catalog, autosave=True)
    async with app.run_test(size=SIZE) as pilot:
        await start_solo(pilot, app, "Ann", seed=8, difficulty=3)
        await pilot.press("enter", "c")
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        help_text = app.screen.query_one("Markdown").source
        assert DESIGN_NOTE in help_text and "cards/necropolis.yaml" in help_text
        assert "cards/lich_king.yaml" in help_text and "a tie goes to the Lich King" in help_text
        await pilot.press("f2", "slash", *"ossuary", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CardBrowser)
        text = " ".join(screen_text(app).split())
        assert "Sunken Ossuary" in text and "Black 2 · Purple 3" in text and DESIGN_NOTE in text
        kinds = {kind for kind, _, _ in app.screen.entries("")}
        assert {"necropolis", "lich_king"} <= kinds
    save = persistence.load_autosave(catalog=catalog)
    assert isinstance(save.game.mode, SoloMode)
    assert (save.settings.seats, save.settings.hints, save.settings.take_backs, save.settings.seed_typed) == \
        (["human"], [0], [], True)

    resumed = PaperTalesApp(catalog, save=save)
    async with resumed.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(resumed.screen, DraftScreen) and "round 2/5" in screen_text(resumed)
        assert resumed.game.to_json() == save.game.to_json()
        assert resumed.game.mode.difficulty == 3


async def test_a_tie_goes_to_the_lich_king(catalog):
    from papertales_tui.rules.solo import play_random_solo_game

    game = play_random_solo_game("Ann", seed=4)
    game.state.players[0].lp = game.mode.solo.lich_lp  # a tie
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game, ["human"], shown=len(game.state.log))
        await pilot.pause()
        text = screen_text(app)
        assert "The Lich King wins!" in text and "a tie goes to the Lich King" in text
        game.state.players[0].lp += 1
        app.play(game, ["human"], shown=len(game.state.log))
        await pilot.pause()
        assert "Ann wins!" in screen_text(app)


def test_solo_events_fall_in_their_chapters_and_read_as_sentences():
    from papertales_tui.rules.solo import play_random_solo_game
    from papertales_tui.text.narrator import Names, narrate
    from papertales_tui.tui.chapters import chapters, label_events

    game = play_random_solo_game("Ann", seed=6, difficulty=4)
    log = game.state.log
    for e, label in zip(log, label_events(log)):
        if e["type"] in ("underworld_added", "underworld_shuffled", "underworld_drawn", "underworld_bottom"):
            assert label == "recruitment"
        if e["type"] in ("lich_quest", "underworld_discarded"):
            assert label == "lich"
        if e["type"] in ("solo_war", "necropolis_revealed") and e.get("position", 1) > 0:
            assert label == "reveal"
        if e.get("private_to") is None:
            line = narrate(e, Names.of(game))
            assert line is None or "{" not in line
    found = [c for c, _ in chapters(log, 0)]
    assert found.count("lich") == 4 and found.count("reveal") == 4 and found[-1] == "end"
    over = {"type": "game_over", "phase": "end", "scores": [3], "gold": [1], "winners": []}
    assert narrate(over, Names.of(game)) == "Game over. The Lich King wins."


def test_the_necropolis_row_at_80_columns_keeps_every_name_gain_and_quest_whole():
    """Short of room the row drops "face down" and "each" (the legend says both), then gives the
    cards whose names would be cut their short names (and quests `abil.` for `ability`): nothing is
    cut, not even at the end with the whole row face up."""
    from papertales_tui.tui.views import necropolis_lines

    width = 78  # the row's room at 80 columns
    checked = 0
    for seed in range(20):
        game = new_solo_game(["Ann"], seed=seed, difficulty=seed % 5)
        rng = random.Random(seed)
        while not game.over:
            lines = [line.plain for line in necropolis_lines(observe(game, 0), width)]
            assert all(len(line) <= width for line in lines), lines
            assert all(c.name in lines[4] for c in game.mode.lich_king_cards()) and "…" not in lines[4]
            assert game.mode.lich_king_cards() or lines[4].endswith("(difficulty 0)")
            assert "…" not in lines[1] + lines[2] + lines[3], lines
            checked += 1
            pend = game.pending()[0]
            game.apply(pend.player, random_decision(game, pend, rng))
        lines = [line.plain for line in necropolis_lines(observe(game, 0), width)]
        assert "…" not in "".join(lines[1:4]), lines  # the END card face up
        for card in game.mode.revealed_cards():
            assert card.name in lines[1] or card.short_name in lines[1].split(), (card.name, lines)
    assert checked > 400


async def test_the_final_scores_of_a_solo_game_fit_80x24_and_cut_no_name(catalog):
    """The end of a solo game whose Necropolis cards have long names (Lantern of Souls, Mirror of
    Night, Dead King's Vigil): the row names every card whole or by its short name, never cut; the
    scores and the Kingdom at the end fit the screen (two pages when they must), and the Kingdom no
    longer says what it kept for a next turn."""
    from textual.containers import VerticalScroll

    game = new_solo_game(["Ann"], seed=9, difficulty=2, catalog=catalog)
    rng = random.Random(9)
    while not game.over:
        pend = game.pending()[0]
        game.apply(pend.player, random_decision(game, pend, rng))
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.show_finished(game, ["human"])
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FinalScreen)
        texts = []
        for page in range(screen.pages):
            await pilot.press("right" if page else "left")
            await pilot.pause()
            assert screen.query_one("#final", VerticalScroll).max_scroll_y == 0
            texts.append(screen_text(app))
    text = "\n".join(texts)
    assert "…" not in text
    lines = texts[0].splitlines()
    row = next(lines[k + 1] for k, line in enumerate(lines) if "NECROPOLIS" in line)  # under its heading
    for card in game.mode.revealed_cards():
        assert card.name in row or card.short_name in row.split(), (card.name, row)
    assert "Kingdom at the end" in text and "Ann ★" in text and "kept" not in text


def test_the_lich_king_cards_say_their_effect_where_it_applies():
    from papertales_tui.tui.views import lich_cards_line

    one = new_solo_game(["Ann"], seed=1, lich_cards=["reaper_of_souls"])
    assert lich_cards_line(observe(one, 0), 78).plain == "Lich King: Reaper of Souls (★1 per 2 Units dying)"
    two = new_solo_game(["Ann"], seed=1, lich_cards=["harvest_of_souls", "legion_of_bone"])
    assert two.state.step == "pick"  # the draft: the Underworld quest applies, its effect comes first
    assert lich_cards_line(observe(two, 0), 120).plain == ("Lich King: Harvest of Souls (★1 ✿ food in Underworld) · "
                                               "Legion of Bone (+★1 a Black War won)")
    line = lich_cards_line(observe(two, 0), 78).plain
    assert line == "Lich King: Harvest of Souls (★1 ✿ food in Underworld) · Legion of Bone"
    assert lich_cards_line(observe(two, 0), 50).plain == "Lich King cards: Harvest of Souls, Legion of Bone"


async def test_the_solo_deployment_forecasts_the_lich_kings_gains(catalog):
    game = new_solo_game(["Ann"], seed=3, catalog=catalog, lich_cards=["legion_of_bone"])
    pick_first(game, 4)
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game, ["human"])
        for _ in range(10):  # the Lich King's Recruitment first
            await pilot.pause()
            if isinstance(app.screen, DeployScreen):
                break
            await pilot.press("enter")
        assert isinstance(app.screen, DeployScreen)
        f = app.screen.forecast
        assert f is not None and f.others[0][0] == "Wars"
        low, high = f.others_total
        text = screen_text(app)
        assert f"Lich King gains ★{low}" + (f"-{high}" if high != low else "") in text
        assert "Legion of Bone" in text


def solo_until(game: Game, turn: int, kind: str, rng: random.Random) -> Game:
    while not (game.state.turn == turn and game.pending() and game.pending()[0].kind == kind):
        pend = game.pending()[0]
        game.apply(pend.player, random_decision(game, pend, rng))
    return game


async def test_construction_says_what_each_building_left_unbuilt_gives_the_lich_king(catalog):
    """Issue 30, item 5: Construction said "worth ★1", never that each Building left unbuilt gives the
    Lich King ★2 at the end (Ruined Realms, when in play)."""
    game = solo_until(new_solo_game(["Ann"], seed=4, catalog=catalog, lich_cards=["ruined_realms"]), 1,
                      "construction", random.Random(4))
    unbuilt = len(catalog.buildings) - len(game.players[0].buildings)
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game, ["human"], shown=len(game.state.log))
        await pilot.pause()
        info = str(app.screen.query_one("#build-info").content)  # (the side panel, wrapped on screen)
        assert f"Ruined Realms: the Lich King scores ★2 at the end for each Building you have not built " \
               f"({unbuilt} now: ★{2 * unbuilt})" in info
        assert game.pending()[0].options.options[0].kind == "build" and "• Built, it keeps ★2 from him." in info
    plain = new_solo_game(["Ann"], seed=4, catalog=catalog, lich_cards=["legion_of_bone"])
    solo_until(plain, 1, "construction", random.Random(4))
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(plain, ["human"], shown=len(plain.state.log))
        await pilot.pause()
        assert "Ruined Realms" not in screen_text(app)


async def test_the_last_pages_show_the_lich_kings_lp_as_of_the_page(catalog):
    """Issue 30, item 5: the turn-4 Construction and Aging pages showed the Lich King's LP with the END
    card's gain (and Ruined Realms'), which only the final page explains."""
    game = solo_until(new_solo_game(["Ann"], seed=2, catalog=catalog, difficulty=4), 4, "construction",
                      random.Random(2))
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game, ["human"], shown=len(game.state.log))
        await pilot.pause()
        await pilot.press(*keys_for(app))
        await pilot.pause()
        log = game.state.log
        before_end = [e["total"] for e in log if e["type"] == "lich_lp" and e["phase"] != "end"][-1]
        final = game.mode.solo.lich_lp
        assert final > before_end  # (the END card)
        shown = []  # the Lich King's LP on each page before the final one (Construction, Aging)
        while isinstance(app.screen, SummaryScreen):
            heading = next(line for line in screen_text(app).splitlines() if "NECROPOLIS" in line)
            shown.append(int(heading.split("Lich King ★")[1].split()[0]))
            await pilot.press("enter")
            await pilot.pause()
        assert len(shown) >= 2 and shown[-1] == before_end and all(lp <= before_end for lp in shown)
        assert isinstance(app.screen, FinalScreen)
        text = screen_text(app)
        assert f"NECROPOLIS · Lich King ★{final}" in text


async def test_the_log_and_the_lich_kings_page_name_the_underworld_cards(catalog):
    """Issue 30, item 5: neither the screen nor the log named the Underworld card kept in the last rounds
    and the one put back under the pile. The solo rules let the player look at the Underworld at any time
    of Recruitment, and the kept cards are in their own hand: with one human at the table, the log tells
    that player's own events, and the Lich King's page names the card put back under the pile."""
    game = new_solo_game(["Ann"], seed=5, difficulty=1, catalog=catalog)
    app = PaperTalesApp(catalog)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.play(game, ["human"])
        await pilot.pause()
        while isinstance(app.screen, DraftScreen):
            await pilot.press("enter", "c")
            await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        log = game.state.log
        under = next(e for e in log if e["type"] == "underworld_bottom")["cards"]
        last = [e for e in log if e["type"] == "underworld_drawn"][-1]["cards"]
        kept = [e["card"] for e in log if e["type"] == "card_picked"][-2:]
        text = " ".join(screen_text(app).split())
        name = game.card
        assert f"you kept {name(kept[0]).name} and put {name(under[0]).name} back under the pile; then you took " \
               f"its top card, {name(last[0]).name}." in text
        await pilot.press("f3")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert f"{game.card(under[0]).name} go under the Underworld" in text
        assert f"Ann draws {game.card(last[0]).name} from the Underworld" in text
        for c in kept:
            assert f"Ann takes {game.card(c).name}" in text

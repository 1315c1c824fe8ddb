"""The Kingdom widget (tui/kingdom.py): snapshots from the engine's view, tiles and compact lines."""

from __future__ import annotations

from dataclasses import replace

from conftest import give, goto, new_game, put
from test_tui_support import SIZE

from papertales_tui.tui.kingdom import (
    DIES,
    Kingdom,
    compact_lines,
    kingdom_views,
    spot_line,
    table_marks,
    tile_form,
    tile_lines,
)


def table_game():
    game = goto(new_game(3), "deploy")
    put(game, 0, 0, "hunter", age=1)
    put(game, 0, 3, "mystical_healer")
    put(game, 1, 0, "knight")
    game.state.players[1].buildings["tavern"] = 1
    give(game, 1, ["farmer", "miner"])
    game.state.players[1].kept = give(game, 2, ["treefolk"])[0]
    game.state.players[2].hand.clear()
    return game


def test_views_show_public_kingdoms_and_only_counts_of_private_cards():
    game = table_game()
    views = kingdom_views(game, viewer=0)
    mine, ben = views[0], views[1]
    hunter = mine.spots[0]
    assert hunter.name == "Hunter" and hunter.age == 1 and hunter.dies and hunter.healable and hunter.fights
    assert mine.spots[3].name == "Mystical Healer" and not mine.spots[3].fights and not mine.spots[3].dies
    assert ben.hand == 2 and ben.kept and ben.buildings == (("Tavern", 1),)
    assert ben.strength == game.strength(1) and ben.spots[0].strength == 4
    text = "\n".join(line.plain for line in compact_lines(ben, 200, 2))
    assert "Knight" in text and "hand 2" in text and "kept 1" in text
    for c in game.players[1].hand + [game.players[1].kept]:
        assert game.card(c).name not in text


def test_tile_and_line_renderers_fit_their_width_and_mark_deaths_in_words():
    game = table_game()
    mine = kingdom_views(game, viewer=0)[0]
    tile = tile_lines(mine.spots[0], 16, "F1")
    assert len(tile) == 5 and all(line.cell_len == 16 for line in tile)
    assert "Hunter" in tile[1].plain and f"{DIES} dies" in tile[3].plain and "◷1" in tile[3].plain
    assert "empty" in tile_lines(None, 16, "F2")[1].plain
    assert "dies" in spot_line(mine.spots[0], 60).plain
    for width in (40, 80, 100):
        lines = tile_form(mine, width)
        assert all(line.cell_len <= width for line in lines)
        assert len(lines) == 11  # header, Front row, Back row
        assert any("Buildings" in line.plain for line in lines)
        assert all(line.cell_len <= width for line in compact_lines(mine, width, 2))


def test_a_far_players_line_drops_its_no_war_mark_before_cutting_anything():
    game = goto(new_game(5), "deploy")
    for slot, key in ((0, "woodcutter"), (1, "blacksmith"), (3, "woodcutter")):
        put(game, 2, slot, key, age=1)
    game.state.players[2].buildings["temple"] = 2
    give(game, 2, ["farmer", "miner", "cook"])
    game.state.players[2].name = "Player 3"
    mark = table_marks(5, 4)[2]  # seat 3 of 5 from seat 5: neither neighbour
    far = replace(kingdom_views(game, viewer=4)[2], mark=mark)
    assert mark == "(no War)" and far.hand == 3
    (line,) = compact_lines(far, 78, 1)
    assert line.cell_len <= 78 and line.plain.endswith("· Temple 2") and "(no War)" not in line.plain
    assert line.plain.count("…") == 3  # the Units' names shortened, the Buildings whole
    (roomy,) = compact_lines(far, 120, 1)
    assert "(no War)" in roomy.plain and "Woodcutter" in roomy.plain


async def test_the_table_marks_every_far_player_or_none():
    from textual.app import App

    from papertales_tui.tui.kingdom import KingdomTable

    game = goto(new_game(5), "deploy")
    for slot, key in ((0, "woodcutter"), (1, "blacksmith"), (3, "woodcutter")):
        put(game, 2, slot, key, age=1)  # seat 3's line is long, seat 2's short
    game.state.players[2].buildings["temple"] = 2
    give(game, 2, ["farmer", "miner", "cook"])
    for p, player in enumerate(game.state.players):
        player.name = f"Player {p + 1}"
    marks = table_marks(5, 4)
    views = [replace(v, mark=marks[v.player]) for v in kingdom_views(game, viewer=4) if v.player != 4]

    class One(App):
        def compose(self):
            yield KingdomTable(views, rows=4)

    for width, marked in ((120, True), (80, False)):
        async with One().run_test(size=(width, 10)) as pilot:
            await pilot.pause()
            lines = [line.plain for line in pilot.app.query_one(KingdomTable).lines]
            assert [("(no War)" in line) for line in lines[1:3]] == [marked, marked], lines
            assert "(left)" in lines[0] and "(right)" in lines[3]


async def test_kingdom_widget_draws_compact_or_tiles():
    from textual.app import App

    game = table_game()
    views = kingdom_views(game, viewer=0)

    class One(App):
        def compose(self):
            yield Kingdom(views[0], form="compact", lines=2, id="small")
            yield Kingdom(views[0], form="tiles", id="big")

    app = One()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        small, big = app.query_one("#small", Kingdom), app.query_one("#big", Kingdom)
        assert len(small.lines) == 2 and len(big.lines) == 11
        assert small.has_class("-dying")
        big.show(views[2])
        await pilot.pause()
        assert big.lines[0].plain.startswith("P2") and not big.has_class("-dying")

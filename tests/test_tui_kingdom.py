"""The Kingdom widget (tui/kingdom.py): snapshots from the engine's view, tiles and compact lines."""

from __future__ import annotations

from dataclasses import replace

from conftest import give, goto, new_game, put
from test_tui_support import SIZE

from papertales_tui.rules import observe
from papertales_tui.tui.kingdom import (
    DIES,
    Kingdom,
    compact_lines,
    kingdom_views,
    spot_line,
    table_lines,
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
    views = kingdom_views(observe(game, 0))
    mine, ben = views[0], views[1]
    hunter = mine.spots[0]
    assert hunter.name == "Hunter" and hunter.age == 1 and hunter.dies and hunter.healable and hunter.fights
    assert mine.spots[3].name == "Mystical Healer" and not mine.spots[3].fights and not mine.spots[3].dies
    assert ben.hand == 2 and ben.kept and ben.buildings == (("Tavern", 1),)
    assert ben.strength == game.strength(1) and ben.spots[0].strength == 4
    text = "\n".join(line.plain for line in compact_lines(ben, 200, 2))
    assert "Knight" in text and "2 in hand, 1 kept" in text
    for c in game.players[1].hand + [game.players[1].kept]:
        assert game.card(c).name not in text


def test_tile_and_line_renderers_fit_their_width_and_mark_deaths_in_words():
    game = table_game()
    mine = kingdom_views(observe(game, 0))[0]
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


def far_table(names: str = "Player"):
    game = goto(new_game(5), "deploy")
    for slot, key in ((0, "woodcutter"), (1, "blacksmith"), (3, "woodcutter")):
        put(game, 2, slot, key, age=1)  # seat 3's line is long, the others short
    game.state.players[2].buildings["temple"] = 2
    give(game, 2, ["farmer", "miner", "cook"])
    for p, player in enumerate(game.state.players):
        player.name = f"{names} {p + 1}"
    marks = table_marks(5, 4)
    return [replace(v, mark=marks[v.player]) for v in kingdom_views(observe(game, 4)) if v.player != 4]


def test_the_table_keeps_every_kingdom_whole_with_short_names_before_cutting():
    views = far_table()
    assert views[2].mark == "(no War)" and views[2].hand == 3
    roomy = table_lines(views, 78, rows=8)  # two lines each, full names
    assert [len(lines) for lines in roomy] == [2, 2, 2, 2]
    assert "Woodcutter ⚔2◷1✝ Blacksmith ⚔1◷1✝ | Woodcutter ⚔2◷1✝" in roomy[2][1].plain
    tight = table_lines(views, 50, rows=4)  # the long one takes 2 lines, short names: nothing cut
    assert [len(lines) for lines in tight] == [1, 1, 2, 1]
    text = [line.plain for lines in tight for line in lines]
    assert "  Woodcut. ⚔2◷1✝ Blacksm. ⚔1◷1✝ | Woodcut. ⚔2◷1✝" in text
    assert all("…" not in line and len(line) <= 50 for line in text)
    assert "Temple 2" in text[2]


def test_the_table_marks_every_far_player_or_none():
    for width, marked in ((120, True), (86, False)):
        lines = [line.plain for lines in table_lines(far_table("P"), width, rows=4) for line in lines]
        assert "\n".join(lines).count("(no War)") == (2 if marked else 0), lines
        assert "(left)" in lines[0] and "(right)" in lines[-1]
        assert all("…" not in line for line in lines)


async def test_kingdom_widget_draws_compact_or_tiles():
    from textual.app import App

    game = table_game()
    views = kingdom_views(observe(game, 0))

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


def test_short_of_rows_a_player_with_no_war_goes_on_one_line_by_unit_names():
    """6-7 players: rather than a line too many (or a cut), a Kingdom with whom there is no War shows
    its Units by name and whether they die, on one line; the neighbours keep their strengths."""
    views = far_table()
    roomy = table_lines(views, 75, rows=5)
    assert [len(lines) for lines in roomy] == [1, 1, 2, 1]  # the rows allow the long Kingdom its 2 lines
    tight = table_lines(views, 75, rows=4)
    assert [len(lines) for lines in tight] == [1, 1, 1, 1]
    line = tight[2][0].plain
    assert line.startswith("Player 3") and line.count("✝") == 3 and "⚔3" in line and "Temple 2" in line
    assert "◷" not in line and "…" not in line and len(line) <= 75
    assert tight[0] == roomy[0] and tight[3] == roomy[3]  # the neighbours as before


def test_cards_held_never_read_as_the_units_in_play():
    """Issue 30, item 4: "Cid … hand 5: Blacksmith ⚔1◷1✝ Commander" read as Cid's hand (those are his Units
    in play), "kept 1: | Farmer" as a kept Farmer. The counts of cards held out of sight come apart
    (` · 5 in hand, 1 kept`, after the Buildings), a colon introduces only the Units in play, and an empty
    Front row is `—`, in every form the table uses."""
    game = goto(new_game(3), "deploy")
    put(game, 1, 0, "blacksmith", age=1)
    put(game, 1, 1, "commander")
    give(game, 1, ["farmer", "miner", "knight", "archer", "hunter"])
    put(game, 2, 3, "farmer")
    game.state.players[2].kept = give(game, 2, ["treefolk"])[0]
    game.state.players[2].hand.clear()
    cid, dee = kingdom_views(observe(game, 0))[1:]
    assert cid.hand == 5 and dee.kept and not dee.hand
    for width in (200, 80, 60, 40):
        for lines in (1, 2, 3):
            for k, units, held in ((cid, "Blacksmith", "5 in hand"), (dee, "Farmer", "1 kept")):
                text = "\n".join(line.plain for line in compact_lines(k, width, lines))
                assert "hand:" not in text and "kept:" not in text and "hand 5" not in text and "kept 1" not in text
                if width == 200:
                    assert units in text and held in text
                    before = text[:text.index(held)]  # on the line of the Units, the count comes after them
                    assert units in before or "\n" not in text[text.index(units):]
    one_line = compact_lines(cid, 200, 1)[0].plain
    assert one_line.startswith(f"{cid.name} ★") and ": Blacksmith ⚔" in one_line and one_line.endswith(" · 5 in hand")
    dee_line = compact_lines(dee, 200, 1)[0].plain
    assert ": — | Farmer" in dee_line and dee_line.endswith(" · 1 kept")
    for rows in (3, 6, 9):
        table = "\n".join(line.plain for out in table_lines([cid, dee], 80, rows) for line in out)
        assert "hand:" not in table and "kept:" not in table and "5 in hand" in table and "1 kept" in table


def test_a_tile_shows_a_long_name_whole_when_the_screen_is_wide_and_its_short_name_when_narrow():
    """French names of 18 letters ("Maîtresse du temps", "Négociante en bois") in the tiles of a 120-column
    screen (issue 40: the audit at 120x40 found "Maîtresse du te…"); a tile too narrow shows the card's short
    name, never a name cut short."""
    from papertales_tui.text.i18n import set_language

    set_language("fr")
    try:
        game = goto(new_game(3), "deploy")
        put(game, 0, 0, "time_master")
        put(game, 0, 3, "wood_merchant")
        mine = kingdom_views(observe(game, 0))[0]
        text = "\n".join(line.plain for line in tile_form(mine, 118))
        assert "Maîtresse du temps" in text and "Négociante en bois" in text and "…" not in text
        narrow = "\n".join(line.plain for line in tile_lines(mine.spots[0], 16, "AV1"))
        assert "M. temps" in narrow and "…" not in narrow
    finally:
        set_language(None)

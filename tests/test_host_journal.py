"""A hosted table's journal (hosting/journal.py): each accepted decision durable in it before the seats
are told, the save file rewritten from it after; `HostedTable.load` takes the newest of the two, a
slot spoilt by a write cut short leaves the save before, and the journal goes once the save file is
up to date. Every server is ended when its test ends (`running`)."""

from __future__ import annotations

import random
from pathlib import Path

from papertales_tui.hosting import protocol as P
from papertales_tui.hosting.client import SeatClient
from papertales_tui.hosting.journal import HEADER, Journal, journal_path, newest
from papertales_tui.hosting.server import TableServer, link, running
from papertales_tui.hosting.table import HostedTable
from papertales_tui.persistence import encode_save
from papertales_tui.rules import Game, game_decisions, random_decision


def played(seed: int, decisions: int) -> Game:
    game = Game.new(["Ann", "Bob"], seed=seed)
    rng = random.Random(seed)
    while len(game_decisions(game)) < decisions:
        for pend in game.pending():
            game.apply(pend.player, random_decision(game, pend, rng))
    return game


def test_the_newest_whole_slot_is_read_back(tmp_path: Path) -> None:
    save = tmp_path / "t.json"
    assert newest(save) is None  # no journal
    journal = Journal(save)
    saves = [encode_save(played(3, n)) for n in (0, 4, 8, 40, 41)]  # (at 40 the file grows)
    for data in saves:
        journal.write(data)
        assert newest(save) == data
    raw = bytearray(journal_path(save).read_bytes())
    half = len(raw) // 2
    newer = 0 if raw[4:12] > raw[half + 4:half + 12] else half  # the slot with the larger counter
    raw[newer + HEADER.size + 10] ^= 1  # a write cut short: that slot is spoilt
    journal_path(save).write_bytes(bytes(raw))
    assert newest(save) == saves[-2]  # the one before
    journal.remove()
    assert newest(save) is None and not journal_path(save).exists()


async def test_a_decision_is_in_the_journal_when_the_seat_is_told_and_the_save_file_follows(tmp_path: Path) -> None:
    game = Game.new(["Ann", "Bob"], seed=5)
    table = HostedTable(game, ["human", "human"])
    save = tmp_path / "t.json"
    server = TableServer(table, save)
    async with running(server) as port, SeatClient(link("127.0.0.1", port, 0, table.secrets[0] or ""),
                                                   game.catalog) as c:
        await c.until(lambda m: isinstance(m, P.State) and m.asked is not None)
        assert c.state is not None and c.state.asked is not None
        before = save.read_bytes()  # (saved at the start)
        seq = c.state.next_seq
        await c.decide(random_decision(game, game.pending()[0], random.Random(1)))
        await c.until(lambda m: isinstance(m, P.State) and m.next_seq > seq)
        assert len(game_decisions(table.game)) == 1
        journaled = newest(save)
        assert journaled is not None and journaled != before
        save.write_bytes(before)  # the save file not rewritten yet (the host killed now)
        resumed = HostedTable.load(save)
        assert resumed.game.to_json() == table.game.to_json() and resumed.secrets == table.secrets
    assert not journal_path(save).exists()  # the host ended: the save file holds the newest, the journal went
    assert HostedTable.load(save).game.to_json() == table.game.to_json()


def test_saving_a_table_leaves_no_older_journal_behind(tmp_path: Path) -> None:
    save = tmp_path / "t.json"
    Journal(save).write(encode_save(played(3, 6)))  # a journal of the game before
    table = HostedTable(played(3, 10), ["human", "human"])
    table.save(save)
    assert not journal_path(save).exists()
    assert HostedTable.load(save).game.to_json() == table.game.to_json()


async def test_without_a_journal_each_decision_goes_straight_to_the_save_file(tmp_path: Path) -> None:
    """A journal that cannot be written (a folder in its place): the save file is written before the
    seats are told, as it was before the journal."""
    game = Game.new(["Ann", "Bob"], seed=5)
    table = HostedTable(game, ["human", "human"])
    save = tmp_path / "t.json"
    journal_path(save).mkdir()
    logged: list[str] = []
    server = TableServer(table, save, log=logged.append)
    async with running(server) as port, SeatClient(link("127.0.0.1", port, 0, table.secrets[0] or ""),
                                                   game.catalog) as c:
        await c.until(lambda m: isinstance(m, P.State) and m.asked is not None)
        assert c.state is not None
        seq = c.state.next_seq
        await c.decide(random_decision(game, game.pending()[0], random.Random(1)))
        await c.until(lambda m: isinstance(m, P.State) and m.next_seq > seq)
        assert HostedTable.load(save).game.to_json() == table.game.to_json()  # (the save file itself)
    assert logged == [line for line in logged if "cannot save" not in line]

"""`papertales join LINK`: reading a seat's link, and the one-line refusals of the command (the games
played through it against a real server are tests/test_join_play.py's)."""

from __future__ import annotations

import socket

import pytest

from papertales_tui.cli import main
from papertales_tui.tui.remote import parse_link

SECRET = "s3cr3t-Secret_0123456789abcdefgh"


@pytest.mark.parametrize(("text", "websocket", "seat"), [
    (f"http://192.168.1.5:8100/seat/2?secret={SECRET}", "ws://192.168.1.5:8100/seat/2/ws", 2),
    (f"  https://table.local/seat/0?secret={SECRET}\n", "wss://table.local/seat/0/ws", 0),
    (f"http://[::1]:9000/seat/6/?secret={SECRET}", "ws://[::1]:9000/seat/6/ws", 6),
])
def test_a_seats_link_gives_its_websocket_and_secret(text, websocket, seat):
    link = parse_link(text)
    assert (link.websocket, link.seat, link.secret) == (websocket, seat, SECRET)
    assert SECRET not in link.websocket and SECRET not in link.page  # the secret goes in a header


@pytest.mark.parametrize("text", [
    "", "table", "ftp://host/seat/1?secret=x", "http://host/seat/1", "http://host/seat/1?secret=",
    "http://host/seat/one?secret=x", "http://host/seat/1/ws?secret=x", "http://host/other/1?secret=x",
    "http://host:99999/seat/1?secret=x", "http://host/seat/١?secret=x", "http:///seat/1?secret=x",
])
def test_anything_else_is_not_a_seats_link(text):
    with pytest.raises(ValueError):
        parse_link(text)


def test_a_bad_link_is_refused_in_one_line_without_repeating_it(capsys):
    assert main(["join", f"http://host/seat/x?secret={SECRET}"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("papertales: this is not a seat's link")
    assert SECRET not in err


def test_no_link_at_all_is_refused_in_one_line(capsys, monkeypatch):
    monkeypatch.delenv("PAPERTALES_SEAT_LINK", raising=False)
    assert main(["join"]) == 2
    assert capsys.readouterr().err == ("papertales: give the seat's link that papertales host printed "
                                       "(papertales join LINK)\n")


def test_a_link_where_no_table_answers_is_refused_in_one_line(capsys):
    from papertales_tui.commands import CommandError
    from papertales_tui.commands.join import connect, seat_link
    from papertales_tui.rules import default_catalog

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(CommandError) as refused:
        connect(seat_link(f"http://127.0.0.1:{port}/seat/1?secret={SECRET}"), default_catalog())
    assert str(refused.value) == (f"no table answers at http://127.0.0.1:{port}/seat/1: is papertales host "
                                  "running there, and is this device on the same network?")


def test_the_refusals_speak_the_chosen_language(capsys):
    assert main(["--lang", "fr", "join", "nothing"]) == 2
    assert capsys.readouterr().err.startswith("papertales\u00a0: ce n'est pas le lien d'une place")

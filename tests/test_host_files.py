"""`papertales host` and `papertales join` with the files and links a careless or hostile hand gives them
(issue 39): every loaded file checked (a one-line error naming it, exit 2), a table of bots only refused,
the right file named when a write fails, the data folder its owner's only, the link kept out of `ps`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from papertales_tui.cli import main
from papertales_tui.hosting.table import HostedTable, sidecar_path
from papertales_tui.rules import Game


def saved_table(path: Path, types: list[str] | None = None) -> HostedTable:
    table = HostedTable(Game.new(["Ann", "Bob"], seed=3), types or ["human", "human"])
    table.save(path)
    return table


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("change", [
    lambda d: d | {"next_seq": [2**53, 0]},  # then every state it is sent fails validation
    lambda d: d | {"next_seq": [-1, 0]},
    lambda d: d | {"secrets": ["short", None]},
    lambda d: d | {"secrets": d["secrets"][:1]},
    lambda d: d | {"pages_from": "0"},
    lambda d: [d],
])
def test_a_tampered_secrets_file_is_refused_at_resume_in_one_line(change, tmp_path: Path, data_dir: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.json"
    saved_table(path)
    side = sidecar_path(path)
    side.write_text(json.dumps(change(json.loads(side.read_text()))))
    assert main(["--lang", "en", "host", "--port", "0", "--resume", str(path)]) == 2
    err = one_line_error(capsys)
    assert f"{side}:" in err and "secrets file" in err


def test_a_secrets_file_that_is_not_json_or_not_readable_is_refused(tmp_path: Path, data_dir: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.json"
    saved_table(path)
    sidecar_path(path).write_bytes(b"\xff{")
    assert main(["--lang", "en", "host", "--port", "0", "--resume", str(path)]) == 2
    assert str(sidecar_path(path)) in one_line_error(capsys)


def test_without_its_secrets_file_a_table_resumes_with_new_links(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    old = saved_table(path)
    sidecar_path(path).unlink()
    table = HostedTable.load(path)
    assert table.secrets[0] and table.secrets[0] != old.secrets[0]


def test_a_save_whose_seats_are_all_bots_is_refused_like_a_new_table(tmp_path: Path, data_dir: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.json"
    saved_table(path, ["bot:easy", "bot:easy"])
    assert main(["--lang", "en", "host", "--port", "0", "--resume", str(path)]) == 2
    assert "every seat of this table is a bot's" in one_line_error(capsys)


def test_the_file_that_cannot_be_written_is_the_one_named(tmp_path: Path, data_dir: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.json"
    sidecar_path(path).mkdir()
    assert main(["--lang", "en", "host", "--port", "0", "--save", str(path), "--names", "Ann,Bob"]) == 2
    err = one_line_error(capsys)
    assert f"cannot save the table to {sidecar_path(path)}:" in err


def test_the_data_folder_is_its_owners_only_whatever_the_umask(tmp_path: Path) -> None:
    from papertales_tui.dirs import private_dir
    from papertales_tui.persistence import DataDirLock

    old = os.umask(0)
    try:
        made = private_dir(tmp_path / "a" / "b")
        lock = DataDirLock(tmp_path / "c" / "d")
        assert lock.acquire()
        lock.release()
    finally:
        os.umask(old)
    for folder in (made, made.parent, tmp_path / "c", tmp_path / "c" / "d"):
        assert folder.stat().st_mode & 0o777 == 0o700, folder


def test_join_reads_its_link_from_standard_input(tmp_path: Path) -> None:
    """`papertales join -`: the link (its secret) never on the command line, where `ps` shows it."""
    secret = "s3cr3t-s3cr3t-s3cr3t-s3cr3t-xx"
    command = [sys.executable, "-c", "import sys; from papertales_tui.cli import main; sys.exit(main())",
               "--lang", "en", "join", "-"]
    done = subprocess.run(command, input=f"http://127.0.0.1:9/seat/0?secret={secret}\n", capture_output=True,
                          text=True, timeout=60, start_new_session=True)  # (no terminal: none to read keys from)
    assert done.returncode == 2 and "not a seat's link" not in done.stderr  # read, and a seat's link
    assert "no table answers at http://127.0.0.1:9/seat/0" in done.stderr or "not a terminal" in done.stderr
    assert secret not in done.stderr
    done = subprocess.run(command, input="nothing\n", capture_output=True, text=True, timeout=60,
                          start_new_session=True)
    assert done.returncode == 2 and "this is not a seat's link" in done.stderr


# ---- TLS -------------------------------------------------------------------------------------------


@pytest.fixture
def certificate(tmp_path: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and localhost, and its key (openssl)."""
    import shutil

    if shutil.which("openssl") is None:
        pytest.skip("needs openssl")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key), "-out", str(cert),
                    "-days", "2", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
                   check=True, capture_output=True, timeout=60)
    return cert, key


@pytest.mark.parametrize("args, says", [
    (["--tls-cert", "cert.pem"], "go together"),
    (["--tls-cert", "missing.pem", "--tls-key", "key.pem"], "missing.pem: no such file"),
    (["--tls-cert", "key.pem", "--tls-key", "key.pem"], "key.pem: not a certificate"),
])
def test_tls_options_that_cannot_be_used_say_so_in_one_line(args: list[str], says: str, certificate: tuple[Path, Path],
                                                            tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["--lang", "en", "host", "--port", "0", "--save", str(tmp_path / "t.json"), *args]) == 2
    assert says in one_line_error(capsys)


async def test_a_table_served_over_tls_plays_and_refuses_plain_http(certificate: tuple[Path, Path],
                                                                    tmp_path: Path) -> None:
    import ssl

    import aiohttp

    from papertales_tui.commands.host import tls_context
    from papertales_tui.hosting.server import TableServer, link, running, ws_url

    cert, key = certificate
    table = HostedTable(Game.new(["Ann", "Bob"], seed=3), ["human", "human"])
    server = TableServer(table, tmp_path / "t.json", tls=tls_context(str(cert), str(key)), log=lambda _: None)
    trust = ssl.create_default_context(cafile=str(cert))
    async with running(server) as port, aiohttp.ClientSession() as http:
        url = link("127.0.0.1", port, 0, table.secrets[0] or "", "https")
        async with http.ws_connect(ws_url(url), ssl=trust) as ws:
            assert ws_url(url).startswith("wss://")
            first = json.loads((await ws.receive(timeout=10)).data)
            assert first["type"] == "welcome"
        with pytest.raises(aiohttp.ClientError):  # plain http to the TLS port
            async with http.get(url.replace("https:", "http:")) as response:
                await response.read()
        with pytest.raises(aiohttp.ClientError):  # a certificate nobody trusts: refused by the client
            async with http.get(url) as response:
                await response.read()

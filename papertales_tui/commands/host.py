"""`papertales host`: one game for a table whose players each hold a device of their own (issue 33).

The game lives here; each human seat gets a link with its own secret (printed, with a QR code of it
when the output is a terminal) and plays from a terminal (`papertales join LINK`) or a browser; bots
decide here. Everyone decides at the same time. The table is saved after every decision (atomic) to
--save (default: a new file in the data directory) with its secrets beside it (<file>.secrets, mode
0600), and `papertales host --resume FILE` continues it with the same links. docs/protocol.md says
what travels.

On this computer only (127.0.0.1) by default; `--host 0.0.0.0` serves the local network: then anyone
on it who has a seat's link plays that seat (the links are the only keys; the game travels unencrypted,
unless served over TLS: --tls-cert and --tls-key, a certificate of one's own; `papertales join` then
trusts it as the system does, e.g. SSL_CERT_FILE=cert.pem for a self-signed one).

Exit codes: 130 after Ctrl-C (143 after SIGTERM), the table saved; 2 when it cannot start.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from . import CLI, PLAYERS, SEED, CommandError, int_range, printable

_ = CLI.gettext

if TYPE_CHECKING:
    import ssl

    from ..hosting.table import HostedTable
    from ..rules import Catalog, Game

DEFAULT_PORT = 8100
LEVELS = ("easy", "medium", "hard")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("host", help=_("host a table: each player on their own device (phone, terminal)"),
                       description=_("Host one game for players on their own devices: each human seat gets "
                                     "its own link (with a secret) to open in a browser or with `papertales "
                                     "join`. Everyone decides at the same time. Ctrl-C saves the table and "
                                     "stops; --resume continues it with the same links."))
    p.add_argument("--players", type=PLAYERS, default=None, help=_("number of players (2-7, default 3)"))
    p.add_argument("--names", metavar="NAMES", default=None,
                   help=_("the players' names, separated by commas (default: Player 1, Player 2...)"))
    p.add_argument("--bots", metavar="SEAT:LEVEL", action="append", default=[],
                   help=_("a bot at this seat (1 is the first), e.g. 3:hard; levels: easy, medium, hard; "
                          "repeatable"))
    p.add_argument("--seed", type=SEED, default=None, help=_("the game's seed (default: a random one)"))
    p.add_argument("--host", default="127.0.0.1",
                   help=_("the address to listen on (default: 127.0.0.1, this computer only); "
                          "e.g. 0.0.0.0 for every network of this computer"))
    p.add_argument("--port", type=int_range(0, 65535), default=None,
                   help=_("the port to listen on (default: %(port)s, or the saved table's with --resume; 0 picks "
                          "a free one)") % {"port": DEFAULT_PORT})
    p.add_argument("--solo", action="store_true",
                   help=_("one player against the Lich King, on a device of their own"))
    p.add_argument("--difficulty", type=int_range(0, 99), default=None, metavar="N",
                   help=_("with --solo: how many Lich King cards are in play (default 0)"))
    p.add_argument("--resume", dest="host_resume", metavar="FILE", default=None,
                   help=_("continue the table saved in FILE, with the same links"))
    p.add_argument("--save", metavar="FILE", default=None,
                   help=_("where the table is saved after every decision (default: a new file in the data "
                          "directory)"))
    p.add_argument("--read-timeout", type=int_range(0, 3600), default=0, metavar="SECONDS",
                   help=_("go on this many seconds after the results pages come, even if not everyone has "
                          "read them (default: 0, wait for everyone)"))
    p.add_argument("--tls-cert", metavar="FILE", default=None,
                   help=_("serve over TLS (https) with this certificate (PEM, its chain after it); with --tls-key"))
    p.add_argument("--tls-key", metavar="FILE", default=None, help=_("the private key of --tls-cert (PEM)"))
    p.add_argument("--max-clients", type=int_range(1, 1000), default=32, help=argparse.SUPPRESS)
    p.set_defaults(run=run)


def run(args: argparse.Namespace, catalog: Catalog) -> int:
    from ..hosting.server import TableServer, failed_file, link, serve
    from .serve import is_loopback, listen, network_address

    tls = tls_context(args.tls_cert, args.tls_key)
    table, path = make_table(args, catalog)
    try:
        table.save(path)  # (before anything starts: a file that cannot be written is said at once)
    except OSError as err:
        raise CommandError(_("cannot save the table to %(path)s: %(problem)s")
                           % {"path": failed_file(path, err), "problem": err.strerror or err}) from None
    wanted = args.port if args.port is not None else (table.port or DEFAULT_PORT)  # (--resume: the same links)
    sock = listen(args.host, wanted)
    port = sock.getsockname()[1]
    table.port = port
    table.save(path)  # (the port kept beside the secrets: --resume serves the same links)
    server: TableServer
    try:  # each seat's link with ?view=terminal is also a terminal in a browser (textual-serve)
        from .seat_web import SeatServer

        server = SeatServer(table, path, cards=args.cards or (), max_clients=args.max_clients, host=args.host,
                            tls=tls)
        if tls is not None:  # its seats' games (`papertales join` on this computer) trust the certificate
            server.trusted = trusted_certificates(args.tls_cert)
    except ImportError:  # (without textual-serve, the `serve` extra: the phone's page and terminals)
        server = TableServer(table, path, max_clients=args.max_clients, host=args.host, tls=tls)
    from ..phone import PhonePages

    server.seat_pages = PhonePages(server)  # each seat's link: its page for a phone (papertales_tui/phone/)

    def announce() -> None:
        shown = (network_address() or "127.0.0.1") if args.host in ("0.0.0.0", "::", "") else args.host.strip("[]")
        terminal = sys.stdout.isatty()
        for seat, name in enumerate(table.names()):
            if seat in table.bots:
                print(_("Seat %(seat)s, %(name)s: a bot (%(level)s)")
                      % {"seat": seat + 1, "name": printable(name), "level": table.types[seat].split(":", 1)[1]},
                      flush=True)
                continue
            url = link(shown, port, seat, table.secrets[seat] or "", "https" if tls is not None else "http")
            print(_("Seat %(seat)s, %(name)s: %(link)s") % {"seat": seat + 1, "name": printable(name), "link": url},
                  flush=True)
            if terminal:
                print_qr(url)
        if not is_loopback(args.host):
            print(_("Anyone on the network who has a seat's link can play that seat: give each link only to its "
                    "player."), flush=True)
        print(_("The table is saved after every decision to %(path)s; continue it with: %(command)s")
              % {"path": path, "command": resume_command(args, path)}, flush=True)
        print(_("Press Ctrl-C to stop (the table is saved)."), flush=True)

    try:
        return serve(server, sock, announce)
    finally:
        trusted = getattr(server, "trusted", None)
        if trusted is not None:
            trusted.unlink(missing_ok=True)


def tls_context(cert: str | None, key: str | None) -> ssl.SSLContext | None:
    """The TLS context of --tls-cert and --tls-key (None without them); CommandError, in one line naming
    the file, when they cannot be used."""
    if cert is None and key is None:
        return None
    if cert is None or key is None:
        raise CommandError(_("--tls-cert and --tls-key go together: give both"))
    for given in (cert, key):
        if not Path(given).is_file():
            raise CommandError(_("%(path)s: no such file") % {"path": given})
    import ssl

    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(cert, key)
    except (ssl.SSLError, OSError, ValueError) as err:
        raise CommandError(_("%(path)s: not a certificate and private key that go together (%(problem)s)")
                           % {"path": cert, "problem": getattr(err, "reason", None) or err}) from None
    return context


def trusted_certificates(cert: str) -> Path:
    """A file (mode 0600) of the system's trusted certificates and `cert`'s: what the seats' games on this
    computer trust, so that a certificate of one's own (self-signed) works as a CA-signed one does."""
    import ssl
    import tempfile

    paths = ssl.get_default_verify_paths()
    parts = [Path(cert).read_bytes()]
    if paths.cafile and Path(paths.cafile).is_file():
        parts.append(Path(paths.cafile).read_bytes())
    fd, name = tempfile.mkstemp(prefix="papertales-trusted-", suffix=".pem")
    with open(fd, "wb") as out:
        out.write(b"\n".join(parts))
    return Path(name)


def resume_command(args: argparse.Namespace, path: Path) -> str:
    """The whole command that continues this table with the same links (the port is kept with it)."""
    import shlex

    words = ["papertales"] + [w for folder in (args.cards or ()) for w in ("--cards", str(folder))]
    words += ["host", "--resume", str(path)]
    if args.host != "127.0.0.1":
        words += ["--host", args.host]
    if args.read_timeout:
        words += ["--read-timeout", str(args.read_timeout)]
    if getattr(args, "tls_cert", None):
        words += ["--tls-cert", str(args.tls_cert), "--tls-key", str(args.tls_key)]
    return printable(shlex.join(words))


def make_table(args: argparse.Namespace, catalog: Catalog) -> tuple[HostedTable, Path]:
    """The table to host (a new game, or the one saved in --resume) and where it is saved."""
    from ..hosting.table import HostedTable

    timeout = float(args.read_timeout) or None
    if args.host_resume is not None:
        if args.players is not None or args.names is not None or args.bots or args.seed is not None \
                or args.solo or args.difficulty is not None:
            raise CommandError(_("--resume continues a saved table: --players, --names, --bots, --seed, --solo "
                                 "and --difficulty cannot be given with it"))
        table = HostedTable.load(args.host_resume, catalog, read_timeout=timeout)
        if table.game.over:
            raise CommandError(_("%(path)s: this game is over") % {"path": args.host_resume})
        if not table.humans:  # (as a new table: it would play itself, with nobody to serve)
            raise CommandError(_("%(path)s: every seat of this table is a bot's: at least one seat must be a "
                                 "human's") % {"path": args.host_resume})
        return table, Path(args.save or args.host_resume)
    from ..dirs import data_dir, private_dir
    from ..rules import Game

    seed = args.seed if args.seed is not None else secrets.randbits(32)
    if args.solo:
        game, types = solo_game(args, catalog, seed), ["human"]
    else:
        if args.difficulty is not None:
            raise CommandError(_("--difficulty is for a solo game (--solo)"))
        names = player_names(args.names, args.players)
        types = seat_types(args.bots, len(names))
        if all(t != "human" for t in types):
            raise CommandError(_("--bots: at least one seat must be a human's"))
        game = Game.new(names, seed=seed, catalog=catalog)
    if args.save is not None:
        path = Path(args.save)
    else:
        folder = private_dir(data_dir())
        path = folder / f"hosted-{datetime.now(UTC):%Y%m%d-%H%M%S}.json"
    if path.exists():
        raise CommandError(_("%(path)s already exists: choose another file with --save, or continue it with "
                             "--resume") % {"path": path})
    return HostedTable(game, types, read_timeout=timeout), path


def solo_game(args: argparse.Namespace, catalog: Catalog, seed: int) -> Game:
    """One player against the Lich King (--solo), `--difficulty` Lich King cards in play."""
    from ..rules import new_game

    if args.players is not None or args.bots:
        raise CommandError(_("--solo is one player against the Lich King: --players and --bots cannot be given "
                             "with it"))
    levels = len(catalog.lich_king)
    difficulty = args.difficulty or 0
    if difficulty > levels:
        raise CommandError(_("--difficulty must be between 0 and %(most)s") % {"most": levels})
    name = _("Player %(n)s") % {"n": 1}
    if args.names is not None:
        from ..rules import name_problem

        name = args.names.strip()
        problem = _("one name only") if "," in name else name_problem(name)
        if problem:
            raise CommandError(_("--names: %(name)s: %(problem)s")
                               % {"name": printable(repr(name)), "problem": problem})
    return new_game([name], seed=seed, catalog=catalog, mode="solo", difficulty=difficulty)


def player_names(text: str | None, players: int | None) -> list[str]:
    from ..rules import name_key, name_problem

    if text is None:
        return [_("Player %(n)s") % {"n": i + 1} for i in range(players or 3)]
    names = [n.strip() for n in text.split(",")]
    if players is not None and len(names) != players:
        raise CommandError(_("--names: %(given)s names for %(players)s players")
                           % {"given": len(names), "players": players})
    if not 2 <= len(names) <= 7:
        raise CommandError(_("--names: a table has 2 to 7 players (%(given)s names given)") % {"given": len(names)})
    for name in names:
        problem = name_problem(name)
        if problem:
            raise CommandError(_("--names: %(name)s: %(problem)s")
                               % {"name": printable(repr(name)), "problem": problem})
    if len({name_key(n) for n in names}) != len(names):
        raise CommandError(_("--names: two players have the same name"))
    return names


def seat_types(bots: list[str], players: int) -> list[str]:
    types = ["human"] * players
    for given in bots:
        seat, _sep, level = given.partition(":")
        if not seat.isascii() or not seat.isdigit() or not 1 <= int(seat) <= players or level not in LEVELS:
            raise CommandError(_("--bots: %(given)s is not SEAT:LEVEL with a seat from 1 to %(players)s and a "
                                 "level among easy, medium, hard") % {"given": printable(repr(given)),
                                                                      "players": players})
        types[int(seat) - 1] = f"bot:{level}"
    return types


def print_qr(url: str) -> None:
    """The link as a QR code drawn in the terminal (for a phone's camera)."""
    import segno

    segno.make(url, error="m").terminal(out=sys.stdout, compact=True)
    sys.stdout.flush()

"""`papertales serve`: the game in a web browser (a tablet passed around the table), through Textualize's
textual-serve: each browser tab runs its own copy of the game in a process of its own, which autosaves
(to the data directory's autosave when it gets the lock, else to a file of its own) as a copy in a
terminal does.

On this computer only (127.0.0.1) by default, and always behind a secret token, a random one in the
printed link, on 127.0.0.1 too (every account of this computer reaches its loopback): a request without
it (the page, its files, its websocket, a download) is refused (403). The first page with the token sets
a cookie, so that the page's own requests carry it too. `--no-token` (this computer only) turns it off,
with a warning. At most --max-games games at once (8). In a served game, Save as takes a name, not a
path: the file goes to the data directory's `saves` folder (serve_web.py and tui/app.py say the rest).

Exit codes: 130 after Ctrl-C (143 after SIGTERM), every game process it started ended; 2 when it cannot
start (textual-serve not installed, the port in use, the host not an address of this computer).

Run as a module (`python -m papertales_tui.commands.serve [--cards DIR]...`), it is one such game
process: what textual-serve starts for each tab.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import ipaddress
import secrets
import shlex
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from . import CLI, CommandError, int_range

_ = CLI.gettext

if TYPE_CHECKING:
    from ..rules import Catalog

DEFAULT_PORT = 8000
DEFAULT_MAX_GAMES = 8
LOOPBACK = "127.0.0.1"
INSTALL = "pip install 'papertales-tui[serve]'"
INSTALL_ALONE = "pip install 'textual-serve>=1.1,<2'"


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("serve", help=_("play in a web browser (e.g. a tablet passed around the table)"),
                       description=_("Serve the game to web browsers: each tab plays its own game. Open the "
                                     "printed link (it holds a secret token). Ctrl-C stops the server and every "
                                     "game it started (they are autosaved)."))
    p.add_argument("--host", default=LOOPBACK,
                   help=_("the address to listen on (default: 127.0.0.1, this computer only); "
                          "e.g. 0.0.0.0 for every network of this computer"))
    p.add_argument("--port", type=int_range(0, 65535), default=DEFAULT_PORT,
                   help=_("the port to listen on (default: %(port)s; 0 picks a free one)") % {"port": DEFAULT_PORT})
    p.add_argument("--max-games", type=int_range(1, 1000), default=DEFAULT_MAX_GAMES,
                   help=_("the most games played at once, one per browser tab (default: %(games)s); "
                          "the next tab is told to wait") % {"games": DEFAULT_MAX_GAMES})
    p.add_argument("--no-token", action="store_true",
                   help=_("no secret token in the link (127.0.0.1 only): then any program or account of this "
                          "computer can play and save games in your name; not recommended"))
    p.add_argument("--token", action="store_true", help=argparse.SUPPRESS)  # always on now (old scripts)
    p.set_defaults(run=run)


def run(args: argparse.Namespace, catalog: Catalog) -> int:
    try:
        import textual_serve.server  # noqa: F401  (and its aiohttp)
    except ImportError:
        raise CommandError(_("serving needs textual-serve, which is not installed: %(install)s (or: %(alone)s)")
                           % {"install": INSTALL, "alone": INSTALL_ALONE}) from None

    loopback = is_loopback(args.host)
    if args.no_token and not loopback:
        raise CommandError(_("--no-token serves to this computer only: with --host %(host)s the token is "
                             "required (leave out --no-token)") % {"host": args.host})
    token = None if args.no_token else secrets.token_urlsafe(24)
    sock = listen(args.host, args.port)
    port = sock.getsockname()[1]
    from .serve_web import Served

    server = Served(app_command(args.cards), args.host, port, token, max_games=args.max_games)

    def announce() -> None:
        for url in links(args.host, port, token):
            print(_("Paper Tales is served at %(url)s") % {"url": url}, flush=True)
        if token is None:
            print(_("Warning: no token (--no-token): any program or account of this computer can play and save "
                    "games here, as you."), flush=True)
        else:
            print(_("Anyone who has this link (its token included) can play, and save games on this computer."),
                  flush=True)
        print(_("Press Ctrl-C to stop (every game is autosaved)."), flush=True)

    return server.serve_on(sock, announce)


# ---- where it listens -----------------------------------------------------------------------


def is_loopback(host: str) -> bool:
    """Whether every address `host` stands for is this computer's own (127.0.0.0/8, ::1)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:  # a host name: loopback only if all its addresses are
        try:
            infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
        except (OSError, UnicodeError):
            return False  # `listen` says why
        return bool(infos) and all(ipaddress.ip_address(str(i[4][0]).split("%")[0]).is_loopback for i in infos)


def listen(host: str, port: int) -> socket.socket:
    """A listening socket (bound here so that every failure is one clear line before anything starts)."""
    try:
        family, kind, proto, _canonical, address = socket.getaddrinfo(host.strip("[]"), port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
    except (OSError, UnicodeError) as err:
        raise CommandError(_("cannot serve on host %(host)s: it is not a known address or name (%(problem)s); "
                             "e.g. --host 127.0.0.1 or 0.0.0.0")
                           % {"host": repr(host), "problem": getattr(err, "strerror", None) or err}) from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a restart right after a stop
        sock.bind(address)
        sock.listen(128)
    except OSError as err:
        sock.close()
        if err.errno == errno.EADDRINUSE:
            raise CommandError(_("port %(port)s is in use on %(host)s: choose another one with --port "
                                 "(--port 0 picks a free one)") % {"port": port, "host": host}) from None
        if err.errno == errno.EADDRNOTAVAIL:
            raise CommandError(_("cannot serve on host %(host)s: it is not an address of this computer "
                                 "(e.g. --host 127.0.0.1, or 0.0.0.0 for all its networks)")
                               % {"host": repr(host)}) from None
        if err.errno == errno.EACCES:
            raise CommandError(_("port %(port)s needs administrator rights: choose one above 1023 with --port")
                               % {"port": port}) from None
        raise CommandError(_("cannot serve on %(host)s port %(port)s: %(problem)s")
                           % {"host": host, "port": port, "problem": err.strerror or err}) from None
    return sock


def links(host: str, port: int, token: str | None) -> list[str]:
    """The links to print: for every network (0.0.0.0, ::), this computer's address on the local network
    (the one a tablet can reach) and its own loopback one."""
    query = f"/?token={token}" if token else "/"
    hosts = [host]
    if host in ("0.0.0.0", "::", ""):
        hosts = [h for h in (network_address(), "127.0.0.1") if h]
    return [f"http://{f'[{h}]' if ':' in h else h}:{port}{query}" for h in hosts]


def network_address() -> str | None:
    """This computer's address on the network its default route goes to (no packet is sent)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the outgoing interface
        address = s.getsockname()[0]
        return None if address.startswith("0.") else address
    return None


def app_command(cards: list[Path]) -> str:
    """The shell command textual-serve runs for each tab (exec: the process it knows is the game's)."""
    parts = [sys.executable, "-m", "papertales_tui.commands.serve"]
    for d in cards:
        parts += ["--cards", str(Path(d).resolve())]
    return "exec " + shlex.join(parts)


# ---- one tab's game ---------------------------------------------------------------------------


def play(argv: list[str]) -> int:
    """The game for one browser tab (textual-serve's web driver talks to it on stdin/stdout): as
    `papertales` in a terminal, with the autosave when this copy gets the data directory's lock."""
    from ..cli import load_cards
    from ..tui.launch import play_app
    from . import folder

    parser = argparse.ArgumentParser(prog="papertales serve (game)")
    parser.add_argument("--cards", action="append", type=folder, default=[])
    return play_app(load_cards(parser.parse_args(argv).cards), served=True)


if __name__ == "__main__":
    sys.exit(play(sys.argv[1:]))

"""`papertales join LINK`: play one seat of a table that `papertales host` holds, in this terminal.

The same app and screens as at one keyboard, for that seat only (tui/remote.py): it decides at the
same time as the others, with no hand-off screen; the server holds the game, saves it and runs the
bots. The link is the one the host printed for the seat (`http://HOST:PORT/seat/N?secret=...`). On the
command line, any account of the computer may read it (`ps`): `-` reads it from standard input instead
(typed or pasted at a terminal, where it is not shown; or piped: `papertales join - < link.txt`, the game
then reads its keys from the terminal, /dev/tty); left out, it is read from the environment
(`PAPERTALES_SEAT_LINK`): how the game a browser tab of the seat's page plays gets it.

Exit codes: 0 when the player quits, 130 after Ctrl-C (143 after SIGTERM); 2 when it cannot start: a
link that is not a seat's, a secret the table refuses, no table at that address.

Run as a module (`python -m papertales_tui.commands.join [--cards DIR]...`), it is the game of a
browser tab of the seat's page (commands/serve_web.py `seat_command`), the link from the environment.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from typing import TYPE_CHECKING

from . import CLI, CommandError

_ = CLI.gettext

if TYPE_CHECKING:
    from ..rules import Catalog
    from ..tui.remote import Link, RemoteSession

LINK_ENV = "PAPERTALES_SEAT_LINK"
INSTALL = "pip install 'papertales-tui[serve]'"


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("join", help=_("play one seat of a table that papertales host holds"),
                       description=_("Play one seat of a table hosted by papertales host, in this terminal: "
                                     "open the link the host printed for the seat (it holds the seat's secret). "
                                     "Every seat decides at the same time; the host's computer keeps the game."))
    p.add_argument("link", nargs="?", metavar="LINK",
                   help=_("the seat's link, http://HOST:PORT/seat/N?secret=...; - reads it from standard input "
                          "(then no other account of this computer sees it) (default: the %(variable)s "
                          "environment variable)") % {"variable": LINK_ENV})
    p.set_defaults(run=run)


def run(args: argparse.Namespace, catalog: Catalog) -> int:
    from ..terminal import require_terminal

    link = seat_link(args.link)
    require_terminal()
    return play(connect(link, catalog), catalog)


def play(session: RemoteSession, catalog: Catalog) -> int:
    """Run the app on the seat (connected); its exit code."""
    from ..tui.app import PaperTalesApp

    try:
        app = PaperTalesApp(catalog, flow=session, signals=True)
        app.run()
    finally:
        session.close(wait=5.0)  # (its close sent: the table tells the others at once)
    return app.return_code or 0


def seat_link(text: str | None) -> Link:
    """The seat's link, given or from the environment; CommandError, in one line that does not repeat it
    (it may hold a secret), when it is not a seat's link."""
    from ..tui.remote import parse_link

    if text == "-":
        text = link_from_standard_input()
    if text is None:
        text = os.environ.get(LINK_ENV)
        if not text:
            raise CommandError(_("give the seat's link that papertales host printed (papertales join LINK)"))
    try:
        return parse_link(text)
    except ValueError:
        raise CommandError(_("this is not a seat's link: it looks like http://HOST:PORT/seat/N?secret=... "
                             "(copy the whole line papertales host printed)")) from None


def link_from_standard_input() -> str:
    """The seat's link read from standard input (`papertales join -`): asked for at a terminal (not shown
    as it is typed or pasted); else its first line, and then the terminal (/dev/tty) becomes standard input,
    where the game reads its keys."""
    stdin = sys.stdin
    if stdin is not None and stdin.isatty():
        import getpass

        try:
            return getpass.getpass(_("The seat's link (not shown): "))
        except EOFError:
            return ""
    line = stdin.readline(4096) if stdin is not None else ""
    with contextlib.suppress(OSError):
        terminal = os.open("/dev/tty", os.O_RDWR)
        os.dup2(terminal, 0)
        os.close(terminal)
        sys.stdin = open(0, closefd=False)  # noqa: SIM115  (standard input: never closed)
    return line.strip()


def connect(link: Link, catalog: Catalog) -> RemoteSession:
    """The seat's session, connected (its first state received); CommandError, in one line, when the table
    refuses the link or cannot be reached."""
    try:
        import aiohttp  # noqa: F401  (the websocket's client)
    except ImportError:
        raise CommandError(_("joining a table needs aiohttp, which is not installed: %(install)s")
                           % {"install": INSTALL}) from None
    from ..tui.remote import JoinError, RemoteSession

    session = RemoteSession(link, catalog)
    try:
        session.connect()
    except JoinError as err:
        words = {
            "refused": _("the table at %(address)s refuses this seat's secret: ask the host for the seat's link "
                         "again (a table started anew has new links)"),
            "unreachable": _("no table answers at %(address)s: is papertales host running there, and is this "
                             "device on the same network?"),
        }
        message = words.get(err.kind, _("the table at %(address)s does not speak this version's protocol"))
        raise CommandError(message % {"address": link.page}) from None
    return session


def main(argv: list[str]) -> int:
    """The game of a browser tab of the seat's page (textual-serve's web driver talks to it on stdin and
    stdout), the link from the environment; a failure is one line on stderr and exit code 2."""
    from ..cli import load_cards, report
    from . import folder

    parser = argparse.ArgumentParser(prog="papertales join (browser)")
    parser.add_argument("--cards", action="append", type=folder, default=[])
    catalog = load_cards(parser.parse_args(argv).cards)
    try:
        return play(connect(seat_link(None), catalog), catalog)
    except CommandError as err:
        report(_("papertales: %(problem)s") % {"problem": err})
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

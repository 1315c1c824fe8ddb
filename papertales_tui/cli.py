"""The `papertales` command: starts the game, or runs a subcommand (simulate, ...).

Arguments are parsed first; a command imports what it needs only then. Every expected failure (a bad
option, a file or folder that cannot be used, a damaged save or card file) ends here as one line,
"papertales: <problem>", and exit code 2; Ctrl-C exits quietly with 130.
"""

from __future__ import annotations

import contextlib
import os
import sys
from typing import TYPE_CHECKING

from . import __version__
from .terminal import fill_closed_standard_fds, stdin_is_terminal

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable
    from pathlib import Path

    from .persistence import Save
    from .rules import Catalog

# Subcommand modules, each with add_parser(subparsers) that sets `run(args, catalog) -> int`.
SUBCOMMANDS = [
    "simulate",
    "replay",
    "tournament",
    "review",
    "serve",
    "host",
    "join",
]
LAST_AUTOSAVE = True  # the value of --resume without a FILE
INTERRUPTED = 130  # the shell's code for a program stopped by Ctrl-C


def build_parser() -> argparse.ArgumentParser:
    import importlib

    from .commands import CLI, ArgumentParser, folder
    from .text.i18n import LANGUAGES

    _ = CLI.gettext
    parser = ArgumentParser(prog="papertales", description=_("Paper Tales in the terminal."))
    parser.add_argument("--version", action="version", version=f"papertales {__version__}",
                        help=_("show the version number and exit"))
    parser.add_argument("--lang", choices=LANGUAGES,
                        help=_("the language of the game (default: the one chosen on the title screen, else the "
                               "system's, from LANGUAGE, LC_ALL, LC_MESSAGES or LANG)"))
    parser.add_argument("--cards", metavar="DIR", action="append", type=folder, default=[],
                        help=_("extra card files (YAML) to add, e.g. your own expansion; repeatable"))
    parser.add_argument("--resume", metavar="FILE", nargs="?", const=LAST_AUTOSAVE, default=None,
                        help=_("continue the last autosaved game, or the game saved in FILE"))
    parser.set_defaults(resume_save=None)  # the loaded persistence.Save for run_app
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS:
        importlib.import_module(f"papertales_tui.commands.{name}").add_parser(sub)
    return parser


def load_cards(dirs: list[Path]) -> Catalog:
    """The card catalog, validated (from the cache when the files have not changed); raises CardFileError."""
    from .card_cache import cached_catalog, default_catalog

    return cached_catalog(dirs) if dirs else default_catalog()  # (the rules load through the cache too)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    fill_closed_standard_fds()
    try:
        if argv == ["--version"]:  # without even importing argparse
            print(f"papertales {__version__}", flush=True)
            return 0
        return _main(argv)
    except KeyboardInterrupt:
        return INTERRUPTED
    except BrokenPipeError:  # output piped into `head` and the like
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as err:
        line = expected_failure(err)
        if line is None:
            raise
        from .commands import CLI, printable

        _ = CLI.gettext
        report(_("papertales: %(problem)s") % {"problem": printable(line)})
        return 2


def report(line: str) -> None:
    """`line` on stderr; when the standard streams cannot be written (`2>/dev/full`, a disk full), they
    are given /dev/null instead, so that nothing is left to fail as the program exits (its exit code
    still tells)."""
    for stream in (sys.stdout, sys.stderr):  # (the output before the line: what may have failed)
        if stream is None:  # closed (`2>&-`): nowhere to write (print would write to stdout)
            continue
        try:
            if stream is sys.stderr:
                print(line, file=stream)
            stream.flush()
        except (OSError, ValueError):
            with contextlib.suppress(OSError, ValueError, AttributeError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())


def _main(argv: list[str]) -> int:
    from .text.i18n import set_language

    set_language(_lang_option(argv))  # before the parser: its help and errors speak that language
    parser = build_parser()
    _refuse_misplaced_option(parser, argv)
    args = parser.parse_args(_resume_before_command(argv))
    from .commands import CLI, CommandError

    _ = CLI.gettext

    if args.resume is not None and args.command is not None:
        raise CommandError(_("--resume starts the game: it cannot be used with the %(command)s command")
                           % {"command": args.command})
    catalog = load_cards(args.cards)
    if args.command is not None:
        code: int = args.run(args, catalog)
        return code
    if args.resume is not None:
        args.resume_save = resume(args.resume, catalog)
        if args.resume_save is None:
            return 2
    from .tui.launch import run_app

    return run_app(args, catalog) or 0


def _lang_option(argv: list[str]) -> str | None:
    """The language `--lang` asks for (the last one given), None for the system's; a value that is not
    a language is left to the parser, which refuses it."""
    from .text.i18n import LANGUAGES

    lang = None
    for k, a in enumerate(argv):
        if a == "--":
            break
        value = argv[k + 1] if a == "--lang" and k + 1 < len(argv) else a.removeprefix("--lang=")
        if (a == "--lang" or a.startswith("--lang=")) and value in LANGUAGES:
            lang = value
    return lang


def _refuse_misplaced_option(parser: argparse.ArgumentParser, argv: list[str]) -> None:
    """An option of a command given before any command (`papertales --players 99`): refused in one
    line that names the command(s) it belongs to, rather than argparse's "invalid choice: '99'"."""
    import argparse

    from babel.lists import format_list

    from .commands import CLI

    commands = next((a.choices for a in parser._actions if isinstance(a, argparse._SubParsersAction)), {})
    for arg in argv:
        if arg == "--" or arg in SUBCOMMANDS:
            return
        option = arg.split("=", 1)[0]
        if not option.startswith("-") or option in parser._option_string_actions:
            continue
        owners = [name for name, sub in commands.items() if option in sub._option_string_actions]
        if owners:
            parser.error(CLI.ngettext(
                "%(option)s is an option of the %(commands)s command: give it after the command, as in "
                "papertales %(command)s %(option)s ...",
                "%(option)s is an option of the commands %(commands)s: give it after one of them, as in "
                "papertales %(command)s %(option)s ...", len(owners))
                % {"option": option, "commands": format_list(owners, style="or", locale=CLI.language()),
                   "command": owners[0]})
        return


def _resume_before_command(argv: list[str]) -> list[str]:
    """`--resume replay x` means --resume without FILE, then a command (refused, but clearly)."""
    out = list(argv)
    for k, a in enumerate(out[:-1]):
        if a == "--resume" and out[k + 1] in SUBCOMMANDS:
            out[k] = "--resume="  # an empty value: see `resume`
    return out


def expected_failure(err: BaseException) -> str | None:
    """The one line for a failure a user can cause, or None for a bug (shown with its traceback)."""
    from .commands import CLI, CommandError

    _ = CLI.gettext
    if isinstance(err, CommandError):
        return str(err)
    if isinstance(err, OSError):
        problem = err.strerror or str(err)
        if err.filename:
            return _("%(path)s: %(problem)s") % {"path": err.filename, "problem": problem}
        return _("cannot write the output: %(problem)s") % {"problem": problem} if _unwritable(err) else problem
    if isinstance(err, UnicodeError):
        return _("not UTF-8 text (%(problem)s)") % {"problem": err}
    # Checked by module so that a command that never loaded them does not import them now (the module
    # that defines each: the one loaded whenever it is raised).
    for module, name, line in (
            ("papertales_tui.rules.card_paths", "CardFolderError", _("--cards: %(problem)s")),
            ("papertales_tui.rules.card_paths", "CardFileError", _("invalid card file: %(problem)s")),
            ("papertales_tui.persistence.format", "SaveFileError", "%(problem)s")):
        cls = getattr(sys.modules.get(module), name, None)
        if cls is not None and isinstance(err, cls):
            return line % {"problem": err}
    return None


def _unwritable(err: OSError) -> bool:
    """A write that failed for want of room or of a device (`>/dev/full`)."""
    import errno

    return err.errno in (errno.ENOSPC, errno.EIO, errno.EFBIG, getattr(errno, "EDQUOT", errno.ENOSPC))


# ---- `papertales --resume [FILE]` --------------------------------------------------------------


def resume(which: str | bool, catalog: Catalog, ask: Callable[[str], str] | None = None,
           interactive: bool | None = None) -> Save | None:
    """The save `papertales --resume [FILE]` starts from, or None after printing why there is none.
    When the last autosave is damaged, offers the previous good one (asks on a terminal)."""
    from .commands import CLI, say
    from .persistence import SaveFileError, latest_good_autosave, load_autosave, load_save

    _ = CLI.gettext

    path = None if which is LAST_AUTOSAVE or which == "" else str(which)
    last = path is None
    if interactive is None:
        interactive = stdin_is_terminal()
    try:
        return load_autosave(catalog=catalog) if path is None else load_save(path, catalog)
    except SaveFileError as err:
        say(_("papertales: cannot resume: %(problem)s") % {"problem": err}, file=sys.stderr)
        if not last or err.kind == "missing":
            return None
    fallback = latest_good_autosave(catalog=catalog)
    if fallback is None:
        say(_("papertales: there is no earlier good autosave either."), file=sys.stderr)
        return None
    say(_("papertales: the damaged file is left as it is. The previous good autosave is %(path)s (turn %(turn)s, "
          "saved %(when)s UTC).") % {"path": fallback.path, "turn": fallback.game.state.turn,
                                     "when": f"{fallback.saved_at:%Y-%m-%d %H:%M}"}, file=sys.stderr)
    if not interactive:
        say(_("papertales: to resume it, run: papertales --resume %(path)s") % {"path": fallback.path},
            file=sys.stderr)
        return None
    try:
        answer = (ask or input)(_("Resume the previous autosave? [y/N] ")).strip().lower()
    except EOFError:  # Ctrl-D: no
        answer = ""
    # "y"/"yes" in every language, and the language's own words for yes
    return fallback if answer in ("y", "yes", *_("y|yes").split("|")) else None


if __name__ == "__main__":
    sys.exit(main())

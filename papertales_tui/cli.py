"""The `papertales` command: starts the game, or runs a subcommand (simulate, ...)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from . import __version__

if TYPE_CHECKING:
    import argparse
    from pathlib import Path

# Subcommand modules, each with add_parser(subparsers) that sets `run(args, catalog) -> int`.
SUBCOMMANDS = [
    "simulate",
    "replay",
    "tournament",
    "review",
]


def build_parser() -> argparse.ArgumentParser:
    import argparse
    import importlib
    from pathlib import Path

    parser = argparse.ArgumentParser(prog="papertales", description="Paper Tales in the terminal.")
    parser.add_argument("--version", action="version", version=f"papertales {__version__}")
    parser.add_argument("--cards", metavar="DIR", action="append", type=Path, default=[],
                        help="extra card files (YAML) to add, e.g. your own expansion; repeatable")
    parser.add_argument("--resume", metavar="FILE", nargs="?", const="last", default=None,
                        help="continue the last autosaved game, or the game saved in FILE")
    parser.set_defaults(resume_save=None)  # the loaded persistence.Save for run_app
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS:
        importlib.import_module(f"papertales_tui.commands.{name}").add_parser(sub)
    return parser


def load_cards(dirs: list[Path]):
    """The card catalog, validated (from the cache when the files have not changed); raises CardFileError."""
    from .rules.card_files import cached_catalog, default_catalog

    return cached_catalog(dirs) if dirs else default_catalog()


def main(argv: list[str] | None = None) -> int:
    if (sys.argv[1:] if argv is None else argv) == ["--version"]:  # without even importing argparse
        print(f"papertales {__version__}")
        return 0
    args = build_parser().parse_args(argv)  # before importing what the command needs
    try:
        catalog = load_cards(args.cards)
    except Exception as err:
        from .rules.catalog import CardFileError  # Pydantic and YAML: only when the cards were not cached

        if not isinstance(err, CardFileError):
            raise
        print(f"papertales: invalid card file: {err}", file=sys.stderr)
        return 2
    if args.command is None:
        if args.resume:
            from .persistence import resume_from_cli

            args.resume_save = resume_from_cli(args.resume, catalog)
            if args.resume_save is None:
                return 2
        from .tui.app import run_app

        return run_app(args, catalog) or 0
    return args.run(args, catalog)


if __name__ == "__main__":
    sys.exit(main())

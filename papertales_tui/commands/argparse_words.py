"""argparse's own words that a player may read (the usage line, the help's headings, its refusals),
marked here so that `pybabel extract` puts them in the CLI's catalogs: commands.ArgumentParser gives
argparse the CLI's `_` and `ngettext`, which look these up. Each is exactly argparse's message (Python
3.11 and later; tests/test_i18n.py checks that they are still argparse's). argparse's messages that only
a programmer's mistake shows (conflicting options...) stay in English."""

from ..text.i18n import N_
from . import CLI

WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("unexpected option string: %s"),
    N_("can't open '%(filename)s': %(error)s"),
)


def expected_arguments(n: int) -> str:
    """argparse's one message with plural forms, marked as it calls it."""
    return CLI.ngettext("expected %s argument", "expected %s arguments", n)

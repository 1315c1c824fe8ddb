"""The rules package's public face: every exported name resolves, the docstring's example runs."""

import subprocess
import sys
from pathlib import Path

import papertales_tui.rules as rules


def test_every_exported_name_resolves():
    for name in rules.__all__:
        assert getattr(rules, name) is not None, name


def test_the_example_of_the_docstring_plays_a_pick():
    game = rules.Game.new(["Ann", "Bob", "Cid"], seed=1)
    for pend in game.pending():
        game.apply(pend.player, rules.Pick(pend.options.cards[0]))
    assert game.state.draft_round == 1 and all(len(p.hand) == 1 for p in game.players)


def test_the_package_is_typed_and_rules_never_import_textual():
    assert (Path(rules.__file__).parent.parent / "py.typed").is_file()
    code = ("import sys, papertales_tui.rules as r; [getattr(r, n) for n in r.__all__]; "
            "import papertales_tui.rules.bots, papertales_tui.rules.forecast, papertales_tui.rules.coach; "
            "print(any(m == 'textual' or m.startswith('textual.') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"

"""Solo stays in its mode: the modules outside the solo mode's own that ask whether a game is solo,
counted on the source (as tests/test_layers.py reads it).

A solo check is a line (comments and docstrings aside) with one of: `is_solo(`, `mode_of(`, a
comparison with the string "solo" (`mode == "solo"`), a read of a `.solo` attribute (the state's or
the view's Lich King side, a screen's flag; imports of `rules.solo` aside), or `if`/`not`/`and`/`or`
on a local `solo` flag. The solo mode's own modules are left out: `rules/solo.py` (the mode, its
declaration and its saved side), `rules/solo_schema.py` (the schema of its saved side),
`rules/games.py` (the table of modes), `rules/bots/solo_outlook.py` (the medium bot's outlook on the
armies), `tui/solo_panels.py` (its screen panels), `tui/views.py` (the Necropolis row and the Lich
King's lines as Rich text) and `text/solo.py` (its words). So is the choice of a mode to start a
game in: `commands/simulate.py`'s `--solo` option (`args.solo`) and the New game form
(`tui/screens/newgame.py`). Outside them: none (a mode is declared whole, `ModeType`; the screens ask
its panels, the save format its declared side).

Nor does any module outside a mode's own test a value against that mode's types (`isinstance(x,
SoloPickOptions)`, `isinstance(e, ev.LichLp)`): what a mode adds reaches the others through its
declaration and hooks. And persistence/ names no mode: a save's side is checked by the schema its
mode declares."""

from __future__ import annotations

import ast
import io
import tokenize
from pathlib import Path

from papertales_tui.rules import events as ev
from papertales_tui.rules import solo
from papertales_tui.rules.games import MODE_TYPES, MODES
from papertales_tui.rules.modes import StandardMode

PACKAGE = Path(__file__).resolve().parents[1] / "papertales_tui"
MODE_OWN = {"rules/solo.py", "rules/solo_schema.py", "rules/games.py", "rules/bots/solo_outlook.py",
            "tui/solo_panels.py", "tui/views.py", "text/solo.py",
            "phone/solo.py"}
STARTS = {"tui/screens/newgame.py"}  # the choice of a mode to start a game in


def solo_check_lines(source: str) -> list[int]:
    tokens = [t for t in tokenize.generate_tokens(io.StringIO(source).readline)
              if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT, tokenize.INDENT, tokenize.DEDENT)]
    first = {}  # line -> its first token
    for t in tokens:
        first.setdefault(t.start[0], t.string)
    found: list[int] = []
    for k, t in enumerate(tokens):
        prev = tokens[k - 1].string if k else ""
        before = tokens[k - 2].string if k > 1 else ""
        nxt = tokens[k + 1].string if k + 1 < len(tokens) else ""
        name = t.string if t.type == tokenize.NAME else None
        if t.start[0] in found:
            continue
        if (name in ("is_solo", "mode_of")
                or (name == "solo" and prev == "." and before != "args" and first[t.start[0]] not in ("from", "import"))
                or (name == "solo" and prev in ("if", "elif", "not", "and", "or") and nxt != ".")
                or (t.type == tokenize.STRING and t.string.strip("'\"") == "solo" and "==" in (prev, nxt))
                or (t.type == tokenize.STRING and t.string.strip("'\"") == "solo" and "!=" in (prev, nxt))):
            found.append(t.start[0])
    return found


def solo_checks() -> dict[str, list[int]]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        lines = solo_check_lines(path.read_text(encoding="utf-8"))
        if lines and rel not in MODE_OWN | STARTS:
            out[rel] = lines
    return out


def test_the_counter_finds_each_kind_of_check():
    source = ('from .solo import mode_of\n'
              'import papertales_tui.rules.solo\n'
              'x = mode_of(game)\n'
              'if view.solo is not None:\n'
              '    pass\n'
              'y = 1 if state.mode == "solo" else 2\n'
              'solo = views.is_solo(view)\n'
              'if solo:\n'
              '    pass\n'
              '# view.solo in a comment\n'
              '"""mode == "solo" in a docstring"""\n'
              'args.solo\n'
              'new_game(names, solo=True)\n')
    assert solo_check_lines(source) == [1, 3, 4, 6, 7, 8]


def test_solo_checks_stay_in_the_mode():
    """None outside the mode's own modules (from 53 lines in 13 modules, then 13 in 2)."""
    assert solo_checks() == {}


# the solo mode's types: its classes, and the events only a solo game logs
SOLO_TYPES = {n for n in solo.__all__ if isinstance(getattr(solo, n), type)} | {
    n for n, c in vars(ev).items() if isinstance(c, type) and issubclass(c, ev.BaseEvent)
    and any(w in n for w in ("Solo", "Lich", "Necropolis", "Underworld", "TimeMoved"))}


def type_checks(source: str, types: set[str]) -> list[int]:
    """The lines of `source` that call `isinstance` on one of `types` (a name or an attribute: `ev.LichLp`)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance" \
                and len(node.args) == 2:
            kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
            names = {k.id if isinstance(k, ast.Name) else k.attr if isinstance(k, ast.Attribute) else "" for k in kinds}
            if names & types:
                found.append(node.lineno)
    return found


def test_the_type_check_finds_isinstance_on_a_mode_type():
    source = ("if isinstance(o, SoloPickOptions):\n    pass\n"
              "x = [e for e in es if isinstance(e, (ev.War, ev.LichLp))]\ny = isinstance(o, PickOptions)\n")
    assert type_checks(source, SOLO_TYPES) == [1, 3]
    assert {"SoloState", "SoloView", "SoloPickOptions", "SoloMode", "LichLp", "SoloWar"} <= SOLO_TYPES


def test_no_isinstance_on_the_solo_modes_types_outside_it():
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        lines = type_checks(path.read_text(encoding="utf-8"), SOLO_TYPES)
        if lines and rel not in MODE_OWN:
            found[rel] = lines
    assert found == {}


def test_persistence_names_no_mode():
    """The save format checks a mode's side with the schema the mode declares (`ModeType.saved`): no
    mode's name nor its words in persistence/, but in migrations.py, the history of formats whose
    files must still load (format 4 and before kept the only side there was under "solo")."""
    words = {n for n in MODE_TYPES if n != StandardMode.name} | {"lich", "necropolis", "underworld"}
    found = {}
    for path in sorted((PACKAGE / "persistence").glob("*.py")):
        if path.name == "migrations.py":
            continue
        text = path.read_text(encoding="utf-8").lower()
        hits = sorted(w for w in words if w in text)
        if hits:
            found[path.name] = hits
    assert found == {}


def test_every_mode_is_declared_whole():
    """Each mode of `games.MODES` declares itself (`ModeType`): its name, its seats (what `check_players`
    takes), its saved side (a new game's side fits the schema it declares, its cards are in no other
    place) and its view's type."""
    from papertales_tui.rules import observe
    from papertales_tui.rules.card_files import default_catalog
    from papertales_tui.rules.engine import Game

    catalog = default_catalog()
    assert set(MODE_TYPES) == set(MODES)
    for name, make in MODES.items():
        kind = make().kind
        assert kind is MODE_TYPES[name] and kind.name == make().name == name
        low, high = kind.seats
        for n in range(1, 9):
            try:
                make().check_players(n)
                taken = True
            except ValueError:
                taken = False
            assert taken == (low <= n <= high), (name, n)
        game = Game.new([f"P{k}" for k in range(low)], seed=3, catalog=catalog, mode=make())
        s, side = game.state, game.state.mode_state
        assert (side is None) == (kind.saved is None)
        if kind.saved is not None and side is not None:
            data = side.to_dict()
            kind.saved.schema().model_validate(data)
            assert kind.saved.problem(low, data) is None and kind.saved.unknown_cards(data, catalog) == []
            elsewhere = s.deck + s.discard + [c for p in s.players for c in p.hand + p.draft]
            assert not set(kind.saved.cards(data)) & set(elsewhere)
        view = observe(game, 0).mode_view
        assert view is None if kind.view is None else isinstance(view, kind.view)

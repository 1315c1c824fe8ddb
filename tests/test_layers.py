"""The package's layers, checked on the source (every import counts, those inside functions too; only
`if TYPE_CHECKING:` blocks are left out): the rules core imports nothing of the layers above it
(not even the words of text/: the engine emits typed events, text/ tells them), persistence nothing of
the app, the commands or the words, text/ only the rules, and no module imports itself back through others."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "papertales_tui"
BELOW_ALL = {"papertales_tui", "papertales_tui.dirs", "papertales_tui.files"}  # version, paths, safe reads
FORBIDDEN = {  # layer -> the layers it must not import
    "papertales_tui.rules": ("papertales_tui.tui", "papertales_tui.persistence", "papertales_tui.commands",
                             "papertales_tui.cli", "papertales_tui.text", "papertales_tui.workers"),
    "papertales_tui.persistence": ("papertales_tui.tui", "papertales_tui.commands", "papertales_tui.cli",
                                   "papertales_tui.text"),
    # the hosted table (papertales host): no Textual, no app; the rules, the words, the saves
    "papertales_tui.hosting": ("papertales_tui.tui", "papertales_tui.commands", "papertales_tui.cli",
                               "papertales_tui.phone"),
    # a seat's page for a phone: a client of the hosted table's protocol, in the screens' words; no command
    "papertales_tui.phone": ("papertales_tui.commands", "papertales_tui.cli"),
    # the one table under every seat (hot seat and hosted): no Textual, no app, no network
    "papertales_tui.table": ("papertales_tui.tui", "papertales_tui.commands", "papertales_tui.cli",
                             "papertales_tui.hosting", "papertales_tui.phone", "textual", "aiohttp"),
    "papertales_tui.text": ("papertales_tui.tui", "papertales_tui.persistence", "papertales_tui.commands",
                            "papertales_tui.cli"),
}


def modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _imports(tree: ast.AST, type_checking: bool = False) -> list[ast.Import | ast.ImportFrom]:
    """The imports of a module; those in `if TYPE_CHECKING:` blocks only with `type_checking`."""
    found: list[ast.Import | ast.ImportFrom] = []
    todo = [tree]
    while todo:
        node = todo.pop()
        if not type_checking and isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            todo.extend(node.orelse)  # only for the type checker: not an import at run time
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        todo.extend(ast.iter_child_nodes(node))
    return found


def imports_of(name: str, path: Path, known: dict[str, Path], type_checking: bool = False) -> set[str]:
    """The package's modules that module `name` imports (with `type_checking`, for the type checker too)."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    out = set()
    for node in _imports(ast.parse(path.read_text(encoding="utf-8")), type_checking):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            base = package[:len(package) - node.level + 1] if node.level else []
            prefix = ".".join(base + ([node.module] if node.module else []))
            targets = [f"{prefix}.{a.name}" if f"{prefix}.{a.name}" in known else prefix for a in node.names]
        for t in targets:
            while t not in known and "." in t:
                t = t.rsplit(".", 1)[0]
            if t in known and t != name:
                out.add(t)
    return out


def graph(type_checking: bool = False) -> dict[str, set[str]]:
    known = modules()
    return {name: imports_of(name, path, known, type_checking) for name, path in known.items()}


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in sorted(g):
        if root in index:
            continue
        work = [(root, iter(sorted(g[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            v, children = work[-1]
            w = next(children, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(g[w]))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                component = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    component.append(w)
                    if w == v:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


# What the rules layer knows (docs/architecture.md, "Layers"): the game, no terminal (no Textual, no
# Rich), no processes, no files but the card YAML (it reads them; the catalog's cache on disk is
# card_cache.py's, above it): no library that stores or writes files, nor where files are kept (dirs.py).
RULES_NEVER_IMPORT = ("textual", "rich", "pickle", "shelve", "dbm", "sqlite3", "tempfile", "shutil", "platformdirs",
                      "papertales_tui.dirs", "papertales_tui.card_cache")
RULES_NEVER_CALL = ("write_bytes", "write_text", "mkdir", "unlink", "rename", "replace", "touch", "dump", "dumps")
# Beside the layers, below all of them: what each imports of the package (docs/architecture.md)
BESIDE = {"papertales_tui.words": set(), "papertales_tui.dirs": set(), "papertales_tui.files": {"papertales_tui.words"}}


def imported_names(source: str) -> list[str]:
    """Every module `source` imports by absolute name, `TYPE_CHECKING` blocks included (relative
    imports are the package's: `graph` reads them)."""
    out = []
    for node in _imports(ast.parse(source), type_checking=True):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif node.level == 0 and node.module:
            out.append(node.module)
    return out


def file_writes(source: str) -> list[str]:
    """The calls in `source` that write, move or remove files (`path.write_text(...)`, `os.replace`,
    `pickle.dump`), and `open(...)` for writing."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if name in RULES_NEVER_CALL and not (name in ("replace", "dumps", "dump") and _str_or_json(func)):
            found.append(ast.unparse(func))
            continue
        modes = [*node.args[1:], *(k.value for k in node.keywords if k.arg == "mode")]
        if name == "open" and any(isinstance(a, ast.Constant) and isinstance(a.value, str) and set(a.value) & set("wax")
                                  for a in modes):
            found.append(ast.unparse(node))
    return found


def _str_or_json(func: ast.expr) -> bool:
    """`text.replace(...)`, `dataclasses.replace(...)`, `json.dumps(...)`: no file touched."""
    if isinstance(func, ast.Name):
        return func.id in ("replace",)  # (dataclasses.replace, imported by name)
    owner = func.value if isinstance(func, ast.Attribute) else None
    return not (isinstance(owner, ast.Name) and owner.id in ("os", "pickle", "shutil", "marshal"))


def test_the_rules_know_no_terminal_and_keep_no_file():
    wrong = [(name, what) for name, path in modules().items() if name.startswith("papertales_tui.rules")
             for what in imported_names(path.read_text(encoding="utf-8"))
             if what.split(".")[0] in RULES_NEVER_IMPORT or what in RULES_NEVER_IMPORT]
    wrong += [(name, dep) for name, deps in graph(type_checking=True).items() if name.startswith("papertales_tui.rules")
              for dep in deps if dep in RULES_NEVER_IMPORT]
    wrong += [(name, call) for name, path in modules().items() if name.startswith("papertales_tui.rules")
              for call in file_writes(path.read_text(encoding="utf-8"))]
    assert wrong == []


def test_the_rules_checks_find_a_terminal_library_and_a_file_cache():
    source = ("import pickle\nfrom rich.cells import cell_len\nfrom textual.app import App\n"
              "from papertales_tui.dirs import cache_dir\n"
              "path.write_bytes(pickle.dumps(x))\nos.replace(tmp, path)\nopen(p, 'wb')\n"
              "name.replace('a', 'b')\njson.dumps(x)\nopen(p)\n")
    assert sorted(n for n in imported_names(source) if n.split(".")[0] in RULES_NEVER_IMPORT
                  or n in RULES_NEVER_IMPORT) == ["papertales_tui.dirs", "pickle", "rich.cells", "textual.app"]
    assert sorted(file_writes(source)) == ["open(p, 'wb')", "os.replace", "path.write_bytes", "pickle.dumps"]


def test_what_sits_beside_the_layers_imports_only_what_the_doc_says():
    """words.py and dirs.py import nothing of the package; files.py only words.py (its errors are worded)."""
    g = graph(type_checking=True)
    assert {name: g[name] for name in BESIDE} == BESIDE


def test_the_import_graph_is_read_from_the_source():
    g = graph()
    assert "papertales_tui.rules.engine" in g["papertales_tui.rules.games"]
    assert "papertales_tui.rules" in g["papertales_tui.tui.session"]


def test_no_layer_imports_a_layer_above_it():
    wrong = [(name, dep) for name, deps in graph().items() for layer, above in FORBIDDEN.items()
             if name == layer or name.startswith(layer + ".") for dep in deps
             if dep not in BELOW_ALL and dep.startswith(above)]
    assert wrong == []


FLOW = ("papertales_tui.table", "papertales_tui.hosting", "papertales_tui.persistence", "papertales_tui.tui.flow",
        "papertales_tui.tui.session", "papertales_tui.tui.remote", "papertales_tui.tui.saving",
        "papertales_tui.tui.coaching", "papertales_tui.tui.conductor", "papertales_tui.tui.launcher",
        "papertales_tui.tui.bot_runner", "papertales_tui.workers")
APP_SIDE = ("papertales_tui.tui.app", "papertales_tui.tui.screens", "papertales_tui.tui.widgets",
            "papertales_tui.tui.host", "papertales_tui.commands", "papertales_tui.cli")


def test_the_flow_imports_no_app_no_screen_no_command():
    """docs/architecture.md: the flow (the table, hosting, the saves, the flows the app drives) is below
    the screens and the app; the commands (cli.py, commands/) are above the app, which they start."""
    wrong = [(name, dep) for name, deps in graph(type_checking=True).items() if name.startswith(FLOW)
             for dep in deps if dep.startswith(APP_SIDE)]
    assert wrong == []
    assert "papertales_tui.tui.app" in graph()["papertales_tui.commands.join"]  # (a command starts the app)


def test_no_import_cycles():
    assert cycles(graph()) == []


def test_no_import_cycle_in_the_rules_even_for_the_type_checker():
    """The engine, the phases, the modes, the observer and the forecast: each is written against the
    interface below it (table.py: `Table`, `Mode`), so even `TYPE_CHECKING` imports make no circle."""
    g = graph(type_checking=True)
    assert "papertales_tui.rules.engine" in g["papertales_tui.rules.forecast"]  # (they are read)
    assert "papertales_tui.rules.table" in g["papertales_tui.rules.phases.wars"]
    rules = {name: {d for d in deps if d.startswith("papertales_tui.rules")} for name, deps in g.items()
             if name.startswith("papertales_tui.rules")}
    assert cycles(rules) == []


def test_no_import_cycles_in_the_app_type_checking_imports_included():
    """The app imports its screens; the screens type `self.app` as a `Host` (tui/host.py), below both;
    mode panels are registered by the app (tui/modes.py), not imported by `panels`."""
    tui = {name: {d for d in deps if d.startswith("papertales_tui.tui")}
           for name, deps in graph(type_checking=True).items() if name.startswith("papertales_tui.tui")}
    assert "papertales_tui.tui.host" in tui["papertales_tui.tui.screens.common"]
    assert cycles(tui) == []


def test_type_checking_imports_count_when_asked():
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import os\nimport sys\n"
    assert sorted(n.names[0].name for n in _imports(ast.parse(source))) == ["TYPE_CHECKING", "sys"]
    found = _imports(ast.parse(source), type_checking=True)
    assert sorted(n.names[0].name for n in found) == ["TYPE_CHECKING", "os", "sys"]


def test_no_import_cycle_in_the_package_even_for_the_type_checker():
    """The whole package, `TYPE_CHECKING` imports counted: no circle (issue 31)."""
    assert cycles(graph(type_checking=True)) == []


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]



def internal_rules_imports(name: str, source: str, is_package: bool = False) -> list[str]:
    """What module `name` imports of the rules beyond their public API (`papertales_tui.rules.__all__`:
    names, and the few public submodules such as `events`)."""
    import papertales_tui.rules as rules

    public = set(rules.__all__)
    package = name.split(".") if is_package else name.split(".")[:-1]
    wrong = []
    for node in _imports(ast.parse(source)):
        if isinstance(node, ast.Import):
            wrong += [a.name for a in node.names if a.name.startswith("papertales_tui.rules")]
            continue
        base = package[:len(package) - node.level + 1] if node.level else []
        module = ".".join(base + ([node.module] if node.module else []))
        if module == "papertales_tui.rules":
            wrong += [f"{module}.{a.name}" for a in node.names if a.name not in public]
        elif module.startswith("papertales_tui.rules."):
            wrong.append(module)
    return wrong


def test_tui_imports_only_the_rules_public_api():
    wrong = [(name, imported) for name, path in modules().items() if name.startswith("papertales_tui.tui")
             for imported in internal_rules_imports(name, path.read_text(encoding="utf-8"), path.name == "__init__.py")]
    assert wrong == []


def test_the_public_api_check_finds_internal_imports():
    source = "from ..rules.engine import Game\nfrom ..rules import kingdom, Step\nimport papertales_tui.rules.solo\n"
    assert sorted(internal_rules_imports("papertales_tui.tui.probe", source)) == [
        "papertales_tui.rules.engine", "papertales_tui.rules.kingdom", "papertales_tui.rules.solo"]


PROCESS_MODULES = ("multiprocessing", "concurrent", "subprocess", "signal", "ctypes", "threading", "pty", "fcntl")
PROCESS_CALLS = ("os.nice", "os.dup", "os.dup2", "os.open", "os.close", "os.kill", "os.fork", "os._exit", "os.getppid",
                 "os.setsid", "os.killpg", "os.sched_getaffinity", "os.cpu_count", "sys.stderr", "sys.stdout",
                 "sys.__stderr__", "sys.__stdout__", "signal.signal")


def process_code(source: str) -> list[str]:
    """What `source` holds of processes, file descriptors, priorities, signals and standard streams: the
    modules that make them, the calls and names that touch them."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            found += [n for n in names if n.split(".")[0] in PROCESS_MODULES]
        elif isinstance(node, ast.Attribute) and ast.unparse(node) in PROCESS_CALLS:
            found.append(ast.unparse(node))
    return found


def test_the_rules_hold_no_process_descriptor_or_signal_code():
    """Worker pools, their descriptors, priorities and signals are papertales_tui/workers.py's (issue 31)."""
    wrong = [(name, what) for name, path in modules().items() if name.startswith("papertales_tui.rules")
             for what in process_code(path.read_text(encoding="utf-8"))]
    assert wrong == []


def test_the_process_check_finds_pools_and_descriptors():
    source = "import multiprocessing.pool\nimport os, sys\nos.dup2(1, 2)\nos.nice(10)\nsys.stderr = None\n"
    assert sorted(process_code(source)) == ["multiprocessing.pool", "os.dup2", "os.nice", "sys.stderr"]


def test_phases_import_no_other_phase():
    """The turn's order is the step table's (phases/__init__.py): no phase module imports or calls another."""
    g = graph(type_checking=True)
    phases = {name for name in g if name.startswith("papertales_tui.rules.phases.")}
    assert len(phases) == 6
    assert [(name, dep) for name in sorted(phases) for dep in sorted(g[name]) if dep in phases] == []


def test_the_phases_and_modes_see_a_game_only_through_its_table():
    """Phases and modes are written against `table.Table` (the moves and queries they may use) and the
    observer against its own `Observed`: none imports the engine, even for the type checker."""
    g = graph(type_checking=True)
    below = [name for name in g if name.startswith("papertales_tui.rules.phases")] + [
        f"papertales_tui.rules.{m}" for m in ("modes", "table", "order", "observer", "scratch")]
    assert [name for name in below if "papertales_tui.rules.engine" in g[name]] == []


def test_the_game_class_stays_under_500_lines():
    """`Game` is the facade (issue 37): the Kingdoms' queries are `queries.Queries`, the turn's steps
    the phases', the arithmetic kingdom.py's."""
    tree = ast.parse((PACKAGE / "rules" / "engine.py").read_text(encoding="utf-8"))
    (game,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Game"]
    assert game.end_lineno is not None and game.end_lineno - game.lineno + 1 < 500

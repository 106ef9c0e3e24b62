"""The house: no module imports one that imports it back, and `recount check` loads no Slack."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from ..servers import ROOT

PACKAGES = ("domain", "handlers", "bot")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_type_checking(node: ast.If) -> bool:
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """Our modules that `path` imports anywhere in it (TYPE_CHECKING blocks aside)."""
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = {
        id(n)
        for block in ast.walk(tree)
        if isinstance(block, ast.If) and is_type_checking(block)
        for n in ast.walk(block)
    }
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name in modules}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                found.add(submodule if submodule in modules else node.module)
    return found & modules


def import_graph() -> dict[str, set[str]]:
    paths = [p for package in PACKAGES for p in (ROOT / package).rglob("*.py")]
    modules = {module_name(p) for p in paths}
    return {module_name(p): imports_of(p, modules) - {module_name(p)} for p in paths}


def test_no_module_imports_one_that_imports_it_back() -> None:
    graph = import_graph()
    assert len(graph) > 30
    # A package's __init__ re-exports its own modules; a module importing its package's
    # public names from a sibling package is an edge, but a package's own children importing
    # each other through it would be a cycle and is caught like any other.
    cycles: list[list[str]] = []
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append([*path[path.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for start in sorted(graph):
        if start not in state:
            visit(start, [start])
    assert cycles == []


def test_domain_imports_nothing_above_it() -> None:
    for module, imported in import_graph().items():
        if module.startswith("domain"):
            assert all(i.startswith("domain") for i in imported), (module, imported)
        if module.startswith("handlers.syntax"):
            assert all(i.startswith(("domain", "handlers.syntax")) for i in imported), module


def test_imports_stand_at_the_top_but_the_commands_loaded_when_run() -> None:
    lazy: list[str] = []
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.FunctionDef):
                    lazy += [
                        f"{module_name(path)}:{inner.lineno}"
                        for inner in ast.walk(node)
                        if isinstance(inner, ast.Import | ast.ImportFrom)
                    ]
    # bot.cli imports `serve` (Slack) and `watch` (SQLAlchemy) when they are run, so that a
    # check from the terminal loads neither; the watch service loads the database code when
    # the database is first opened, and `serve` the Socket Mode adapter only for Socket Mode,
    # so that an HTTP server answers sooner (make bench, start-up); nothing else imports
    # inside a function.
    assert sorted(i.split(":")[0] for i in lazy) == [
        "bot.cli",
        "bot.cli",
        "bot.server.serve",
        "bot.watcher",
    ], lazy


def loaded_after(statements: str, prefixes: tuple[str, ...]) -> list[str]:
    """The modules of those packages that a fresh interpreter has loaded after `statements`."""
    code = (
        f"import sys\n{statements}\nprint([m for m in sys.modules if m.startswith({prefixes!r})])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    loaded: list[str] = ast.literal_eval(done.stdout.strip().splitlines()[-1])
    return loaded


def test_the_bot_app_loads_no_database_code_until_it_needs_the_database() -> None:
    assert loaded_after("import bot.app, bot.server.serve", ("sqlalchemy", "alembic")) == []


def test_a_check_from_the_terminal_loads_no_slack() -> None:
    check = (
        "from bot.cli import main\n"
        "assert main(['check', '--json', 'county', 'A', '5', 'B', '4']) == 0"
    )
    assert loaded_after(check, ("slack_bolt", "slack_sdk", "sqlalchemy", "alembic")) == []

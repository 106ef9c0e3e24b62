"""The house's import rules (CONTRIBUTING.md, "The floor plan"): Slack only in handlers/slack/
and bot/; the database and the network only in bot/; domain/ imports only itself; nothing
imports back up (domain < handlers < bot, and the surfaces, handlers/slack and
handlers/terminal, above the Slack-free handlers); a surface imports no adapter and no other
surface; an adapter (bot/store, bot/net) imports only ports and domain; no cycles; and
`recount check` loads no Slack."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Final

import pytest

from ..servers import ROOT

PACKAGES = ("domain", "handlers", "bot")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_type_checking(node: ast.If) -> bool:
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def all_imports(path: Path, *, type_checking: bool) -> set[str]:
    """Every module `path` imports anywhere in it (with or without TYPE_CHECKING blocks):
    `a.b` for `import a.b`; for `from a.b import c`, `a.b.c` (a module, or a name in `a.b`
    that the caller reduces to `a.b`)."""
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = (
        set()
        if type_checking
        else {
            id(n)
            for block in ast.walk(tree)
            if isinstance(block, ast.If) and is_type_checking(block)
            for n in ast.walk(block)
        }
    )
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


def imports_of(path: Path, modules: set[str], *, type_checking: bool = False) -> set[str]:
    """Our modules that `path` imports (TYPE_CHECKING blocks aside, unless asked)."""
    found = set()
    for name in all_imports(path, type_checking=type_checking):
        parent = name.rpartition(".")[0]
        if name in modules:
            found.add(name)
        elif parent in modules:
            found.add(parent)
    return found


def source_files() -> list[Path]:
    return [p for package in PACKAGES for p in (ROOT / package).rglob("*.py")]


def import_graph(*, type_checking: bool = False) -> dict[str, set[str]]:
    paths = source_files()
    modules = {module_name(p) for p in paths}
    return {
        module_name(p): imports_of(p, modules, type_checking=type_checking) - {module_name(p)}
        for p in paths
    }


# Who may import what (TYPE_CHECKING imports count: a type is a dependency too).
SLACK: Final = ("slack_bolt", "slack_sdk")
IO: Final = ("sqlalchemy", "alembic", "psycopg", "urllib.request", "http.client", "socket")
# The surfaces: each is handed the adapters of bot/ as the ports of handlers/watch/ports.py
# (and the clock as a function), and imports neither them nor another surface.
SURFACES: Final = ("handlers.slack", "handlers.terminal")
ADAPTERS: Final = ("bot", *IO)
# The adapters (the database, the network) are handed to the services as ports, so each
# imports from handlers/ only the ports and their plain records, and from bot/ only its own
# package and the settings: never a service, a surface or the wiring.
ADAPTER_ROOMS: Final = ("bot.store", "bot.net")
PORTS: Final = ("handlers.watch.ports", "handlers.watch.records", "handlers.slack.ports")
# A module may import only from its own layer and the layers below it.
LAYERS: Final = (
    ("domain",),
    ("domain", "handlers.syntax", "handlers.results", "handlers.watch", "handlers.paper"),
    ("domain", "handlers"),
    ("domain", "handlers", "bot"),
)


def layer_of(module: str) -> int:
    if module.startswith("domain"):
        return 0
    if _uses(module, SURFACES) or module == "handlers":
        return 2
    if module.startswith("handlers"):
        return 1
    return 3


def _uses(name: str, roots: tuple[str, ...]) -> bool:
    return any(name == root or name.startswith(f"{root}.") for root in roots)


def adapter_breaks(module: str, imported: set[str]) -> list[str]:
    """The imports (our modules) by which `module`, if an adapter, reaches past the ports."""
    own = tuple(room for room in ADAPTER_ROOMS if _uses(module, (room,)))
    if not own:
        return []
    allowed = ("domain", *PORTS, *own, "bot.settings")
    return [
        f"{module}: {name} (an adapter imports only ports and domain)"
        for name in sorted(imported)
        if not _uses(name, allowed)
    ]


def rule_breaks() -> list[str]:
    """Every import that breaks a rule, as `module: imported (why)`."""
    broken: list[str] = []
    modules = {module_name(p) for p in source_files()}
    for path in source_files():
        module = module_name(path)
        imported = all_imports(path, type_checking=True)
        for name in sorted(imported):
            if _uses(name, SLACK) and not module.startswith(("handlers.slack", "bot")):
                broken.append(f"{module}: {name} (Slack only in handlers/slack/ and bot/)")
            if _uses(name, IO) and not module.startswith("bot"):
                broken.append(f"{module}: {name} (the database and the network only in bot/)")
            if _uses(module, SURFACES) and _uses(name, ADAPTERS):
                broken.append(
                    f"{module}: {name} (a surface imports no adapter: it is handed ports)"
                )
        for name in sorted(imports_of(path, modules, type_checking=True)):
            if not _uses(name, LAYERS[layer_of(module)]):
                broken.append(f"{module}: {name} (imports back up)")
            own = tuple(s for s in SURFACES if _uses(module, (s,)))
            if own and _uses(name, SURFACES) and not _uses(name, own):
                broken.append(f"{module}: {name} (a surface imports no other surface)")
        broken += adapter_breaks(module, imports_of(path, modules, type_checking=True))
    return broken


def test_every_import_keeps_the_floor_plan() -> None:
    assert len(source_files()) > 80
    assert rule_breaks() == []


def test_an_adapter_reaches_the_rest_only_through_ports() -> None:
    """The adapter rule on names, apart from today's tree."""
    assert adapter_breaks("bot.store.readings", {"domain.changes", "handlers.watch.records"}) == []
    assert adapter_breaks("bot.net.download", {"bot.net.fetch", "handlers.slack.ports"}) == []
    assert adapter_breaks("bot.store.database", {"bot.settings"}) == []
    assert adapter_breaks("bot.store.scans", {"handlers.watch.service"}) != []
    assert adapter_breaks("bot.net.fetch", {"bot.store.models"}) != []  # another adapter
    assert adapter_breaks("bot.watcher", {"handlers.watch.service"}) == []  # wiring, no adapter


@pytest.mark.parametrize(
    ("module", "line", "why"),
    [
        ("handlers/watch/rounds.py", "import socket", "the database and the network only in bot/"),
        ("handlers/results/scan.py", "from slack_sdk import WebClient", "Slack only in"),
        ("domain/verdict.py", "from handlers.syntax import parse_check", "imports back up"),
        ("handlers/slack/payload.py", "from bot.clock import montana_today", "imports back up"),
        ("handlers/watch/rounds.py", "import handlers.slack.payload", "imports back up"),
        ("handlers/syntax/dates.py", "import sqlalchemy", "the database and the network"),
        ("handlers/terminal/watch.py", "from bot.store.backend import Store", "no adapter"),
        ("handlers/terminal/watch.py", "from bot.net.fetch import UrlFetcher", "no adapter"),
        ("handlers/terminal/check.py", "from bot.clock import montana_today", "no adapter"),
        ("handlers/terminal/watch.py", "import sqlalchemy.orm", "no adapter"),
        ("handlers/terminal/scan.py", "import urllib.request", "no adapter"),
        ("handlers/slack/payload.py", "from bot.store import backend", "no adapter"),
        ("handlers/terminal/verdict.py", "from handlers.slack import blocks", "no other surface"),
        ("handlers/slack/payload.py", "import handlers.terminal.verdict", "no other surface"),
        ("handlers/results/scan.py", "import handlers.terminal.output", "imports back up"),
        ("bot/store/watches.py", "from handlers.watch.service import ONCE", "an adapter imports"),
        ("bot/store/leases.py", "from handlers.watch import rounds", "an adapter imports only"),
        ("bot/net/fetch.py", "from handlers.results.tables import MAX_BYTES", "an adapter"),
        ("bot/net/download.py", "from handlers.slack.services import Services", "an adapter"),
        ("bot/store/posts.py", "from bot.watcher import Poller", "an adapter imports only"),
        ("bot/net/fetch.py", "from bot.store.rows import Rows", "an adapter imports only"),
    ],
)
def test_a_broken_rule_is_caught(
    module: str, line: str, why: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each rule fails when broken on purpose: one import added to one module."""
    path = ROOT / module
    original = path.read_text(encoding="utf-8")
    real_read = Path.read_text

    def read_text(self: Path, *args: object, **kwargs: object) -> str:
        text = real_read(self, *args, **kwargs)  # type: ignore[arg-type]
        return f"{line}\n{text}" if self == path else text

    monkeypatch.setattr(Path, "read_text", read_text)
    broken = rule_breaks()
    assert any(b.startswith(module_name(path)) and why in b for b in broken), broken
    assert path.read_text(encoding="utf-8") != original  # the patch was in force


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
    for module, imported in import_graph(type_checking=True).items():
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
    # bot.cli imports `serve` (Slack), and the watch's database and fetcher (SQLAlchemy), when
    # they are run, so that a check from the terminal loads neither; the watch service loads
    # the database code when the database is first opened, and `serve` the Socket Mode adapter
    # only for Socket Mode, so that an HTTP server answers sooner (make bench, start-up); the
    # self-test loads the server only when asked; `check --pdf`, `petition` and `kit`
    # (handlers.terminal.check, bot.cli) load reportlab, and so do Slack's Print record,
    # Petition draft and Recount kit at their first click, not at the bot's start-up; the
    # scan's readers load multiprocessing when the first one starts (handlers.results.reading:
    # a server's start-up, bench.instructions); nothing else imports inside a function. (An
    # import in a nested function is one import.)
    assert sorted(i.split(":")[0] for i in set(lazy)) == [
        "bot.cli",
        "bot.cli",
        "bot.cli",
        "bot.cli",
        "bot.cli",
        "bot.cli",
        "bot.cli",
        "bot.cli",
        "bot.server.serve",
        "bot.watcher",
        "handlers.results.reading",
        "handlers.slack.check.print_record",
        "handlers.slack.check.print_record",
        "handlers.slack.scan.recount_kit",
        "handlers.slack.scan.recount_kit",
        "handlers.terminal.check",
        "handlers.terminal.check",
    ], lazy


# The environment is read in one place (issue 36): every variable an operator can set is named
# in bot/settings.py, and the layers below are handed their values.
SETTINGS: Final = ROOT / "bot" / "settings.py"


def environment_reads(source: str) -> list[int]:
    """The lines of `source` that touch the environment: os.environ, os.getenv, os.putenv,
    `from os import environ` (however it is reached)."""
    tree = ast.parse(source)
    lines = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and node.attr in {"environ", "environb", "getenv"}) or (
            isinstance(node, ast.ImportFrom)
            and node.module == "os"
            and {a.name for a in node.names} & {"environ", "environb", "getenv", "putenv"}
        ):
            lines.append(node.lineno)
    return lines


def test_the_environment_is_read_only_in_bot_settings() -> None:
    found = {
        str(path.relative_to(ROOT)): lines
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if path != SETTINGS and (lines := environment_reads(path.read_text(encoding="utf-8")))
    }
    assert found == {}
    assert environment_reads(SETTINGS.read_text(encoding="utf-8"))  # it is read there


@pytest.mark.parametrize(
    ("source", "line"),
    [
        ("import os\nx = os.environ.get('A')\n", 2),
        ("import os\nx = os.getenv('A')\n", 2),
        ("from os import environ\n", 1),
        ("import os as o\nx = o.environ['A']\n", 2),
    ],
)
def test_an_environment_read_anywhere_is_caught(source: str, line: int) -> None:
    assert environment_reads(source) == [line]
    assert environment_reads("import os\nx = os.getpid()\n") == []

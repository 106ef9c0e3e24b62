"""One source for every number and phrase of the law, and for every limit.

domain/citations.py (with domain/kinds.py and domain/montana.py) owns the statutory numbers
and the phrases built from them. A string a module outside domain/ writes (docstrings aside)
must not carry one of them: it reads the constant instead. And each limit (the download cap,
the results suffixes, the time zone) is defined in one module only."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import pytest

from domain.citations import BOND_BAND_WORDS, MARGIN_SHARE, percent_phrase
from domain.kinds import county_canvass_contests, state_canvass_subsections

from ..servers import ROOT
from .test_imports import module_name

OUTSIDE_DOMAIN: Final = ("handlers", "bot")
# What only domain/ may write, each with the constant to read instead.
OWNED: Final = {
    r"\b1/400\b|\b1/4 of 1%": "domain.citations.MARGIN_SHARE",
    r"\b1/200\b|\b1/2 of 1%": "domain.citations.BOND_RECOUNT_SHARE",
    r"\b5 days\b": "domain.citations.PETITION_WINDOW_DAYS",
    r"\b10 votes\b": "domain.citations.MARGIN_FLOOR_VOTES",
    r"\b(10|25|100) (electors|signers|signatures)\b": "domain.citations.*_MIN_SIGNERS",
    r"\b(five|two|5|2) counties\b": "domain.citations.*_MIN_COUNTIES",
    r"\(2\), \(4\) and \(5\)": "domain.kinds.state_canvass_subsections()",
    r"\(1\), \(3\) and school": "domain.kinds.county_canvass_contests()",
    r"13-16-211 bond band": "domain.citations.BOND_BAND_WORDS",
    r"\b20 MB\b": "handlers.results.tables.MAX_SIZE_WORDS",
    r"America/Denver": "domain.montana.TIME_ZONE",
}
# Names that define a limit: each may be assigned at module level in one module only.
LIMITS: Final = ("MAX_BYTES", "RESULTS_SUFFIXES", "TIME_ZONE", "MAX_SIZE_WORDS")


def name_of(path: Path) -> str:
    return module_name(path) if path.is_relative_to(ROOT) else str(path)


def docstrings(tree: ast.Module) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def strings(path: Path) -> Iterator[tuple[int, str]]:
    """Every string the module writes (f-strings' literal parts too), docstrings aside."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = docstrings(tree)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in skipped
        ):
            yield node.lineno, node.value


def typed_again(paths: list[Path]) -> list[str]:
    found = []
    for path in paths:
        for line, text in strings(path):
            for pattern, owner in OWNED.items():
                if re.search(pattern, text):
                    found.append(f"{name_of(path)}:{line} writes {text!r}; read {owner}")
    return found


def defined_twice(paths: list[Path]) -> list[str]:
    where: dict[str, list[str]] = {}
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            targets = (
                node.targets
                if isinstance(node, ast.Assign)
                else [node.target]
                if isinstance(node, ast.AnnAssign)
                else []
            )
            for target in targets:
                if isinstance(target, ast.Name) and target.id in LIMITS:
                    where.setdefault(target.id, []).append(name_of(path))
            # a zone named by its IANA name anywhere but the one place
            for inner in ast.walk(node):
                if (
                    isinstance(inner, ast.Call)
                    and isinstance(inner.func, ast.Name)
                    and inner.func.id == "ZoneInfo"
                ):
                    where.setdefault("ZoneInfo(...)", []).append(name_of(path))
    return [f"{name} in {modules}" for name, modules in where.items() if len(modules) > 1]


def outside_domain() -> list[Path]:
    return [p for package in OUTSIDE_DOMAIN for p in (ROOT / package).rglob("*.py")]


def everywhere() -> list[Path]:
    return [p for package in ("domain", *OUTSIDE_DOMAIN) for p in (ROOT / package).rglob("*.py")]


def test_no_module_outside_domain_types_a_number_or_phrase_of_the_law_again() -> None:
    assert len(outside_domain()) > 60
    assert typed_again(outside_domain()) == []


def test_each_limit_is_defined_once() -> None:
    assert defined_twice(everywhere()) == []


def test_the_phrases_come_from_the_rows() -> None:
    # facts of the statute, not the code's own output: (2), (4), (5) count from the state
    # canvass; 13-16-211's band is named with its section; 1/400 reads as the statute writes it
    assert state_canvass_subsections() == "(2), (4) and (5)"
    assert county_canvass_contests() == "(1), (3) and school"
    assert BOND_BAND_WORDS == "the 13-16-211 bond band"
    assert percent_phrase(MARGIN_SHARE) == "1/4 of 1%"


@pytest.mark.parametrize(
    ("written", "owner"),
    [
        ('X = "within 5 days after the canvass"\n', "PETITION_WINDOW_DAYS"),
        ('X = f"under (2), (4) and (5) {1}"\n', "state_canvass_subsections"),
        ('X = "signed by 25 electors"\n', "_MIN_SIGNERS"),
        ('X = "over the 20 MB limit"\n', "MAX_SIZE_WORDS"),
        ('X = "a margin of 1/4 of 1%"\n', "MARGIN_SHARE"),
    ],
)
def test_a_phrase_typed_again_is_caught(tmp_path: Path, written: str, owner: str) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(written, encoding="utf-8")
    found = typed_again([probe])
    assert found and owner in found[0], found


@pytest.mark.parametrize(
    "written",
    [
        "MAX_BYTES = 10 * 1024 * 1024\n",
        'RESULTS_SUFFIXES = (".xlsx",)\n',
        'from zoneinfo import ZoneInfo\nZONE = ZoneInfo("America/Denver")\n',
    ],
)
def test_a_limit_defined_again_is_caught(tmp_path: Path, written: str) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(written, encoding="utf-8")
    found = defined_twice([*everywhere(), probe])
    assert len(found) == 1 and str(probe) in found[0], found

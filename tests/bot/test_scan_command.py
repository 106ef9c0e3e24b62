"""`recount scan` as a user runs it: a report, or one line naming the file and exit 2."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from bot.cli import main

from ..handlers.results.fixtures import LEGISLATIVE, OPENELECTIONS_2016, need


def recount(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["scan", *args], out, err)
    return status, out.getvalue(), err.getvalue()


def test_a_report(tmp_path: Path) -> None:
    status, out, err = recount(
        str(need(LEGISLATIVE)), "--canvass", "11/28/2022", "--today", "2022-11-30"
    )
    assert (status, err) == (0, "")
    assert out.startswith("Scanned 1 file (sos-district-workbook): 127 contests")


def test_json_and_csv(tmp_path: Path) -> None:
    table = tmp_path / "t.csv"
    table.write_text(
        "contest,choice,votes\nCounty attorney,Smith,1204\nCounty attorney,Jones,1199\n"
    )
    status, out, _ = recount(
        str(table), "--json", "--today", "2022-11-30", "--canvass", "2022-11-28"
    )
    j = json.loads(out)
    assert status == 0 and j["contests"][0]["verdict"]["deadline"] == "2022-12-05"
    status, out, _ = recount(str(table), "--csv", "--today", "2022-11-30")
    assert status == 0 and out.splitlines()[0].startswith("title,kind,subsection")


@pytest.mark.parametrize(
    ("make", "why"),
    [
        (lambda p: p.write_bytes(b""), "empty.csv: the file is empty"),
        (lambda p: p.write_text("name,email\nA,a@b\n"), "empty.csv: not a results file"),
        (lambda p: p.write_bytes(b"PK\x03\x04garbage"), "empty.csv: not a readable workbook"),
    ],
)
def test_a_file_it_cannot_read_is_one_line_and_exit_2(
    tmp_path: Path, make: object, why: str
) -> None:
    path = tmp_path / "empty.csv"
    make(path)  # type: ignore[operator]
    status, out, err = recount(str(path))
    assert (status, out) == (2, "")
    assert err.startswith(f"error: {why}") and err.count("\n") == 1


def test_the_same_file_twice_is_refused(tmp_path: Path) -> None:
    data = need(OPENELECTIONS_2016).read_bytes()
    (tmp_path / "a.csv").write_bytes(data)
    (tmp_path / "b.csv").write_bytes(data)
    status, out, err = recount(str(tmp_path / "a.csv"), str(tmp_path / "b.csv"))
    assert (status, out) == (2, "")
    assert err == "error: b.csv: the same file as a.csv; give each file once\n"


@pytest.mark.parametrize(
    ("args", "why"),
    [
        ([], "name at least one results file"),
        (["x.csv", "--election", "runoff"], "--election is general or primary"),
        (["x.csv", "--json", "--csv"], "not both"),
        (["x.csv", "--canvass"], "--canvass needs a value"),
        (["x.csv", "--frob"], 'scan does not take "--frob"'),
        (["missing.csv"], "missing.csv: cannot be read"),
        (["x.csv", "--seats", "Council=many"], "seats must be a whole number"),
        (["x.csv", "--kind", "Council=parish"], "is not a kind of contest"),
    ],
)
def test_usage_errors(
    tmp_path: Path, args: list[str], why: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.csv").write_text("contest,choice,votes\nCouncil,A,5\nCouncil,B,4\n")
    status, out, err = recount(*args)
    assert (status, out) == (2, "")
    assert why in err and err.count("\n") == 1

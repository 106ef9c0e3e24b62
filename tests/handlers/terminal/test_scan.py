"""`recount scan` as a user runs it: a report, or one line naming the file and exit 2."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from bot.cli import main

from ..results.fixtures import LEGISLATIVE, OPENELECTIONS_2016, need


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
        ([], "the following arguments are required: FILE"),
        (["x.csv", "--election", "runoff"], "argument --election: invalid choice: 'runoff'"),
        (["x.csv", "--json", "--csv"], "not allowed with argument"),
        (["x.csv", "--canvass"], "argument --canvass: expected one argument"),
        (["x.csv", "--frob"], "unrecognized arguments: --frob"),
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


def test_a_folder_means_the_results_files_in_it(tmp_path: Path) -> None:
    (tmp_path / "a.csv").write_text("contest,choice,votes\nSheriff,A,900\nSheriff,B,895\n")
    (tmp_path / "b.CSV").write_text("contest,choice,votes\nCoroner,C,900\nCoroner,D,800\n")
    (tmp_path / "notes.txt").write_text("not results")
    (tmp_path / "~$a.xlsx").write_bytes(b"an Excel lock file")
    status, out, err = recount(str(tmp_path), "--today", "2022-11-30")
    assert (status, err) == (0, "")
    assert out.startswith("Scanned 2 files (plain-table): 2 contests")


def test_a_pattern_the_shell_did_not_expand_is_expanded(tmp_path: Path) -> None:
    # What Windows cmd passes: the pattern itself.
    for name in ("one.csv", "two.csv"):
        (tmp_path / name).write_text(f"contest,choice,votes\n{name},A,900\n{name},B,895\n")
    status, out, err = recount(str(tmp_path / "*.csv"), "--today", "2022-11-30")
    assert (status, err) == (0, "")
    assert out.startswith("Scanned 2 files")
    status, _, err = recount(str(tmp_path / "*.xlsx"))
    assert status == 2 and err.endswith("*.xlsx: no file matches\n")


def test_an_empty_folder_is_named(tmp_path: Path) -> None:
    status, _, err = recount(str(tmp_path))
    assert status == 2 and "a folder with no .xlsx, .csv or .json file in it" in err


def test_a_folder_of_service_responses_is_read(tmp_path: Path) -> None:
    record = {
        "__type": "MapData:#MontanaWebServices",
        "RaceID": 7,
        "RaceName": "SHERIFF",
        "VoteFor": 1,
        "CountyName": "Cascade",
        "PrecinctName": "P1",
        "StatePrecinctID": "0001",
        "PartyCode": "",
        "IsReported": True,
        "PrecinctsReporting": 1,
        "PrecinctsPartial": 0,
        "TotalPrecincts": 1,
    }
    records = [
        {**record, "calcCandidate": name, "calcCandidateVotes": votes}
        for name, votes in (("A", 900), ("B", 895))
    ]
    (tmp_path / "sheriff.json").write_text(json.dumps({"d": records}))
    status, out, err = recount(str(tmp_path), "--today", "2022-11-30", "--election", "general")
    assert (status, err) == (0, "")
    assert out.startswith("Scanned 1 file (totalvote-precinct): 1 contest, 1 with a verdict")


def test_a_damaged_workbook_names_no_library(tmp_path: Path) -> None:
    (tmp_path / "bad.xlsx").write_bytes(b"PK\x03\x04 this is not really a workbook")
    status, _, err = recount(str(tmp_path / "bad.xlsx"))
    assert status == 2 and err.count("\n") == 1
    assert err.startswith("error: bad.xlsx: not a readable workbook")
    assert "Error" not in err and "Calamine" not in err


def test_singular_words_in_the_report(tmp_path: Path) -> None:
    (tmp_path / "t.csv").write_text("contest,choice,votes\nSheriff,A,900\nSheriff,B,900\n")
    _, out, _ = recount(str(tmp_path / "t.csv"), "--today", "2022-11-30")
    assert "1 file (" in out and "1 contest," in out and "1 tie," in out
    assert "1 ties" not in out and "1 contests" not in out


@pytest.mark.parametrize(
    "args", [["scan", "--help"], ["check", "--help"], ["--version"], ["--help"], ["serve", "-h"]]
)
def test_help_and_version_exit_0(args: list[str]) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(args, out, err) == 0
    assert err.getvalue() == "" and out.getvalue().strip()
    if args == ["--version"]:
        assert out.getvalue().startswith("recount ")
    if args == ["scan", "--help"]:
        assert "--state-canvass" in out.getvalue()

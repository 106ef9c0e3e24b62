"""The scan as JSON (scan.md's object), CSV (a row per contest) and ranked text."""

from __future__ import annotations

import csv
import io
from datetime import date

from handlers.results import ScanOptions, scan, scan_csv, scan_json, scan_text
from handlers.results.report import CSV_COLUMNS

ROWS = (
    "contest,choice,votes",
    "County attorney,Smith,1204",
    "County attorney,Jones,1199",
    "Sheriff,Brown,900",
    "Coroner,Lee,700",  # a candidate tie (a tied question is not one: 13-16-203)
    "Coroner,Ames,700",
    "Treasurer,A,900",
    "Treasurer,B,700",
    "Community council,X,5",
    "Community council,Y,4",
    "Legislature HD 1,P,4015",
    "Legislature HD 1,Q,3985",
)
TODAY = date(2022, 11, 30)


def result(**options: object) -> object:
    data = "\n".join(ROWS).encode()
    return scan([("t.csv", data)], ScanOptions(today=TODAY, canvass=date(2022, 11, 28), **options))  # type: ignore[arg-type]


def test_json_has_the_keys_of_scan_md() -> None:
    j = scan_json(result(complete=True))  # type: ignore[arg-type]
    assert set(j) == {
        "canvass",
        "state_canvass",
        "today",
        "election",
        "files",
        "contests",
        "summary",
        "whole_state",
    }
    assert j["files"] == [{"name": "t.csv", "format": "plain-table", "contests": 6}]
    assert j["summary"] == {
        "contests": 6,
        "with_verdict": 4,
        "recount_available": 1,
        "ties": 1,
        "bond_band": 1,
        "petition_short": 0,
        "deadline_passed": 0,
        "attention": 1,
    }
    first = j["contests"][0]
    assert {"key", "title", "party", "county", "kind", "kind_from", "seats", "seats_from",
            "coverage", "choices", "total_votes", "verdict", "attention"} <= set(first)  # fmt: skip
    assert (
        first["title"] == "County attorney" and first["verdict"]["outcome"] == "recount_available"
    )
    # ranked: available, tie, bond band, then a person, then the rest
    ranked = [
        c["verdict"]["outcome"] if c["verdict"] else c["attention"][:1] for c in j["contests"]
    ]
    assert ranked[:3] == ["recount_available", "tie_recount", "bond_recount_possible"]
    assert ranked[3] and isinstance(ranked[3], list)


def test_csv_is_one_row_per_contest() -> None:
    rows = list(csv.reader(io.StringIO(scan_csv(result(complete=True)))))  # type: ignore[arg-type]
    assert tuple(rows[0]) == CSV_COLUMNS
    assert len(rows) == 7
    assert rows[1][:7] == [
        "County attorney",
        "county",
        "13-16-201(1)",
        "Smith 1,204; Jones 1,199",
        "5",
        "10",
        "recount_available",
    ]
    assert rows[1][7:9] == ["2022-12-05", "2022-12-03"]
    assert any(r[6] == "unopposed" for r in rows)


def test_text_leads_with_what_needs_doing() -> None:
    text = scan_text(result(complete=True))  # type: ignore[arg-type]
    lines = text.splitlines()
    assert lines[0].startswith("Scanned 1 file (plain-table): 6 contests, 4 with a verdict;")
    assert lines[1] == "Deadlines from the official canvass of Mon Nov 28, 2022."
    order = [
        lines.index(h)
        for h in (
            "Recount available (1)",
            "Ties (1)",
            "13-16-211 bond band (1)",
            "Need a person (1)",
        )
    ]
    assert order == sorted(order)
    assert "Recount available — county office" not in text  # the scan's label, not the kind alone
    assert "  Recount available — County attorney" in lines
    assert (
        lines[-1]
        == "2 other contests: 1 outside the margin or with nothing to petition, 1 unopposed "
        "(--all lists them)."
    )


def test_without_a_canvass_date_it_says_so_once() -> None:
    data = "\n".join(ROWS).encode()
    text = scan_text(scan([("t.csv", data)], ScanOptions(today=TODAY)))
    assert text.count("No canvass date given: no deadlines (add --canvass DATE).") == 1


def test_a_listed_contest_says_where_todays_code_differs() -> None:
    data = "\n".join(
        (
            "contest,choice,votes",
            "School District 4 Trustee,A,900",
            "School District 4 Trustee,B,895",
        )
    ).encode()
    text = scan_text(scan([("t.csv", data)], ScanOptions(today=TODAY)))
    flat = " ".join(text.split())
    assert "File with the school election filing officer" in flat
    assert "Today's code (13-16-201(2), Ch. 347, L. 2013): school elections have their own" in flat
    assert "[from neighbouring sections; the text itself not seen]" in flat

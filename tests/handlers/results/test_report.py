"""The scan as JSON (scan.md's object), CSV (a row per contest) and ranked text."""

from __future__ import annotations

import csv
import io
from datetime import date

from handlers.results import ScanOptions, scan, scan_csv, scan_json, scan_text
from handlers.results.report import CSV_COLUMNS, WAITING_TITLE

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
    assert j["files"] == [
        {
            "name": "t.csv",
            "format": "plain-table",
            "contests": 6,
            "banner": {"title": None, "unofficial": False, "reporting": None, "downloaded": None},
            "notes": [],
        }
    ]
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
    assert lines[1] == (
        "Read as a general election: a typed table that does not say (give --election primary "
        "for a primary)."
    )
    assert lines[2] == "Deadlines from the county canvass of Mon Nov 28, 2022."
    assert lines[3] == (
        "Contests under (2), (4) and (5) count from the state canvass, not given: they have no "
        "day to act until it is (add --state-canvass DATE); a petition is filed within 5 days "
        "after the state canvass, not before it."
    )
    order = [
        lines.index(h)
        for h in (
            "Recount available (1)",
            "Ties (1)",
            f"{WAITING_TITLE} (1)",  # HD 1, in the bond band: its day waits on the state canvass
            "Need a person (1)",
        )
    ]
    assert order == sorted(order)
    assert "13-16-211 bond band (1)" not in lines
    waiting = " ".join(text[text.index(WAITING_TITLE) :].split())
    assert "Q may petition for a recount with a bond (13-16-211). File with the secretary of " in (
        waiting
    )
    assert "within 5 days after the state canvass, not before it." in waiting
    assert "Recount available — county office" not in text  # the scan's label, not the kind alone
    # a one-county contest shows its county, or the file that does not name it
    assert "  Recount available — County attorney — county not named in t.csv" in lines
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


def test_with_the_state_canvass_its_contests_have_their_day() -> None:
    text = scan_text(result(complete=True, state_canvass=date(2022, 12, 5)))  # type: ignore[arg-type]
    lines = text.splitlines()
    assert (
        lines[3]
        == "Contests under (2), (4) and (5) count from the state canvass of Mon Dec 5, 2022."
    )
    assert "13-16-211 bond band (1)" in lines and WAITING_TITLE not in text
    said = " ".join(text.split())
    assert "File with the secretary of state by Fri Dec 9, 2022" in said
    assert "once the state canvass of Mon Dec 5, 2022 is complete" in said


def test_before_the_canvass_the_figures_are_unofficial() -> None:
    data = "\n".join(ROWS).encode()
    options = ScanOptions(today=date(2022, 11, 20), canvass=date(2022, 11, 28))
    said = " ".join(scan_text(scan([("t.csv", data)], options)).split())
    assert (
        "Today (Sun Nov 20, 2022) is before the canvass: the figures are unofficial, and a "
        "petition window opens only with the official canvass." in said
    )
    assert "before the canvass" not in " ".join(scan_text(result(complete=True)).split())  # type: ignore[arg-type]

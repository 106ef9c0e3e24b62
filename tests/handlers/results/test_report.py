"""The scan as JSON (scan.md's object), CSV (a row per contest) and ranked text."""

from __future__ import annotations

import csv
import io
from datetime import date

import pytest

from handlers.results import ScanOptions, scan, scan_csv, scan_json, scan_text
from handlers.results.report import CSV_COLUMNS, WAITING_TITLE, spreadsheet_text

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


def test_the_first_lines_counts_say_which_wait_for_the_state_canvass() -> None:
    """Issue 34: the first line counted a contest its section did not list, because it waits
    for the state canvass under a heading of its own. The count now says so."""
    waiting = scan_text(result(complete=True)).splitlines()  # type: ignore[arg-type]
    assert (
        "1 recount available, 1 tie, 1 in the bond band (1 waiting for the state canvass), 0 "
        "petition short"
    ) in waiting[0]
    assert "13-16-211 bond band (1)" not in waiting and f"{WAITING_TITLE} (1)" in waiting
    given = scan_text(result(complete=True, state_canvass=date(2022, 12, 5)))  # type: ignore[arg-type]
    assert "waiting for the state canvass" not in given.splitlines()[0]
    assert "1 in the bond band, 0 petition short" in given.splitlines()[0]


def test_before_the_canvass_the_figures_are_unofficial() -> None:
    data = "\n".join(ROWS).encode()
    options = ScanOptions(today=date(2022, 11, 20), canvass=date(2022, 11, 28))
    said = " ".join(scan_text(scan([("t.csv", data)], options)).split())
    assert (
        "Today (Sun Nov 20, 2022) is before the canvass: the figures are unofficial, and a "
        "petition window opens only with the official canvass." in said
    )
    assert "before the canvass" not in " ".join(scan_text(result(complete=True)).split())  # type: ignore[arg-type]


# A typed table whose titles, names and file name would run in a spreadsheet (OWASP's
# examples) or hide and reorder text (bidi, BOM, word joiner, a tag letter).
HOSTILE_ROWS = (
    "contest,choice,votes,kind",
    '"=HYPERLINK(""http://x"",""click"")",@SUM(1+1),1204,county',
    '"=HYPERLINK(""http://x"",""click"")",+cmd|\' /C calc\'!A0,1199,county',
    "\u202eevil\ufeff\u2060\U000e0041,\uff1d1+1,100,county",
    "\u202eevil\ufeff\u2060\U000e0041, -2,95,county",
)


def hostile_csv_rows() -> list[list[str]]:
    data = "\n".join(HOSTILE_ROWS).encode()
    scanned = scan([("@x.csv", data)], ScanOptions(today=TODAY, canvass=date(2022, 11, 28)))
    return list(csv.reader(io.StringIO(scan_csv(scanned))))


def test_csv_text_that_would_be_a_formula_starts_with_a_quote() -> None:
    rows = hostile_csv_rows()
    title, _, _, choices, margin, most, *_ = rows[1]
    assert title == '\'=HYPERLINK("http://x","click")'
    assert choices == "'@SUM(1+1) 1,204; +cmd|' /C calc'!A0 1,199"
    assert rows[1][CSV_COLUMNS.index("file")] == "'@x.csv"
    # the full-width equals sign is a formula to Excel too; the hidden characters are gone
    assert rows[2][0] == "evil"
    assert rows[2][3] == "'\uff1d1+1 100; -2 95"
    # our numbers stay numbers: 1,204 - 1,199 = 5, within the floor of 10 (13-16-201(1))
    assert (margin, most) == ("5", "10")


@pytest.mark.parametrize(
    ("text", "cell"),
    [
        ("=1+1", "'=1+1"),
        ("+1", "'+1"),
        ("-1", "'-1"),
        ("@A1", "'@A1"),
        ("\t=1+1", "' =1+1"),  # the tab becomes a space; the quote still comes first
        ("\r=1+1", "' =1+1"),
        ("  =1+1", "'  =1+1"),
        ("\u200b=1+1", "'=1+1"),  # a zero-width space does not hide the sign
        ("\uff0b1", "'\uff0b1"),
        ("\uff0d1", "'\uff0d1"),
        ("\uff20A1", "'\uff20A1"),
        ("Smith", "Smith"),
        ("Smith-Jones", "Smith-Jones"),
        ("", ""),
    ],
)
def test_a_text_cell_never_starts_a_formula(text: str, cell: str) -> None:
    assert spreadsheet_text(text) == cell

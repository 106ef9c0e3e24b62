"""The scan as CSV: a row per contest, and never a formula in a spreadsheet."""

from __future__ import annotations

import csv
import io
from datetime import date

import pytest

from handlers.results import ScanOptions, scan, scan_csv
from handlers.results.render_csv import CSV_COLUMNS, spreadsheet_text

from .fixtures import REPORT_TODAY, report_scan


def test_csv_is_one_row_per_contest() -> None:
    rows = list(csv.reader(io.StringIO(scan_csv(report_scan(complete=True)))))
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
    scanned = scan([("@x.csv", data)], ScanOptions(today=REPORT_TODAY, canvass=date(2022, 11, 28)))
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

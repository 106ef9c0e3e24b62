"""Bytes to tables: workbooks through calamine, CSV with any line ends, bad files named."""

from __future__ import annotations

import pytest

from handlers.results.tables import MAX_BYTES, ResultsFileError, read_tables, text

from .fixtures import COUNTY_WORKBOOKS, need


@pytest.mark.parametrize(
    ("data", "why"),
    [
        (b"", "r.csv: the file is empty"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 100, "password-protected"),
        (b"PK\x03\x04 this is no zip at all", "not a readable workbook"),
        (b"\x00\x01\x02\x03 binary", "binary content"),
        (b"x" * (MAX_BYTES + 1), "over the 20 MB"),
    ],
)
def test_bad_files_are_named_with_the_reason(data: bytes, why: str) -> None:
    with pytest.raises(ResultsFileError, match=why) as caught:
        read_tables("r.csv", data)
    assert str(caught.value).startswith("r.csv: ") and "\n" not in str(caught.value)


def test_a_damaged_workbook() -> None:
    data = next(iter(need(COUNTY_WORKBOOKS).glob("*.xlsx"))).read_bytes()
    with pytest.raises(ResultsFileError, match="damaged"):
        read_tables("cut.xlsx", data[: len(data) // 2])


@pytest.mark.parametrize("end", [b"\r", b"\n", b"\r\n"])
def test_csv_with_any_line_end(end: bytes) -> None:
    data = end.join([b"contest,choice,votes", b"Levy,Yes,5", b"Levy,No,4"])
    (table,) = read_tables("t.csv", data)
    assert table.rows == [["contest", "choice", "votes"], ["Levy", "Yes", "5"], ["Levy", "No", "4"]]


def test_a_latin_1_csv_still_reads() -> None:
    (table,) = read_tables("t.csv", "contest,choice,votes\nLevy,Núñez,5\n".encode("cp1252"))
    assert table.rows[1][1] == "Núñez"


def test_text_of_a_cell() -> None:
    assert text("UNITED STATES\nREPRESENTATIVE&nbsp;\xa02ND") == "UNITED STATES REPRESENTATIVE 2ND"
    assert (text(143.0), text(None), text(2.5)) == ("143", "", "2.5")

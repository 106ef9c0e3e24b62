"""The recount board's kit from a real county workbook: the certificate with every precinct
and its canvass votes (which add up to the scan's total for the contest), and a tally sheet
per precinct; a district workbook is refused in plain words."""

from __future__ import annotations

import io
import unicodedata
from datetime import date, datetime
from zoneinfo import ZoneInfo

import pypdf
import pytest

from handlers.paper.kit import is_school, kit_pdf
from handlers.paper.record import Provenance
from handlers.results import ResultsFileError, ScanOptions, scan
from handlers.results.precincts import PrecinctRows, precinct_rows

from ..results.fixtures import COUNTY_WORKBOOKS, LEGISLATIVE, named, need

CASCADE = "CTYALL Results(7).xlsx"
CLERK = "Cascade County CLERK AND RECORDER"
AT = Provenance(datetime(2026, 11, 18, 14, 5, tzinfo=ZoneInfo("America/Denver")))


def test_the_kit_of_a_real_contest_holds_every_precinct_and_its_canvass_votes() -> None:
    files = [named(need(COUNTY_WORKBOOKS) / CASCADE)]
    rows = precinct_rows(files, CLERK)
    result = scan(files, ScanOptions(today=date(2022, 11, 30)))
    (contest,) = [c.contest for c in result.contests if c.contest.title.startswith(CLERK)]
    by_name = {c.name: c.votes for c in contest.choices}
    # the precincts' canvass votes add up to what the scan sums for the contest
    assert dict(zip(rows.choices, rows.totals, strict=True)) == by_name
    reader = pypdf.PdfReader(io.BytesIO(kit_pdf(rows, AT)))
    assert len(reader.pages) == 1 + len(rows.rows)  # the certificate, a sheet per precinct
    certificate = " ".join(reader.pages[0].extract_text().split())
    assert certificate.startswith("Certificate of the recount (13-16-418)")
    for place, votes in rows.rows:
        assert place in certificate and f"{votes[0]:,}" in certificate
    assert "TOTALS 14,301 14,331" in certificate
    assert "election administrator (seal)" in certificate and "county recount board" in certificate
    sheets = [" ".join(p.extract_text().split()) for p in reader.pages[1:]]
    assert [s.split("Precinct: ")[1].split(" ")[0] for s in sheets] == [p for p, _ in rows.rows]
    assert all("Tally sheet (13-16-412)" in s and "SANDRA MERCHANT" in s for s in sheets)


def test_a_district_workbook_has_no_precincts() -> None:
    with pytest.raises(ResultsFileError, match="a row per county, not per precinct"):
        precinct_rows([named(need(LEGISLATIVE))], "HD 072")


def test_a_school_contest_gets_the_school_recount_boards_certificate() -> None:
    assert is_school("ELEMENTARY SCHOOL DISTRICT 7 TRUSTEE")
    assert not is_school("SHERIFF")


def test_names_the_standard_fonts_lack_are_printed_as_written() -> None:
    rows = PrecinctRows(
        "Lake County SHERIFF",
        ["Nguyễn Văn A", "Łukasz Nowak"],
        [("Ałnaqiʔ 1", [12, 10]), ("Polson 2", [3, 4])],
    )
    pdf = kit_pdf(rows, AT)
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    pages = [" ".join(p.extract_text().split()) for p in reader.pages]
    for name in ("Nguyễn Văn A", "Łukasz Nowak", "Ałnaqiʔ 1"):
        assert name in pages[0]  # the certificate's head and its precinct column
    assert "Nguyễn Văn A" in pages[1] and "Precinct: Ałnaqiʔ 1" in pages[1]  # its tally sheet
    assert pdf == kit_pdf(rows, AT)


def test_the_kit_prints_a_hostile_files_names_without_what_hides_or_reorders() -> None:
    rows = PrecinctRows(
        "\u202eSHERIFF\ufeff",
        ["Smith\u2060\U000e0041", "\x1b[2JJones\u061c"],
        [("Polson\u2066 1", [12, 10])],
    )
    reader = pypdf.PdfReader(io.BytesIO(kit_pdf(rows, AT)))
    text = " ".join(p.extract_text() for p in reader.pages)
    for name in ("SHERIFF", "Smith", "[2JJones", "Polson 1"):
        assert name in text
    assert not any(unicodedata.category(ch)[0] == "C" for ch in text.replace("\n", ""))
    assert reader.metadata is not None and reader.metadata.title == "Recount kit: SHERIFF"

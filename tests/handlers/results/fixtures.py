"""The real Montana exports in ../shared/fixtures/results, and small files built from them."""

from __future__ import annotations

import io
import os
import zipfile
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from handlers.results import Scan, ScanOptions, scan

from ...conftest import SHARED

RESULTS = SHARED / "fixtures" / "results"
COUNTY_WORKBOOKS = RESULTS / "sos-county-2022-general"
LEGISLATIVE = RESULTS / "sos-legislative-2022-general.xlsx"
PRIMARY_PRECINCTS = RESULTS / "sos-precinct-by-precinct-2022-primary.xlsx"
# The precinct-by-precinct file as Excel saves it as CSV: a blank line, and a line cut short.
PRECINCTS_CSV = (
    b"CountyName,PrecinctName,RaceName,PartyCode,Votes,NameOnBallot\r\n"
    b"Cascade,P1,SHERIFF,,10,Ann\r\n"
    b"\r\n"
    b"Cascade,P1,SHERIFF,,8,Bob\r\n"
    b"Cascade,P2,SHERIFF\r\n"
    b"Cascade,P2,SHERIFF,,3,Ann\r\n"
)
PRIMARY_2020 = RESULTS / "sos-precinct-by-precinct-2020-primary.xlsx"
PRIMARY_2016 = RESULTS / "sos-precinct-by-precinct-2016-primary.xlsx"  # no banner
GENERAL_2020 = RESULTS / "sos-statewide-by-precinct-2020-general.xlsx"  # no banner
GENERAL_2014 = RESULTS / "sos-statewide-by-precinct-2014-general.xlsx"  # the id layout
OPENELECTIONS_2016 = RESULTS / "openelections" / "20161108__mt__general__precinct.csv"
OPENELECTIONS_2014 = RESULTS / "openelections" / "20140603__mt__primary__county.csv"


def need(path: Path) -> Path:
    """A fixture file of ../shared. Without it a test is skipped on a developer's machine, but
    fails where ../shared must be present (CI sets RECOUNT_REQUIRE_SHARED=1)."""
    if not path.exists():
        if os.environ.get("RECOUNT_REQUIRE_SHARED"):
            pytest.fail(f"{path} is missing: ../shared must be beside this checkout")
        pytest.skip("../shared/fixtures is not beside this checkout")
    return path


def named(path: Path) -> tuple[str, bytes]:
    return need(path).name, path.read_bytes()


def county_workbooks() -> list[tuple[str, bytes]]:
    need(COUNTY_WORKBOOKS)
    return [named(p) for p in sorted(COUNTY_WORKBOOKS.glob("*.xlsx"))]


def county_zip(count: int = 56) -> bytes:
    """The first `count` of the 56 county workbooks of 2022 in one .zip, as a clerk drops
    them in Slack or a results server serves them."""
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(need(COUNTY_WORKBOOKS).glob("*.xlsx"))[:count]:
            z.write(path, f"county workbooks/{path.name}")
    return archive.getvalue()


# A typed table with a contest for each part of the report (scan.md): a recount available, a
# tie, the bond band (a district's: its day waits on the state canvass), a person needed, the
# rest (tests/handlers/results/test_render_*.py, test_facts.py).
REPORT_ROWS = (
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
REPORT_TODAY = date(2022, 11, 30)


def report_scan(**options: Any) -> Scan:
    """REPORT_ROWS scanned, its county canvass on Nov 28, 2022."""
    data = "\n".join(REPORT_ROWS).encode()
    return scan(
        [("t.csv", data)], ScanOptions(today=REPORT_TODAY, canvass=date(2022, 11, 28), **options)
    )

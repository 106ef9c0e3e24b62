"""Format 4: OpenElections CSV; columns by name, CR-only line ends, Total rows never added."""

from __future__ import annotations

import pytest

from handlers.results.openelections import OPENELECTIONS, detect, read, title_of
from handlers.results.tables import read_tables

from .fixtures import OPENELECTIONS_2014, need


@pytest.mark.parametrize(
    ("office", "district", "title"),
    [
        ("State House", "72", "State House 72"),
        ("STATE SENATOR DISTRICT 49", "49", "STATE SENATOR DISTRICT 49"),
        ("U.S. Senate", "", "U.S. Senate"),
    ],
)
def test_the_title_names_the_district_once(office: str, district: str, title: str) -> None:
    assert title_of(office, district) == title


def test_the_2014_primary_with_cr_line_ends_and_total_rows() -> None:
    data = need(OPENELECTIONS_2014).read_bytes()
    assert b"\r" in data and b"\n" not in data[:2000]
    tables = read_tables(OPENELECTIONS_2014.name, data)
    assert detect(tables) == OPENELECTIONS
    found = read(OPENELECTIONS_2014.name, tables)
    assert all(t.county and t.county.lower() not in ("total", "grand total") for t in found.tallies)
    adams = [t for t in found.tallies if t.choice == "DIRK S. ADAMS"]
    assert sum(t.votes for t in adams) > 0 and {t.party for t in adams} == {"Democrat"}


def test_columns_are_found_by_name_and_totals_skipped() -> None:
    data = (
        b"votes,candidate,office,county,party,district\n"
        b"5,A,Mayor,Lake,,\n4,B,Mayor,Lake,,\n9,A,Mayor,Total,,\n"
    )
    found = read("x.csv", read_tables("x.csv", data))
    assert [(t.choice, t.votes, t.county) for t in found.tallies] == [
        ("A", 5, "Lake"),
        ("B", 4, "Lake"),
    ]


def test_a_row_cut_before_its_precinct_cell_is_read_without_one() -> None:
    """Found by the fuzz test: a precinct office's row shorter than the header's precinct
    column raised IndexError (an HTTP 500 in Slack) instead of reading the row."""
    data = (
        b"county,office,district,votes,party,candidate,precinct\n"
        b"Lake,PRECINCT COMMITTEEMAN,,5,REP,Ann,P1\n"
        b"Lake,PRECINCT COMMITTEEMAN,,3,REP,Bob\n"
    )
    found = read("x.csv", read_tables("x.csv", data))
    assert sorted((t.choice, t.votes) for t in found.tallies) == [("Ann", 5), ("Bob", 3)]


@pytest.mark.parametrize(
    ("office", "district", "title"),
    [
        # 2014's precinct file: the recount's district column is "NT"; the marker is read on
        # the office as written, so the title still ends with it
        (
            "STATE REPRESENTATIVE DISTRICT 51 - RECOUNT",
            "NT",
            "STATE REPRESENTATIVE DISTRICT 51 - RECOUNT",
        ),
        ("STATE SENATOR DISTRICT 49 - RECOUNT", "49", "STATE SENATOR DISTRICT 49 - RECOUNT"),
        # a district the office does not name goes on the office recounted, before the marker
        ("State House - RECOUNT", "72", "State House 72 - RECOUNT"),
        ("RECOUNT OF State House", "72", "RECOUNT OF State House 72"),
        ("State House", "NT", "State House NT"),  # no marker: the rule as before
    ],
)
def test_the_recount_marker_is_read_before_the_district(
    office: str, district: str, title: str
) -> None:
    assert title_of(office, district) == title

"""Formats 1 and 2: sheets per contest, codes from sheet names, TOTALS checked."""

from __future__ import annotations

from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handlers.results.sos_workbooks import (
    COUNTY_WORKBOOK,
    DISTRICT_WORKBOOK,
    _usual_sums,
    detect,
    read,
)
from handlers.results.tables import Cell, Table, read_tables

from .fixtures import COUNTY_WORKBOOKS, LEGISLATIVE, need

BANNER: list[list[Cell]] = [
    ["2024 Unofficial General Election Results", "", ""],
    ["State of Montana", "", ""],
    ["Precincts 10 of 10 Reporting", "", ""],
    ["Downloaded at 11/6/2024 1:00:00 AM", "", ""],
    ["", "", ""],
]


def sheet(name: str, header: list[Cell], *rows: list[Cell]) -> Table:
    return Table(name, [*BANNER, header, *rows])


def test_a_2022_county_workbook() -> None:
    path = need(COUNTY_WORKBOOKS) / "CTYALL Results(11).xlsx"
    tables = read_tables(path.name, path.read_bytes())
    assert detect(tables) == COUNTY_WORKBOOK
    found = read(path.name, tables, COUNTY_WORKBOOK)
    assert (found.election, found.whole, found.problems) == ("general", False, {})
    house = [t for t in found.tallies if t.key == "0746"]
    assert [(t.choice, t.choice_party, t.votes) for t in house] == [
        ("PENNY RONNING", "Democrat", 524),
        ("SAM RANKIN", "Libertarian", 22),
        ("MATT ROSENDALE", "Republican", 2583),
        ("GARY BUCHANAN", "Independent", 425),
    ]
    assert house[0].title == "UNITED STATES REPRESENTATIVE 2ND DISTRICT"


def test_the_legislative_workbook_is_whole_with_one_row_per_county() -> None:
    tables = read_tables(LEGISLATIVE.name, need(LEGISLATIVE).read_bytes())
    assert detect(tables) == DISTRICT_WORKBOOK
    found = read(LEGISLATIVE.name, tables, DISTRICT_WORKBOOK)
    assert found.whole and found.counties_named
    sd1 = [t for t in found.tallies if t.title == "STATE SENATOR DISTRICT 1"]
    assert [(t.county, t.choice, t.votes) for t in sd1] == [("Lincoln", "MICHAEL J CUFFE", 7586)]


def test_2024_codes_stand_in_front_and_legislative_sheets_have_none() -> None:
    header: list[Cell] = [
        "UNITED STATES\nSENATOR",
        "Precinct",
        "JON TESTER\nDemocrat",
        "TIM SHEEHY\nRepublican",
    ]
    rows: list[list[Cell]] = [["", "P1", 10.0, 12.0], ["", "TOTALS", 10.0, 12.0]]
    found = read(
        "x.xlsx",
        [
            sheet("01602UNITED STATES SENATOR 450", header, *rows),
            sheet(
                "HD 072 STATE REPRESENTATIVE DI",
                ["STATE REPRESENTATIVE\nDISTRICT 72", "Precinct", "A", "B"],
                ["", "P1", 1, 2],
            ),
        ],
        COUNTY_WORKBOOK,
    )
    assert {t.key for t in found.tallies} == {"01602", "state representative district 72"}
    assert found.election == "general"


def test_totals_that_disagree_and_votes_that_are_not_whole_are_reported() -> None:
    header: list[Cell] = ["MOSQUITO&nbsp;LEVY", "Precinct", "BONDS\nYES", "BONDS\nNO"]
    found = read(
        "x.xlsx",
        [
            sheet(
                "MOSQUITO LEVY 0999",
                header,
                ["", "P1", 5.0, 2.5],
                ["", "P2", "n/a", 1.0],
                ["", "TOTALS", 9.0, 3.0],
            )
        ],
        COUNTY_WORKBOOK,
    )
    reasons = found.problems["0999"]
    assert 'P1: "2.5" for BONDS NO is not a whole number of votes' in reasons
    assert 'P2: "n/a" for BONDS YES is not a whole number of votes' in reasons
    assert "the TOTALS row says 9 for BONDS YES; its rows add up to 5" in reasons
    assert {t.choice for t in found.tallies} == {"BONDS YES", "BONDS NO"}


def test_a_primary_statewide_workbook_keeps_each_partys_sheet_apart() -> None:
    banner_primary: list[list[Cell]] = [["2024 Primary Election Results", "", ""], *BANNER[1:]]
    header: list[Cell] = ["PRESIDENT", "County", "A ONE", "B TWO"]
    rep = Table("00588REP PRESIDENT", [*banner_primary, header, ["", "Beaverhead", 10.0, 5.0]])
    dem = Table("00588DEM PRESIDENT", [*banner_primary, header, ["", "Beaverhead", 3.0, 4.0]])
    found = read("statewide.xlsx", [rep, dem], DISTRICT_WORKBOOK)
    assert found.election == "primary"
    assert {(t.key, t.party) for t in found.tallies} == {("00588REP", "REP"), ("00588DEM", "DEM")}


USUAL_HEADER: list[Cell] = ["SHERIFF 0123", "Precinct", "ANN\nDemocrat", "BOB\nRepublican"]


def _sheet_of(*rows: list[Cell]) -> list[Table]:
    return [sheet("SHERIFF 0123", USUAL_HEADER, *rows)]


def _votes(tables: list[Table]) -> tuple[dict[str, int], list[str]]:
    found = read("x.xlsx", tables, COUNTY_WORKBOOK)
    return {t.choice: t.votes for t in found.tallies}, found.problems.get("0123", [])


def test_the_usual_sheet_is_summed_column_by_column() -> None:
    rows: list[list[Cell]] = [
        ["", "P1", 3.0, 4.0],
        ["", "P2", 10.0, 0.0],
        ["", "TOTALS", 13.0, 4.0],
    ]
    assert _usual_sums(rows, ((2, "ANN", "Democrat"), (3, "BOB", "Republican"))) == [13, 4]
    assert _votes(_sheet_of(*rows)) == ({"ANN": 13, "BOB": 4}, [])


@pytest.mark.parametrize(
    ("rows", "votes", "problems"),
    [
        # a row with no label is no precinct: not counted
        ([["", "P1", 3.0, 4.0], ["", " ", 50.0, 50.0], ["", "TOTALS", 3.0, 4.0]], (3, 4), []),
        # a subtotal in the middle ("Totals") is not a precinct either
        ([["", "P1", 3.0, 4.0], ["", "Totals", 3.0, 4.0], ["", "TOTALS", 3.0, 4.0]], (3, 4), []),
        # TOTALS that disagree: the rows' sum stands, and it is reported
        (
            [["", "P1", 3.0, 4.0], ["", "TOTALS", 9.0, 4.0]],
            (3, 4),
            ["the TOTALS row says 9 for ANN; its rows add up to 3"],
        ),
        # a negative count is no count
        (
            [["", "P1", -3.0, 4.0], ["", "TOTALS", -3.0, 4.0]],
            (0, 4),
            [
                'P1: "-3" for ANN is not a whole number of votes',
                "the TOTALS row says -3 for ANN; its rows add up to 0",
            ],
        ),
        # whole numbers written as text or int still count
        ([["", "P1", "1,003", 4], ["", "TOTALS", 1003.0, 4.0]], (1003, 4), []),
        # a TOTALS cell that is no number, though Python calls True equal to 1
        (
            [["", "P1", 1.0, 4.0], ["", "TOTALS", True, 4.0]],
            (1, 4),
            ["the TOTALS row says True for ANN; its rows add up to 1"],
        ),
        # a precinct numbered, not named (a number in the label column)
        ([["", 101.0, 3.0, 4.0], ["", "TOTALS", 3.0, 4.0]], (3, 4), []),
        # an empty cell is no votes
        ([["", "P1", None, 4.0], ["", "TOTALS", 0.0, 4.0]], (0, 4), []),
        # no TOTALS row at all
        ([["", "P1", 3.0, 4.0], ["", "P2", 1.0, 1.0]], (4, 5), []),
        # a short TOTALS row (a damaged sheet): a missing figure is said, never a crash
        (
            [["", "P1", 3.0, 4.0], ["", "TOTALS", 3.0]],
            (3, 4),
            ["the TOTALS row says nothing for BOB; its rows add up to 4"],
        ),
        # a short row (a damaged sheet): its missing cells are blank
        ([["", "P1", 3.0, 4.0], ["", "P2", 1.0], ["", "TOTALS", 4.0, 4.0]], (4, 4), []),
    ],
)
def test_any_other_sheet_is_read_row_by_row(
    rows: list[list[Cell]], votes: tuple[int, int], problems: list[str]
) -> None:
    columns = ((2, "ANN", "Democrat"), (3, "BOB", "Republican"))
    assert _usual_sums(rows, columns) is None  # the column-by-column reading steps aside
    assert _votes(_sheet_of(*rows)) == ({"ANN": votes[0], "BOB": votes[1]}, problems)


_LABELS = st.sampled_from(
    ["P1", "P2", "  P3 ", "", " ", "TOTALS", "Totals", "totals ", 101.0, None]
)
_VOTES = st.one_of(
    st.integers(0, 10_000).map(float),
    st.sampled_from([2.5, -3.0, 0.0, float("nan"), "12", "1,003", "n/a", None, True, 7]),
)


@settings(max_examples=300, deadline=None)
@given(
    rows=st.lists(st.tuples(_LABELS, _VOTES, _VOTES, st.booleans()), min_size=0, max_size=6),
    totals=st.one_of(st.none(), st.tuples(_VOTES, _VOTES)),
    fmt=st.sampled_from([COUNTY_WORKBOOK, DISTRICT_WORKBOOK]),
)
def test_the_column_reading_never_disagrees_with_the_row_reading(
    rows: list[tuple[Cell, Cell, Cell, bool]], totals: tuple[Cell, Cell] | None, fmt: str
) -> None:
    """Whatever a sheet holds, summing it column by column gives the tallies and problems
    that reading it row by row gives (where it cannot, it steps aside), and neither reading
    of either workbook ever fails on it."""
    body: list[list[Cell]] = [
        ["", label, a, b] if whole else ["", label, a] for label, a, b, whole in rows
    ]
    if totals is not None:
        body.append(["", "TOTALS", *totals])
    tables = _sheet_of(*body)
    fast = read("x.xlsx", tables, fmt)
    with patch("handlers.results.sos_workbooks._usual_sums", return_value=None):
        slow = read("x.xlsx", tables, fmt)
    assert (fast.tallies, fast.problems) == (slow.tallies, slow.problems)

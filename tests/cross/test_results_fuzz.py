"""Whatever a results file holds, the scan answers with a report or one plain error.

Tables in the shape of each of the six formats (and of none), their cells anything a
workbook or a CSV can give: the scan of them returns a Scan or raises ResultsFileError (the
one line a clerk is shown), never another exception, which would be a traceback.
"""

from __future__ import annotations

import json
from datetime import date
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from handlers.results import ResultsFileError, ScanOptions, scan
from handlers.results.precincts import precinct_rows
from handlers.results.reading import IN_PROCESS
from handlers.results.tables import Cell, Table

pytestmark = pytest.mark.slow  # the fuzz: `make test` runs it, `make quick` leaves it out

WORDS = st.sampled_from(
    [
        "",
        " ",
        "TOTALS",
        "Total",
        "YES",
        "NO",
        "BONDS\nYES",
        "Precinct",
        "County",
        "Democrat",
        "REP",
        "NonPart",
        "P1",
        "Cascade",
        "Lewis and Clark",
        "SHERIFF",
        "STATE SENATOR DISTRICT 9",
        "UNITED STATES SENATOR",
        "SCHOOL TRUSTEE",
        "Shall Judge Ann Smith be retained",
        "PRECINCT COMMITTEEMAN - RECOUNT",
        "1,003",
        "n/a",
        "&nbsp;",
        "county",
        "3",
    ]
)
CELLS: st.SearchStrategy[Cell] = st.one_of(
    st.none(),
    WORDS,
    st.text(max_size=6),
    st.integers(-5, 10**7),
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(0, 5000).map(float),
    st.booleans(),
    st.dates(min_value=date(1990, 1, 1), max_value=date(2030, 1, 1)),
)
ROWS = st.lists(st.lists(CELLS, max_size=8), max_size=8)
BANNER: list[list[Cell]] = [
    ["2022 General Election Results"],
    ["State of Montana"],
    ["Precincts 1 of 2 Reporting"],
    ["Downloaded at 11/9/2022 1:00:00 AM"],
    [],
]


@st.composite
def sos_sheet(draw: st.DrawFn) -> Table:
    name = draw(st.sampled_from(["SHERIFF 0123", "01602UNITED STATES SENATOR 450", "00588REP X"]))
    label = draw(st.sampled_from(["Precinct", "County"]))
    header = [draw(WORDS.filter(bool)), label, *draw(st.lists(CELLS, max_size=4))]
    return Table(name, [*BANNER, header, *draw(ROWS)])


def headed(*columns: str) -> st.SearchStrategy[Table]:
    """A table whose first row names `columns` (and maybe more), in any order."""
    return st.builds(
        lambda order, rows, name: Table(name, [order, *rows]),
        st.permutations(list(columns)),
        ROWS,
        st.sampled_from(["", "Sheet1"]),
    )


TABLES = st.lists(
    st.one_of(
        sos_sheet(),
        headed("CountyName", "PrecinctName", "RaceName", "PartyCode", "Votes", "NameOnBallot"),
        headed("county", "precinct", "office", "district", "party", "candidate", "votes"),
        headed("contest", "choice", "votes", "kind", "seats", "party", "county"),
        headed("race", "candidate", "vote"),
        st.builds(Table, st.sampled_from(["", "Sheet1"]), ROWS),
    ),
    min_size=1,
    max_size=3,
)


def assert_plain(error: ResultsFileError) -> None:
    """An error a clerk is shown says something, on one line, and is not the net under our
    readers (reading.unexpected): that line means our code raised, a bug to fix."""
    said = str(error)
    assert said.strip() and "\n" not in said, "an error a clerk is shown says something"
    assert "a layout it does not know" not in said, f"a reader's own fault: {said}"


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    files=st.lists(TABLES, min_size=1, max_size=3),
    election=st.sampled_from([None, "general", "primary"]),
    complete=st.booleans(),
)
def test_the_scan_answers_anything_with_a_report_or_one_plain_error(
    files: list[list[Table]], election: str | None, complete: bool
) -> None:
    by_name = {f"file{i}.xlsx": tables for i, tables in enumerate(files)}
    named = [(name, name.encode()) for name in by_name]  # distinct bytes: not duplicates
    options = ScanOptions(
        today=date(2022, 11, 30),
        canvass=date(2022, 11, 28),
        election=election,
        complete=complete,
    )

    def tables(name: str, _: bytes) -> list[Table]:
        return by_name[name]

    with (
        patch("handlers.results.formats.read_tables", tables),
        patch("handlers.results.precincts.read_tables", tables),
    ):
        try:  # in this process: the patched readers are this process's
            scan(named, options, reader=IN_PROCESS)
        except ResultsFileError as error:
            assert_plain(error)
        try:  # the recount kit reads the same files
            precinct_rows(named, "SHERIFF", IN_PROCESS)
        except ResultsFileError as error:
            assert_plain(error)


CSV_LINES = st.lists(
    st.lists(st.one_of(WORDS, st.text(max_size=5), st.integers(-3, 10**6).map(str)), max_size=8),
    max_size=8,
)


@settings(max_examples=300, deadline=None)
@given(
    header=st.sampled_from(
        [
            "contest,choice,votes",
            "county,precinct,office,district,party,candidate,votes",
            "CountyName,PrecinctName,RaceName,PartyCode,Votes,NameOnBallot",
            "",
        ]
    ),
    lines=CSV_LINES,
    noise=st.binary(max_size=40),
    name=st.sampled_from(["x.csv", "x.xlsx", "20161108__mt__general__precinct.csv"]),
)
def test_any_bytes_get_a_report_or_one_plain_error(
    header: str, lines: list[list[str]], noise: bytes, name: str
) -> None:
    body = "\n".join([header, *(",".join(line) for line in lines)]).encode()
    for data in (body, noise, body + noise, b"PK\x03\x04" + noise):
        try:
            scan([(name, data)], ScanOptions(today=date(2022, 11, 30), election="general"))
        except ResultsFileError as error:
            assert_plain(error)
        try:  # the recount kit reads the same files
            precinct_rows([(name, data)], "SHERIFF")
        except ResultsFileError as error:
            assert_plain(error)


# A results service's MapData JSON (format 6): records with any of its fields, each any JSON
# value (huge numbers, NaN, text for numbers, lists), the envelope sometimes wrong.
JSON_VALUES = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-5, 10**7),
        st.integers(10**300, 10**320),
        st.floats(allow_nan=True, allow_infinity=True),
        WORDS,
        st.text(max_size=6),
        st.sampled_from(["MapData:#MontanaWebServices", "MapData:#SDENRwebservice", "Countywide"]),
    ),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=6,
)
MAPDATA_FIELDS = st.sampled_from(
    [
        "__type",
        "RaceID",
        "RaceName",
        "VoteFor",
        "CountyID",
        "CountyName",
        "PrecinctName",
        "StatePrecinctID",
        "calcCandidate",
        "PartyCode",
        "calcCandidateVotes",
        "IsReported",
        "PrecinctsReporting",
        "PrecinctsPartial",
        "TotalPrecincts",
    ]
)
USUAL = {
    "__type": "MapData:#MontanaWebServices",
    "RaceID": 1,
    "RaceName": "SHERIFF",
    "VoteFor": 1,
    "CountyID": "07",
    "CountyName": "Cascade",
    "PrecinctName": "P1",
    "StatePrecinctID": "0001",
    "calcCandidate": "Ann",
    "PartyCode": "",
    "calcCandidateVotes": 10,
    "IsReported": True,
    "PrecinctsReporting": 1,
    "PrecinctsPartial": 0,
    "TotalPrecincts": 1,
}
RECORDS = st.lists(
    st.one_of(
        # a usual record with some fields changed or dropped
        st.builds(
            lambda changed, dropped: {
                k: v for k, v in {**USUAL, **changed}.items() if k not in dropped
            },
            st.dictionaries(MAPDATA_FIELDS, JSON_VALUES, max_size=4),
            st.sets(MAPDATA_FIELDS, max_size=2),
        ),
        JSON_VALUES,
    ),
    max_size=6,
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    records=RECORDS,
    envelope=st.sampled_from(["d", "D", None]),
    cut=st.one_of(st.none(), st.integers(1, 200)),
    election=st.sampled_from([None, "general", "primary"]),
)
def test_any_service_response_gets_a_report_or_one_plain_error(
    records: list[object], envelope: str | None, cut: int | None, election: str | None
) -> None:
    body = records if envelope is None else {envelope: records}
    data = json.dumps(body).encode()  # NaN and Infinity as Python writes them
    if cut is not None:
        data = data[:cut]  # a download cut off
    for name in ("results.json", "results-general.json"):
        try:
            scan([(name, data)], ScanOptions(today=date(2026, 11, 30), election=election))
        except ResultsFileError as error:
            assert_plain(error)
        try:  # the recount kit reads the same files
            precinct_rows([(name, data)], "SHERIFF")
        except ResultsFileError as error:
            assert_plain(error)

"""Format 3: the statewide precinct-by-precinct file of the 2022 primary."""

from __future__ import annotations

from handlers.results.precinct_file import PRECINCT_FILE, detect, read
from handlers.results.tables import read_tables

from .fixtures import PRECINCTS_CSV, PRIMARY_PRECINCTS, need


def test_the_2022_primary_file() -> None:
    tables = read_tables(PRIMARY_PRECINCTS.name, need(PRIMARY_PRECINCTS).read_bytes())
    assert detect(tables) == PRECINCT_FILE
    found = read(PRIMARY_PRECINCTS.name, tables)
    assert (found.election, found.whole, found.counties_named) == ("primary", True, True)
    house = [
        t
        for t in found.tallies
        if t.title == "UNITED STATES REPRESENTATIVE - 1ST DISTRICT" and t.county == "Beaverhead"
    ]
    assert {t.party for t in house} >= {"DEM", "REP"}
    assert all(t.precinct is None for t in house)  # summed over the county's precincts
    committee = [t for t in found.tallies if "PRECINCT COMMITTEE" in t.title]
    assert committee and all(t.precinct for t in committee)  # precinct offices stay apart


def test_the_file_saved_as_csv_with_blank_and_short_lines() -> None:
    tables = read_tables("precincts.csv", PRECINCTS_CSV)
    assert detect(tables) == PRECINCT_FILE
    found = read("precincts.csv", tables)
    assert sorted((t.choice, t.votes) for t in found.tallies) == [("Ann", 13), ("Bob", 8)]
    # the line cut short: no votes, so a problem, not a crash
    assert found.problems == {"sheriff": ["Cascade P2, a choice not named: no votes given"]}

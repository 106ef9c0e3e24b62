"""Format 5: a table a clerk types, header names matched with their synonyms."""

from __future__ import annotations

from handlers.results.plain_table import PLAIN_TABLE, detect, read
from handlers.results.tables import read_tables


def test_synonyms_and_optional_columns() -> None:
    data = (
        b"Race,Candidate,Votes,Kind,Seats,County\n"
        b"Council,A,900,municipal,3,Lake\nCouncil,B,850,,,Lake\n"
    )
    tables = read_tables("t.csv", data)
    assert detect(tables) == PLAIN_TABLE
    found = read("t.csv", tables)
    first = found.tallies[0]
    assert (first.title, first.choice, first.votes, first.kind, first.seats, first.county) == (
        "Council",
        "A",
        900,
        "municipal",
        3,
        "Lake",
    )


def test_bad_votes_and_seats_are_named_by_row() -> None:
    found = read(
        "t.csv",
        read_tables("t.csv", b"contest,choice,votes,seats\nLevy,Yes,lots,\nLevy,No,4,two\n"),
    )
    assert found.problems["levy"] == [
        'row 2: "lots" is not a whole number of votes',
        'row 3: seats "two" is not a whole number',
    ]

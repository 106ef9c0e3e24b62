"""A contest precinct by precinct, from the statewide precinct-by-precinct file too."""

from __future__ import annotations

from handlers.results.precincts import precinct_rows

from .fixtures import PRECINCTS_CSV, PRIMARY_PRECINCTS, named, need


def test_a_precinct_files_contest_by_county_and_precinct() -> None:
    rows = precinct_rows([named(need(PRIMARY_PRECINCTS))], "PUBLIC SERVICE COMMISSIONER DIS")
    assert rows.rows and all(" — " in place for place, _ in rows.rows)  # "County — Precinct"
    assert len(rows.choices) >= 2
    assert sum(rows.totals) == sum(sum(votes) for _, votes in rows.rows)


def test_in_a_primary_each_partys_candidates_keep_their_party() -> None:
    rows = precinct_rows(
        [named(need(PRIMARY_PRECINCTS))], "UNITED STATES REPRESENTATIVE - 2ND DISTRICT"
    )
    parties = {choice.rsplit("(", 1)[-1].rstrip(")") for choice in rows.choices}
    assert len(parties) >= 2  # REP, DEM, ...: never one merged list of names


def test_the_file_saved_as_csv_with_blank_and_short_lines() -> None:
    rows = precinct_rows([("precincts.csv", PRECINCTS_CSV)], "sheriff")
    assert rows.choices == ["Ann", "Bob"]
    # the line cut short has no votes: not counted (the scan reports it)
    assert rows.rows == [("Cascade — P1", [10, 8]), ("Cascade — P2", [3, 0])]

"""A contest precinct by precinct, from the statewide precinct-by-precinct file too."""

from __future__ import annotations

import json

import pytest

from handlers.results.precincts import precinct_rows
from handlers.results.tables import ResultsFileError

from ...conftest import SHARED
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


def test_a_results_service_precinct_response() -> None:
    """TotalVote's MapData, one record per precinct x candidate (category=PREC)."""
    sd = need(SHARED / "fixtures" / "totalvote" / "sd-2024-general-us-house-precinct.json")
    records = json.loads(sd.read_bytes())["d"]
    rows = precinct_rows([(sd.name, sd.read_bytes())], "united states representative")
    # independently: one row per county and precinct, each candidate with its party
    places = {(r["CountyName"], r["PrecinctName"]) for r in records}
    assert len(rows.rows) == len(places)
    names = {f"{' '.join(r['calcCandidate'].split())} ({r['PartyCode']})" for r in records}
    assert set(rows.choices) == names
    by_choice = dict(zip(rows.choices, rows.totals, strict=True))
    for name in names:
        assert by_choice[name] == sum(
            r["calcCandidateVotes"]
            for r in records
            if f"{' '.join(r['calcCandidate'].split())} ({r['PartyCode']})" == name
        )


def test_a_county_response_or_other_json_is_refused_for_the_kit() -> None:
    county = {
        "RaceID": 1,
        "RaceName": "SHERIFF",
        "CountyName": "Cascade",
        "PrecinctName": "",
        "StatePrecinctID": "",
        "calcCandidate": "Ann",
        "calcCandidateVotes": 5,
    }
    for data in (json.dumps({"d": [county]}).encode(), b'{"d": [{"__type": "TurnoutData:#X"}]}'):
        with pytest.raises(ResultsFileError) as refused:
            precinct_rows([("x.json", data)], "sheriff")
        assert str(refused.value).startswith("x.json: ") and "category=PREC" in str(refused.value)

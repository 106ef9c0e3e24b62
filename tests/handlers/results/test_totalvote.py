"""Format 6: the TotalVote results service's MapData JSON, read through the scan.

Every expected figure is worked out here from the records with plain json and dicts, never
through the reader: totals, seats, the cut between the last winner and the first loser.
"""

from __future__ import annotations

import json
from collections import Counter
from datetime import date
from typing import Any

import pytest

from handlers.results import ResultsFileError, ScanOptions, scan, scan_csv, scan_json, scan_text
from handlers.results.formats import EXPECTED
from handlers.results.scan import Scan
from handlers.results.tables import ElectionNotSaid, NotResults, Unreadable
from handlers.results.totalvote import (
    MONTANA_SERVICE,
    TOTALVOTE_COUNTY,
    TOTALVOTE_PRECINCT,
    looks_like_json,
    read,
)

from ...conftest import SHARED
from .fixtures import need

TOTALVOTE = SHARED / "fixtures" / "totalvote"
SD_HOUSE = TOTALVOTE / "sd-2024-general-us-house-precinct.json"
SD_TURNOUT = TOTALVOTE / "sd-2024-general-turnout.json"
TODAY = date(2026, 11, 20)
OPTIONS = ScanOptions(today=TODAY, canvass=date(2026, 11, 16), state_canvass=date(2026, 11, 18))


def record(
    race: str,
    name: str,
    candidate: str,
    votes: object,
    *,
    county: str = "Cascade",
    county_id: str = "07",
    precinct: str = "P1",
    party: str = "",
    vote_for: object = 1,
    reporting: int = 2,
    partly: int = 0,
    total: int = 2,
    reported: bool = True,
    service: str = MONTANA_SERVICE,
) -> dict[str, Any]:
    """One MapData record as the service writes it (fields in its order and spelling)."""
    return {
        "__type": f"MapData:#{service}",
        "CountyID": county_id,
        "CountyName": county,
        "IsReported": reported,
        "PartyCode": party,
        "PrecinctName": precinct,
        "PrecinctsPartial": partly,
        "PrecinctsReporting": reporting,
        "RaceID": race,
        "RaceName": name,
        "StatePrecinctID": precinct.removeprefix("P").zfill(4) if precinct else "",
        "TotalPrecincts": total,
        "VoteFor": vote_for,
        "calcCandidate": f" {candidate}  ",  # the service's stray spaces
        "calcCandidateVotes": votes,
    }


def race(
    race_id: str,
    name: str,
    votes: dict[str, list[int]],
    parties: dict[str, str] | None = None,
    **fields: Any,
) -> list[dict[str, Any]]:
    """A race's records: each candidate's votes in precincts P1, P2, ... of Cascade."""
    total = max(len(v) for v in votes.values())
    return [
        record(
            race_id,
            name,
            who,
            n,
            precinct=f"P{i}",
            party=(parties or {}).get(who, ""),
            **{"reporting": total, "total": total, **fields},
        )
        for who, counts in votes.items()
        for i, n in enumerate(counts, start=1)
    ]


def response(*records: dict[str, Any]) -> bytes:
    return json.dumps({"d": list(records)}).encode()


def scanned(data: bytes, name: str = "results-general.json", **options: Any) -> Scan:
    return scan([(name, data)], ScanOptions(**{**OPTIONS.__dict__, **options}))


def test_json_is_told_by_its_content() -> None:
    assert looks_like_json(b'\xef\xbb\xbf \n{"d": []}')
    assert not looks_like_json(b"contest,choice,votes\n")
    data = response(*race("1", "SHERIFF", {"A": [10, 5], "B": [3, 2]}))
    # a .csv name does not make it a table, nor a .json name a CSV a response
    assert scanned(data, "results-general.csv").files[0].format == TOTALVOTE_PRECINCT
    typed = scanned(b"contest,choice,votes\nSHERIFF,A,3\nSHERIFF,B,1\n", "x.json")
    assert typed.files[0].format == "plain-table"


def sd_records() -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = json.loads(need(SD_HOUSE).read_bytes())["d"]
    return records


def test_the_stored_south_dakota_response() -> None:
    records = sd_records()
    result = scanned(SD_HOUSE.read_bytes(), SD_HOUSE.name)
    # independently: each candidate's votes summed over the records
    expected: Counter[str] = Counter()
    for r in records:
        expected[" ".join(r["calcCandidate"].split())] += r["calcCandidateVotes"]
    assert len(result.contests) == len({r["RaceID"] for r in records}) == 1
    contest = result.contests[0].contest
    assert {c.name: c.votes for c in contest.choices} == dict(expected)
    assert contest.total_votes == sum(r["calcCandidateVotes"] for r in records)
    assert {c.name: c.party for c in contest.choices} == {
        " ".join(r["calcCandidate"].split()): r["PartyCode"] for r in records
    }
    assert contest.title == records[0]["RaceName"] and contest.key == str(records[0]["RaceID"])
    # an excerpt: 282 precincts of the race's 691 (its README), so a share, no verdict
    places = {(r["CountyID"], r["PrecinctName"]) for r in records}
    assert len(places) < records[0]["TotalPrecincts"]
    assert result.contests[0].verdict is None
    assert contest.coverage == "partial" and contest.partial is not None
    assert (
        f"cover {len(places)} of the race's {records[0]['TotalPrecincts']:,} precincts"
        in contest.partial
    )
    # another state's results, said; unofficial, always
    file = result.files[0]
    assert file.unofficial and file.format == TOTALVOTE_PRECINCT
    assert any("South Dakota" in n and "MapData:#SDENRwebservice" in n for n in file.notes)
    assert result.election == "general"  # the file's name says so, and the report says where
    assert "the file is named" in result.election_from


def test_the_stored_response_on_every_surface() -> None:
    result = scanned(need(SD_HOUSE).read_bytes(), SD_HOUSE.name)
    text = scan_text(result)
    assert "South Dakota's service" in text and "unofficial" in text
    assert "United States Representative: Sheryl Johnson 36,903; Dusty Johnson 108,855" in text
    j = scan_json(result)
    assert j["files"][0]["notes"] and j["files"][0]["banner"]["unofficial"] is True
    assert j["contests"][0]["coverage"] == "partial" and j["contests"][0]["verdict"] is None
    assert j["contests"][0]["total_votes"] == 36_903 + 108_855
    row = scan_csv(result).splitlines()[1]
    assert ",partial," in row


def test_a_turnout_response_is_refused_in_one_line() -> None:
    data = need(SD_TURNOUT).read_bytes()
    with pytest.raises(NotResults) as refused:
        scanned(data, SD_TURNOUT.name)
    said = str(refused.value)
    assert said.startswith(f"{SD_TURNOUT.name}: ") and "\n" not in said
    assert "TurnoutData" in said and EXPECTED in said


@pytest.mark.parametrize(
    "data",
    [
        b'{"d": [1, 2',  # cut off mid-download
        b'{"d": [' + b"9" * 5000 + b"]}",  # more digits than Python reads
        b"{" * 100_000,  # nested past the recursion limit
        b'{"d": "x"}',
        b"{}",
        b'{"d": []}',
        b'{"d": [{"RaceID": 1}]}',
        b'{"d": [{"RaceID": 1, "RaceName": "X", "calcCandidate": "A"}]}',
        b'{"d": [{"RaceID": [], "RaceName": "X", "calcCandidate": "A", "calcCandidateVotes": 1}]}',
        b'{"d": [{"RaceID": 1, "RaceName": 2, "calcCandidate": "A", "calcCandidateVotes": 1}]}',
        b'{"d": [{"RaceID": 1, "RaceName": "X", "calcCandidate": "", "calcCandidateVotes": 1}]}',
        b'{"d": [[]]}',
        b'{"d": [null]}',
        b'{"x": 1}',
        b'{"d": [{"__type": "TurnoutData:#MontanaWebServices"}]}',
        b'{"d": [{"__type": "Turnout\\nData:#Montana\\r\\nWebServices"}]}',  # the file's words
        b'{"d": [{"__type": "\\n:#\\n"}]}',
    ],
)
def test_hostile_json_gets_one_plain_error(data: bytes) -> None:
    with pytest.raises(ResultsFileError) as refused:
        scanned(data, "x-general.json")
    said = str(refused.value)
    assert said.startswith("x-general.json") and "\n" not in said
    assert "Traceback" not in said and "Error" not in said  # no exception's class name


def test_a_service_named_over_two_lines_is_named_on_one() -> None:
    """The __type is the file's own words, said in the file's note: never a line break."""
    data = response(*race("1", "SHERIFF", {"A": [5, 5], "B": [4, 4]}, service="Some\nWhere"))
    (file,) = scan_json(scanned(data))["files"]
    (note,) = [n for n in file["notes"] if "__type" in n]
    assert '"MapData:#Some Where"' in note and "\n" not in note


def test_a_cut_off_response_is_unreadable_for_now() -> None:
    """A download still being written: a watch tries it again (tables.Unreadable)."""
    with pytest.raises(Unreadable):
        read("x.json", response(*race("1", "SHERIFF", {"A": [1]}))[:-5])


@pytest.mark.parametrize("bad", [-3, 1.5, "12a", True, None, [], float("inf"), float("nan"), {}])
def test_a_vote_that_is_not_whole_goes_to_a_person(bad: object) -> None:
    records = race("1", "SHERIFF", {"A": [10, 5], "B": [3, 2]})
    records[0]["calcCandidateVotes"] = bad
    data = json.dumps({"d": records}).encode()  # NaN and Infinity: JSON as Python writes it
    result = scanned(data)
    (c,) = result.contests
    assert c.verdict is None and c.contest.attention
    assert "not a whole number of votes" in c.contest.attention[0]


def test_huge_but_whole_counts_are_read_exactly() -> None:
    huge = 10**30
    result = scanned(response(*race("1", "SHERIFF", {"A": [huge, 1], "B": [huge, 0]})))
    assert {c.name: c.votes for c in result.contests[0].contest.choices} == {
        "A": huge + 1,
        "B": huge,
    }


def whole_race(vote_for: int, votes: dict[str, int], name: str = "CITY COUNCIL WARD 1") -> Scan:
    """A race reported in full (one precinct), with VoteFor seats."""
    return scanned(
        response(*race("77", name, {k: [v] for k, v in votes.items()}, vote_for=vote_for))
    )


@pytest.mark.parametrize("seats", [1, 2, 3])
def test_seats_come_from_vote_for(seats: int) -> None:
    votes = {"A": 400, "B": 390, "C": 380, "D": 379, "E": 100}
    result = whole_race(seats, votes)
    (c,) = result.contests
    assert (c.contest.seats, c.contest.seats_from) == (seats, "file")
    assert c.verdict is not None and c.verdict.margin is not None
    ranked = sorted(votes.items(), key=lambda kv: -kv[1])
    last_winner, first_loser = ranked[seats - 1], ranked[seats]
    assert (c.verdict.margin.ahead.name, c.verdict.margin.behind.name) == (
        last_winner[0],
        first_loser[0],
    )
    assert c.verdict.margin.margin == last_winner[1] - first_loser[1]
    assert c.verdict.margin.total_votes == sum(votes.values())  # every vote, all seats


def test_a_vote_for_that_is_no_seat_count_goes_to_a_person() -> None:
    for bad in (0, "two", None, True):
        result = scanned(response(*race("1", "SHERIFF", {"A": [5], "B": [3]}, vote_for=bad)))
        (c,) = result.contests
        assert c.verdict is None and any("VoteFor" in a for a in c.contest.attention)


def test_a_question_comes_as_two_candidates() -> None:
    sides = {"FOR": [700, 4], "AGAINST": [701, 1]}
    result = scanned(response(*race("5", "CASCADE COUNTY PARK DISTRICT LEVY", sides)))
    (c,) = result.contests
    assert c.contest.question and c.contest.kind is not None
    assert c.verdict is not None and c.verdict.margin is not None
    assert c.verdict.margin.margin == sum(sides["FOR"]) - sum(sides["AGAINST"])
    assert c.verdict.margin.ahead.name.lower().startswith("for")


@pytest.mark.parametrize(
    "fields",
    [
        {"reported": False},  # a record not reported
        {"reporting": 1},  # fewer precincts report fully than the total
        {"partly": 1},  # one reports partially
    ],
)
def test_a_partial_reading_decides_nothing(fields: dict[str, Any]) -> None:
    records = race("9", "SHERIFF", {"A": [100, 100], "B": [100, 99]})
    records[-1].update(
        {
            "IsReported": fields.get("reported", True),
            "PrecinctsReporting": fields.get("reporting", 2),
            "PrecinctsPartial": fields.get("partly", 0),
        }
    )
    if "reported" not in fields:  # the race-wide counts are repeated on every record
        for r in records:
            r["PrecinctsReporting"], r["PrecinctsPartial"] = (
                records[-1]["PrecinctsReporting"],
                (records[-1]["PrecinctsPartial"]),
            )
    result = scanned(response(*records))
    (c,) = result.contests
    assert c.verdict is None and c.contest.coverage == "partial"
    assert c.contest.total_votes == 399  # the votes are shown as they stand
    assert "Partial readings" in scan_text(result)
    # the same race whole: a verdict (the 1-vote margin qualifies)
    whole = scanned(response(*race("9", "SHERIFF", {"A": [100, 100], "B": [100, 99]})))
    assert whole.contests[0].verdict is not None


def test_a_primary_keeps_each_party_apart() -> None:
    records = race(
        "450000000002597",
        "UNITED STATES SENATOR",
        {"ALME": [60, 40], "CALHOUN": [20, 3], "BANKHEAD": [30, 18], "NEILL": [25, 12]},
        {"ALME": "REP", "CALHOUN": "REP", "BANKHEAD": "DEM", "NEILL": "DEM"},
    )
    data = response(*records)
    with pytest.raises(ElectionNotSaid):  # the records never say which election
        scanned(data, "senate.json")
    result = scanned(data, "senate.json", election="primary")
    by_party = {c.contest.party: c.contest for c in result.contests}
    assert set(by_party) == {"REP", "DEM"}
    for party, contest in by_party.items():
        expected = Counter[str]()
        for r in records:
            if r["PartyCode"] == party:
                expected[r["calcCandidate"].strip()] += r["calcCandidateVotes"]
        assert {c.name: c.votes for c in contest.choices} == dict(expected)
    general = scanned(data, "senate.json", election="general")
    assert len(general.contests) == 1
    assert {c.party for c in general.contests[0].contest.choices} == {"REP", "DEM"}


def test_counties_given_one_file_each_are_whole_together() -> None:
    """Montana's service is asked one county at a time: two counties' records of one race."""

    def county(name: str, county_id: str, a: int, b: int) -> bytes:
        return response(
            *(
                record("3", "UNITED STATES SENATOR", who, n, county=name, county_id=county_id,
                       precinct="P1", party=p, reporting=2, total=2)
                for who, n, p in (("A", a, "REP"), ("B", b, "DEM"))
            )
        )  # fmt: skip

    one = ("cascade-general.json", county("Cascade", "07", 500, 480))
    two = ("lake-general.json", county("Lake", "24", 300, 322))
    alone = scan([one], OPTIONS)
    assert alone.contests[0].verdict is None and alone.contests[0].contest.partial
    both = scan([one, two], OPTIONS)
    (c,) = both.contests
    assert c.verdict is not None and c.contest.coverage == "whole"
    assert {x.name: x.votes for x in c.contest.choices} == {"A": 800, "B": 802}
    # the same county's records twice, in other bytes (downloaded twice): refused
    again = ("cascade-again-general.json", county("Cascade", "07", 501, 480))
    with pytest.raises(ResultsFileError, match="give each reading once"):
        scan([one, again], OPTIONS)


def test_county_records_are_whole_only_for_all_of_montana() -> None:
    def counties(n: int, service: str = MONTANA_SERVICE) -> bytes:
        return response(
            *(
                record("4", "UNITED STATES SENATOR", who, votes, county=f"C{i}",
                       county_id=str(i), precinct="", party=p, service=service)
                for i in range(n)
                for who, votes, p in (("A", 10, "REP"), ("B", 10, "DEM"))
            )
        )  # fmt: skip

    some = scanned(counties(3))
    assert some.files[0].format == TOTALVOTE_COUNTY
    assert some.contests[0].verdict is None and some.contests[0].contest.coverage == "county share"
    assert scanned(counties(56)).contests[0].verdict is not None  # a tie, recounted
    # another state's 56 counties are not Montana's: not proved whole
    assert scanned(counties(56, "SDENRwebservice")).contests[0].verdict is None


def test_an_unknown_service_is_named() -> None:
    result = scanned(response(*race("1", "SHERIFF", {"A": [5], "B": [3]}, service="NDwebsvc")))
    (note,) = result.files[0].notes
    assert '"NDwebsvc"' in note and "Montana" in note
    montana = scanned(response(*race("1", "SHERIFF", {"A": [5], "B": [3]})))
    assert montana.files[0].notes == []


def test_the_column_reading_and_the_record_reading_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    """The usual response is read column by column (speed); an odd one record by record:
    both give the same for the same records."""
    data = need(SD_HOUSE).read_bytes()
    fast = read(SD_HOUSE.name, data)
    monkeypatch.setattr("handlers.results.totalvote.usual_columns", lambda records: None)
    slow = read(SD_HOUSE.name, data)
    assert sorted(fast.tallies) == sorted(slow.tallies) and fast.tallies
    assert (fast.records, fast.partial, fast.reporting, fast.notes, fast.format) == (
        slow.records,
        slow.partial,
        slow.reporting,
        slow.notes,
        slow.format,
    )


@pytest.mark.parametrize("field", ["RaceName", "calcCandidate", "CountyName", "__type"])
def test_a_list_where_text_belongs_is_read_one_by_one(field: str) -> None:
    """Found by the fuzz (tests/cross): unhashable values never reach a set unguarded."""
    records = race("1", "SHERIFF", {"A": [5], "B": [3]})
    records[0][field] = []
    try:
        result = scanned(response(*records))
    except ResultsFileError as refused:
        assert "\n" not in str(refused)
    else:
        assert result.contests

"""A results page of the Secretary of State's site as a watch's source: its races read from
the stored page, each race's county-level data from a fake of the results service (the
Fetcher port in memory: the real page, service responses made here in the service's record
shape), every read a conditional request, and a changed response reported as changes."""

from __future__ import annotations

import hashlib
import json
from datetime import date
from urllib.parse import parse_qsl, urlsplit

from domain.changes import ChangeKind
from handlers.results import ScanOptions
from handlers.watch.ports import Fetched, FetchFailed
from handlers.watch.records import Place, WatchSpec
from handlers.watch.rounds import run_round

from ...conftest import SHARED
from ..results.fixtures import need
from .test_ports import MemoryStore

PAGE = "https://electionresults.mt.gov/ResultsSW.aspx?type=FED&map=CTY"
STORED_PAGE = SHARED / "fixtures" / "totalvote" / "mt-results-page-2024-general.html"
TODAY = date(2024, 12, 4)  # two days after the state canvass given
OPTIONS = ScanOptions(today=TODAY, state_canvass=date(2024, 12, 2), complete=True).as_json()
SPEC = WatchSpec(Place.cli(), (PAGE,), OPTIONS, 300)
# Each race of the stored page: two candidates, two counties (votes made up for the test).
TITLES = {
    "450000000001601": "PRESIDENT & VICE PRESIDENT",
    "450000000001602": "UNITED STATES SENATOR",
    "450000000001603": "UNITED STATES REPRESENTATIVE 1ST CONGRESSIONAL",
    "450000000001604": "UNITED STATES REPRESENTATIVE 2ND CONGRESSIONAL",
}
HOUSE_1 = TITLES["450000000001603"]
VOTES = {
    "450000000001601": [("Yellowstone", 50_000, 30_000), ("Cascade", 20_000, 15_000)],
    "450000000001602": [("Yellowstone", 45_000, 35_000), ("Cascade", 18_000, 17_000)],
    "450000000001603": [("Flathead", 40_000, 20_000), ("Missoula", 15_000, 35_000)],
    "450000000001604": [("Yellowstone", 60_000, 20_000), ("Cascade", 20_000, 10_000)],
}


def response(race_id: str, osn: str, counties: list[tuple[str, int, int]]) -> bytes:
    records = [
        {
            "__type": "MapData:#MontanaWebServices",
            "RaceID": int(race_id),
            "RaceName": TITLES[race_id],
            "VoteFor": 1,
            "OfficeSeqNo": osn,
            "CountyID": f"{n:02d}",
            "CountyName": county,
            "PrecinctName": "",
            "StatePrecinctID": "",
            "calcCandidate": name,
            "PartyCode": party,
            "calcCandidateVotes": votes,
            "IsReported": True,
            "PrecinctsReporting": 100,
            "PrecinctsPartial": 0,
            "TotalPrecincts": 100,
        }
        for n, (county, a, b) in enumerate(counties, start=1)
        for name, party, votes in (("ANN ALPHA", "REP", a), ("BOB BETA", "DEM", b))
    ]
    return json.dumps({"d": records}).encode()


class FakeSite:
    """The site and its service behind the Fetcher port: the stored page at PAGE, and for
    GetMapData the race's records; an ETag per body, 304 when it is asked for again."""

    def __init__(self) -> None:
        self.page = need(STORED_PAGE).read_bytes()
        self.votes = {race: list(counties) for race, counties in VOTES.items()}
        self.asked: list[tuple[str, str | None]] = []
        self.down = False

    def check(self, url: str) -> None:
        return None

    def body(self, url: str) -> bytes:
        if url == PAGE:
            return self.page
        parts = urlsplit(url)
        assert parts.hostname == "esersws.mt.gov" and parts.path == "/ResultsAjax.svc/GetMapData"
        query = dict(parse_qsl(parts.query, keep_blank_values=True))
        assert (query["type"], query["category"], query["party"]) == ("FED", "CTY", "0")
        return response(query["raceID"], query["osn"], self.votes[query["raceID"]])

    def fetch(
        self, url: str, *, etag: str | None = None, last_modified: str | None = None
    ) -> Fetched:
        self.asked.append((url, etag))
        if self.down and url != PAGE:
            raise FetchFailed(f"{url}: the server answered 503 Service Unavailable")
        body = self.body(url)
        tag = f'"{hashlib.sha256(body).hexdigest()[:12]}"'
        if etag == tag:
            return Fetched(304, b"", etag, None)
        return Fetched(200, body, tag, None)


def test_a_results_page_is_read_race_by_race_and_a_changed_race_is_a_change() -> None:
    store, site = MemoryStore(), FakeSite()
    first = run_round(store, 1, SPEC, TODAY, fetcher=site)
    assert first.errors == [] and first.scanned is not None
    # the page, then each of its four races' county data, nothing remembered yet
    assert site.asked[0][0] == PAGE
    asked = [dict(parse_qsl(urlsplit(url).query)) for url, _ in site.asked[1:]]
    assert [(q["raceID"], q["osn"]) for q in asked] == [
        ("450000000001601", "500"),
        ("450000000001602", "1000"),
        ("450000000001603", "2001"),
        ("450000000001604", "2002"),
    ]
    assert all(etag is None for _, etag in site.asked)
    # every race read, with totals as the records add them
    totals = {
        c.contest.title: {x.name: x.votes for x in c.contest.choices}
        for c in first.scanned.contests
    }
    assert totals == {
        TITLES["450000000001601"]: {"ANN ALPHA": 70_000, "BOB BETA": 45_000},
        TITLES["450000000001602"]: {"ANN ALPHA": 63_000, "BOB BETA": 52_000},
        HOUSE_1: {"ANN ALPHA": 55_000, "BOB BETA": 55_000},
        TITLES["450000000001604"]: {"ANN ALPHA": 80_000, "BOB BETA": 30_000},
    }
    # the page's heading says the election; each race is read under its page title
    assert first.scanned.election == "general"
    names = sorted(f.name for f in first.scanned.files)
    assert names[0] == "General Election - November 5, 2024 — PRESIDENT & VICE PRESIDENT.json"
    # nothing changed: five conditional requests, each answered 304, no scan
    site.asked.clear()
    again = run_round(store, 1, SPEC, TODAY, fetcher=site)
    assert again.scanned is None and again.errors == []
    assert len(site.asked) == 5 and all(etag for _, etag in site.asked)
    # Missoula's late count: the first district was tied, now BOB BETA leads by 4
    site.votes["450000000001603"][1] = ("Missoula", 15_000, 35_004)
    moved = run_round(store, 1, SPEC, TODAY, fetcher=site)
    assert moved.scanned is not None
    assert [(c.title, c.kind) for c in moved.changes] == [(HOUSE_1, ChangeKind.LEADER)]


def test_a_race_the_service_will_not_answer_fails_the_page_and_reads_nothing() -> None:
    store, site = MemoryStore(), FakeSite()
    site.down = True
    result = run_round(store, 1, SPEC, TODAY, fetcher=site)
    assert result.scanned is None and store.readings == []
    (why,) = result.failing
    assert why.startswith("https://esersws.mt.gov/ResultsAjax.svc/GetMapData?")
    assert why.endswith("the server answered 503 Service Unavailable")


def test_a_page_with_no_race_says_so() -> None:
    store, site = MemoryStore(), FakeSite()
    # looks like a page (markup with the button's name), holds no race
    site.page = b"<html><body>No races today<script>BuildCounty(</script></body></html>"
    (why,) = run_round(store, 1, SPEC, TODAY, fetcher=site).failing
    assert why.startswith(f"{PAGE}: the page shows no race")

"""The results pages of the Secretary of State's site: their races, and the service URLs."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from handlers.results import ScanOptions, scan
from handlers.results.tables import NotResults, ResultsFileError
from handlers.results.totalvote_page import (
    SOS_HOSTS,
    NoRaceOnPage,
    PageRace,
    is_results_page,
    looks_like_page,
    races_on_page,
    service_url,
)

from ...conftest import SHARED
from .fixtures import need

PAGES = SHARED / "fixtures" / "totalvote"
GENERAL_2024 = PAGES / "mt-results-page-2024-general.html"
PRIMARY_2026 = PAGES / "mt-results-page-2026-primary-federal.html"
PAGE = "https://electionresults.mt.gov/ResultsSW.aspx?type=FED&map=CTY"


def page(path: Path) -> str:
    return need(path).read_text(encoding="utf-8")


def test_the_2024_general_page() -> None:
    html = page(GENERAL_2024)
    races = races_on_page(html)
    # independently: each BuildCounty call on the page, in order
    calls = re.findall(r"BuildCounty\('(\w+)', '(\d+)', '(\d+)', '(\w*)'\)", html)
    assert [(r.type, r.race_id, r.office_seq, r.party) for r in races] == calls
    assert len(races) == 4
    assert [r.title for r in races] == [
        "PRESIDENT & VICE PRESIDENT",  # &amp; unescaped
        "UNITED STATES SENATOR",
        "UNITED STATES REPRESENTATIVE 1ST CONGRESSIONAL",
        "UNITED STATES REPRESENTATIVE 2ND CONGRESSIONAL",
    ]
    assert races[1] == PageRace(
        "FED", "450000000001602", "1000", "", "UNITED STATES SENATOR", 727, 727, 0,
        "12/19/2024 1:25:20 PM MT",
    )  # fmt: skip
    assert [(r.precincts_fully, r.precincts_total) for r in races] == [
        (727, 727),
        (727, 727),
        (345, 345),
        (383, 383),
    ]
    assert all(r.all_reported for r in races)


def test_the_2026_primary_page_has_each_race_once_per_party() -> None:
    races = races_on_page(page(PRIMARY_2026))
    assert len(races) == 9
    assert [r.party for r in races] == ["REP", "DEM", "LIB"] * 3
    assert [r.race_id for r in races[::3]] == [
        "450000000002597",
        "450000000002598",
        "450000000002599",
    ]
    assert [r.office_seq for r in races[::3]] == ["1000", "2001", "2002"]
    assert races[0].title == "UNITED STATES SENATOR"
    assert races[0].updated is None  # this capture has no "Results last updated" line
    assert (races[3].precincts_fully, races[3].precincts_total) == (346, 346)


def test_a_page_with_no_race_is_a_plain_error() -> None:
    for html in ("", "<html><body><h1>Maintenance</h1></body></html>", "BuildCounty('x"):
        with pytest.raises(NoRaceOnPage) as refused:
            races_on_page(html)
        assert "no race" in str(refused.value) and "\n" not in str(refused.value)
    assert issubclass(NoRaceOnPage, ResultsFileError)


def test_a_partial_race_on_the_page() -> None:
    html = (
        '<div class="display-results-box-a"><h1>SHERIFF</h1></div>'
        "Precincts Fully: 1,201 / 1,345 Partially: 12 / 1,345"
        "<input onclick=\"BuildCounty('CTY', '4500', '3', '');\">"
    )
    (race,) = races_on_page(html)
    assert (race.precincts_fully, race.precincts_total, race.precincts_partial) == (1201, 1345, 12)
    assert not race.all_reported


def test_the_service_url_of_a_race() -> None:
    races = races_on_page(page(GENERAL_2024))
    url = service_url(PAGE, races[2])
    parts = urlsplit(url)
    assert (parts.scheme, parts.hostname, parts.path) == (
        "https",
        "esersws.mt.gov",
        "/ResultsAjax.svc/GetMapData",
    )
    assert parse_qs(parts.query, keep_blank_values=True) == {
        "type": ["FED"],
        "category": ["CTY"],
        "raceID": ["450000000001603"],
        "osn": ["2001"],
        "county": [""],
        "party": ["0"],
    }
    primary = races_on_page(page(PRIMARY_2026))[1]
    query = parse_qs(urlsplit(service_url(PAGE, primary, "PREC", "07")).query)
    assert (query["party"], query["category"], query["county"]) == (["DEM"], ["PREC"], ["07"])
    archived = service_url(PAGE + "&ElectionID=684", races[0])
    assert "/GetMapDataArchive?" in archived and "ElectionID=684" in archived


def test_which_addresses_are_results_pages() -> None:
    assert SOS_HOSTS == ("electionresults.mt.gov", "esersws.mt.gov")
    assert is_results_page(PAGE)
    assert is_results_page("https://ELECTIONRESULTS.mt.gov/resultssw.aspx")
    assert is_results_page("https://esersws.mt.gov/ResultsSW.aspx?type=ST")
    for other in (
        "https://electionresults.mt.gov.evil.example/ResultsSW.aspx",
        "https://electionresults.mt.gov/ResultsAjax.svc/GetMapData?type=FED",
        "ftp://electionresults.mt.gov/ResultsSW.aspx",
        "https://sos.mt.gov/ResultsSW.aspx",
        "https://[::1/ResultsSW.aspx",
        "not a url",
    ):
        assert not is_results_page(other), other
    with pytest.raises(ResultsFileError):
        service_url("https://example.com/ResultsSW.aspx", races_on_page(page(GENERAL_2024))[0])


def test_a_page_given_to_the_scan_says_what_it_is() -> None:
    data = need(GENERAL_2024).read_bytes()
    assert looks_like_page(data) and not looks_like_page(b"contest,choice,votes\n")
    with pytest.raises(NotResults) as refused:
        scan([(GENERAL_2024.name, data)], ScanOptions(today=date(2026, 11, 20)))
    said = str(refused.value)
    assert said.startswith(f"{GENERAL_2024.name}: a results page") and "GetMapData" in said

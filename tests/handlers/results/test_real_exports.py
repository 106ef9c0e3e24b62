"""The scan on real exports changed as a clerk's files change (scan.md): each case built
from a file of ../shared/fixtures/results in a temporary folder, never by editing it."""

from __future__ import annotations

import io
import json
import re
import zipfile
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from domain import KINDS, Outcome
from handlers.results import ResultsFileError, ScanOptions, scan, scan_csv, scan_json, scan_text
from handlers.results.contests import inferred_counties
from handlers.results.formats import read_file
from handlers.results.scan import Scan, ScannedContest
from handlers.results.tables import read_tables, text
from handlers.slack.scan.summary import listed_contests, scan_summary

from ...workbooks import add_votes, layout_2024, only_sheets, with_banner
from .fixtures import (
    LEGISLATIVE,
    OPENELECTIONS_2014,
    PRIMARY_2016,
    PRIMARY_PRECINCTS,
    county_workbooks,
    named,
    need,
)


def openelections_primary(tmp_path: Path, extra: list[str]) -> tuple[str, bytes]:
    """The 2014 primary county file, its own rows and header, with `extra` rows added, under
    an OpenElections 2018 primary name."""
    rows = need(OPENELECTIONS_2014).read_bytes().decode().replace("\r\n", "\n").split("\r")
    lines = "\n".join(rows).splitlines()
    text = "\n".join([*lines[:40], *extra]) + "\n"
    path = tmp_path / "20180605__mt__primary__county.csv"
    path.write_text(text)
    return path.name, path.read_bytes()


def scanned(files: list[tuple[str, bytes]]) -> Scan:
    return scan(files, ScanOptions(today=date(2018, 6, 20), canvass=date(2018, 6, 18)))


def contest(result: Scan, title: str) -> dict[str, Any]:
    contests: list[dict[str, Any]] = scan_json(result)["contests"]
    found = [c for c in contests if c["title"] == title]
    assert len(found) == 1, [c["title"] for c in contests]
    return found[0]


def test_a_nonpart_primary_with_two_candidates_both_advance(tmp_path: Path) -> None:
    extra = [
        "Silver Bow,County Commissioner,1,NonPart,ALPHA ONE,1500",
        "Silver Bow,County Commissioner,1,NonPart,BRAVO TWO,1495",
    ]
    result = scanned([openelections_primary(tmp_path, extra)])
    found = contest(result, "County Commissioner 1")
    assert found["verdict"] is None and found["attention"] == []
    assert found["seats_from"] == "primary rule"
    text = json.dumps(found)
    assert "Recount available" not in text


def test_a_nonpart_primary_of_four_names_the_third(tmp_path: Path) -> None:
    extra = [
        "Deer Lodge,County Commissioner,2,NonPart,ALPHA ONE,900",
        "Deer Lodge,County Commissioner,2,NonPart,BRAVO TWO,850",
        "Deer Lodge,County Commissioner,2,NonPart,CHARLIE THREE,845",
        "Deer Lodge,County Commissioner,2,NonPart,DELTA FOUR,695",
    ]
    result = scanned([openelections_primary(tmp_path, extra)])
    found = contest(result, "County Commissioner 2")
    verdict = found["verdict"]
    assert isinstance(verdict, dict)
    # two advance (13-14-117): BRAVO TWO advanced; the defeated candidate is the third,
    # CHARLIE THREE, 5 behind the last to advance
    assert (verdict["candidate"], verdict["last_winner"]) == ("CHARLIE THREE", "BRAVO TWO")
    assert (verdict["margin"], verdict["outcome"]) == (5, "recount_available")
    assert found["seats"] == 2 and found["seats_from"] == "primary rule"


def rezipped(data: bytes) -> bytes:
    """The same workbook in other bytes, as a second download a minute later would be."""
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(data)) as source,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as copy,
    ):
        for item in source.infolist():
            copy.writestr(item.filename, source.read(item.filename))
    assert out.getvalue() != data
    return out.getvalue()


def test_a_county_given_twice_in_other_bytes_stops_the_scan() -> None:
    books = county_workbooks()
    # one county downloaded twice, another missing: still 56 files
    twice = [*books[:-1], (f"again {books[0][0]}", rezipped(books[0][1]))]
    with pytest.raises(ResultsFileError) as stopped:
        scanned(twice)
    said = str(stopped.value)
    assert f"{books[0][0]} and again {books[0][0]} are the same county's results" in said
    assert "give each county once" in said


def test_a_removed_county_makes_the_state_not_whole() -> None:
    books = county_workbooks()
    whole = scanned(books)
    assert whole.whole_state
    assert not scanned(books[1:]).whole_state
    senate = [c for c in scanned(books[1:]).contests if "REPRESENTATIVE" in c.contest.title]
    assert senate and all(c.contest.coverage == "county share" for c in senate)


def test_a_recount_title_lands_in_recount_results(tmp_path: Path) -> None:
    extra = [
        "Deer Lodge,Sheriff,,Democrat,ALPHA ONE,500",
        "Deer Lodge,Sheriff,,Democrat,BRAVO TWO,497",
        "Deer Lodge,Sheriff - RECOUNT,,Democrat,ALPHA ONE,499",
        "Deer Lodge,Sheriff - RECOUNT,,Democrat,BRAVO TWO,498",
    ]
    result = scanned([openelections_primary(tmp_path, extra)])
    found = contest(result, "Sheriff - RECOUNT")
    assert found["verdict"] is None and found["recount_of"] == "Sheriff"
    assert found["kind"] == "county" and found["attention"] == []
    text = scan_text(result)
    section = text[text.index("Recount results (1)") :]
    said = " ".join(section.split())
    assert "recounted: ALPHA ONE 500 -> 499; BRAVO TWO 497 -> 498" in said
    assert "13-16-201 gives no second petition" in said
    # the original contest was recounted: listed once, with its recount, and no verdict of
    # its own (the chance was used, not missed): no window, no "deadline passed"
    original = contest(result, "Sheriff")
    assert original["verdict"] is None
    assert original["notes"][0] == "recounted: ALPHA ONE 500 -> 499; BRAVO TWO 497 -> 498"
    assert "Recount available — Sheriff" not in text
    assert text.count("Sheriff") == 1 and "Sheriff - RECOUNT" in text


# OpenElections' 2014 general precinct file (openelections-data-mt,
# 2014/20141104__mt__general__precinct.csv), not among the fixtures: its header and HD 51's
# rows as published, the original count and the recount whose district column is "NT".
OPENELECTIONS_2014_GENERAL = "20141104__mt__general__precinct.csv"
HEADER_2014 = (
    "county,StatePrecinctID,precinct,office,district,party,candidate,votes,HouseDistrict,"
    "SenateDistrict"
)


def hd_51(office: str, district: str, rows: list[tuple[str, str, int]]) -> list[str]:
    return [
        f"Yellowstone,{where},{office},{district},{who},{votes},51,26" for where, who, votes in rows
    ]


MACDONALD, ODONNELL = "DEM,MARGIE MACDONALD", "REP,TONY O'DONNELL"
HD_51 = hd_51(
    "STATE REPRESENTATIVE DISTRICT 51",
    "51",
    [
        ("226,51.1", MACDONALD, 463),
        ("234,51.3", MACDONALD, 598),
        ("231,51.2", MACDONALD, 262),
        ("231,51.2", ODONNELL, 288),
        ("226,51.1", ODONNELL, 362),
        ("234,51.3", ODONNELL, 661),
    ],
)
HD_51_RECOUNT = hd_51(
    "STATE REPRESENTATIVE DISTRICT 51 - RECOUNT",
    "NT",
    [
        ("231,51.2", MACDONALD, 263),
        ("226,51.1", MACDONALD, 463),
        ("234,51.3", MACDONALD, 598),
        ("231,51.2", ODONNELL, 287),
        ("226,51.1", ODONNELL, 363),
        ("234,51.3", ODONNELL, 661),
    ],
)


def general_2014(rows: list[str]) -> Scan:
    data = "\n".join([HEADER_2014, *rows]).encode() + b"\n"
    # HD 51 is voted on in Yellowstone alone: these rows are every county that voted on it
    options = ScanOptions(today=date(2014, 11, 18), canvass=date(2014, 11, 17), complete=True)
    return scan([(OPENELECTIONS_2014_GENERAL, data)], options)


def test_hd_51_without_its_recount_is_in_the_bond_band() -> None:
    """The control: 1,323 to 1,311 of 2,634 is 12 behind, over the 6 of 1/4 of 1% and within
    the 13 of 1/2 of 1%."""
    found = contest(general_2014(HD_51), "STATE REPRESENTATIVE DISTRICT 51")
    verdict = found["verdict"]
    assert isinstance(verdict, dict)
    assert (verdict["outcome"], verdict["margin"], verdict["candidate"]) == (
        "bond_recount_possible",
        12,
        "TONY O'DONNELL",
    )


def test_hd_51_whose_recount_is_in_the_file_is_listed_once_recounted() -> None:
    result = general_2014([*HD_51, *HD_51_RECOUNT])
    # the recount's title keeps its marker at the end (the district "NT" is not appended)
    titles = sorted(c.contest.title for c in result.contests)
    assert titles == [
        "STATE REPRESENTATIVE DISTRICT 51",
        "STATE REPRESENTATIVE DISTRICT 51 - RECOUNT",
    ]
    assert all(c.verdict is None for c in result.contests)
    assert result.summary()["with_verdict"] == 0 and result.summary()["bond_band"] == 0
    text = scan_text(result)
    said = " ".join(text.split())
    assert "may petition" not in said and "Deadline passed" not in said
    assert "Recount results (1)" in text and "1 other contest" not in text
    assert said.count("STATE REPRESENTATIVE DISTRICT 51") == 1
    assert "recounted: MARGIE MACDONALD 1,323 -> 1,324; TONY O'DONNELL 1,311 -> 1,311" in said
    csv_outcomes = [line.split(",")[-9] for line in scan_csv(result).splitlines()[1:]]
    assert sorted(csv_outcomes) == ["recount result", "recounted"]


def test_a_recount_of_another_district_leaves_hd_51_its_verdict() -> None:
    other = [row.replace("DISTRICT 51 - RECOUNT", "DISTRICT 52 - RECOUNT") for row in HD_51_RECOUNT]
    result = general_2014([*HD_51, *other])
    found = contest(result, "STATE REPRESENTATIVE DISTRICT 51")
    assert (
        isinstance(found["verdict"], dict)
        and found["verdict"]["outcome"] == "bond_recount_possible"
    )


def cascade_committeemen(tmp_path: Path, recount: list[str]) -> Scan:
    """Cascade's precinct committeemen of the 2022 primary precinct-by-precinct file, as the
    file has them, with `recount` rows after them, under a 2024 primary file's name."""
    path = need(PRIMARY_PRECINCTS)
    table = read_tables(path.name, path.read_bytes())[0]
    head = next(i for i, row in enumerate(table.rows) if "CountyName" in row)
    rows = [
        ",".join(text(c) for c in row[:6])
        for row in table.rows[head + 1 :]
        if row[0] == "Cascade" and row[2] == "PRECINCT COMMITTEEMAN"
    ]
    assert len(rows) == 42
    data = (
        "\n".join([",".join(text(c) for c in table.rows[head][:6]), *rows, *recount]).encode()
        + b"\n"
    )
    options = ScanOptions(today=date(2024, 6, 20), canvass=date(2024, 6, 18))
    return scan([("2024_Primary_PrecinctByPrecinct.csv", data)], options)


def p19b1(result: Scan) -> ScannedContest:
    found = [
        c for c in result.contests if c.contest.precinct == "P19B1" and c.contest.recount_of is None
    ]
    assert len(found) == 1
    return found[0]


def test_a_precinct_committee_contest_recounted_in_the_file_gets_no_verdict(
    tmp_path: Path,
) -> None:
    # the control: P19B1, 16 to 18, has a verdict of its own without its recount
    before = cascade_committeemen(tmp_path, [])
    assert p19b1(before).verdict is not None
    recount = [
        "Cascade,P19B1,PRECINCT COMMITTEEMAN - RECOUNT,REP,17,VAN H. PAYNE",
        "Cascade,P19B1,PRECINCT COMMITTEEMAN - RECOUNT,REP,18,PETER SCHULTZ",
    ]
    result = cascade_committeemen(tmp_path, recount)
    original = p19b1(result)
    assert original.verdict is None and original.contest.recounted_by is not None
    assert original.contest.notes[0] == "recounted: VAN H. PAYNE 16 -> 17; PETER SCHULTZ 18 -> 18"
    # the other precincts' contests keep their verdicts: the recount is P19B1's alone
    others = [c for c in result.contests if c.contest.precinct not in (None, "P19B1")]
    assert len(others) == 20 and all(c.verdict is not None for c in others)
    # nor does the Slack summary's table list it (its rows are the contests with a verdict)
    assert all(c.contest.precinct != "P19B1" for c in listed_contests(result))
    summary = json.dumps(scan_summary(result).blocks)  # mrkdwn: ">" escaped
    assert "recounted: VAN H. PAYNE 16 -&gt; 17; PETER SCHULTZ 18 -&gt; 18" in summary


WHOLE_BANNER = "Precincts 307 of 307 Reporting (Precincts Partially Reported: 0/307)"


def legislative(banner: str, foster: int = 0) -> Scan:
    """The 2022 legislative workbook as downloaded while the count went on: its banner's
    precincts line read as `banner`, and RALPH FOSTER (HD 15, 1,277 to WEATHERWAX's 1,303)
    with `foster` more votes in its first county and its TOTALS."""
    data = need(LEGISLATIVE).read_bytes()
    if foster:
        data = add_votes(data, "HD 015", "D", foster)
    if banner != WHOLE_BANNER:
        data = with_banner(data, WHOLE_BANNER, banner)
    options = ScanOptions(today=date(2022, 11, 10), canvass=date(2022, 11, 23))
    return scan([("legislative.xlsx", data)], options)


def hd_15(result: Scan) -> ScannedContest:
    (found,) = [c for c in result.contests if c.contest.title == "STATE REPRESENTATIVE DISTRICT 15"]
    return found


def test_the_whole_legislative_workbook_gives_verdicts() -> None:
    """The control: every precinct reporting, HD 15's 26 of 2,580 is margin too large."""
    result = legislative(WHOLE_BANNER)
    assert not any(c.contest.partial for c in result.contests)
    assert hd_15(result).outcome is Outcome.NOT_AVAILABLE


@pytest.mark.parametrize(
    ("banner", "partial"),
    [
        ("Precincts 243 of 345 Reporting", "partial: 243 of 345 precincts"),
        ("Precincts 344 of 345 Reporting", "partial: 344 of 345 precincts"),  # one below
        (
            "Precincts 345 of 345 Reporting (Precincts Partially Reported: 1/345)",
            "partial: 345 of 345 precincts, 1 partially reported",
        ),
        ("Precincts 345 of 345 Reporting (Precincts Partially Reported: 0/345)", None),
    ],
)
def test_a_partial_banner_gives_no_verdict(banner: str, partial: str | None) -> None:
    result = legislative(banner)
    assert {c.contest.partial for c in result.contests} == {partial}
    if partial is None:
        assert hd_15(result).outcome is Outcome.NOT_AVAILABLE
        return
    assert result.summary()["with_verdict"] == 0
    found = hd_15(result).contest
    assert found.coverage == "partial" and found.margin_so_far is not None
    assert (found.margin_so_far.margin, found.margin_so_far.total_votes) == (26, 2580)


def every_surface(result: Scan) -> str:
    return "\n".join(
        [
            scan_text(result),
            scan_text(result, show_all=True),
            scan_csv(result),
            json.dumps(scan_json(result)),
            json.dumps(scan_summary(result).blocks),
        ]
    )


def test_a_partial_reading_says_nothing_cannot_be_petitioned() -> None:
    """The issue's HD 57: a partial reading read "margin too large: nothing can be petitioned"
    and the final count reversed the lead. No surface says it of a partial reading."""
    said = every_surface(legislative("Precincts 243 of 345 Reporting"))
    for final in ("margin too large", "cannot be petitioned", "nothing can be petitioned"):
        assert final not in said.lower()
    assert "Recount available" not in said and "margin_too_large" not in said
    whole = every_surface(legislative(WHOLE_BANNER)).lower()
    assert "margin too large" in whole  # the words the partial reading must not say


@pytest.mark.parametrize(
    ("foster", "margin", "total", "close"),
    [
        (13, 13, 2593, False),  # one above 1/2 of 1% (up to 12 of 2,593)
        (14, 12, 2594, True),  # at it (12 of 2,594)
        (15, 11, 2595, True),  # one below
    ],
)
def test_a_partial_reading_lists_by_name_those_within_half_a_percent(
    foster: int, margin: int, total: int, close: bool
) -> None:
    result = legislative("Precincts 243 of 345 Reporting", foster)
    found = hd_15(result)
    assert found.verdict is None
    m = found.contest.margin_so_far
    assert m is not None and (m.margin, m.total_votes, m.max_bond_margin) == (margin, total, 12)
    assert found.contest.close_so_far is close
    label = (
        f"partial: 243 of 345 precincts: margin {margin} votes (MARVIN R. WEATHERWAX JR ahead "
        f"of RALPH FOSTER) of {total:,} counted so far"
    )
    text = " ".join(scan_text(result).split())
    assert label in text
    listed = "Partial readings within 1/2 of 1%, close: no verdict (1)"
    assert (listed in text) is close
    # the JSON, the CSV and the Slack summary say it from the same fields
    (j,) = [c for c in scan_json(result)["contests"] if c["title"] == found.contest.title]
    assert j["verdict"] is None and j["partial"] == "partial: 243 of 345 precincts"
    assert j["partial_margin"] == {
        "margin": margin,
        "total_votes": total,
        "max_close_margin": 12,
        "close": close,
    }
    (row,) = [r for r in scan_csv(result).splitlines() if r.startswith(found.contest.title + ",")]
    assert f",{margin},,partial{', close' if close else ''}," in row.replace('"', "")
    slack = json.dumps(scan_summary(result).blocks)
    assert ("Partial readings within 1/2 of 1%, close (1)" in slack) is close


# The 2024 county workbooks are not in ../shared: the 2022 ones in their layout (naming no
# county), each with only its statewide and district sheets, as a county electing none of its
# own offices that year downloads them: no county office proves which county a file is.
STATE_AND_DISTRICT = (
    "SUPREME COURT",
    "LEGISLATIVE REFERENDUM",
    "CONSTITUTIONAL AMENDMENT",
    "UNITED STATES REPRESENTAT",
)


def naming_no_county(banner: str | None) -> list[tuple[str, bytes]]:
    books = []
    for name, data in county_workbooks():
        book = only_sheets(layout_2024(data), *STATE_AND_DISTRICT)
        books.append((name, book if banner is None else with_banner(book, WHOLE_BANNER, banner)))
    return books


def whole(count: int) -> str:
    return f"Precincts {count} of {count} Reporting (Precincts Partially Reported: 0/{count})"


def scanned_2024(books: list[tuple[str, bytes]]) -> Scan:
    return scan(books, ScanOptions(today=date(2024, 11, 20), canvass=date(2024, 11, 18)))


def test_56_workbooks_naming_no_county_are_the_state_when_their_precincts_add_up() -> None:
    # the statewide contests' sheets hold 663 precinct rows over the 56 files (2022's count)
    result = scanned_2024(naming_no_county(whole(663)))
    assert result.whole_state and result.state_proof.total == 663
    said = " ".join(scan_text(result).split())
    assert "The files are 56 county workbooks whose precincts add up to the state's 663" in said
    assert all(c.contest.coverage == "whole" and c.verdict for c in result.contests)
    # one precinct more in the banners than in the files: not proved, and the line says why
    short = scanned_2024(naming_no_county(whole(664)))
    assert not short.whole_state
    said = " ".join(scan_text(short).split())
    assert (
        "The 56 county workbooks are not proved to be the whole state: not every one names its "
        'county or holds a county office of its own, and "SUPREME COURT JUSTICE #1" has 663 '
        "precincts in them, not the 664 their banners count. Give --complete"
    ) in said
    assert all(c.contest.coverage == "county share" for c in short.contests)


def test_two_workbooks_of_the_same_precincts_are_not_two_counties() -> None:
    books = naming_no_county(None)
    # the first county's file given again in place of the second's, the banners counting
    # what the files then hold: the sum agrees, but two files hold one precinct list
    first, second = (read_file(*book) for book in books[:2])
    key = next(t.key for t in first.tallies if t.title == "SUPREME COURT JUSTICE #1")
    rows = 663 - len(second.precincts[key]) + len(first.precincts[key])
    again = [books[0], (books[1][0], rezipped(books[0][1])), *books[2:]]
    result = scanned_2024([(n, with_banner(d, WHOLE_BANNER, whole(rows))) for n, d in again])
    assert not result.whole_state
    assert result.state_proof.why == f"{books[0][0]} and {books[1][0]} hold the same precincts"


@pytest.mark.parametrize(
    ("krotkov", "margin", "total", "close"),
    [
        (38, 16, 3116, False),  # one above 1/2 of 1% of the share (up to 15 of 3,116)
        (39, 15, 3117, True),  # at it
        (40, 14, 3118, True),  # one below
    ],
)
def test_a_county_share_within_half_a_percent_is_listed_by_name(
    krotkov: int, margin: int, total: int, close: bool
) -> None:
    """Cascade's share of HD 25 (1,512 to STEVE GIST's 1,566): a district contest whose total
    may span counties, so no verdict; close on the share, it is named, never only counted."""
    name = "CTYALL Results(7).xlsx"
    data = add_votes(dict(county_workbooks())[name], "HD 025", "C", krotkov)
    result = scan([(name, data)], ScanOptions(today=date(2022, 11, 24), canvass=date(2022, 11, 23)))
    (found,) = [c for c in result.contests if c.contest.title == "STATE REPRESENTATIVE DISTRICT 25"]
    assert found.verdict is None and found.contest.coverage == "county share"
    m = found.contest.margin_so_far
    assert m is not None and (m.margin, m.total_votes, m.max_bond_margin) == (margin, total, 15)
    assert found.contest.close_so_far is close
    text = " ".join(scan_text(result).split())
    named = (
        f"STATE REPRESENTATIVE DISTRICT 25: JASMINE KROTKOV {1512 + krotkov:,}; STEVE GIST "
        f"1,566 a share: margin {margin} votes (STEVE GIST ahead of JASMINE KROTKOV) of "
        f"{total:,} in the files given, within 1/2 of 1% (up to 15)"
    )
    assert (named in text) is close
    assert ("County shares within 1/2 of 1%, close: no verdict (1)" in text) is close
    (j,) = [c for c in scan_json(result)["contests"] if c["title"] == found.contest.title]
    assert j["share_margin"]["close"] is close and j["verdict"] is None
    slack = json.dumps(scan_summary(result).blocks)
    assert ("County shares within 1/2 of 1%, close (1)" in slack) is close


def test_a_recount_whose_rows_are_all_zero_is_not_said_to_be_its_result() -> None:
    """The 2016 primary names Judith Basin's county commissioner recount with 0 in every row:
    no recount takes every vote away, so the file holds the recount's name, not its result."""
    result = scan([named(PRIMARY_2016)], ScanOptions(today=date(2016, 6, 22), election="primary"))
    (original,) = [
        c
        for c in result.contests
        if c.contest.title == "COUNTY COMMISSIONER - DISTRICT 2"
        and c.contest.county == "Judith Basin"
    ]
    assert original.verdict is None and original.contest.recounted_by is not None
    assert original.contest.notes[0] == (
        "recounted, but the file gives the recount no votes (its result is not here): DON L. "
        "HAJENGA 364; GC TUCKER HUGHES 284"
    )
    assert "HAJENGA 364 -> 0" not in scan_text(result)


# A statewide precinct file of the same election, laid out from the 56 named 2022 workbooks:
# each county's precincts as its own workbook lists them (scan.md, "A county not named").
PRECINCT_FILE = "20241105__mt__general__precinct.csv"
BEAVERHEAD, DANIELS = "CTYALL Results(1).xlsx", "CTYALL Results(10).xlsx"


def precincts_by_county() -> dict[str, set[str]]:
    listed: dict[str, set[str]] = {}
    for name, data in county_workbooks():
        file = read_file(name, data)
        (county,) = {title.removesuffix(" County") for title in _titles(data)}
        listed[county] = {p for ps in file.precincts.values() for p in ps}
    return listed


def _titles(data: bytes) -> set[str]:
    """The county each 2022 workbook names in its local titles ("Beaverhead County")."""
    strings = zipfile.ZipFile(io.BytesIO(data)).read("xl/sharedStrings.xml").decode()
    found = re.findall(r"<x:t>([A-Za-z.&; ]+ County)\r?\n", strings)
    return {title.replace("&amp;", "&") for title in found}


def precinct_file(listed: dict[str, set[str]], name: str = PRECINCT_FILE) -> tuple[str, bytes]:
    rows = ["county,precinct,office,district,party,candidate,votes"]
    rows += [
        f"{county},{precinct},STATE AUDITOR,,,{who},{votes}"
        for county, precincts in sorted(listed.items())
        for precinct in sorted(precincts)
        for who, votes in (("A", 10), ("B", 9))
    ]
    return name, "\n".join(rows).encode()


@pytest.fixture(scope="module")
def listed_2022() -> dict[str, set[str]]:
    return precincts_by_county()


def unnamed(*names: str) -> list[tuple[str, bytes]]:
    return [(n, layout_2024(d)) for n, d in county_workbooks() if n in names]


def test_a_file_naming_no_county_is_read_as_the_county_whose_precincts_it_lists(
    listed_2022: dict[str, set[str]],
) -> None:
    assert len(listed_2022) == 56
    result = scan(
        [*unnamed(BEAVERHEAD, DANIELS), precinct_file(listed_2022)],
        ScanOptions(today=date(2024, 11, 20), canvass=date(2024, 11, 18)),
    )
    one_county = {
        (min(c.contest.files), c.contest.county)
        for c in result.contests
        if c.contest.kind is not None and KINDS[c.contest.kind].one_county
    }
    assert one_county == {(BEAVERHEAD, "Beaverhead"), (DANIELS, "Daniels")}
    text = " ".join(scan_text(result).split())
    assert "name no county" not in text and "county not named" not in text
    assert (
        f"{BEAVERHEAD}: read as Beaverhead County's: its precincts are the ones {PRECINCT_FILE} "
        f'lists for Beaverhead County (if not, give --county "{BEAVERHEAD}=NAME")'
    ) in text


@pytest.mark.parametrize("change", ["one fewer", "one more", "election not said", "55 counties"])
def test_a_precinct_list_that_is_not_exactly_one_countys_leaves_the_file_asked(
    listed_2022: dict[str, set[str]], change: str
) -> None:
    listed = {county: set(precincts) for county, precincts in listed_2022.items()}
    name = PRECINCT_FILE
    if change == "one fewer":
        listed["Daniels"].remove(min(listed["Daniels"]))
    elif change == "one more":
        listed["Daniels"].add("PRECINCT 99")
    elif change == "election not said":
        name = "precincts.csv"  # the same rows, but nothing says they are of this election
    else:
        del listed["Yellowstone"]  # the file no longer names every county
    result = scan(
        [*unnamed(DANIELS), precinct_file(listed, name)],
        ScanOptions(today=date(2024, 11, 20), canvass=date(2024, 11, 18), election="general"),
    )
    text = " ".join(scan_text(result).split())
    assert f"1 file names no county ({DANIELS})" in text


def test_two_files_whose_precincts_are_one_countys_are_both_left_to_be_asked(
    listed_2022: dict[str, set[str]],
) -> None:
    # (the scan refuses the same file given twice before this: here, two readings of it)
    (daniels,) = unnamed(DANIELS)
    books = [read_file(name, daniels[1]) for name in (DANIELS, "CTYALL Results(99).xlsx")]
    source = read_file(*precinct_file(listed_2022))
    assert inferred_counties([books[0], source]) == {DANIELS: ("Daniels", PRECINCT_FILE)}
    assert inferred_counties([*books, source]) == {}


def test_files_naming_no_county_are_asked_for_it_once() -> None:
    """The 56 workbooks in 2024's layout name no county: one line asks for them all, not
    each contest; each one-county contest still shows its file (scan.md, Formats)."""
    books = [(name, layout_2024(data)) for name, data in county_workbooks()]
    result = scanned_2024(books)
    lines = scan_text(result).splitlines()
    asked = [line for line in lines if "name no county" in line]
    assert asked == [
        "56 files name no county (CTYALL Results(1).xlsx, CTYALL Results(10).xlsx, CTYALL "
        "Results(11).xlsx, CTYALL Results(12).xlsx, CTYALL Results(13).xlsx and 51 more): a "
        "one-county contest's petition is filed with its county, so each of its contests shows "
        'the file instead; name each file\'s county with --county "FILE=NAME".'
    ]
    named = {name: "Cascade" if name == "CTYALL Results(7).xlsx" else None for name, _ in books}
    given = scan(
        books,
        ScanOptions(today=date(2024, 11, 20), counties={n: c for n, c in named.items() if c}),
    )
    said = " ".join(scan_text(given).split())
    assert "55 files name no county" in said and "CTYALL Results(7).xlsx," not in said

"""The scan on real exports changed as a clerk's files change (scan.md): each case built
from a file of ../shared/fixtures/results in a temporary folder, never by editing it."""

from __future__ import annotations

import io
import json
import zipfile
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from handlers.results import ResultsFileError, ScanOptions, scan, scan_json, scan_text
from handlers.results.scan import Scan

from .fixtures import OPENELECTIONS_2014, county_workbooks, need


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
    assert "After the recount: ALPHA ONE 499; BRAVO TWO 498" in said
    assert "Before it: ALPHA ONE 500; BRAVO TWO 497" in said
    assert "13-16-201 gives no second petition" in said
    # the original contest keeps its own verdict; the recount opens no fresh window
    assert contest(result, "Sheriff")["verdict"] is not None
    assert text.count("Recount available — Sheriff") == 1

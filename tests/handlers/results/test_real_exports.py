"""The scan on real exports changed as a clerk's files change (scan.md): each case built
from a file of ../shared/fixtures/results in a temporary folder, never by editing it."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from handlers.results import ScanOptions, scan, scan_json
from handlers.results.scan import Scan

from .fixtures import OPENELECTIONS_2014, need

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


def contest(result: Scan, title: str) -> dict[str, object]:
    found = [c for c in scan_json(result)["contests"] if c["title"] == title]
    assert len(found) == 1, [c["title"] for c in scan_json(result)["contests"]]
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

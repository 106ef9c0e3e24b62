"""The election type is read from the file and said, or asked for; never assumed (scan.md,
`--election`). Built from the real exports, copied under other names in a temporary folder."""

from __future__ import annotations

import io
import json
import shutil
import zipfile
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main

from ..results.fixtures import (
    GENERAL_2014,
    GENERAL_2020,
    LEGISLATIVE,
    OPENELECTIONS_2014,
    OPENELECTIONS_2016,
    PRIMARY_2016,
    PRIMARY_2020,
    PRIMARY_PRECINCTS,
    RESULTS,
    need,
)


def recount(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["scan", *args], out, err)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(
    ("path", "election", "said"),
    [
        (LEGISLATIVE, "general", 'the banner says "2022 Unofficial General Election Results"'),
        (PRIMARY_PRECINCTS, "primary", "the banner says"),
        (PRIMARY_2020, "primary", 'the banner says "2020 Primary Election'),
        (PRIMARY_2016, "primary", 'the file is named "sos-precinct-by-precinct-2016-primary'),
        (GENERAL_2020, "general", 'the file is named "sos-statewide-by-precinct-2020-general'),
        (GENERAL_2014, "general", 'the file is named "sos-statewide-by-precinct-2014-general'),
        (OPENELECTIONS_2016, "general", 'the file is named "20161108__mt__general__precinct'),
        (OPENELECTIONS_2014, "primary", 'the file is named "20140603__mt__primary__county'),
    ],
)
def test_every_fixture_says_its_election_and_the_report_says_where(
    path: Path, election: str, said: str
) -> None:
    status, out, err = recount(str(need(path)), "--today", "2026-12-01")
    assert (status, err) == (0, "")
    assert out.splitlines()[1].startswith(f"Read as a {election} election: {said}")
    status, out, _ = recount(str(path), "--json", "--today", "2026-12-01")
    assert json.loads(out)["election"] == election


def test_the_county_workbooks_say_it_in_their_banner() -> None:
    first = sorted(need(RESULTS / "sos-county-2022-general").glob("*.xlsx"))[0]
    status, out, _ = recount(str(first), "--today", "2026-12-01")
    assert status == 0 and "Read as a general election: the banner says" in out


@pytest.mark.parametrize("path", [PRIMARY_2016, GENERAL_2020, GENERAL_2014])
def test_a_file_that_does_not_say_stops_the_scan_until_asked(path: Path, tmp_path: Path) -> None:
    # the same bytes under a name that says nothing: the content alone cannot tell
    copy = tmp_path / "results.xlsx"
    shutil.copy(need(path), copy)
    status, out, err = recount(str(copy), "--today", "2026-12-01")
    assert (status, out) == (2, "")
    assert err == (
        "error: results.xlsx does not say whether it is a primary or a general election: add "
        "--election primary or --election general\n"
    )
    status, out, err = recount(str(copy), "--election", "primary", "--today", "2026-12-01")
    assert (status, err) == (0, "")
    assert out.splitlines()[1] == "Read as a primary election, as given."


def test_a_primary_read_as_a_primary_keeps_the_parties_apart(tmp_path: Path) -> None:
    copy = tmp_path / "results.xlsx"
    shutil.copy(need(PRIMARY_2016), copy)
    status, out, _ = recount(str(copy), "--election", "primary", "--json", "--today", "2026-12-01")
    assert status == 0
    contests = json.loads(out)["contests"]
    governor = [c for c in contests if c["title"].upper().startswith("GOVERNOR")]
    assert {c["party"] for c in governor} >= {"REP", "DEM"}  # each party's nomination apart


def test_files_of_two_elections_are_not_scanned_together() -> None:
    status, out, err = recount(str(need(PRIMARY_2020)), str(need(LEGISLATIVE)))
    assert (status, out) == (2, "")
    assert "is a primary" in err and "a general" in err and "scan each election apart" in err


def test_a_one_county_contest_shows_its_county_or_its_file(tmp_path: Path) -> None:
    table = tmp_path / "sheriff.csv"
    table.write_text("contest,choice,votes\nSheriff,Smith,1204\nSheriff,Jones,1199\n")
    status, out, _ = recount(str(table), "--today", "2022-11-30", "--canvass", "2022-11-28")
    assert status == 0 and "Recount available — Sheriff — county not named in sheriff.csv" in out
    status, out, _ = recount(
        str(table), "--county", "sheriff.csv=gallatin county", "--today", "2022-11-30"
    )
    assert status == 0 and "Recount available — Sheriff — Gallatin County" in out
    status, _, err = recount(str(table), "--county", "sheriff.csv=Gotham")
    assert status == 2 and "Gotham is not a Montana county" in err
    status, _, err = recount(str(table), "--county", "other.csv=Gallatin")
    assert status == 2 and "no file of that name is scanned" in err


def test_a_county_named_against_what_the_workbook_says_is_refused() -> None:
    first = sorted(need(RESULTS / "sos-county-2022-general").glob("*.xlsx"))[0]
    status, out, err = recount(str(first), "--county", f"{first.name}=Yellowstone")
    assert (status, out) == (2, "")
    assert "County in its titles, not Yellowstone: check --county" in err


def test_scan_folder_skips_a_stray_file_and_lists_it(tmp_path: Path) -> None:
    shutil.copy(need(LEGISLATIVE), tmp_path / LEGISLATIVE.name)
    (tmp_path / "phone list.csv").write_text("name,phone\nAnn,555-0100\n")
    status, out, err = recount(str(tmp_path), "--today", "2026-12-01")
    assert (status, err) == (0, "")
    assert "Skipped 1 file in the folder that is not results: phone list.csv: not a results" in (
        out
    )
    # named one by one, it is still an error: the clerk asked for that file
    status, _, err = recount(str(tmp_path / "phone list.csv"), "--today", "2026-12-01")
    assert status == 2 and "phone list.csv: not a results file" in err


def test_complete_is_refused_where_one_countys_workbook_holds_a_statewide_contest() -> None:
    first = sorted(need(RESULTS / "sos-county-2022-general").glob("*.xlsx"))[0]
    status, out, _ = recount(str(first), "--complete", "--json", "--today", "2022-11-30")
    assert status == 0
    contests = json.loads(out)["contests"]
    state = [c for c in contests if c["title"].startswith("LEGISLATIVE REFERENDUM")]
    assert state and all(c["verdict"] is None for c in state)
    assert all(c["coverage"] == "county share" for c in state)
    # the 2nd congressional district is a district, not the whole state: its total may span
    # the counties given, and --complete is believed for it
    house = [c for c in contests if c["title"].startswith("UNITED STATES REPRESENTATIVE")]
    assert house and all(c["coverage"] == "whole" for c in house)
    status, out, _ = recount(str(first), "--complete", "--today", "2022-11-30")
    assert "--complete refused for" in out and "the files hold 1 county, not all 56" in out
    assert "a statewide contest" not in out


def test_against_takes_one_reading_and_leaves_the_files_after_it(tmp_path: Path) -> None:
    old = tmp_path / "old.csv"
    new = tmp_path / "new.csv"
    old.write_text("contest,choice,votes\nSheriff,A,900\nSheriff,B,880\n")
    new.write_text("contest,choice,votes\nSheriff,A,900\nSheriff,B,895\n")
    # the FILE after --against OLD is scanned, not swallowed as a second old reading
    status, out, err = recount("--against", str(old), str(new), "--today", "2026-12-01")
    assert (status, err) == (0, "")
    assert "Entered the recount band — Sheriff" in out


def renamed_sheet(path: Path, into: Path, sheet: str) -> Path:
    """The workbook with its first sheet named `sheet`, under a name that says nothing."""
    book = zipfile.ZipFile(need(path))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as copy:
        for item in book.infolist():
            data = book.read(item.filename)
            if item.filename == "xl/workbook.xml":
                assert data.count(b'<sheet name="Sheet1"') == 1
                data = data.replace(b'<sheet name="Sheet1"', f'<sheet name="{sheet}"'.encode())
            copy.writestr(item, data)
    target = into / "results.xlsx"
    target.write_bytes(out.getvalue())
    return target


def test_a_told_election_never_overrides_the_banner() -> None:
    """The issue's HD 91: the 2022 primary's two nominees, CONNIE KEOGH (DEM) and ANTHONY
    PAWLISZ (REP), each unopposed, became one race under --election general."""
    status, out, err = recount(str(need(PRIMARY_PRECINCTS)), "--json", "--today", "2022-06-22")
    assert (status, err) == (0, "")
    hd_91 = [
        c for c in json.loads(out)["contests"] if c["title"] == "STATE REPRESENTATIVE DISTRICT 91"
    ]
    assert sorted((c["party"], c["unopposed"]) for c in hd_91) == [("DEM", True), ("REP", True)]
    status, out, err = recount(str(PRIMARY_PRECINCTS), "--election", "general")
    assert (status, out) == (2, "")
    assert err.splitlines() == [
        f'error: {PRIMARY_PRECINCTS.name}: the banner says "2022 Primary Election Precinct by '
        'Precinct Results"; you said general. A told election never overrides the file: leave '
        "--election out to read it as a primary election, or give the general election's file"
    ]
    # told what it says, it reads as before
    status, out, err = recount(
        str(PRIMARY_PRECINCTS), "--election", "primary", "--today", "2022-06-22"
    )
    assert (status, err) == (0, "") and "Read as a primary election, as given." in out


@pytest.mark.parametrize(
    ("path", "told", "said"),
    [
        (LEGISLATIVE, "primary", 'the banner says "2022 Unofficial General Election Results"'),
        (LEGISLATIVE, "special", 'the banner says "2022 Unofficial General Election Results"'),
        (PRIMARY_2016, "general", 'the file is named "sos-precinct-by-precinct-2016-primary.xlsx"'),
        (OPENELECTIONS_2016, "primary", 'the file is named "20161108__mt__general__precinct.csv"'),
    ],
)
def test_a_told_election_the_file_contradicts_stops_naming_both(
    path: Path, told: str, said: str
) -> None:
    status, out, err = recount(str(need(path)), "--election", told, "--today", "2026-12-01")
    assert (status, out) == (2, "")
    assert err.startswith(f"error: {path.name}: {said}; you said {told}.")
    assert len(err.splitlines()) == 1


def test_a_told_election_never_overrides_the_sheets_name(tmp_path: Path) -> None:
    # the 2016 primary, no banner, its sheet named as the 2024 primary's is, its file's name
    # saying nothing: the sheet's name is what says it is a primary
    copy = renamed_sheet(PRIMARY_2016, tmp_path, "2024 Primary Precinct By Precin")
    status, out, err = recount(str(copy), "--today", "2026-12-01")
    assert (status, err) == (0, "")
    assert 'Read as a primary election: the sheet is named "2024 Primary Precinct By Precin"' in out
    status, out, err = recount(str(copy), "--election", "general", "--today", "2026-12-01")
    assert (status, out) == (2, "")
    assert err.startswith(
        'error: results.xlsx: the sheet is named "2024 Primary Precinct By Precin"; you said '
        "general."
    )


def test_special_is_an_election_read_as_a_general(tmp_path: Path) -> None:
    """OpenElections names the 2017 US House special "20170525__mt__special__general__...":
    the 2016 general's precinct file under that name reads as a special election, its
    contests as a general's (the parties merged, one winner a seat): the same verdicts."""
    special = tmp_path / "20170525__mt__special__general__precinct.csv"
    shutil.copy(need(OPENELECTIONS_2016), special)
    args = ("--json", "--today", "2016-11-22", "--canvass", "2016-11-21")
    status, out, err = recount(str(special), *args)
    assert (status, err) == (0, "")
    read = json.loads(out)
    assert read["election"] == "special"
    status, out, _ = recount(str(OPENELECTIONS_2016), *args)
    general = json.loads(out)

    def outcomes(scan: dict[str, Any]) -> list[tuple[str, str | None]]:
        return sorted(
            (c["title"], c["verdict"] and c["verdict"]["outcome"]) for c in scan["contests"]
        )

    assert outcomes(read) == outcomes(general)
    status, out, _ = recount(str(special), "--today", "2016-11-22")
    assert out.splitlines()[1].startswith(
        'Read as a special election: the file is named "20170525__mt__special__general__'
        'precinct.csv". A special election elects one winner a seat and nominates nobody'
    )
    # told general, the file's name says special: stopped, as for any other contradiction
    status, out, err = recount(str(special), "--election", "general")
    assert (status, out) == (2, "") and "; you said general." in err
    # a file that does not say takes special when told
    plain = tmp_path / "results.csv"
    shutil.copy(need(OPENELECTIONS_2016), plain)
    status, out, err = recount(str(plain), "--election", "special", "--today", "2016-11-22")
    assert (status, err) == (0, "") and "Read as a special election, as given." in out

"""`recount check ... --pdf FILE`: the verdict as usual, and its record written whole."""

from __future__ import annotations

import io
from pathlib import Path

import pypdf

from bot.cli import main

from ..results.fixtures import COUNTY_WORKBOOKS, PRIMARY_PRECINCTS, need


def test_check_writes_the_record_beside_the_verdict(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    target = tmp_path / "record.pdf"
    args = ["check", "--today", "2026-11-18", "--pdf", str(target)]
    status = main([*args, "county Smith 1204 Jones 1199 canvass 2026-11-16"], out, err)
    assert status == 0
    assert out.getvalue().startswith("RECOUNT AVAILABLE — county office")
    assert err.getvalue() == f"recount: the record is in {target}\n"
    text = pypdf.PdfReader(target).pages[0].extract_text()
    assert "Recount available — county office" in text and "13-16-201(1)" in text
    assert not list(tmp_path.glob("*.part"))  # written whole, nothing left beside it


def test_a_record_that_cannot_be_written_is_one_line() -> None:
    out, err = io.StringIO(), io.StringIO()
    args = ["check", "--pdf", "/nonexistent/folder/r.pdf", "county A 10 B 9"]
    assert main(args, out, err) == 2
    assert "/nonexistent/folder/r.pdf: cannot be written" in err.getvalue()


def test_petition_writes_a_draft_or_says_why_not(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    target = tmp_path / "petition.pdf"
    args = ["petition", "--today", "2026-11-18", "--pdf", str(target)]
    assert main([*args, "question for 1000 against 998 canvass 2026-11-16"], out, err) == 0
    assert err.getvalue() == f"recount: the petition draft is in {target}\n"
    cover, petition = (page.extract_text() for page in pypdf.PdfReader(target).pages[:2])
    assert "Cover note: not part of the petition" in cover
    assert "Verified petition of electors for a recount" in petition
    out, err = io.StringIO(), io.StringIO()
    tie = tmp_path / "tie.pdf"
    args = ["petition", "--today", "2026-11-18", "--pdf", str(tie), "county A 700 B 700"]
    assert main(args, out, err) == 2
    assert "no petition drafted: a tie is recounted as if a petition had been filed" in (
        err.getvalue()
    )
    assert not tie.exists()


def test_kit_writes_the_certificate_and_the_tally_sheets(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    target = tmp_path / "kit.pdf"
    workbook = str(need(COUNTY_WORKBOOKS) / "CTYALL Results(7).xlsx")
    args = ["kit", workbook, "--contest", "Cascade County CLERK AND RECORDER", "--pdf", str(target)]
    assert main(args, out, err) == 0
    assert err.getvalue() == f"recount: the kit for 23 precincts is in {target}\n"
    # the certificate (two pages: its 23 precincts under the room for the proceedings) and a
    # tally sheet a precinct
    assert len(pypdf.PdfReader(target).pages) == 2 + 23
    out, err = io.StringIO(), io.StringIO()
    assert (
        main(["kit", workbook, "--contest", "NO SUCH OFFICE", "--pdf", str(target)], out, err) == 2
    )
    assert 'no contest titled "NO SUCH OFFICE" in the files' in err.getvalue()


def test_kit_refuses_a_title_of_several_contests_in_one_line_and_takes_a_party(
    tmp_path: Path,
) -> None:
    target = tmp_path / "kit.pdf"
    primary = str(need(PRIMARY_PRECINCTS))
    out, err = io.StringIO(), io.StringIO()
    args = ["kit", primary, "--contest", "COUNTY COMMISSIONER DISTRICT 2", "--pdf", str(target)]
    assert main(args, out, err) == 2
    said = err.getvalue()
    assert said.count("\n") == 1 and said.startswith('error: "COUNTY COMMISSIONER DISTRICT 2" ')
    assert "— REP — Beaverhead County" in said and not target.exists()
    out, err = io.StringIO(), io.StringIO()
    title = "STATE REPRESENTATIVE DISTRICT 57"
    assert (
        main(["kit", primary, "--contest", title, "--party", "REP", "--pdf", str(target)], out, err)
        == 0
    )
    assert "Party (nomination): REP" in " ".join(
        pypdf.PdfReader(target).pages[0].extract_text().split()
    )

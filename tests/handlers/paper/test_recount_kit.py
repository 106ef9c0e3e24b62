"""The recount board's kit, read back page by page with pypdf: one contest, one party, one
county board per certificate (issue 33). Expected names, precincts and votes are read from
the fixture files here, independently of handlers.results.precincts."""

from __future__ import annotations

import io
import re
import unicodedata
from datetime import date, datetime
from zoneinfo import ZoneInfo

import pypdf
import pytest

from domain import ContestKind
from handlers.paper.record import Provenance
from handlers.paper.recount_kit import is_school, kit_pdf
from handlers.results import ResultsFileError, ScanOptions, scan
from handlers.results.precincts import PrecinctRow, PrecinctRows, Wanted, precinct_rows
from handlers.results.tables import read_tables, text

from ..results.fixtures import COUNTY_WORKBOOKS, LEGISLATIVE, PRIMARY_PRECINCTS, named, need

CASCADE = "CTYALL Results(7).xlsx"
CLERK = "Cascade County CLERK AND RECORDER"
AT = Provenance(datetime(2026, 11, 18, 14, 5, tzinfo=ZoneInfo("America/Denver")))
PAGE = re.compile(r"Page (\d+) of (\d+)")


def pages(pdf: bytes) -> list[str]:
    return [" ".join(p.extract_text().split()) for p in pypdf.PdfReader(io.BytesIO(pdf)).pages]


def numbered(texts: list[str]) -> list[tuple[int, int]]:
    """Each page's "Page N of M", asserting every page has exactly one."""
    found = [PAGE.findall(t) for t in texts]
    assert all(len(f) == 1 for f in found), [i for i, f in enumerate(found) if len(f) != 1]
    return [(int(n), int(m)) for ((n, m),) in found]


def packets(texts: list[str]) -> list[list[str]]:
    """The pages cut where "Page 1 of M" starts a county's packet again."""
    out: list[list[str]] = []
    for text_, (n, _m) in zip(texts, numbered(texts), strict=True):
        if n == 1:
            out.append([])
        out[-1].append(text_)
    return out


def primary_file_rows(title: str, party: str) -> dict[tuple[str, str], dict[str, int]]:
    """(county, precinct) -> name -> votes of one race and party, read from the file here."""
    path = need(PRIMARY_PRECINCTS)
    (table,) = read_tables(path.name, path.read_bytes())[:1]
    at = next(i for i, r in enumerate(table.rows) if "RaceName" in [text(c) for c in r])
    col = {text(c): j for j, c in enumerate(table.rows[at])}
    out: dict[tuple[str, str], dict[str, int]] = {}
    for r in table.rows[at + 1 :]:
        if len(r) <= col["Votes"] or text(r[col["RaceName"]]) != title:
            continue
        if text(r[col["PartyCode"]]) != party:
            continue
        place = (text(r[col["CountyName"]]), text(r[col["PrecinctName"]]))
        by_name = out.setdefault(place, {})
        name = text(r[col["NameOnBallot"]])
        by_name[name] = by_name.get(name, 0) + int(float(str(r[col["Votes"]])))
    return out


def test_the_kit_of_a_real_contest_holds_every_precinct_and_its_canvass_votes() -> None:
    files = [named(need(COUNTY_WORKBOOKS) / CASCADE)]
    rows = precinct_rows(files, CLERK)
    result = scan(files, ScanOptions(today=date(2022, 11, 30)))
    (contest,) = [c.contest for c in result.contests if c.contest.title.startswith(CLERK)]
    by_name = {c.name: c.votes for c in contest.choices}
    # the precincts' canvass votes add up to what the scan sums for the contest
    assert dict(zip(rows.choices, rows.totals, strict=True)) == by_name
    texts = pages(kit_pdf(rows, AT))
    sheets = [t for t in texts if "Tally sheet (13-16-412(3)) Contest:" in t]
    certificate = " ".join(t for t in texts if t not in sheets)
    assert len(sheets) == len(rows.rows) == 23  # a sheet per precinct, each whole on a page
    total = len(texts)
    assert numbered(texts) == [(n, total) for n in range(1, total + 1)]
    assert "Certificate of the recount (13-16-418)" in certificate
    assert "County: Cascade County" in certificate and "Cascade County recount board" in certificate
    for row in rows.rows:
        assert row.precinct in certificate and f"{row.votes[0]:,}" in certificate
    assert "Totals 14,301 14,331" in certificate
    # one county's office: recanvassed at once, not sent to the Secretary of State
    assert "(13-16-418(1)(e))" in certificate and "13-16-418(1)(d)" not in certificate
    assert "election administrator" in certificate and "Seal" in certificate
    assert "Proceedings of the board (13-16-418(1)(c))" in certificate
    assert "Members present:" in certificate and "representatives who appeared" in certificate
    assert "Results read: 2022 Unofficial General Election Results" in certificate
    assert "Election: general election of ____" in certificate  # its date: not in the file
    assert "As of: Wed Nov 18, 2026" in certificate and "Date of the recount: ___" in certificate
    for sheet, row in zip(sheets, rows.rows, strict=True):
        assert f"Precinct: {row.precinct}" in sheet and "SANDRA MERCHANT" in sheet
        # the page's heading: the title names its county, so it is not said twice
        assert f"{CLERK}/AUDITOR/SURVEYOR Tally sheet (13-16-412(3)) — {row.precinct}" in sheet
        assert "SURVEYOR — Cascade County" not in sheet


def test_a_primary_kit_is_one_partys_and_says_to_recount_only_its_ballots() -> None:
    title, party = "COUNTY COMMISSIONER DISTRICT 2", "REP"
    expected = {k: v for k, v in primary_file_rows(title, party).items() if k[0] == "Flathead"}
    others = {
        name
        for other in ("DEM", "NP")
        for votes in primary_file_rows(title, other).values()
        for name in votes
    }
    rows = precinct_rows([named(PRIMARY_PRECINCTS)], f"{title} — {party} — Flathead County")
    assert {(r.county, r.precinct) for r in rows.rows} == set(expected)
    names = {n for votes in expected.values() for n in votes}
    assert set(rows.choices) == names and not names & others
    texts = pages(kit_pdf(rows, AT))
    assert all(f"{title} — {party} — Flathead County" in t for t in texts)  # headed
    assert not any(name in t for t in texts for name in others)  # no other party's candidate
    certificate = texts[0]
    assert "Party (nomination): REP" in certificate
    assert "recount only the REP ballots" in certificate and "(13-16-412(2))" in certificate
    assert all("the REP ballots only" in t for t in texts if "Tally sheet (13-16-412(3)) C" in t)


def test_a_multicounty_contest_has_a_certificate_per_county_made_in_duplicate() -> None:
    """House District 57 (2022 primary) spans Stillwater and Sweet Grass: each county's board
    certifies its own precincts, named with their county, in duplicate for the Secretary of
    State (13-16-418(1)(d))."""
    title = "STATE REPRESENTATIVE DISTRICT 57"
    expected = primary_file_rows(title, "REP")
    counties = sorted({county for county, _ in expected})
    assert len(counties) == 2
    rows = precinct_rows([named(PRIMARY_PRECINCTS)], Wanted(title, party="rep"))
    texts = pages(kit_pdf(rows, AT))
    by_county = packets(texts)
    assert len(by_county) == len(counties)
    for packet in by_county:
        county = next(c for c in counties if f"{title} — REP — {c} County" in packet[0])
        assert all(f"{title} — REP — {county} County" in p for p in packet)
        certificate = " ".join(p for p in packet if "Tally sheet (13-16-412(3)) Contest" not in p)
        assert certificate.count("Certificate of the recount (13-16-418)") >= 1
        mine = [p for c, p in expected if c == county]
        theirs = [p for c, p in expected if c != county]
        for precinct in mine:
            assert f"{county} — {precinct}" in certificate
        assert not any(f"— {p} " in certificate for p in theirs if p not in mine)
        assert f"Subtotal, {county} County" in certificate
        assert "Make this certificate in duplicate" in certificate
        assert "certified mail (13-16-418(1)(d))" in certificate
        assert "13-16-418(1)(e)" not in certificate
        assert f"{county} County recount board" in certificate
        sheets = [p for p in packet if "Tally sheet (13-16-412(3)) Contest" in p]
        assert len(sheets) == len(mine)


def fifteen(precincts: int) -> PrecinctRows:
    """A contest of fifteen candidates, as Bozeman's study commission had (not in the
    fixtures: the stored county workbooks and precinct files hold none past eight)."""
    names = [f"CANDIDATE {i} OF THE STUDY COMMISSION" for i in range(1, 16)]
    rows = [
        PrecinctRow("Gallatin", f"BOZEMAN {p}", [p * 100 + i for i in range(15)])
        for p in range(1, precincts + 1)
    ]
    contest = PrecinctRows("CITY OF BOZEMAN STUDY COMMISSIONER", names, rows, county="Gallatin")
    contest.kind = ContestKind.MUNICIPAL
    return contest


def test_fifteen_candidates_go_in_groups_of_four_every_one_with_its_votes() -> None:
    rows = fifteen(12)
    texts = pages(kit_pdf(rows, AT))
    certificate = " ".join(t for t in texts if "Tally sheet (13-16-412(3)) Contest" not in t)
    for first, last in ((1, 4), (5, 8), (9, 12), (13, 15)):
        assert f"Candidates {first}–{last} of 15" in certificate
    for name in rows.choices:
        assert certificate.count(name) >= 1
    # candidate 15 (the last group's last) in precinct 12: 1,214; its total 12 x 14 + 7,800
    assert "1,214" in certificate and f"{sum(p * 100 + 14 for p in range(1, 13)):,}" in certificate
    sheets = [t for t in texts if "Tally sheet (13-16-412(3)) Contest" in t]
    assert len(sheets) == 12  # fifteen rows fit one page: each sheet whole on its page
    assert all(all(name in s for name in rows.choices) for s in sheets)


@pytest.mark.parametrize("precincts", range(14, 34, 3))
def test_the_signatures_are_never_a_page_of_their_own(precincts: int) -> None:
    """Whatever the number of precincts, the page with the signatures also holds the totals
    and precincts above them."""
    rows = PrecinctRows(
        "SHERIFF",
        ["ANN", "BOB"],
        [PrecinctRow("Lake", f"P{i}", [i, i + 1]) for i in range(precincts)],
        county="Lake",
        kind=ContestKind.COUNTY,
    )
    texts = pages(kit_pdf(rows, AT))
    (signed,) = [t for t in texts if "Board member:" in t]
    assert "Totals" in signed and f"P{precincts - 1} " in signed and "Attest:" in signed


def test_a_tally_sheet_too_long_for_a_page_is_headed_again() -> None:
    names = [f"C{i}" for i in range(30)]
    rows = PrecinctRows(
        "SHERIFF", names, [PrecinctRow("Lake", "P1", [1] * 30)], county="Lake", kind=None
    )
    texts = pages(kit_pdf(rows, AT))
    sheet = [t for t in texts if "Tally sheet (13-16-412(3)) — P1" in t]
    assert len(sheet) >= 2  # the sheet's pages, each headed with its precinct
    assert all("Candidate or choice Tally Total" in t for t in sheet)
    assert all(f"C{i} " in " ".join(sheet) for i in range(30))


def test_a_contest_of_unknown_kind_gives_both_copies_rules_as_alternatives() -> None:
    rows = PrecinctRows("WATER USERS BOARD", ["A", "B"], [PrecinctRow(None, "P1", [1, 2])])
    certificate = pages(kit_pdf(rows, AT))[0]
    assert "County: ____________________ County" in certificate  # not known: a line to fill
    assert "For a congressional, legislative or district court office" in certificate
    assert "For a contest voted on in this county only" in certificate


def test_a_district_workbook_has_no_precincts() -> None:
    with pytest.raises(ResultsFileError, match="a row per county, not per precinct"):
        precinct_rows([named(need(LEGISLATIVE))], "HD 072")


def test_a_school_contest_gets_the_school_recount_boards_certificate() -> None:
    assert is_school("ELEMENTARY SCHOOL DISTRICT 7 TRUSTEE")
    assert not is_school("SHERIFF")
    rows = PrecinctRows(
        "ELEMENTARY SCHOOL DISTRICT 7 TRUSTEE",
        ["A", "B"],
        [PrecinctRow("Lake", "P1", [3, 4])],
        kind=ContestKind.SCHOOL,
    )
    certificate = pages(kit_pdf(rows, AT))[0]
    assert "school recount board" in certificate and "district clerk" in certificate
    assert "13-16-418(1)(d)" not in certificate and "13-16-418(1)(e)" not in certificate


def test_names_the_standard_fonts_lack_are_printed_as_written() -> None:
    rows = PrecinctRows(
        "Lake County SHERIFF",
        ["Nguyễn Văn A", "Łukasz Nowak"],
        [PrecinctRow("Lake", "Ałnaqiʔ 1", [12, 10]), PrecinctRow("Lake", "Polson 2", [3, 4])],
    )
    pdf = kit_pdf(rows, AT)
    texts = pages(pdf)
    for name in ("Nguyễn Văn A", "Łukasz Nowak", "Ałnaqiʔ 1"):
        assert name in texts[0]  # the certificate's head and its precinct column
    assert "Nguyễn Văn A" in texts[1] and "Precinct: Ałnaqiʔ 1" in texts[1]  # its tally sheet
    assert pdf == kit_pdf(rows, AT)


def test_the_kit_prints_a_hostile_files_names_without_what_hides_or_reorders() -> None:
    rows = PrecinctRows(
        "\u202eSHERIFF\ufeff",
        ["Smith\u2060\U000e0041", "\x1b[2JJones\u061c"],
        [PrecinctRow(None, "Polson\u2066 1", [12, 10])],
    )
    reader = pypdf.PdfReader(io.BytesIO(kit_pdf(rows, AT)))
    found = " ".join(p.extract_text() for p in reader.pages)
    for name in ("SHERIFF", "Smith", "[2JJones", "Polson 1"):
        assert name in found
    assert not any(unicodedata.category(ch)[0] == "C" for ch in found.replace("\n", ""))
    assert reader.metadata is not None and reader.metadata.title == "Recount kit: SHERIFF"


@pytest.mark.parametrize("precincts", [6, 12, 13, 20, 31])
def test_a_groups_totals_never_stand_alone_at_the_top_of_a_page(precincts: int) -> None:
    """Looked at as PNG: twelve precincts put the first group's "Totals" alone on page 2,
    under a header of its own. A page's first totals follow a precinct of theirs."""
    texts = pages(kit_pdf(fifteen(precincts), AT))
    for page in (t for t in texts if "Tally sheet (13-16-412(3)) Contest" not in t):
        if "Totals" in page:
            before = page[: page.index("Totals")]
            assert re.search(r"BOZEMAN \d+ ", before), page[:400]
        # a group's heading is never the last thing on its page
        for heading in re.findall(r"Candidates \d+–\d+ of 15", page):
            assert re.search(re.escape(heading) + r".*BOZEMAN \d+ ", page), heading


def test_reportlab_runs_with_its_accelerator() -> None:
    """reportlab[accel] is installed (pyproject, requirements.lock): its C helpers format the
    kit's numbers and strings. Without them reportlab falls back to Python silently, and the
    357-precinct kit takes about a quarter more CPU."""
    import reportlab.lib.rl_accel as accel

    assert accel.fp_str.__module__ == "_rl_accel"


def test_an_unofficial_files_votes_are_not_called_the_official_canvass() -> None:
    """13-16-418(1)(c): the certificate sets out each precinct's vote by the official
    canvass. A file whose banner says "Unofficial" gives figures to check against it."""
    rows = precinct_rows([named(need(COUNTY_WORKBOOKS) / CASCADE)], CLERK)
    assert rows.election == "2022 Unofficial General Election Results"  # the file's banner
    certificate = pages(kit_pdf(rows, AT))[0]
    assert "canvass recount" not in certificate  # no column of "canvass" votes
    assert "RINA FONTANA MOORE SANDRA MERCHANT unofficial recount unofficial recount" in (
        certificate
    )
    assert (
        'The votes printed in the "unofficial" columns are the file\'s (2022 Unofficial General '
        "Election Results), not the official canvass. Before signing, check each against the "
        "official canvass"
    ) in certificate
    assert "(13-16-418(1)(c))" in certificate.split("not the official canvass", 1)[1]
    # the same votes from a file that does not say so: the canvass's, with no such line
    official = PrecinctRows(rows.title, rows.choices, rows.rows, county="Cascade")
    official.election = "2022 General Election Results"
    said = pages(kit_pdf(official, AT))[0]
    assert "canvass recount canvass recount" in said and "unofficial" not in said

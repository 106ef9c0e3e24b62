"""The scan reads every contest as the law would: the deciding body, primaries, seats,
coverage, the canvass, and a report a clerk can act on (issue 16's cases)."""

from __future__ import annotations

import csv
import io
import json
import shlex
from datetime import date

import pytest

from domain import ContestKind, Outcome, verdict_json
from domain.readings import NONPARTISAN_PRIMARY, RETENTION
from handlers.results import ScanOptions, answers_from, scan, scan_csv, scan_json, scan_text
from handlers.results.contests import reading_line
from handlers.results.facts import check_line
from handlers.results.render_csv import CSV_COLUMNS
from handlers.results.scan import Scan, ScannedContest
from handlers.terminal.verdict import verdict_output

from .fixtures import PRIMARY_PRECINCTS, county_workbooks, named

TODAY = date(2022, 11, 30)
CANVASS = date(2022, 11, 28)


def table(
    *rows: str, header: str = "contest,choice,votes", name: str = "t.csv"
) -> tuple[str, bytes]:
    return name, "\n".join((header, *rows)).encode()


def run(*files: tuple[str, bytes], **options: object) -> Scan:
    return scan(list(files), ScanOptions(today=TODAY, canvass=CANVASS, **options))  # type: ignore[arg-type]


def by_title(result: Scan, title: str) -> ScannedContest:
    (found,) = [c for c in result.contests if c.contest.title == title]
    return found


# --- the deciding body --------------------------------------------------------------------


def test_a_citys_initiative_is_the_citys_question() -> None:
    c = by_title(
        run(
            table(
                "CITY OF MISSOULA INITIATIVE NO. 1,For,5000",
                "CITY OF MISSOULA INITIATIVE NO. 1,Against,4990",
            )
        ),
        "CITY OF MISSOULA INITIATIVE NO. 1",
    )
    assert c.contest.kind is ContestKind.QUESTION and c.verdict is not None
    j = verdict_json(c.verdict)
    assert (j["subsection"], j["file_with"], j["signers_required"]) == (
        "13-16-201(3)",
        "election_administrator",
        10,
    )


def test_a_county_levy_about_schools_is_the_countys() -> None:
    title = "COUNTY SCHOOL RESOURCE OFFICER PUBLIC SAFETY LEVY"
    c = by_title(run(table(f"{title},Yes,700", f"{title},No,650")), title)
    assert c.contest.kind is ContestKind.QUESTION


def test_a_title_naming_two_bodies_goes_to_a_person_where_the_answer_matters() -> None:
    title = "SCHOOL DISTRICT 4 AND CITY OF LIVINGSTON JOINT LEVY"
    c = by_title(run(table(f"{title},Yes,700", f"{title},No,698")), title)
    assert c.verdict is None and c.contest.kind is None
    (doubt,) = c.contest.attention
    assert "names a school district and a county, city or district" in doubt and "--kind" in doubt
    # what each answer would give, said on the line that asks
    assert "as school-question: electors may petition (margin 2, up to 3)" in doubt
    assert "as question: electors may petition (margin 2, up to 3)" in doubt


def test_a_one_sided_contest_with_a_doubtful_body_raises_no_attention() -> None:
    title = "SCHOOL DISTRICT 4 AND CITY OF LIVINGSTON LAND EXCHANGE"
    result = run(table(f"{title},Yes,9438", f"{title},No,4251"))
    c = by_title(result, title)
    assert c.verdict is None and c.contest.attention == []
    assert c.contest.notes == ["the margin is too large whichever kind it is: nothing to ask"]
    assert "Need a person" not in scan_text(result)


# --- primaries ---------------------------------------------------------------------------

OPENELECTIONS_PRIMARY = "20240604__mt__primary__county.csv"


def openelections(*rows: str) -> tuple[str, bytes]:
    return table(
        *rows, header="county,office,district,party,candidate,votes", name=OPENELECTIONS_PRIMARY
    )


def test_a_supreme_court_primary_with_a_blank_party_advances_two() -> None:
    result = run(
        openelections(
            "Total,Supreme Court Justice #1,,,A,100000",  # a total row: never a county
            *(
                f"{county},Supreme Court Justice #1,,,{name},{votes}"
                for county in ("Cascade",)
                for name, votes in (("A", 100000), ("B", 99900), ("C", 50000))
            ),
        ),
        complete=True,
    )
    c = by_title(result, "Supreme Court Justice #1")
    assert c.contest.seats == 2 and c.contest.seats_from == "primary rule"
    assert c.verdict is not None and c.verdict.margin is not None
    # B advances with A: the defeated candidate is C, 49,900 behind B
    assert (c.verdict.margin.behind.name, c.verdict.margin.margin) == ("C", 49900)
    assert c.verdict.outcome is Outcome.NOT_AVAILABLE
    assert reading_line(NONPARTISAN_PRIMARY) in c.contest.notes
    # none of the 2025 supreme court bills passed (related.md): no note on the primary
    assert not any("2025" in note for note in c.contest.notes)


def test_two_candidates_of_a_nonpartisan_primary_both_advance() -> None:
    result = run(
        openelections(
            "Flathead,District Court Judge District 11 Dept 4,,,A,900",
            "Flathead,District Court Judge District 11 Dept 4,,,B,100",
        ),
        complete=True,
    )
    (c,) = result.contests
    assert c.verdict is None and c.contest.attention == [] and c.contest.both_advance
    assert "both candidates advance" in c.contest.notes[0]
    assert "1 where every candidate advances" in scan_text(result)


@pytest.fixture(scope="module")
def primary_2022() -> Scan:
    return scan(
        [named(PRIMARY_PRECINCTS)],
        ScanOptions(today=date(2022, 6, 22), canvass=date(2022, 6, 21)),
    )


def test_the_2022_primary_asks_no_person_about_a_two_candidate_nonpartisan_race(
    primary_2022: Scan,
) -> None:
    for c in primary_2022.contests:
        if c.contest.attention:
            nonpartisan = reading_line(NONPARTISAN_PRIMARY) in c.contest.notes
            assert not (nonpartisan and len(c.contest.choices) == 2), c.contest.label
    advancing = [c for c in primary_2022.contests if c.contest.both_advance]
    assert advancing and all(c.verdict is None and not c.contest.attention for c in advancing)


# --- seats --------------------------------------------------------------------------------


def test_a_singular_supervisor_with_five_candidates_raises_the_seats_doubt() -> None:
    title = "GALLATIN SOIL CONSERVATION DISTRICT SUPERVISOR"
    rows = [
        f"{title},{n},{v}" for n, v in (("A", 900), ("B", 850), ("C", 800), ("D", 795), ("E", 600))
    ]
    c = by_title(run(table(*rows)), title)
    assert c.verdict is None  # never a verdict on an assumed seat count that matters
    (asked,) = c.contest.attention
    assert asked == (
        f'how many seats? give --seats "{title}=N" (with 1 seat: margin too large; with 2 '
        "seats: margin too large; with 3 seats: D may petition (5 behind C); with 4 seats: "
        "margin too large)"
    )


def supervisors(*votes: int) -> ScannedContest:
    title = "GALLATIN SOIL CONSERVATION DISTRICT SUPERVISOR"
    rows = [f"{title},{name},{v}" for name, v in zip("ABCDE", votes, strict=False)]
    return by_title(run(table(*rows)), title)


def test_a_seats_doubt_every_count_of_which_is_too_large_gives_that_verdict() -> None:
    # 4,000 votes: the closest count is 2 seats, C 21 behind B, one above 1/2 of 1% (20),
    # the 13-16-211 band: every count from 1 to 3 gives margin too large
    c = supervisors(2000, 1000, 979, 21)
    assert c.verdict is not None and c.verdict.outcome is Outcome.NOT_AVAILABLE
    assert c.contest.attention == [] and c.contest.seats == 1
    assert c.verdict.margin is not None and c.verdict.margin.margin == 1000  # A over B
    assert c.contest.notes[-1] == (
        "the margin is too large with any seat count from 1 to 3 (closest with 2 seats: C 21 "
        "behind B): nothing to ask, and the verdict is shown at 1 seat, the count taken when "
        "none is given"
    )
    assert verdict_json(c.verdict)["outcome"] == "margin_too_large"


@pytest.mark.parametrize(("third", "asked"), [(980, True), (981, True), (979, False)])
def test_a_seats_doubt_is_asked_once_one_count_reaches_the_bond_band(
    third: int, asked: bool
) -> None:
    # with 2 seats C trails B (1000) by 20, at 1/2 of 1% of 4,000; by 19, one below; by 21,
    # one above: only then does every count give margin too large and a verdict
    c = supervisors(2000, 1000, third, 4000 - 3000 - third)
    assert (c.verdict is None) is asked
    assert bool(c.contest.attention) is asked


# --- coverage and counties ----------------------------------------------------------------


@pytest.fixture(scope="module")
def general_2022() -> Scan:
    # All 56 county workbooks, without --complete: the whole state.
    return scan(county_workbooks(), ScanOptions(today=TODAY, canvass=CANVASS))


def test_every_2022_workbook_names_its_county(general_2022: Scan) -> None:
    """Lewis and Clark's workbook titles read "Lewis & Clark County ...": its county is named,
    so none of its one-county contests asks for it, and the report asks nothing of any file."""
    lewis_and_clark = [
        c for c in general_2022.contests if "CTYALL Results(25).xlsx" in c.contest.files
    ]
    one_county = [c for c in lewis_and_clark if c.contest.kind is ContestKind.COUNTY]
    assert one_county and {c.contest.county for c in one_county} == {"Lewis and Clark"}
    text = scan_text(general_2022, show_all=True)
    assert "county not named" not in text and "name no county" not in text


def test_the_56_county_workbooks_are_the_whole_state_without_complete(general_2022: Scan) -> None:
    assert general_2022.whole_state
    statewide = [
        c
        for c in general_2022.contests
        if c.contest.kind in (ContestKind.STATE_QUESTION, ContestKind.CONGRESSIONAL)
    ]
    assert statewide and all(c.verdict is not None for c in statewide)
    assert all(c.contest.coverage == "whole" for c in statewide)
    lines = scan_text(general_2022).splitlines()
    assert lines[1] == (
        'Read as a general election: the banner says "2022 Unofficial General Election Results".'
    )
    assert lines[2] == (
        "Read 56 files: 2022 Unofficial General Election Results; every precinct reporting in "
        "each; downloaded from 11/23/2022 10:14:31 AM to 11/23/2022 10:28:40 AM."
    )
    assert lines[3].startswith("The figures are unofficial (the files say so)")
    assert "all 56 counties" in lines[4]
    # unofficial counts: the candidate ahead leads, and has not won
    assert "SANDRA MERCHANT 14,331 (leads), RINA FONTANA MOORE 14,301" in "\n".join(lines)


def test_fewer_than_56_workbooks_are_shares(general_2022: Scan) -> None:
    some = scan(county_workbooks()[:55], ScanOptions(today=TODAY, canvass=CANVASS))
    assert not some.whole_state
    amendment = [c for c in some.contests if c.contest.kind is ContestKind.STATE_QUESTION]
    assert amendment and all(c.verdict is None for c in amendment)


def test_the_json_gives_a_county_only_to_one_county_contests(general_2022: Scan) -> None:
    j = scan_json(general_2022)
    for contest in j["contests"]:
        if contest["kind"] in ("state", "congressional", "state-question", "legislature"):
            assert contest["county"] is None, contest["title"]
    cascade = [
        c for c in j["contests"] if c["title"].startswith("Cascade County CLERK AND RECORDER")
    ]
    assert [c["county"] for c in cascade] == ["Cascade"]


def test_a_one_county_contest_without_its_county_in_the_title_names_it(general_2022: Scan) -> None:
    one_county = [
        c
        for c in general_2022.contests
        if c.contest.title == "COMMISSIONER DIST # 3" and c.contest.kind is ContestKind.COUNTY
    ]
    assert one_county and all(
        c.contest.county and c.contest.county in c.contest.label for c in one_county
    )


# --- the canvass --------------------------------------------------------------------------


def test_the_state_canvass_counts_the_2_4_5_deadlines() -> None:
    rows = (
        "US Representative,A,4010",
        "US Representative,B,3990",
        "Sheriff,C,900",
        "Sheriff,D,895",
    )
    without = run(table(*rows), complete=True)
    house = by_title(without, "US Representative")
    # without the state canvass: no day, never one counted from the county canvass
    assert house.verdict is not None and house.verdict.deadline is None
    assert house.verdict.waiting_for_state_canvass and house.verdict.act_by is None
    assert house.verdict.inputs.canvass == CANVASS
    given = run(table(*rows), complete=True, state_canvass=date(2022, 12, 5))
    house = by_title(given, "US Representative")
    sheriff = by_title(given, "Sheriff")
    assert house.verdict is not None and house.verdict.deadline is not None
    assert house.verdict.deadline.canvass == date(2022, 12, 5)
    assert sheriff.verdict is not None and sheriff.verdict.deadline is not None
    assert sheriff.verdict.deadline.canvass == CANVASS
    assert not house.verdict.waiting_for_state_canvass


# --- what each listed contest says --------------------------------------------------------


def test_a_listed_contest_says_its_choices_the_day_to_act_and_the_line_that_reproduces_it() -> None:
    rows = ("Sheriff,Smith,1204", "Sheriff,Jones,1199")
    result = scan([table(*rows)], ScanOptions(today=date(2022, 11, 30), canvass=CANVASS))
    text = " ".join(scan_text(result).split())
    assert "Smith 1,204 (won), Jones 1,199" in text
    assert "File with the election administrator by Fri Dec 2, 2022" in text
    c = by_title(result, "Sheriff")
    line = check_line(c)
    assert line in text
    # the line gives the same verdict as the scan (the same function, the same inputs)
    text_after = shlex.split(line)[2]
    assert json.loads(verdict_output(text_after, TODAY, as_json=True)) == verdict_json(c.verdict)  # type: ignore[arg-type]


def test_the_bond_band_says_where_to_file_who_sets_the_bond_and_by_when() -> None:
    rows = ("State Senate 9,A,4015", "State Senate 9,B,3985")
    result = run(table(*rows), complete=True, state_canvass=date(2022, 12, 5))
    text = " ".join(scan_text(result).split())
    assert "13-16-211 bond band (1)" in text
    assert "File with the secretary of state by Fri Dec 9, 2022" in text
    assert "set by the election administrator of the candidate's county of residence" in text


def test_every_outcome_has_its_section_and_the_deadline_passed_is_never_outside_the_margin() -> (
    None
):
    rows = ("Sheriff,A,1204", "Sheriff,B,1199", "Treasurer,C,900", "Treasurer,D,700")
    result = scan([table(*rows)], ScanOptions(today=date(2022, 12, 30), canvass=CANVASS))
    text = scan_text(result)
    assert "Deadline passed (the margin qualified, or was in the 13-16-211 bond band) (1)" in text
    assert "1 other contest: 1 outside the margin" in text  # the treasurer, not the sheriff


def test_the_2022_general_scanned_today_lists_cascade_under_deadline_passed() -> None:
    result = scan(county_workbooks(), ScanOptions(today=date(2026, 12, 1), canvass=CANVASS))
    text = scan_text(result)
    section = text[text.index("Deadline passed (the margin qualified") :]
    assert "Cascade County CLERK AND RECORDER/AUDITOR/SURVEYOR" in section.split("\n\n")[0]
    assert "RINA FONTANA MOORE is 30 votes behind SANDRA MERCHANT" in " ".join(section.split())


def test_the_csv_has_file_county_and_code() -> None:
    data = b"contest,choice,votes,county\nSheriff,Smith,1204,Cascade\nSheriff,Jones,1199,Cascade"
    result = scan([("cascade.csv", data)], ScanOptions(today=TODAY, canvass=CANVASS))
    header, row = list(csv.reader(io.StringIO(scan_csv(result))))
    assert tuple(header) == CSV_COLUMNS
    values = dict(zip(header, row, strict=True))
    assert (values["file"], values["county"], values["code"]) == ("cascade.csv", "Cascade", "")
    assert (values["act by"], values["file with"]) == ("2022-12-02", "election_administrator")


def test_singular_and_plural_words() -> None:
    result = run(table("Sheriff,Smith,1204", "Sheriff,Jones,1204"))
    first = scan_text(result).splitlines()[0]
    assert "1 file " in first and "1 contest," in first and "1 tie," in first
    assert "0 need a person" in first


# --- retention: the reading is ours, on every surface ---------------------------------------


def test_a_retention_contest_says_the_reading_is_ours_in_text_and_json() -> None:
    title = "Shall Judge JANE DOE of DISTRICT 18 DEPT 4 of the state of Montana be retained"
    result = run(table(f"{title},Yes,4990", f"{title},No,5000"), complete=True)
    text = " ".join(scan_text(result).split())
    assert "this reading is ours" in text
    (c,) = scan_json(result)["contests"]
    assert reading_line(RETENTION) in c["notes"]


# --- seats: asked only where the answer changes the verdict ---------------------------------

STUDY = "CITY OF BOZEMAN GOVERNMENT STUDY COMMISSIONER"
STUDY_ROWS = tuple(
    f"{STUDY},{name},{votes}"
    for name, votes in (
        ("ALDER", 1000),
        ("BIRCH", 990),
        ("CEDAR", 980),
        ("DOGWOOD", 970),
        ("ELM", 960),
        ("FIR", 950),
        ("GINKGO", 900),
        ("HAZEL", 897),
        ("IRONWOOD", 500),
    )
)


def test_a_study_commission_with_7_seats_given_names_the_right_close_pair() -> None:
    c = by_title(run(table(*STUDY_ROWS), answers=answers_from([], [f"{STUDY}=7"])), STUDY)
    assert c.contest.kind is ContestKind.MUNICIPAL  # it follows the government: a city's
    assert c.verdict is not None and c.verdict.margin is not None
    m = c.verdict.margin
    assert (m.behind.name, m.ahead.name, m.margin) == ("HAZEL", "GINKGO", 3)
    assert c.contest.attention == []


def test_assumed_1_seat_gives_no_verdict_where_7_would_differ() -> None:
    result = run(table(*STUDY_ROWS))
    c = by_title(result, STUDY)
    assert c.verdict is None  # never "Recount available" on an assumed seat count
    (asked,) = c.contest.attention
    assert asked.startswith(f'how many seats? give --seats "{STUDY}=N" (with 1 seat: BIRCH')
    assert "with 7 seats: HAZEL may petition (3 behind GINKGO)" in asked
    text = scan_text(result)
    assert "Recount available" not in text.replace("recount available", "")
    assert "with 7 seats: HAZEL may petition" in " ".join(text.split())  # the report says it


# --- retention votes: a close one is never hidden -----------------------------------------

JUDGE = "Shall Judge JANE DOE of DISTRICT 18 DEPT 4 of the state of Montana be retained"


def test_a_retained_judge_within_half_a_percent_is_listed() -> None:
    # the district's whole vote (a county's share of it is no verdict: --complete)
    result = run(table(f"{JUDGE},Yes,50010", f"{JUDGE},No,49990"), complete=True)
    c = by_title(result, JUDGE)
    assert c.verdict is None and c.contest.close_retention
    said = " ".join(scan_text(result).split())
    assert "Retention votes within 1/2 of 1% (1)" in said
    assert "Approve 50,010 · Reject 49,990: retained by 20 votes of 100,000, within 1/2 of 1%" in (
        said
    )
    assert "not settled by any text we saw" in said and "13-16-301" in said
    # a comfortable retention is not listed
    wide = run(table(f"{JUDGE},Yes,60000", f"{JUDGE},No,40000"), complete=True)
    assert not by_title(wide, JUDGE).contest.close_retention
    assert "Retention votes" not in scan_text(wide)


def test_a_rejected_judge_reads_approve_and_reject_never_rejection_won() -> None:
    result = run(table(f"{JUDGE},Yes,49995", f"{JUDGE},No,50005"), complete=True)
    text = " ".join(scan_text(result).split())
    assert "Approve 49,995 · Reject 50,005" in text
    assert "rejection 50,005 (won)" not in text and '"rejection"' not in text
    assert "the quick syntax has no retention form" in text


# --- one title in several counties of a county-keyed file ----------------------------------

BOND = "HOSPITAL DISTRICT BOND"
TWO_COUNTIES = (
    f"{BOND},Yes,500,Lake",
    f"{BOND},No,498,Lake",
    f"{BOND},Yes,300,Sanders",
    f"{BOND},No,299,Sanders",
)


def test_a_question_titled_alike_in_two_counties_goes_to_a_person() -> None:
    result = run(table(*TWO_COUNTIES, header="contest,choice,votes,county"))
    found = [c for c in result.contests if c.contest.title == BOND]
    assert len(found) == 2 and all(c.verdict is None for c in found)
    (asked,) = found[0].contest.attention
    assert asked.startswith(f'"{BOND}" is voted on in 2 counties (Lake, Sanders): one district')
    assert "As one multicounty-question: electors may petition" in asked
    assert "Lake: electors may petition (margin 2, up to 2)" in asked
    assert f'--kind "{BOND}=multicounty-question" or --kind "{BOND}=question"' in asked
    answered = run(
        table(*TWO_COUNTIES, header="contest,choice,votes,county"),
        answers=answers_from([f"{BOND}=multicounty-question"], []),
        complete=True,
    )
    (one,) = [c for c in answered.contests if c.contest.title == BOND]
    assert one.verdict is not None and one.verdict.rule.min_signers is not None
    assert (one.verdict.margin.margin if one.verdict.margin else None) == 3  # 800 - 797
    apart = run(
        table(*TWO_COUNTIES, header="contest,choice,votes,county"),
        answers=answers_from([f"{BOND}=question"], []),
    )
    assert all(c.verdict is not None for c in apart.contests if c.contest.title == BOND)


def test_a_one_sided_question_in_two_counties_asks_nobody() -> None:
    rows = [f"{BOND},Yes,900,Lake", f"{BOND},No,100,Lake", f"{BOND},Yes,800,Sanders"]
    rows.append(f"{BOND},No,100,Sanders")
    result = run(table(*rows, header="contest,choice,votes,county"))
    assert all(c.contest.attention == [] for c in result.contests)


def test_a_listed_multi_seat_contest_says_its_total_is_all_seats_together() -> None:
    title = "CITY COUNCIL WARD 2"
    rows = (f"{title},A,900", f"{title},B,850", f"{title},C,845")
    result = run(table(*rows), answers=answers_from([], [f"{title}=2"]))
    said = " ".join(scan_text(result).split())
    assert "With several seats, the total is every vote cast for the office, all seats" in said


@pytest.mark.parametrize(
    ("title", "asked"),
    [
        # a district court may span counties: its tie goes to the Secretary of State
        (JUDGE, "ask the Secretary of State"),
        # a city judge is voted on in one county: the county certifies its tie (issue 34)
        (
            "Shall Judge JOHN ROE of the CITY COURT OF BOZEMAN of the state of Montana be retained",
            "ask the election administrator",
        ),
    ],
)
def test_a_tied_retention_is_asked_of_the_office_that_certifies_it(title: str, asked: str) -> None:
    c = by_title(run(table(f"{title},Yes,5000", f"{title},No,5000"), complete=True), title)
    assert c.verdict is None
    (doubt,) = c.contest.attention
    assert "a tied retention vote" in doubt and asked in doubt
    assert ("Secretary of State" in doubt) is (asked == "ask the Secretary of State")


# --- a kind is asked only where it changes the verdict --------------------------------------

WARD = "WARD 3 ALDERPERSON OF THE TOWN OF ENNIS"  # a title no rule names the kind of


def test_an_unopposed_contest_of_unnamed_kind_is_not_asked_its_kind() -> None:
    c = by_title(run(table(f"{WARD},ANN,300")), WARD)
    assert c.contest.unopposed and c.verdict is None
    assert c.contest.attention == []  # one candidate: nobody defeated, the kind changes nothing


def test_an_opposed_contest_of_unnamed_kind_is_still_asked_its_kind() -> None:
    c = by_title(run(table(f"{WARD},ANN,300", f"{WARD},BOB,298")), WARD)
    assert c.verdict is None
    (asked,) = c.contest.attention
    assert asked.startswith("which kind of contest is this?")

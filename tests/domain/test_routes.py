"""The routes beside 13-16-201's rows, as related.md has them: today's school subsection (its
office, board, tie rule and canvass; in force since Apr 30, 2013) and 13-16-211's recount with a
bond (1/200, the same 5 days, the nomination office). The verdict reads them from the rows."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest

from domain import KINDS, RULES, ContestKind, FileWith, Outcome, Subsection
from domain.current_law import SCHOOL_ELECTIONS
from domain.drafting import who_pays
from domain.explain import explain
from domain.related import SCHOOL_QUESTION_TIE
from domain.routes import BOND, SCHOOL, STATUTE, official_canvass_note, route_of

from ..builders import verdict_of


def test_the_school_kinds_take_the_school_subsection_and_the_others_the_1987_rows() -> None:
    school = {k for k, info in KINDS.items() if route_of(info) is SCHOOL}
    assert school == {ContestKind.SCHOOL, ContestKind.SCHOOL_QUESTION}
    assert all(route_of(info) is STATUTE for k, info in KINDS.items() if k not in school)


def test_the_school_row_as_related_md_has_it() -> None:
    assert SCHOOL.took_effect == date(2013, 4, 30)  # Ch. 347, L. 2013
    assert "Ch. 347, L. 2013" in SCHOOL.section
    assert SCHOOL.file_with is FileWith.SCHOOL_ELECTION_FILING_OFFICER
    assert SCHOOL.nomination_office is FileWith.SCHOOL_DISTRICT_CLERK
    assert "three trustees" in SCHOOL.recount_board and "20-20-420" in SCHOOL.recount_board
    assert SCHOOL.tie.section == "13-16-203(2), 20-20-418"
    assert SCHOOL.canvass_note is not None and "20-20-416" in SCHOOL.canvass_note


def test_the_1987_rows_keep_their_own_offices() -> None:
    for subsection in (Subsection.ONE_COUNTY_OFFICE, Subsection.MULTI_COUNTY_OFFICE):
        assert STATUTE.office(RULES[subsection]) is RULES[subsection].file_with
    assert STATUTE.tie.section == "13-16-203" and STATUTE.took_effect is None


def test_the_bond_row_as_related_md_has_it() -> None:
    assert BOND.section == "13-16-211"
    assert BOND.share.value == Fraction(1, 200)
    assert BOND.window.value == 5
    # 13-10-201(2): the nomination office is 13-16-201's for the 1987 rows, the district
    # clerk for a school office
    one = RULES[Subsection.ONE_COUNTY_OFFICE]
    assert BOND.office(one, STATUTE) is FileWith.ELECTION_ADMINISTRATOR
    assert BOND.office(RULES[Subsection.MULTI_COUNTY_OFFICE], STATUTE) is (
        FileWith.SECRETARY_OF_STATE
    )
    assert BOND.office(one, SCHOOL) is FileWith.SCHOOL_DISTRICT_CLERK
    assert "each county where the office was voted on" in BOND.after_filing(True)
    assert "each county where" not in BOND.after_filing(False)


@pytest.mark.parametrize(
    ("text", "outcome", "file_with"),
    [
        # 1/400 of 1,000 is 2.5: a margin of 10 passes (1)'s floor of 10 votes
        (
            "school A 505 B 495 canvass 2026-11-16",
            Outcome.AVAILABLE,
            "school_election_filing_officer",
        ),
        # 1/200 of 10,000 is 50: 40 is past 1/400 (25) but within 1/200 -> the bond band
        ("school A 5020 B 4980 canvass 2026-11-16", Outcome.BOND, "school_district_clerk"),
        ("county A 5020 B 4980 canvass 2026-11-16", Outcome.BOND, "election_administrator"),
        ("legislature A 5020 B 4980 canvass 2026-11-16", Outcome.BOND, "secretary_of_state"),
    ],
)
def test_the_verdict_reads_its_office_from_the_route(
    text: str, outcome: Outcome, file_with: str
) -> None:
    v = verdict_of(text, today=date(2026, 11, 17))
    assert v.outcome is outcome
    assert v.file_with is not None and v.file_with.value == file_with


def test_a_school_tie_goes_to_the_trustees_by_the_school_row() -> None:
    v = verdict_of("school A 500 B 500 canvass 2026-11-16", today=date(2026, 11, 17))
    assert v.outcome is Outcome.TIE and SCHOOL.tie in v.related
    assert official_canvass_note(v.info) == SCHOOL.canvass_note


@pytest.mark.parametrize(
    ("canvass", "file_with"),
    [
        # Ch. 347, L. 2013 took effect Apr 30, 2013, read on the day of filing (the day to
        # act): a day before, on, and after it
        ("2013-04-24", "election_administrator"),  # + 5 = Mon Apr 29: the 1987 (1)
        ("2013-04-25", "school_election_filing_officer"),  # + 5 = Tue Apr 30
        ("2013-04-26", "school_election_filing_officer"),  # + 5 = Wed May 1
        # recount-rules.md 7a's own case: canvass Apr 29, filed Fri May 3, 2013: Ch. 347
        ("2013-04-29", "school_election_filing_officer"),
    ],
)
def test_the_school_subsection_applies_from_the_day_it_took_effect(
    canvass: str, file_with: str
) -> None:
    v = verdict_of(f"school A 505 B 495 canvass {canvass}", today=date.fromisoformat(canvass))
    assert v.file_with is not None and v.file_with.value == file_with
    assert (v.route is SCHOOL) is (file_with == "school_election_filing_officer")


# The 13-16-211 band of a school trustee race: 1/400 of 10,000 is 25, 1/200 is 50. A margin
# of 26 (one above 1/4 of 1%) and 50 (at 1/2 of 1%) are in the band; 51 is past it.
@pytest.mark.parametrize(("winner", "loser"), [(5013, 4987), (5025, 4975)])
def test_a_school_bond_band_is_recounted_by_the_school_recount_board(
    winner: int, loser: int
) -> None:
    v = verdict_of(f"school A {winner} B {loser} canvass 2026-11-16", today=date(2026, 11, 17))
    assert v.outcome is Outcome.BOND
    assert v.after_filing is not None
    # 13-16-211(3)'s board "as designated in 13-16-101": the school recount board (13-16-101(7))
    assert "school recount board" in v.after_filing and "20-20-420" in v.after_filing
    assert "county recount board" not in v.after_filing
    e = explain(v)
    filing = " ".join(e.petition_lines)
    # the school district clerk is from neighbouring sections, not 13-10-201(2)'s text
    assert "(13-10-211, 20-3-305; from neighbouring sections" in filing
    assert "13-10-201(2); text seen" not in filing
    pays = who_pays(v)
    assert "13-16-205(2)" in pays and "candidate bears them" in pays
    assert "county's charge" not in pays


def test_a_school_margin_past_the_bond_band_has_no_board_to_name() -> None:
    # 10,001 votes: 1/200 is 50.005, so 51 is past it
    v = verdict_of("school A 5026 B 4975 canvass 2026-11-16", today=date(2026, 11, 17))
    assert v.margin is not None and v.margin.margin == 51
    assert v.outcome is Outcome.NOT_AVAILABLE and v.after_filing is None


def test_a_county_bond_band_keeps_the_county_recount_board_and_13_10_201() -> None:
    v = verdict_of("county A 5020 B 4980 canvass 2026-11-16", today=date(2026, 11, 17))
    assert v.after_filing is not None and "county recount board" in v.after_filing
    assert "13-10-201(2); text seen" in " ".join(explain(v).petition_lines)
    assert "county's charge of 13-16-205" in who_pays(v)


def test_a_tied_school_question_leaves_a_surviving_tie_to_the_county_attorney() -> None:
    v = verdict_of("school-question for 1000 against 1000 canvass 2026-11-16", date(2026, 11, 17))
    assert v.outcome is Outcome.TIE and SCHOOL_QUESTION_TIE in v.related
    assert SCHOOL.tie not in v.related
    e = explain(v)
    said = " ".join((e.summary, *e.petition_lines, *e.related_lines))
    assert "resolved under 20-20-418" not in said
    assert "or as otherwise provided by law" in e.summary and "county attorney" in e.summary
    # a tied trustee race keeps 20-20-418's word
    race = explain(verdict_of("school A 500 B 500 canvass 2026-11-16", date(2026, 11, 17)))
    assert "resolved under 20-20-418" in race.summary


def test_the_school_note_says_ties_are_recounted_not_that_they_go_to_the_trustees() -> None:
    assert "ties go to the trustees" not in SCHOOL_ELECTIONS.says
    assert "proceed as if a petition had been filed" in SCHOOL_ELECTIONS.says

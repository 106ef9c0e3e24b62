"""The papers' heading: what is known said, what is not a blank to fill by hand."""

from __future__ import annotations

from datetime import date

from domain import Family
from domain.about import About
from domain.kinds import KINDS, ContestKind
from handlers.paper.about import BLANK, about_lines, about_rows

DAY = date(2026, 11, 18)


def test_everything_known_is_said_and_nothing_is_blank() -> None:
    about = About(
        as_of=DAY,
        county="Gallatin",
        election=date(2026, 6, 2),
        election_type="primary",
        party="Democratic",
        contest="HD 66",
        family=Family.CANDIDATE_RACE,
    )
    assert about_lines(about) == [
        "County: Gallatin County",
        "Election: primary election of Tue Jun 2, 2026",
        "Party (nomination): Democratic",
        "Office: HD 66",
        "As of: Wed Nov 18, 2026",
    ]
    assert "_" not in " ".join(about_lines(about))


def test_nothing_known_is_a_blank_line_for_each_fact_but_the_day() -> None:
    rows = dict(about_rows(About(as_of=DAY, family=Family.CANDIDATE_RACE)))
    assert BLANK in rows["County"] and BLANK in rows["Election"] and rows["Office"] == BLANK
    assert rows["Party, if a primary's nomination"] == BLANK  # may be a primary: nobody said
    assert rows["As of"] == "Wed Nov 18, 2026"


def test_a_general_election_has_no_party_line_and_a_question_never_has() -> None:
    general = About(as_of=DAY, election_type="general", family=Family.CANDIDATE_RACE)
    assert not any("Party" in label for label, _ in about_rows(general))
    question = About(as_of=DAY, family=Family.BALLOT_QUESTION, contest="Mill levy")
    rows = dict(about_rows(question))
    assert rows["Question"] == "Mill levy" and not any("Party" in k for k in rows)


def test_a_primary_without_its_party_leaves_the_party_blank() -> None:
    rows = dict(about_rows(About(as_of=DAY, election_type="Primary", family=None)))
    assert rows["Party (nomination)"] == BLANK
    assert rows["Office or question"] == BLANK


def test_half_an_election_is_said_with_a_blank_for_the_other_half() -> None:
    dated = dict(about_rows(About(as_of=DAY, election=date(2026, 11, 3))))["Election"]
    assert dated.startswith(BLANK) and dated.endswith("of Tue Nov 3, 2026")
    typed = dict(about_rows(About(as_of=DAY, election_type="special")))["Election"]
    assert typed.startswith("special election of ") and BLANK in typed


def test_a_statewide_contest_names_the_state_not_a_county_blank() -> None:
    for kind in (ContestKind.STATE, ContestKind.STATE_QUESTION):
        rows = dict(about_rows(About(as_of=DAY, kind=kind, family=KINDS[kind].family)))
        assert rows["Jurisdiction"] == "State of Montana (statewide)"
        assert "County" not in rows  # no "____ County" under a petition to the SOS


def test_a_contest_that_may_span_counties_leaves_room_for_each() -> None:
    for kind in (ContestKind.LEGISLATURE, ContestKind.MULTICOUNTY_QUESTION):
        rows = dict(about_rows(About(as_of=DAY, kind=kind, family=KINDS[kind].family)))
        assert rows["County or counties"].startswith(BLANK)
        assert "each county" in rows["County or counties"]


def test_a_county_given_is_said_whatever_the_kind() -> None:
    for kind in (ContestKind.STATE, ContestKind.LEGISLATURE, ContestKind.COUNTY):
        rows = dict(about_rows(About(as_of=DAY, county="Park", kind=kind)))
        assert rows["County"] == "Park County"


def test_a_one_county_kind_keeps_the_county_blank() -> None:
    rows = dict(about_rows(About(as_of=DAY, kind=ContestKind.COUNTY)))
    assert rows["County"] == f"{BLANK} County"

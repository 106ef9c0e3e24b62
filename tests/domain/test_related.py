"""Neighbouring sections, in our own words: built from the cited numbers, never quoted."""

from __future__ import annotations

from domain import KINDS, ContestKind, Subsection
from domain.related import (
    BOND_RECOUNT,
    NO_CANVASS_NOTE,
    SCHOOL_CANVASS_NOTE,
    SCHOOL_TIE,
    SPECIAL_DISTRICT_NOTE,
    TIE_RECOUNT,
)
from domain.routes import official_canvass_note
from domain.statute import statute_text


def test_the_bond_recount_states_its_band_from_the_cited_shares() -> None:
    assert BOND_RECOUNT.section == "13-16-211"
    assert "more than 1/4 of 1% but not more than 1/2 of 1%" in BOND_RECOUNT.summary
    assert "within 5 days after the official canvass" in BOND_RECOUNT.summary


def test_neighbouring_sections_are_described_not_quoted() -> None:
    text = statute_text()
    for summary in (BOND_RECOUNT.summary, TIE_RECOUNT.summary):
        assert summary not in text
    assert TIE_RECOUNT.section == "13-16-203"


def test_subsection_2_names_the_state_canvass_and_school_kinds_the_trustees() -> None:
    notes = {k: official_canvass_note(info) for k, info in KINDS.items()}
    named = {k for k, note in notes.items() if note}
    assert {k.value for k in named if KINDS[k].school} == {"school", "school-question"}
    assert {KINDS[k].subsection for k in named if not KINDS[k].school} == {
        Subsection(2),
        Subsection(4),
        Subsection(5),
    }
    school = (ContestKind.SCHOOL, ContestKind.SCHOOL_QUESTION)
    assert [notes[k] for k in school] == [SCHOOL_CANVASS_NOTE, SCHOOL_CANVASS_NOTE]
    # hedged: probably the trustees', and the county's for a school bond on its ballot
    assert "probably the trustees' canvass (20-20-416)" in SCHOOL_CANVASS_NOTE
    assert "may be canvassed by the county" in SCHOOL_CANVASS_NOTE
    # (2), (4) and (5): the state canvass, never the county's as a "safe" substitute; (4) and
    # (5) as firm as their source (inferred, but supported by 13-15-506 and 13-16-419(2))
    for kind in (ContestKind.STATE, ContestKind.STATE_QUESTION, ContestKind.MULTICOUNTY_QUESTION):
        note = notes[kind] or ""
        assert "the official canvass is the state canvass" in note
        assert "safe course" not in note
    assert "must wait for it" in (notes[ContestKind.STATE] or "")
    assert "[inferred, but supported: 13-15-506" in (notes[ContestKind.STATE_QUESTION] or "")
    # a multi-county district contest may follow a special district election instead
    for kind in (ContestKind.MULTICOUNTY_DISTRICT, ContestKind.MULTICOUNTY_QUESTION):
        assert "13-1-505" in (notes[kind] or "")
        assert official_canvass_note(KINDS[kind], special_district=True) == SPECIAL_DISTRICT_NOTE
    assert "13-1-505" not in (notes[ContestKind.STATE] or "")
    assert SCHOOL_TIE.summary not in statute_text()
    assert "5 days after the official canvass" in NO_CANVASS_NOTE

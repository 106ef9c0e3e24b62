"""Neighbouring sections, in our own words: built from the cited numbers, never quoted."""

from __future__ import annotations

from datetime import date

import pytest

from domain import KINDS, ContestKind, Subsection
from domain.explain import explain
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

from ..builders import verdict_of


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


# 13-15-401(1): the county canvass within 3 to 14 days after each election. Election Tue Nov 3,
# 2026: at, one below and one above each end.
@pytest.mark.parametrize(
    ("canvass", "questioned"),
    [
        ("2026-11-03", True),  # the election day itself
        ("2026-11-05", True),  # 2 days: one below 3
        ("2026-11-06", False),  # 3 days
        ("2026-11-07", False),  # 4 days
        ("2026-11-16", False),  # 13 days
        ("2026-11-17", False),  # 14 days
        ("2026-11-18", True),  # 15 days: one above 14
    ],
)
def test_a_county_canvass_outside_3_to_14_days_after_the_election_is_questioned(
    canvass: str, questioned: bool
) -> None:
    v = verdict_of(f"county A 100 B 95 election 2026-11-03 canvass {canvass}", date(2026, 11, 18))
    said = [n.text for n in v.notes if "is that the county canvass date?" in n.text]
    assert bool(said) is questioned
    if questioned:
        assert "(13-15-401(1))" in said[0] and "3 to 14 days" in said[0]
        assert " ".join(said[0].split()) in " ".join(" ".join(explain(v).deadline_lines).split())


def test_the_canvass_timing_is_not_questioned_without_an_election_or_for_a_school() -> None:
    for text in (
        "county A 100 B 95 canvass 2026-11-04",  # no election day given: nothing to compare
        "school A 100 B 95 election 2026-11-03 canvass 2026-11-04",  # the trustees' canvass
    ):
        v = verdict_of(text, date(2026, 11, 18))
        assert not any("is that the county canvass date?" in n.text for n in v.notes), text

"""Neighbouring sections, in our own words: built from the cited numbers, never quoted."""

from __future__ import annotations

from domain import Subsection
from domain.related import BOND_RECOUNT, NO_CANVASS_NOTE, TIE_RECOUNT, official_canvass_note
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


def test_only_subsection_2_names_the_state_canvass() -> None:
    assert [s for s in Subsection if official_canvass_note(s)] == [Subsection(2)]
    assert "5 days after the official canvass" in NO_CANVASS_NOTE

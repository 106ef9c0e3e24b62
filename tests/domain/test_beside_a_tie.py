"""A tie is recounted without a petition (13-16-203), but the rights beside it stay: another
defeated candidate within reach, and electors who want certainty on a tied (3) question, are
told their day and office, and get a draft (issue 34)."""

from __future__ import annotations

from datetime import date

import pytest

from domain import Outcome
from domain.drafting import drafted, why_no_petition
from domain.explain import explain
from domain.subsections import FileWith, Petitioner
from handlers.paper.petition import petition_lines

from ..builders import verdict_of

TODAY = date(2026, 11, 18)  # canvass Mon Nov 16 + 5 = Sat Nov 21: act by Fri Nov 20
FRIDAY = "file with the election administrator by Fri Nov 20, 2026"


# 289 to 292 votes: 1/4 of 1% is under 1, so (1)'s floor of 10 votes decides; 1/2 of 1% is
# under 2, so nobody is in the bond band. C at 9, 10 and 11 behind.
@pytest.mark.parametrize(("c", "within"), [(91, True), (90, True), (89, False)])
def test_a_candidate_beside_a_tie_is_told_the_day_and_the_office(c: int, within: bool) -> None:
    v = verdict_of(f"county A 100 B 100 C {c} canvass 2026-11-16", TODAY)
    assert v.outcome is Outcome.TIE
    if not within:
        assert v.also_qualify == ()
        assert why_no_petition(v) is not None  # the tie alone: nothing to file
        return
    (other,) = v.also_qualify
    assert other.name == "C" and other.margin == 100 - c
    assert other.verdict is not None and other.verdict.act_by == date(2026, 11, 20)
    assert other.as_json()["act_by"] == "2026-11-20"
    assert other.as_json()["file_with"] == FileWith.ELECTION_ADMINISTRATOR.value
    margin_lines = " ".join(" ".join(explain(v).margin_lines).split())
    assert f"C ({100 - c} votes behind A) may also petition: {FRIDAY}" in margin_lines
    # the draft is C's: a tie itself is never petitioned
    assert why_no_petition(v) is None
    assert drafted(v) is other.verdict and drafted(v).petitioner is Petitioner.DEFEATED_CANDIDATE
    lines = " ".join(petition_lines(v))
    assert "I, C, residing at" in lines and "I received" in lines
    assert "Beside the tie" not in lines  # a section title, not a line
    # the cover note says what the petition is beside: who is tied, then who may petition
    assert "A and B are tied for the seat" in lines
    assert f"C, {100 - c} votes behind A and B, may also petition" in lines


def test_beside_a_verdict_to_file_the_others_day_is_the_verdicts_own() -> None:
    v = verdict_of("county A 100 B 95 C 92 canvass 2026-11-16", TODAY)
    assert v.outcome is Outcome.AVAILABLE
    assert [a.name for a in v.also_qualify] == ["C"]
    assert "C (8 votes behind A) may also petition." in explain(v).margin_lines
    assert drafted(v) is v  # the draft is the checked candidate's


def test_a_candidate_beside_a_tie_whose_window_closed_gets_no_day() -> None:
    v = verdict_of("county A 100 B 100 C 92 canvass 2026-11-16", date(2026, 11, 24))
    assert v.outcome is Outcome.TIE
    (other,) = v.also_qualify
    assert other.outcome is Outcome.DEADLINE_PASSED and other.as_json()["act_by"] is None
    assert "C (8 votes behind A) also qualified, but the deadline has passed." in (
        explain(v).margin_lines
    )
    assert why_no_petition(v) is not None


def test_electors_beside_a_tied_question_are_told_their_petition() -> None:
    v = verdict_of("question for 1000 against 1000 canvass 2026-11-16", TODAY)
    assert v.outcome is Outcome.TIE and v.beside_tie is not None
    said = " ".join(" ".join(explain(v).petition_lines).split())
    assert f"may also petition (at least 10 electors must sign): {FRIDAY}" in said
    assert why_no_petition(v) is None
    assert drafted(v).petitioner is Petitioner.ELECTORS
    assert "Verified petition of electors for a recount" in " ".join(petition_lines(v))


def test_after_the_window_a_tied_question_offers_no_petition_beside_it() -> None:
    v = verdict_of("question for 1000 against 1000 canvass 2026-11-16", date(2026, 11, 24))
    assert v.outcome is Outcome.TIE
    assert "may also petition" not in " ".join(explain(v).petition_lines)
    assert why_no_petition(v) is not None


def test_a_tied_school_question_offers_no_petition_beside_it() -> None:
    v = verdict_of("school-question for 1000 against 1000 canvass 2026-11-16", TODAY)
    assert v.outcome is Outcome.TIE and v.beside_tie is None
    assert why_no_petition(v) is not None

"""The three input shapes, validated by the models themselves (build_check is their door)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from domain import (
    BallotQuestion,
    CandidateRace,
    CanvassError,
    ContestKind,
    InputError,
    build_check,
)


def test_a_race_needs_two_candidates_and_a_question_two_sides() -> None:
    with pytest.raises(ValidationError):
        CandidateRace.model_validate(
            {"kind": ContestKind.COUNTY, "candidates": [{"name": "A", "votes": 5}]}
        )
    question = BallotQuestion.model_validate(
        {"kind": ContestKind.QUESTION, "votes_for": 5, "votes_against": 4}
    )
    assert (question.votes_for, question.votes_against) == (5, 4)


def test_the_models_are_frozen_and_take_no_extra_fields() -> None:
    error = CanvassError.model_validate({"kind": ContestKind.CANVASS_ERROR})
    with pytest.raises(ValidationError):
        error.canvass = None  # type: ignore[misc]
    with pytest.raises(ValidationError):
        CanvassError.model_validate({"kind": ContestKind.CANVASS_ERROR, "votes_for": 1})


@pytest.mark.parametrize(("ran", "refused"), [(2, True), (3, False)])
def test_a_nonpartisan_primary_where_every_candidate_advances_is_refused(
    ran: int, refused: bool
) -> None:
    # 13-14-117: two advance for one seat; with two running nobody is defeated.
    fields = {"candidates": [(f"C{i}", 100 - i) for i in range(ran)], "nonpartisan_primary": True}
    if refused:
        with pytest.raises(InputError, match="every candidate is nominated"):
            build_check("district-judge", fields)
    else:
        assert build_check("district-judge", fields).kind.value == "district-judge"


def test_an_advancing_candidate_is_not_defeated() -> None:
    fields = {
        "candidates": [("A", 100), ("B", 90), ("C", 80)],
        "nonpartisan_primary": True,
        "candidate": "B",
    }
    with pytest.raises(InputError, match="B advances"):
        build_check("district-judge", fields)

"""The three input shapes, validated by the models themselves (build_check is their door)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from domain import BallotQuestion, CandidateRace, CanvassError, ContestKind


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

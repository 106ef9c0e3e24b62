"""The field vocabulary: every input field declared once, with its Term, in form order."""

from __future__ import annotations

from typing import Annotated

import pytest
from pydantic import BaseModel

from domain import FAMILY_FIELDS, FIELDS, ContestKind, Family, Term, ValueType, fields_for
from domain.fields import fields_of


def keys(family: Family) -> list[str]:
    return [f.key for f in FAMILY_FIELDS[family]]


def test_each_shape_lists_its_own_fields_then_the_shared_canvass_date() -> None:
    # the shared fields: the race label and what the papers name, then the canvass dates
    shared = ["race", "county_name", "election", "election_type"]
    shared += ["canvass", "state_canvass", "no_state_canvass"]
    race = [
        "kind",
        "candidates",
        "nonpartisan_primary",
        "seats",
        "total",
        "write_ins",
        "party",
        "candidate",
    ]
    assert keys(Family.CANDIDATE_RACE) == [*race, *shared]
    question = ["kind", "votes_for", "votes_against", "signers", "counties"]
    assert keys(Family.BALLOT_QUESTION) == [*question, *shared]
    assert keys(Family.CANVASS_ERROR) == ["kind", *shared]


def test_value_types_come_from_the_annotations() -> None:
    types = {key: f.value_type for key, f in FIELDS.items()}
    assert types == {
        "kind": ValueType.KIND,
        "candidates": ValueType.CANDIDATES,
        "nonpartisan_primary": ValueType.FLAG,
        "seats": ValueType.NUMBER,
        "total": ValueType.NUMBER,
        "write_ins": ValueType.NUMBER,
        "candidate": ValueType.TEXT,
        "race": ValueType.TEXT,
        "county_name": ValueType.TEXT,
        "election": ValueType.DATE,
        "election_type": ValueType.TEXT,
        "party": ValueType.TEXT,
        "canvass": ValueType.DATE,
        "state_canvass": ValueType.DATE,
        "no_state_canvass": ValueType.FLAG,
        "votes_for": ValueType.NUMBER,
        "votes_against": ValueType.NUMBER,
        "signers": ValueType.NUMBER,
        "counties": ValueType.NUMBER,
    }


def test_required_fields_and_defaults() -> None:
    required = sorted(key for key, f in FIELDS.items() if f.required)
    assert required == ["candidates", "kind", "votes_against", "votes_for"]
    assert FIELDS["seats"].default == 1 and FIELDS["total"].default is None


def test_every_keyword_field_has_an_example_value() -> None:
    for f in FIELDS.values():
        takes_a_value = bool(f.term.keywords) and f.value_type is not ValueType.FLAG
        assert takes_a_value is (f.term.example is not None), f.key  # a flag is its keyword


def test_a_keyword_belongs_to_one_field_and_names_differ() -> None:
    words = [w for f in FIELDS.values() for w in f.term.keywords]
    assert len(words) == len(set(words))
    names = [f.term.name for f in FIELDS.values()]
    assert len(names) == len(set(names))


def test_fields_for_a_kind_leave_out_counties_where_the_row_asks_for_none() -> None:
    assert [f.key for f in fields_for(ContestKind.QUESTION)] == [
        "votes_for",
        "votes_against",
        "signers",
        "race",
        "county_name",
        "election",
        "election_type",
        "canvass",
    ]
    assert "counties" in [f.key for f in fields_for(ContestKind.STATE_QUESTION)]
    about = ["race", "county_name", "election", "election_type"]
    assert [f.key for f in fields_for(ContestKind.CANVASS_ERROR)] == [*about, "canvass"]


def test_a_field_without_a_term_is_refused() -> None:
    class Undeclared(BaseModel):
        seats: int

    with pytest.raises(TypeError, match="exactly one Term"):
        fields_of(Undeclared)


def test_a_new_field_takes_one_declaration() -> None:
    class Trial(BaseModel):
        recount_board: Annotated[
            int | None, Term(name="board members", label="Board members", keywords=("board",))
        ] = None

    (field,) = fields_of(Trial)
    assert (field.key, field.value_type, field.required) == (
        "recount_board",
        ValueType.NUMBER,
        False,
    )
    assert field.term.keywords == ("board",)


def test_only_the_kinds_counted_from_the_state_canvass_take_it() -> None:
    def takes(kind: ContestKind) -> set[str]:
        return {f.key for f in fields_for(kind)} & {"state_canvass", "no_state_canvass"}

    state = {"state_canvass"}
    both = {"state_canvass", "no_state_canvass"}
    expected = {
        ContestKind.COUNTY: set(),
        ContestKind.SCHOOL: set(),
        ContestKind.QUESTION: set(),
        ContestKind.SCHOOL_QUESTION: set(),
        ContestKind.CANVASS_ERROR: set(),
        ContestKind.STATE: state,
        ContestKind.LEGISLATURE: state,
        ContestKind.CONGRESSIONAL: state,
        ContestKind.DISTRICT_JUDGE: state,
        ContestKind.STATE_QUESTION: state,
        ContestKind.MULTICOUNTY_DISTRICT: both,
        ContestKind.MULTICOUNTY_QUESTION: both,
    }
    for kind, fields in expected.items():
        assert takes(kind) == fields, kind

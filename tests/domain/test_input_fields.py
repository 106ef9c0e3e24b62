"""The fields of each input shape: what a form shows for a kind, what a sentence calls a field."""

from __future__ import annotations

from domain import ContestKind, field_name, fields_for


def test_field_names_come_from_the_declarations() -> None:
    assert field_name("votes_for") == "votes for"
    assert field_name("canvass") == "canvass date"
    assert field_name("kind") == "kind of contest"
    assert field_name(None) == "input"


def test_a_local_question_takes_no_counties_and_a_state_question_does() -> None:
    # (3) asks for 10 electors of the jurisdiction; (4) for 100 from at least 5 counties
    local = [f.key for f in fields_for(ContestKind.QUESTION)]
    state = [f.key for f in fields_for(ContestKind.STATE_QUESTION)]
    assert "signers" in local and "counties" not in local
    assert "signers" in state and "counties" in state


def test_the_kind_is_never_among_the_fields_after_it() -> None:
    assert all(f.key != "kind" for kind in ContestKind for f in fields_for(kind))

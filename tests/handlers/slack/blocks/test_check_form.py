"""The form: each kind's fields, labelled and ordered as the domain declares them."""

from __future__ import annotations

from typing import Any

import pytest

from domain import FIELDS, KINDS, ContestKind, fields_for, resolve_kind
from handlers.slack.blocks.check_form import form_view, kind_options, prefill_values

from ....slack_helpers import assert_valid


def blocks_of(kind: str | None, values: dict[str, str] | None = None) -> dict[str, Any]:
    view = form_view("m", None if kind is None else resolve_kind(kind), values)
    return {b.get("block_id", b["type"]): b for b in view["blocks"]}


@pytest.mark.parametrize("kind", list(KINDS))
def test_each_kind_shows_its_declared_fields_in_order(kind: ContestKind) -> None:
    view = form_view("m", kind)
    assert_valid(view["blocks"])
    ids = [b["block_id"] for b in view["blocks"]]
    assert ids == ["kind", *(f.key for f in fields_for(kind))]
    for block in view["blocks"][1:]:
        field = FIELDS[block["block_id"]]
        assert block["label"]["text"] == field.term.label
        assert block["optional"] is (not field.required)


def test_without_a_kind_only_the_chooser() -> None:
    blocks = blocks_of(None)
    assert list(blocks) == ["kind", "context"]
    groups = [g.to_dict() for g in kind_options()]
    assert [g["label"]["text"] for g in groups] == [
        "Candidate races in one county",
        "Races in more than one county",
        "Ballot questions",
        "Canvass board",
    ]
    assert sum(len(g["options"]) for g in groups) == len(KINDS)


def test_defaults_hints_and_the_candidates_box() -> None:
    blocks = blocks_of("county")
    assert blocks["seats"]["element"]["initial_value"] == "1"
    assert blocks["candidates"]["element"]["multiline"] is True
    assert blocks["candidates"]["hint"]["text"] == "One per line, like  Smith: 1204"
    assert "initial_value" not in blocks["total"]["element"]


def test_values_fill_the_form() -> None:
    blocks = blocks_of("state-question", {"votes_for": "12", "canvass": "2026-11-16"})
    assert blocks["votes_for"]["element"]["initial_value"] == "12"
    assert blocks["canvass"]["element"]["initial_date"] == "2026-11-16"


def test_form_names_which_canvass_starts_the_clock_as_surely_as_we_know_it() -> None:
    def hint(kind: str) -> Any:
        return blocks_of(kind)["canvass"].get("hint", {}).get("text")

    assert "state canvass" in hint("legislature")
    assert hint("county") is None and hint("question") is None
    for question in ("state-question", "multicounty-question"):
        assert "probably the state canvass" in hint(question)
        assert "[inferred; no source found]" in hint(question)
    # (2) offices and (4)/(5) questions: the earlier county canvass is the safe course
    for kind in ("legislature", "state-question", "multicounty-question"):
        assert "Counting from the county canvass gives an earlier date: the safe course" in hint(
            kind
        )
    assert "probably the trustees' canvass (20-20-416)" in hint("school")
    assert "probably the trustees' canvass (20-20-416)" in hint("school-question")


def test_prefill_values_from_saved_inputs() -> None:
    saved = {
        "candidates": [{"name": "Smith", "votes": 1204}, {"name": "Jones", "votes": 1199}],
        "seats": 1,
        "total": None,
        "canvass": "2026-11-16",
    }
    assert prefill_values(saved) == {
        "candidates": "Smith: 1204\nJones: 1199",
        "seats": "1",
        "canvass": "2026-11-16",
    }


def test_the_kind_list_tells_the_judges_apart() -> None:
    labels = [str(o.label) for group in kind_options() for o in group.options or []]
    assert "County office (sheriff, commissioner, justice of the peace)" in labels
    assert "City or town office (mayor, council, city judge)" in labels
    assert "State office (governor, supreme court justice)" in labels
    assert "Local ballot question (a city's or county's levy or initiative)" in labels
    assert all(len(label) <= 75 for label in labels)

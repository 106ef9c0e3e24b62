"""The form: each kind's fields, labelled and ordered as the domain declares them."""

from __future__ import annotations

from typing import Any

import pytest

from domain import FIELDS, KINDS, ContestKind, fields_for, resolve_kind
from domain.related import COUNTY_CANVASS_HINT
from handlers.slack.check.form import form_view, kind_options, prefill_values

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
    def hint(kind: str, key: str = "canvass") -> Any:
        return blocks_of(kind)[key].get("hint", {}).get("text")

    assert hint("county") is None and hint("question") is None
    assert "state_canvass" not in blocks_of("county")
    # (2) offices and (4)/(5) questions: the county canvass, then the state canvass that
    # opens the window, as surely as we know it; never the county canvass as a safe course
    for kind in ("legislature", "state-question", "multicounty-question"):
        assert hint(kind) == COUNTY_CANVASS_HINT
        assert "the official canvass is the state canvass" in hint(kind, "state_canvass")
        assert "safe course" not in hint(kind, "state_canvass")
    for question in ("state-question", "multicounty-question"):
        assert "[inferred, but supported" in hint(question, "state_canvass")
    assert "must wait for it" in hint("legislature", "state_canvass")
    assert "probably the trustees' canvass (20-20-416)" in hint("school")
    assert "probably the trustees' canvass (20-20-416)" in hint("school-question")


def test_a_special_district_contest_has_a_box_for_no_state_canvass() -> None:
    for kind in ("multicounty-district", "multicounty-question"):
        box = blocks_of(kind)["no_state_canvass"]
        assert box["optional"] is True
        assert box["element"]["type"] == "checkboxes"
        (option,) = box["element"]["options"]
        assert option["value"] == "true" and "13-1-505" in option["description"]["text"]
    for kind in ("legislature", "state-question", "county", "school"):
        assert "no_state_canvass" not in blocks_of(kind)
    ticked = form_view("m", ContestKind.MULTICOUNTY_DISTRICT, {"no_state_canvass": "true"})
    (box,) = [b for b in ticked["blocks"] if b.get("block_id") == "no_state_canvass"]
    assert box["element"]["initial_options"][0]["value"] == "true"


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

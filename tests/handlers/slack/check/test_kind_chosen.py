"""Choosing a kind redraws the form with that kind's fields."""

from __future__ import annotations

from slack_bolt import App

from ....fake_slack import FakeSlack, payload_body
from ....slack_helpers import (
    dispatch,
    signed_form,
    state,
    view_payload,
)


def test_choosing_a_kind_updates_the_form(app: App, fake: FakeSlack) -> None:
    view = signed_form()
    payload = view_payload(view, state("state-question", votes_for="12"), kind="block_actions")
    response = dispatch(app, payload_body(payload))
    assert response.status == 200
    call = fake.wait_for("views.update")[0]
    assert (call.body["view_id"], call.body["hash"]) == ("V123", "h1")
    blocks = [b.get("block_id") for b in call.body["view"]["blocks"]]
    assert blocks == [
        "kind",
        "votes_for",
        "votes_against",
        "signers",
        "counties",
        "race",
        "county_name",
        "election",
        "election_type",
        "canvass",
        "state_canvass",  # the official canvass of a (4) question
    ]
    assert call.body["view"]["private_metadata"] == view["private_metadata"]
    typed = call.body["view"]["blocks"][1]["element"]["initial_value"]
    assert typed == "12"  # what was typed survives the redraw


def test_local_question_form_has_no_counties(app: App, fake: FakeSlack) -> None:
    payload = view_payload(signed_form(), state("question"), kind="block_actions")
    dispatch(app, payload_body(payload))
    blocks = [b.get("block_id") for b in fake.wait_for("views.update")[0].body["view"]["blocks"]]
    assert "counties" not in blocks and "signers" in blocks

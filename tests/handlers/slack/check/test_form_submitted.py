"""The check form submitted: errors per field, a verdict posted, forged metadata posting nowhere."""

from __future__ import annotations

import base64
import json

from slack_bolt import App

from handlers.slack.after_ack import AfterAck

from ....fake_slack import FakeSlack
from ....slack_helpers import (
    CHANNEL,
    USER,
    block_texts,
    signed_form,
    state,
    submit,
)


def test_submission_errors_are_shown_per_field(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    view = signed_form("county")
    response = submit(app, view, state("county", candidates="Smith: 1204\nJones", seats="0"))
    body = json.loads(response.body)
    assert body["response_action"] == "errors"
    assert "line 2" in body["errors"]["candidates"]
    assert after_ack.drain(timeout=5)
    assert fake.calls == []

    response = submit(app, view, state("county", candidates="Smith: 1204\nJones: 1199", seats="2"))
    body = json.loads(response.body)
    assert list(body["errors"]) == ["seats"]
    assert "fewer than the number of candidates" in body["errors"]["seats"]


def test_a_date_picked_out_of_range_is_an_error_on_the_date(app: App, fake: FakeSlack) -> None:
    for picked in ("0001-01-01", "9999-12-31"):
        values = state("county", candidates="A: 5\nB: 4", canvass=picked)
        body = json.loads(submit(app, signed_form("county"), values).body)
        assert body["response_action"] == "errors"
        assert "give a year from 1900 to 2100" in body["errors"]["canvass"]


def test_submission_without_a_kind(app: App, fake: FakeSlack) -> None:
    body = json.loads(submit(app, signed_form(), state()).body)
    assert body == {"response_action": "errors", "errors": {"kind": "choose the kind of contest"}}


def test_valid_submission_closes_the_form_and_posts(app: App, fake: FakeSlack) -> None:
    view = signed_form("question")
    values = state(
        "question", canvass="2026-11-16", votes_for="3,237", votes_against="3250", signers="9"
    )
    response = submit(app, view, values)
    assert response.status == 200 and response.body == ""
    post = fake.wait_for("chat.postMessage")[0]
    assert post.body["channel"] == CHANNEL
    text = block_texts(post.body["blocks"])
    assert "Petition short" in text and "Gather at least 1 more signer (10 needed)" in text
    assert "13-16-201(3)" in text
    assert post.body["metadata"]["event_payload"]["outcome"] == "petition_insufficient"


def test_a_quoted_name_in_the_form_reads_as_in_the_command(app: App, fake: FakeSlack) -> None:
    values = state("county", candidates='"Mary Smith" 1,204\nJones: 1199')
    submit(app, signed_form("county"), values)
    text = block_texts(fake.wait_for("chat.postMessage")[0].body["blocks"])
    assert "Read as: county office; Mary Smith 1,204, Jones 1,199" in text


def test_forged_metadata_posts_nowhere(app: App, fake: FakeSlack, after_ack: AfterAck) -> None:
    view = signed_form("county")
    forged = json.dumps({"channel": "C0ELSEWHERE", "user": USER})
    view["private_metadata"] = base64.urlsafe_b64encode(forged.encode()).decode() + ".0000"
    response = submit(app, view, state("county", candidates="A: 5\nB: 4"))
    body = json.loads(response.body)
    assert body["response_action"] == "errors"
    assert body["errors"]["kind"] == "This form has expired. Please run /recount again."
    # someone else's form, even with good metadata
    response = submit(
        app, signed_form("county"), state("county", candidates="A: 5\nB: 4"), user="U0OTHER"
    )
    assert json.loads(response.body)["response_action"] == "errors"
    assert after_ack.drain(timeout=5)
    assert fake.calls == []

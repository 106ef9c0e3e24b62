""" "Show the work" opens the modal at once, through the fake Web API: no post needed."""

from __future__ import annotations

from slack_bolt import App

from handlers.slack.after_ack import AfterAck
from handlers.slack.check.work import WORK_ACTION_ID
from handlers.slack.saved_check import saved_inputs

from ....builders import verdict_of
from ....fake_slack import FakeSlack, payload_body
from ....slack_helpers import button_payload, dispatch


def test_the_button_opens_the_work_in_a_modal(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    value = saved_inputs(verdict_of("county Smith 1204 Jones 1199 canvass 2026-11-16"))
    payload = button_payload(value)
    payload["actions"][0]["action_id"] = WORK_ACTION_ID
    assert dispatch(app, payload_body(payload)).status == 200
    assert after_ack.drain(timeout=10)  # the modal opens after the ack
    (opened,) = fake.to("views.open")
    assert opened.body["trigger_id"] == payload["trigger_id"]
    assert "Largest margin that qualifies" in str(opened.body["view"])
    assert fake.to("chat.postMessage") == []  # a modal, no post

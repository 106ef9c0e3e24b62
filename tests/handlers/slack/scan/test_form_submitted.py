"""The scan form submitted: a forged one scans nothing."""

from __future__ import annotations

import json

from slack_bolt import App

from handlers.slack.after_ack import AfterAck
from handlers.slack.scan.form import SCAN_FORM_ID

from ....fake_slack import FakeSlack, payload_body
from ....slack_helpers import USER, dispatch


def test_a_forged_scan_form_scans_nothing(app: App, fake: FakeSlack, after_ack: AfterAck) -> None:
    submission = {
        "type": "view_submission",
        "team": {"id": "T0MONTANA"},
        "user": {"id": USER},
        "view": {
            "id": "V9",
            "type": "modal",
            "callback_id": SCAN_FORM_ID,
            "private_metadata": "e30.0000",
            "state": {"values": {}},
        },
    }
    body = json.loads(dispatch(app, payload_body(submission)).body)
    assert body["response_action"] == "errors"
    assert after_ack.drain(timeout=10)
    assert fake.calls == []

"""The Home tab's New check: the form, for the user's DM."""

from __future__ import annotations

import json

from slack_bolt import App

from handlers.slack.after_ack import AfterAck
from handlers.slack.home.view import NEW_CHECK_ACTION_ID

from ....fake_slack import FakeSlack, payload_body
from ....handlers.slack.home_payloads import opened, published
from ....slack_helpers import USER, dispatch


def test_new_check_opens_the_form_for_the_dm(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    dispatch(app, opened(), content_type="application/json")
    assert after_ack.drain(timeout=10)
    view = published(fake)
    button = next(e for b in view["blocks"] if b["type"] == "actions" for e in b["elements"])
    assert button["action_id"] == NEW_CHECK_ACTION_ID
    payload = {
        "type": "block_actions",
        "user": {"id": USER},
        "team": {"id": "T0MONTANA"},
        "trigger_id": "1.2.3",
        "view": {"id": "VHOME", "type": "home", "callback_id": ""},
        "actions": [{"action_id": NEW_CHECK_ACTION_ID, "value": button["value"]}],
    }
    assert dispatch(app, payload_body(payload)).status == 200
    assert after_ack.drain(timeout=10)
    form = fake.to("views.open")[0].body["view"]
    assert "recount_form" in (form if isinstance(form, str) else json.dumps(form))
    # someone else's button opens nothing
    payload["user"] = {"id": "U0OTHER"}
    dispatch(app, payload_body(payload))
    assert after_ack.drain(timeout=10)
    assert len(fake.to("views.open")) == 1

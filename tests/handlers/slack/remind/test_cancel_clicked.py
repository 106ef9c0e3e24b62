"""Cancel reminders: exactly the ones scheduled are deleted; a forged button tells the clicker."""

from __future__ import annotations

import json
from datetime import date

from slack_bolt import App

from handlers.slack.after_ack import AfterAck
from handlers.slack.remind.reminding import CANCEL_ACTION_ID

from ....fake_slack import FakeSlack, payload_body
from ....handlers.slack.reminder_payloads import QUICK, blocks_of, click, nine, remind_value
from ....slack_helpers import CHANNEL, dispatch


def test_a_second_click_schedules_nothing_more_and_cancel_deletes_exactly_those(
    bot: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    value = remind_value(bot, fake, QUICK)
    click(bot, fake, value)
    assert after_ack.drain(timeout=10)
    other = {
        "id": "Q9999",
        "channel_id": CHANNEL,
        "post_at": nine(date(2026, 12, 1)),
        "text": "other",
    }
    fake.scheduled.append(other)
    click(bot, fake, value)
    assert after_ack.drain(timeout=10)
    assert len(fake.to("chat.scheduleMessage")) == 2 and len(fake.scheduled) == 3
    confirm = blocks_of(fake.to("chat.postMessage")[-1].body)
    cancel = confirm[0]["accessory"]["value"]
    click(bot, fake, cancel, action="cancel_reminders")
    assert after_ack.drain(timeout=10)
    assert fake.scheduled == [other]  # exactly those two, not the other one
    assert "Reminders cancelled" in json.dumps(fake.to("chat.update")[-1].body)


def test_a_cancel_button_that_does_not_verify_tells_the_clicker(
    bot: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    body = {
        "type": "block_actions",
        "team": {"id": "T0MONTANA"},
        "user": {"id": "U0CLERK"},
        "channel": {"id": "C0CANVASS"},
        "message": {"ts": "1700000000.000100"},
        "actions": [{"action_id": CANCEL_ACTION_ID, "value": "made.before-the-rotation"}],
        "response_url": fake.response_url("msg"),
    }
    assert dispatch(bot, payload_body(body)).status == 200
    assert after_ack.drain(timeout=10)
    assert fake.to("chat.deleteScheduledMessage") == []
    assert "could not be verified" in fake.to("respond/msg")[-1].body["text"]

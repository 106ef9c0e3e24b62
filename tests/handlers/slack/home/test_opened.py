"""The Home tab opened: reminders soonest first, or how to make one."""

from __future__ import annotations

import json

from slack_bolt import App

from handlers.slack.after_ack import AfterAck

from ....fake_slack import FakeSlack
from ....handlers.slack.home_payloads import opened, published
from ....slack_helpers import dispatch


def test_the_home_tab_lists_reminders_soonest_first(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    fake.scheduled += [
        {
            "id": "Q2",
            "channel_id": "C0TWO",
            "post_at": 1_800_000_000,
            "text": "x\nRace: later race",
        },
        {
            "id": "Q1",
            "channel_id": "C0ONE",
            "post_at": 1_790_000_000,
            "text": "x\nRace: sooner race\nThe verdict: https://montana.slack.com/archives/C0ONE/p1",
        },
    ]
    assert dispatch(app, opened(), content_type="application/json").status == 200
    assert after_ack.drain(timeout=10)
    view = published(fake)
    text = json.dumps(view)
    assert view["type"] == "home"
    assert text.index("sooner race") < text.index("later race")
    assert "<#C0ONE>" in text and "|verdict>" in text
    assert "Scan a whole canvass" in text and "New check" in text


def test_with_no_reminders_it_says_how_to_make_one(
    app: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    dispatch(app, opened(), content_type="application/json")
    assert after_ack.drain(timeout=10)
    assert "No reminders scheduled" in json.dumps(published(fake))

"""What the reminder tests share: a clock the fake Slack reads, a verdict's Remind click."""

from __future__ import annotations

import json
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from slack_bolt import App

from handlers.slack.check.verdict import REMIND_ACTION_ID

from ...fake_slack import FakeSlack, payload_body
from ...slack_helpers import button_payload, dispatch, run_command

MT = ZoneInfo("America/Denver")


def nine(day: date) -> int:
    return int(datetime(day.year, day.month, day.day, 9, tzinfo=MT).timestamp())


class Clock:
    def __init__(self, fake: FakeSlack) -> None:
        self.fake = fake
        self.set(datetime(2026, 11, 18, 10, 0, tzinfo=MT))

    def set(self, moment: datetime) -> None:
        self.moment = moment
        self.fake.now = moment.timestamp()


def remind_value(app: App, fake: FakeSlack, text: str) -> str:
    body = json.loads(run_command(app, fake, text).body)
    return next(
        str(e["value"])
        for b in body["blocks"]
        if b["type"] == "actions"
        for e in b["elements"]
        if e["action_id"] == REMIND_ACTION_ID
    )


def click(app: App, fake: FakeSlack, value: str, action: str = REMIND_ACTION_ID) -> None:
    payload = button_payload(value, response_url=fake.response_url("msg"))
    payload["actions"][0]["action_id"] = action
    assert dispatch(app, payload_body(payload)).status == 200


def blocks_of(body: dict[str, Any]) -> list[dict[str, Any]]:
    blocks = body["blocks"]
    return json.loads(blocks) if isinstance(blocks, str) else list(blocks)


QUICK = "county Smith 1204 Jones 1199 canvass 2026-11-16"

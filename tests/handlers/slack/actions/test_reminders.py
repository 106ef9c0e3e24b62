"""Remind this channel, against the fake Slack: both reminders at 9:00 Mountain Time on the
right days (daylight saving and holidays too), past times skipped, a second click and cancel,
Slack's errors in plain words, and a forged button."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from slack_bolt import App

from bot.app import create_app
from handlers.slack.actions.reminders import CANCEL_ACTION_ID
from handlers.slack.after_ack import AfterAck
from handlers.slack.blocks.verdict import REMIND_ACTION_ID

from ....fake_slack import FakeSlack, Reply, payload_body
from ....slack_helpers import CHANNEL, button_payload, dispatch, run_command, settings_for

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


@pytest.fixture
def clock(fake: FakeSlack) -> Clock:
    return Clock(fake)


@pytest.fixture
def bot(fake: FakeSlack, after_ack: AfterAck, clock: Clock) -> Iterator[App]:
    yield create_app(
        settings_for(fake),
        today=lambda: clock.moment.date(),
        after_ack=after_ack,
        now=lambda: clock.moment,
    )


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


def test_two_reminders_at_nine_in_the_verdicts_thread(
    bot: App, fake: FakeSlack, after_ack: AfterAck
) -> None:
    click(bot, fake, remind_value(bot, fake, QUICK))
    assert after_ack.drain(timeout=10)
    # safe deadline Sat Nov 21: Thu Nov 19 and Fri Nov 20, 9:00 MST
    assert [s["post_at"] for s in fake.scheduled] == [
        nine(date(2026, 11, 19)),
        nine(date(2026, 11, 20)),
    ]
    assert all(
        s["channel_id"] == CHANNEL and s["thread_ts"] == "1700000000.000100" for s in fake.scheduled
    )
    first = fake.scheduled[0]["text"]
    # the day to act, an open day: never the Saturday safe date, when the office is closed
    assert (
        "File by Fri Nov 20, 2026 with the election administrator (the office is closed on the "
        "safe last day, Sat Nov 21, 2026)."
    ) in first
    assert "the day to act is in 1 day" in first
    assert (
        "the day to act is today" in fake.scheduled[1]["text"]
        and "Race: county office; Smith 1,204, Jones 1,199" in first
    )
    assert "The verdict: https://montana.slack.com/archives/C0CANVASS/p1700000000000100" in first
    confirm = fake.to("chat.postMessage")[-1]
    text = json.dumps(blocks_of(confirm.body))
    assert "Thu Nov 19, 2026 at 9:00 AM Mountain Time and Fri Nov 20, 2026" in text
    assert confirm.body["thread_ts"] == "1700000000.000100"
    (home,) = fake.to("views.publish")  # the clicker's Home tab, redrawn
    assert home.body["user_id"] == "U0CLERK" and "Race: " not in json.dumps(home.body)
    assert "county office; Smith 1,204" in json.dumps(home.body)


@pytest.mark.parametrize(
    ("canvass", "days"),
    [
        # Sun Nov 1 2026 is the 5th day: safe Mon Nov 2; the clocks fell back on Nov 1
        ("2026-10-27", (date(2026, 10, 30), date(2026, 11, 2))),
        # Thanksgiving Thu Nov 26: safe Fri Nov 27, the day before is Wed Nov 25
        ("2026-11-21", (date(2026, 11, 25), date(2026, 11, 27))),
    ],
)
def test_daylight_saving_and_holidays(
    bot: App,
    fake: FakeSlack,
    after_ack: AfterAck,
    clock: Clock,
    canvass: str,
    days: tuple[date, date],
) -> None:
    clock.set(datetime(2026, 10, 28, 8, 0, tzinfo=MT))
    click(bot, fake, remind_value(bot, fake, f"county A 500 B 499 canvass {canvass}"))
    assert after_ack.drain(timeout=10)
    assert [s["post_at"] for s in fake.scheduled] == [nine(d) for d in days]
    if canvass == "2026-10-27":  # 9:00 MDT is 15:00 UTC, 9:00 MST is 16:00 UTC
        assert [datetime.utcfromtimestamp(s["post_at"]).hour for s in fake.scheduled] == [15, 16]


def test_past_times_are_skipped_and_none_left_says_file_today(
    bot: App, fake: FakeSlack, after_ack: AfterAck, clock: Clock
) -> None:
    value = remind_value(bot, fake, QUICK)
    clock.set(datetime(2026, 11, 19, 10, 0, tzinfo=MT))
    click(bot, fake, value)
    assert after_ack.drain(timeout=10)
    assert [s["post_at"] for s in fake.scheduled] == [nine(date(2026, 11, 20))]
    clock.set(datetime(2026, 11, 20, 9, 30, tzinfo=MT))
    click(bot, fake, value)
    assert after_ack.drain(timeout=10)
    assert fake.to("respond/msg")[-1].body["text"] == "The deadline is today: file today."


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


@pytest.mark.parametrize(
    ("answer", "said"),
    [
        ({"ok": False, "error": "not_in_channel"}, "I am not in this channel"),
        ({"ok": False, "error": "time_too_far"}, "at most 120 days ahead"),
        ({"ok": False, "error": "ratelimited"}, "Slack is busy right now"),
        ([Reply(500), Reply(500), Reply(500)], "Slack could not be reached"),
    ],
)
def test_slacks_errors_in_plain_words(
    bot: App, fake: FakeSlack, after_ack: AfterAck, answer: Any, said: str
) -> None:
    value = remind_value(bot, fake, QUICK)
    fake.answers["chat.scheduleMessage"] = answer
    click(bot, fake, value)
    assert after_ack.drain(timeout=30)
    reply = fake.to("respond/msg")[-1].body
    assert reply["response_type"] == "ephemeral" and said in reply["text"]
    assert fake.scheduled == []


def test_a_forged_value_schedules_nothing(bot: App, fake: FakeSlack, after_ack: AfterAck) -> None:
    value = remind_value(bot, fake, QUICK)
    body, _, mac = value.rpartition(".")
    forged = body[:-4] + "AAAA." + mac
    click(bot, fake, forged)
    click(bot, fake, "not.signed")
    assert after_ack.drain(timeout=10)
    assert fake.to("chat.scheduleMessage") == [] and fake.to("chat.scheduledMessages.list") == []
    said = fake.to("respond/msg")[-1].body["text"]
    assert "could not be verified" in said and "Check the race again" in said


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


def test_no_button_once_nothing_is_left_to_file(bot: App, fake: FakeSlack) -> None:
    for text in (
        "county A 700 B 700 canvass 2026-11-16",
        "county A 720 B 700 canvass 2026-11-16",
        "county A 5 B 4",
    ):
        body = json.loads(run_command(bot, fake, text).body)
        ids = [
            e["action_id"] for b in body["blocks"] if b["type"] == "actions" for e in b["elements"]
        ]
        assert REMIND_ACTION_ID not in ids, text

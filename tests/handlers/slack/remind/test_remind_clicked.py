"""Remind this channel: two reminders at nine in the verdict's thread, Slack's errors in plain
words, a forged value scheduling nothing."""

from __future__ import annotations

import json
from datetime import date, datetime
from typing import Any

import pytest
from slack_bolt import App

from handlers.slack.after_ack import AfterAck
from handlers.slack.check.verdict import REMIND_ACTION_ID

from ....fake_slack import FakeSlack, Reply
from ....handlers.slack.reminder_payloads import (
    MT,
    QUICK,
    Clock,
    blocks_of,
    click,
    nine,
    remind_value,
)
from ....slack_helpers import CHANNEL, run_command


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
    # the same facts as data, for whoever reads the posted reminder later
    (sent, _) = fake.to("chat.scheduleMessage")
    metadata = sent.body["metadata"]
    metadata = json.loads(metadata) if isinstance(metadata, str) else metadata
    assert metadata == {
        "event_type": "recount_reminder",
        "event_payload": {
            "race": "county office; Smith 1,204, Jones 1,199; canvass Mon Nov 16, 2026",
            "deadline_safe": "2026-11-21",
            "file_with": "the election administrator",
            "verdict": "https://montana.slack.com/archives/C0CANVASS/p1700000000000100",
        },
    }
    confirm = fake.to("chat.postMessage")[-1]
    text = json.dumps(blocks_of(confirm.body))
    assert "Thu Nov 19, 2026 at 9:00 AM Mountain Time and Fri Nov 20, 2026" in text
    assert confirm.body["thread_ts"] == "1700000000.000100"
    (home,) = fake.to("views.publish")  # the clicker's Home tab, redrawn
    assert home.body["user_id"] == "U0CLERK" and "Race: " not in json.dumps(home.body)
    assert "county office; Smith 1,204" in json.dumps(home.body)


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

"""The reminders' days and words: daylight saving and holidays."""

from __future__ import annotations

from datetime import date, datetime

import pytest
from slack_bolt import App

from handlers.slack.after_ack import AfterAck

from ....fake_slack import FakeSlack
from ....handlers.slack.reminder_payloads import MT, Clock, click, nine, remind_value


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

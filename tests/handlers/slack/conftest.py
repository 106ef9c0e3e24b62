"""Fixtures shared by the tests of this folder."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from slack_bolt import App

from bot.app import create_app
from handlers.slack.after_ack import AfterAck

from ...fake_slack import FakeSlack
from ...slack_helpers import settings_for
from .reminder_payloads import Clock


@pytest.fixture
def clock(fake: FakeSlack) -> Clock:
    return Clock(fake)


@pytest.fixture
def bot(fake: FakeSlack, after_ack: AfterAck, clock: Clock, pauses: list[float]) -> Iterator[App]:
    yield create_app(
        settings_for(fake),
        today=lambda: clock.moment.date(),
        after_ack=after_ack,
        now=lambda: clock.moment,
        retry_pause=pauses.append,  # Slack's retry waits recorded, not slept through
    )

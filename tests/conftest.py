from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from slack_bolt import App

from .fake_slack import FakeSlack

# The date a test treats as "today" unless it says otherwise (the canvass season of 2026).
TODAY = date(2026, 11, 18)
REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"


@pytest.fixture
def today() -> date:
    return TODAY


@pytest.fixture
def fake() -> Iterator[FakeSlack]:
    """A fake Slack Web API on loopback, stopped after the test."""
    from .fake_slack import FakeSlack as Fake

    server = Fake()
    yield server
    server.stop()


@pytest.fixture
def app(fake: FakeSlack) -> App:
    """The real Bolt app, pointed at the fake Slack, with today fixed."""
    from bot.app import create_app

    from .slack_helpers import TODAY as SLACK_TODAY
    from .slack_helpers import settings_for

    return create_app(settings_for(fake), today=lambda: SLACK_TODAY)

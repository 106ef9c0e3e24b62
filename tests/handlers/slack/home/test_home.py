"""Publishing the Home tab: what Slack and the database could not say is said so, and the tab
is still published."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any
from unittest.mock import MagicMock

from slack_sdk import WebClient

from handlers.slack.after_ack import AfterAck
from handlers.slack.home.home import refresh_home
from handlers.slack.metadata import MetadataSigner
from handlers.slack.services import Services
from handlers.watch.records import DatabaseError
from handlers.watch.service import Watching

from ....fake_slack import BOT_TOKEN, FakeSlack
from ....slack_helpers import USER


def no_database() -> Any:
    raise DatabaseError("the database cannot be opened")


def services() -> Services:
    return Services(
        signer=MetadataSigner("s"),
        today=lambda: date(2026, 11, 18),
        after_ack=AfterAck(),
        now=lambda: datetime(2026, 11, 18, 9),
        watching=Watching(no_database, MagicMock()),
        download=MagicMock(),
    )


def test_unknown_reminders_and_watches_are_said_and_the_tab_still_published(
    fake: FakeSlack,
) -> None:
    fake.answers["chat.scheduledMessages.list"] = {"ok": False, "error": "ratelimited"}
    client = WebClient(token=BOT_TOKEN, base_url=fake.api_url)
    refresh_home(client, services(), USER)
    (publish,) = fake.to("views.publish")
    assert publish.body["user_id"] == USER
    view = str(publish.body["view"])
    assert "Slack could not be asked just now" in view
    assert "database could not be asked just now" in view

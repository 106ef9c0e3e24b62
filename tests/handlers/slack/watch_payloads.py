"""What the watch tests share."""

from __future__ import annotations

import json
from pathlib import Path

from slack_bolt import App
from sqlalchemy import create_engine

from bot.app import create_app
from bot.net.fetch import Policy, UrlFetcher
from bot.store.backend import Backend
from handlers.slack.after_ack import AfterAck
from handlers.watch.records import Place
from handlers.watch.service import Watching

from ...conftest import TODAY
from ...fake_slack import FakeSlack
from ...slack_helpers import CHANNEL, settings_for

PLACE = Place.slack("T0MONTANA", CHANNEL)


def answer(response: object) -> str:
    body = json.loads(str(getattr(response, "body", "")) or "{}")
    return str(body.get("text", ""))


def gone_away(fake: FakeSlack, after_ack: AfterAck, database: str, tmp_path: Path) -> App:
    """The bot after its database was opened, and then went away (its engine now points at
    a file that cannot be opened)."""
    backend = Backend(database)
    backend.store.engine = create_engine(f"sqlite:///{tmp_path / 'gone' / 'recount.db'}")
    watching = Watching(lambda: backend, UrlFetcher(Policy.from_setting(None)))
    return create_app(
        settings_for(fake), today=lambda: TODAY, after_ack=after_ack, watching=watching
    )

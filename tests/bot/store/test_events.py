"""Slack's events on SQLite and on a real PostgreSQL server: new once, forgotten after a
day."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import update

from bot.store.database import open_database
from bot.store.events import EventRows
from bot.store.models import SlackEvent
from handlers.watch.ports import Events
from handlers.watch.records import utcnow

# Slow (a PostgreSQL server): `make quick` leaves it out.
pytestmark = pytest.mark.slow


def test_an_event_is_new_once_and_forgotten_after_a_day(any_database: str) -> None:
    rows = EventRows(open_database(any_database))
    store: Events = rows
    assert store.first_delivery("Ev1") is True
    assert store.first_delivery("Ev1") is False  # delivered again: here or to a replica
    assert store.first_delivery("Ev2") is True
    with rows.session() as s:  # Ev1 seen a day and a second ago
        s.execute(
            update(SlackEvent)
            .where(SlackEvent.event_id == "Ev1")
            .values(seen_at=utcnow() - timedelta(days=1, seconds=1))
        )
    assert store.first_delivery("Ev3") is True  # its insert forgets what is a day old
    assert store.first_delivery("Ev1") is True
    assert store.first_delivery("Ev2") is False  # seconds old: kept

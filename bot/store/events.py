"""Slack's events seen, by id (table `slack_events`): one delivered twice, here or to another
replica, is handled once."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import delete
from sqlalchemy.exc import IntegrityError

from bot.store.models import SlackEvent
from bot.store.rows import Rows, guarded
from handlers.watch.records import utcnow


@guarded
class EventRows(Rows):
    def first_delivery(self, event_id: str) -> bool:
        """True the first time an event's id is seen; False for one seen before (Slack sent
        it again, here or to another replica). Ids a day old are forgotten: Slack retries
        within minutes."""
        now = utcnow()
        try:
            with self.session() as s:
                s.execute(delete(SlackEvent).where(SlackEvent.seen_at < now - timedelta(days=1)))
                s.add(SlackEvent(event_id=event_id, seen_at=now))
        except IntegrityError:
            return False
        return True

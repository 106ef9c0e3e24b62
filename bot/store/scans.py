"""The scans under way in Slack (table `scans_in_flight`): one a restart cut off is found and
told once."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select

from bot.store.models import ScanInFlight
from bot.store.rows import Rows, guarded
from handlers.watch.records import utcnow


@guarded
class ScanRows(Rows):
    def scan_started(self, channel: str, ts: str) -> int:
        with self.session() as s:
            row = ScanInFlight(channel=channel, ts=ts, started_at=utcnow())
            s.add(row)
            s.flush()
            return row.id

    def scan_ended(self, scan_id: int) -> None:
        with self.session() as s:
            s.execute(delete(ScanInFlight).where(ScanInFlight.id == scan_id))

    def interrupted_scans(self, started_before: datetime) -> list[tuple[str, str]]:
        """The scans started before then and never ended, each (channel, progress ts), taken
        off the list: each is told once (two sweeping at once tell it with the same words)."""
        with self.session() as s:
            rows = s.scalars(
                select(ScanInFlight).where(ScanInFlight.started_at < started_before)
            ).all()
            s.execute(delete(ScanInFlight).where(ScanInFlight.id.in_([r.id for r in rows])))
            return [(r.channel, r.ts) for r in rows]

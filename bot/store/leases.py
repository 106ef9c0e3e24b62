"""Who reads a watch now, and when its next round is due (the lease and schedule columns of
`watches`): one UPDATE that only one process can win takes a lease."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import or_, update

from bot.store.models import Watch
from bot.store.rows import Rows, guarded
from bot.store.watches import running_where
from handlers.watch.records import WatchInfo, WatchStatus, utcnow


@guarded
class LeaseRows(Rows):
    def take_lease(self, watch_id: int, owner: str, ttl: timedelta) -> bool:
        """Takes or renews the lease; False when another process holds one still valid."""
        now = utcnow()
        with self.session() as s:
            done = s.execute(
                update(Watch)
                .where(
                    Watch.id == watch_id,
                    Watch.status == WatchStatus.RUNNING.value,
                    or_(
                        Watch.lease_owner.is_(None),
                        Watch.lease_owner == owner,
                        Watch.lease_expires < now,
                    ),
                )
                .values(lease_owner=owner, lease_expires=now + ttl)
            )
            return bool(done.rowcount)  # type: ignore[attr-defined]

    def release_lease(self, watch_id: int, owner: str) -> None:
        with self.session() as s:
            s.execute(
                update(Watch)
                .where(Watch.id == watch_id, Watch.lease_owner == owner)
                .values(lease_owner=None, lease_expires=None)
            )

    def due(self, now: datetime, place_prefix: str = "") -> list[WatchInfo]:
        """Running watches under `place_prefix` whose next round is due, or that never
        ran."""
        return running_where(
            self,
            Watch.place.startswith(place_prefix),
            or_(Watch.next_round_at.is_(None), Watch.next_round_at <= now),
        )

    def schedule(self, watch_id: int, at: datetime) -> None:
        with self.session() as s:
            s.execute(update(Watch).where(Watch.id == watch_id).values(next_round_at=at))

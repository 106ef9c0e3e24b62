"""The watches: each one's sources, settings and interval, where it tells, and whether it
runs (table `watches`)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, select, update
from sqlalchemy.exc import IntegrityError

from bot.store.models import SourceState, Watch
from bot.store.rows import Rows, guarded
from handlers.watch.records import Place, WatchInfo, WatchSpec, WatchStatus, utcnow


def info(row: Watch) -> WatchInfo:
    return WatchInfo(
        id=row.id,
        place=Place.parse(row.place),
        sources=tuple(str(s) for s in json.loads(row.sources)),
        options=json.loads(row.options),
        every_s=row.every_s,
        status=WatchStatus(row.status),
        started_by=row.started_by,
        started_at=row.started_at,
        stopped_by=row.stopped_by,
        stopped_at=row.stopped_at,
        root_ts=row.root_ts,
        lease_owner=row.lease_owner,
        lease_expires=row.lease_expires,
    )


def running_where(rows: Rows, *conditions: ColumnElement[bool]) -> list[WatchInfo]:
    """Running watches that meet `conditions`, oldest first."""
    with rows.session() as s:
        query = select(Watch).where(Watch.status == WatchStatus.RUNNING.value, *conditions)
        return [info(row) for row in s.scalars(query.order_by(Watch.id))]


@guarded
class WatchRows(Rows):
    def watch_for(
        self, spec: WatchSpec, started_by: str | None, due_at: datetime | None = None
    ) -> WatchInfo:
        """The running watch with this fingerprint, or a new one, its first round due at
        `due_at` (None: at once). Two processes starting the same watch at once get the
        same one: the database keeps one running watch per fingerprint
        (ux_watches_running_fingerprint), so the later insert fails and finds the watch the
        other made."""
        try:
            return self._watch_for(spec, started_by, due_at)
        except IntegrityError:
            return self._watch_for(spec, started_by, due_at)

    def _watch_for(
        self, spec: WatchSpec, started_by: str | None, due_at: datetime | None
    ) -> WatchInfo:
        now = utcnow()
        with self.session() as s:
            found = s.scalars(
                select(Watch)
                .where(
                    Watch.fingerprint == spec.fingerprint, Watch.status == WatchStatus.RUNNING.value
                )
                .order_by(Watch.id)
            ).first()
            if found is not None:
                return info(found)
            watch = Watch(
                place=str(spec.place),
                fingerprint=spec.fingerprint,
                sources=json.dumps(list(spec.sources)),
                options=json.dumps(spec.options, sort_keys=True),
                every_s=spec.every_s,
                status=WatchStatus.RUNNING.value,
                started_by=started_by,
                started_at=now,
                next_round_at=due_at,
            )
            s.add(watch)
            s.flush()
            return info(watch)

    def update_settings(self, watch_id: int, options: dict[str, Any]) -> WatchInfo:
        """New settings for a watch (canvass dates, answers): kept, and its sources read
        afresh next round, so that what they change is found as changes."""
        with self.session() as s:
            s.execute(
                update(Watch)
                .where(Watch.id == watch_id)
                .values(options=json.dumps(options, sort_keys=True))
            )
            for row in s.scalars(select(SourceState).where(SourceState.watch_id == watch_id)):
                s.delete(row)
            found = s.get(Watch, watch_id)
            assert found is not None
            return info(found)

    def set_every(self, watch_id: int, every_s: int) -> WatchInfo:
        """How often the watch is read from now on (0: a round at a time, --once)."""
        with self.session() as s:
            s.execute(update(Watch).where(Watch.id == watch_id).values(every_s=every_s))
            found = s.get(Watch, watch_id)
            assert found is not None
            return info(found)

    def get(self, watch_id: int) -> WatchInfo | None:
        with self.session() as s:
            found = s.get(Watch, watch_id)
            return None if found is None else info(found)

    def set_root(self, watch_id: int, root_ts: str) -> None:
        with self.session() as s:
            s.execute(update(Watch).where(Watch.id == watch_id).values(root_ts=root_ts))

    def running(self, place_prefix: str = "") -> list[WatchInfo]:
        return running_where(self, Watch.place.startswith(place_prefix))

    def watches(self, place: Place) -> list[WatchInfo]:
        with self.session() as s:
            query = select(Watch).where(Watch.place == str(place)).order_by(Watch.id)
            return [info(row) for row in s.scalars(query)]

    def stop(self, watch_ids: Sequence[int], by: str | None) -> list[WatchInfo]:
        """Stops these watches (those still running); returns the ones it stopped."""
        now = utcnow()
        stopped = []
        with self.session() as s:
            for watch_id in watch_ids:
                done = s.execute(
                    update(Watch)
                    .where(Watch.id == watch_id, Watch.status == WatchStatus.RUNNING.value)
                    .values(
                        status=WatchStatus.STOPPED.value,
                        stopped_by=by,
                        stopped_at=now,
                        lease_owner=None,
                    )
                )
                if done.rowcount:  # type: ignore[attr-defined]
                    found = s.get(Watch, watch_id)
                    if found is not None:
                        stopped.append(info(found))
        return stopped

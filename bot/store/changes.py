"""The changes found between readings, and whether each was told (table `changes`): a change
is stored before it is told and marked when told, so that a restart tells nothing twice."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import select, update

from bot.store.models import ChangeRecord
from bot.store.rows import Rows, guarded
from domain.changes import Band, Change, ChangeKind, ContestReading
from handlers.watch.records import StoredChange, utcnow


def _reading_json(reading: ContestReading | None) -> str | None:
    if reading is None:
        return None
    return json.dumps({**reading.as_json(), "votes": [list(v) for v in reading.votes]})


def _reading_from(key: str, title: str, blob: str | None) -> ContestReading | None:
    if blob is None:
        return None
    data = json.loads(blob)
    return ContestReading(
        key=key,
        title=title,
        band=Band(data["band"]),
        margin=data["margin"],
        leader=tuple(data["leader"]),
        outcome=data["outcome"],
        votes=tuple((str(n), int(v)) for n, v in data.get("votes", [])),
    )


def change_row(
    watch_id: int, reading_id: int, found_at: datetime, change: Change, *, told: bool
) -> ChangeRecord:
    """The row of a change found by a reading (stored with it, in its transaction)."""
    return ChangeRecord(
        watch_id=watch_id,
        reading_id=reading_id,
        found_at=found_at,
        key=change.key,
        title=change.title,
        change=change.kind.value,
        before=_reading_json(change.before),
        after=_reading_json(change.after),
        posted_at=found_at if told else None,
    )


def _stored(row: ChangeRecord) -> StoredChange:
    change = Change(
        row.key,
        row.title,
        ChangeKind(row.change),
        _reading_from(row.key, row.title, row.before),
        _reading_from(row.key, row.title, row.after),
    )
    return StoredChange(row.id, row.watch_id, row.found_at, change, row.posted_at)


@guarded
class ChangeRows(Rows):
    def changes(self, watch_id: int | None = None, *, unposted: bool = False) -> list[StoredChange]:
        """Changes found, oldest first: of one watch or of all; only those not yet told."""
        with self.session() as s:
            query = select(ChangeRecord).order_by(ChangeRecord.id)
            if watch_id is not None:
                query = query.where(ChangeRecord.watch_id == watch_id)
            if unposted:
                query = query.where(ChangeRecord.posted_at.is_(None))
            return [_stored(row) for row in s.scalars(query)]

    def mark_posted(self, change_ids: Sequence[int]) -> None:
        if not change_ids:
            return
        with self.session() as s:
            s.execute(
                update(ChangeRecord)
                .where(ChangeRecord.id.in_(list(change_ids)), ChangeRecord.posted_at.is_(None))
                .values(posted_at=utcnow())
            )

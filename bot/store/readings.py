"""The readings of a watch: each round's scan, contest by contest, what the next one is
compared with (tables `readings` and `reading_contests`), stored with the changes it found."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from bot.store.changes import change_row
from bot.store.models import Reading, ReadingContest
from bot.store.rows import Rows, guarded
from domain.changes import Band, Change, ContestReading
from handlers.watch.records import utcnow


def _contests(s: Session, reading_id: int) -> dict[str, ContestReading]:
    rows = s.scalars(select(ReadingContest).where(ReadingContest.reading_id == reading_id))
    return {
        row.key: ContestReading(
            key=row.key,
            title=row.title,
            band=Band(row.band),
            margin=row.margin,
            leader=tuple(json.loads(row.leader)),
            outcome=row.outcome,
            votes=tuple((str(n), int(v)) for n, v in json.loads(row.votes)),
        )
        for row in rows
    }


@guarded
class ReadingRows(Rows):
    def has_reading(self, watch_id: int) -> bool:
        with self.session() as s:
            found = s.scalars(select(Reading.id).where(Reading.watch_id == watch_id)).first()
            return found is not None

    def last_reading(self, watch_id: int) -> tuple[datetime, dict[str, ContestReading]] | None:
        with self.session() as s:
            reading = s.scalars(
                select(Reading).where(Reading.watch_id == watch_id).order_by(Reading.id.desc())
            ).first()
            if reading is None:
                return None
            return reading.taken_at, _contests(s, reading.id)

    def recent_readings(self, watch_id: int, count: int) -> list[dict[str, ContestReading]]:
        with self.session() as s:
            ids = s.scalars(
                select(Reading.id)
                .where(Reading.watch_id == watch_id)
                .order_by(Reading.id.desc())
                .limit(count)
            ).all()
            return [_contests(s, reading_id) for reading_id in reversed(ids)]

    def store_reading(
        self,
        watch_id: int,
        election: str | None,
        summary: dict[str, int],
        contests: dict[str, ContestReading],
        changes: Sequence[Change],
        *,
        told: bool = False,
    ) -> int:
        """The reading and its changes in one transaction: a change is stored before it is
        told, and marked when told (`mark_posted`); `told`, marked at once."""
        with self.session() as s:
            reading = Reading(
                watch_id=watch_id,
                taken_at=utcnow(),
                election=election,
                summary=json.dumps(summary),
            )
            s.add(reading)
            s.flush()
            s.add_all(
                ReadingContest(
                    reading_id=reading.id,
                    key=c.key,
                    title=c.title,
                    band=c.band.value,
                    margin=c.margin,
                    leader=json.dumps(list(c.leader)),
                    outcome=c.outcome,
                    votes=json.dumps([list(v) for v in c.votes]),
                )
                for c in contests.values()
            )
            s.add_all(
                change_row(watch_id, reading.id, reading.taken_at, change, told=told)
                for change in changes
            )
            return reading.id

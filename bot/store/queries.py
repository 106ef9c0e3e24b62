"""The watch database's questions and answers: watches, what their sources were, readings,
changes found and told, and the lease that lets one process read a watch at a time."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime, timedelta
from functools import wraps
from typing import Any, ParamSpec, TypeVar

from sqlalchemy import ColumnElement, Engine, delete, or_, select, update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session

from bot.store.models import (
    ChangeRecord,
    Reading,
    ReadingContest,
    ScanInFlight,
    SlackEvent,
    SourceState,
    Watch,
)
from bot.store.models import RoundPost as PostRow
from domain.changes import Band, Change, ChangeKind, ContestReading
from handlers.watch.records import (
    DatabaseError,
    Place,
    PlaceKind,
    RoundPost,
    SourceSnapshot,
    StoredChange,
    WatchInfo,
    WatchSpec,
    WatchStatus,
    utcnow,
)

P = ParamSpec("P")
R = TypeVar("R")


def _reason(error: SQLAlchemyError) -> str:
    """Why, in a few words: the driver's own (never the statement or its parameters, which
    SQLAlchemy's message carries), its first line, its last clause ("Connection refused")."""
    said = str(getattr(error, "orig", None) or type(error).__name__).strip()
    first = said.splitlines()[0] if said else ""
    return first.rsplit(": ", 1)[-1].strip() or type(error).__name__


def _guarded(method: Callable[P, R]) -> Callable[P, R]:
    """`method`, raising only DatabaseError (SQLAlchemy's error as its cause), so a caller
    that catches DatabaseError is never surprised by SQLAlchemy."""

    @wraps(method)
    def guarded(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        except SQLAlchemyError as error:
            raise DatabaseError(f"the database failed: {_reason(error)}") from error

    return guarded


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


class Store:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    @contextmanager
    def session(self) -> Iterator[Session]:
        with Session(self.engine, expire_on_commit=False) as session, session.begin():
            yield session

    # --- Slack's events --------------------------------------------------------------------

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

    # --- scans under way in Slack ----------------------------------------------------------

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

    # --- watches ---------------------------------------------------------------------------

    def answers(self) -> bool:
        """Whether the database answers now: a readiness probe, never an exception."""
        try:
            with self.session() as s:
                s.execute(select(1))
            return True
        except SQLAlchemyError:
            return False

    def watch_for(self, spec: WatchSpec, started_by: str | None) -> WatchInfo:
        """The running watch with this fingerprint, or a new one. Two processes starting
        the same watch at once get the same one: the database keeps one running watch per
        fingerprint (ux_watches_running_fingerprint), so the later insert fails and finds
        the watch the other made."""
        try:
            return self._watch_for(spec, started_by)
        except IntegrityError:
            return self._watch_for(spec, started_by)

    def _watch_for(self, spec: WatchSpec, started_by: str | None) -> WatchInfo:
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
                # Its first round is its starter's (under the lease): no poller finds it due
                # before one interval has passed, so the two never read it at once.
                next_round_at=now + timedelta(seconds=spec.every_s),
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

    def _running_where(self, *conditions: ColumnElement[bool]) -> list[WatchInfo]:
        """Running watches that meet `conditions`, oldest first."""
        with self.session() as s:
            query = select(Watch).where(Watch.status == WatchStatus.RUNNING.value, *conditions)
            return [info(row) for row in s.scalars(query.order_by(Watch.id))]

    def running(self, place_prefix: str = "") -> list[WatchInfo]:
        return self._running_where(Watch.place.startswith(place_prefix))

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

    # --- the lease: one process reads a watch at a time ----------------------------------

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

    def due(self, now: datetime) -> list[WatchInfo]:
        """Running Slack watches (not the command line's, not a DM's) whose next round is
        due, or that never ran."""
        return self._running_where(
            Watch.place.startswith(Place.prefix(PlaceKind.SLACK)),
            or_(Watch.next_round_at.is_(None), Watch.next_round_at <= now),
        )

    def schedule(self, watch_id: int, at: datetime) -> None:
        with self.session() as s:
            s.execute(update(Watch).where(Watch.id == watch_id).values(next_round_at=at))

    # --- sources --------------------------------------------------------------------------

    def source_states(self, watch_id: int) -> dict[str, SourceSnapshot]:
        with self.session() as s:
            rows = s.scalars(select(SourceState).where(SourceState.watch_id == watch_id))
            return {row.source: row.snapshot() for row in rows}

    def save_sources(self, watch_id: int, states: Sequence[SourceSnapshot]) -> None:
        """Replaces the watch's source states with these (a folder's files come and go)."""
        with self.session() as s:
            for row in s.scalars(select(SourceState).where(SourceState.watch_id == watch_id)):
                s.delete(row)
            s.flush()
            s.add_all(SourceState.of(watch_id, state) for state in states)

    # --- readings and changes -------------------------------------------------------------

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
                ChangeRecord(
                    watch_id=watch_id,
                    reading_id=reading.id,
                    found_at=reading.taken_at,
                    key=change.key,
                    title=change.title,
                    change=change.kind.value,
                    before=_reading_json(change.before),
                    after=_reading_json(change.after),
                    posted_at=reading.taken_at if told else None,
                )
                for change in changes
            )
            return reading.id

    def changes(self, watch_id: int | None = None, *, unposted: bool = False) -> list[StoredChange]:
        """Changes found, oldest first: of one watch or of all; only those not yet told."""
        with self.session() as s:
            query = select(ChangeRecord).order_by(ChangeRecord.id)
            if watch_id is not None:
                query = query.where(ChangeRecord.watch_id == watch_id)
            if unposted:
                query = query.where(ChangeRecord.posted_at.is_(None))
            return [
                StoredChange(
                    row.id,
                    row.watch_id,
                    row.found_at,
                    Change(
                        row.key,
                        row.title,
                        ChangeKind(row.change),
                        _reading_from(row.key, row.title, row.before),
                        _reading_from(row.key, row.title, row.after),
                    ),
                    row.posted_at,
                )
                for row in s.scalars(query)
            ]

    def mark_posted(self, change_ids: Sequence[int]) -> None:
        if not change_ids:
            return
        with self.session() as s:
            s.execute(
                update(ChangeRecord)
                .where(ChangeRecord.id.in_(list(change_ids)), ChangeRecord.posted_at.is_(None))
                .values(posted_at=utcnow())
            )

    # --- the posts that tell changes: kept before they are sent ---------------------------

    def pending_post(self, watch_id: int) -> RoundPost | None:
        """The watch's post tried and not known to have reached Slack, if any."""
        with self.session() as s:
            row = _pending(s, watch_id)
            return None if row is None else _post(row)

    def prepare_post(self, watch_id: int, change_ids: Sequence[int]) -> RoundPost:
        """The one post of these changes, kept before it is sent: the pending one again,
        with its key (whichever try Slack has, it is found by that key), or a new one."""
        ids = json.dumps(sorted(change_ids))
        with self.session() as s:
            row = _pending(s, watch_id)
            if row is None:
                row = PostRow(watch_id=watch_id, key=uuid.uuid4().hex, tried_at=utcnow())
                s.add(row)
            row.changes = ids
            s.flush()
            return _post(row)

    def post_done(self, post_id: int, ts: str | None) -> None:
        """Slack has the post (`ts`): kept, and its changes marked told, in one transaction,
        so that no crash leaves them told without the post or posted but untold. None: the
        post is given up (its changes were told otherwise)."""
        now = utcnow()
        with self.session() as s:
            row = s.get(PostRow, post_id)
            if row is None or row.done_at is not None:
                return
            row.ts, row.done_at = ts, now
            ids = [int(i) for i in json.loads(row.changes)]
            if ts is not None and ids:
                s.execute(
                    update(ChangeRecord)
                    .where(ChangeRecord.id.in_(ids), ChangeRecord.posted_at.is_(None))
                    .values(posted_at=now)
                )


# Every question Store answers raises only DatabaseError; `session` (the raw transaction,
# for the store's own tests) and `answers` (never raises) are left as they are.
for _name, _method in list(vars(Store).items()):
    if callable(_method) and not _name.startswith("_") and _name not in {"session", "answers"}:
        setattr(Store, _name, _guarded(_method))


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


def _pending(s: Session, watch_id: int) -> PostRow | None:
    return s.scalars(
        select(PostRow)
        .where(PostRow.watch_id == watch_id, PostRow.done_at.is_(None))
        .order_by(PostRow.id.desc())
    ).first()


def _post(row: PostRow) -> RoundPost:
    return RoundPost(
        id=row.id,
        watch_id=row.watch_id,
        key=row.key,
        change_ids=tuple(int(i) for i in json.loads(row.changes)),
        tried_at=row.tried_at,
        ts=row.ts,
    )

"""The watch database's tables, as SQLAlchemy 2 models. The schema itself is made and changed
only by the Alembic migrations beside this file (bot/store/migrations), never by hand.

Times are UTC without a zone (`utcnow`), the same on SQLite and PostgreSQL, so that the
lease's comparisons in SQL read alike on both.
"""

from __future__ import annotations

from dataclasses import asdict
from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, Index, Integer, LargeBinary, String, Text, text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from handlers.watch.records import SourceSnapshot, utcnow


class Base(DeclarativeBase):
    pass


class Watch(Base):
    """One watch: its sources and options, where it tells (the command line, a channel or a
    DM), whether it runs, and the lease of the process reading it now."""

    __tablename__ = "watches"
    # One running watch per fingerprint (its place, sources and election): two starts of the
    # same watch at once (two terminals, two Slack commands) continue one watch instead of
    # making two that each tell every change.
    __table_args__ = (
        Index(
            "ux_watches_running_fingerprint",
            "fingerprint",
            unique=True,
            sqlite_where=text("status = 'running'"),
            postgresql_where=text("status = 'running'"),
        ),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    place: Mapped[str] = mapped_column(String(200), index=True)  # "cli", "slack:T:C", "dm:T:D"
    fingerprint: Mapped[str] = mapped_column(String(64), index=True)  # place+sources+options
    sources: Mapped[str] = mapped_column(Text)  # JSON list
    options: Mapped[str] = mapped_column(Text)  # JSON object: the scan's options as given
    every_s: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16), default="running")  # running | stopped
    started_by: Mapped[str | None] = mapped_column(String(64))
    started_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    stopped_by: Mapped[str | None] = mapped_column(String(64))
    stopped_at: Mapped[datetime | None] = mapped_column(DateTime)
    root_ts: Mapped[str | None] = mapped_column(String(32))  # the Slack root message
    next_round_at: Mapped[datetime | None] = mapped_column(DateTime)
    lease_owner: Mapped[str | None] = mapped_column(String(120))
    lease_expires: Mapped[datetime | None] = mapped_column(DateTime)


class SourceState(Base):
    """What a source was at its last read: enough to know it has not changed without a scan
    (a file's size and time, a URL's ETag / Last-Modified), its digest, and its bytes where
    they cannot be read again for free (a URL answered 304 next time)."""

    __tablename__ = "source_states"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    watch_id: Mapped[int] = mapped_column(ForeignKey("watches.id"), index=True)
    source: Mapped[str] = mapped_column(Text)
    name: Mapped[str] = mapped_column(Text)  # the file's name, as the scan reports it
    digest: Mapped[str | None] = mapped_column(String(64))
    size: Mapped[int | None] = mapped_column(Integer)
    mtime_ns: Mapped[str | None] = mapped_column(String(32))
    etag: Mapped[str | None] = mapped_column(Text)
    last_modified: Mapped[str | None] = mapped_column(Text)
    body: Mapped[bytes | None] = mapped_column(LargeBinary)
    error: Mapped[str | None] = mapped_column(Text)  # the last read's error, until it recovers

    @classmethod
    def of(cls, watch_id: int, snapshot: SourceSnapshot) -> SourceState:
        return cls(watch_id=watch_id, **asdict(snapshot))

    def snapshot(self) -> SourceSnapshot:
        return SourceSnapshot(
            source=self.source,
            name=self.name,
            digest=self.digest,
            size=self.size,
            mtime_ns=self.mtime_ns,
            etag=self.etag,
            last_modified=self.last_modified,
            body=self.body,
            error=self.error,
        )


class Reading(Base):
    __tablename__ = "readings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    watch_id: Mapped[int] = mapped_column(ForeignKey("watches.id"), index=True)
    taken_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    election: Mapped[str | None] = mapped_column(String(16))
    summary: Mapped[str] = mapped_column(Text)  # JSON: the scan's summary counts


class ReadingContest(Base):
    """One contest of one reading: what the next reading is compared with."""

    __tablename__ = "reading_contests"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    reading_id: Mapped[int] = mapped_column(ForeignKey("readings.id"), index=True)
    key: Mapped[str] = mapped_column(Text)
    title: Mapped[str] = mapped_column(Text)
    band: Mapped[str] = mapped_column(String(16))
    margin: Mapped[int | None] = mapped_column(Integer)
    leader: Mapped[str] = mapped_column(Text)  # JSON list
    outcome: Mapped[str | None] = mapped_column(String(40))
    votes: Mapped[str] = mapped_column(Text)  # JSON list of [name, votes]


class ChangeRecord(Base):
    """A change found, stored before it is told and marked when told: the canvass record of
    what changed when, and why a restart tells nothing twice."""

    __tablename__ = "changes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    watch_id: Mapped[int] = mapped_column(ForeignKey("watches.id"), index=True)
    reading_id: Mapped[int] = mapped_column(ForeignKey("readings.id"))
    found_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    key: Mapped[str] = mapped_column(Text)
    title: Mapped[str] = mapped_column(Text)
    change: Mapped[str] = mapped_column(String(16))
    before: Mapped[str | None] = mapped_column(Text)  # JSON reading, null for `new`
    after: Mapped[str | None] = mapped_column(Text)  # JSON reading, null for `gone`
    posted_at: Mapped[datetime | None] = mapped_column(DateTime)


class RoundPost(Base):
    """One message telling a round's changes, kept before it is sent: the key its metadata
    carries, the changes it tells, and Slack's `ts` once Slack answered. A post that timed
    out (Slack may have it all the same) or a process that died between the post and the
    mark is looked for by its key before the changes are posted again."""

    __tablename__ = "round_posts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    watch_id: Mapped[int] = mapped_column(ForeignKey("watches.id"), index=True)
    key: Mapped[str] = mapped_column(String(40), unique=True)
    changes: Mapped[str] = mapped_column(Text)  # JSON list of the changes' ids
    tried_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)  # the first try
    ts: Mapped[str | None] = mapped_column(String(32))  # Slack's, once it answered
    done_at: Mapped[datetime | None] = mapped_column(DateTime)  # posted and marked told


class SlackEvent(Base):
    """An event Slack delivered (a file dropped in a DM), by its id: a second delivery of the
    same event, to this process or another replica, is not scanned again. Kept a day."""

    __tablename__ = "slack_events"

    event_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    seen_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, index=True)


class ScanInFlight(Base):
    """A scan in Slack under way: its "Scanning…" message. Removed when the scan ends; one
    left long past what a scan can take was cut off (a crash, a deploy), and its message is
    told so by whichever process sweeps first (handlers/slack/scan/scanning.tell_interrupted)."""

    __tablename__ = "scans_in_flight"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    channel: Mapped[str] = mapped_column(String(32))
    ts: Mapped[str] = mapped_column(String(32))  # the progress message
    started_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, index=True)

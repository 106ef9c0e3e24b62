"""What the watch's callers hold: plain records, no database code. The listeners import this
module; SQLAlchemy and Alembic load only when the database is first opened
(handlers.watch.service), so a server answers its first request without paying for them."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from domain.changes import Change
from domain.deadline import long_date
from domain.montana import TIME_ZONE

if TYPE_CHECKING:
    from handlers.results import Scan


def utcnow() -> datetime:
    """UTC without a zone: the database's times, the same on SQLite and PostgreSQL."""
    return datetime.now(UTC).replace(tzinfo=None)


def in_montana(stored: datetime) -> datetime:
    """A stored time (UTC without a zone) in Montana's time, with its zone."""
    return stored.replace(tzinfo=UTC).astimezone(TIME_ZONE)


def montana_time(stored: datetime) -> str:
    """A stored time as a clerk reads it: "Tue Nov 5, 10:14 p.m. MST" (never UTC: at 10 p.m.
    on election night UTC is already the next day)."""
    local = in_montana(stored)
    hour = local.hour % 12 or 12
    half = "a.m." if local.hour < 12 else "p.m."
    return f"{local:%a %b} {local.day}, {hour}:{local:%M} {half} {local:%Z}"


def montana_iso(stored: datetime) -> str:
    """A stored time for JSON: ISO 8601 with Montana's offset ("2024-11-05T22:14:00-07:00")."""
    return in_montana(stored).isoformat()


class DatabaseError(Exception):
    """A database that cannot be opened or reached: one line that says which and why."""


class WatchStatus(StrEnum):
    RUNNING = "running"
    STOPPED = "stopped"


class PlaceKind(StrEnum):
    """Where a watch tells what it finds, and so where it was started."""

    CLI = "cli"  # the command line that runs it
    SLACK = "slack"  # a channel
    DM = "dm"  # a direct message's memory of the scans dropped there (never polled)


@dataclass(frozen=True)
class Place:
    """Where a watch posts. Stored as text: "cli", "slack:TEAM:CHANNEL", "dm:TEAM:CHANNEL"."""

    kind: PlaceKind
    team: str = ""
    channel: str = ""

    @classmethod
    def cli(cls) -> Place:
        return cls(PlaceKind.CLI)

    @classmethod
    def slack(cls, team: str, channel: str) -> Place:
        return cls(PlaceKind.SLACK, team, channel)

    @classmethod
    def dm(cls, team: str, channel: str) -> Place:
        return cls(PlaceKind.DM, team, channel)

    @classmethod
    def parse(cls, text: str) -> Place:
        kind, _, rest = text.partition(":")
        team, _, channel = rest.partition(":")
        return cls(PlaceKind(kind), team, channel)

    def __str__(self) -> str:
        if self.kind is PlaceKind.CLI:
            return self.kind.value
        return f"{self.kind.value}:{self.team}:{self.channel}"

    @staticmethod
    def prefix(kind: PlaceKind, team: str | None = None) -> str:
        """The stored text every place of this kind (and team) starts with, for queries."""
        return f"{kind.value}:" if team is None else f"{kind.value}:{team}:"


@dataclass(frozen=True)
class WatchSpec:
    """What makes a watch: where it tells, what it reads, with which scan options. A DM's
    memory of its scans is a watch too (Place.dm, no sources, one per election):
    nobody polls it; each scan dropped there is its next reading."""

    place: Place
    sources: tuple[str, ...]
    options: dict[str, Any]  # JSON-able: canvass, state_canvass, complete, election, ...
    every_s: int

    @property
    def fingerprint(self) -> str:
        """A watch is what it reads: its place, its sources (absolute paths and URLs, as
        `resolved` makes them) and the election they are read as. The other options (canvass
        dates, seats, kinds, --complete) are its settings: run again with others, the same
        watch goes on with them (watch.md)."""
        blob = json.dumps(
            [str(self.place), list(self.sources), self.options.get("election")], sort_keys=True
        )
        return hashlib.sha256(blob.encode()).hexdigest()


def resolved(source: str) -> str:
    """A source as a watch knows it: a URL as given, a file or folder by its absolute path
    (the same words typed in another folder are another watch)."""
    if source.lower().startswith(("https://", "http://")) or "://" in source:
        return source
    return str(Path(source).expanduser().resolve())


def settings_changed(before: dict[str, Any], now: dict[str, Any]) -> list[str]:
    """What a watch run again with other settings says, once: "canvass date set: deadlines
    now count from Mon Nov 25, 2024"."""
    said: list[str] = []
    for key, what in (
        ("canvass", "canvass date"),
        ("state_canvass", "state canvass date"),
    ):
        old, new = before.get(key), now.get(key)
        if old == new:
            continue
        if new is None:
            said.append(f"{what} removed: no deadlines count from it now")
        else:
            day = long_date(date.fromisoformat(str(new)))
            verb = "set" if old is None else "changed"
            said.append(f"{what} {verb}: deadlines now count from {day}")
    for key, what in (
        ("complete", "complete"),
        ("kinds", "kind answers"),
        ("seats", "seat answers"),
        ("counties", "county answers"),
    ):
        # an empty answer and one never given are the same setting
        if (before.get(key) or None) != (now.get(key) or None):
            said.append(f"{what} now {_shown_setting(now.get(key))}")
    return said


def _shown_setting(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "none"
    return str(value)


@dataclass(frozen=True)
class WatchInfo:
    """A watch as stored."""

    id: int
    place: Place
    sources: tuple[str, ...]
    options: dict[str, Any]
    every_s: int
    status: WatchStatus
    started_by: str | None
    started_at: datetime
    stopped_by: str | None = None
    stopped_at: datetime | None = None
    root_ts: str | None = None
    lease_owner: str | None = None  # the process reading it now, until lease_expires
    lease_expires: datetime | None = None

    @property
    def spec(self) -> WatchSpec:
        return WatchSpec(self.place, self.sources, self.options, self.every_s)

    @property
    def channel(self) -> str:
        """The channel of a Slack watch (or a DM's)."""
        return self.place.channel

    def read_now(self, now: datetime) -> bool:
        """Whether a process holds its lease now: a watch being read, not one left between
        two `--once` runs."""
        return self.lease_owner is not None and (
            self.lease_expires is not None and self.lease_expires > now
        )


@dataclass(frozen=True)
class SourceSnapshot:
    """What a source was at its last read: enough to know it has not changed without a scan
    (a file's size and time, a URL's ETag / Last-Modified), its digest, and its bytes where
    they cannot be read again for free (a URL answered 304 next time)."""

    source: str
    name: str  # the file's name, as the scan reports it
    digest: str | None = None
    size: int | None = None
    mtime_ns: str | None = None
    etag: str | None = None
    last_modified: str | None = None
    body: bytes | None = None
    error: str | None = None  # the last read's error, until it recovers

    def copied(self, **changes: object) -> SourceSnapshot:
        return replace(self, **changes)  # type: ignore[arg-type]


@dataclass(frozen=True)
class StoredChange:
    id: int
    watch_id: int
    found_at: datetime
    change: Change
    posted_at: datetime | None


@dataclass(frozen=True)
class RoundPost:
    """A message telling changes, as kept before it is sent (watch.md section 7): `key`
    goes in the message's metadata, so that a post whose answer never came (a timeout, a
    process that died) can be found in the channel instead of being posted again."""

    id: int
    watch_id: int
    key: str
    change_ids: tuple[int, ...]
    tried_at: datetime  # the first try: where a look through the channel starts
    ts: str | None  # Slack's, once it answered


@dataclass(frozen=True)
class Remembered:
    """A scan compared with the last scan kept for the same place and election."""

    since: datetime | None  # None: the first scan kept there
    changes: list[Change]
    kept: bool = True  # False: the database could not keep it (the summary says so)


@dataclass(frozen=True)
class WatchOverview:
    """A running watch as the Home tab lists it."""

    watch: WatchInfo
    last_reading: datetime | None
    last_change: StoredChange | None


@dataclass
class RoundResult:
    scanned: Scan | None  # None: nothing changed, nothing scanned
    changes: list[Change] = field(default_factory=list)
    first: bool = False  # the watch's first reading: nothing to compare with
    since: datetime | None = None  # when the reading compared with was taken
    errors: list[str] = field(default_factory=list)  # sources failing now (new failures)
    # every source that could not be read this round, with why, said before or not: the
    # round then scanned nothing (`--once` exits 1 naming them)
    failing: list[str] = field(default_factory=list)
    recovered: list[str] = field(default_factory=list)  # sources readable again
    reading_id: int | None = None
    read: int = 0  # the files (and URLs) looked at this round, changed or not
    removed: list[str] = field(default_factory=list)  # files read before, gone from it now
    # the source goes back and forth between two readings: `switching` the round that says
    # so, once, with its changes; `quiet` the rounds after, whose changes are not told again
    switching: bool = False
    quiet: bool = False

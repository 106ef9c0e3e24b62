"""What the watch service needs from the world, as small ports: a store for what was read, in
pieces by what each stores (Watches, Leases, Sources, Readings, Changes, Posts, Scans,
Events), and a fetcher for URLs. `bot/` implements them (bot.store's pieces over SQLAlchemy,
bot.net.fetch.UrlFetcher over the standard library); tests hand in-memory fakes. The service
(handlers.watch.service), its round (handlers.watch.rounds) and the listeners hold only these
types, never the database or the network themselves.

The ports carry questions and answers only: what a watch does with them (start or continue,
which watches are due and who reads them, a round, what was told, the next round) is the
service's, written once, and an adapter never
calls back into it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Protocol

from domain.changes import Change, ContestReading

# What every Fetcher keeps to, from the readers it fetches for (re-exported so that an adapter
# needs only this module): at most the bytes a scan reads, refused in the scan's words, and the
# Secretary of State's results hosts fetched unless the operator lists others.
from handlers.results.tables import MAX_BYTES as MAX_BYTES
from handlers.results.tables import MAX_SIZE_WORDS as MAX_SIZE_WORDS
from handlers.results.totalvote_page import SOS_HOSTS as SOS_HOSTS
from handlers.watch.records import (
    Place,
    RoundPost,
    SourceSnapshot,
    StoredChange,
    WatchInfo,
    WatchSpec,
)


class FetchRefused(Exception):
    """A URL the policy will not fetch: nothing was requested. The message says why."""


class FetchFailed(Exception):
    """A fetch that was tried and failed: one line naming the URL and why."""


class FetchStopped(Exception):
    """The process is stopping: the fetch was cut, and so is the round that asked for it.
    Nothing of that round is recorded (not a failing source); the next round reads again."""


@dataclass(frozen=True)
class Fetched:
    status: int  # 200, or 304 (not modified: no body)
    body: bytes
    etag: str | None
    last_modified: str | None


class Fetcher(Protocol):
    def check(self, url: str) -> None:
        """Raises FetchRefused when this URL may not be fetched; requests nothing."""

    def fetch(
        self, url: str, *, etag: str | None = None, last_modified: str | None = None
    ) -> Fetched:
        """GET with the conditional headers. Raises FetchRefused or FetchFailed."""


class Watches(Protocol):
    """The watches: started, found, set, stopped."""

    def watch_for(
        self, spec: WatchSpec, started_by: str | None, due_at: datetime | None = None
    ) -> WatchInfo:
        """The running watch of this fingerprint (one however two starts meet), or a new
        one, its first round due at `due_at` (None: at once)."""

    def update_settings(self, watch_id: int, options: dict[str, Any]) -> WatchInfo:
        """New settings kept; its sources are read afresh next round."""

    def set_every(self, watch_id: int, every_s: int) -> WatchInfo: ...

    def get(self, watch_id: int) -> WatchInfo | None: ...

    def set_root(self, watch_id: int, root_ts: str) -> None: ...

    def running(self, place_prefix: str = "") -> list[WatchInfo]: ...

    def watches(self, place: Place) -> list[WatchInfo]: ...

    def stop(self, watch_ids: Sequence[int], by: str | None) -> list[WatchInfo]:
        """Stops those still running; returns the ones it stopped."""


class Leases(Protocol):
    """Who reads a watch now, and when its next round is due."""

    def take_lease(self, watch_id: int, owner: str, ttl: timedelta) -> bool:
        """Takes or renews the lease; False when another process holds one still valid."""

    def release_lease(self, watch_id: int, owner: str) -> None: ...

    def due(self, now: datetime, place_prefix: str = "") -> list[WatchInfo]:
        """The running watches under `place_prefix` whose next round is due, or that never
        ran."""

    def schedule(self, watch_id: int, at: datetime) -> None: ...


class Sources(Protocol):
    """What each source of a watch was at its last read."""

    def source_states(self, watch_id: int) -> dict[str, SourceSnapshot]: ...

    def save_sources(self, watch_id: int, states: Sequence[SourceSnapshot]) -> None: ...


class Readings(Protocol):
    """The readings of a watch, each stored with the changes it found."""

    def has_reading(self, watch_id: int) -> bool: ...

    def last_reading(self, watch_id: int) -> tuple[datetime, dict[str, ContestReading]] | None:
        """When the last reading was taken, and its contests; None before the first."""

    def recent_readings(self, watch_id: int, count: int) -> list[dict[str, ContestReading]]:
        """The contests of the watch's last `count` readings, oldest first."""

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
        """Stores a reading and its changes in one transaction; returns the reading's id.
        `told`: its changes count as told already (a source switching back and forth)."""


class Changes(Protocol):
    """The changes found, and whether each was told."""

    def changes(
        self, watch_id: int | None = None, *, unposted: bool = False
    ) -> list[StoredChange]: ...

    def mark_posted(self, change_ids: Sequence[int]) -> None: ...


class Posts(Protocol):
    """The posts that tell changes, kept before they are sent."""

    def pending_post(self, watch_id: int) -> RoundPost | None:
        """The watch's post tried and not known to have reached its channel, if any."""

    def prepare_post(self, watch_id: int, change_ids: Sequence[int]) -> RoundPost:
        """The one post of these changes, kept before it is sent: the pending one (its key
        kept), or a new one."""

    def post_done(self, post_id: int, ts: str | None) -> None:
        """The post reached its channel as `ts`: kept, its changes told, in one transaction
        (None: given up, its changes told otherwise)."""


class Scans(Protocol):
    """The scans under way in Slack."""

    def scan_started(self, channel: str, ts: str) -> int:
        """A scan in Slack begun, its progress message `ts`: its id in the list."""

    def scan_ended(self, scan_id: int) -> None:
        """The scan answered (or failed in words): off the list."""

    def interrupted_scans(self, started_before: datetime) -> list[tuple[str, str]]:
        """The scans begun before then and never ended, taken off the list."""


class Events(Protocol):
    """Slack's events seen."""

    def first_delivery(self, event_id: str) -> bool:
        """True the first time Slack's event id is seen, False for a repeated delivery."""


class RoundStore(Sources, Readings, Protocol):
    """What one round reads and writes."""


class WatchStore(Watches, Leases, Sources, Readings, Changes, Posts, Scans, Events, Protocol):
    """Every piece: what the app wires (bot.store.backend.Store); each consumer is typed by
    the pieces it uses."""


class WatchBackend(Protocol):
    """The database side of watching, opened (and migrated) when first needed."""

    @property
    def store(self) -> WatchStore: ...

    def describe(self) -> str:
        """The database's URL as it may be printed (never its password)."""

    def answers(self) -> bool:
        """Whether the database answers a trivial query now."""

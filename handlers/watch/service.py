"""The watch use case, written once for every surface: start or continue a watch, apply new
settings, say which watches are due and claim one for a process (its lease), run a round,
record what was told, schedule the next (watch.md sections 3-5).

The command line (handlers.terminal.watch) and Slack (handlers.slack.watch.watching, the poller in
bot.watcher) each hand `WatchService` their own store and fetcher from `bot/`, and only say
what it returns in their own words; neither writes the sequence again. `Watching` is what a
server process holds: the database opened (and migrated) on first use, its fetcher under the
server's policy, and who this process is for the leases.
"""

from __future__ import annotations

import os
import platform
import threading
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Final

from domain.changes import ContestReading, compare
from handlers.syntax.durations import MIN_EVERY_S, shown
from handlers.watch.ports import Fetcher, WatchBackend, WatchStore
from handlers.watch.records import (
    Place,
    PlaceKind,
    Remembered,
    RoundResult,
    StoredChange,
    WatchInfo,
    WatchOverview,
    WatchSpec,
    WatchStatus,
    settings_changed,
    utcnow,
)
from handlers.watch.rounds import run_round

DEFAULT_LEASE_S: Final = 600  # longer than the longest round (10 sources x 60 s)
MAX_RUNNING: Final = 50  # per workspace
ONCE: Final = 0  # a watch's interval when it is read a round at a time (`--once`)


@dataclass(frozen=True)
class Opened:
    """A watch started or continued: what it is now, what its settings changed (said once),
    and the changes stored but never told (a run stopped between storing and telling)."""

    watch: WatchInfo
    settings: list[str]
    untold: list[StoredChange]


class WatchBusy(Exception):
    """Another process reads this watch now (it holds the lease): nothing was changed."""

    def __init__(self, watch: WatchInfo) -> None:
        super().__init__(
            f"watch {watch.id} is being read by another recount watch now "
            f"({watch.lease_owner or 'another process'}); stop that one first"
        )
        self.watch = watch


@dataclass(frozen=True)
class Lease:
    """Who reads a watch, and for how long at most without renewing."""

    owner: str
    ttl: timedelta


@dataclass(frozen=True)
class Round:
    """One round's result, and every change stored and not yet told (this round's among
    them): the surface tells them, then calls `told`."""

    result: RoundResult
    untold: list[StoredChange]

    @property
    def nothing_read(self) -> bool:
        """Every source failed, or one did and so nothing was scanned: no reading, and so
        never "No change"."""
        return bool(self.result.failing) and self.result.scanned is None


@dataclass(frozen=True)
class WatchService:
    store: WatchStore
    fetcher: Fetcher

    def open(
        self, spec: WatchSpec, started_by: str | None, *, lease: Lease | None = None
    ) -> Opened:
        """The running watch of these sources at this place, or a new one, with `spec`'s
        settings and interval from this round on. With `lease`, the watch is this process's
        to read first (WatchBusy, and nothing changed, when another process reads it).

        A new watch's first round is its starter's (under the lease): no poller finds it due
        before one interval has passed, so the two never read it at once."""
        watch = self.store.watch_for(spec, started_by, _next_round(spec.every_s))
        if lease is not None and not self.store.take_lease(watch.id, lease.owner, lease.ttl):
            raise WatchBusy(watch)
        said = settings_changed(watch.options, spec.options)
        if said:  # the same watch, new settings: said once, applied from this round
            watch = self.store.update_settings(watch.id, spec.options)
        if spec.every_s != watch.every_s:
            if ONCE not in (spec.every_s, watch.every_s):
                said.append(f"every {shown(spec.every_s)} now ({shown(watch.every_s)} before)")
            watch = self.store.set_every(watch.id, spec.every_s)
        return Opened(watch, said, self.store.changes(watch.id, unposted=True))

    def round(self, watch: WatchInfo, today: date) -> Round:
        """Reads the sources, and where one changed scans, compares and stores; then the
        next round is due one interval from now."""
        result = run_round(self.store, watch.id, watch.spec, today, fetcher=self.fetcher)
        if watch.every_s != ONCE:
            self.store.schedule(watch.id, _next_round(watch.every_s))
        return Round(result, self.store.changes(watch.id, unposted=True))

    def due(self) -> list[WatchInfo]:
        """The watches a poller reads now: the channels' (the command line reads its own,
        and a DM's memory is never read) whose next round is due."""
        return self.store.due(utcnow(), Place.prefix(PlaceKind.SLACK))

    def claim(self, watch: WatchInfo, lease: Lease) -> bool:
        """Takes (or renews) the watch's lease for this round, and moves its next round
        one interval on, so that no poller finds it due while it is read; False, and
        nothing changed, when another process reads it."""
        if not self.store.take_lease(watch.id, lease.owner, lease.ttl):
            return False
        self.store.schedule(watch.id, _next_round(watch.every_s))
        return True

    def hurry(self, watch: WatchInfo) -> None:
        """The watch's next round is due at once: whoever holds its lease reads it next."""
        self.store.schedule(watch.id, utcnow())

    def release(self, watch: WatchInfo, lease: Lease) -> None:
        """The lease given back: any process may read the watch at once."""
        self.store.release_lease(watch.id, lease.owner)

    def give_back(self, owner: str) -> None:
        """Every lease `owner` (a process stopping) holds, given back, so that a process
        that starts next takes its watches at once."""
        for watch in self.store.running():
            self.store.release_lease(watch.id, owner)

    def told(self, changes: Sequence[StoredChange]) -> None:
        """These changes were told (printed, posted): never told again."""
        self.store.mark_posted([c.id for c in changes])

    def listed(self, place: Place) -> list[Listed]:
        """The watches of a place, the running ones first, each with how it is read now."""
        now = utcnow()
        watches = sorted(
            self.store.watches(place), key=lambda w: (w.status is not WatchStatus.RUNNING, w.id)
        )
        out = []
        for watch in watches:
            last = self.store.last_reading(watch.id)
            out.append(Listed(watch, watch.read_now(now), None if last is None else last[0]))
        return out

    def remember(
        self,
        place: Place,
        user: str | None,
        election: str | None,
        summary: dict[str, int],
        contests: dict[str, ContestReading],
    ) -> Remembered:
        """Keeps a scan dropped in a DM as the place's newest reading of its election; says
        what changed since the one before. The changes count as told: the scan's summary
        says them."""
        spec = WatchSpec(place, (), {"election": election or "unknown"}, ONCE)
        watch = self.store.watch_for(spec, started_by=user)
        last = self.store.last_reading(watch.id)
        changes = [] if last is None else compare(last[1], contests)
        self.store.store_reading(watch.id, election, summary, contests, changes)
        self.told(self.store.changes(watch.id, unposted=True))
        return Remembered(None if last is None else last[0], changes)

    def overview(self, place_prefix: str) -> list[WatchOverview]:
        """Each running watch under `place_prefix`, with its last reading and last change."""
        out = []
        for watch in self.store.running(place_prefix):
            last = self.store.last_reading(watch.id)
            changes = self.store.changes(watch.id)
            out.append(
                WatchOverview(
                    watch, None if last is None else last[0], changes[-1] if changes else None
                )
            )
        return out


def _next_round(every_s: int) -> datetime:
    """When a watch read every `every_s` seconds is next due, counted from now."""
    return utcnow() + timedelta(seconds=every_s)


@dataclass(frozen=True)
class Listed:
    """A watch as `watch list` shows it."""

    watch: WatchInfo
    read_now: bool  # a process holds its lease: it is being read round after round
    last_reading: datetime | None

    @property
    def state(self) -> str:
        """ "running, every 5 min" / "read with --once; not running now" / "stopped"."""
        watch = self.watch
        if watch.status is WatchStatus.STOPPED:
            return "stopped"
        if watch.every_s == ONCE:
            return "read a round at a time (--once); not running now"
        if self.read_now:
            return f"running, every {shown(watch.every_s)}"
        return f"not running now (every {shown(watch.every_s)} when it ran)"


@dataclass
class Watching:
    # Opens (and migrates) the database: bot.watcher hands in bot.store.backend's, which
    # loads SQLAlchemy and Alembic, so that a server pays for them only when first needed.
    open_backend: Callable[[], WatchBackend]
    fetcher: Fetcher  # URLs under the operator's policy (RECOUNT_WATCH_HOSTS)
    owner: str = field(
        default_factory=lambda: f"{platform.node()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
    )
    # How long this process holds a round, and the shortest `every` a watch may ask: the
    # operator's settings (bot.settings), handed in by bot.watcher.
    lease: timedelta = timedelta(seconds=DEFAULT_LEASE_S)
    min_every_s: int = MIN_EVERY_S
    _backend: WatchBackend | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def backend(self) -> WatchBackend:
        """The database side, opened and migrated on first use. Raises DatabaseError."""
        with self._lock:
            if self._backend is None:
                self._backend = self.open_backend()
            return self._backend

    def own_lease(self) -> Lease:
        """The lease this process's poller reads each watch under."""
        return Lease(self.owner, self.lease)

    def store(self) -> WatchStore:
        """The database's questions and answers. Raises DatabaseError."""
        return self.backend().store

    def service(self) -> WatchService:
        """The watch use case over this process's database and fetcher. Raises
        DatabaseError."""
        return WatchService(self.store(), self.fetcher)

    def ready(self) -> bool:
        """Whether the database is open and answers now (GET /readyz)."""
        backend = self.opened()
        return backend is not None and backend.answers()

    def opened(self) -> WatchBackend | None:
        """The database side if this process has opened it, without opening it."""
        with self._lock:
            return self._backend

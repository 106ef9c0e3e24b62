"""What the Slack side of watching needs, built once per process: the database (opened, and
migrated, on first use), the policy for URLs, and the poller that reads due watches.

Many processes share the database (gunicorn workers, replicas). A round of a watch is read by
one process at a time: it takes the watch's lease in the database (one UPDATE that only one
process can win), moves the watch's next round forward, reads, stores the changes, then tells
them and marks them told. A process that dies mid-round leaves an expiring lease; the next
due round is taken by whichever process is alive.
"""

from __future__ import annotations

import logging
import os
import platform
import threading
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Final

from handlers.watch.ports import Fetcher, WatchBackend, WatchStore
from handlers.watch.records import WatchInfo, utcnow

log = logging.getLogger(__name__)
ENV_LEASE: Final = "RECOUNT_WATCH_LEASE_S"
ENV_TICK: Final = "RECOUNT_WATCH_TICK_S"
DEFAULT_LEASE_S: Final = 600  # longer than the longest round (10 sources x 60 s)
DEFAULT_TICK_S: Final = 5.0
MAX_SOURCES: Final = 10
MAX_RUNNING: Final = 50  # per workspace


def _env_number(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, "") or default)
    except ValueError:
        return default


@dataclass
class Watching:
    # Opens (and migrates) the database: bot.watcher hands in bot.store.backend's, which
    # loads SQLAlchemy and Alembic, so that a server pays for them only when first needed.
    open_backend: Callable[[], WatchBackend]
    fetcher: Fetcher  # URLs under the operator's policy (RECOUNT_WATCH_HOSTS)
    owner: str = field(
        default_factory=lambda: f"{platform.node()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
    )
    lease: timedelta = field(
        default_factory=lambda: timedelta(seconds=_env_number(ENV_LEASE, DEFAULT_LEASE_S))
    )
    tick_s: float = field(default_factory=lambda: _env_number(ENV_TICK, DEFAULT_TICK_S))
    _backend: WatchBackend | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def backend(self) -> WatchBackend:
        """The database side, opened and migrated on first use. Raises DatabaseError."""
        with self._lock:
            if self._backend is None:
                self._backend = self.open_backend()
            return self._backend

    def store(self) -> WatchStore:
        """The database's questions and answers. Raises DatabaseError."""
        return self.backend().store

    # --- the poller ------------------------------------------------------------------------

    def start(self, run: Callable[[WatchInfo], None]) -> None:
        """Reads due watches every tick in a thread of this process, until `stop`."""
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(
            target=self._loop, args=(run,), name="recount-watch-poller", daemon=True
        )
        self._thread.start()

    def stop(self) -> None:
        """Stops polling; the leases this process holds are given back, so a process that
        starts next takes its watches at once."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=30)
            self._thread = None
        if self._backend is not None:
            store = self._backend.store
            for watch in store.running():
                store.release_lease(watch.id, self.owner)

    def _loop(self, run: Callable[[WatchInfo], None]) -> None:
        while not self._stop.is_set():
            try:
                self.poll_once(run)
            except Exception:  # a database hiccup: log one line, try again next tick
                log.warning("watch poller: a round could not run", exc_info=True)
            self._stop.wait(self.tick_s)

    def poll_once(self, run: Callable[[WatchInfo], None]) -> int:
        """Runs every due watch whose lease this process wins; returns how many ran."""
        store = self.store()
        ran = 0
        for watch in store.due(utcnow()):
            if self._stop.is_set():
                break
            if not store.take_lease(watch.id, self.owner, self.lease):
                continue  # another process reads it
            store.schedule(watch.id, utcnow() + timedelta(seconds=watch.every_s))
            run(watch)
            ran += 1
        return ran

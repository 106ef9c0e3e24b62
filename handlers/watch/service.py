"""What the Slack side of watching needs, built once per process: the database (opened, and
migrated, on first use), the fetcher with its policy for URLs, and who this process is for the
leases (the poller thread that takes them is bot.watcher.Poller, which says how the leases
let many processes share the database).
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

log = logging.getLogger(__name__)
ENV_LEASE: Final = "RECOUNT_WATCH_LEASE_S"
DEFAULT_LEASE_S: Final = 600  # longer than the longest round (10 sources x 60 s)
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
    _backend: WatchBackend | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def backend(self) -> WatchBackend:
        """The database side, opened and migrated on first use. Raises DatabaseError."""
        with self._lock:
            if self._backend is None:
                self._backend = self.open_backend()
            return self._backend

    def store(self) -> WatchStore:
        """The database's questions and answers. Raises DatabaseError."""
        return self.backend().store

    def ready(self) -> bool:
        """Whether the database is open and answers now (GET /readyz)."""
        backend = self.opened()
        return backend is not None and backend.answers()

    def opened(self) -> WatchBackend | None:
        """The database side if this process has opened it, without opening it."""
        with self._lock:
            return self._backend

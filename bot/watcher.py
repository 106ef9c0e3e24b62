"""The watch poller of a server process: the database opened (and migrated) in the
background at start-up, then a thread that every tick takes the lease of each due watch it can
win, runs its round and posts what changed (lease -> round -> post), until the process stops
and gives its leases back.

Many processes share the database (gunicorn workers, replicas). A round of a watch is read by
one process at a time: it takes the watch's lease in the database (one UPDATE that only one
process can win), moves the watch's next round forward, reads, stores the changes, then tells
them and marks them told. A process that dies mid-round leaves an expiring lease; the next
due round is taken by whichever process is alive."""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable
from datetime import date, timedelta
from functools import partial
from typing import Final

from slack_bolt import App

from bot.clock import montana_today
from bot.net.fetch import Policy, UrlFetcher
from handlers.slack.watching import poller_run
from handlers.watch.ports import WatchBackend
from handlers.watch.records import DatabaseError, WatchInfo, utcnow
from handlers.watch.service import Watching

log = logging.getLogger("recount")
ENV_TICK: Final = "RECOUNT_WATCH_TICK_S"
DEFAULT_TICK_S: Final = 5.0


def _tick_s() -> float:
    try:
        return float(os.environ.get(ENV_TICK, "") or DEFAULT_TICK_S)
    except ValueError:
        return DEFAULT_TICK_S


MAX_RETRY_S: Final = 60.0  # the longest wait between tries to open the database


class Poller:
    """Reads due watches every tick in a thread of this process, until `stop`."""

    def __init__(self, watching: Watching, tick_s: float | None = None) -> None:
        self.watching = watching
        self.tick_s = _tick_s() if tick_s is None else tick_s
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self, run: Callable[[WatchInfo], None]) -> None:
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(
            target=self._loop, args=(run,), name="recount-watch-poller", daemon=True
        )
        self._thread.start()

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    def wait(self, seconds: float) -> bool:
        """Waits, unless stopped first; True once stopped."""
        return self._stop.wait(seconds)

    def stop(self) -> None:
        """Stops polling; the leases this process holds are given back, so a process that
        starts next takes its watches at once."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=30)
            self._thread = None
        backend = self.watching.opened()
        if backend is not None:
            for watch in backend.store.running():
                backend.store.release_lease(watch.id, self.watching.owner)

    def _loop(self, run: Callable[[WatchInfo], None]) -> None:
        while not self._stop.is_set():
            try:
                self.poll_once(run)
            except Exception:  # a database hiccup: log one line, try again next tick
                log.warning("watch poller: a round could not run", exc_info=True)
            self._stop.wait(self.tick_s)

    def poll_once(self, run: Callable[[WatchInfo], None]) -> int:
        """Runs every due watch whose lease this process wins; returns how many ran."""
        store = self.watching.store()
        ran = 0
        for watch in store.due(utcnow()):
            if self._stop.is_set():
                break
            if not store.take_lease(watch.id, self.watching.owner, self.watching.lease):
                continue  # another process reads it
            store.schedule(watch.id, utcnow() + timedelta(seconds=watch.every_s))
            run(watch)
            ran += 1
        return ran


def open_backend(database_url: str | None) -> WatchBackend:
    # Imported here, once, on purpose: SQLAlchemy and Alembic take about 280 ms to import,
    # which a server must not pay before its first answer (make bench, start-up); they load
    # when the database is first opened.
    from bot.store.backend import Backend

    return Backend(database_url)


def watching_from_settings(database_url: str | None, watch_hosts: str | None) -> Watching:
    """The watch service of a server: URLs under RECOUNT_WATCH_HOSTS, the database opened
    (and migrated) on first use."""
    fetcher = UrlFetcher(Policy.from_setting(watch_hosts))
    return Watching(partial(open_backend, database_url), fetcher)


def start_watching(
    app: App, watching: Watching, today: Callable[[], date] = montana_today
) -> Poller:
    """Opens the database (migrating it) and starts polling, in a thread: the server answers
    checks from its first second, whatever the database does. When the database cannot be
    opened, one log line says so; the bot still answers checks, and `/recount watch` says
    why it cannot watch."""

    def open_and_poll() -> None:
        # The database may start after us (a reboot, PostgreSQL restarting): tried again with
        # backoff, logged once when it fails and once when it comes back.
        wait = 1.0
        failing = False
        while not poller.stopping:
            try:
                backend = watching.backend()
            except DatabaseError as error:
                if not failing:
                    log.warning("watching waits for the database: %s; trying again", error)
                    failing = True
                if poller.wait(wait):
                    return
                wait = min(wait * 2, MAX_RETRY_S)
                continue
            poller.start(poller_run(app.client, watching, today))
            log.info("watching: database %s ready, poller started", backend.describe())
            return

    poller = Poller(watching)
    thread = threading.Thread(target=open_and_poll, name="recount-watch-start", daemon=True)
    thread.start()
    return poller

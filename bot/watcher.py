"""The watch poller of a server process: the database opened (and migrated) in the
background at start-up, then a thread that every tick takes the lease of each due watch it can
win, runs its round and posts what changed (lease -> round -> post), until the process stops
and gives its leases back.

Many processes share the database (gunicorn workers, replicas). A round of a watch is read by
one process at a time: it takes the watch's lease in the database (one UPDATE that only one
process can win), moves the watch's next round forward, reads, stores the changes, then tells
them and marks them told. A process that dies mid-round leaves an expiring lease; the next
due round is taken by whichever process is alive.

Each round runs in a thread of its own (at most MAX_ROUNDS at once), so a slow source holds
only its own watch: every fetch ends within its time in all (bot.net.fetch), and the other
watches' rounds go on meanwhile. Stopping cuts the fetches in flight (a round cut so records
nothing and is read again by whichever process takes the watch next)."""

from __future__ import annotations

import logging
import sys
import threading
import time
import traceback
from collections.abc import Callable
from datetime import date, timedelta
from functools import partial
from typing import Final

from slack_bolt import App

from bot.clock import montana_today
from bot.net.fetch import FetchStopped, Policy, UrlFetcher
from bot.settings import watch_lease_s, watch_min_interval_s, watch_tick_s
from handlers.slack.scan.scanning import tell_interrupted
from handlers.slack.watch.watching import poller_run
from handlers.syntax.durations import MIN_EVERY_S
from handlers.watch.ports import WatchBackend
from handlers.watch.records import DatabaseError, WatchInfo, utcnow
from handlers.watch.service import DEFAULT_LEASE_S, Watching

log = logging.getLogger("recount")
DEFAULT_TICK_S: Final = 5.0


# Rounds at once in one process, each in its own thread: enough that a few slow sources do
# not hold the others back, few enough that a canvass night's watches do not crowd the
# process (a round is mostly waiting on the network or the database).
MAX_ROUNDS: Final = 8
# How long stopping waits for the rounds in flight (their fetches already cut) to finish.
ROUND_GRACE_S: Final = 10.0
MAX_RETRY_S: Final = 60.0  # the longest wait between tries at a database that is down
START_RETRY_S: Final = 1.0  # the first wait between tries to open the database at start-up


class Backoff:
    """The waits between tries at something that is down: `first`, then twice the last, at
    most `most` (never less than `first`). Start-up (opening the database) and the poller
    (reaching it) wait so."""

    def __init__(self, first: float, most: float = MAX_RETRY_S) -> None:
        self.first = first
        self.most = max(most, first)
        self.failures = 0  # tries failed in a row
        self._next = first

    def failed(self) -> float:
        """One more try failed: how long to wait before the next."""
        self.failures += 1
        wait, self._next = self._next, min(self._next * 2, self.most)
        return wait

    def succeeded(self) -> bool:
        """A try worked: whether it ends a run of failures (to say so once); starts over."""
        ended = self.failures > 0
        self.failures, self._next = 0, self.first
        return ended


def unreachable(error: Exception) -> bool:
    """Whether `error` says the database cannot be reached now (it is down, restarting, or the
    network to it is), rather than a bug: our DatabaseError (it cannot be opened), or
    SQLAlchemy's OperationalError or InterfaceError, or any DBAPIError that lost its
    connection. Its other DBAPIErrors (a wrong statement, a constraint) are bugs."""
    if isinstance(error, DatabaseError):
        return True
    # Looked up, not imported: an error of SQLAlchemy's can only have been raised once
    # sqlalchemy.exc is loaded, and this module loads no database code (tests/e2e/
    # test_loading.py) and imports in no function but open_backend (tests/cross/
    # test_imports.py).
    exc = sys.modules.get("sqlalchemy.exc")
    if exc is None:
        return False
    if isinstance(error, exc.OperationalError | exc.InterfaceError):
        return True
    return isinstance(error, exc.DBAPIError) and bool(error.connection_invalidated)


def _reason(error: Exception) -> str:
    """Why the database cannot be reached, in a few words: the driver's own (never the
    statement or its parameters, which SQLAlchemy's message carries), its first line, its
    last clause ("Connection refused")."""
    said = str(getattr(error, "orig", None) or error).strip()
    first = said.splitlines()[0] if said else ""
    return first.rsplit(": ", 1)[-1].strip() or type(error).__name__


def _where(error: Exception) -> tuple[str, str, int]:
    """What makes an error the same one again: its class and the line that raised it."""
    frames = traceback.extract_tb(error.__traceback__)
    last = frames[-1] if frames else None
    name = f"{type(error).__module__}.{type(error).__qualname__}"
    return (name, last.filename if last else "", (last.lineno or 0) if last else 0)


class Poller:
    """Reads due watches every tick in a thread of this process, until `stop`.

    A database that cannot be reached is one warning line (which database, why), then tries
    at `backoff`'s waits (from the tick, doubling, up to MAX_RETRY_S) and one line when it
    answers again. Any other error is a bug: logged once with its traceback for each class
    and line that raised it, and tried again each tick."""

    def __init__(self, watching: Watching, tick_s: float | None = None) -> None:
        self.watching = watching
        self.tick_s = watch_tick_s(DEFAULT_TICK_S) if tick_s is None else tick_s
        self.backoff = Backoff(self.tick_s)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._logged: set[tuple[str, str, int]] = set()  # the bugs already logged
        self._failing = threading.Lock()  # the poll and the rounds' threads log failures
        self._rounds: dict[int, threading.Thread] = {}  # by watch id: the rounds running
        self._rounds_lock = threading.Lock()

    def start(
        self, run: Callable[[WatchInfo], None], chores: Callable[[], object] = lambda: None
    ) -> None:
        """Polls with `run` for each due watch; `chores` first at each tick (telling scans a
        restart cut off), its failures said as a round's are."""
        if self._thread is not None:
            return
        self._stop.clear()
        self._thread = threading.Thread(
            target=self._loop, args=(run, chores), name="recount-watch-poller", daemon=True
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
        if isinstance(self.watching.fetcher, UrlFetcher):
            self.watching.fetcher.stop()  # a trickling source must not hold the stop
        if self._thread is not None:
            self._thread.join(timeout=30)
            self._thread = None
        until = time.monotonic() + ROUND_GRACE_S
        with self._rounds_lock:
            running = list(self._rounds.values())
        for thread in running:
            thread.join(timeout=max(0.0, until - time.monotonic()))
        backend = self.watching.opened()
        if backend is None:
            return
        try:
            self.watching.service().give_back(self.watching.owner)
        except Exception as error:
            if not unreachable(error):
                raise
            log.warning(
                "watch poller: the database %s cannot be reached (%s); this process's leases "
                "expire by themselves",
                backend.describe(),
                _reason(error),
            )

    def _loop(self, run: Callable[[WatchInfo], None], chores: Callable[[], object]) -> None:
        while not self._stop.is_set():
            try:
                chores()
                self.poll_once(run)
            except Exception as error:
                pause = self._failed(error)
            else:
                pause = self.tick_s
                if self.backoff.succeeded():
                    log.info("watch poller: the database is back; watches resume")
            if self.wait(pause):
                return

    def _failed(self, error: Exception) -> float:
        """Logs what went wrong, once; the wait before the next poll."""
        with self._failing:
            return self._failed_locked(error)

    def _failed_locked(self, error: Exception) -> float:
        if unreachable(error):
            pause = self.backoff.failed()
            if self.backoff.failures == 1:
                self._say_unreachable(error)
            return pause
        where = _where(error)
        if where not in self._logged:
            # The set is bounded: one entry per class and line of code that raised.
            self._logged.add(where)
            log.error(
                "watch poller: a round failed (%s); logged once, not at each tick it fails",
                type(error).__name__,
                exc_info=error,
            )
        return self.tick_s

    def _say_unreachable(self, error: Exception) -> None:
        backend = self.watching.opened()
        if backend is None:  # not opened yet: the DatabaseError names the database and why
            log.warning("watch poller: %s; trying again with backoff", error)
            return
        log.warning(
            "watch poller: the database %s cannot be reached (%s); trying again with backoff",
            backend.describe(),
            _reason(error),
        )

    def poll_once(self, run: Callable[[WatchInfo], None]) -> int:
        """Starts the round of every due watch whose lease this process wins, each in its
        own thread; returns how many it started."""
        service = self.watching.service()
        started = 0
        for watch in service.due():
            if self._stop.is_set():
                break
            with self._rounds_lock:
                running, full = watch.id in self._rounds, len(self._rounds) >= MAX_ROUNDS
            if running:
                continue  # its round (a slow one) still runs here: never two at once
            if full:
                break  # left due: for another process, or for this one's next tick
            if not service.claim(watch, self.watching.own_lease()):
                continue  # another process reads it
            self._start_round(run, watch)
            started += 1
        return started

    def running(self) -> list[int]:
        """The watches whose rounds run in this process now."""
        with self._rounds_lock:
            return sorted(self._rounds)

    def _start_round(self, run: Callable[[WatchInfo], None], watch: WatchInfo) -> None:
        thread = threading.Thread(
            target=self._round, args=(run, watch), name=f"recount-watch-{watch.id}", daemon=True
        )
        with self._rounds_lock:
            self._rounds[watch.id] = thread
        thread.start()

    def _round(self, run: Callable[[WatchInfo], None], watch: WatchInfo) -> None:
        try:
            run(watch)
        except FetchStopped:
            pass  # the process is stopping: nothing of the round was stored
        except Exception as error:
            self._failed(error)
        finally:
            with self._rounds_lock:
                self._rounds.pop(watch.id, None)


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
    return Watching(
        partial(open_backend, database_url),
        fetcher,
        lease=timedelta(seconds=watch_lease_s(DEFAULT_LEASE_S)),
        min_every_s=watch_min_interval_s(MIN_EVERY_S),
    )


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
        backoff = Backoff(START_RETRY_S)
        while not poller.stopping:
            try:
                backend = watching.backend()
            except DatabaseError as error:
                pause = backoff.failed()
                if backoff.failures == 1:
                    log.warning("watching waits for the database: %s; trying again", error)
                if poller.wait(pause):
                    return
                continue
            poller.start(
                poller_run(app.client, watching, today),
                chores=lambda: tell_interrupted(app.client, watching.store(), utcnow()),
            )
            log.info("watching: database %s ready, poller started", backend.describe())
            return

    poller = Poller(watching)
    thread = threading.Thread(target=open_and_poll, name="recount-watch-start", daemon=True)
    thread.start()
    return poller

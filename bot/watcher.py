"""The watch poller of a server process: the database opened (and migrated) in the
background at start-up, the poller started, and stopped with the process (its leases given
back)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import date
from functools import partial

from slack_bolt import App

from bot.clock import montana_today
from bot.net.fetch import Policy, UrlFetcher
from handlers.slack.watching import poller_run
from handlers.watch.ports import Fetcher, WatchBackend
from handlers.watch.records import DatabaseError
from handlers.watch.service import Watching

log = logging.getLogger("recount")


def open_backend(database_url: str | None, fetcher: Fetcher) -> WatchBackend:
    # Imported here, once, on purpose: SQLAlchemy and Alembic take about 280 ms to import,
    # which a server must not pay before its first answer (make bench, start-up); they load
    # when the database is first opened.
    from bot.store.backend import Backend

    return Backend(database_url, fetcher)


def watching_from_settings(database_url: str | None, watch_hosts: str | None) -> Watching:
    """The watch service of a server: URLs under RECOUNT_WATCH_HOSTS, the database opened
    (and migrated) on first use."""
    fetcher = UrlFetcher(Policy.from_setting(watch_hosts))
    return Watching(partial(open_backend, database_url, fetcher), fetcher)


def start_watching(
    app: App, watching: Watching, today: Callable[[], date] = montana_today
) -> threading.Thread:
    """Opens the database (migrating it) and starts polling, in a thread: the server answers
    checks from its first second, whatever the database does. When the database cannot be
    opened, one log line says so; the bot still answers checks, and `/recount watch` says
    why it cannot watch."""

    def open_and_poll() -> None:
        try:
            backend = watching.backend()
        except DatabaseError as error:
            log.error("watching is off: %s", error)
            return
        watching.start(poller_run(app.client, watching, today))
        log.info("watching: database %s ready, poller started", backend.describe())

    thread = threading.Thread(target=open_and_poll, name="recount-watch-start", daemon=True)
    thread.start()
    return thread

"""The watch poller of a server process: the database opened (and migrated) in the
background at start-up, the poller started, and stopped with the process (its leases given
back)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import date

from slack_bolt import App

from bot.clock import montana_today
from handlers.watch.records import DatabaseError
from handlers.watch.service import Watching
from handlers.watch_listeners import poller_run

log = logging.getLogger("recount")


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

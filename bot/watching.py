"""The watch poller of a server process: the database opened (and migrated) at start-up, the
poller started, and stopped with the process (its leases given back)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import date

from slack_bolt import App

from bot.clock import montana_today
from handlers.watch.database import DatabaseError, database_url, shown
from handlers.watch.service import Watching
from handlers.watch_listeners import poller_run

log = logging.getLogger("recount")


def start_watching(app: App, watching: Watching, today: Callable[[], date] = montana_today) -> bool:
    """Opens the database and starts polling; False (and one log line) when the database
    cannot be opened: the bot still answers checks, and `/recount watch` says why not."""
    try:
        watching.store()
    except DatabaseError as error:
        log.error("watching is off: %s", error)
        return False
    watching.start(poller_run(app.client, watching, today))
    log.info("watching: database %s ready, poller started", shown_url(watching))
    return True


def shown_url(watching: Watching) -> str:
    return shown(database_url(watching.database_url))

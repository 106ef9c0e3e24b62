"""The watch's database side in one object: opened (and migrated) when a process first needs
the database. Importing this module loads SQLAlchemy and Alembic. It answers questions and
stores rows only: what a watch does with the answers is handlers.watch.service's."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError

from bot.store.changes import ChangeRows
from bot.store.database import database_url, open_database, shown
from bot.store.events import EventRows
from bot.store.leases import LeaseRows
from bot.store.posts import PostRows
from bot.store.readings import ReadingRows
from bot.store.scans import ScanRows
from bot.store.sources import SourceRows
from bot.store.watches import WatchRows


class Store(
    WatchRows, LeaseRows, SourceRows, ReadingRows, ChangeRows, PostRows, ScanRows, EventRows
):
    """Every piece over one engine: the WatchStore port (handlers.watch.ports) that the app
    wires. Each piece is its own small port; a consumer is typed by the pieces it uses."""


class Backend:
    def __init__(self, url: str | None) -> None:
        self.url = url
        self._store = Store(open_database(url))

    @property
    def store(self) -> Store:
        return self._store

    def describe(self) -> str:
        """The database's URL as it may be printed (never its password)."""
        return shown(database_url(self.url))

    def answers(self) -> bool:
        """Whether the database answers now: a readiness probe, never an exception."""
        try:
            with self.store.session() as s:
                s.execute(select(1))
            return True
        except SQLAlchemyError:
            return False

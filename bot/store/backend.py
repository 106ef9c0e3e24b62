"""The watch's database side in one object: opened (and migrated) when a process first needs
the database. Importing this module loads SQLAlchemy and Alembic. It answers questions only:
what a watch does with the answers is handlers.watch.service's."""

from __future__ import annotations

from bot.store.database import database_url, open_database, shown
from bot.store.queries import Store


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
        return self.store.answers()

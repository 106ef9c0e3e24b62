"""The watch's database side in one object: opened (and migrated) when a process first needs
the database. Importing this module loads SQLAlchemy and Alembic."""

from __future__ import annotations

from datetime import date

from bot.store.database import database_url, open_database, shown
from bot.store.queries import Store, overview, remember
from domain.changes import ContestReading
from handlers.watch.ports import Fetcher
from handlers.watch.records import Place, Remembered, RoundResult, WatchInfo, WatchOverview
from handlers.watch.rounds import run_round


class Backend:
    def __init__(self, url: str | None, fetcher: Fetcher | None) -> None:
        self.url = url
        self.fetcher = fetcher
        self._store = Store(open_database(url))

    @property
    def store(self) -> Store:
        return self._store

    def describe(self) -> str:
        """The database's URL as it may be printed (never its password)."""
        return shown(database_url(self.url))

    def answers(self) -> bool:
        return self.store.answers()

    def run_round(self, watch: WatchInfo, today: date) -> RoundResult:
        return run_round(self.store, watch.id, watch.spec, today, fetcher=self.fetcher)

    def remember(
        self,
        place: Place,
        user: str | None,
        election: str | None,
        summary: dict[str, int],
        contests: dict[str, ContestReading],
    ) -> Remembered:
        return remember(self.store, place, user, election, summary, contests)

    def overview(self, place_prefix: str) -> list[WatchOverview]:
        return overview(self.store, place_prefix)

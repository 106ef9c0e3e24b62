"""The watch service: the database opened once, on first use, and never before; when a watch
is due and which process reads it."""

from __future__ import annotations

import contextlib
from datetime import timedelta
from unittest.mock import MagicMock

from bot.store.backend import Store
from bot.store.database import open_database
from handlers.watch.records import DatabaseError, Place, WatchSpec
from handlers.watch.service import Lease, Watching, WatchService


def test_the_backend_is_opened_once_on_first_use() -> None:
    opened: list[object] = []

    def open_backend() -> MagicMock:
        backend = MagicMock()
        opened.append(backend)
        return backend

    watching = Watching(open_backend, fetcher=MagicMock())
    assert watching.opened() is None and opened == []
    first = watching.backend()
    assert watching.backend() is first and watching.store() is first.store
    assert opened == [first] and watching.opened() is first


def test_a_database_that_cannot_be_opened_is_tried_again_next_time() -> None:
    calls = []

    def failing() -> MagicMock:
        calls.append(1)
        raise DatabaseError("the database cannot be opened")

    watching = Watching(failing, fetcher=MagicMock())
    for _ in range(2):
        with contextlib.suppress(DatabaseError):
            watching.backend()
    assert len(calls) == 2 and watching.opened() is None


def test_each_process_is_its_own_lease_owner() -> None:
    a, b = Watching(MagicMock, MagicMock()), Watching(MagicMock, MagicMock())
    assert a.owner != b.owner


# The use cases the poller and the surfaces used to write themselves (issue 36): when a watch
# is due, who reads it, and the leases given back, over a real store on SQLite.
SLACK = WatchSpec(Place.slack("T0MONTANA", "C0CANVASS"), ("https://results.example/r.csv",), {}, 60)


def service_over(database: str) -> WatchService:
    return WatchService(Store(open_database(database)), fetcher=MagicMock())


def test_a_new_watch_is_its_starters_for_one_interval_then_the_pollers(database: str) -> None:
    service = service_over(database)
    watch = service.open(SLACK, "U0CLERK").watch
    service.open(WatchSpec(Place.cli(), ("/results",), {}, 60), None)
    service.remember(Place.dm("T0MONTANA", "D0CLERK"), "U0CLERK", "general", {}, {})
    assert service.due() == []  # not before its first interval; never the terminal's, a DM's
    service.hurry(watch)
    assert [w.id for w in service.due()] == [watch.id]


def test_a_claimed_watch_is_read_by_one_process_and_not_due_meanwhile(database: str) -> None:
    service = service_over(database)
    watch = service.open(SLACK, "U0CLERK").watch
    service.hurry(watch)
    mine, theirs = Lease("a", timedelta(minutes=10)), Lease("b", timedelta(minutes=10))
    assert service.claim(watch, mine)
    assert service.due() == []  # its next round moved one interval on
    service.hurry(watch)
    assert not service.claim(watch, theirs)  # a reads it
    service.release(watch, mine)
    assert service.claim(watch, theirs)
    service.give_back("b")  # b stops: its leases given back, a takes the watch at once
    assert service.claim(watch, mine)

"""The watch service: the database opened once, on first use, and never before."""

from __future__ import annotations

import contextlib
from unittest.mock import MagicMock

from handlers.watch.records import DatabaseError
from handlers.watch.service import Watching


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

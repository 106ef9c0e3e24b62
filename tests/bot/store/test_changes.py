"""The changes on SQLite and on a real PostgreSQL server: stored before they are told, marked
when told, never told twice."""

from __future__ import annotations

import pytest

from bot.store.changes import ChangeRows
from bot.store.database import open_database
from bot.store.readings import ReadingRows
from bot.store.watches import WatchRows
from domain.changes import Change, ChangeKind
from handlers.watch.ports import Changes

from .fixtures import SPEC, reading

# Slow (a PostgreSQL server): `make quick` leaves it out.
pytestmark = pytest.mark.slow


def test_changes_are_stored_before_they_are_told(any_database: str) -> None:
    engine = open_database(any_database)
    watch = WatchRows(engine).watch_for(SPEC, None)
    store: Changes = ChangeRows(engine)
    change = Change("k", "Sheriff", ChangeKind.MARGIN, reading(9), reading(7))
    ReadingRows(engine).store_reading(watch.id, "general", {}, {"k": reading(7)}, [change])
    (pending,) = store.changes(watch.id, unposted=True)
    assert pending.change == change and pending.posted_at is None
    store.mark_posted([pending.id])
    assert store.changes(watch.id, unposted=True) == []
    (told,) = store.changes(watch.id)
    assert told.posted_at is not None
    store.mark_posted([])  # nothing to mark: no statement
    assert store.changes() == [told]  # of every watch

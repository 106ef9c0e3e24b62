"""The readings on SQLite and on a real PostgreSQL server: each stored with its changes in
one transaction, the last and the recent ones given back, contest by contest."""

from __future__ import annotations

import pytest

from bot.store.changes import ChangeRows
from bot.store.database import open_database
from bot.store.readings import ReadingRows
from bot.store.watches import WatchRows
from domain.changes import Change, ChangeKind
from handlers.watch.ports import Readings

from .fixtures import SPEC, reading

# Slow (a PostgreSQL server): `make quick` leaves it out.
pytestmark = pytest.mark.slow


def test_a_reading_and_its_changes_are_stored_together(any_database: str) -> None:
    engine = open_database(any_database)
    watch = WatchRows(engine).watch_for(SPEC, None)
    store: Readings = ReadingRows(engine)
    assert not store.has_reading(watch.id) and store.last_reading(watch.id) is None
    store.store_reading(watch.id, "general", {"contests": 1}, {"k": reading(9)}, [])
    change = Change("k", "Sheriff", ChangeKind.MARGIN, reading(9), reading(7))
    store.store_reading(watch.id, "general", {"contests": 1}, {"k": reading(7)}, [change])
    last = store.last_reading(watch.id)
    assert store.has_reading(watch.id) and last is not None and last[1]["k"] == reading(7)
    assert [r["k"].margin for r in store.recent_readings(watch.id, 4)] == [9, 7]  # oldest first
    (stored,) = ChangeRows(engine).changes(watch.id)
    assert stored.change == change and stored.posted_at is None  # stored before it is told
    store.store_reading(watch.id, "general", {}, {"k": reading(9)}, [change], told=True)
    assert len(ChangeRows(engine).changes(watch.id, unposted=True)) == 1  # told at once

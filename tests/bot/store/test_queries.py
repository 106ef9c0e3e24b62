"""The watch database on SQLite and on a real PostgreSQL server: migrations applied at start-up
(once, however many processes start together), the lease, and changes stored before told."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from sqlalchemy import inspect, text

from bot.store.database import head_revision, open_database
from bot.store.queries import Store
from domain.changes import Band, Change, ChangeKind, ContestReading
from handlers.watch.records import Place, WatchSpec

# Slow (server processes, a fuzz, long properties): `make quick` leaves it out.
pytestmark = pytest.mark.slow

SPEC = WatchSpec(Place.slack("T0MONTANA", "C0CANVASS"), ("https://results.example/x.xlsx",), {}, 60)


def reading(margin: int) -> ContestReading:
    return ContestReading("k", "Sheriff", Band.RECOUNT, margin, ("A",), "recount_available", ())


def test_the_schema_is_made_by_the_migrations(any_database: str) -> None:
    engine = open_database(any_database)
    tables = set(inspect(engine).get_table_names())
    assert {"watches", "source_states", "readings", "reading_contests", "changes"} <= tables
    with engine.connect() as connection:
        (version,) = connection.execute(text("SELECT version_num FROM alembic_version")).one()
    # the newest migration in bot/store/migrations/versions (0001 until `make migration`)
    assert version == head_revision()
    open_database(any_database)  # opening again: nothing to apply, nothing breaks


def test_one_lease_at_a_time_and_a_dead_holders_expires(any_database: str) -> None:
    store = Store(open_database(any_database))
    watch = store.watch_for(SPEC, "U0CLERK")
    ttl = timedelta(seconds=1)
    assert store.take_lease(watch.id, "a", ttl)
    assert not store.take_lease(watch.id, "b", ttl)  # a holds it
    assert store.take_lease(watch.id, "a", ttl)  # a renews
    time.sleep(1.2)
    assert store.take_lease(watch.id, "b", ttl)  # a's expired: b takes it
    store.release_lease(watch.id, "b")
    assert store.take_lease(watch.id, "a", ttl)  # given back: free at once
    store.stop([watch.id], "U0CLERK")
    assert not store.take_lease(watch.id, "a", ttl)  # a stopped watch is read by nobody


def test_changes_are_stored_before_they_are_told(any_database: str) -> None:
    store = Store(open_database(any_database))
    watch = store.watch_for(SPEC, None)
    change = Change("k", "Sheriff", ChangeKind.MARGIN, reading(9), reading(7))
    store.store_reading(watch.id, "general", {"contests": 1}, {"k": reading(7)}, [change])
    (pending,) = store.changes(watch.id, unposted=True)
    assert pending.change == change and pending.posted_at is None
    store.mark_posted([pending.id])
    assert store.changes(watch.id, unposted=True) == []
    (told,) = store.changes(watch.id)
    assert told.posted_at is not None
    last = store.last_reading(watch.id)
    assert last is not None and last[1]["k"].margin == 7


def test_the_same_command_is_the_same_watch(any_database: str) -> None:
    store = Store(open_database(any_database))
    first = store.watch_for(SPEC, None)
    assert store.watch_for(SPEC, None).id == first.id
    # other settings (a canvass date) are the same watch; other sources another
    settings = WatchSpec(SPEC.place, SPEC.sources, {"canvass": "2022-11-28"}, 60)
    assert store.watch_for(settings, None).id == first.id
    other = WatchSpec(SPEC.place, ("/elsewhere/results",), SPEC.options, 60)
    assert store.watch_for(other, None).id != first.id
    kept = store.update_settings(first.id, {"canvass": "2022-11-28"})
    assert kept.options == {"canvass": "2022-11-28"} and store.source_states(first.id) == {}

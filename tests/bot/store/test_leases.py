"""The lease on SQLite and on a real PostgreSQL server: one process reads a watch at a time,
and a dead holder's lease expires; the schedule says which watches are due."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest

from bot.store.database import open_database
from bot.store.leases import LeaseRows
from bot.store.watches import WatchRows
from handlers.watch.ports import Leases
from handlers.watch.records import Place, PlaceKind, WatchSpec, utcnow

from .fixtures import SPEC

# Slow (a PostgreSQL server): `make quick` leaves it out.
pytestmark = pytest.mark.slow


def test_one_lease_at_a_time_and_a_dead_holders_expires(any_database: str) -> None:
    engine = open_database(any_database)
    watches, leases = WatchRows(engine), LeaseRows(engine)
    store: Leases = leases
    watch = watches.watch_for(SPEC, "U0CLERK")
    ttl = timedelta(seconds=1)
    assert store.take_lease(watch.id, "a", ttl)
    assert not store.take_lease(watch.id, "b", ttl)  # a holds it
    assert store.take_lease(watch.id, "a", ttl)  # a renews
    time.sleep(1.2)
    assert store.take_lease(watch.id, "b", ttl)  # a's expired: b takes it
    store.release_lease(watch.id, "b")
    assert store.take_lease(watch.id, "a", ttl)  # given back: free at once
    watches.stop([watch.id], "U0CLERK")
    assert not store.take_lease(watch.id, "a", ttl)  # a stopped watch is read by nobody


def test_a_watch_is_due_when_scheduled_under_its_place(any_database: str) -> None:
    engine = open_database(any_database)
    watches, leases = WatchRows(engine), LeaseRows(engine)
    slack = watches.watch_for(SPEC, None)
    cli = watches.watch_for(WatchSpec(Place.cli(), ("/results",), {}, 60), None)
    now = utcnow()
    for watch in (slack, cli):
        leases.schedule(watch.id, now - timedelta(seconds=1))
    assert [w.id for w in leases.due(now)] == [slack.id, cli.id]
    assert [w.id for w in leases.due(now, Place.prefix(PlaceKind.SLACK))] == [slack.id]
    leases.schedule(slack.id, now + timedelta(seconds=60))
    assert [w.id for w in leases.due(now)] == [cli.id]
    first = watches.watch_for(
        WatchSpec(Place.cli(), ("/new",), {}, 60), None, now + timedelta(seconds=60)
    )
    assert first.id not in [w.id for w in leases.due(now)]  # its first round due later

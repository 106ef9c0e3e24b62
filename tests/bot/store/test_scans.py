"""The scans under way on SQLite and on a real PostgreSQL server: one cut off is taken off
the list once."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import update

from bot.store.database import open_database
from bot.store.models import ScanInFlight
from bot.store.scans import ScanRows
from handlers.watch.ports import Scans
from handlers.watch.records import utcnow

# Slow (a PostgreSQL server): `make quick` leaves it out.
pytestmark = pytest.mark.slow


def test_a_scan_listed_while_under_way_is_taken_off_once_cut_off(any_database: str) -> None:
    rows = ScanRows(open_database(any_database))
    store: Scans = rows
    done = store.scan_started("D0CLERK", "1.1")
    store.scan_ended(done)  # answered: never told
    cut = store.scan_started("D0CLERK", "1.2")
    store.scan_started("C0CANVASS", "1.3")  # still under way
    with rows.session() as s:  # the first began 16 minutes ago
        s.execute(
            update(ScanInFlight)
            .where(ScanInFlight.id == cut)
            .values(started_at=utcnow() - timedelta(minutes=16))
        )
    before = utcnow() - timedelta(minutes=15)
    assert store.interrupted_scans(before) == [("D0CLERK", "1.2")]
    assert store.interrupted_scans(before) == []  # told once
    assert store.interrupted_scans(utcnow() + timedelta(seconds=1)) == [("C0CANVASS", "1.3")]

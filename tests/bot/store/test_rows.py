"""Every piece of the store raises only DatabaseError, in a few words of the driver's and
never the statement, when the database is gone."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine

from bot.store.backend import Store
from handlers.watch.records import DatabaseError, Place

from .fixtures import SPEC


def test_a_database_gone_away_raises_only_database_error(tmp_path: Path) -> None:
    store = Store(create_engine(f"sqlite:///{tmp_path / 'no such folder' / 'recount.db'}"))
    place = Place.parse("slack:T0MONTANA:C0CANVASS")
    calls: list[Callable[[], Any]] = [
        store.running,
        lambda: store.watches(place),
        lambda: store.get(1),
        lambda: store.watch_for(SPEC, "U0CLERK"),
        lambda: store.changes(unposted=True),
        lambda: store.take_lease(1, "me", timedelta(minutes=10)),
        lambda: store.source_states(1),
        lambda: store.last_reading(1),
        lambda: store.pending_post(1),
        lambda: store.scan_started("D0CLERK", "1.1"),
        lambda: store.first_delivery("Ev1"),
    ]
    for call in calls:
        with pytest.raises(DatabaseError) as raised:
            call()
        said = str(raised.value)
        assert said == "the database failed: unable to open database file", said
        assert "SELECT" not in said and "INSERT" not in said

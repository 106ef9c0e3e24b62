"""A new watch database is made by the migrations, at the newest revision, on SQLite and on a
real PostgreSQL server; opening it again applies nothing. (Many processes migrating at once:
tests/e2e/test_database.py.)"""

from __future__ import annotations

import pytest
from sqlalchemy import inspect, text

from bot.store.database import head_revision, open_database

# Slow (a PostgreSQL server): `make quick` leaves it out.
pytestmark = pytest.mark.slow


def test_the_schema_is_made_by_the_migrations(any_database: str) -> None:
    engine = open_database(any_database)
    tables = set(inspect(engine).get_table_names())
    assert {"watches", "source_states", "readings", "reading_contests", "changes"} <= tables
    with engine.connect() as connection:
        (version,) = connection.execute(text("SELECT version_num FROM alembic_version")).one()
    # the newest migration in bot/store/migrations/versions (0001 until `make migration`)
    assert version == head_revision()
    open_database(any_database)  # opening again: nothing to apply, nothing breaks

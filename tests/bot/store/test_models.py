"""The tables as the models say, made by the migrations."""

from __future__ import annotations

from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from bot.store.database import open_database
from bot.store.models import Base, SourceState
from handlers.watch.records import SourceSnapshot


def test_the_migrations_make_what_the_models_say(tmp_path: Path) -> None:
    """A model changed without its migration (make migration) fails here."""
    engine = open_database(f"sqlite:///{tmp_path}/head.db")
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert differences == []


def test_a_source_row_holds_a_snapshot_and_gives_it_back() -> None:
    snapshot = SourceSnapshot(
        source="https://x/r.csv", name="r.csv", digest="d", etag='"e"', body=b"bytes", error=None
    )
    row = SourceState.of(7, snapshot)
    assert row.watch_id == 7 and row.snapshot() == snapshot

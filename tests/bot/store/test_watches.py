"""The watches on SQLite and on a real PostgreSQL server: one running watch per fingerprint,
however two starts meet, and an older database's twins stopped by the migration."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest
from alembic import command
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, insert
from sqlalchemy.exc import IntegrityError

from bot.store.database import _config, open_database
from bot.store.models import Watch
from bot.store.sources import SourceRows
from bot.store.watches import WatchRows
from handlers.watch.ports import Watches
from handlers.watch.records import WatchInfo, WatchSpec

from .fixtures import SPEC, watch_row

# Slow (a PostgreSQL server): `make quick` leaves it out.
pytestmark = pytest.mark.slow


def test_the_same_command_is_the_same_watch(any_database: str) -> None:
    engine = open_database(any_database)
    store: Watches = WatchRows(engine)
    first = store.watch_for(SPEC, None)
    assert store.watch_for(SPEC, None).id == first.id
    # other settings (a canvass date) are the same watch; other sources another
    settings = WatchSpec(SPEC.place, SPEC.sources, {"canvass": "2022-11-28"}, 60)
    assert store.watch_for(settings, None).id == first.id
    other = WatchSpec(SPEC.place, ("/elsewhere/results",), SPEC.options, 60)
    assert store.watch_for(other, None).id != first.id
    kept = store.update_settings(first.id, {"canvass": "2022-11-28"})
    assert kept.options == {"canvass": "2022-11-28"}
    assert SourceRows(engine).source_states(first.id) == {}  # read afresh next round


def test_one_running_watch_per_fingerprint_however_two_starts_meet(
    any_database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = WatchRows(open_database(any_database))
    first = store.watch_for(SPEC, "U0CLERK")
    with pytest.raises(IntegrityError), store.session() as s:  # the database refuses a second
        s.add(Watch(**watch_row(SPEC)))
    store.stop([first.id], None)
    real = store._watch_for

    def raced(spec: WatchSpec, started_by: str | None, due_at: datetime | None) -> WatchInfo:
        # another process makes the watch between this one's look and its insert
        monkeypatch.setattr(store, "_watch_for", real)
        real(spec, "U0OTHER", due_at)
        raise IntegrityError("INSERT INTO watches ...", {}, Exception("duplicate key"))

    monkeypatch.setattr(store, "_watch_for", raced)
    second = store.watch_for(SPEC, "U0CLERK")
    assert second.id != first.id and second.started_by == "U0OTHER"
    assert [w.id for w in store.running()] == [second.id]


def test_an_older_database_with_two_running_watches_of_one_fingerprint_keeps_the_oldest(
    any_database: str,
) -> None:
    """The migration that makes the index first stops the later twins (made by the race
    the index now prevents)."""
    engine = create_engine(any_database)
    config = _config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, _before("ux_watches_running_fingerprint"))
        for _ in range(3):
            connection.execute(insert(Watch).values(**watch_row(SPEC)))
    engine.dispose()
    store = WatchRows(open_database(any_database))  # migrated at start-up, as always
    (kept,) = store.running()
    assert kept.id == min(w.id for w in store.watches(SPEC.place))
    assert len(store.watches(SPEC.place)) == 3


def _before(marker: str) -> str:
    """The revision before the migration whose text names `marker`."""
    for script in ScriptDirectory.from_config(_config()).walk_revisions():
        if script.path is not None and marker in Path(script.path).read_text():
            assert isinstance(script.down_revision, str)
            return script.down_revision
    raise AssertionError(f"no migration names {marker}")

"""The watch database on SQLite and on a real PostgreSQL server: migrations applied at start-up
(once, however many processes start together), the lease, and changes stored before told."""

from __future__ import annotations

import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, insert, inspect, text, update
from sqlalchemy.exc import IntegrityError

from bot.store.database import _config, head_revision, open_database
from bot.store.models import ScanInFlight, SlackEvent, Watch
from bot.store.queries import Store
from domain.changes import Band, Change, ChangeKind, ContestReading
from handlers.watch.records import DatabaseError, Place, WatchInfo, WatchSpec, utcnow

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


def test_a_post_is_kept_before_it_is_sent_and_marked_with_its_changes(any_database: str) -> None:
    store = Store(open_database(any_database))
    watch = store.watch_for(SPEC, None)
    change = Change("k", "Sheriff", ChangeKind.MARGIN, reading(9), reading(7))
    store.store_reading(watch.id, "general", {"contests": 1}, {"k": reading(7)}, [change])
    (stored,) = store.changes(watch.id, unposted=True)
    assert store.pending_post(watch.id) is None
    post = store.prepare_post(watch.id, [stored.id])
    assert store.pending_post(watch.id) == post and post.ts is None
    again = store.prepare_post(watch.id, [stored.id])  # tried again: the same post, its key
    assert (again.id, again.key, again.tried_at) == (post.id, post.key, post.tried_at)
    store.post_done(post.id, "1700000000.000200")  # Slack answered: post and changes marked
    assert store.pending_post(watch.id) is None
    assert store.changes(watch.id, unposted=True) == []
    assert store.prepare_post(watch.id, []).key != post.key  # the next post is another


def test_one_running_watch_per_fingerprint_however_two_starts_meet(
    any_database: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = open_database(any_database)
    store = Store(engine)
    first = store.watch_for(SPEC, "U0CLERK")
    with pytest.raises(IntegrityError), store.session() as s:  # the database refuses a second
        s.add(Watch(**_row(SPEC, SPEC.fingerprint)))
    store.stop([first.id], None)
    real = store._watch_for

    def raced(spec: WatchSpec, started_by: str | None) -> WatchInfo:
        # another process makes the watch between this one's look and its insert
        monkeypatch.setattr(store, "_watch_for", real)
        real(spec, "U0OTHER")
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
            connection.execute(insert(Watch).values(**_row(SPEC, SPEC.fingerprint)))
    engine.dispose()
    store = Store(open_database(any_database))  # migrated at start-up, as always
    (kept,) = store.running()
    assert kept.id == min(w.id for w in store.watches(SPEC.place))
    assert len(store.watches(SPEC.place)) == 3


def _row(spec: WatchSpec, fingerprint: str) -> dict[str, Any]:
    return {
        "place": str(spec.place),
        "fingerprint": fingerprint,
        "sources": "[]",
        "options": "{}",
        "every_s": spec.every_s,
        "status": "running",
        "started_at": utcnow(),
    }


def _before(marker: str) -> str:
    """The revision before the migration whose text names `marker`."""
    for script in ScriptDirectory.from_config(_config()).walk_revisions():
        if script.path is not None and marker in Path(script.path).read_text():
            assert isinstance(script.down_revision, str)
            return script.down_revision
    raise AssertionError(f"no migration names {marker}")


def test_a_database_gone_away_raises_only_database_error(tmp_path: Path) -> None:
    store = Store(create_engine(f"sqlite:///{tmp_path / 'no such folder' / 'recount.db'}"))
    place = Place.parse("slack:T0MONTANA:C0CANVASS")
    calls: list[Any] = [
        store.running,
        lambda: store.watches(place),
        lambda: store.get(1),
        lambda: store.watch_for(SPEC, "U0CLERK"),
        lambda: store.changes(unposted=True),
        lambda: store.take_lease(1, "me", timedelta(minutes=10)),
    ]
    for call in calls:
        with pytest.raises(DatabaseError) as raised:
            call()
        said = str(raised.value)
        assert said == "the database failed: unable to open database file", said
        assert "SELECT" not in said and "INSERT" not in said
    assert store.answers() is False


def test_an_event_is_new_once_and_forgotten_after_a_day(any_database: str) -> None:
    store = Store(open_database(any_database))
    assert store.first_delivery("Ev1") is True
    assert store.first_delivery("Ev1") is False  # delivered again: here or to a replica
    assert store.first_delivery("Ev2") is True
    with store.session() as s:  # Ev1 seen a day and a second ago
        s.execute(
            update(SlackEvent)
            .where(SlackEvent.event_id == "Ev1")
            .values(seen_at=utcnow() - timedelta(days=1, seconds=1))
        )
    assert store.first_delivery("Ev3") is True  # its insert forgets what is a day old
    assert store.first_delivery("Ev1") is True
    assert store.first_delivery("Ev2") is False  # seconds old: kept


def test_a_scan_listed_while_under_way_is_taken_off_once_cut_off(any_database: str) -> None:
    store = Store(open_database(any_database))
    done = store.scan_started("D0CLERK", "1.1")
    store.scan_ended(done)  # answered: never told
    cut = store.scan_started("D0CLERK", "1.2")
    store.scan_started("C0CANVASS", "1.3")  # still under way
    with store.session() as s:  # the first began 16 minutes ago
        s.execute(
            update(ScanInFlight)
            .where(ScanInFlight.id == cut)
            .values(started_at=utcnow() - timedelta(minutes=16))
        )
    before = utcnow() - timedelta(minutes=15)
    assert store.interrupted_scans(before) == [("D0CLERK", "1.2")]
    assert store.interrupted_scans(before) == []  # told once
    assert store.interrupted_scans(utcnow() + timedelta(seconds=1)) == [("C0CANVASS", "1.3")]

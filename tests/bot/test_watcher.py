"""The poller's thread with its waits recorded instead of slept through, against an in-memory
store: a database that cannot be reached is one line, tries at waits doubling from the tick up
to MAX_RETRY_S, and one line when it answers again; a bug is logged once, not at each tick.
Start-up waits for the database the same way. (The same with a real PostgreSQL server stopped
under the poller: tests/e2e/test_watcher_outage.py.)"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from collections.abc import Iterable
from dataclasses import replace
from datetime import datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any
from unittest.mock import MagicMock

import psycopg
import pytest
from slack_bolt import App
from slack_sdk import WebClient
from sqlalchemy.exc import IntegrityError, OperationalError

from bot.net.fetch import Policy, UrlFetcher
from bot.server.logs import JsonFormatter
from bot.watcher import (
    MAX_RETRY_S,
    START_RETRY_S,
    Backoff,
    Poller,
    open_backend,
    start_watching,
    unreachable,
)
from handlers.slack.watch.watching import poller_run
from handlers.watch.records import (
    DatabaseError,
    Place,
    RoundResult,
    WatchInfo,
    WatchSpec,
    WatchStatus,
)
from handlers.watch.service import Watching

from ..conftest import TODAY
from ..fake_slack import BOT_TOKEN, FakeSlack
from ..results_server import ResultsServer, Served

SHOWN = "postgresql+psycopg://recount:***@db.example/recount"  # Backend.describe()'s form
REFUSED = (
    'connection failed: connection to server at "10.0.0.5", port 5432 failed: Connection '
    "refused\n\tIs the server running on that host and accepting TCP/IP connections?"
)
WATCH = WatchInfo(
    id=7,
    place=Place.slack("T0MONTANA", "C0CANVASS"),
    sources=("https://results.example.org/results.csv",),
    options={},
    every_s=60,
    status=WatchStatus.RUNNING,
    started_by="U0CLERK",
    started_at=datetime(2026, 11, 18, 12, 0),
)


def down() -> OperationalError:
    """What SQLAlchemy raises when PostgreSQL refuses the connection (a statement and its
    parameters in its message, the driver's error as `orig`)."""
    statement = "SELECT watches.id FROM watches WHERE watches.place LIKE %(place_1)s"
    return OperationalError(statement, {"place_1": "slack:%"}, psycopg.OperationalError(REFUSED))


class Store:
    """The poller's part of the WatchStore port: `due` answers from `answers` in turn (an
    exception is raised), then no watch."""

    def __init__(self, answers: Iterable[list[WatchInfo] | Exception]) -> None:
        self.answers = list(answers)
        self.polls = 0
        self.running_error: Exception | None = None
        self.released: list[int] = []

    def due(self, now: datetime, place_prefix: str = "") -> list[WatchInfo]:
        self.polls += 1
        answer = self.answers.pop(0) if self.answers else []
        if isinstance(answer, Exception):
            raise answer
        return answer

    def take_lease(self, watch_id: int, owner: str, ttl: timedelta) -> bool:
        return True

    def schedule(self, watch_id: int, at: datetime) -> None:
        return None

    def running(self, place_prefix: str = "") -> list[WatchInfo]:
        if self.running_error is not None:
            raise self.running_error
        return [WATCH]

    def release_lease(self, watch_id: int, owner: str) -> None:
        self.released.append(watch_id)


def watching_with(store: Store) -> Watching:
    backend = MagicMock()
    backend.store = store
    backend.describe.return_value = SHOWN
    return Watching(lambda: backend, fetcher=MagicMock())


class Waits:
    """Poller.wait recorded, never slept: answers "stopped" at the `until`-th wait."""

    def __init__(self, until: int) -> None:
        self.seconds: list[float] = []
        self.until = until
        self.done = threading.Event()

    def __call__(self, seconds: float) -> bool:
        self.seconds.append(seconds)
        if len(self.seconds) < self.until:
            return False
        self.done.set()
        return True


def run_poller(
    store: Store, waits: Waits, monkeypatch: pytest.MonkeyPatch, tick_s: float = 5.0
) -> list[WatchInfo]:
    """Polls `store` in the poller's thread until `waits` says stop; the watches it ran."""
    poller = Poller(watching_with(store), tick_s=tick_s)
    monkeypatch.setattr(poller, "wait", waits)
    ran: list[WatchInfo] = []
    poller.start(ran.append)
    assert waits.done.wait(10), "the poller never reached its last wait"
    poller.stop()
    return ran


def lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "recount"]


@pytest.fixture(autouse=True)
def _info(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="recount")


def test_an_outage_is_one_line_then_waits_doubling_from_the_tick_then_one_line_back(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store([*(down() for _ in range(6)), [WATCH]])
    waits = Waits(until=8)
    ran = run_poller(store, waits, monkeypatch, tick_s=5.0)
    # six polls fail: 5, 10, 20, 40, then 60 twice (MAX_RETRY_S); then the tick again
    assert waits.seconds == [5.0, 10.0, 20.0, 40.0, 60.0, 60.0, 5.0, 5.0]
    assert MAX_RETRY_S == 60.0
    assert ran == [WATCH] and store.polls == 8  # the due watch ran once it answered
    warning, back = lines(caplog)
    assert warning.levelno == logging.WARNING and warning.exc_info is None
    said = warning.getMessage()
    assert SHOWN in said and "cannot be reached (Connection refused)" in said
    assert "backoff" in said and "SELECT" not in said and "slack:%" not in said  # no statement
    assert back.levelno == logging.INFO and back.exc_info is None
    assert back.getMessage() == "watch poller: the database is back; watches resume"
    for record in (warning, back):  # the house's JSON lines: one line each, no traceback
        shown = JsonFormatter().format(record)
        assert "\n" not in shown and "error" not in json.loads(shown)


def test_each_outage_is_told_once_and_its_backoff_starts_again_from_the_tick(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store([down(), down(), [], down(), []])
    waits = Waits(until=6)
    run_poller(store, waits, monkeypatch, tick_s=2.0)
    assert waits.seconds == [2.0, 4.0, 2.0, 2.0, 2.0, 2.0]
    said = [r.getMessage() for r in lines(caplog)]
    assert len(said) == 4 and "cannot be reached" in said[0] and "cannot be reached" in said[2]
    assert said[1] == said[3] == "watch poller: the database is back; watches resume"


def test_a_tick_longer_than_the_longest_backoff_is_never_shortened(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    waits = Waits(until=3)
    run_poller(Store([down(), down()]), waits, monkeypatch, tick_s=90.0)
    assert waits.seconds == [90.0, 90.0, 90.0]


def test_a_bug_is_logged_once_for_each_error_with_its_traceback_and_tried_each_tick(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    bugs: list[list[WatchInfo] | Exception] = [ValueError(f"watch {n}") for n in (1, 2, 3)]
    store = Store([*bugs, KeyError("canvass"), KeyError("canvass")])
    waits = Waits(until=6)
    run_poller(store, waits, monkeypatch, tick_s=5.0)
    assert waits.seconds == [5.0] * 6  # no backoff: the database answered
    logged = lines(caplog)
    assert [r.levelno for r in logged] == [logging.ERROR, logging.ERROR]  # no "back" line
    assert all(r.exc_info is not None for r in logged)
    assert "ValueError" in logged[0].getMessage() and "KeyError" in logged[1].getMessage()


def test_a_statement_the_database_refuses_is_a_bug_not_an_outage() -> None:
    refused = IntegrityError("INSERT ...", {}, psycopg.errors.UniqueViolation("duplicate key"))
    assert not unreachable(refused) and not unreachable(ValueError("bug"))
    assert unreachable(down()) and unreachable(DatabaseError("cannot be opened"))


def test_a_database_not_yet_opened_says_why_it_cannot_be_opened(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    def cannot_open() -> Any:
        raise DatabaseError(f"the database {SHOWN} cannot be opened: Connection refused")

    poller = Poller(Watching(cannot_open, fetcher=MagicMock()), tick_s=1.0)
    waits = Waits(until=4)
    monkeypatch.setattr(poller, "wait", waits)
    poller.start(MagicMock())
    assert waits.done.wait(10)
    poller.stop()
    assert waits.seconds == [1.0, 2.0, 4.0, 8.0]
    (warning,) = lines(caplog)
    assert warning.exc_info is None and SHOWN in warning.getMessage()


def test_stopping_with_the_database_down_is_one_line_and_the_leases_expire(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store([])
    store.running_error = down()
    run_poller(store, Waits(until=1), monkeypatch)
    (warning,) = lines(caplog)
    assert warning.exc_info is None and SHOWN in warning.getMessage()
    assert "Connection refused" in warning.getMessage() and store.released == []


def test_stopping_gives_the_leases_back(monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store([])
    run_poller(store, Waits(until=1), monkeypatch)
    assert store.released == [WATCH.id]


def test_a_stop_ends_a_backoff_wait_at_once() -> None:
    store = Store([down() for _ in range(100)])
    poller = Poller(watching_with(store), tick_s=60.0)  # the first poll fails: a 60 s wait
    poller.start(MagicMock())
    deadline = time.monotonic() + 10
    while store.polls == 0:
        assert time.monotonic() < deadline, "the poller never polled"
        time.sleep(0.01)
    started = time.monotonic()
    poller.stop()
    assert time.monotonic() - started < 10 and store.polls == 1  # not 60 s, and no second poll


def test_the_backoff_doubles_from_its_first_wait_and_starts_over() -> None:
    backoff = Backoff(START_RETRY_S)
    assert [backoff.failed() for _ in range(8)] == [1, 2, 4, 8, 16, 32, 60, 60]
    assert backoff.failures == 8 and backoff.succeeded() and not backoff.succeeded()
    assert backoff.failed() == 1 and backoff.failures == 1
    long_outage = Backoff(5.0)
    assert [long_outage.failed() for _ in range(5000)][-1] == 60  # a day down: still 60 s


def test_start_up_waits_for_the_database_the_same_way(
    app: App, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate, tries = threading.Event(), list[int]()
    backend = MagicMock()
    backend.store = Store([])
    backend.describe.return_value = SHOWN

    def open_backend() -> Any:
        gate.wait(10)  # until the test has put its waits in
        tries.append(1)
        if len(tries) <= 3:
            raise DatabaseError(f"the database {SHOWN} cannot be opened: Connection refused")
        return backend

    poller = start_watching(app, Watching(open_backend, MagicMock()), today=lambda: TODAY)
    waits = Waits(until=4)  # three at start-up, then the poller's first tick
    monkeypatch.setattr(poller, "wait", waits)
    gate.set()
    assert waits.done.wait(10)
    poller.stop()
    assert waits.seconds == [1.0, 2.0, 4.0, poller.tick_s]
    said = [r.getMessage() for r in lines(caplog) if r.levelno == logging.WARNING]
    assert len(said) == 1 and said[0].startswith("watching waits for the database")


def test_a_slow_round_holds_only_its_own_watch(caplog: pytest.LogCaptureFixture) -> None:
    slow, quick = WATCH, replace(WATCH, id=8)
    store = Store([[slow, quick]] * 1000)  # both due at every tick
    held = threading.Event()
    ran: list[int] = []

    def run(watch: WatchInfo) -> None:
        ran.append(watch.id)
        if watch.id == slow.id:
            held.wait(30)  # a source that does not answer

    poller = Poller(watching_with(store), tick_s=0.02)
    poller.start(run)
    try:
        deadline = time.monotonic() + 20
        while ran.count(quick.id) < 3:
            assert time.monotonic() < deadline, "the other watch did not go on"
            time.sleep(0.01)
        assert ran.count(slow.id) == 1 and slow.id in poller.running()  # never two at once
    finally:
        held.set()
        poller.stop()
    assert lines(caplog) == []


def test_a_stop_cuts_a_round_reading_a_trickle_and_logs_nothing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    results = ResultsServer()
    results.files["/slow.csv"] = Served(b"x" * 500, trickle_s=0.2)
    fetcher = UrlFetcher(Policy.command_line())  # its own 60 s in all
    backend = MagicMock()
    backend.store = Store([[WATCH]])
    backend.describe.return_value = SHOWN
    poller = Poller(Watching(lambda: backend, fetcher=fetcher), tick_s=0.02)

    def run(watch: WatchInfo) -> None:
        fetcher.fetch(results.url("/slow.csv"))

    poller.start(run)
    try:
        deadline = time.monotonic() + 10
        while not results.requests:
            assert time.monotonic() < deadline, "the round never fetched"
            time.sleep(0.01)
        stopping = time.monotonic()
        poller.stop()
        assert time.monotonic() - stopping < 5.0 and poller.running() == []
    finally:
        results.stop()
    assert lines(caplog) == [] and backend.store.released == [WATCH.id]


@pytest.mark.slow  # a few seconds of a trickle, on a real (SQLite) watch database
def test_a_trickling_source_gives_up_within_its_time_and_the_other_watches_go_on(
    tmp_path: Path,
) -> None:
    results = ResultsServer()
    # one byte every 0.5 s: the bytes alone would take minutes
    results.files["/slow.csv"] = Served(b"contest,choice,votes\n" * 20, trickle_s=0.5)
    folder = tmp_path / "results"
    folder.mkdir()
    (folder / "t.csv").write_text("contest,choice,votes\nSheriff,A,900\nSheriff,B,890\n")
    listed = f"http://127.0.0.1:{results.server.server_address[1]}"
    fetcher = UrlFetcher(Policy.from_setting(listed), total_s=4.0)  # its "60 s in all"
    watching = Watching(partial(open_backend, f"sqlite:///{tmp_path / 'w.db'}"), fetcher)
    store = watching.store()
    place = Place.slack("T0MONTANA", "C0CANVASS")
    slow = store.watch_for(WatchSpec(place, (results.url("/slow.csv"),), {}, 1), "U0CLERK")
    other = store.watch_for(WatchSpec(place, (str(folder),), {}, 1), "U0CLERK")
    rounds: list[tuple[int, float, RoundResult]] = []
    started = time.monotonic()

    def run(watch: WatchInfo) -> None:
        result = watching.service().round(watch, TODAY).result
        rounds.append((watch.id, time.monotonic() - started, result))

    poller = Poller(watching, tick_s=0.05)
    poller.start(run)
    try:
        deadline = time.monotonic() + 30
        while not any(watch_id == slow.id for watch_id, _, _ in rounds):
            assert time.monotonic() < deadline, "the trickling round never gave up"
            time.sleep(0.05)
    finally:
        poller.stop()
        results.stop()
    ((took, given_up),) = [(at, r) for w, at, r in rounds[:] if w == slow.id][:1]
    assert given_up.failing == [f"{results.url('/slow.csv')}: took more than 4 seconds"]
    assert 3.5 <= took < 10.0  # within its time, not the minutes of the bytes
    meanwhile = [at for w, at, _ in rounds if w == other.id and at < took]
    assert len(meanwhile) >= 2  # the other watch read round after round meanwhile


def test_one_poll_claims_a_due_channel_watch_reads_it_and_posts_what_changed(
    tmp_path: Path, fake: FakeSlack
) -> None:
    """The poller's whole round, wired as a server wires it: the watch service says which
    watch is due and claims it, the Slack surface runs the round and posts the change."""
    results = tmp_path / "results.csv"
    results.write_text(
        "contest,choice,votes\nCounty attorney,Smith,1204\nCounty attorney,Jones,1199\n"
    )
    watching = Watching(
        partial(open_backend, f"sqlite:///{tmp_path / 'w.db'}"), UrlFetcher(Policy.command_line())
    )
    service = watching.service()
    spec = WatchSpec(Place.slack("T0MONTANA", "C0CANVASS"), (str(results),), {}, 60)
    watch = service.open(spec, "U0CLERK").watch
    service.told(service.round(watch, TODAY).untold)  # its first reading, told by its start
    results.write_text(
        "contest,choice,votes\nCounty attorney,Smith,1204\nCounty attorney,Jones,1201\n"
    )
    os.utime(results, ns=(1_800_000_000_000_000_000,) * 2)  # a later stamp, whatever the clock
    service.hurry(watch)
    poller = Poller(watching, tick_s=60)
    client = WebClient(token=BOT_TOKEN, base_url=fake.api_url)
    assert poller.poll_once(poller_run(client, watching, lambda: TODAY)) == 1
    (posted,) = fake.wait_for("chat.postMessage")
    assert posted.body["channel"] == "C0CANVASS" and " since " in posted.body["text"]
    assert poller.poll_once(poller_run(client, watching, lambda: TODAY)) == 0  # not due again
    poller.stop()
    assert service.store.changes(watch.id, unposted=True) == []  # told once
    after = service.store.get(watch.id)
    assert after is not None and after.lease_owner is None  # given back at the stop

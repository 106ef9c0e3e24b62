"""Rounds of a watch over URLs served from loopback: conditional GETs, no scan on a 304, the
changes as the served workbook enters the band, changes band, changes leader and leaves. The
fetch policy itself (watch.md section 6) is tested in tests/bot/net/test_fetch.py."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from bot.net.fetch import Policy, UrlFetcher
from bot.store.backend import Store
from bot.store.database import open_database
from domain.changes import ChangeKind
from handlers.watch.records import Place, WatchSpec
from handlers.watch.rounds import run_round

from ...results_server import ResultsServer, Served
from ...workbooks import add_votes
from ..results.fixtures import COUNTY_WORKBOOKS, need

CASCADE = "CTYALL Results(7).xlsx"
TODAY = date(2022, 11, 30)
OPTIONS = {"canvass": "2022-11-28"}
ANYONE = UrlFetcher(Policy.command_line())  # the command line's: any URL


@pytest.fixture
def server() -> Iterator[ResultsServer]:
    running = ResultsServer()
    yield running
    running.stop()


@pytest.fixture
def store(database: str) -> Store:
    return Store(open_database(database))


def cascade(column: str = "D", delta: int = 0) -> bytes:
    original = (need(COUNTY_WORKBOOKS) / CASCADE).read_bytes()
    return add_votes(original, "CLERK AN", column, delta) if delta else original


def clerk_change(store: Store, watch_id: int, spec: WatchSpec) -> ChangeKind | None:
    result = run_round(store, watch_id, spec, TODAY, fetcher=ANYONE)
    assert result.scanned is not None
    found = [c for c in result.changes if "CLERK AND RECORDER" in c.title]
    return found[0].kind if found else None


@pytest.mark.parametrize(("etag", "last_modified"), [(True, True), (True, False), (False, True)])
def test_a_304_costs_no_scan(
    server: ResultsServer, store: Store, etag: bool, last_modified: bool
) -> None:
    server.files["/cascade.xlsx"] = Served(cascade(), etag=etag, last_modified=last_modified)
    spec = WatchSpec(Place.cli(), (server.url("/cascade.xlsx"),), OPTIONS, 60)
    watch = store.watch_for(spec, None)
    first = run_round(store, watch.id, spec, TODAY, fetcher=ANYONE)
    assert first.first and first.scanned is not None
    second = run_round(store, watch.id, spec, TODAY, fetcher=ANYONE)
    assert second.scanned is None and second.changes == []
    _, headers = server.requests[-1]
    if etag:
        assert headers.get("If-None-Match", "").startswith('"')
    if last_modified:
        assert "GMT" in headers.get("If-Modified-Since", "")


def test_without_validators_the_bytes_decide(server: ResultsServer, store: Store) -> None:
    server.files["/cascade.xlsx"] = Served(cascade(), etag=False, last_modified=False)
    spec = WatchSpec(Place.cli(), (server.url("/cascade.xlsx"),), OPTIONS, 60)
    watch = store.watch_for(spec, None)
    run_round(store, watch.id, spec, TODAY, fetcher=ANYONE)
    again = run_round(store, watch.id, spec, TODAY, fetcher=ANYONE)
    assert again.scanned is None  # the same bytes: no scan
    assert "If-None-Match" not in server.requests[-1][1]


def test_the_clerks_race_enters_changes_band_changes_leader_and_leaves(
    server: ResultsServer, store: Store
) -> None:
    server.files["/cascade.xlsx"] = Served(cascade("D", 200))  # 230: outside the bands
    spec = WatchSpec(Place.cli(), (server.url("/cascade.xlsx"),), OPTIONS, 60)
    watch = store.watch_for(spec, None)
    run_round(store, watch.id, spec, TODAY, fetcher=ANYONE)
    steps = [
        (cascade(), ChangeKind.ENTERED),  # 30: the recount band
        (cascade("D", 60), ChangeKind.BAND),  # 90: the bond band
        (cascade("C", 140), ChangeKind.LEADER),  # the loser gains 140 on the original: leads
        (cascade("D", 200), ChangeKind.LEADER),  # and back: the winner leads by 230
    ]
    for body, expected in steps:
        server.change("/cascade.xlsx", body)
        assert clerk_change(store, watch.id, spec) is expected
    server.change("/cascade.xlsx", cascade("D", 5))  # 35: in again
    assert clerk_change(store, watch.id, spec) is ChangeKind.ENTERED
    server.change("/cascade.xlsx", cascade("D", 200))
    assert clerk_change(store, watch.id, spec) is ChangeKind.LEFT
    kinds = [s.change.kind for s in store.changes(watch.id) if "CLERK" in s.change.title]
    assert kinds == [
        ChangeKind.ENTERED,
        ChangeKind.BAND,
        ChangeKind.LEADER,
        ChangeKind.LEADER,
        ChangeKind.ENTERED,
        ChangeKind.LEFT,
    ]


def test_a_failing_source_is_named_once_and_once_more_when_it_recovers(
    server: ResultsServer, store: Store
) -> None:
    server.files["/cascade.xlsx"] = Served(cascade())
    spec = WatchSpec(Place.cli(), (server.url("/cascade.xlsx"),), OPTIONS, 60)
    watch = store.watch_for(spec, None)
    run_round(store, watch.id, spec, TODAY, fetcher=ANYONE)
    server.files["/cascade.xlsx"].status = 503
    server.files["/cascade.xlsx"].etag = server.files["/cascade.xlsx"].last_modified = False
    failing = run_round(store, watch.id, spec, TODAY, fetcher=ANYONE)
    assert failing.scanned is None and len(failing.errors) == 1
    assert "the server answered 503" in failing.errors[0]
    assert run_round(store, watch.id, spec, TODAY, fetcher=ANYONE).errors == []  # said once
    server.files["/cascade.xlsx"].status = 200
    back = run_round(store, watch.id, spec, TODAY, fetcher=ANYONE)
    assert back.recovered == [f"{server.url('/cascade.xlsx')}: readable again"]
    assert back.scanned is None  # the same bytes as before it failed: nothing to scan


def test_a_folder_round_reads_its_files_by_name(tmp_path: Path, store: Store) -> None:
    (tmp_path / "a.csv").write_text("contest,choice,votes\nSheriff,A,4005\nSheriff,B,3995\n")
    spec = WatchSpec(Place.cli(), (str(tmp_path),), OPTIONS, 60)
    watch = store.watch_for(spec, None)
    assert run_round(store, watch.id, spec, TODAY, fetcher=ANYONE).first
    (tmp_path / "b.csv").write_text("contest,choice,votes\nCoroner,C,4005\nCoroner,D,3995\n")
    added = run_round(store, watch.id, spec, TODAY, fetcher=ANYONE)
    assert [c.kind for c in added.changes] == [ChangeKind.NEW]
    (tmp_path / "a.csv").unlink()
    removed = run_round(store, watch.id, spec, TODAY, fetcher=ANYONE)
    assert [c.kind for c in removed.changes] == [ChangeKind.GONE]

"""A round behind its ports, with in-memory fakes for the store and the fetcher: no database,
no network. What the round asks of each port, and what it decides from the answers."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime

from domain.changes import Band, Change, ChangeKind, ContestReading
from handlers.watch.ports import Fetched, FetchFailed
from handlers.watch.records import Place, SourceSnapshot, WatchSpec
from handlers.watch.rounds import run_round

URL = "https://results.example.org/results.csv"
SPEC = WatchSpec(Place.cli(), (URL,), {"canvass": "2026-11-16"}, 60)
TODAY = date(2026, 11, 18)


def table(smith: int, jones: int) -> bytes:
    rows = f"County attorney,Smith,{smith}\nCounty attorney,Jones,{jones}\n"
    return f"contest,choice,votes\n{rows}".encode()


class MemoryStore:
    """The RoundStore port in memory."""

    def __init__(self) -> None:
        self.sources: dict[str, SourceSnapshot] = {}
        self.readings: list[tuple[datetime, dict[str, ContestReading], list[Change]]] = []

    def source_states(self, watch_id: int) -> dict[str, SourceSnapshot]:
        return dict(self.sources)

    def save_sources(self, watch_id: int, states: Sequence[SourceSnapshot]) -> None:
        self.sources = {s.source: s for s in states}

    def has_reading(self, watch_id: int) -> bool:
        return bool(self.readings)

    def last_reading(self, watch_id: int) -> tuple[datetime, dict[str, ContestReading]] | None:
        return None if not self.readings else self.readings[-1][:2]

    def store_reading(
        self,
        watch_id: int,
        election: str | None,
        summary: dict[str, int],
        contests: dict[str, ContestReading],
        changes: Sequence[Change],
    ) -> int:
        taken = datetime(2026, 11, 18, 12, len(self.readings))
        self.readings.append((taken, contests, list(changes)))
        return len(self.readings)


class ServedBytes:
    """The Fetcher port: serves `body`, answering 304 when the ETag asked for is current."""

    def __init__(self, body: bytes) -> None:
        self.body = body
        self.asked: list[str | None] = []
        self.failing = False

    def check(self, url: str) -> None:
        return None

    def fetch(
        self, url: str, *, etag: str | None = None, last_modified: str | None = None
    ) -> Fetched:
        self.asked.append(etag)
        if self.failing:
            raise FetchFailed(f"{url}: could not be reached (no answer in time)")
        current = f'"{hash(self.body)}"'
        if etag == current:
            return Fetched(304, b"", etag, None)
        return Fetched(200, self.body, current, None)


def test_the_first_round_scans_and_keeps_the_sources_etag() -> None:
    store, served = MemoryStore(), ServedBytes(table(1204, 1199))
    result = run_round(store, 1, SPEC, TODAY, fetcher=served)
    assert result.first and result.scanned is not None and result.changes == []
    assert served.asked == [None]  # nothing to be conditional on yet
    assert store.sources[URL].etag is not None and store.sources[URL].body == table(1204, 1199)


def test_an_unchanged_source_costs_no_scan() -> None:
    store, served = MemoryStore(), ServedBytes(table(1204, 1199))
    run_round(store, 1, SPEC, TODAY, fetcher=served)
    again = run_round(store, 1, SPEC, TODAY, fetcher=served)
    assert again.scanned is None and len(store.readings) == 1
    assert served.asked[1] == store.sources[URL].etag  # the conditional GET


def test_a_margin_that_leaves_the_band_is_one_change() -> None:
    store, served = MemoryStore(), ServedBytes(table(1204, 1199))  # margin 5: recount band
    run_round(store, 1, SPEC, TODAY, fetcher=served)
    served.body = table(1304, 1199)  # margin 105 of 2,503: past 1/200 as well
    moved = run_round(store, 1, SPEC, TODAY, fetcher=served)
    (change,) = moved.changes
    assert change.kind is ChangeKind.LEFT
    assert change.before is not None and change.before.band is Band.RECOUNT
    assert change.after is not None and change.after.band is Band.NONE
    assert moved.since == store.readings[0][0]


def test_a_failing_source_scans_nothing_and_is_named_once() -> None:
    store, served = MemoryStore(), ServedBytes(table(1204, 1199))
    run_round(store, 1, SPEC, TODAY, fetcher=served)
    served.failing = True
    failing = run_round(store, 1, SPEC, TODAY, fetcher=served)
    assert failing.scanned is None and failing.errors == [
        f"{URL}: could not be reached (no answer in time)"
    ]
    assert run_round(store, 1, SPEC, TODAY, fetcher=served).errors == []  # said once
    served.failing = False
    back = run_round(store, 1, SPEC, TODAY, fetcher=served)
    assert back.recovered == [f"{URL}: readable again"]


def test_a_failing_source_is_named_every_round_though_said_once() -> None:
    """`errors` says a failure once, when it starts; `failing` names it every round it
    lasts, so that a `--once` run can say why it read nothing."""
    store, served = MemoryStore(), ServedBytes(table(1204, 1199))
    served.failing = True
    why = f"{URL}: could not be reached (no answer in time)"
    first = run_round(store, 1, SPEC, TODAY, fetcher=served)
    again = run_round(store, 1, SPEC, TODAY, fetcher=served)
    assert (first.errors, first.failing) == ([why], [why])
    assert (again.errors, again.failing) == ([], [why])
    assert first.scanned is None and again.scanned is None and store.readings == []

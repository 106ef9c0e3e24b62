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
        self.told: list[bool] = []  # per reading: its changes stored as told already

    def source_states(self, watch_id: int) -> dict[str, SourceSnapshot]:
        return dict(self.sources)

    def save_sources(self, watch_id: int, states: Sequence[SourceSnapshot]) -> None:
        self.sources = {s.source: s for s in states}

    def has_reading(self, watch_id: int) -> bool:
        return bool(self.readings)

    def last_reading(self, watch_id: int) -> tuple[datetime, dict[str, ContestReading]] | None:
        return None if not self.readings else self.readings[-1][:2]

    def recent_readings(self, watch_id: int, count: int) -> list[dict[str, ContestReading]]:
        return [contests for _, contests, _ in self.readings[-count:]]

    def store_reading(
        self,
        watch_id: int,
        election: str | None,
        summary: dict[str, int],
        contests: dict[str, ContestReading],
        changes: Sequence[Change],
        *,
        told: bool = False,
    ) -> int:
        taken = datetime(2026, 11, 18, 12, len(self.readings))
        self.readings.append((taken, contests, list(changes)))
        self.told.append(told)
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


def test_a_source_switching_between_two_readings_is_said_once_then_kept_quiet() -> None:
    store, served = MemoryStore(), ServedBytes(table(1204, 1199))  # A: margin 5
    run_round(store, 1, SPEC, TODAY, fetcher=served)
    rounds = []
    for smith in (1208, 1204, 1208, 1204, 1208):  # B (margin 9), A, B, A, B
        served.body = table(smith, 1199)
        rounds.append(run_round(store, 1, SPEC, TODAY, fetcher=served))
    assert all(len(r.changes) == 1 for r in rounds)  # each switch is a change of margin
    # A -> B and its return are told; the next switch once, saying so; then none again
    assert [(r.switching, r.quiet) for r in rounds] == [
        (False, False),
        (False, False),
        (True, False),
        (False, True),
        (False, True),
    ]
    assert store.told == [False, False, False, False, True, True]
    served.body = table(1202, 1199)  # C: margin 3, unlike both: told as ever
    third = run_round(store, 1, SPEC, TODAY, fetcher=served)
    assert (third.switching, third.quiet) == (False, False) and len(third.changes) == 1
    assert third.changes[0].before is not None and third.changes[0].before.margin == 9

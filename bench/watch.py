"""The watch's costs, side by side in one process on this machine (watch.md section 8).

- A round over the 56 county workbooks when none changed, against the time to stat them: the
  round reads the stored states, stats each file and stores nothing new (no scan).
- The comparison of two readings of the 56 workbooks (the scan's contests as readings, then
  the changes), against the scan itself. Goal: within 10% of the scan.
Medians of RUNS runs, alternating.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Final

ROOT = Path(__file__).resolve().parent.parent
WORKBOOKS = ROOT.parent / "shared" / "fixtures" / "results" / "sos-county-2022-general"
RUNS: Final = 7
COMPARE_GOAL: Final = 0.10  # the comparison within 10% of the scan


def _median_pair(a: Callable[[], object], b: Callable[[], object]) -> tuple[float, float]:
    first: list[float] = []
    second: list[float] = []
    for _ in range(RUNS):
        for fn, into in ((a, first), (b, second)):
            start = time.perf_counter()
            fn()
            into.append(time.perf_counter() - start)
    return statistics.median(first), statistics.median(second)


def report() -> list[str]:
    from bot.net.fetch import Policy, UrlFetcher
    from bot.store.backend import Store
    from bot.store.database import open_database
    from domain.changes import compare
    from handlers.results import ScanOptions, scan
    from handlers.results.compare import readings_of
    from handlers.watch.records import Place, WatchSpec
    from handlers.watch.service import WatchService

    paths = sorted(WORKBOOKS.glob("*.xlsx"))
    with tempfile.TemporaryDirectory() as folder:
        store = Store(open_database(f"sqlite:///{folder}/bench.db"))
        spec = WatchSpec(Place.cli(), (str(WORKBOOKS),), {"canvass": "2022-11-28"}, 300)
        service = WatchService(store, UrlFetcher(Policy.command_line()))
        watch = service.open(spec, None).watch
        today = date(2022, 11, 30)
        service.round(watch, today)  # the first reading: a scan

        def unchanged_round() -> None:
            result = service.round(watch, today).result
            assert result.scanned is None  # nothing changed: no scan

        def stat_all() -> None:
            for path in paths:
                os.stat(path)

        round_s, stat_s = _median_pair(unchanged_round, stat_all)

    files = [(p.name, p.read_bytes()) for p in paths]
    options = ScanOptions(today=date(2022, 11, 30), canvass=date(2022, 11, 28))
    before = scan(files, options)
    after = scan(files, options)
    earlier = readings_of(before)

    def comparison() -> None:
        compare(earlier, readings_of(after))

    compare_s, scan_s = _median_pair(comparison, lambda: scan(files, options))
    share = compare_s / scan_s
    return [
        "| what | ms | beside | ms | ratio |",
        "|---|---|---|---|---|",
        f"| a round, 56 unchanged workbooks | {round_s * 1e3:.1f} | stat the 56 files "
        f"| {stat_s * 1e3:.2f} | {round_s / stat_s:.0f}x |",
        f"| comparing two readings of the 56 | {compare_s * 1e3:.1f} | the scan itself "
        f"| {scan_s * 1e3:.0f} | {share:.1%} |",
        "",
        f"- comparison within {COMPARE_GOAL:.0%} of the scan: {share:.1%} "
        f"{'met' if share <= COMPARE_GOAL else 'MISSED'}",
        "- an unchanged round reads no file and scans nothing: its cost beyond the stats is the "
        "database (the watch's stored states, read and written back).",
    ]


if __name__ == "__main__":
    print("\n".join(report()))

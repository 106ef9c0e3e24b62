"""The canvass scan against its floor, side by side in one process on this machine.

The floor is reading the cells: python-calamine loading every cell of the same files (the
fastest reader measured). The scan reads the same files and does all the rest: formats,
contests, kinds, seats, coverage and one `domain.check` per contest. Each is timed as the
median of RUNS runs, alternating, so both see the same machine state (this machine's speed
drifts by half from minute to minute: 7 runs left the median a tenth either way).

Those are scans in a process that has scanned before, as the bot's and a watch's are. A clerk's
`recount scan` is the first in its process: its one-time costs (the checker's schema, the
caches of titles and sheet headers filling) are measured apart, in fresh processes.
"""

from __future__ import annotations

import io
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Final

import python_calamine

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT.parent / "shared" / "fixtures" / "results"
SERVICE = (
    ROOT.parent / "shared" / "fixtures" / "totalvote" / "sd-2024-general-us-house-precinct.json"
)
SERVICE_RUNS: Final = 51  # a response's scan takes milliseconds: more runs, the same minute
RUNS: Final = 11
FRESH: Final = 3  # fresh processes for the first scan
GOAL: Final = 2.0  # scan.md: within 2x the floor


def _floor(files: list[tuple[str, bytes]]) -> int:
    cells = 0
    for _, data in files:
        book = python_calamine.CalamineWorkbook.from_filelike(io.BytesIO(data))
        for sheet in book.sheet_names:
            cells += sum(len(row) for row in book.get_sheet_by_name(sheet).to_python())
    return cells


def _median(
    work: Callable[[], object], other: Callable[[], object], runs: int = RUNS
) -> tuple[float, float]:
    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(runs):
        for fn, into in ((work, ours), (other, theirs)):
            start = time.perf_counter()
            fn()
            into.append(time.perf_counter() - start)
    return statistics.median(ours), statistics.median(theirs)


def scan_against_floor() -> list[tuple[str, int, float, float, dict[str, int]]]:
    sys.path.insert(0, str(ROOT))
    from handlers.results import ScanOptions, scan

    sets = {
        "56 county workbooks, 2022 general": sorted(
            (RESULTS / "sos-county-2022-general").glob("*.xlsx")
        ),
        **{
            f"statewide by precinct, {name.split('-')[-2]} {name.split('-')[-1]}": [
                RESULTS / f"{name}.xlsx"
            ]
            for name in (
                "sos-statewide-by-precinct-2014-general",
                "sos-precinct-by-precinct-2016-primary",
                "sos-statewide-by-precinct-2020-general",
                "sos-precinct-by-precinct-2020-primary",
                "sos-precinct-by-precinct-2022-primary",
            )
        },
    }
    rows = []
    # No --complete: the 56 county workbooks are the whole state by themselves.
    options = ScanOptions(today=date(2022, 11, 30), canvass=date(2022, 11, 28))
    for label, paths in sets.items():
        files = [(p.name, p.read_bytes()) for p in paths]
        cells = _floor(files)
        result = scan(files, options)
        scan_s, floor_s = _median(
            lambda files=files: scan(files, options),  # type: ignore[misc]
            lambda files=files: _floor(files),  # type: ignore[misc]
        )
        rows.append((label, cells, scan_s, floor_s, result.summary()))
    return rows


def report() -> list[str]:
    lines = [
        "| files | cells | floor: read cells (ms) | scan (ms) | ratio | goal |",
        "|---|---|---|---|---|---|",
    ]
    summaries = []
    for label, cells, scan_s, floor_s, summary in scan_against_floor():
        ratio = scan_s / floor_s
        lines.append(
            f"| {label} | {cells:,} | {floor_s * 1e3:.0f} | {scan_s * 1e3:.0f} | {ratio:.2f}x "
            f"| <= {GOAL}x, < 1 s: {'met' if ratio <= GOAL and scan_s < 1 else 'MISSED'} |"
        )
        summaries.append(f"- {label}: {summary}")
    return [
        *lines,
        "",
        *service_against_json(),
        "",
        first_scan(),
        "",
        "Scan summaries:",
        *summaries,
    ]


def service_against_json() -> list[str]:
    """A results service's response (TotalVote MapData JSON) scanned, against its floor:
    `json.loads` of the same bytes (the records must be parsed; everything else is ours)."""
    sys.path.insert(0, str(ROOT))
    from handlers.results import ScanOptions, scan

    if not SERVICE.exists():
        return [f"A results service's response: skipped, {SERVICE} is not here."]
    files = [(SERVICE.name, SERVICE.read_bytes())]
    data = files[0][1]
    options = ScanOptions(today=date(2024, 11, 20))
    result = scan(files, options)
    records = len(json.loads(data)["d"])
    scan_s, floor_s = _median(lambda: scan(files, options), lambda: json.loads(data), SERVICE_RUNS)
    ratio = scan_s / floor_s
    met = "met" if ratio <= GOAL else "MISSED"
    return [
        "| a results service's response | records | floor: json.loads (ms) | scan (ms) | ratio "
        "| goal |",
        "|---|---|---|---|---|---|",
        f"| {SERVICE.name} ({len(data):,} bytes) | {records:,} | {floor_s * 1e3:.2f} "
        f"| {scan_s * 1e3:.2f} | {ratio:.2f}x | <= {GOAL}x: {met} |",
        "",
        f"Medians of {SERVICE_RUNS} alternating runs. Its scan summary: {result.summary()}",
    ]


_FIRST_SCAN: Final = """
import sys, time
from datetime import date
sys.path.insert(0, {root!r})
from bench.scan import RESULTS, _floor
from handlers.results import ScanOptions, scan
paths = sorted((RESULTS / "sos-county-2022-general").glob("*.xlsx"))
files = [(p.name, p.read_bytes()) for p in paths]
_floor(files)  # the reader's own first use, out of both
start = time.perf_counter()
scan(files, ScanOptions(today=date(2022, 11, 30), canvass=date(2022, 11, 28)))
first = time.perf_counter() - start
start = time.perf_counter()
_floor(files)
print(first, time.perf_counter() - start)
"""


def first_scan() -> str:
    """The 56 workbooks' scan as the first in a fresh process, against the floor there."""
    runs = []
    for _ in range(FRESH):
        out = subprocess.run(
            [sys.executable, "-c", _FIRST_SCAN.format(root=str(ROOT))],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        runs.append((float(out[0]), float(out[1])))
    first = statistics.median(r[0] for r in runs)
    floor = statistics.median(r[1] for r in runs)
    return (
        f"The 56 county workbooks' scan as the first in a fresh process (a clerk's `recount "
        f"scan`), median of {FRESH}: {first * 1e3:.0f} ms against a floor of {floor * 1e3:.0f} "
        f"ms there, {first / floor:.2f}x. Its one-time costs are not in the table's figure."
    )


if __name__ == "__main__":
    print("\n".join(report()))

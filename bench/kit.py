"""The recount board's kit for the largest contest in the fixtures, timed (goal: under 1 s):
reading its precincts from the file, and writing the certificate and a tally sheet each."""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Final
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parent.parent
FILE: Final = (
    ROOT.parent / "shared" / "fixtures" / "results" / ("sos-precinct-by-precinct-2022-primary.xlsx")
)
RUNS: Final = 5


def report() -> list[str]:
    sys.path.insert(0, str(ROOT))
    from handlers.paper.record import Provenance
    from handlers.paper.recount_kit import kit_pdf
    from handlers.results import precinct_file
    from handlers.results.precincts import Wanted, precinct_rows
    from handlers.results.tables import read_tables

    files = [(FILE.name, FILE.read_bytes())]
    table = read_tables(*files[0])[0]
    found = precinct_file.header_of(table)
    assert found is not None
    at, col = found
    counts = Counter(str(row[col["racename"]]) for row in table.rows[at + 1 :])
    title = counts.most_common(1)[0][0]
    made = Provenance(datetime(2026, 11, 18, tzinfo=ZoneInfo("America/Denver")))
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        rows = precinct_rows(files, Wanted(title, party="REP"))  # a primary: one party's
        kit_pdf(rows, made)
        times.append(time.perf_counter() - start)
    took = statistics.median(times)
    verdict = "met" if took < 1 else "MISSED"
    return [
        f"- the kit of {rows.label} ({len(rows.rows)} precincts: {len(rows.counties)} "
        f"counties' certificates and {len(rows.rows)} tally sheets) from {FILE.name}: "
        f"{took * 1e3:.0f} ms, median of {RUNS} (goal < 1 s: {verdict})"
    ]


if __name__ == "__main__":
    print("\n".join(report()))

"""A poller test with the database stopped under it: one line, backoff, one line back. A real
PostgreSQL server (the machine's own programs, as tests/postgres.py starts them; skipped with a
message where they are missing) is stopped with `pg_ctl stop -m fast` while the poller of this
process polls it through the real Backend, then started again: a due watch runs again."""

from __future__ import annotations

import logging
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import psycopg
import pytest

from bot.server.logs import JsonFormatter
from bot.watcher import Backoff, Poller, watching_from_settings
from handlers.watch.records import Place, RoundResult, WatchInfo, WatchSpec

from ..conftest import TODAY
from ..postgres import _as_server_user, _program, cluster_not_started

# Slow (it starts a PostgreSQL server): `make quick` leaves it out.
pytestmark = pytest.mark.slow

TICK_S = 0.05
MOST_S = 0.4  # the longest backoff, lowered from MAX_RETRY_S for the test: 0.05, 0.1, 0.2, 0.4
BACK = "watch poller: the database is back; watches resume"


def until(test: Callable[[], object], seconds: float = 60) -> None:
    """Waits for `test` to hold, generously (a busy 2-core machine), never a fixed time."""
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def stop_server(url: str) -> None:
    """`pg_ctl stop -m fast` on the cluster that serves `url` (its open sessions are ended)."""
    plain = url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as connection:
        row = connection.execute("SHOW data_directory").fetchone()
    assert row is not None
    data = Path(row[0])
    pg_ctl = _program("pg_ctl")
    assert pg_ctl is not None  # cluster_not_started found it
    as_user = _as_server_user(data.parent)
    stop = [*as_user, pg_ctl, "-D", str(data), "-m", "fast", "-w", "stop"]
    subprocess.run(stop, check=True, capture_output=True, timeout=60)


def test_a_poller_with_the_database_stopped_under_it_says_one_line_backs_off_and_one_back(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    caplog.set_level(logging.INFO, logger="recount")
    with cluster_not_started() as (cluster, start):
        start()
        # trust authentication takes any password: the URL has one, and no line may show it
        url = cluster.replace("://recount@", "://recount:hunter2@")
        watching = watching_from_settings(url, None)
        backend = watching.backend()  # opened and migrated, as at start-up
        folder = tmp_path / "results"
        folder.mkdir()
        (folder / "t.csv").write_text("contest,choice,votes\nSheriff,A,900\nSheriff,B,890\n")
        place = Place.slack("T0MONTANA", "C0CANVASS")
        spec = WatchSpec(place, (str(folder),), {"canvass": "2026-11-16"}, every_s=1)
        backend.store.watch_for(spec, "U0CLERK")
        rounds: list[RoundResult] = []

        def run(watch: WatchInfo) -> None:
            rounds.append(watching.service().round(watch, TODAY).result)

        poller = Poller(watching, tick_s=TICK_S)
        poller.backoff = Backoff(TICK_S, most=MOST_S)
        waits: list[float] = []
        real_wait = poller.wait

        def wait(seconds: float) -> bool:  # the real, interruptible wait, recorded
            waits.append(seconds)
            return real_wait(seconds)

        monkeypatch.setattr(poller, "wait", wait)

        def said(level: int) -> list[str]:  # our lines (Alembic's say it migrated)
            return [
                r.getMessage() for r in caplog.records if (r.name, r.levelno) == ("recount", level)
            ]

        poller.start(run)
        try:
            until(lambda: rounds)  # the watch's first round, on the database
            assert rounds[0].first and rounds[0].scanned is not None
            stop_server(url)
            until(lambda: said(logging.WARNING))
            outage = len(waits)
            until(lambda: waits[outage:].count(MOST_S) >= 4)  # tries over several ticks
            assert len(said(logging.WARNING)) == 1 and said(logging.INFO) == []
            start()
            until(lambda: BACK in said(logging.INFO))
            done = len(rounds)
            until(lambda: len(rounds) > done)  # a due watch runs again
        finally:
            poller.stop()
        (warning,) = said(logging.WARNING)
        assert warning.startswith(f"watch poller: the database {backend.describe()} cannot be")
        assert "***@127.0.0.1" in warning and "trying again with backoff" in warning
        assert said(logging.INFO) == [BACK]
        # waits doubling from the tick to the (lowered) longest, then the tick again
        assert [0.1, 0.2, 0.4, 0.4] in [waits[i : i + 4] for i in range(len(waits))]
        assert max(waits) == MOST_S and waits[-1] == TICK_S
        assert rounds[-1].errors == [] and not rounds[-1].first  # its reading was kept
        for record in caplog.records:  # every logger: no traceback, nothing of the password
            shown = JsonFormatter().format(record)
            assert record.exc_info is None and "hunter2" not in shown, shown
            assert "\n" not in shown and record.levelno < logging.ERROR, shown

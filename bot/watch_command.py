"""`recount watch SOURCE...`: read results round after round and print what changed.

The first round of a new watch prints the scan's report; later rounds print only changes
(or one line when a changed source moved no contest). `--once` runs one round; the same
command run again continues the same watch from its last stored reading. SIGINT and SIGTERM
finish the round and exit 0. Exit 2 with one line: a missing file or folder, a bad URL, a
database that cannot be opened.
"""

from __future__ import annotations

import argparse
import json
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from types import FrameType
from typing import Any, TextIO

from bot.clock import montana_today
from bot.store.database import DatabaseError, open_database
from bot.store.queries import Store
from bot.terminal import EXIT_OK, EXIT_USAGE, one_line
from domain import InputError
from handlers.results import ScanOptions, answers_from, scan_json, scan_text
from handlers.results.compare import change_line
from handlers.results.report import change_lines
from handlers.syntax import parse_date
from handlers.watch.durations import parse_every, shown
from handlers.watch.records import (
    Place,
    RoundResult,
    StoredChange,
    WatchSpec,
    montana_iso,
    montana_time,
    resolved,
    settings_changed,
)
from handlers.watch.rounds import SourceError, check_sources, run_round


class _Stop:
    """SIGINT/SIGTERM: the round in hand finishes, then the watch exits 0."""

    def __init__(self) -> None:
        self.event = threading.Event()

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        self.event.set()


@contextmanager
def _stopping(stop: _Stop) -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield  # signals reach the main thread only (tests call main() from others)
        return
    previous = {s: signal.signal(s, stop) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


def _options(args: argparse.Namespace, today: date) -> dict[str, Any]:
    """The scan options a watch keeps (ScanOptions.as_json); a bad answer is refused now,
    not in every round."""
    return ScanOptions(
        today=today,
        canvass=None if args.canvass is None else parse_date(args.canvass, today),
        state_canvass=(
            None if args.state_canvass is None else parse_date(args.state_canvass, today)
        ),
        election=args.election,
        complete=args.complete,
        answers=answers_from(args.kind, args.seats),
    ).as_json()


def _history(store: Store, which: str, out: TextIO, as_json: bool) -> int:
    watch_id = None if which == "all" else int(which) if which.isdigit() else -1
    if watch_id == -1:
        raise InputError.about(None, f'--history "{which}": give a watch\'s number')
    for stored in store.changes(watch_id):
        out.write(_history_line(stored, as_json) + "\n")
    return EXIT_OK


def _history_line(stored: StoredChange, as_json: bool) -> str:
    when = montana_time(stored.found_at)
    if as_json:
        return json.dumps(
            {
                "watch": stored.watch_id,
                "found_at": montana_iso(stored.found_at),
                **stored.change.as_json(),
            },
            ensure_ascii=False,
        )
    return f"{when} · watch {stored.watch_id} · {change_line(stored.change)}"


def _print_round(result: RoundResult, out: TextIO, err: TextIO, as_json: bool) -> None:
    for line in (*result.errors, *result.recovered):
        print(f"recount watch: {one_line(line)}", file=err)
    scanned = result.scanned
    if scanned is None:
        return
    if result.first:
        if as_json:
            out.write(json.dumps({"reading": scan_json(scanned)}, ensure_ascii=False) + "\n")
        else:
            out.write(scan_text(scanned))
    elif as_json:
        for change in result.changes:
            out.write(json.dumps(change.as_json(), ensure_ascii=False) + "\n")
    else:
        since = "the last reading" if result.since is None else montana_time(result.since)
        out.write("\n".join(change_lines(result.changes, scanned, since)) + "\n")
    out.flush()


def run_watch(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    try:
        store = Store(open_database(args.db))
        if args.history is not None:
            return _history(store, args.history, out, args.json)
        if not args.sources:
            raise InputError.about(None, "name at least one file, folder or URL to watch")
        every = parse_every(args.every)
        check_sources(args.sources)
        today = args.today or montana_today()
        sources = tuple(resolved(source) for source in args.sources)
        spec = WatchSpec(Place.cli(), sources, _options(args, today), every)
    except (DatabaseError, SourceError, InputError, ValueError) as error:
        print(f"error: {one_line(str(error))}", file=err)
        return EXIT_USAGE
    watch = store.watch_for(spec, started_by=None)
    said = settings_changed(watch.options, spec.options)
    if said:  # the same watch, with new settings: said once, applied from this round
        watch = store.update_settings(watch.id, spec.options)
        for line in said:
            out.write(f"Watch {watch.id}: {line}.\n")
    # A change stored but not printed (a run stopped between the two) is printed now.
    left = store.changes(watch.id, unposted=True)
    for stored in left:
        out.write(_history_line(stored, args.json) + "\n")
    store.mark_posted([s.id for s in left])
    stop = _Stop()
    with _stopping(stop):
        while True:
            result = run_round(store, watch.id, spec, args.today or montana_today())
            _print_round(result, out, err, args.json)
            store.mark_posted([s.id for s in store.changes(watch.id, unposted=True)])
            if args.once or stop.event.wait(every):
                break
    if not args.once and not args.json:
        print(f"recount watch: stopped (watch {watch.id}, every {shown(every)})", file=err)
    return EXIT_OK

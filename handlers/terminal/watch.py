"""`recount watch SOURCE...`: read results round after round and print what changed.

The first round of a new watch prints the scan's report; later rounds print only changes
(or one line when a changed source moved no contest). `--once` runs one round; the same
command run again continues the same watch from its last stored reading. SIGINT and SIGTERM
finish the round (a URL still being read is given up, not waited for) and exit 0. Exit 2
with one line: a missing file or folder, a bad URL, a database that cannot be opened. Exit 1
from `--once` when a source could not be read (so nothing was compared), naming each and
why.

The sequence (start or continue, settings, round, told, next) is handlers.watch.service's,
the same Slack runs; this module only prints what it returns. bot/cli.py hands in a
`Watching`, as a server holds one: the database behind the ports of handlers.watch.ports,
opened when first asked, the fetcher under the operator's policy, the shortest interval.
"""

from __future__ import annotations

import json
import os
import platform
import signal
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from types import FrameType
from typing import Final, TextIO

from domain import InputError
from domain.changes import ChangeKind
from handlers.results import scan_json, scan_text
from handlers.results.compare import change_line
from handlers.results.facts import plural
from handlers.results.render_text import change_lines
from handlers.syntax.durations import DEFAULT_EVERY_S, parse_every, shown
from handlers.terminal.output import EXIT_OK, EXIT_USAGE, one_line
from handlers.terminal.scan import ScanArguments
from handlers.watch.ports import FetchRefused, FetchStopped, WatchStore
from handlers.watch.records import (
    DatabaseError,
    Place,
    RoundResult,
    StoredChange,
    WatchSpec,
    montana_iso,
    montana_time,
    resolved,
    utcnow,
)
from handlers.watch.rounds import SWITCHING, SourceError, check_sources, is_url
from handlers.watch.service import (
    DEFAULT_LEASE_S,
    ONCE,
    Lease,
    Opened,
    WatchBusy,
    Watching,
    WatchService,
)


@dataclass(frozen=True, kw_only=True)
class WatchRequest(ScanArguments):
    """`recount watch`'s options, as typed (the interval is read here)."""

    sources: list[str] = field(default_factory=list)  # files, folders, URLs; or list, stop N
    every: str | None = None  # a duration (90s, 5m, 1h); None: the default
    once: bool = False  # one round, then exit
    as_json: bool = False  # one JSON object a line
    history: str | None = None  # "all", or a watch's number: list the changes found


class _Stop:
    """SIGINT/SIGTERM: the round in hand finishes, then the watch exits 0. A fetch in flight
    is cut (`cut`): a slow server must not hold the exit, and the cut round records nothing."""

    def __init__(self, cut: Callable[[], None] = lambda: None) -> None:
        self.event = threading.Event()
        self._cut = cut

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        self.event.set()
        self._cut()


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


def _history(store: WatchStore, which: str, out: TextIO, as_json: bool) -> int:
    digits = which.isascii() and which.isdigit()
    watch_id = None if which == "all" else int(which) if digits else -1
    if watch_id == -1:
        raise InputError.about(None, f'--history "{which}": give a watch\'s number')
    if watch_id is not None and store.get(watch_id) is None:
        raise InputError.about(None, f"there is no watch {watch_id} (recount watch list)")
    found = store.changes(watch_id)
    for stored in found:
        out.write(_history_line(stored, as_json) + "\n")
    if not found and not as_json:
        which_watch = "any watch" if watch_id is None else f"watch {watch_id}"
        out.write(f"No change recorded for {which_watch} yet.\n")
    return EXIT_OK


def _list(service: WatchService, out: TextIO) -> int:
    """`recount watch list`: the command line's watches, running ones first, each saying
    whether a process reads it now, how often, and when it was last read."""
    listed = service.listed(Place.cli())
    if not listed:
        out.write("No watch has been started here (recount watch SOURCE...).\n")
    for item in listed:
        w = item.watch
        last = (
            "not read yet"
            if item.last_reading is None
            else f"last read {montana_time(item.last_reading)}"
        )
        out.write(
            f"watch {w.id} · {item.state} · {', '.join(w.sources)} · {last} · started "
            f"{montana_time(w.started_at)}\n"
        )
    return EXIT_OK


def _stop(store: WatchStore, which: str, out: TextIO) -> int:
    """`recount watch stop N`: stops a command-line watch (one that runs elsewhere stops at
    its next round)."""
    if not (which.isascii() and which.isdigit()):
        raise InputError.about(None, f'"stop {which}": give a watch\'s number (recount watch list)')
    watch = store.get(int(which))
    if watch is None or watch.place != Place.cli():
        raise InputError.about(None, f"there is no watch {which} here (recount watch list)")
    if store.stop([watch.id], by=None):
        out.write(f"Watch {watch.id} stopped.\n")
    else:
        out.write(f"Watch {watch.id} was already stopped.\n")
    return EXIT_OK


def _command(sources: list[str]) -> list[str] | None:
    """`list` or `stop N` where sources would be, unless such a file or folder exists."""
    if sources and sources[0] in ("list", "stop") and not Path(sources[0]).exists():
        return sources
    return None


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


EXIT_UNREAD: Final = 1  # --once: no source could be read, so nothing was compared
HEARTBEAT_S: Final = 15 * 60  # --every: a line at most this long after the last one


def _no_change(service: WatchService, watch_id: int, files: int) -> str:
    """A round that found nothing new, said: since when, and what was read just now."""
    last = service.store.last_reading(watch_id)
    since = "" if last is None else f" since {montana_time(last[0])}"
    now = montana_time(utcnow())
    return f"No change{since}: {plural(files, 'file')} read at {now} (watch {watch_id})."


def _print_round(
    result: RoundResult, watch_id: int, out: TextIO, err: TextIO, as_json: bool
) -> None:
    for line in (*result.errors, *result.recovered):
        print(f"recount watch: {one_line(line)}", file=err)
    scanned = result.scanned
    if scanned is None or result.quiet:
        return  # nothing read; or a source switching back again, said once already
    if result.first:
        if as_json:
            out.write(json.dumps({"reading": scan_json(scanned)}, ensure_ascii=False) + "\n")
        else:
            out.write(scan_text(scanned))
    elif as_json:
        read = {
            "watch": watch_id,
            "read_at": montana_iso(utcnow()),
            "files": [f.name for f in scanned.files],
        }
        by_key = {c.contest.identity: c.contest for c in scanned.contests}
        for change in result.changes:
            contest = by_key.get(change.key)
            where = {
                "county": None if contest is None else contest.county,
                "contest_files": [] if contest is None else sorted(contest.files),
            }
            out.write(json.dumps({**read, **where, **change.as_json()}, ensure_ascii=False) + "\n")
    else:
        since = "the last reading" if result.since is None else montana_time(result.since)
        changes = result.changes
        gone = [c for c in changes if c.kind is ChangeKind.GONE]
        if result.removed and gone:
            # a file taken away: one line naming it, not a line per contest it held
            names = ", ".join(result.removed)
            out.write(
                f"No longer read: {names} ({plural(len(gone), 'contest')} went with "
                f"{'it' if len(result.removed) == 1 else 'them'}).\n"
            )
            changes = [c for c in changes if c.kind is not ChangeKind.GONE]
        if changes or not gone:
            out.write("\n".join(change_lines(changes, scanned, since)) + "\n")
    if result.switching:
        print(f"recount watch: {SWITCHING}.", file=err if as_json else out)
    out.flush()


def _owner() -> str:
    """Who reads the watch: this run, not just this process (two watchers in one process,
    as the tests run them, are two readers too)."""
    return f"cli:{platform.node()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


def run_watch(
    request: WatchRequest,
    watching: Watching,
    out: TextIO,
    err: TextIO,
    *,
    today: Callable[[], date],
    cut: Callable[[], None] = lambda: None,
) -> int:
    """`watching`: the database (opened here, when first asked), the fetcher and the shortest
    interval the operator allows; `cut`: what stops the fetcher's requests in flight (SIGINT,
    SIGTERM)."""
    try:
        store = watching.store()
        if request.history is not None:
            return _history(store, request.history, out, request.as_json)
        service = watching.service()
        command = _command(request.sources)
        if command == ["list"]:
            return _list(service, out)
        if command is not None and command[0] == "stop" and len(command) == 2:
            return _stop(store, command[1], out)
        if command is not None:
            raise InputError.about(None, "write recount watch list, or recount watch stop N")
        if not request.sources:
            raise InputError.about(None, "name at least one file, folder or URL to watch")
        every = (
            DEFAULT_EVERY_S
            if request.every is None
            else parse_every(request.every, watching.min_every_s)
        )
        check_sources(request.sources)
        for source in request.sources:
            if is_url(source):
                service.fetcher.check(source)
        day = request.today or today()
        sources = tuple(resolved(source) for source in request.sources)
        # the scan options the watch keeps: a bad answer is refused now, not in every round
        options = request.options(day).as_json()
        spec = WatchSpec(Place.cli(), sources, options, ONCE if request.once else every)
    except (DatabaseError, SourceError, InputError, FetchRefused, ValueError) as error:
        print(f"error: {one_line(str(error))}", file=err)
        return EXIT_USAGE
    # One process reads a watch at a time: a second terminal on the same watch is refused
    # before anything of the watch changes, and `watch list` tells a watch being read from
    # one left between two --once runs.
    lease = Lease(_owner(), _lease(every))
    try:
        opened = service.open(spec, started_by=None, lease=lease)
    except WatchBusy as busy:
        print(f"error: {busy}", file=err)
        return EXIT_USAGE
    try:
        return _rounds(
            service,
            opened,
            request,
            every,
            lease,
            out,
            err,
            today=today,
            database=watching.backend().describe(),
            cut=cut,
        )
    finally:
        service.release(opened.watch, lease)


def _lease(every: int) -> timedelta:
    """Held while this process reads the watch: an interval and the longest round."""
    return timedelta(seconds=every + DEFAULT_LEASE_S)


def _rounds(
    service: WatchService,
    opened: Opened,
    request: WatchRequest,
    every: int,
    lease: Lease,
    out: TextIO,
    err: TextIO,
    *,
    today: Callable[[], date],
    database: str,
    cut: Callable[[], None],
) -> int:
    watch = opened.watch
    for line in opened.settings:
        out.write(f"Watch {watch.id}: {line}.\n")
    # A change stored but not printed (a run stopped between the two) is printed now.
    for stored in opened.untold:
        out.write(_history_line(stored, request.as_json) + "\n")
    service.told(opened.untold)
    stop = _Stop(cut)
    said = err if request.as_json else out  # what a person reads, beside one JSON object a line
    if not request.once:
        said.write(
            f"Watching {', '.join(watch.sources)} every {shown(every)} (watch {watch.id}, "
            f"database {database}); Ctrl-C stops.\n"
        )
    quiet_since = time.monotonic()
    with _stopping(stop):
        while True:
            if not service.claim(watch, lease):
                # stopped meanwhile (recount watch stop N, from another terminal)
                print(f"recount watch: watch {watch.id} was stopped; exiting", file=err)
                return EXIT_OK
            try:
                done = service.round(watch, request.today or today())
            except FetchStopped:
                break  # SIGINT or SIGTERM mid-fetch: the round is given up
            result = done.result
            if request.once and done.nothing_read:
                _say_unread(result.failing, err)
                return EXIT_UNREAD
            _print_round(result, watch.id, out, err, request.as_json)
            service.told(done.untold)
            if done.nothing_read or result.scanned is not None or result.errors:
                quiet_since = time.monotonic()
            elif request.once or time.monotonic() - quiet_since >= HEARTBEAT_S:
                said.write(_no_change(service, watch.id, result.read) + "\n")
                quiet_since = time.monotonic()
            said.flush()
            if request.once or stop.event.wait(every):
                break
    if not request.once and not request.as_json:
        print(f"recount watch: stopped (watch {watch.id}, every {shown(every)})", file=err)
    return EXIT_OK


def _say_unread(failing: list[str], err: TextIO) -> None:
    """--once with nothing read: each source that failed, and why; never "No change"."""
    print(
        f"recount watch: nothing was read this round: {plural(len(failing), 'source')} "
        "could not be read, so no contest was compared:",
        file=err,
    )
    for line in failing:
        print(f"  {one_line(line)}", file=err)

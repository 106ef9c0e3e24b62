"""One round of a watch: read every source, and only when one changed scan the whole set,
compare it with the last stored reading, and store the reading with its changes.

A results page of the Secretary of State's site (handlers.results.totalvote_page) is a source
of several reads: the page, for its races, and each race's county-level data from the
results service, every one a conditional GET through the same fetcher and policy.

A source that has not changed costs a file stat (same size and modification time) or a
conditional GET answered 304; when none changed there is no scan. A source that cannot be
read this round is named in one line and retried next round, and the round scans nothing
(a partial scan would report contests as gone).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from domain.changes import Switching, compare, switching
from handlers.results import ResultsFileError, ScanOptions, scan
from handlers.results.compare import readings_of
from handlers.results.tables import (
    MAX_BYTES,
    NO_RESULTS_IN_FOLDER,
    Unreadable,
    over_the_limit,
    results_files,
)
from handlers.results.totalvote_page import (
    election_heading,
    is_results_page,
    looks_like_page,
    race_name,
    races_on_page,
    service_url,
)
from handlers.watch.ports import Fetcher, FetchFailed, FetchRefused, RoundStore
from handlers.watch.records import RoundResult, SourceSnapshot, WatchSpec

SWITCHING = (
    "The source keeps switching between two readings: these changes are not told again while "
    "it does; a reading unlike both is"
)
_STILL_WRITING = "{name}: cannot be read now; it may still be downloading: trying again next round"


class SourceError(Exception):
    """A source that cannot be read now: one line naming it and why."""


def is_url(source: str) -> bool:
    return source.lower().startswith(("https://", "http://"))


def check_sources(sources: Sequence[str]) -> None:
    """At start: a missing file or folder, or a URL that is no URL, is a usage error."""
    for source in sources:
        if is_url(source):
            continue
        if "://" in source:
            raise SourceError(f"{source}: not a file, a folder or an http(s) address")
        if not Path(source).exists():
            raise SourceError(f"{source}: no such file or folder")
        if Path(source).is_dir() and not results_files(Path(source)):
            # refused at start, before a watch is made for it
            raise SourceError(f"{source}: {NO_RESULTS_IN_FOLDER}")


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@dataclass
class _Read:
    state: SourceSnapshot
    data: bytes | None  # None: unchanged and not read (a file to read only if we scan)
    changed: bool
    in_folder: bool = False  # found in a folder: skipped, not fatal, if it holds no results
    scanned: bool = True  # False: a results page, read for its races, not itself results


def _file(path: Path, before: SourceSnapshot | None) -> _Read:
    try:
        info = path.stat()
    except OSError as error:
        raise SourceError(f"{path}: cannot be read ({error.strerror or error})") from None
    if info.st_size > MAX_BYTES:
        raise SourceError(over_the_limit(path, info.st_size))
    stamp = str(info.st_mtime_ns)
    state = SourceSnapshot(source=str(path), name=path.name, size=info.st_size, mtime_ns=stamp)
    if before is not None and before.size == info.st_size and before.mtime_ns == stamp:
        return _Read(state.copied(digest=before.digest), None, False)
    data = _read_file(path)
    state = state.copied(digest=_digest(data))
    return _Read(state, data, before is None or before.digest != state.digest)


def _read_file(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        raise SourceError(f"{path}: cannot be read ({error.strerror or error})") from None


def _url(
    url: str, before: SourceSnapshot | None, fetcher: Fetcher, name: str | None = None
) -> _Read:
    try:
        got = fetcher.fetch(
            url,
            etag=None if before is None else before.etag,
            last_modified=None if before is None else before.last_modified,
        )
    except (FetchRefused, FetchFailed) as error:
        raise SourceError(str(error)) from None
    name = name or url.rstrip("/").rsplit("/", 1)[-1] or url
    if got.status == 304 and before is not None and before.body is not None:
        return _Read(before.copied(error=None), before.body, False)
    digest = _digest(got.body)
    state = SourceSnapshot(
        source=url,
        name=name,
        digest=digest,
        etag=got.etag,
        last_modified=got.last_modified,
        body=got.body,
    )
    return _Read(state, got.body, before is None or before.digest != digest)


def _url_reads(url: str, before: dict[str, SourceSnapshot], fetcher: Fetcher) -> list[_Read]:
    """A URL's reads: the file it serves, or a results page and each of its races' data."""
    read = _url(url, before.get(url), fetcher)
    data = read.data or b""
    if not (is_results_page(url) or looks_like_page(data)):
        return [read]
    html = data.decode("utf-8", "replace")
    try:
        races = races_on_page(html)
        urls = [service_url(url, race) for race in races]
    except ResultsFileError as error:
        raise SourceError(f"{url}: {error}") from None
    heading = election_heading(html)
    read.scanned = False
    reads = [read]
    for race, at in zip(races, urls, strict=True):
        reads.append(_url(at, before.get(at), fetcher, race_name(race, heading)))
    return reads


def _read_all(
    spec: WatchSpec, before: dict[str, SourceSnapshot], fetcher: Fetcher
) -> tuple[list[_Read], list[tuple[str, str]]]:
    """Every concrete source read (a folder is its files), and the failures by source."""
    reads: list[_Read] = []
    failed: list[tuple[str, str]] = []
    for source in spec.sources:
        try:
            if is_url(source):
                reads += _url_reads(source, before, fetcher)
                continue
            path = Path(source)
            if path.is_dir():
                files = results_files(path)
                if not files:
                    raise SourceError(f"{source}: {NO_RESULTS_IN_FOLDER}")
                for p in files:
                    read = _file(p, before.get(str(p)))
                    read.in_folder = True
                    reads.append(read)
            else:
                reads.append(_file(path, before.get(source)))
        except SourceError as error:
            failed.append((source, str(error)))
    return reads, failed


def run_round(
    store: RoundStore,
    watch_id: int,
    spec: WatchSpec,
    today: date,
    *,
    fetcher: Fetcher,
) -> RoundResult:
    """Reads, and if anything changed scans, compares and stores. Raises nothing for a
    source that fails: it is in `failing` every round and in `errors` once, when it starts
    failing. URLs are read through `fetcher`, whose policy decides which may be."""
    before = store.source_states(watch_id)
    reads, failed = _read_all(spec, before, fetcher)
    was_failing = {s for s, state in before.items() if state.error}
    errors = [message for source, message in failed if source not in was_failing]
    recovered = sorted(was_failing - {source for source, _ in failed})
    gone = set(before) - {r.state.source for r in reads} - {s for s, _ in failed}
    first = not store.has_reading(watch_id)
    changed = any(r.changed for r in reads) or bool(gone) or first
    result = RoundResult(
        None,
        errors=errors,
        recovered=[f"{s}: readable again" for s in recovered],
        failing=[message for _, message in failed],
    )
    result.read = len(reads)
    result.removed = sorted(before[source].name for source in gone)
    if failed:
        # Keep what is known of the others; mark the failing ones for the "recovered" line.
        kept = [r.state for r in reads] + [
            _failing(source, message, before.get(source)) for source, message in failed
        ]
        store.save_sources(watch_id, kept)
        return result
    if not changed:
        if any(_moved(r.state, before.get(r.state.source)) for r in reads) or recovered:
            store.save_sources(watch_id, [r.state for r in reads])  # a touched file, same bytes
        return result
    last = store.last_reading(watch_id)
    files = []
    for read in (r for r in reads if r.scanned):
        data = read.data if read.data is not None else _read_file(Path(read.state.source))
        files.append((read.state.name, data))
    in_folders = {r.state.name for r in reads if r.in_folder}
    try:
        scanned = scan(files, ScanOptions.from_json(spec.options, today), in_folders)
    except Unreadable as error:
        # most often a download still being written: tried again next round, said once,
        # and "readable again" follows when it reads
        states = [
            r.state.copied(error=_STILL_WRITING.format(name=error.name))
            if r.state.name == error.name
            else r.state
            for r in reads
        ]
        failing = [s for s in states if s.error and s.source not in was_failing]
        result.errors = [s.error for s in failing if s.error]
        result.failing = [s.error for s in states if s.error]
        still = {s.source for s in states if s.error}
        result.recovered = [f"{s}: readable again" for s in recovered if s not in still]
        store.save_sources(watch_id, states)
        return result
    except ResultsFileError as error:
        result.errors = result.failing = [str(error)]
        return result
    if last is not None:
        # a stray file in a watched folder: named once, when it first appears or changes
        result.errors += [
            f"{line}: skipped"
            for line in scanned.skipped
            for r in reads
            if r.changed and line.startswith(f"{r.state.name}:")
        ]
    contests = readings_of(scanned)
    changes = [] if last is None else compare(last[1], contests)
    # A source flapping (a county's file replaced by an older one and back, round after
    # round) would be told every round forever: said once, then kept in the history only.
    switched = Switching.NO
    if changes:
        switched = switching(store.recent_readings(watch_id, 4), contests)
    reading_id = store.store_reading(
        watch_id,
        scanned.election,
        scanned.summary(),
        contests,
        changes,
        told=switched is Switching.GOING_ON,
    )
    result.switching = switched is Switching.STARTED
    result.quiet = switched is Switching.GOING_ON
    store.save_sources(watch_id, [r.state for r in reads])
    result.scanned = scanned
    result.changes = changes
    result.first = last is None
    result.since = None if last is None else last[0]
    result.reading_id = reading_id
    return result


def _moved(now: SourceSnapshot, before: SourceSnapshot | None) -> bool:
    """Whether what is kept of a source moved (a file touched, a new ETag) though its bytes
    did not: only then is its state written again."""
    return before is None or (now.size, now.mtime_ns, now.etag, now.last_modified) != (
        before.size,
        before.mtime_ns,
        before.etag,
        before.last_modified,
    )


def _failing(source: str, message: str, before: SourceSnapshot | None) -> SourceSnapshot:
    if before is None:
        return SourceSnapshot(source=source, name=source, error=message)
    return before.copied(error=message)

"""`recount scan FILE...`: every contest of one or more results exports, checked at once.

FILE may be a folder (the results files in it) or a pattern the shell did not expand
(Windows cmd passes `*.xlsx` as it is). Exit status: 0 with a report; 2 for a usage error or
a file it cannot read, with one line on stderr naming the file and why, and nothing on stdout
(no partial report).
"""

from __future__ import annotations

import glob
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Final, TextIO

from domain import InputError
from handlers.results import (
    MAX_BYTES,
    ResultsFileError,
    ScanOptions,
    answers_from,
    counties_from,
    scan,
    scan_csv,
    scan_json,
    scan_text,
)
from handlers.results.compare import changes_between, readings_of
from handlers.results.render_text import change_lines
from handlers.results.tables import NO_RESULTS_IN_FOLDER, over_the_limit, results_files
from handlers.syntax import parse_date
from handlers.terminal.output import EXIT_OK, EXIT_USAGE, one_line

_PATTERN: Final = frozenset("*?[")


@dataclass(frozen=True, kw_only=True)
class ScanArguments:
    """The options a scan is read under, as typed after `recount scan` or `recount watch`
    (the dates are read here, as of the day the scan is read)."""

    canvass: str | None = None
    state_canvass: str | None = None
    today: date | None = None  # what-if: as of that day
    election: str | None = None  # where the files do not say which election they hold
    complete: bool = False  # the files hold every county of their multi-county contests
    seats: list[str] = field(default_factory=list)  # "TITLE=N"
    kind: list[str] = field(default_factory=list)  # "TITLE=KIND"

    def options(self, today: date, counties: Sequence[str] = ()) -> ScanOptions:
        """The scan's options as of `today`; `counties`: "FILE=NAME" answers. Raises
        InputError for a date or an answer that cannot be read."""
        return ScanOptions(
            today=today,
            canvass=None if self.canvass is None else parse_date(self.canvass, today),
            state_canvass=(
                None if self.state_canvass is None else parse_date(self.state_canvass, today)
            ),
            election=self.election,
            complete=self.complete,
            answers=answers_from(self.kind, self.seats),
            counties=counties_from(counties),
        )


@dataclass(frozen=True, kw_only=True)
class ScanRequest(ScanArguments):
    """`recount scan`'s options, as typed."""

    files: list[str]  # results files, folders of them, or a pattern
    county: list[str] = field(default_factory=list)  # "FILE=NAME"
    as_json: bool = False
    as_csv: bool = False
    show_all: bool = False  # every contest, not only those with something to say
    against: list[str] | None = None  # an earlier reading: report what changed since


def found_in_folders(given: list[str]) -> set[str]:
    """The names of the files a folder or a pattern brought in (not named one by one): a
    stray one among them is skipped, not fatal."""
    return {
        path.name
        for name in given
        if Path(name).is_dir() or (not Path(name).exists() and _PATTERN & set(name))
        for path in expand([name])
    }


def expand(given: list[str]) -> list[Path]:
    """Files as given; a folder's results files; a pattern's matches. Raises ResultsFileError."""
    found: list[Path] = []
    for name in given:
        path = Path(name)
        if path.is_dir():
            inside = results_files(path)
            if not inside:
                raise ResultsFileError(f"{name}: {NO_RESULTS_IN_FOLDER}")
            found += inside
        elif not path.exists() and _PATTERN & set(name):
            matches = sorted(Path(m) for m in glob.glob(name) if Path(m).is_file())
            if not matches:
                raise ResultsFileError(f"{name}: no file matches")
            found += matches
        else:
            found.append(path)
    return found


def _read(path: Path) -> bytes:
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise ResultsFileError(over_the_limit(path, size))
        return path.read_bytes()
    except OSError as error:
        raise ResultsFileError(f"{path}: cannot be read ({error.strerror or error})") from None


def run_scan(request: ScanRequest, out: TextIO, err: TextIO, *, today: Callable[[], date]) -> int:
    try:
        options = request.options(request.today or today(), request.county)
        result = scan(
            [(p.name, _read(p)) for p in expand(request.files)],
            options,
            found_in_folders(request.files),
        )
        earlier = (
            None
            if request.against is None
            else scan([(p.name, _read(p)) for p in expand(request.against)], options)
        )
    except (ResultsFileError, InputError) as error:
        print(f"error: {one_line(str(error))}", file=err)
        return EXIT_USAGE
    changes = None if earlier is None else changes_between(readings_of(earlier), result)
    since = "the earlier reading (" + ", ".join(request.against or ()) + ")"
    if request.as_json:
        report = scan_json(result)
        if changes is not None:
            report["changes"] = [c.as_json() for c in changes]
        out.write(json.dumps(report, ensure_ascii=False, indent=2) + "\n")
    elif request.as_csv:
        out.write(scan_csv(result))
    else:
        if changes is not None:
            out.write("\n".join(change_lines(changes, result, since)) + "\n\n")
        out.write(scan_text(result, show_all=request.show_all))
    return EXIT_OK

"""`recount scan FILE...`: every contest of one or more results exports, checked at once.

FILE may be a folder (the results files in it) or a pattern the shell did not expand
(Windows cmd passes `*.xlsx` as it is). Exit status: 0 with a report; 2 for a usage error or
a file it cannot read, with one line on stderr naming the file and why, and nothing on stdout
(no partial report).
"""

from __future__ import annotations

import argparse
import glob
import json
from pathlib import Path
from typing import Final, TextIO

from bot.clock import montana_today
from bot.terminal import EXIT_OK, EXIT_USAGE, one_line, today_argument
from domain import InputError
from domain.kinds import state_canvass_subsections
from domain.related import AFTER_STATE_CANVASS
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
from handlers.results.report import change_lines
from handlers.results.tables import NO_RESULTS_IN_FOLDER, over_the_limit, results_files
from handlers.results.tallies import ELECTION_TYPES
from handlers.syntax import parse_date

_PATTERN: Final = frozenset("*?[")


def add_scan_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files", nargs="+", metavar="FILE", help="results files, folders of them, or a pattern"
    )
    parser.add_argument(
        "--canvass",
        metavar="DATE",
        help="the county canvass: (1), (3) and school contests count from it",
    )
    parser.add_argument(
        "--state-canvass",
        metavar="DATE",
        help=f"the state canvass: {state_canvass_subsections()} contests count from it; without "
        f"it they have no day to act (a petition is filed {AFTER_STATE_CANVASS})",
    )
    parser.add_argument("--today", type=today_argument, metavar="YYYY-MM-DD")
    parser.add_argument("--election", type=str.lower, choices=ELECTION_TYPES)
    parser.add_argument(
        "--complete",
        action="store_true",
        help="the files hold every county that voted on the multi-county contests in them",
    )
    parser.add_argument("--seats", action="append", default=[], metavar='"TITLE=N"')
    parser.add_argument("--kind", action="append", default=[], metavar='"TITLE=KIND"')
    parser.add_argument(
        "--county",
        action="append",
        default=[],
        metavar='"FILE=NAME"',
        help="the county a file is from, where it does not say (2024 county workbooks)",
    )
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="the scan as JSON")
    output.add_argument("--csv", action="store_true", help="one row per contest")
    parser.add_argument("--all", action="store_true", dest="show_all", help="list every contest")
    parser.add_argument(
        "--against",
        action="append",
        metavar="OLD",
        help="an earlier reading of the same election (a file or folder; repeat it for "
        "several): report what changed since it",
    )


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


def run_scan(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    try:
        today = args.today or montana_today()
        canvass = None if args.canvass is None else parse_date(args.canvass, today)
        state = None if args.state_canvass is None else parse_date(args.state_canvass, today)
        options = ScanOptions(
            today=today,
            canvass=canvass,
            state_canvass=state,
            election=args.election,
            complete=args.complete,
            answers=answers_from(args.kind, args.seats),
            counties=counties_from(args.county),
        )
        result = scan(
            [(p.name, _read(p)) for p in expand(args.files)],
            options,
            found_in_folders(args.files),
        )
        earlier = (
            None
            if args.against is None
            else scan([(p.name, _read(p)) for p in expand(args.against)], options)
        )
    except (ResultsFileError, InputError) as error:
        print(f"error: {one_line(str(error))}", file=err)
        return EXIT_USAGE
    changes = None if earlier is None else changes_between(readings_of(earlier), result)
    since = "the earlier reading (" + ", ".join(args.against or ()) + ")"
    if args.json:
        report = scan_json(result)
        if changes is not None:
            report["changes"] = [c.as_json() for c in changes]
        out.write(json.dumps(report, ensure_ascii=False, indent=2) + "\n")
    elif args.csv:
        out.write(scan_csv(result))
    else:
        if changes is not None:
            out.write("\n".join(change_lines(changes, result, since)) + "\n\n")
        out.write(scan_text(result, show_all=args.show_all))
    return EXIT_OK

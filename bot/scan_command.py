"""`recount scan FILE...`: every contest of one or more results exports, checked at once.

Exit status: 0 with a report; 2 for a usage error or a file it cannot read, with one line on
stderr naming the file and why, and nothing on stdout (no partial report).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Final, TextIO

from bot.clock import montana_today
from bot.terminal import EXIT_OK, EXIT_USAGE, one_line
from domain import InputError
from domain.citations import FIRST_YEAR, LAST_YEAR
from handlers.results import (
    MAX_BYTES,
    ResultsFileError,
    ScanOptions,
    answers_from,
    scan,
    scan_csv,
    scan_json,
    scan_text,
)
from handlers.syntax import parse_date

SCAN_USAGE: Final = (
    "recount scan FILE... [--canvass DATE] [--today DATE] [--election general|primary] "
    '[--complete] [--seats "TITLE=N"]... [--kind "TITLE=KIND"]... [--json | --csv] [--all]'
)


class ScanUsageError(Exception):
    pass


@dataclass
class _Args:
    files: list[str] = field(default_factory=list)
    canvass: str | None = None
    today: date | None = None
    election: str | None = None
    complete: bool = False
    seats: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    output: str = "text"
    show_all: bool = False


def _value(rest: list[str], option: str) -> str:
    if not rest or rest[0].startswith("--"):
        raise ScanUsageError(f"{option} needs a value")
    return rest.pop(0)


def _parse(argv: Sequence[str]) -> _Args:
    args = _Args()
    rest = list(argv)
    while rest:
        arg = rest.pop(0)
        option, _, inline = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        if inline:
            rest.insert(0, inline)
        if option == "--canvass":
            args.canvass = _value(rest, option)
        elif option == "--today":
            value = _value(rest, option)
            try:
                args.today = date.fromisoformat(value)
            except ValueError:
                raise ScanUsageError(f'--today "{value}" is not a date like 2026-11-18') from None
            if not FIRST_YEAR.value <= args.today.year <= LAST_YEAR.value:
                raise ScanUsageError(f"--today {value} is out of range (1900 to 2100)")
        elif option == "--election":
            args.election = _value(rest, option).lower()
            if args.election not in ("general", "primary"):
                raise ScanUsageError("--election is general or primary")
        elif option == "--complete":
            args.complete = True
        elif option == "--seats":
            args.seats.append(_value(rest, option))
        elif option == "--kind":
            args.kinds.append(_value(rest, option))
        elif option in ("--json", "--csv"):
            if args.output != "text":
                raise ScanUsageError("give --json or --csv, not both")
            args.output = option[2:]
        elif option == "--all":
            args.show_all = True
        elif option.startswith("--"):
            raise ScanUsageError(f'scan does not take "{option}"')
        else:
            args.files.append(arg)
    if not args.files:
        raise ScanUsageError("name at least one results file")
    return args


def _read(path: str) -> bytes:
    try:
        size = Path(path).stat().st_size
        if size > MAX_BYTES:
            raise ResultsFileError(f"{path}: {size:,} bytes is over the 20 MB a scan reads")
        return Path(path).read_bytes()
    except OSError as error:
        raise ResultsFileError(f"{path}: cannot be read ({error.strerror or error})") from None


def run_scan(argv: Sequence[str], out: TextIO, err: TextIO) -> int:
    try:
        args = _parse(argv)
        today = args.today or montana_today()
        canvass = None if args.canvass is None else parse_date(args.canvass, today)
        options = ScanOptions(
            today=today,
            canvass=canvass,
            election=args.election,
            complete=args.complete,
            answers=answers_from(args.kinds, args.seats),
        )
        result = scan([(Path(p).name, _read(p)) for p in args.files], options)
    except ScanUsageError as error:
        print(f"error: {one_line(str(error))}. Usage: {SCAN_USAGE}", file=err)
        return EXIT_USAGE
    except (ResultsFileError, InputError) as error:
        print(f"error: {one_line(str(error))}", file=err)
        return EXIT_USAGE
    if args.output == "json":
        out.write(json.dumps(scan_json(result), ensure_ascii=False, indent=2) + "\n")
    elif args.output == "csv":
        out.write(scan_csv(result))
    else:
        out.write(scan_text(result, show_all=args.show_all))
    return EXIT_OK

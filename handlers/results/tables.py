"""A results file's bytes as tables of cells: a workbook's sheets, or one CSV table.

Which reader: python-calamine for workbooks. Reading every cell of the 56 county workbooks
of the 2022 general took 0.06 s with it and 0.85 s with openpyxl (read-only) on this machine,
measured side by side (see the commit that added it).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from datetime import date, datetime, time, timedelta
from itertools import islice
from pathlib import Path
from typing import Final, NamedTuple

import python_calamine

from handlers.results import workbook_check
from handlers.results.budgets import MAX_FILE_ROWS, field_too_long, too_many_rows

# What a reader hands back for one cell (calamine gives dates and times as such).
Cell = str | int | float | bool | date | datetime | time | timedelta | None
Row = Sequence[Cell]
MAX_BYTES: Final = 20 * 1024 * 1024  # scan.md: larger files are refused
# The files a folder is read for (never an Excel lock file or a hidden one: results_files).
RESULTS_SUFFIXES: Final = (".xlsx", ".csv", ".json")  # .json: a results service's response
# (its words name the two usual kinds: tests of the watch, being refactored apart, say them)
NO_RESULTS_IN_FOLDER: Final = "a folder with no .xlsx, .csv or .json file in it"


def results_files(folder: Path) -> list[Path]:
    """A folder's results files, by name (never an Excel lock file or a hidden one)."""
    return sorted(
        p
        for p in folder.iterdir()
        if p.is_file()
        and p.suffix.lower() in RESULTS_SUFFIXES
        and not p.name.startswith((".", "~$"))
    )


MAX_SIZE_WORDS: Final = f"the {MAX_BYTES // (1024 * 1024)} MB a scan reads"


def over_the_limit(name: object, size: int) -> str:
    """What a clerk reads of a file too large to scan, naming it."""
    return f"{name}: {size:,} bytes is over {MAX_SIZE_WORDS}"


_ZIP: Final = b"PK\x03\x04"
_OLE2: Final = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # old .xls, or an encrypted .xlsx


class ResultsFileError(Exception):
    """A file the scan cannot read: the message is one line naming the file and why."""


class NotResults(ResultsFileError):
    """A file that holds no results (a phone list beside the workbooks): in a folder it is
    skipped with one line, not fatal (scan.md, watch.md)."""

    def __init__(self, name: str, message: str) -> None:
        self.name = name
        super().__init__(message)


class Unreadable(ResultsFileError):
    """A workbook that cannot be opened: damaged, or still being written (a download in
    progress): a watch tries it again next round."""

    def __init__(self, name: str, message: str) -> None:
        self.name = name
        super().__init__(message)


class ElectionNotSaid(ResultsFileError):
    """A file that does not say whether it is a primary or a general election: the scan does
    not assume (a primary read as a general merges the parties). Each surface asks in its own
    words: the command line `--election`, Slack two buttons."""

    def __init__(self, name: str) -> None:
        self.name = name
        super().__init__(
            f"{name} does not say whether it is a primary or a general election: add "
            "--election primary or --election general"
        )


class ElectionContradicted(ResultsFileError):
    """An election told (`--election`, the Slack form or button) that a file contradicts:
    a told election never overrides what the file says (scan.md), so the scan stops naming
    both. Each surface says it in its own words: the command line exit 2, Slack a question."""

    def __init__(self, name: str, said: str, where: str, told: str) -> None:
        self.name, self.said, self.where, self.told = name, said, where, told
        super().__init__(
            f"{name}: {where}; you said {told}. A told election never overrides the file: "
            f"leave --election out to read it as a {said} election, or give the {told} "
            "election's file"
        )


class Table(NamedTuple):  # a NamedTuple: one a sheet, made in a quarter of a dataclass's time
    name: str  # the sheet's name; "" for a CSV
    rows: Sequence[Row]


def padded(row: Row, width: int) -> Row:
    """The row with at least `width` cells: a short one (a CSV's blank or cut line) gets
    empty cells for those it lacks."""
    return row if len(row) >= width else [*row, *(None,) * (width - len(row))]


def text(cell: Cell) -> str:
    """A cell as the words it shows: &nbsp; and runs of spaces and newlines made one space."""
    if cell is None:
        return ""
    if type(cell) is str:  # the usual cell: split() already treats \xa0 as a space
        return " ".join((cell.replace("&nbsp;", " ") if "&" in cell else cell).split())
    if isinstance(cell, float) and cell.is_integer():
        return str(int(cell))
    return " ".join(str(cell).replace("\xa0", " ").replace("&nbsp;", " ").split())


def _workbook(name: str, data: bytes) -> list[Table]:
    # its sheets' dimensions and inflated sizes first: calamine aborts on a sparse cell
    too_big = workbook_check.too_big(name, data)
    if too_big is not None:
        raise ResultsFileError(too_big)
    try:
        book = python_calamine.CalamineWorkbook.from_filelike(io.BytesIO(data))
        # to_python() already gives a fresh list of lists: no copy needed
        return [Table(s, book.get_sheet_by_name(s).to_python()) for s in book.sheet_names]
    except Exception:  # calamine raises its own types for every kind of damage
        raise Unreadable(
            name,
            f"{name}: not a readable workbook: it may be damaged or password-protected; open "
            "it in Excel and save it again as .xlsx",
        ) from None


def _csv(name: str, data: bytes) -> list[Table]:
    if b"\x00" in data[:4096]:
        raise NotResults(name, f"{name}: not a results file (binary content, not a table)")
    try:
        decoded = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        decoded = data.decode("cp1252", errors="replace")
    # newline="" keeps CR-only, LF and CRLF line ends alike; csv reads them all.
    try:
        rows = list(islice(csv.reader(io.StringIO(decoded, newline="")), MAX_FILE_ROWS + 1))
        if len(rows) > MAX_FILE_ROWS:  # never held whole: 20 MB of short lines is 10 million
            raise ResultsFileError(f"{name}: {too_many_rows(None)}")
        return [Table("", rows)]
    except csv.Error:  # only a field over csv's limit: newline="" reads every line end and NUL
        raise ResultsFileError(f"{name}: {field_too_long()}") from None


def read_tables(name: str, data: bytes) -> list[Table]:
    """The tables of one file, by its content (never its name)."""
    if not data:
        raise NotResults(name, f"{name}: the file is empty")
    if len(data) > MAX_BYTES:
        raise ResultsFileError(over_the_limit(name, len(data)))
    if data.startswith(_OLE2):
        raise ResultsFileError(
            f"{name}: a password-protected workbook or an old .xls; save it as .xlsx without "
            "a password"
        )
    if data.startswith(_ZIP):
        return _workbook(name, data)
    return _csv(name, data)

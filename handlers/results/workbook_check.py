"""A workbook's size, checked from its zip directory and the first bytes of each sheet before
python-calamine sees it (issue 32): a 1.6 KB workbook with one cell at XFD1048576 makes
calamine allocate the dense range (half a terabyte) and abort; a 2 MB one whose sheet
inflates to 2 GB holds 2 GB. Refused here in plain words, at the cost of reading the zip's
directory and a few kilobytes of each sheet.

The limits are far above any results export: the largest real one (the 2020 primary by
precinct) reaches row 40,929 and its sheet inflates to 13.7 MB; the widest (the 2016
primary by precinct) reaches column U.
"""

from __future__ import annotations

import io
import re
import zipfile
from typing import Final

MAX_ROWS: Final = 200_000
MAX_COLUMNS: Final = 300  # column KN
MAX_PART_BYTES: Final = 100 * 1024 * 1024  # one part of the workbook, inflated
MAX_INFLATED_BYTES: Final = 200 * 1024 * 1024  # all its parts, inflated
_HEAD: Final = 4096  # <dimension> comes before the sheet's data, in its first lines
_DIMENSION: Final = re.compile(
    rb'<(?:\w+:)?dimension\s+ref="([A-Za-z]{1,3})?(\d+)?(?::([A-Za-z]{1,3})(\d+))?"'
)
_SHEET: Final = re.compile(r"xl/worksheets/[^/]+\.xml", re.IGNORECASE)


def _column(letters: str) -> int:
    number = 0
    for letter in letters.upper():
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


def _too_big(name: str, why: str) -> str:
    return (
        f"{name}: {why}, more than a results file can hold; it is not a results export as "
        "the Secretary of State or a county writes one: export the results again, or copy "
        "the results into a new workbook and save it as .xlsx"
    )


def too_big(name: str, data: bytes) -> str | None:
    """The line (naming the file) that refuses a workbook too large to read, or None. A zip
    that cannot be opened passes: the reader says it is damaged. (A line, not an exception:
    tables.py, which raises it, imports this module.)"""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, ValueError):
        return None
    with archive:
        parts = archive.infolist()
        biggest = max(parts, key=lambda i: i.file_size, default=None)
        if biggest is not None and biggest.file_size > MAX_PART_BYTES:
            return _too_big(
                name,
                f"its part {biggest.filename} unpacks to {biggest.file_size:,} bytes "
                f"(over {MAX_PART_BYTES // (1024 * 1024)} MB)",
            )
        inflated = sum(i.file_size for i in parts)
        if inflated > MAX_INFLATED_BYTES:
            return _too_big(
                name,
                f"it unpacks to {inflated:,} bytes (over {MAX_INFLATED_BYTES // (1024 * 1024)} MB)",
            )
        for info in parts:
            if _SHEET.fullmatch(info.filename):
                why = _sheet_too_big(archive, info)
                if why is not None:
                    return _too_big(name, why)
    return None


def _sheet_too_big(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> str | None:
    try:
        with archive.open(info) as sheet:
            head = sheet.read(_HEAD)  # inflated as far as needed, never the whole sheet
    except (zipfile.BadZipFile, NotImplementedError, RuntimeError, OSError, EOFError):
        return None  # damaged or encrypted: the reader says so
    found = _DIMENSION.search(head)
    if found is None:
        return None
    first_col, first_row, last_col, last_row = (
        None if g is None else g.decode("ascii") for g in found.groups()
    )
    column = last_col or first_col
    row = last_row or first_row
    where = f"{column or ''}{row or ''}"
    if row is not None and int(row) > MAX_ROWS:
        return f"a sheet reaches row {int(row):,} (cell {where}; {MAX_ROWS:,} rows at most)"
    if column is not None and _column(column) > MAX_COLUMNS:
        return (
            f"a sheet reaches column {column.upper()} (cell {where}; {MAX_COLUMNS} columns at most)"
        )
    return None

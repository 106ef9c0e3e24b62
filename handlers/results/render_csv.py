"""A scan as CSV, one row per contest, safe to open in a spreadsheet: a text cell never
starts a formula."""

from __future__ import annotations

import csv
import io
from typing import Final

from domain.plain_text import visible
from handlers.results.facts import (
    choices_line,
    code_of,
    county_of,
)
from handlers.results.scan import Scan

CSV_COLUMNS: Final = (
    "title",
    "kind",
    "subsection",
    "choices and votes",
    "margin",
    "max qualifying margin",
    "outcome",
    "deadline",
    "safe deadline",
    "attention",
    "act by",
    "file with",
    "file",
    "county",
    "code",
)


# What makes a spreadsheet read a cell as a formula (OWASP, "CSV Injection"), with the
# full-width and small forms Excel and LibreOffice also take for them.
FORMULA_STARTS: Final = frozenset("=+-@\t\r\uff1d\uff0b\uff0d\uff20\ufe66\ufe62\ufe63\ufe6b")


def spreadsheet_text(text: str) -> str:
    """A text cell (a title, a name, a file name) that a spreadsheet shows and never runs: one
    line of visible characters, and a leading ' where its first character past any spaces
    would start a formula. Numbers we write are not passed here: they stay numbers."""
    shown = visible(text)
    start = shown.lstrip()[:1]
    return f"'{shown}" if start and start in FORMULA_STARTS else shown


def _csv_row(cells: tuple[object, ...]) -> list[object]:
    return [spreadsheet_text(x) if isinstance(x, str) else x for x in cells]


def scan_csv(result: Scan) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for scanned in result.contests:
        c, v = scanned.contest, scanned.verdict
        # a partial reading's margin so far (a county share's is in the JSON and the text)
        m = (c.margin_so_far if c.partial else None) if v is None else v.margin
        d = None if v is None else v.deadline
        writer.writerow(
            _csv_row(
                (
                    c.label,
                    "" if c.kind is None else c.kind.value,
                    "" if v is None else v.subsection.code,
                    choices_line(scanned),
                    "" if m is None else m.margin,
                    "" if m is None or v is None else m.max_qualifying_margin,
                    "unopposed"
                    if c.unopposed
                    else "recounted"
                    if c.recounted_by is not None
                    else "recount result"
                    if c.recount_of is not None
                    else "partial, close"
                    if c.close_so_far
                    else "partial"
                    if c.partial
                    else ("" if v is None else v.outcome.value),
                    "" if d is None else d.deadline.isoformat(),
                    "" if d is None else d.deadline_safe.isoformat(),
                    " | ".join(c.attention),
                    "" if v is None or v.act_by is None else v.act_by.isoformat(),
                    "" if v is None or v.file_with is None else v.file_with.value,
                    "; ".join(sorted(c.files)),
                    county_of(scanned) or "",
                    code_of(scanned) or "",
                )
            )
        )
    return out.getvalue()

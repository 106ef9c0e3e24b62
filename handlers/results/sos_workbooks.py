"""Formats 1 and 2: the Secretary of State's results workbooks, one sheet per contest.

    rows 1-4   banner: "2022 Unofficial General Election Results", "State of Montana", ...
    header     TITLE | "Precinct" (county) or "County" (district/statewide) | NAME\\nParty ...
    rows       one per precinct or county, then TOTALS

The contest code is in the sheet name: 5 digits in front (2024), 4 at the end (2022), or none
(2022 legislative sheets, "HD 072 STATE REPRESENTATIVE DI"); the full title is the header's
first cell. Each sheet is summed here; a TOTALS row that disagrees with its rows is reported.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import chain
from typing import Final, cast

from domain.titles import side
from handlers.results.budgets import MAX_VOTES
from handlers.results.tables import Cell, Row, Table, text
from handlers.results.tallies import (
    FileTallies,
    Tally,
    blank,
    election_in,
    election_in_name,
    normalized,
    partial_in,
    precinct_counts,
    whole_votes,
)

COUNTY_WORKBOOK: Final = "sos-county-workbook"
DISTRICT_WORKBOOK: Final = "sos-district-workbook"
_ROW_LABEL: Final = {"precinct": COUNTY_WORKBOOK, "county": DISTRICT_WORKBOOK}
_HEADER_WITHIN: Final = 12  # the banner is 4 rows and a gap
_CODE_FRONT: Final = re.compile(r"^(\d{5})")
_CODE_END: Final = re.compile(r"\s(\d{4})$")
# A primary's statewide workbook puts the party after the code: "00588REP PRESIDENT".
_SHEET_PARTY: Final = re.compile(r"^\d{5}(REP|DEM|LIB|GRN|NON|NP)\s")


def header_row(rows: Sequence[Row]) -> tuple[int, str] | None:
    """Where the header is, and which of the two workbooks it makes this."""
    for i, row in enumerate(rows[:_HEADER_WITHIN]):
        second = row[1] if len(row) > 1 else None
        if second and type(second) is str:  # the banner's rows are empty there: skipped
            found = _ROW_LABEL.get(second.strip().lower())
            if found is not None and not blank(row[0]):
                return i, found
    return None


def detect(tables: list[Table]) -> str | None:
    for table in tables:
        if not table.name:
            continue  # a CSV: the workbook layouts have sheets
        found = header_row(table.rows)
        if found is not None:
            return found[1]
    return None


def sheet_party_of(sheet: str) -> str | None:
    """The party a primary's sheet name puts after the code ("00588REP PRESIDENT"), if any."""
    found = _SHEET_PARTY.match(sheet)
    return None if found is None else found.group(1)


def _code(sheet: str) -> str | None:
    found = _CODE_FRONT.match(sheet) or _CODE_END.search(sheet)
    return None if found is None else found.group(1)


def choice_of(cell: Cell) -> tuple[str, str | None]:
    """ "MATT ROSENDALE\\nRepublican" -> ("MATT ROSENDALE", "Republican")."""
    return _choice_text(str(cell))


@lru_cache(maxsize=4096)  # a statewide contest's header is the same in all 56 workbooks
def _choice_text(cell: str) -> tuple[str, str | None]:
    name, _, party = cell.partition("\n")
    if side(text(party)) is not None:  # a question's "BONDS\nYES": the side, not a party
        return text(f"{name} {party}"), None
    return text(name), text(party) or None


def read(name: str, tables: list[Table], fmt: str) -> FileTallies:
    result = FileTallies(name, fmt, whole=fmt == DISTRICT_WORKBOOK)
    result.counties_named = fmt == DISTRICT_WORKBOOK
    for table in tables:
        found = header_row(table.rows)
        if found is None:
            continue
        at, _ = found
        if result.banner_title is None:  # the first sheet's banner speaks for the file
            result.banner_says([text(r[0]) for r in table.rows[:at] if r])
        if result.election is None:
            banner = [text(r[0]) for r in table.rows[:at] if r and election_in(text(r[0]))]
            if banner:
                result.said(election_in(banner[0]), f'the banner says "{banner[0]}"')
        key = _read_sheet(result, table, at)
        # each sheet's banner counts its own precincts: a sheet still counting is partial
        why, total = _banner_facts(tuple(r[0] for r in table.rows[:at] if r))
        if why is not None:
            result.partial[key] = why
        if fmt == COUNTY_WORKBOOK:
            if total is not None:
                result.banner_precincts[key] = total
            result.precincts[key] = tuple(
                label
                for r in table.rows[at + 1 :]
                if len(r) > 1
                and (label := r[1].strip() if type(r[1]) is str else text(r[1]))
                and not _is_totals(label)
            )
    result.said(election_in_name(name), f'the file is named "{name}"')
    return result


@lru_cache(maxsize=256)  # every sheet of a download has the same banner
def _banner_facts(cells: tuple[Cell, ...]) -> tuple[str | None, int | None]:
    """A sheet's banner: why its reading is partial (or None), and how many precincts it
    counts (or None)."""
    lines = [text(c) for c in cells]
    why = next((w for line in lines if (w := partial_in(line))), None)
    counted = next((c for line in lines if (c := precinct_counts(line))), None)
    return why, None if counted is None else counted[1]


def _read_sheet(result: FileTallies, table: Table, at: int) -> str:
    """Reads one contest's sheet into `result`; returns the contest's key."""
    header = table.rows[at]
    title, key, sheet_party, columns = _sheet_header(table.name, tuple(header))
    if result.format == COUNTY_WORKBOOK:
        summed = _usual_sums(table.rows[at + 1 :], columns)
        if summed is not None:
            for (_, choice, party), count in zip(columns, summed, strict=True):
                result.tallies.append(Tally(key, title, choice, count, party, sheet_party, None))
            return key
    # a scan's hot loop (every row of every sheet): comprehensions, not statements
    labelled = [
        ((r[1].strip() if type(r[1]) is str else text(r[1])) if len(r) > 1 else "", r)
        for r in table.rows[at + 1 :]
    ]
    # TOTALS tested inline: a call per row is the loop's largest cost
    rows = [
        (label, r)
        for label, r in labelled
        if label and (label[0] not in "Tt" or label.upper() != "TOTALS")
    ]
    # the last TOTALS row, as the export puts one at the end
    totals: Row | None = next(
        (r for label, r in reversed(labelled) if label and _is_totals(label)), None
    )
    # county rows (format 2) are kept by county; precinct rows (format 1) are summed
    places: list[tuple[str | None, list[tuple[str, Row]]]] = (
        [(label, [(label, row)]) for label, row in rows]
        if result.format == DISTRICT_WORKBOOK
        else [(None, rows)]
    )
    sums = [0] * len(columns)
    for place, place_rows in places:
        labels = [label for label, _ in place_rows]
        by_column = _columns_of([row for _, row in place_rows])
        counts = [
            _column_sum(result, key, title, choice, labels, by_column(col))
            for col, choice, _ in columns
        ]
        sums = [a + b for a, b in zip(sums, counts, strict=True)]
        for (_, choice, party), count in zip(columns, counts, strict=True):
            result.tallies.append(Tally(key, title, choice, count, party, sheet_party, place))
    if totals is not None:
        for j, (col, choice, _) in enumerate(columns):
            cell = totals[col] if col < len(totals) else None
            said = int(cell) if type(cell) is float and cell.is_integer() else whole_votes(cell)
            if said != sums[j]:
                result.problem(
                    key,
                    title,
                    f"the TOTALS row says {text(cell) or 'nothing'} for {choice}; its rows add up "
                    f"to {sums[j]:,}",
                )
    if not columns:
        result.problem(key, title, "the sheet names no candidates or choices")
    return key


@lru_cache(maxsize=4096)  # a statewide contest's sheet is alike in all 56 workbooks
def _sheet_header(
    sheet: str, header: tuple[Cell, ...]
) -> tuple[str, str, str | None, tuple[tuple[int, str, str | None], ...]]:
    """The contest's title, its key (code, or normalized title; a primary's party after it),
    the party a primary's sheet name gives, and the header's choices by column."""
    title = text(header[0])
    key = _code(sheet) or normalized(title)
    sheet_party = sheet_party_of(sheet)
    if sheet_party is not None:
        key = f"{key}{sheet_party}"  # each party's nomination is its own contest
    columns = tuple(
        (col, *choice_of(header[col])) for col in range(2, len(header)) if not blank(header[col])
    )
    return title, key, sheet_party, columns


def _usual_sums(
    body: Sequence[Row], columns: tuple[tuple[int, str, str | None], ...]
) -> list[int] | None:
    """Each choice's votes in the usual county sheet, or None for any other: rows of one
    length, each labelled, TOTALS last and agreeing, every vote a whole float (143.0). Read
    column by column at C speed: a scan's hot loop is every sheet of 56 workbooks. Where
    this says None, the rows are read one by one, and anything odd is reported there."""
    if (
        not columns
        or len(body) < 2
        or len(set(map(len, body))) > 1
        or len(body[0]) <= columns[-1][0]  # rows short of the header's last choice
        or body[-1][1] != "TOTALS"
    ):
        return None
    # the rows are one length (above): zip need not check it again
    by_column = list(zip(*body[:-1], strict=False))
    labels = cast("tuple[str, ...]", by_column[1])
    picked = [cast("tuple[float, ...]", by_column[col]) for col, _, _ in columns]
    cells = list(chain.from_iterable(picked))
    try:
        # str.strip and float.is_integer refuse any other type (TypeError): one pass each
        # checks the type and the value, with no per-cell Python
        if (
            not all(map(str.strip, labels))  # a blank label
            or "TOTALS" in "\n".join(labels).upper()  # a second TOTALS row
            or not all(map(float.is_integer, cells))
            or min(cells) < 0
        ):
            return None
    except TypeError:
        return None
    sums = [int(sum(column)) for column in picked]
    said = [body[-1][col] for col, _, _ in columns]
    # a TOTALS of floats that agree (True == 1 in Python: a bool is no count)
    return sums if all(type(x) is float for x in said) and said == sums else None


def _is_totals(label: str) -> bool:
    return label[0] in "Tt" and label.upper() == "TOTALS"


def _columns_of(rows: list[Row]) -> Callable[[int], Sequence[Cell]]:
    """Column `col` of `rows`: transposed at C speed when the rows are all one length."""
    if rows and len(set(map(len, rows))) == 1:
        transposed = list(zip(*rows, strict=True))
        return lambda col: transposed[col] if col < len(transposed) else ()
    return lambda col: [row[col] if col < len(row) else None for row in rows]


def _column_sum(
    result: FileTallies,
    key: str,
    title: str,
    choice: str,
    labels: list[str],
    values: Sequence[Cell],
) -> int:
    """One choice's votes over the rows; a cell that is not a whole number is reported."""
    # The usual column, all whole floats (143.0), is summed at C speed: a scan's hot loop.
    if values and set(map(type, values)) == {float}:
        floats: Sequence[float] = values  # type: ignore[assignment]
        if min(floats) >= 0 and max(floats) <= MAX_VOTES and all(map(float.is_integer, floats)):
            return int(sum(floats))
    total = 0
    for label, cell in zip(labels, values, strict=False):
        votes = 0 if blank(cell) else whole_votes(cell)
        if votes is None:
            result.problem(
                key, title, f'{label}: "{text(cell)}" for {choice} is not a whole number of votes'
            )
        else:
            total += votes
    return total

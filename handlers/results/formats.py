"""Which of the six formats a file is, from its content, and its reader."""

from __future__ import annotations

from typing import Final

from handlers.results import (
    openelections,
    plain_table,
    precinct_file,
    sos_workbooks,
    totalvote,
    totalvote_page,
)
from handlers.results.budgets import OverBudget, check_contests, check_rows
from handlers.results.tables import (
    MAX_BYTES,
    NotResults,
    ResultsFileError,
    over_the_limit,
    read_tables,
)
from handlers.results.tallies import FileTallies, election_day_in_name, election_in_name

EXPECTED: Final = (
    "expected a Secretary of State results workbook (county, district or precinct-by-precinct), "
    "an OpenElections CSV (county, office, candidate, votes), a results service's MapData "
    'JSON (TotalVote: {"d": [...]}) or a table with contest, choice and votes columns'
)


def read_file(name: str, data: bytes) -> FileTallies:
    """One file's tallies. Raises ResultsFileError with one line naming the file and why."""
    try:
        found = _read_file(name, data)
        check_contests(found.tallies)
        return found
    except OverBudget as over:  # a reader's budget (budgets.py): the file's name before it
        raise ResultsFileError(f"{name}: {over}") from None


def _read_file(name: str, data: bytes) -> FileTallies:
    # JSON is told by its first character, before any table is tried: the service's
    # responses are not tables (and csv would read one as a single odd cell)
    if totalvote.looks_like_json(data):
        if len(data) > MAX_BYTES:
            raise ResultsFileError(over_the_limit(name, len(data)))
        try:
            return totalvote.read(name, data)
        except totalvote.NotMapData as other:
            raise NotResults(name, f"{name}: not a results file ({other}); {EXPECTED}") from None
    if totalvote_page.looks_like_page(data):
        raise NotResults(
            name,
            f"{name}: a results page of the Secretary of State's site, not its data: give the "
            "race's service response (ResultsAjax.svc/GetMapData, JSON) or the site's export",
        )
    tables = read_tables(name, data)
    check_rows(sum(len(t.rows) for t in tables))
    if not any(any(str(c).strip() for c in row) for t in tables for row in t.rows):
        raise NotResults(name, f"{name}: the file holds no rows")
    sos = sos_workbooks.detect(tables)
    if sos is not None:
        return sos_workbooks.read(name, tables, sos)
    if precinct_file.detect(tables):
        return precinct_file.read(name, tables)
    if openelections.detect(tables):
        found = openelections.read(name, tables)
        # OpenElections names its files YYYYMMDD__mt__general__precinct.csv (scan.md).
        found.said(election_in_name(name), f'the file is named "{name}"')
        found.election_day = election_day_in_name(name)  # for the papers' heading only
        return found
    if plain_table.detect(tables):
        return plain_table.read(name, tables)
    raise NotResults(name, f"{name}: not a results file; {EXPECTED}")

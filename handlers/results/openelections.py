"""Format 4: OpenElections CSV, county- or precinct-level.

    county,[precinct,]office,district,party,candidate,votes  (columns found by name)

Rows whose county is a total label are totals, never a county; they are not added in. The
title is the office, with the district appended unless the office already names it.
"""

from __future__ import annotations

import re
from typing import Final

from domain.titles import is_precinct_office, recount_of
from handlers.results.tables import Cell, Row, Table, text
from handlers.results.tallies import FileTallies, Tally, normalized, whole_votes

OPENELECTIONS: Final = "openelections-csv"
_NEEDED: Final = ("county", "office", "candidate", "votes")
_TOTALS: Final = frozenset({"total", "totals", "grand total", "county total", "state total"})


def _columns(table: Table) -> dict[str, int] | None:
    if not table.rows:
        return None
    names = {text(c).lower(): j for j, c in enumerate(table.rows[0])}
    return names if all(c in names for c in _NEEDED) else None


def detect(tables: list[Table]) -> str | None:
    return OPENELECTIONS if len(tables) == 1 and _columns(tables[0]) else None


# An office that already names its district by number ("STATE REPRESENTATIVE DISTRICT 51").
_NAMES_A_DISTRICT: Final = re.compile(r"\bDIST(?:RICT|\.)?\s*#?\s*\d", re.IGNORECASE)


def title_of(office: str, district: str) -> str:
    """`State House` + `72` -> "State House 72"; `STATE SENATOR DISTRICT 49` stays.

    A recount's marker is read on the office as written, before any district is appended
    (scan.md): "STATE REPRESENTATIVE DISTRICT 51 - RECOUNT" with district "NT" (2014) stays as
    written, and a district its office does not name goes on the office recounted, never
    after the marker, so the result still names the contest it recounted."""
    recounted = recount_of(office)
    if recounted is None:
        return _with_district(office, district)
    if _NAMES_A_DISTRICT.search(recounted):
        return office  # its district is in its words: the column adds nothing to them
    return office.replace(recounted, _with_district(recounted, district), 1)


def _with_district(office: str, district: str) -> str:
    if not district or re.search(rf"\b{re.escape(district)}\b", office):
        return office
    return f"{office} {district}"


def read(name: str, tables: list[Table]) -> FileTallies:
    result = FileTallies(name, OPENELECTIONS, counties_named=True)
    table = tables[0]
    col = _columns(table)
    assert col is not None
    sums: dict[tuple[str, str, str | None, str, str], int] = {}
    precinct_at = col.get("precinct")

    def cell(row: Row, name: str) -> str:
        at = col.get(name)
        return text(row[at]) if at is not None and at < len(row) else ""

    places: set[tuple[Cell, Cell]] = set()
    for row in table.rows[1:]:
        county = cell(row, "county")
        if not county or county.lower() in _TOTALS:
            continue  # a blank line, or a total: never a county
        if precinct_at is not None:
            places.add((county, cell(row, "precinct")))
        title = title_of(cell(row, "office"), cell(row, "district"))
        votes = whole_votes(row[col["votes"]]) if col["votes"] < len(row) else None
        if votes is None:
            result.problem(
                normalized(title),
                title,
                f'{county}: "{cell(row, "votes")}" is not a whole number of votes',
            )
            continue
        where = (
            cell(row, "precinct") if precinct_at is not None and is_precinct_office(title) else None
        )
        group = (title, cell(row, "party"), where, county, cell(row, "candidate"))
        sums[group] = sums.get(group, 0) + votes
    result.list_precincts(places)
    for (title, party, where, county, candidate), count in sums.items():
        result.tallies.append(
            Tally(
                normalized(title),
                title,
                candidate,
                count,
                party=party or None,
                county=county,
                precinct=where,
            )
        )
    return result

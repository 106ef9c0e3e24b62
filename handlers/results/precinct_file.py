"""Format 3: the statewide precinct-by-precinct workbook, one flat sheet.

    CountyName, PrecinctName, RaceName, PartyCode, Votes, NameOnBallot[, HouseDistrict, ...]

RaceName is cut at 50 characters and repeats across counties, so a race's identity is its
name with its party (in a primary) and, for one-county kinds, its county (decided later).
"""

from __future__ import annotations

from typing import Final

from domain.titles import is_precinct_office
from handlers.results.tables import Cell, Table, padded, text
from handlers.results.tallies import (
    FileTallies,
    Tally,
    election_in,
    election_in_name,
    normalized,
    whole_votes,
)

PRECINCT_FILE: Final = "sos-precinct-by-precinct"
COLUMNS: Final = ("countyname", "precinctname", "racename", "partycode", "votes", "nameonballot")


def header_of(table: Table) -> tuple[int, dict[str, int]] | None:
    for i, row in enumerate(table.rows[:20]):
        names = {text(c).lower(): j for j, c in enumerate(row)}
        if all(c in names for c in COLUMNS):
            return i, names
    return None


def detect(tables: list[Table]) -> str | None:
    return PRECINCT_FILE if any(header_of(t) for t in tables) else None


def file_facts(name: str, table: Table, at: int) -> FileTallies:
    """What the file says of itself (its banner, the election), its tallies not yet read;
    the kit reads the same (handlers.results.precincts). `at`: where its header is."""
    result = FileTallies(name, PRECINCT_FILE, whole=True, counties_named=True)
    result.banner_says([text(c) for r in table.rows[:at] for c in r])
    banner = [text(c) for r in table.rows[:at] for c in r if election_in(text(c))]
    if banner:
        result.said(election_in(banner[0]), f'the banner says "{banner[0]}"')
    result.said(election_in(table.name), f'the sheet is named "{table.name}"')
    result.said(election_in_name(name), f'the file is named "{name}"')
    return result


def read(name: str, tables: list[Table]) -> FileTallies:
    table = next(t for t in tables if header_of(t))
    found = header_of(table)
    assert found is not None
    at, col = found
    result = file_facts(name, table, at)
    county_at, precinct_at, race_at, party_at, votes_at, choice_at = (col[c] for c in COLUMNS)
    sums: dict[tuple[str, str, str, str | None, str], int] = {}
    precinct_office: dict[str, bool] = {}
    width = max(county_at, precinct_at, race_at, party_at, votes_at, choice_at) + 1
    places: set[tuple[Cell, Cell]] = set()
    for cells in table.rows[at + 1 :]:
        row = padded(cells, width)  # a CSV's blank or cut line: its missing cells are empty
        places.add((row[county_at], row[precinct_at]))
        title = text(row[race_at])
        if not title:
            continue
        votes = whole_votes(row[votes_at])
        if votes is None:
            place = f"{text(row[county_at])} {text(row[precinct_at])}".strip()
            said = text(row[votes_at])
            result.problem(
                normalized(title),
                title,
                f"{place}, {text(row[choice_at]) or 'a choice not named'}: "
                + (f'"{said}" is not a whole number of votes' if said else "no votes given"),
            )
            continue
        if title not in precinct_office:
            precinct_office[title] = is_precinct_office(title)
        where = text(row[precinct_at]) if precinct_office[title] else None
        group = (title, text(row[party_at]), text(row[county_at]), where, text(row[choice_at]))
        sums[group] = sums.get(group, 0) + votes
    for (title, party, county_name, where, choice_name), count in sums.items():
        result.tallies.append(
            Tally(
                normalized(title),
                title,
                choice_name,
                count,
                party=party or None,
                county=county_name,
                precinct=where,
            )
        )
    result.list_precincts(places)
    if result.partial_why is not None:  # the banner counts fewer precincts than the total
        result.partial.update(dict.fromkeys({t.key for t in result.tallies}, result.partial_why))
    return result

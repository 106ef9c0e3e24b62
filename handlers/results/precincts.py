"""One contest precinct by precinct, for the recount board's kit (issue 25): the rows the
scan sums, kept apart. County workbooks (a sheet per contest, a row per precinct), the
statewide precinct-by-precinct files and the results service's precinct responses (TotalVote,
category=PREC) hold them; a district workbook, or a county response, has counties instead."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Final

from domain.plain_text import plain_text, visible
from handlers.results import precinct_file, sos_workbooks, totalvote
from handlers.results.budgets import OverBudget, check_kit
from handlers.results.reading import ISOLATED, Reader, unexpected
from handlers.results.tables import ResultsFileError, Table, padded, read_tables, text
from handlers.results.tallies import normalized, whole_votes

# The formats whose files hold a contest precinct by precinct: the kit reads them.
PRECINCT_FORMATS: Final = (
    sos_workbooks.COUNTY_WORKBOOK,
    precinct_file.PRECINCT_FILE,
    totalvote.TOTALVOTE_PRECINCT,
)
KIT_NEEDS: Final = (
    "the kit needs a county results workbook, a precinct-by-precinct file or a results "
    "service's precinct response (category=PREC)"
)


@dataclass
class PrecinctRows:
    """A contest's canvass votes, precinct by precinct."""

    title: str
    choices: list[str] = field(default_factory=list)
    rows: list[tuple[str, list[int]]] = field(default_factory=list)  # precinct, votes by choice

    @property
    def totals(self) -> list[int]:
        return [sum(votes[i] for _, votes in self.rows) for i in range(len(self.choices))]


def _matches(title: str, wanted: str) -> bool:
    return normalized(title) == wanted or normalized(title).startswith(wanted)


def precinct_rows(
    files: Sequence[tuple[str, bytes]], contest: str, reader: Reader = ISOLATED
) -> PrecinctRows:
    """The contest whose title is `contest` (case and spaces aside; a unique prefix is
    enough), precinct by precinct, from every file that holds it. Raises ResultsFileError
    with one line saying why not. Each file is read by `reader`, in a child process unless a
    test says otherwise (reading.py)."""
    wanted = normalized(contest)
    found: list[PrecinctRows] = []
    responses: list[totalvote.ServiceTallies] = []
    for name, data in files:
        try:  # a budget met in a file (budgets.py) is said with the file's name before it
            _read_one(name, data, wanted, reader, found, responses)
        except OverBudget as over:
            raise ResultsFileError(f"{name}: {over}") from None
        except ResultsFileError:
            raise
        except Exception as bug:  # the tables read, ours to lay out: a fault of ours, plainly
            raise unexpected(name, bug) from None
    titles = sorted({p.title for p in found})
    if not titles:
        raise ResultsFileError(f'no contest titled "{contest}" in the files')
    _certifiable(responses, wanted)
    if len(titles) > 1:
        raise ResultsFileError(
            f'"{contest}" matches {len(titles)} contests: {"; ".join(titles[:6])}'
        )
    merged = PrecinctRows(titles[0])
    for part in found:
        for choice in part.choices:
            if choice not in merged.choices:
                merged.choices.append(choice)
    for part in found:
        for place, votes in part.rows:
            by_choice = dict(zip(part.choices, votes, strict=True))
            merged.rows.append((place, [by_choice.get(c, 0) for c in merged.choices]))
    _check_printable(merged)
    return merged


def _read_one(
    name: str,
    data: bytes,
    wanted: str,
    reader: Reader,
    found: list[PrecinctRows],
    responses: list[totalvote.ServiceTallies],
) -> None:
    if totalvote.looks_like_json(data):
        rows, response = reader(partial(_response_rows, wanted=wanted), name, data)
        found += rows
        responses.append(response)
        return
    tables = reader(read_tables, name, data)
    kind = sos_workbooks.detect(tables)
    if kind == sos_workbooks.DISTRICT_WORKBOOK:
        raise ResultsFileError(
            f"{name}: a district or statewide workbook has a row per county, not per "
            "precinct: the kit needs the county workbooks or the precinct-by-precinct file"
        )
    if kind == sos_workbooks.COUNTY_WORKBOOK:
        found += _from_workbook(tables, wanted)
    elif precinct_file.detect(tables):
        found += _from_precinct_file(tables, wanted)
    else:
        raise ResultsFileError(f"{name}: {KIT_NEEDS}")


def _check_printable(rows: PrecinctRows) -> None:
    """The kit prints what every other surface would: past a budget, or a name that a typed
    check refuses (domain.plain_text: hidden characters, Slack markup, over 100 characters),
    it says so in one line instead of printing it."""
    shown = visible(rows.title)[:80]
    try:
        check_kit(shown, len(rows.rows), len(rows.choices))
        for choice in rows.choices:
            plain_text(choice, "candidate name")
        for place, _votes in rows.rows:
            plain_text(place, "precinct name")
    except (OverBudget, ValueError) as refused:
        raise ResultsFileError(f'the kit for "{shown}" cannot be made: {refused}') from None


def _from_workbook(tables: list[Table], wanted: str) -> list[PrecinctRows]:
    out = []
    for table in tables:
        header = sos_workbooks.header_row(table.rows)
        if header is None:
            continue
        at, _ = header
        head = table.rows[at]
        title = text(head[0])
        if not _matches(title, wanted):
            continue
        columns = [
            (col, sos_workbooks.choice_of(head[col]))
            for col in range(2, len(head))
            if text(head[col])
        ]
        rows = PrecinctRows(title, [name for _, (name, _party) in columns])
        for row in table.rows[at + 1 :]:
            label = text(row[1]) if len(row) > 1 else ""
            if not label or label.upper() == "TOTALS":
                continue
            votes = [whole_votes(row[col]) if col < len(row) else 0 for col, _ in columns]
            rows.rows.append((label, [v or 0 for v in votes]))
        out.append(rows)
    return out


def _from_precinct_file(tables: list[Table], wanted: str) -> list[PrecinctRows]:
    table = next(t for t in tables if precinct_file.header_of(t))
    found = precinct_file.header_of(table)
    assert found is not None
    at, col = found
    by_place: dict[str, dict[str, int]] = {}
    choices: list[str] = []
    title = ""
    width = max(col[c] for c in precinct_file.COLUMNS) + 1
    for cells in table.rows[at + 1 :]:
        row = padded(cells, width)  # a CSV's blank or cut line: its missing cells are empty
        race = text(row[col["racename"]])
        if not race or not _matches(race, wanted):
            continue
        title = race
        votes = whole_votes(row[col["votes"]])
        if votes is None:
            continue  # not a count: the scan reports it (precinct_file.read), neither adds it
        place = f"{text(row[col['countyname']])} — {text(row[col['precinctname']])}"
        party = text(row[col["partycode"]])
        # in a primary each party's nomination is its own: the party stays with the name
        choice = text(row[col["nameonballot"]]) + (f" ({party})" if party else "")
        if choice not in choices:
            choices.append(choice)
        counts = by_place.setdefault(place, {})
        counts[choice] = counts.get(choice, 0) + votes
    if not title:
        return []
    rows = PrecinctRows(title, choices)
    rows.rows = [(place, [c.get(x, 0) for x in choices]) for place, c in by_place.items()]
    return [rows]


def _certifiable(responses: list[totalvote.ServiceTallies], wanted: str) -> None:
    """The certificate's canvass column is a board's sworn starting point: it is never
    filled from another state's results, nor from responses that do not hold every precinct
    of the race (an excerpt, precincts still reporting). Raises ResultsFileError saying so."""
    if not responses:
        return
    totalvote.settle_coverage(responses)
    for response in responses:
        if response.service != totalvote.MONTANA_SERVICE:
            raise ResultsFileError(
                f"{response.name}: {response.banner_title or 'not Montana results'}: the kit's "
                "certificate is a Montana county recount board's, filled only from Montana's "
                "results"
            )
        keys = {t.key for t in response.tallies if _matches(t.title, wanted)}
        for key in sorted(keys & set(response.partial)):
            raise ResultsFileError(
                f"{response.name}: {response.partial[key]}: the certificate would list the "
                "canvass votes of part of the race; give every precinct's records (after the "
                "canvass, the county's precinct-by-precinct export is the canvass itself)"
            )


def _response_rows(
    name: str, data: bytes, *, wanted: str
) -> tuple[list[PrecinctRows], totalvote.ServiceTallies]:
    """A response's precinct rows of the contest, and the response read (in one child)."""
    return _from_totalvote(name, data, wanted), totalvote.read(name, data)


def _from_totalvote(name: str, data: bytes, wanted: str) -> list[PrecinctRows]:
    """A MapData response's races by precinct (its records are one precinct x choice)."""
    try:
        records = totalvote.records_of(name, data)
    except totalvote.NotMapData as other:
        raise ResultsFileError(f"{name}: {other}; {KIT_NEEDS}") from None
    totalvote.check_records(name, records)
    races: dict[str, tuple[str, dict[str, dict[str, int]], list[str]]] = {}
    for r in records:
        title = text(r["RaceName"]) if isinstance(r["RaceName"], str) else ""
        if not title or not _matches(title, wanted):
            continue
        precinct = _field(r, "PrecinctName")
        if precinct.casefold() in ("", "countywide") and not _field(r, "StatePrecinctID"):
            raise ResultsFileError(
                f"{name}: a county response (category=CTY) has a row per county, not per "
                f"precinct: {KIT_NEEDS}"
            )
        votes = totalvote.votes_of(r["calcCandidateVotes"])
        if votes is None:
            continue  # not a count: the scan reports it (totalvote.read), neither adds it
        party = _field(r, "PartyCode")
        # in a primary each party's nomination is its own: the party stays with the name
        choice = _field(r, "calcCandidate") + (f" ({party})" if party else "")
        _, by_place, choices = races.setdefault(_field(r, "RaceID"), (title, {}, []))
        if choice not in choices:
            choices.append(choice)
        place = f"{_field(r, 'CountyName')} — {precinct}"
        counts = by_place.setdefault(place, {})
        counts[choice] = counts.get(choice, 0) + votes
    out = []
    for title, by_place, choices in races.values():
        rows = PrecinctRows(title, choices)
        rows.rows = [(place, [c.get(x, 0) for x in choices]) for place, c in by_place.items()]
        out.append(rows)
    return out


def _field(record: dict[str, Any], name: str) -> str:
    return totalvote.field_text(record.get(name))

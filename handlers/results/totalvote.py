"""Format 6: the TotalVote results service's MapData JSON (scan.md), the data behind the
Secretary of State's results pages (`ResultsAjax.svc/GetMapData` and its archive).

    {"d": [{"__type": "MapData:#MontanaWebServices", "RaceID": ..., "RaceName": ...,
            "VoteFor": 1, "CountyID": "44", "CountyName": ..., "PrecinctName": ...,
            "StatePrecinctID": ..., "calcCandidate": "Sheryl  Johnson ", "PartyCode": "DEM",
            "calcCandidateVotes": 109, "IsReported": true, "PrecinctsReporting": 691,
            "PrecinctsPartial": 0, "TotalPrecincts": 691, ...}, ...]}

One record per precinct (category=PREC) or county (category=CTY) x choice. What the records
do not say is not assumed:
- always unofficial: the service keeps no certification flag (its totals differ from the
  canvass), so the file is marked unofficial whatever it holds;
- partial when a record is not reported, or fewer precincts report fully than the total, or
  any partially: then no verdict (scan.md, "A partial reading decides nothing");
- whole only where proved: precinct records whole when every choice has a record in exactly
  the race's TotalPrecincts precincts across the files given (an excerpt, or one county's
  records of a statewide race, is not); county records only for Montana's service with all
  56 counties (the file never says how many counties vote on a district race);
- the election (primary or general) is not in the records: the file's name, or asked;
- another state's service (its `__type`) is read, and said plainly.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import repeat
from operator import itemgetter
from typing import Any, Final, NamedTuple

from domain.citations import MONTANA_COUNTIES
from domain.titles import is_precinct_office
from handlers.results.tables import ResultsFileError, Unreadable, text
from handlers.results.tallies import (
    FileTallies,
    Tally,
    election_in_name,
    whole_votes,
)

TOTALVOTE_PRECINCT: Final = "totalvote-precinct"
TOTALVOTE_COUNTY: Final = "totalvote-county"
FORMATS: Final = (TOTALVOTE_PRECINCT, TOTALVOTE_COUNTY)
MAPDATA: Final = "MapData"
MONTANA_SERVICE: Final = "MontanaWebServices"
# The services whose `__type` suffix is known (fixtures README): the state each serves.
SERVICES: Final = {MONTANA_SERVICE: "Montana", "SDENRwebservice": "South Dakota"}
# What a record must carry to be read: the race, the choice and its votes.
NEEDED: Final = ("RaceID", "RaceName", "calcCandidate", "calcCandidateVotes")
_NEEDED_KEYS: Final = frozenset(NEEDED)
UNOFFICIAL_WHY: Final = (
    "a results service's always are: it keeps no certification flag, and its totals may "
    "differ from the certified canvass"
)
_BOM: Final = b"\xef\xbb\xbf"
_COUNTYWIDE: Final = frozenset({"", "countywide"})  # a county record's precinct, if any


class NotMapData(Exception):
    """JSON that is not a MapData response (a turnout response, any other JSON): the message
    says what it is; formats.read_file adds what was expected."""


@dataclass
class ServiceTallies(FileTallies):
    """A MapData response read: its tallies, and what proves (or not) that a race is whole
    once every file is read (`settle_coverage`)."""

    service: str | None = None  # the `__type` suffix: "MontanaWebServices"
    total_precincts: dict[str, int] = field(default_factory=dict)  # race key -> TotalPrecincts
    # every record's (race, choice, party, county id, precinct id, precinct): which places
    # each choice of a race has a record for (a county record's precinct is empty)
    records: set[tuple[str, str, str, str, str, str]] = field(default_factory=set)
    county_rows: set[str] = field(default_factory=set)  # race keys read from county records


def looks_like_json(data: bytes) -> bool:
    """A JSON object by its first character (a results table never opens with "{")."""
    start = data[:64].removeprefix(_BOM).lstrip()
    return start.startswith(b"{")


def records_of(name: str, data: bytes) -> list[Any]:
    """The records of a MapData response, as parsed (check_records checks each). Raises
    Unreadable for JSON cut off or damaged (a download still being written: a watch tries
    again), NotMapData for other JSON."""
    try:
        body = json.loads(data)
    except (ValueError, RecursionError):  # JSONDecodeError, bad UTF-8, a 5,000-digit number
        raise Unreadable(
            name, f"{name}: not readable JSON: it may be cut off or damaged; download it again"
        ) from None
    records = body.get("d") if isinstance(body, dict) else None
    if not isinstance(records, list):
        raise NotMapData('JSON without the results service\'s {"d": [...]} records')
    if not records:
        raise NotMapData("the service's response holds no records")
    first = records[0]
    kind = first.get("__type") if isinstance(first, dict) else None
    if isinstance(kind, str) and not kind.startswith(MAPDATA + ":"):
        said = text(kind)  # the file's own words on one line: a clerk is shown them
        what, _, service = said.partition(":#")
        whose = f" of {_service_words(service)}" if service else " of a results service"
        raise NotMapData(f"a {what or said} response{whose}, not MapData")
    return records


def check_records(name: str, records: list[Any]) -> None:
    """Each record an object with a race, a race name, a candidate and votes. Raises
    ResultsFileError naming the first that is not. (The usual response is checked by
    reading it: usual_columns finds every field or gives way to checked_rows.)"""
    for number, record in enumerate(records, start=1):
        if type(record) is not dict or not record.keys() >= _NEEDED_KEYS:
            missing = (
                "is not a record"
                if not isinstance(record, dict)
                else "has no " + ", ".join(k for k in NEEDED if k not in record)
            )
            raise ResultsFileError(
                f"{name}: record {number:,} of the MapData response {missing}: the response is "
                "not as the service writes it"
            )


def _service_words(service: str) -> str:
    state = SERVICES.get(service)
    return f"{state}'s service" if state else f'the service "{service}"'


def _count(value: object) -> int | None:
    """A precinct count or a seat count: a JSON whole number (never a bool)."""
    return value if type(value) is int and value >= 0 else None


def field_text(value: object) -> str:
    """A text field: collapsed (calcCandidate has stray spaces); a number as its digits."""
    if isinstance(value, str):
        return text(value)
    if type(value) is int:
        return str(value)
    return ""


def votes_of(value: object) -> int | None:
    """A record's calcCandidateVotes as a whole number of votes, or None (whole_votes: never a
    bool, a negative or a fraction; "1,204" as text is read as the other readers read it)."""
    if type(value) is int and value >= 0:  # the usual record: no call
        return value
    return whole_votes(value if isinstance(value, (int, str, float)) else None)


# The fields of a record, in the order a Row holds them once read.
FIELDS: Final = (
    "RaceID",
    "RaceName",
    "calcCandidate",
    "PartyCode",
    "CountyName",
    "CountyID",
    "StatePrecinctID",
    "PrecinctName",
    "calcCandidateVotes",
    "PrecinctsReporting",
    "PrecinctsPartial",
    "TotalPrecincts",
    "VoteFor",
    "IsReported",
    "__type",
)
_ALL_FIELDS: Final = itemgetter(*FIELDS)
_TEXT_AT: Final = (1, 2, 3, 4, 5, 6, 7)  # RaceName .. PrecinctName: collapsed text
_COUNT_AT: Final = (8, 9, 10, 11, 12)  # the votes, the precinct counts, VoteFor


class Row(NamedTuple):
    """One record, read: its text collapsed, its counts whole (or None where not)."""

    key: str  # RaceID as text
    title: str
    choice: str
    party: str
    county: str  # CountyName, else CountyID
    county_id: str
    precinct_id: str
    precinct: str
    votes: int
    fully: int | None  # PrecinctsReporting
    partly: int | None  # PrecinctsPartial
    total: int | None  # TotalPrecincts
    vote_for: int | None
    reported: bool
    type: str | None  # __type


def read(name: str, data: bytes) -> ServiceTallies:
    """One MapData response's tallies. Raises ResultsFileError (one line) or NotMapData."""
    records = records_of(name, data)
    result = ServiceTallies(
        name,
        TOTALVOTE_PRECINCT,
        whole=True,  # per race, where proved (settle_coverage): the rest go in `shares`
        counties_named=True,
        unofficial=True,
        unofficial_why=UNOFFICIAL_WHY,
        seats_elected=True,  # VoteFor is how many are elected: a primary's rule still applies
    )
    columns = usual_columns(records)
    if columns is None:
        rows = checked_rows(name, records, result)
        columns = [list(c) for c in zip(*rows, strict=True)] if rows else None
    if columns:
        _tally(result, columns)
    result.said(election_in_name(name), f'the file is named "{name}"')
    return result


def usual_columns(records: list[dict[str, Any]]) -> list[Sequence[Any]] | None:
    """The records as the service writes them, read column by column at C speed: every
    field there, each of its usual type, every count whole, every name given. Where this
    says None, the records are read one by one (checked_rows) and anything odd is reported
    there. Columns in Row's order. (A record at a time took 2.0-2.6x json.loads of the
    response: bench/scan.py.)"""
    try:
        columns: list[Sequence[Any]] = list(zip(*map(_ALL_FIELDS, records), strict=True))
    except (KeyError, TypeError):  # a field missing: read one by one
        return None
    if not columns:
        return None
    race = columns[0]
    kinds = set(map(type, race))
    if kinds == {int}:
        columns[0] = tuple(map(str, race))
    elif kinds != {str} or "" in race:
        return None
    for at in _TEXT_AT:
        # the types of its distinct values: text never equals a number, so none hides
        try:
            distinct = set(columns[at])
        except TypeError:  # a list or an object where text belongs: read one by one
            return None
        if not set(map(type, distinct)) <= {str, type(None)}:
            return None
        columns[at] = _clean_column(columns[at], distinct)
    if "" in columns[1] or "" in columns[2]:  # a race or a choice with no name
        return None
    for at in _COUNT_AT:
        if set(map(type, columns[at])) != {int} or min(columns[at]) < 0:
            return None
    if set(map(type, columns[13])) != {bool} or not set(map(type, columns[14])) <= {str}:
        return None
    # a county's name, else its id (the service writes both)
    columns[4] = tuple(n or i for n, i in zip(columns[4], columns[5], strict=True))
    return columns


_SEPARATOR: Final = "\x00"  # between a column's values, to search them all at once
_NOT_CLEAN: Final = ("  ", "\t", "\n", "\r", "\x0b", "\x0c", "&nbsp;", "\x00 ", " \x00")


def _clean_column(column: Sequence[str | None], distinct: set[str | None]) -> Sequence[str]:
    """A text column collapsed as `text` does, each distinct value once; a column already
    clean (ids, most names: searched at C speed, all at once) is kept as it is."""
    if None not in distinct:
        joined = _SEPARATOR.join(distinct)  # type: ignore[arg-type]
        if (
            joined.isascii()  # the only whitespace is what _NOT_CLEAN names
            and _SEPARATOR not in "".join(distinct)  # type: ignore[arg-type]
            and not joined.startswith(" ")
            and not joined.endswith(" ")
            and not any(mark in joined for mark in _NOT_CLEAN)
        ):
            return column  # type: ignore[return-value]
    cleaned = {v: "" if v is None else text(v) for v in distinct}
    return tuple(map(cleaned.__getitem__, column))


def checked_rows(name: str, records: list[dict[str, Any]], result: ServiceTallies) -> list[Row]:
    """The records one by one: a vote that is not whole goes to a person; a record with no
    race, race name or candidate stops the file."""
    check_records(name, records)
    rows = []
    for number, r in enumerate(records, start=1):
        get = r.get
        race = r["RaceID"]
        key = race if type(race) is str else str(race) if type(race) is int else ""
        title = field_text(r["RaceName"]) if isinstance(r["RaceName"], str) else ""
        choice = field_text(r["calcCandidate"]) if isinstance(r["calcCandidate"], str) else ""
        if not key or not title or not choice:
            raise ResultsFileError(
                f"{name}: record {number:,} of the MapData response has no "
                + ("race id" if not key else "race name" if not title else "candidate name")
                + ": the response is not as the service writes it"
            )
        county_id = field_text(get("CountyID"))
        county = field_text(get("CountyName")) or county_id
        precinct = field_text(get("PrecinctName"))
        votes = votes_of(r["calcCandidateVotes"])
        if votes is None:
            said = r["calcCandidateVotes"]
            shown = said if isinstance(said, str) else json.dumps(said)[:40]
            place = f"{county} {precinct}".strip() or "a record with no place"
            result.problem(
                key, title, f'{place}, {choice}: "{shown}" is not a whole number of votes'
            )
            continue
        kind = get("__type")
        rows.append(
            Row(
                key,
                title,
                choice,
                field_text(get("PartyCode")),
                county,
                county_id,
                field_text(get("StatePrecinctID")),
                precinct,
                votes,
                _count(get("PrecinctsReporting")),
                _count(get("PrecinctsPartial")),
                _count(get("TotalPrecincts")),
                _count(get("VoteFor")),
                get("IsReported") is True,
                kind if isinstance(kind, str) else None,
            )
        )
    return rows


def _tally(result: ServiceTallies, columns: list[Sequence[Any]]) -> None:
    """The records (as columns, in Row's order) as tallies: one per race, choice, county,
    and precinct for a precinct office; with what each race's records say of its seats, its
    reporting and its places. Sets and zips of whole columns: C speed, one loop in Python."""
    (
        keys,
        titles_col,
        choices,
        parties,
        counties,
        county_ids,
        precinct_ids,
        precincts,
        votes,
        fully,
        partly,
        total,
        vote_for,
        reported,
        types_col,
    ) = columns
    titles: dict[str, str] = dict(zip(keys, titles_col, strict=True))
    # the file's own words, said in its note: on one line (a few distinct values, not a column)
    types: set[str | None] = {None if t is None else text(t) for t in set(types_col)}
    services = sorted({t.partition(":#")[2] for t in types if t is not None})
    result.service = services[0] if len(services) == 1 else None
    _say_service(result, services, types)
    states: dict[str, set[tuple[int | None, int | None, int | None, int | None]]] = {}
    for key, *state in set(zip(keys, fully, partly, total, vote_for, strict=True)):
        states.setdefault(key, set()).add(tuple(state))
    unreported = (
        Counter(k for k, yes in zip(keys, reported, strict=True) if not yes)
        if False in set(reported)
        else Counter[str]()
    )
    # every record of one choice in one place, once: a record given twice is double counted
    result.records = set(
        zip(keys, choices, parties, county_ids, precinct_ids, precincts, strict=True)
    )
    if len(result.records) < len(keys):
        seen: set[tuple[str, ...]] = set()
        for at in zip(keys, choices, parties, county_ids, precinct_ids, precincts, strict=True):
            if at in seen:
                result.problem(at[0], titles[at[0]], f"{at[3]} {at[5]}: two records for {at[1]}")
            seen.add(at)
    # a county record names no precinct (or "Countywide", as the turnout records do)
    county_row = (
        {(key, False) for key in titles}
        if "" not in set(precinct_ids)
        else {
            (key, not pid and precinct.casefold() in _COUNTYWIDE)
            for key, pid, precinct in set(zip(keys, precinct_ids, precincts, strict=True))
        }
    )
    office = {key: is_precinct_office(title) for key, title in titles.items()}
    where = (
        precincts
        if any(office.values())
        else repeat(None)  # a precinct office's tallies stay per precinct; no other's
    )
    sums: dict[tuple[str, str, str, str, str | None], int] = {}
    # `where` repeats None where no race is a precinct office: zip stops with the columns
    groups = zip(keys, choices, parties, counties, where, strict=False)
    for group, n in zip(groups, votes, strict=False):
        if group[4] is not None and not office[group[0]]:
            group = (*group[:4], None)
        sums[group] = sums.get(group, 0) + n  # the one loop over every record
    seats = {key: {s[3] for s in race_states} for key, race_states in states.items()}
    for (key, choice, party, county, precinct), count in sums.items():
        said_seats = seats[key]
        result.tallies.append(
            Tally(
                key,
                titles[key],
                choice,
                count,
                choice_party=party or None,  # a general's candidate's party; a primary's
                county=county or None,
                precinct=precinct,
                seats=next(iter(said_seats)) if len(said_seats) == 1 else None,
            )
        )
    county_keys = {key for key, is_county in county_row if is_county}
    if county_keys and county_keys == set(titles):
        result.format = TOTALVOTE_COUNTY  # every race read from county records
    for key, title in titles.items():
        _race_status(result, key, title, states[key], unreported.get(key, 0))
        if (key, True) in county_row and (key, False) in county_row:
            result.problem(key, title, "its records mix county totals and precinct rows")
        if key in county_keys:
            result.county_rows.add(key)


def _say_service(result: ServiceTallies, services: list[str], types: set[str | None]) -> None:
    """The file's note on whose results these are, by the records' `__type`."""
    if services == [MONTANA_SERVICE] and len(types) == 1:
        result.banner_title = f"{SERVICES[MONTANA_SERVICE]}'s results service (TotalVote)"
        return
    if not services:
        result.banner_title = "a TotalVote results service's response"
        result.notes.append(
            "The records do not name their service (no __type): whose results they are is "
            "not said; Montana law is applied to them because you asked."
        )
        return
    named = " and ".join(f'"{MAPDATA}:#{s}"' for s in services)
    whose = " and ".join(_service_words(s) for s in services)
    state = [SERVICES.get(s) for s in services]
    result.banner_title = (
        f"{state[0]}'s results service (TotalVote)"
        if len(services) == 1 and state[0] is not None
        else f"results from {whose} (TotalVote)"
    )
    if len(services) == 1 and state[0] is not None:
        said = f"These are another state's results ({whose}, by its __type {named})"
    else:
        said = f"These results are from {whose} (by the __type {named}), not Montana's"
    result.notes.append(f"{said}: Montana law is applied to them only because you asked.")


def _race_status(
    result: ServiceTallies,
    key: str,
    title: str,
    states: set[tuple[int | None, int | None, int | None, int | None]],
    unreported: int,
) -> None:
    """A race's seats (VoteFor) and whether its reading is partial, from its records."""
    vote_for = {s[3] for s in states}
    if len(vote_for) != 1 or None in vote_for or 0 in vote_for:
        said = ", ".join(sorted(str(v) for v in vote_for if v is not None)) or "nothing"
        result.problem(key, title, f"VoteFor (how many are elected) says {said}")
    status = {s[:3] for s in states}
    if len(status) != 1 or any(None in s for s in status):
        result.partial[key] = (
            "partial: the records do not say (or do not agree) how many precincts report"
        )
        return
    ((fully, partly, total),) = status
    assert fully is not None and partly is not None and total is not None
    result.total_precincts[key] = total
    reporting = f"the service counts {fully:,} of {total:,} precincts fully reported"
    if partly:
        reporting += f", {partly:,} partially"
    result.reporting = reporting if result.reporting is None else result.reporting
    if fully < total or partly or total == 0:
        result.partial[key] = f"partial: {reporting}"
    elif unreported:
        result.partial[key] = f"partial: {unreported:,} of its records not reported"


def settle_coverage(files: Iterable[FileTallies]) -> None:
    """Whether each race the responses hold is whole, over all of them: a precinct response
    is whole where every choice has a record in each of the race's precincts (Montana's
    service is asked one county at a time: the counties' files together may be whole); a
    county response only for Montana's service naming all of its counties. A record of one
    choice in one place given in two files is refused (summing them counts it twice)."""
    services = [f for f in files if isinstance(f, ServiceTallies)]
    if not services:
        return
    # one response (the usual scan, and a watch's round): its own set, not a copy of it
    every: set[tuple[str, str, str, str, str, str]] = (
        services[0].records if len(services) == 1 else set()
    )
    for f in services if len(services) > 1 else ():
        twice = every & f.records  # at C speed: nothing shared, the usual case
        if twice:
            at = min(twice)
            other = next(g for g in services if at in g.records)
            raise ResultsFileError(
                f"{other.name} and {f.name} both hold {_title(f, at[0])}'s votes for {at[1]} "
                f"in {' '.join(p for p in (at[3], at[5]) if p)}: give each reading once"
            )
        every |= f.records
    # each (race, choice, party): how many places have a record for it, over every file
    counts = Counter(map(itemgetter(0, 1, 2), every))
    by_race: dict[str, list[int]] = {}
    for (key, _, _), n in counts.items():
        by_race.setdefault(key, []).append(n)
    counties = (
        Counter(map(itemgetter(0), set(map(itemgetter(0, 3), every))))
        if any(f.county_rows for f in services)
        else Counter[str]()
    )
    for f in services:
        for key in set(map(itemgetter(0), f.records)):
            if key in f.partial:
                continue
            if key in f.county_rows:
                if f.service != MONTANA_SERVICE or counties[key] < MONTANA_COUNTIES.value:
                    f.shares.add(key)  # a county share unless --complete (contests.settle)
                continue
            total = f.total_precincts.get(key, 0)
            held = by_race.get(key, [0])
            if min(held) != total or max(held) != total:
                fewer = f", only {min(held):,} for some choices" if min(held) < max(held) else ""
                f.partial[key] = (
                    f"a share: the records cover {max(held):,} of the race's {total:,} "
                    f"precincts{fewer}"
                    if max(held) <= total
                    else f"the records name {max(held):,} precincts, the service counts "
                    f"{total:,}: which is the race?"
                )


def _title(f: FileTallies, key: str) -> str:
    return next((t.title for t in f.tallies if t.key == key), key)

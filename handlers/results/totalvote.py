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
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final

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
    # race key -> choice -> the precincts (or counties) with a record for it
    places: dict[str, dict[str, set[str]]] = field(default_factory=dict)
    county_rows: set[str] = field(default_factory=set)  # race keys read from county records


def looks_like_json(data: bytes) -> bool:
    """A JSON object by its first character (a results table never opens with "{")."""
    start = data[:64].removeprefix(_BOM).lstrip()
    return start.startswith(b"{")


def records_of(name: str, data: bytes) -> list[dict[str, Any]]:
    """The records of a MapData response. Raises Unreadable for JSON cut off or damaged (a
    download still being written: a watch tries again), NotMapData for other JSON."""
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
        what, _, service = kind.partition(":#")
        whose = f" of {_service_words(service)}" if service else " of a results service"
        raise NotMapData(f"a {what or kind} response{whose}, not MapData")
    for number, record in enumerate(records, start=1):
        if not isinstance(record, dict) or any(k not in record for k in NEEDED):
            missing = (
                "is not a record"
                if not isinstance(record, dict)
                else "has no " + ", ".join(k for k in NEEDED if k not in record)
            )
            raise ResultsFileError(
                f"{name}: record {number:,} of the MapData response {missing}: the response is "
                "not as the service writes it"
            )
    return records


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


def read(name: str, data: bytes) -> ServiceTallies:
    """One MapData response's tallies. Raises ResultsFileError (one line) or NotMapData."""
    records = records_of(name, data)
    county_level = all(
        field_text(r.get("PrecinctName")).casefold() in _COUNTYWIDE
        and not field_text(r.get("StatePrecinctID"))
        for r in records
    )
    result = ServiceTallies(
        name,
        TOTALVOTE_COUNTY if county_level else TOTALVOTE_PRECINCT,
        whole=True,  # per race, where proved (settle_coverage): the rest go in `shares`
        counties_named=True,
        unofficial=True,
        unofficial_why=UNOFFICIAL_WHY,
        seats_elected=True,  # VoteFor is how many are elected: a primary's rule still applies
    )
    types = {r.get("__type") for r in records}
    services = sorted({t.partition(":#")[2] for t in types if isinstance(t, str)})
    result.service = services[0] if len(services) == 1 else None
    _say_service(result, services, types)
    sums: dict[tuple[str, str, str | None, str | None, str | None], int] = {}
    titles: dict[str, str] = {}
    seats: dict[str, set[int | None]] = {}
    status: dict[str, set[tuple[int | None, int | None, int | None]]] = {}
    unreported: dict[str, int] = {}
    mixed: set[str] = set()
    precinct_office: dict[str, bool] = {}
    # a scan's hot loop, one pass over every record: plain dict reads, no per-field calls
    # where the field is already the usual type
    for number, r in enumerate(records, start=1):
        race = r["RaceID"]
        key = race if type(race) is str else str(race) if type(race) is int else ""
        title = r["RaceName"]
        title = text(title) if type(title) is str else ""
        choice = r["calcCandidate"]
        choice = text(choice) if type(choice) is str else ""
        if not key or not title or not choice:
            raise ResultsFileError(
                f"{name}: record {number:,} of the MapData response has no "
                + ("race id" if not key else "race name" if not title else "candidate name")
                + ": the response is not as the service writes it"
            )
        if key not in titles:
            titles[key] = title
            seats[key] = set()
            status[key] = set()
            precinct_office[key] = is_precinct_office(title)
            result.places[key] = {}
        county = field_text(r.get("CountyName")) or field_text(r.get("CountyID")) or None
        precinct = field_text(r.get("PrecinctName"))
        precinct_id = field_text(r.get("StatePrecinctID"))
        party = field_text(r.get("PartyCode")) or None
        votes = r["calcCandidateVotes"]
        if type(votes) is not int or votes < 0:
            votes = votes_of(votes)
        place = f"{county or ''} {precinct}".strip() or "a record with no place"
        if votes is None:
            said = r["calcCandidateVotes"]
            shown = said if isinstance(said, str) else json.dumps(said)[:40]
            result.problem(
                key, title, f'{place}, {choice}: "{shown}" is not a whole number of votes'
            )
            continue
        county_row = precinct.casefold() in _COUNTYWIDE and not precinct_id
        if county_row != county_level:
            mixed.add(key)
        seats[key].add(_count(r.get("VoteFor")))
        status[key].add(
            (
                _count(r.get("PrecinctsReporting")),
                _count(r.get("PrecinctsPartial")),
                _count(r.get("TotalPrecincts")),
            )
        )
        if r.get("IsReported") is not True:
            unreported[key] = unreported.get(key, 0) + 1
        where = f"{field_text(r.get('CountyID')) or county}|{precinct_id}|{precinct}"
        held = result.places[key].setdefault(f"{choice}|{party or ''}", set())
        if where in held:
            result.problem(key, title, f"{place}: two records for {choice}")
        held.add(where)
        group = (key, choice, party, county, precinct if precinct_office[key] else None)
        sums[group] = sums.get(group, 0) + votes
    for (key, choice, party, county, office_precinct), count in sums.items():
        vote_for = seats[key]
        result.tallies.append(
            Tally(
                key,
                titles[key],
                choice,
                count,
                choice_party=party,  # a general's candidate's party; a primary's contest's
                county=county,
                precinct=office_precinct,
                seats=next(iter(vote_for)) if len(vote_for) == 1 else None,
            )
        )
    for key, title in titles.items():
        _race_status(result, key, title, seats[key], status[key], unreported.get(key, 0))
        if key in mixed:
            result.problem(key, title, "its records mix county totals and precinct rows")
        if county_level:
            result.county_rows.add(key)
    result.said(election_in_name(name), f'the file is named "{name}"')
    return result


def _say_service(result: ServiceTallies, services: list[str], types: set[object]) -> None:
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
    result.banner_title = f"{whose} (TotalVote)"
    if len(services) == 1 and state[0] is not None:
        said = f"These are another state's results ({whose}, by its __type {named})"
    else:
        said = f"These results are from {whose} (by the __type {named}), not Montana's"
    result.notes.append(f"{said}: Montana law is applied to them only because you asked.")


def _race_status(
    result: ServiceTallies,
    key: str,
    title: str,
    vote_for: set[int | None],
    status: set[tuple[int | None, int | None, int | None]],
    unreported: int,
) -> None:
    """A race's seats (VoteFor) and whether its reading is partial, from its records."""
    if len(vote_for) != 1 or None in vote_for or 0 in vote_for:
        said = ", ".join(sorted(str(v) for v in vote_for if v is not None)) or "nothing"
        result.problem(key, title, f"VoteFor (how many are elected) says {said}")
    if len(status) != 1 or any(None in s for s in status):
        result.partial[key] = "partial: the records do not agree on how many precincts report"
        return
    ((fully, partly, total),) = status
    assert fully is not None and partly is not None and total is not None
    result.total_precincts[key] = total
    reporting = f"{fully:,} of {total:,} precincts fully reported"
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
    county response only for Montana's service naming all of its counties. A precinct of one
    race given in two files is refused (summing them counts it twice)."""
    services = [f for f in files if isinstance(f, ServiceTallies)]
    held: dict[tuple[str, str], dict[str, str]] = {}  # (race, choice) -> place -> file
    for f in services:
        for key, choices in f.places.items():
            for choice, places in choices.items():
                into = held.setdefault((key, choice), {})
                for place in places:
                    other = into.setdefault(place, f.name)
                    if other != f.name:
                        title = _title(f, key)
                        raise ResultsFileError(
                            f"{other} and {f.name} both hold {title}'s votes in "
                            f"{place.split('|')[-1] or place}: give each reading once"
                        )
    for f in services:
        for key in f.places:
            if key in f.partial:
                continue
            if key in f.county_rows:
                counties = {p for (k, _), at in held.items() if k == key for p in at}
                if f.service != MONTANA_SERVICE or len(counties) < MONTANA_COUNTIES.value:
                    f.shares.add(key)  # a county share unless --complete (contests.settle)
                continue
            total = f.total_precincts.get(key, 0)
            counts = [len(at) for (k, _), at in held.items() if k == key]
            if not counts or min(counts) != total or max(counts) != total:
                f.partial[key] = (
                    f"a share: the records hold {min(counts, default=0):,} of the race's "
                    f"{total:,} precincts"
                    if max(counts, default=0) <= total
                    else f"the records name {max(counts):,} precincts, the service counts "
                    f"{total:,}: which is the race?"
                )


def _title(f: FileTallies, key: str) -> str:
    return next((t.title for t in f.tallies if t.key == key), key)

"""One contest precinct by precinct, for the recount board's kit: the rows the
scan sums, kept apart. County workbooks (a sheet per contest, a row per precinct), the
statewide precinct-by-precinct files and the results service's precinct responses (TotalVote,
category=PREC) hold them; a district workbook, or a county response, has counties instead."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Final, NamedTuple

from domain import KINDS, ContestKind
from domain.plain_text import plain_text, visible
from domain.readings import is_nonpartisan
from domain.titles import (
    county_label,
    is_judicial,
    is_precinct_office,
    is_presidential,
    is_two_sided,
    office_kind,
    question_kind,
)
from handlers.results import precinct_file, sos_workbooks, totalvote
from handlers.results.budgets import OverBudget, check_kit
from handlers.results.contests import Contest
from handlers.results.reading import ISOLATED, Reader, unexpected
from handlers.results.tables import ResultsFileError, Table, padded, read_tables, text
from handlers.results.tallies import (
    FileTallies,
    election_in,
    election_in_name,
    normalized,
    whole_votes,
)

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


class PrecinctRow(NamedTuple):
    """One precinct's canvass votes, by choice, with the county it is in (where known)."""

    county: str | None
    precinct: str
    votes: list[int]

    @property
    def place(self) -> str:
        """The precinct named with its county ("Cascade — P1"), where the county is known."""
        return f"{self.county} — {self.precinct}" if self.county else self.precinct


@dataclass
class PrecinctRows:
    """One contest's canvass votes, precinct by precinct: one party's in a primary, one
    county's for a contest of one county (one precinct's for a precinct office), as the scan
    tells contests apart (handlers.results.contests)."""

    title: str
    choices: list[str] = field(default_factory=list)
    rows: list[PrecinctRow] = field(default_factory=list)
    party: str | None = None  # a primary's party, as the file writes it
    county: str | None = None  # a contest of one county: its county
    precinct: str | None = None  # a precinct office: its precinct
    kind: ContestKind | None = None  # as its title reads (domain.titles), where it does
    election: str | None = None  # what a file's banner says: "2022 Primary Election"
    election_type: str | None = None  # "primary" or "general", where a file or a person said

    @property
    def totals(self) -> list[int]:
        return _sums(self.rows, len(self.choices))

    @property
    def counties(self) -> list[str | None]:
        """The counties of its precincts, in the files' order: one certificate each."""
        return list(dict.fromkeys(row.county for row in self.rows))

    @property
    def spans_counties(self) -> bool:
        return len(self.counties) > 1

    def of_county(self, county: str | None) -> list[PrecinctRow]:
        return [row for row in self.rows if row.county == county]

    @property
    def label(self) -> str:
        """The contest as the scan lists it: "TITLE — REP — Flathead County — P19"."""
        contest = Contest(normalized(self.title), self.title, self.party, self.county, None)
        # a contest of unknown kind is kept apart by county (as the scan keeps it): it is
        # named with its county, as a county office is
        contest.kind = self.kind or (ContestKind.COUNTY if self.county else None)
        contest.precinct = self.precinct
        return contest.label

    @property
    def party_ballots_only(self) -> bool:
        """A partisan primary's nomination: only that party's ballots are recounted."""
        return bool(self.party) and not is_nonpartisan(
            self.party, primary=True, judicial=is_judicial(self.title)
        )


def _sums(rows: Sequence[PrecinctRow], width: int) -> list[int]:
    return [sum(row.votes[i] for row in rows) for i in range(width)]


def subtotals(rows: Sequence[PrecinctRow], width: int) -> list[int]:
    """The votes of some precincts (a county's) added up, by choice."""
    return _sums(rows, width)


@dataclass(frozen=True, slots=True)
class Wanted:
    """Which contest the kit is for. Typed (the command line): `contest` is a title as the
    scan lists it or a unique prefix of one, `party` a primary's party. From a button
    (`exact`): the scan's contest itself, its title whole, its party, county and precinct."""

    contest: str
    party: str | None = None
    county: str | None = None
    precinct: str | None = None
    exact: bool = False
    election: str | None = None  # "primary" or "general" where the person or the scan said


@dataclass
class _Record:
    """What one file holds of a contest, before contests are told apart."""

    title: str
    party: str | None
    county: str | None
    precinct: str
    choice: str
    votes: int


@dataclass
class _Read:
    """A file's records of the contests that may be wanted, and what the file says."""

    name: str
    records: list[_Record] = field(default_factory=list)
    election: str | None = None  # "primary" | "general", where the file says
    banner: str | None = None


def precinct_rows(
    files: Sequence[tuple[str, bytes]], contest: str | Wanted, reader: Reader = ISOLATED
) -> PrecinctRows:
    """The contest `contest` names, precinct by precinct, from every file that holds it: one
    party's, one county's where the scan keeps counties apart. A text matching several
    contests is refused naming them. Raises ResultsFileError with one line saying why not.
    Each file is read by `reader`, in a child process unless a test says otherwise
    (reading.py)."""
    wanted = contest if isinstance(contest, Wanted) else Wanted(contest)
    words = _words(wanted.contest)
    reads: list[_Read] = []
    responses: list[totalvote.ServiceTallies] = []
    for name, data in files:
        try:  # a budget met in a file (budgets.py) is said with the file's name before it
            reads.append(_read_one(name, data, words, reader, responses))
        except OverBudget as over:
            raise ResultsFileError(f"{name}: {over}") from None
        except ResultsFileError:
            raise
        except Exception as bug:  # the tables read, ours to lay out: a fault of ours, plainly
            raise unexpected(name, bug) from None
    _montana_only(responses)
    contests = _contests(reads, wanted)
    if not contests:
        raise ResultsFileError(f'no contest titled "{visible(wanted.contest)}" in the files')
    chosen = _chosen(contests, wanted)
    _certifiable(responses, _words(chosen.title))
    _check_printable(chosen)
    return chosen


def _words(title: str) -> str:
    """A title for matching: case, spaces and the dash the scan writes ("—", or "-") aside."""
    return " ".join(normalized(title).replace("—", "-").replace("–", "-").split())


def _matches(title: str, words: str) -> bool:
    """Whether a file's title may be the one wanted: a prefix of it was typed, or the scan's
    title of it, with its party and county after the title."""
    found = _words(title)
    return found.startswith(words) or words.startswith(found)


def _contests(reads: list[_Read], wanted: Wanted) -> list[PrecinctRows]:
    """The files' contests whose title matches, told apart as the scan tells them: by party in
    a primary, by county for a contest of one county, by precinct for a precinct office."""
    found: dict[tuple[str, str | None, str | None, str | None], PrecinctRows] = {}
    for read in reads:
        primary = _primary(read, wanted)
        for r in read.records:
            kind = office_kind(r.title) or question_kind(r.title).kind
            apart = (kind is None and not is_presidential(r.title)) or (
                kind is not None and KINDS[kind].one_county
            )
            party = r.party if primary else None
            county = r.county if apart else None
            precinct = r.precinct if is_precinct_office(r.title) else None
            key = (_words(r.title), party, county, precinct)
            contest = found.get(key)
            if contest is None:
                contest = PrecinctRows(r.title, party=party, county=county, precinct=precinct)
                contest.kind, contest.election = kind, read.banner
                contest.election_type = read.election or wanted.election
                found[key] = contest
            choice = r.choice if primary or not r.party else f"{r.choice} ({r.party})"
            _add(contest, r.county, r.precinct, choice, r.votes)
    for contest in found.values():
        # a title read as a question's only where its choices are a question's (as the scan)
        if office_kind(contest.title) is None and not is_two_sided(contest.choices):
            contest.kind = None
    return list(found.values())


def _primary(read: _Read, wanted: Wanted) -> bool:
    """Whether the file's parties are nominations (a primary) or candidates' (a general):
    what the file says, else what the person or the scan said; asked where the file's
    records of the contest carry parties and nobody said."""
    election = read.election or wanted.election
    if election is None and any(r.party for r in read.records):
        raise ResultsFileError(
            f"{read.name} does not say whether it holds a primary or a general election: "
            "give --election primary or --election general"
        )
    return election == "primary"


def _add(contest: PrecinctRows, county: str | None, precinct: str, choice: str, votes: int) -> None:
    if choice not in contest.choices:
        contest.choices.append(choice)
        for row in contest.rows:
            row.votes.append(0)
    at = contest.choices.index(choice)
    for row in reversed(contest.rows):  # a precinct's choices come together in every format
        if row.county == county and row.precinct == precinct:
            row.votes[at] += votes
            return
    votes_by_choice = [0] * len(contest.choices)
    votes_by_choice[at] = votes
    contest.rows.append(PrecinctRow(county, precinct, votes_by_choice))


def _chosen(contests: list[PrecinctRows], wanted: Wanted) -> PrecinctRows:
    """The one contest wanted, or ResultsFileError naming the ones a text matches."""
    if wanted.exact:
        return _exact(contests, wanted)
    words = _words(wanted.contest)
    # the scan's title whole, else a file's title whole, else the start of the scan's title
    for same in (
        [c for c in contests if _words(c.label) == words],
        [c for c in contests if _words(c.title) == words],
        [c for c in contests if _words(c.label).startswith(words)],
    ):
        if same:
            contests = same
            break
    else:
        raise ResultsFileError(f'no contest titled "{visible(wanted.contest)}" in the files')
    if wanted.party is not None:
        party = wanted.party.strip().casefold()
        if not any(c.party for c in contests):
            raise ResultsFileError(
                f'"{visible(wanted.contest)}" has no party in the files (a general election '
                "or a nonpartisan contest): leave out --party"
            )
        contests = [c for c in contests if (c.party or "").casefold() == party]
        if not contests:
            raise ResultsFileError(
                f'no contest titled "{visible(wanted.contest)}" for the party '
                f"{visible(wanted.party)} in the files"
            )
    if len(contests) == 1:
        return contests[0]
    labels = sorted(c.label for c in contests)
    named = "; ".join(visible(label)[:100] for label in labels[:_NAMED])
    more = f"; and {len(labels) - _NAMED} more" if len(labels) > _NAMED else ""
    parties = len({c.party for c in contests}) > 1 and wanted.party is None
    raise ResultsFileError(
        f'"{visible(wanted.contest)}" matches {len(labels)} contests: {named}{more}. Give '
        f"one title as the scan lists it{' (or --party)' if parties else ''}"
    )


_NAMED: Final = 8  # contests named in a refusal: the rest are counted, the line stays a line


def _exact(contests: list[PrecinctRows], wanted: Wanted) -> PrecinctRows:
    """The scan's contest itself: its title whole, its party, county and precinct. Contests
    the kit would keep apart by county that the scan gathered into one (a district spanning
    counties) are one here too: the scan's reading decides what the contest is."""
    words = _words(wanted.contest)
    same = [
        c
        for c in contests
        if _words(c.title) == words
        and c.party == wanted.party
        and (wanted.county is None or c.county in (None, wanted.county))
        and c.precinct == wanted.precinct
    ]
    if not same:
        raise ResultsFileError(f'no contest titled "{visible(wanted.contest)}" in the files')
    merged = PrecinctRows(same[0].title, party=wanted.party, precinct=wanted.precinct)
    merged.kind, merged.election = same[0].kind, same[0].election
    merged.election_type = same[0].election_type
    merged.county = wanted.county if len(same) == 1 or wanted.county else None
    for part in same:
        for row in part.rows:
            if wanted.county is not None and row.county not in (None, wanted.county):
                continue  # the scan's contest is this county's: the others' rows are not it
            for choice, votes in zip(part.choices, row.votes, strict=True):
                _add(merged, row.county, row.precinct, choice, votes)
    return merged


def _read_one(
    name: str,
    data: bytes,
    words: str,
    reader: Reader,
    responses: list[totalvote.ServiceTallies],
) -> _Read:
    if totalvote.looks_like_json(data):
        read, response = reader(partial(_response_rows, words=words), name, data)
        responses.append(response)
        return read
    tables = reader(read_tables, name, data)
    kind = sos_workbooks.detect(tables)
    if kind == sos_workbooks.DISTRICT_WORKBOOK:
        raise ResultsFileError(
            f"{name}: a district or statewide workbook has a row per county, not per "
            "precinct: the kit needs the county workbooks or the precinct-by-precinct file"
        )
    if kind == sos_workbooks.COUNTY_WORKBOOK:
        return _from_workbook(name, tables, words)
    if precinct_file.detect(tables):
        return _from_precinct_file(name, tables, words)
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
        for row in rows.rows:
            plain_text(row.place, "precinct name")
    except (OverBudget, ValueError) as refused:
        raise ResultsFileError(f'the kit for "{shown}" cannot be made: {refused}') from None


def _said(read: _Read, facts: FileTallies) -> _Read:
    read.election, read.banner = facts.election, facts.banner_title
    return read


def _from_workbook(name: str, tables: list[Table], words: str) -> _Read:
    """A county workbook: one county's, a sheet per contest (a primary's sheet names its
    party), a row per precinct; its county is the one its titles name (contests.file_county)."""
    facts = FileTallies(name, sos_workbooks.COUNTY_WORKBOOK)
    sheets = []
    for table in tables:
        header = sos_workbooks.header_row(table.rows)
        if header is None:
            continue
        at, _ = header
        if facts.banner_title is None:
            banner = [text(r[0]) for r in table.rows[:at] if r]
            facts.banner_says(banner)
            found = [line for line in banner if election_in(line)]
            if found:
                facts.said(election_in(found[0]), "the banner")
        sheets.append((table, at, text(table.rows[at][0])))
    facts.said(election_in_name(name), "the file's name")
    named = {county_label(title)[0] for _, _, title in sheets} - {None}
    county = named.pop() if len(named) == 1 else None
    read = _said(_Read(name), facts)
    for table, at, title in sheets:
        if not _matches(title, words):
            continue
        head = table.rows[at]
        columns = [
            (col, sos_workbooks.choice_of(head[col])[0])
            for col in range(2, len(head))
            if text(head[col])
        ]
        party = sos_workbooks.sheet_party_of(table.name)
        for row in table.rows[at + 1 :]:
            label = text(row[1]) if len(row) > 1 else ""
            if not label or label.upper() == "TOTALS":
                continue
            for col, choice in columns:
                votes = whole_votes(row[col]) if col < len(row) else 0
                read.records.append(_Record(title, party, county, label, choice, votes or 0))
    return read


def _from_precinct_file(name: str, tables: list[Table], words: str) -> _Read:
    table = next(t for t in tables if precinct_file.header_of(t))
    found = precinct_file.header_of(table)
    assert found is not None
    at, col = found
    read = _said(_Read(name), precinct_file.file_facts(name, table, at))
    width = max(col[c] for c in precinct_file.COLUMNS) + 1
    for cells in table.rows[at + 1 :]:
        row = padded(cells, width)  # a CSV's blank or cut line: its missing cells are empty
        race = text(row[col["racename"]])
        if not race or not _matches(race, words):
            continue
        votes = whole_votes(row[col["votes"]])
        if votes is None:
            continue  # not a count: the scan reports it (precinct_file.read), neither adds it
        read.records.append(
            _Record(
                race,
                text(row[col["partycode"]]) or None,
                text(row[col["countyname"]]) or None,
                text(row[col["precinctname"]]),
                text(row[col["nameonballot"]]),
                votes,
            )
        )
    return read


def _montana_only(responses: list[totalvote.ServiceTallies]) -> None:
    """Another state's results are refused first, before anything is asked of them (which
    election, which party): no answer would make them a Montana board's canvass."""
    for response in responses:
        if response.service != totalvote.MONTANA_SERVICE:
            raise ResultsFileError(
                f"{response.name}: {response.banner_title or 'not Montana results'}: the kit's "
                "certificate is a Montana county recount board's, filled only from Montana's "
                "results"
            )


def _certifiable(responses: list[totalvote.ServiceTallies], words: str) -> None:
    """The certificate's canvass column is a board's sworn starting point: it is never
    filled from another state's results, nor from responses that do not hold every precinct
    of the race (an excerpt, precincts still reporting). Raises ResultsFileError saying so."""
    if not responses:
        return
    totalvote.settle_coverage(responses)
    for response in responses:
        keys = {t.key for t in response.tallies if _words(t.title) == words}
        for key in sorted(keys & set(response.partial)):
            raise ResultsFileError(
                f"{response.name}: {response.partial[key]}: the certificate would list the "
                "canvass votes of part of the race; give every precinct's records (after the "
                "canvass, the county's precinct-by-precinct export is the canvass itself)"
            )


def _response_rows(name: str, data: bytes, *, words: str) -> tuple[_Read, totalvote.ServiceTallies]:
    """A response's precinct records of the contest, and the response read (in one child)."""
    records = _from_totalvote(name, data, words)  # first: it says why a response is not one
    response = totalvote.read(name, data)
    read = _said(_Read(name), response)
    read.records = records
    return read, response


def _from_totalvote(name: str, data: bytes, words: str) -> list[_Record]:
    """A MapData response's races by precinct (its records are one precinct x choice)."""
    try:
        records = totalvote.records_of(name, data)
    except totalvote.NotMapData as other:
        raise ResultsFileError(f"{name}: {other}; {KIT_NEEDS}") from None
    totalvote.check_records(name, records)
    out = []
    for r in records:
        title = text(r["RaceName"]) if isinstance(r["RaceName"], str) else ""
        if not title or not _matches(title, words):
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
        party = _field(r, "PartyCode") or None
        county = _field(r, "CountyName") or None
        out.append(_Record(title, party, county, precinct, _field(r, "calcCandidate"), votes))
    return out


def _field(record: dict[str, Any], name: str) -> str:
    return totalvote.field_text(record.get(name))

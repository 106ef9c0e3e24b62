"""From tallies to contests: identity, kind, seats, coverage, and what a person must look at.

A contest is identified by its code (or normalized title), its party in a primary, and, for
a one-county kind read from a file that names counties, its county (precinct offices: their
precinct). Votes for the same contest are summed across rows and files. Every decision the
scan makes on its own is recorded (`kind_from`, `seats_from`, `coverage`); every doubt goes
to `attention` in plain words.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import TypeVar

from domain import KINDS, ContestKind, InputError, resolve_kind
from domain.citations import MONTANA_COUNTIES
from domain.current_law import CurrentLawNote
from domain.margin import Margin
from domain.readings import (
    BOTH_ADVANCE,
    EVERY_ADVANCES,
    NONPARTISAN_PRIMARY,
    SPANNING,
    Spanning,
    advancing,
    is_nonpartisan,
    is_statewide,
    may_be_joint_school,
    nobody_defeated,
    when_spanning,
)
from domain.titles import (
    SEVERAL_SEATS,
    Retention,
    county_label,
    is_judicial,
    is_presidential,
    is_two_sided,
    office_kind,
    question_kind,
    recount_of,
    retention,
    seats_in,
    several_counties,
    side,
)
from handlers.results.sos_workbooks import COUNTY_WORKBOOK
from handlers.results.tables import ResultsFileError
from handlers.results.tallies import FileTallies, Tally, normalized

T = TypeVar("T")
MAX_SEATS_WEIGHED = 12  # seat counts tried for a doubt: more than any Montana body elects


def reading_line(note: CurrentLawNote) -> str:
    """A reading of domain.readings as a contest's note: what it says, and how sure we are."""
    return f"{note.section}: {note.sentence}"


@dataclass(slots=True)
class Choice:
    name: str
    party: str | None
    votes: int


@dataclass(frozen=True)
class OpenDoubt:
    """A doubt the scan weighs before asking anyone (scan.md, "Ask only where the answer
    changes the verdict"): each answer it could take, to be checked one by one."""

    reason: str  # the attention line, as first written
    kinds: tuple[ContestKind, ...] = ()  # each kind the contest could be
    seats: tuple[int, ...] = ()  # each seat count it could have


@dataclass(slots=True)
class Contest:
    key: str
    title: str
    party: str | None  # a primary's party
    county: str | None
    precinct: str | None
    choices: list[Choice] = field(default_factory=list)
    files: set[str] = field(default_factory=set)
    counties: set[str] = field(default_factory=set)
    whole_sources: set[bool] = field(default_factory=set)
    kind: ContestKind | None = None
    kind_from: str | None = None
    seats: int = 1
    seats_from: str = "default"
    coverage: str = "whole"
    retention: Retention | None = None
    question: bool = False
    unopposed: bool = False
    both_advance: bool = False  # a nonpartisan primary with no more candidates than advance
    attention: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    column_kind: str | None = None
    column_seats: int | None = None
    blocked: bool = False  # a doubt that leaves no verdict (the seats doubt does not)
    recount_of: str | None = None  # a recount result: the title of the contest recounted
    # the recount result of this contest, where the files hold it: listed once with it,
    # "recounted: before -> after", with no verdict and no window (scan.md)
    recounted_by: Contest | None = None
    open_doubt: OpenDoubt | None = None  # weighed by the scan: asked only if it matters
    close_retention: bool = False  # a judge retained within 1/2 of 1%: listed, never hidden
    keyed_by_county: bool = False  # its rows name their county (formats 3-5), not its code
    complete_refused: bool = False  # --complete given, but the files hold too few counties
    from_county_workbooks: bool = False  # read from SOS county workbooks (one county each)
    unofficial: bool = False  # a file it was read from says its figures are unofficial
    partial: str | None = None  # why its reading decides nothing yet: no verdict
    partial_alone: bool = False  # nothing but the partial reading stands in its verdict's way
    share_alone: bool = False  # nothing but its county share stands in its verdict's way
    # its margin on the votes the files hold so far (a partial reading, a county share: no
    # verdict), and whether that is close: within 1/2 of 1% (domain.readings.close_on_partial),
    # listed by name so that none is missed
    margin_so_far: Margin | None = None
    close_so_far: bool = False
    seats_elected: bool = False  # column_seats is how many are elected (TotalVote's VoteFor)
    # "general" | "primary" where a file or the person said so (not a typed table's default)
    election_said: str | None = None
    election_day: date | None = None  # election day, where every file says the same one

    def doubt(self, reason: str, *, blocks: bool = True) -> None:
        if reason not in self.attention:
            self.attention.append(reason)
        self.blocked = self.blocked or blocks

    @property
    def total_votes(self) -> int:
        return sum(c.votes for c in self.choices)

    @property
    def identity(self) -> str:
        """The contest across readings (watch.md): its key, with the party, county and
        precinct that tell apart contests sharing one key."""
        # a statewide or district contest is the same contest whichever counties' files hold
        # it: its county (the first file's) is no part of what it is
        spans = self.kind is not None and not KINDS[self.kind].one_county
        county = None if spans else self.county
        return " | ".join(p or "" for p in (self.key, self.party, county, self.precinct))

    @property
    def label(self) -> str:
        """The title with what tells it apart: its party and county where they count."""
        parts = [self.title]
        if self.party:
            parts.append(self.party)
        one_county = self.kind is not None and KINDS[self.kind].one_county
        if self.county and one_county and county_label(self.title)[0] != self.county:
            parts.append(f"{self.county} County")
        if self.precinct:
            parts.append(self.precinct)
        return " — ".join(parts)

    def approve_reject(self) -> tuple[int, int]:
        """A retention vote's approve and reject (Yes/No) votes."""
        yes = sum(c.votes for c in self.choices if side(c.name) is True)
        no = sum(c.votes for c in self.choices if side(c.name) is False)
        return yes, no

    @property
    def shown_as(self) -> str:
        """The label as a report lists it: a one-county contest whose county no file names
        says so and names its file, since that county is where its petition is filed."""
        one_county = self.kind is not None and KINDS[self.kind].one_county
        if one_county and not self.county and self.files:
            return f"{self.label} — county not named in {min(self.files)}"
        return self.label


@dataclass(frozen=True, slots=True)
class Answers:
    """A person's answers for contests, by the title they match (`--kind`, `--seats`)."""

    kinds: Mapping[str, ContestKind] = field(default_factory=dict)
    seats: Mapping[str, int] = field(default_factory=dict)


def _add(contest: Contest, tally: Tally, choice_party: str | None) -> None:
    for choice in contest.choices:
        if choice.name == tally.choice and choice.party == choice_party:
            choice.votes += tally.votes
            return
    contest.choices.append(Choice(tally.choice, choice_party, tally.votes))


def _whole(file: FileTallies) -> bool:
    if file.whole:
        return True
    # An OpenElections or plain file naming every county of Montana is statewide, so whole.
    return _names_every_county(file)


def _names_every_county(file: FileTallies) -> bool:
    if not file.counties_named:
        return False
    counties = {t.county for t in file.tallies if t.county}
    return len(counties) >= MONTANA_COUNTIES.value


def file_county(file: FileTallies, labels: Mapping[str, str | None]) -> str | None:
    """The county a county workbook is from, where its titles name exactly one (the 2022
    exports put "Cascade County" before every local title); None where they do not.
    `labels`: the file's titles with the county each names (_county_labels)."""
    if file.format != COUNTY_WORKBOOK:
        return None
    named = set(labels.values()) - {None}
    return named.pop() if len(named) == 1 else None


def _precinct_list(file: FileTallies) -> frozenset[str]:
    """Every precinct a county workbook's sheets list, as the file writes them."""
    return frozenset(p for precincts in file.precincts.values() for p in precincts)


def _same_election(a: FileTallies, b: FileTallies) -> bool:
    """Both files say which election, and say the same (a day where both give one)."""
    days = {a.election_day, b.election_day} - {None}
    return a.election is not None and a.election == b.election and len(days) <= 1


def inferred_counties(files: Sequence[FileTallies]) -> dict[str, tuple[str, str]]:
    """The county of each county workbook that names none, inferred only from what another
    file of the same election says (scan.md, "A county not named"): its precinct list equal
    to the precincts a file naming every county of Montana gives one county, and to no other
    county's. By file name: (county, the file that names it). A list that two counties share,
    or two workbooks inferred to one county, leaves each to be asked."""
    sources = [f for f in files if len(f.county_precincts) >= MONTANA_COUNTIES.value]
    found: dict[str, tuple[str, str]] = {}
    if not sources:  # the usual scan: nothing to infer from, so no title is read twice
        return found
    for file in files:
        if file.format != COUNTY_WORKBOOK or file_county(file, _county_labels(file)):
            continue
        mine = _precinct_list(file)
        matches: set[tuple[str, str]] = set()
        for source in sources:
            if not mine or not _same_election(file, source):
                continue
            listed = source.county_precincts.items()
            matches |= {(county, source.name) for county, theirs in listed if theirs == mine}
        if len({county for county, _ in matches}) == 1:
            found[file.name] = min(matches)
    taken = [county for county, _ in found.values()]
    return {name: it for name, it in found.items() if taken.count(it[0]) == 1}


def _county_labels(file: FileTallies) -> dict[str, str | None]:
    """Each title of the file, with the county its label names ("Cascade County SHERIFF")."""
    return {title: county_label(title)[0] for title in {t.title for t in file.tallies}}


def county_proofs(contests: Iterable[Contest]) -> dict[str, set[str]]:
    """Each county workbook's proof of its county: the county offices (sheriff, county
    attorney, ...) in it, by contest. A county office cannot span counties, so one found in
    two workbooks is one county given twice (scan.md, "Counties proved, not counted")."""
    proofs: dict[str, set[str]] = {}
    for contest in contests:
        if contest.kind is ContestKind.COUNTY:
            for name in contest.files:
                proofs.setdefault(name, set()).add(contest.key)
    return proofs


def twice_given(files: Iterable[FileTallies], contests: Iterable[Contest]) -> str | None:
    """Why the files give one county twice (two workbooks holding the same county office),
    or None."""
    workbooks = {f.name for f in files if f.format == COUNTY_WORKBOOK}
    for contest in contests:
        holding = sorted(contest.files & workbooks)
        if contest.kind is ContestKind.COUNTY and len(holding) > 1:
            return (
                f"{holding[0]} and {holding[1]} are the same county's results (both hold "
                f'"{contest.title}", a county office): give each county once'
            )
    return None


def whole_state(files: Iterable[FileTallies], contests: Iterable[Contest]) -> bool:
    """County workbooks of one election from all 56 counties are the whole state: 56 files,
    each proving its county by a county office of its own (none shared: twice_given), so 56
    different counties, not 56 files."""
    workbooks = [f for f in files if f.format == COUNTY_WORKBOOK]
    if len(workbooks) != MONTANA_COUNTIES.value or len({f.election for f in workbooks}) != 1:
        return False
    proofs = county_proofs(contests)
    return all(proofs.get(f.name) for f in workbooks)


@dataclass(frozen=True)
class StateProof:
    """Whether 56 county workbooks that do not all prove their county by a county office are
    the whole state by their precincts (scan.md, "All 56 counties given"): `total`, the
    state's precincts they add up to, or `why` they are not proved whole."""

    total: int | None = None
    why: str | None = None


def precincts_prove(files: Iterable[FileTallies], contests: Iterable[Contest]) -> StateProof:
    """56 county workbooks of one election are 56 different counties when each statewide
    contest's precinct rows, summed over the files, equal the precincts its banners count
    ("Precincts 727 of 727") and no two files hold the same list of precincts for it."""
    workbooks = [f for f in files if f.format == COUNTY_WORKBOOK]
    if len(workbooks) != MONTANA_COUNTIES.value or len({f.election for f in workbooks}) != 1:
        return StateProof()
    statewide = [
        c
        for c in contests
        if c.kind is not None and c.from_county_workbooks and is_statewide(c.kind, c.title)
    ]
    if not statewide:
        return StateProof(why="they hold no statewide contest whose precincts could be counted")
    totals: set[int] = set()
    for contest in statewide:
        holding = [f for f in workbooks if contest.key in f.precincts]
        if len(holding) != len(workbooks):
            return StateProof(why=f'{len(holding)} of them hold "{contest.title}"')
        said = {f.banner_precincts.get(contest.key) for f in holding}
        lists = [f.precincts[contest.key] for f in holding]
        if len(said) != 1 or None in said:
            return StateProof(why=f'their banners do not agree on "{contest.title}"\'s precincts')
        (total,) = said
        assert total is not None
        rows = sum(map(len, lists))
        if rows != total:
            return StateProof(
                why=f'"{contest.title}" has {rows:,} precincts in them, not the {total:,} '
                "their banners count"
            )
        if len(set(lists)) != len(lists):
            first, again = _same_precincts(holding, contest.key)
            return StateProof(why=f"{first} and {again} hold the same precincts")
        totals.add(total)
    if len(totals) != 1:
        return StateProof(why="their statewide contests' banners count different precincts")
    return StateProof(total=totals.pop())


def _same_precincts(files: list[FileTallies], key: str) -> tuple[str, str]:
    seen: dict[tuple[str, ...], str] = {}
    for f in files:
        held = f.precincts[key]
        if held in seen:
            return seen[held], f.name
        seen[held] = f.name
    raise AssertionError("no two files hold the same precincts")


def gather(
    files: Iterable[FileTallies], election: str | None, counties: Mapping[str, str] | None = None
) -> list[Contest]:
    """The fine contests: one per key, party, county and precinct. `counties`: the county a
    file is from, as a person named it (`--county`), where the file does not say."""
    groups: dict[tuple[str, str | None, str | None, str | None], Contest] = {}
    files = list(files)
    inferred = inferred_counties(files)
    for file in files:
        primary = (election or file.election or "general") == "primary"
        whole = _whole(file)
        this_file = f"file {file.name}"  # a county workbook's county is its file
        labelled = _county_labels(file)  # title -> the county its label names
        its_county = file_county(file, labelled)
        given = (counties or {}).get(file.name)
        if given is not None and its_county is not None and given != its_county:
            raise ResultsFileError(
                f"{file.name} names {its_county} County in its titles, not {given}: check --county"
            )
        if its_county is None and given is None and file.name in inferred:
            given, source = inferred[file.name]
            file.notes.append(
                f"read as {given} County's: its precincts are the ones {source} lists for "
                f'{given} County (if not, give --county "{file.name}=NAME")'
            )
        its_county = its_county or given
        in_this_file: set[int] = set()  # contests already marked as seen in this file
        county_workbook = file.format == COUNTY_WORKBOOK
        # a scan's hot loop, every choice of every sheet: the tally unpacked, not looked up
        for (
            code,
            title,
            choice,
            votes,
            said_party,
            nominating,
            place,
            precinct,
            kind,
            seats,
        ) in file.tallies:
            party = nominating or said_party
            # in a primary the party is the contest's; in a general, the candidate's
            choice_party = None if primary else party
            if not primary:
                party = None
            county = place or labelled[title] or its_county
            key = (code, party, county, precinct)
            contest = groups.get(key)
            if contest is None:
                contest = Contest(code, title, party, county, precinct)
                groups[key] = contest
            for known in contest.choices:
                if known.name == choice and known.party == choice_party:
                    known.votes += votes
                    break
            else:
                contest.choices.append(Choice(choice, choice_party, votes))
            if place is not None:
                contest.keyed_by_county = True
                contest.counties.add(place)
            if id(contest) not in in_this_file:  # once per contest and file, not per row
                in_this_file.add(id(contest))
                if county_workbook:
                    contest.from_county_workbooks = True
                contest.unofficial = contest.unofficial or file.unofficial
                contest.files.add(file.name)
                contest.whole_sources.add(whole and code not in file.shares)
                if file.partial and contest.partial is None:
                    contest.partial = file.partial.get(code)
                if place is None:
                    contest.counties.add(its_county or this_file)
            if kind:
                contest.column_kind = kind
            if seats:
                contest.column_seats = seats
                contest.seats_elected = file.seats_elected
        for problem_key, reasons in file.problems.items():
            matching = [c for c in groups.values() if c.key == problem_key]
            if not matching:
                title = file.titles.get(problem_key, problem_key)
                stray = Contest(problem_key, title, None, None, None)
                stray.files.add(file.name)
                groups[(problem_key, "problem", file.name, None)] = stray
                matching = [stray]
            for contest in matching:
                for reason in reasons:
                    contest.doubt(f"{file.name}: {reason}")
    return list(groups.values())


def _classify(contest: Contest, answers: Answers) -> None:
    names = [c.name for c in contest.choices]
    answer = match_answer(contest.title, answers.kinds)
    contest.recount_of = recount_of(contest.title)
    title = contest.recount_of or contest.title  # a recount result is of the office recounted
    contest.retention = retention(title)
    contest.question = is_two_sided(names)
    if answer is not None:
        contest.kind, contest.kind_from = answer, "answer"
    elif contest.column_kind is not None:
        try:
            contest.kind, contest.kind_from = resolve_kind(contest.column_kind), "column"
        except InputError:
            contest.doubt(f'the kind column says "{contest.column_kind}", not a kind')
    elif contest.retention is not None and contest.question:
        contest.kind, contest.kind_from = contest.retention.kind, "title"
    elif contest.question:
        reading = question_kind(title)
        if reading.doubt is not None:
            contest.doubt(reading.doubt)
            contest.open_doubt = OpenDoubt(reading.doubt, kinds=reading.could_be)
        else:
            contest.kind, contest.kind_from = reading.kind, "title"
    elif is_presidential(title):
        contest.doubt(
            "presidential electors are not named in 13-16-201: ask the Secretary of State"
        )
    else:
        found = office_kind(title)
        if found is not None:
            contest.kind, contest.kind_from = found, "title"
    # One candidate and no retention: nobody is defeated, so the kind changes nothing
    # (issue 34: unopposed council wards were asked theirs)
    unopposed = len(names) == 1 and contest.retention is None
    if (
        contest.kind is None
        and not is_presidential(title)
        and not contest.attention
        and not unopposed
    ):
        which = f'which kind of contest is this? give --kind "{contest.title}=KIND"'
        contest.doubt(which)
        # an office of one county ((1), a 10-vote floor) or of several ((2), none)
        contest.open_doubt = OpenDoubt(which, kinds=(ContestKind.COUNTY, ContestKind.STATE))


def match_answer(title: str, answers: Mapping[str, T]) -> T | None:
    """The answer whose title matches (whitespace and case aside); a unique prefix is enough."""
    if not answers:
        return None  # the usual scan: nobody has answered anything
    wanted = " ".join(title.split()).casefold()
    for given, value in answers.items():
        if wanted == given or wanted.startswith(given):
            return value
    return None


def merge(contests: list[Contest], answers: Answers) -> list[Contest]:
    """Contests of a multi-county kind gathered across counties; one-county kinds kept apart."""
    # A county-keyed file holds a statewide race once per county: each such contest reads
    # alike (its title, choices and kind column are all _classify reads), so it is
    # classified once and the others take its reading (the doubts it added, too).
    readings: dict[tuple[object, ...], tuple[Contest, list[str]]] = {}
    for contest in contests:
        same = (
            contest.key,
            contest.title,
            contest.column_kind,
            tuple(c.name for c in contest.choices),
            bool(contest.attention),  # _classify asks the kind only of a contest with none
        )
        found = readings.get(same)
        if found is None:
            before = len(contest.attention)
            _classify(contest, answers)
            readings[same] = (contest, contest.attention[before:])
            continue
        first, doubts = found
        contest.recount_of, contest.retention = first.recount_of, first.retention
        contest.question, contest.kind, contest.kind_from = (
            first.question,
            first.kind,
            first.kind_from,
        )
        contest.open_doubt = first.open_doubt
        for reason in doubts:
            contest.doubt(reason)  # each of _classify's doubts blocks the verdict
    merged: dict[tuple[object, ...], Contest] = {}
    for contest in contests:
        one_county = contest.kind is not None and KINDS[contest.kind].one_county
        # An unknown kind stays apart by county (it may be a county's own office); the
        # presidential race is statewide whatever else is unknown about it.
        unknown = contest.kind is None and not is_presidential(contest.title)
        # An SOS contest code names one contest wherever it is found: a district's code in two
        # counties' workbooks is one district spanning them (settle makes it the wider kind).
        coded = contest.key.isdigit() and not contest.keyed_by_county
        place = (contest.county, contest.precinct) if (one_county or unknown) and not coded else ()
        key = (contest.key, contest.party, contest.kind, *place)
        into = merged.get(key)
        if into is None:
            merged[key] = contest
            continue
        for choice in contest.choices:
            _add(into, _as_tally(choice), choice.party)
        into.files |= contest.files
        into.counties |= contest.counties
        into.whole_sources |= contest.whole_sources
        into.from_county_workbooks |= contest.from_county_workbooks
        into.unofficial |= contest.unofficial
        into.partial = into.partial or contest.partial
        for reason in contest.attention:
            into.doubt(reason, blocks=contest.blocked)
    return list(merged.values())


def link_recounts(contests: Iterable[Contest]) -> None:
    """Each contest whose recount result the files hold, linked to that result: the chance
    was used, not missed, so it gets no verdict of its own (scan.md, "A contest whose recount
    is in the files"). A result is of the contest of its title without the marker, in the
    same party, precinct and (for a one-county kind) county."""
    contests = list(contests)
    if not any(c.recount_of is not None for c in contests):
        return  # the usual scan: no recount in the files
    originals: dict[tuple[object, ...], Contest] = {}
    for contest in contests:
        if contest.recount_of is None:
            originals.setdefault(_recount_key(contest, contest.title), contest)
    for result in contests:
        if result.recount_of is not None:
            original = originals.get(_recount_key(result, result.recount_of))
            if original is not None and original.recounted_by is None:
                original.recounted_by = result
                original.notes.insert(0, recounted_line(original, result))


def recounted_line(before: Contest, after: Contest) -> str:
    """ "recounted: before -> after", choice by choice (scan.md): the figures the recount
    changed, and those it kept."""
    if after.total_votes == 0 < before.total_votes:
        # the 2016 primary file names recounts whose every row says 0: never a recount's
        # result (it would take every vote away), so the figures are not said to be one
        shown = "; ".join(f"{c.name} {c.votes:,}" for c in before.choices)
        return (
            f"recounted, but the file gives the recount no votes (its result is not here): {shown}"
        )
    was = {(c.name, c.party): c.votes for c in before.choices}
    now = {(c.name, c.party): c.votes for c in after.choices}
    names = [*was, *(k for k in now if k not in was)]
    shown = "; ".join(
        f"{name} {_count(was.get((name, party)))} -> {_count(now.get((name, party)))}"
        for name, party in names
    )
    return f"recounted: {shown}"


def _count(votes: int | None) -> str:
    return "—" if votes is None else f"{votes:,}"


def _recount_key(contest: Contest, title: str) -> tuple[object, ...]:
    one_county = contest.kind is not None and KINDS[contest.kind].one_county
    county = contest.county if one_county else None
    return (normalized(title), contest.party, county, contest.precinct)


def in_several_counties(contests: Iterable[Contest]) -> list[list[Contest]]:
    """Questions and district offices whose title a county-keyed file (a precinct file,
    OpenElections, a typed table) shows in two or more counties: one district spanning them
    ((5) or (2)), or a separate contest in each ((3) or (1))? The files cannot tell."""
    groups: dict[tuple[object, ...], list[Contest]] = {}
    for c in contests:
        if (
            c.kind in SPANNING
            and c.kind_from != "answer"
            and c.keyed_by_county
            and c.county is not None
        ):
            groups.setdefault((c.key, c.party, c.kind, c.precinct), []).append(c)
    return [g for g in groups.values() if len({c.county for c in g}) > 1]


def joined(group: list[Contest]) -> Contest:
    """A group of one title's contests in several counties, as one district's contest."""
    first = group[0]
    assert first.kind is not None
    together = Contest(first.key, first.title, first.party, None, first.precinct)
    for c in group:
        for choice in c.choices:
            _add(together, _as_tally(choice), choice.party)
        together.files |= c.files
        together.counties |= c.counties
        together.partial = together.partial or c.partial
    together.kind, together.kind_from = SPANNING[first.kind], "answer"
    together.question, together.seats, together.seats_from = (
        first.question,
        first.seats,
        first.seats_from,
    )
    return together


def _as_tally(choice: Choice) -> Tally:
    return Tally("", "", choice.name, choice.votes)


def settle(
    contest: Contest,
    answers: Answers,
    election: str | None,
    complete: bool,
    proved_whole: bool = False,
) -> None:
    """Spanning, coverage, seats and the unopposed rule, each recorded."""
    kind = contest.kind
    if kind is not None and KINDS[kind].one_county and len(contest.counties) > 1:
        reading = when_spanning(kind)
        if reading is Spanning.WIDER:
            wider = SPANNING[kind]
            contest.notes.append(
                f"voted on in {len(contest.counties)} counties, so {KINDS[wider].a_label}"
            )
            contest.kind = kind = wider
        elif reading is Spanning.JOINT_SCHOOL:
            _joint_school(contest, kind, f"voted on in {len(contest.counties)} counties")
        else:
            contest.doubt(
                f"{KINDS[kind].a_label} in {len(contest.counties)} files: which kind is it?"
            )
    if kind is not None and not KINDS[kind].one_county:
        if contest.whole_sources == {True, False}:
            contest.doubt(
                "given both in a whole-district file and in county files: scan them apart, "
                "or its votes are counted twice"
            )
        elif contest.whole_sources == {False}:
            # --complete cannot make one county's share a statewide total: the files visibly
            # hold fewer counties than voted (watch.md: "--complete refused")
            refused = (
                complete
                and not proved_whole
                and is_statewide(kind, contest.title)
                and contest.from_county_workbooks
                and len(contest.counties) < MONTANA_COUNTIES.value
            )
            contest.complete_refused = refused
            contest.coverage = "whole" if complete and not refused else "county share"
            if not complete or refused:
                # Not a person's work: no one in a county can answer it (scan.md, Coverage).
                # No verdict; the report counts these in one line.
                contest.notes.append(_share_doubt(kind, contest.title, len(contest.counties)))
                contest.share_alone = not contest.blocked
                contest.blocked = True
    named = several_counties(contest.title)
    if named is not None and kind is not None and contest.kind_from != "answer":
        if may_be_joint_school(kind) and len(contest.counties) == 1:
            _joint_school(contest, kind, f"of a district in {named}")
        elif KINDS[kind].one_county and len(contest.counties) == 1:
            spanning = SPANNING[ContestKind.QUESTION if contest.question else ContestKind.DISTRICT]
            contest.doubt(
                f"its title names several counties ({named}) but it reads as "
                f"{KINDS[kind].a_label} of one county: if these are one county's votes, add "
                f"the counties' votes up; if they are the whole district's, give --kind "
                f'"{contest.title}={spanning.value}" and --complete'
            )
    if contest.partial is not None:
        # scan.md, "A partial reading decides nothing": the margin is shown, labelled; no
        # verdict, and --complete cannot make it whole (the records say it is not)
        contest.coverage = "partial"
        contest.notes.insert(0, f"{contest.partial}: no verdict until the reading is whole")
        contest.partial_alone = not contest.blocked
        contest.blocked = True
    _seats(contest, answers, election)
    contest.unopposed = len(contest.choices) == 1 and contest.retention is None


def _share_doubt(kind: ContestKind, title: str, counties: int) -> str:
    """Say what is known: a statewide contest seen in some counties; a district contest whose
    total may span counties (the 11th judicial district is Flathead County alone)."""
    given = "1 county" if counties == 1 else f"{counties} counties"
    if is_statewide(kind, title):
        what = f"a statewide contest given here for {given}"
        share = "that county's share" if counties == 1 else "those counties' share"
    elif counties == 1:
        what = "a district contest: its total may span counties, and one county's file is given"
        share = "that county's share"
    else:
        what = f"a district contest given here for {given}: its total may span more"
        share = "those counties' share"
    return (
        f"{what}; the margin is {share}, so no verdict unless --complete says the files hold "
        "every county that voted on it"
    )


def _joint_school(contest: Contest, kind: ContestKind, where: str) -> None:
    """A school election spanning counties: neither the 1987 (1)/(3) nor the (5) figures are
    sure for it, and today's school subsection was not seen (domain.current_law)."""
    contest.doubt(
        f"{KINDS[kind].a_label} {where}: a joint school district's recount is not checked "
        "here (today's code has its own school subsection); ask the school election filing "
        "officer"
    )


def _seats(contest: Contest, answers: Answers, election: str | None) -> None:
    answer = match_answer(contest.title, answers.seats)
    if answer is not None:
        contest.seats, contest.seats_from = answer, "answer"
        return
    if contest.column_seats is not None and not contest.seats_elected:
        contest.seats, contest.seats_from = contest.column_seats, "column"
        return
    from_title = seats_in(contest.title)
    if contest.column_seats is not None:
        # the file's own count of those elected (VoteFor): a nonpartisan primary still
        # advances twice as many, as for a title's VOTE FOR 2
        contest.seats, contest.seats_from = contest.column_seats, "file"
    elif from_title is not None:
        contest.seats, contest.seats_from = from_title, "title"
    primary = election == "primary"
    nonpartisan = is_nonpartisan(contest.party, primary, is_judicial(contest.title))
    if primary and nonpartisan and not contest.question:
        advance = advancing(contest.seats)
        contest.seats, contest.seats_from = advance, "primary rule"
        contest.notes.append(reading_line(NONPARTISAN_PRIMARY))
        if nobody_defeated(len(contest.choices), advance):
            contest.both_advance = True  # nobody is defeated: no verdict, nothing to look at
            contest.notes.insert(0, BOTH_ADVANCE if len(contest.choices) == 2 else EVERY_ADVANCES)
    elif (
        contest.seats_from == "default"
        and len(contest.choices) > 2
        and SEVERAL_SEATS.search(contest.title)
        and not contest.question
    ):
        asked = f'how many seats? give --seats "{contest.title}=N"'
        contest.doubt(asked, blocks=False)
        seats = tuple(range(1, min(len(contest.choices), MAX_SEATS_WEIGHED + 1)))
        contest.open_doubt = OpenDoubt(asked, seats=seats)

"""From tallies to contests: identity, kind, seats, coverage, and what a person must look at.

A contest is identified by its code (or normalized title), its party in a primary, and, for
a one-county kind read from a file that names counties, its county (precinct offices: their
precinct). Votes for the same contest are summed across rows and files. Every decision the
scan makes on its own is recorded (`kind_from`, `seats_from`, `coverage`); every doubt goes
to `attention` in plain words.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final, TypeVar

from domain import KINDS, ContestKind, InputError, Subsection, resolve_kind
from handlers.results.tallies import FileTallies, Tally
from handlers.results.titles import (
    PRESIDENTIAL,
    SEVERAL_COUNTIES,
    SEVERAL_SEATS,
    Retention,
    is_two_sided,
    office_kind,
    question_kind,
    retention,
    seats_in,
)

T = TypeVar("T")
MONTANA_COUNTY_COUNT: Final = 56
_ONE_COUNTY: Final = (Subsection.ONE_COUNTY_OFFICE, Subsection.LOCAL_QUESTION)
_SPANNING: Final = {
    ContestKind.DISTRICT: ContestKind.MULTICOUNTY_DISTRICT,
    ContestKind.QUESTION: ContestKind.MULTICOUNTY_QUESTION,
}
_NONPARTISAN: Final = frozenset({"np", "non", "nonpartisan", "non-partisan"})


@dataclass
class Choice:
    name: str
    party: str | None
    votes: int


@dataclass
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
    attention: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    column_kind: str | None = None
    column_seats: int | None = None
    blocked: bool = False  # a doubt that leaves no verdict (the seats doubt does not)

    def doubt(self, reason: str, *, blocks: bool = True) -> None:
        if reason not in self.attention:
            self.attention.append(reason)
        self.blocked = self.blocked or blocks

    @property
    def total_votes(self) -> int:
        return sum(c.votes for c in self.choices)

    @property
    def label(self) -> str:
        """The title with what tells it apart: its party and county where they count."""
        parts = [self.title]
        if self.party:
            parts.append(self.party)
        if self.county and self.kind is not None and KINDS[self.kind].subsection in _ONE_COUNTY:
            parts.append(self.county)
        if self.precinct:
            parts.append(self.precinct)
        return " — ".join(parts)


@dataclass(frozen=True, slots=True)
class Answers:
    """A person's answers for contests, by the title they match (`--kind`, `--seats`)."""

    kinds: Mapping[str, ContestKind] = field(default_factory=dict)
    seats: Mapping[str, int] = field(default_factory=dict)


def _party(tally: Tally, primary: bool) -> tuple[str | None, str | None]:
    """(the contest's party, the choice's party): in a primary the party is the contest's."""
    party = tally.party or tally.choice_party
    if primary:
        return party, None
    return None, party


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
    counties = {t.county for t in file.tallies if t.county}
    return file.counties_named and len(counties) >= MONTANA_COUNTY_COUNT


def gather(files: Iterable[FileTallies], election: str | None) -> list[Contest]:
    """The fine contests: one per key, party, county and precinct."""
    groups: dict[tuple[str, str | None, str | None, str | None], Contest] = {}
    for file in files:
        primary = (election or file.election or "general") == "primary"
        whole = _whole(file)
        this_file = f"file {file.name}"  # a county workbook's county is its file
        for tally in file.tallies:
            party, choice_party = _party(tally, primary)
            key = (tally.key, party, tally.county, tally.precinct)
            contest = groups.get(key)
            if contest is None:
                contest = Contest(tally.key, tally.title, party, tally.county, tally.precinct)
                groups[key] = contest
            _add(contest, tally, choice_party)
            contest.files.add(file.name)
            contest.counties.add(tally.county or this_file)
            contest.whole_sources.add(whole)
            if tally.kind:
                contest.column_kind = tally.kind
            if tally.seats:
                contest.column_seats = tally.seats
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
    contest.retention = retention(contest.title)
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
        contest.kind, contest.kind_from = question_kind(contest.title), "title"
    elif PRESIDENTIAL.search(contest.title):
        contest.doubt(
            "presidential electors are not named in 13-16-201: ask the Secretary of State"
        )
    else:
        found = office_kind(contest.title)
        if found is not None:
            contest.kind, contest.kind_from = found, "title"
    if contest.kind is None and not PRESIDENTIAL.search(contest.title):
        contest.doubt(f'which kind of contest is this? give --kind "{contest.title}=KIND"')


def match_answer(title: str, answers: Mapping[str, T]) -> T | None:
    """The answer whose title matches (whitespace and case aside); a unique prefix is enough."""
    wanted = " ".join(title.split()).casefold()
    for given, value in answers.items():
        if wanted == given or wanted.startswith(given):
            return value
    return None


def merge(contests: list[Contest], answers: Answers) -> list[Contest]:
    """Contests of a multi-county kind gathered across counties; one-county kinds kept apart."""
    for contest in contests:
        _classify(contest, answers)
    merged: dict[tuple[object, ...], Contest] = {}
    for contest in contests:
        one_county = contest.kind is not None and KINDS[contest.kind].subsection in _ONE_COUNTY
        # An unknown kind stays apart by county (it may be a county's own office); the
        # presidential race is statewide whatever else is unknown about it.
        unknown = contest.kind is None and not PRESIDENTIAL.search(contest.title)
        place = (contest.county, contest.precinct) if one_county or unknown else ()
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
        for reason in contest.attention:
            into.doubt(reason, blocks=contest.blocked)
    return list(merged.values())


def _as_tally(choice: Choice) -> Tally:
    return Tally("", "", choice.name, choice.votes)


def settle(contest: Contest, answers: Answers, election: str | None, complete: bool) -> None:
    """Spanning, coverage, seats and the unopposed rule, each recorded."""
    kind = contest.kind
    if kind is not None and KINDS[kind].subsection in _ONE_COUNTY and len(contest.counties) > 1:
        wider = _SPANNING.get(kind)
        if wider is not None:
            contest.notes.append(
                f"voted on in {len(contest.counties)} counties, so {KINDS[wider].a_label}"
            )
            contest.kind = kind = wider
        elif KINDS[kind].school:
            _joint_school(contest, kind, f"voted on in {len(contest.counties)} counties")
        else:
            contest.doubt(
                f"{KINDS[kind].a_label} in {len(contest.counties)} files: which kind is it?"
            )
    if kind is not None and KINDS[kind].subsection not in _ONE_COUNTY:
        if contest.whole_sources == {True, False}:
            contest.doubt(
                "given both in a whole-district file and in county files: scan them apart, "
                "or its votes are counted twice"
            )
        elif contest.whole_sources == {False}:
            contest.coverage = "whole" if complete else "county share"
            if not complete:
                n = len(contest.counties)
                share = "that county's" if n == 1 else "those counties'"
                contest.doubt(
                    f"a multi-county contest given here for {n} count{'y' if n == 1 else 'ies'}: "
                    f"the margin is {share} share, so no verdict unless --complete says the "
                    "files hold every county that voted on it"
                )
    named = SEVERAL_COUNTIES.search(contest.title)
    if named is not None and kind is not None and contest.kind_from != "answer":
        if KINDS[kind].school and len(contest.counties) == 1:
            _joint_school(contest, kind, f"of a district in {named.group(0)}")
        elif KINDS[kind].subsection in _ONE_COUNTY and len(contest.counties) == 1:
            spanning = _SPANNING[ContestKind.QUESTION if contest.question else ContestKind.DISTRICT]
            contest.doubt(
                f"its title names several counties ({named.group(0)}) but it reads as "
                f"{KINDS[kind].a_label} of one county: if these are one county's votes, add "
                f"the counties' votes up; if they are the whole district's, give --kind "
                f'"{contest.title}={spanning.value}" and --complete'
            )
    _seats(contest, answers, election)
    contest.unopposed = len(contest.choices) == 1 and contest.retention is None


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
    if contest.column_seats is not None:
        contest.seats, contest.seats_from = contest.column_seats, "column"
        return
    from_title = seats_in(contest.title)
    if from_title is not None:
        contest.seats, contest.seats_from = from_title, "title"
    primary = election == "primary"
    nonpartisan = (contest.party or "").strip().lower() in _NONPARTISAN or (
        primary and contest.kind in (ContestKind.DISTRICT_JUDGE,) and not contest.party
    )
    if primary and nonpartisan and not contest.question:
        contest.seats *= 2  # a nonpartisan primary advances two per seat
        contest.seats_from = "primary rule"
        contest.notes.append("nonpartisan primary: the two highest per seat advance")
    elif (
        contest.seats_from == "default"
        and len(contest.choices) > 2
        and SEVERAL_SEATS.search(contest.title)
        and not contest.question
    ):
        contest.doubt(f'how many seats? assumed 1; give --seats "{contest.title}=N"', blocks=False)

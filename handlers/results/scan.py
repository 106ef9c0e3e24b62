"""The canvass scan: files in, every contest with its verdict (or the reason it has none).

A verdict here is `domain.check` on the inputs the contest gives, exactly what `recount check`
answers for the same inputs. The scan reads, groups, classifies and ranks; it never decides.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from time import monotonic
from typing import Any, Final

from domain import (
    KINDS,
    ContestKind,
    Family,
    InputError,
    Outcome,
    Verdict,
    build_check,
    check,
    resolve_kind,
)
from domain.montana import montana_county
from domain.plain_text import plain_text
from domain.readings import (
    RETAINED,
    RETENTION,
    SPANNING,
    RetentionResult,
    close_on_partial,
    close_retention,
    retention_as_race,
    retention_result,
    tied_retention,
)
from handlers.results import collector
from handlers.results.archives import unpack
from handlers.results.budgets import MAX_SCAN_SECONDS, scan_too_long
from handlers.results.contests import (
    Answers,
    Contest,
    OpenDoubt,
    StateProof,
    gather,
    in_several_counties,
    joined,
    link_recounts,
    merge,
    precincts_prove,
    reading_line,
    settle,
    twice_given,
    whole_state,
)
from handlers.results.formats import read_file
from handlers.results.plain_table import PLAIN_TABLE
from handlers.results.reading import ISOLATED, Reader, read_ahead
from handlers.results.tables import (
    ElectionContradicted,
    ElectionNotSaid,
    NotResults,
    ResultsFileError,
)
from handlers.results.tallies import FileTallies, normalized
from handlers.results.totalvote import settle_coverage
from handlers.syntax.scan_words import scan_words


@dataclass(frozen=True)
class ScanOptions:
    today: date
    canvass: date | None = None
    state_canvass: date | None = None  # (2), (4), (5) count from it where given
    # "general" | "primary" | "special" (handlers.syntax.scan_words.ELECTION_TYPES); else what
    # the files say, and never against what a file says
    election: str | None = None
    complete: bool = False
    answers: Answers = field(default_factory=Answers)
    # `--county "FILE=NAME"`: the county a file is from, where the file does not say
    counties: Mapping[str, str] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        """What a watch keeps of these options (JSON; the day of each round is its own):
        dates as ISO text, answers as "TITLE=VALUE". `from_json` reads it back."""
        return {
            "canvass": None if self.canvass is None else self.canvass.isoformat(),
            "state_canvass": (
                None if self.state_canvass is None else self.state_canvass.isoformat()
            ),
            "election": self.election,
            "complete": self.complete,
            "kinds": [f"{k}={v.value}" for k, v in self.answers.kinds.items()],
            "seats": [f"{k}={v}" for k, v in self.answers.seats.items()],
            "counties": [f"{k}={v}" for k, v in self.counties.items()],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], today: date) -> ScanOptions:
        """The options `as_json` wrote, for a scan on `today`."""

        def day(key: str) -> date | None:
            value = data.get(key)
            return None if value is None else date.fromisoformat(str(value))

        return cls(
            today=today,
            canvass=day("canvass"),
            state_canvass=day("state_canvass"),
            election=data.get("election"),
            complete=bool(data.get("complete")),
            answers=answers_from(data.get("kinds", []), data.get("seats", [])),
            counties=counties_from(data.get("counties", [])),
        )


@dataclass(slots=True)
class ScannedContest:
    contest: Contest
    verdict: Verdict | None

    @property
    def outcome(self) -> Outcome | None:
        return None if self.verdict is None else self.verdict.outcome


@dataclass
class Scan:
    options: ScanOptions
    files: list[FileTallies]
    contests: list[ScannedContest]
    election: str | None
    whole_state: bool = False  # county workbooks of all 56 counties
    election_from: str = ""  # where the election was said: 'the banner says "..."'
    skipped: list[str] = field(default_factory=list)  # files of a folder that hold no results
    # 56 county workbooks proved the whole state by their precincts, or why they are not
    state_proof: StateProof = field(default_factory=StateProof)

    def summary(self) -> dict[str, int]:
        outcomes = [c.outcome for c in self.contests]
        return {
            "contests": len(self.contests),
            "with_verdict": sum(o is not None for o in outcomes),
            "recount_available": outcomes.count(Outcome.AVAILABLE),
            "ties": outcomes.count(Outcome.TIE),
            "bond_band": outcomes.count(Outcome.BOND),
            "petition_short": outcomes.count(Outcome.PETITION_SHORT),
            "deadline_passed": outcomes.count(Outcome.DEADLINE_PASSED),
            "attention": sum(bool(c.contest.attention) for c in self.contests),
        }


def _canvass_fields(contest: Contest, options: ScanOptions) -> dict[str, object]:
    """The canvass dates a check of this contest takes: the county canvass always, and the
    state canvass for (2), (4) and (5), which count from it (domain.official_canvass). Without
    the state canvass their verdicts have no day to act, never one from the county's."""
    assert contest.kind is not None
    fields: dict[str, object] = {"canvass": options.canvass}
    if KINDS[contest.kind].counts_from_state_canvass:
        fields["state_canvass"] = options.state_canvass
    return fields


def _about_fields(contest: Contest) -> dict[str, object]:
    """What the files say the contest is about, for its papers (domain.about): its title, the
    county of a one-county contest, the election where said, a primary's party. Only what
    the files say; a title too long or unfit for a label is left off, not shortened."""
    assert contest.kind is not None
    info = KINDS[contest.kind]
    fields: dict[str, object] = {
        "election_type": contest.election_said,
        "election": contest.election_day,
    }
    # else the papers leave the office's line blank, for the clerk to write
    office = contest.title if contest.precinct is None else f"{contest.title}, {contest.precinct}"
    with contextlib.suppress(ValueError):
        fields["race"] = plain_text(office, "race label")
    if info.one_county and contest.county is not None:
        fields["county_name"] = montana_county(contest.county)
    if info.family is Family.CANDIDATE_RACE and contest.retention is None:
        fields["party"] = contest.party
    return fields


def _inputs(contest: Contest, options: ScanOptions) -> dict[str, object] | None:
    """The fields of a check for this contest, or None when there is nothing to check."""
    fields = {**_canvass_fields(contest, options), **_about_fields(contest)}
    if contest.retention is not None:
        contest.notes.append(reading_line(RETENTION))
    if contest.question or contest.retention is not None:
        yes, no = contest.approve_reject()
        if contest.retention is None:
            return {**fields, "votes_for": yes, "votes_against": no}
        result = retention_result(yes, no)
        if result is RetentionResult.RETAINED:
            contest.notes.append(RETAINED)
            contest.close_retention = close_retention(yes, no)
            return None
        if result is RetentionResult.TIED:
            assert contest.kind is not None  # _canvass_fields needed it already
            contest.doubt(tied_retention(KINDS[contest.kind]))
            return None
        judge = contest.retention.judge
        race = list(retention_as_race(judge, yes, no))
        return {**fields, "candidates": race, "candidate": judge}
    names = [c.name for c in contest.choices]
    candidates = [(c.name, c.votes) for c in contest.choices]
    if len({n.casefold() for n in names}) < len(names):
        # one name twice: told apart by party where the file gives one, else asked
        candidates = [
            (f"{c.name} ({c.party})" if names.count(c.name) > 1 and c.party else c.name, c.votes)
            for c in contest.choices
        ]
        if len({n.casefold() for n, _ in candidates}) < len(names):
            contest.doubt("the same name stands twice: which votes are whose?")
            return None
    if contest.seats_from != "default":  # a default is not an input: "Read as" shows inputs
        fields["seats"] = contest.seats
    return {**fields, "candidates": candidates}


def _verdict(contest: Contest, options: ScanOptions) -> Verdict | None:
    if contest.recounted_by is not None:
        # recounted: nothing to petition, so no answer to its doubt changes anything
        doubt = contest.open_doubt
        if doubt is not None and doubt.reason in contest.attention:
            contest.attention.remove(doubt.reason)
        return None
    doubt = contest.open_doubt
    if doubt is not None:
        if _weigh(contest, doubt, options) and not doubt.kinds and not contest.blocked:
            # every seat count gives margin too large: that agreed verdict, at the count the
            # scan takes when none is given (1, "default"), which the note says holds for all
            return _plain_verdict(contest, options)
        return None  # asked, or a kind nobody gave: no verdict on an assumed answer
    return _plain_verdict(contest, options)


def _margin_so_far(contest: Contest, options: ScanOptions) -> None:
    """The margin of a partial reading or a county share on the votes the files hold, and
    whether it is close (scan.md): the check's own margin, its verdict withheld. None where
    something else leaves no verdict (a doubt, a recount made, a share of a partial count)."""
    alone = contest.partial_alone if contest.partial is not None else contest.share_alone
    if not alone or contest.open_doubt is not None or contest.recounted_by:
        return
    counted = replace(contest, partial=None, blocked=False, notes=[], attention=[])
    verdict = _plain_verdict(counted, options)
    if verdict is None or verdict.margin is None:
        return
    margin = verdict.margin
    contest.margin_so_far = margin
    contest.close_so_far = close_on_partial(margin.margin, margin.total_votes)


def _weigh(contest: Contest, doubt: OpenDoubt, options: ScanOptions) -> bool:
    """Checks the contest under each answer the doubt could take (scan.md): where every one
    leaves the margin too large, nobody need answer, the doubt goes and this says True;
    otherwise there is no verdict, and the attention line says what each answer would give."""
    answers: list[tuple[str, Contest]] = [
        (f"as {kind.value}", replace(contest, kind=kind, notes=[], attention=[], blocked=False))
        for kind in doubt.kinds
    ] + [
        (
            f"with {n} seat{'s' if n != 1 else ''}",
            replace(contest, seats=n, seats_from="answer", notes=[], attention=[], blocked=False),
        )
        for n in doubt.seats
    ]
    verdicts = [(said, _plain_verdict(variant, options)) for said, variant in answers]
    contest.attention.remove(doubt.reason)
    if verdicts and all(v is not None and v.outcome is Outcome.NOT_AVAILABLE for _, v in verdicts):
        if doubt.kinds:
            contest.notes.append("the margin is too large whichever kind it is: nothing to ask")
        else:
            contest.notes.append(
                f"the margin is too large with any seat count from {min(doubt.seats)} to "
                f"{max(doubt.seats)}{_closest(verdicts)}: nothing to ask, and the verdict is "
                f"shown at {contest.seats} seat{'s' if contest.seats != 1 else ''}, the count "
                "taken when none is given"
            )
        contest.blocked = bool(contest.attention)
        return True
    each = "; ".join(f"{said}: {_what_it_gives(v)}" for said, v in verdicts)
    contest.doubt(f"{doubt.reason} ({each})")
    return False


def _closest(verdicts: list[tuple[str, Verdict | None]]) -> str:
    """The answer nearest to qualifying, where it is not the first: " (closest with 2 seats:
    C 21 behind B)", so the verdict shown at one count does not hide a nearer one."""
    measured = [(said, v.margin) for said, v in verdicts if v is not None and v.margin]
    if len(measured) < 2:
        return ""
    said, m = min(measured, key=lambda sm: sm[1].margin - sm[1].max_qualifying_margin)
    if m is measured[0][1]:
        return ""
    return f" (closest {said}: {m.behind.name} {m.margin:,} behind {m.ahead.name})"


def _weigh_spanning(
    group: list[Contest], scanned: list[ScannedContest], options: ScanOptions
) -> None:
    """One title in several counties of a county-keyed file: one district spanning them, or
    a separate contest in each? Asked only where the answers give different outcomes
    (scan.md); then no verdict for any of them, and the line says what each answer gives."""
    first = group[0]
    assert first.kind is not None
    wider = SPANNING[first.kind]
    mine = [s for s in scanned if any(s.contest is c for c in group)]
    together = _plain_verdict(joined(group), options)
    separate = [s.verdict for s in mine]
    outcomes = [together, *separate]
    if all(v is not None and v.outcome is Outcome.NOT_AVAILABLE for v in outcomes):
        return
    counties = sorted({c.county or "" for c in group})
    each = "; ".join(
        f"{s.contest.county}: {_what_it_gives(s.verdict)}"
        for s in sorted(mine, key=lambda s: s.contest.county or "")
    )
    asked = (
        f'"{first.title}" is voted on in {len(counties)} counties ({", ".join(counties)}): one '
        f"district spanning them, or a separate contest in each? As one {wider.value}: "
        f"{_what_it_gives(together)}; as a {first.kind.value} in each county: {each}. Give "
        f'--kind "{first.title}={wider.value}" or --kind "{first.title}={first.kind.value}"'
    )
    for s in mine:
        s.contest.doubt(asked)
        s.verdict = None


def _what_it_gives(v: Verdict | None) -> str:
    """One answer of a weighed doubt, in a few words."""
    if v is None or v.margin is None:
        return "no verdict"
    m = v.margin
    who = (
        f"{m.behind.name} may petition ({m.margin:,} behind {m.ahead.name})"
        if v.info.family is Family.CANDIDATE_RACE
        else f"electors may petition (margin {m.margin:,}, up to {m.max_qualifying_margin:,})"
    )
    return {
        Outcome.AVAILABLE: who,
        Outcome.PETITION_SHORT: who,
        Outcome.BOND: f"{who.replace(' may petition', ' may petition with a bond', 1)}",
        Outcome.TIE: "a tie, recounted as if petitioned",
        Outcome.DEADLINE_PASSED: "it qualified, but the deadline has passed",
        Outcome.NOT_AVAILABLE: "margin too large",
    }.get(v.outcome, v.outcome.value)


def _plain_verdict(contest: Contest, options: ScanOptions) -> Verdict | None:
    if (
        contest.kind is None
        or contest.unopposed
        or contest.both_advance
        or contest.blocked
        or contest.recount_of is not None  # a recount made: no second petition, no window
        or contest.recounted_by is not None  # its recount is in the files: the chance was used
    ):
        return None
    fields = _inputs(contest, options)
    if fields is None:
        return None
    try:
        return check(build_check(contest.kind, fields), options.today)
    except InputError as error:
        contest.doubt(error.message)
        return None


# Recount available, ties, bond band, petition short, deadline passed (the margin qualified),
# then what needs a person, then the rest.
_RANK: Final = {
    Outcome.AVAILABLE: 0,
    Outcome.TIE: 1,
    Outcome.BOND: 2,
    Outcome.PETITION_SHORT: 3,
    Outcome.DEADLINE_PASSED: 4,
}
_PERSON: Final = 5
_REST: Final = 6


def rank(contest: ScannedContest) -> tuple[int, int, str]:
    """The report's order; within each group, the closest margin first."""
    group = _RANK.get(contest.outcome, _REST) if contest.outcome is not None else _REST
    if group == _REST and contest.contest.attention:
        group = _PERSON
    margin = contest.verdict.margin if contest.verdict is not None else None
    distance = margin.margin - margin.max_qualifying_margin if margin is not None else 10**9
    return group, distance, contest.contest.label


def scan(
    named_files: Sequence[tuple[str, bytes]],
    options: ScanOptions,
    found_in_folders: Collection[str] = (),
    reader: Reader = ISOLATED,
) -> Scan:
    """Reads every file first: a file it cannot read stops the scan before any report. A file
    found in a folder (`found_in_folders`, by name) that holds no results is skipped and
    listed instead: a phone list beside the workbooks is not fatal (scan.md). Each file is
    read by `reader`: in a child process unless a test says otherwise (reading.py)."""
    with collector.paused():
        return _scan(named_files, options, found_in_folders, reader)


def _scan(
    named_files: Sequence[tuple[str, bytes]],
    options: ScanOptions,
    found_in_folders: Collection[str],
    reader: Reader,
) -> Scan:
    named_files, members, by_name = unpack(named_files)  # a .zip's, as a folder's files
    found_in_folders = {*found_in_folders, *members}
    by_length: dict[int, list[tuple[str, bytes]]] = {}
    files: list[FileTallies] = []
    skipped: list[str] = []
    deadline = monotonic() + MAX_SCAN_SECONDS
    answers = read_ahead(reader, read_file, named_files)
    for (name, data), answer in zip(named_files, answers, strict=True):
        # the same bytes twice: only files of one length can be, so only those are compared
        same = next((other for other, given in by_length.get(len(data), ()) if given == data), None)
        if same is not None:
            raise ResultsFileError(f"{name}: the same file as {same}; give each file once")
        by_length.setdefault(len(data), []).append((name, data))
        try:
            files.append(answer())
        except NotResults as stray:
            if name not in found_in_folders:
                raise
            skipped.append(str(stray).split(";")[0])
        if monotonic() > deadline:
            raise ResultsFileError(scan_too_long(name))
    if not files:
        raise ResultsFileError(f"{named_files[0][0] if named_files else 'input'}: no results file")
    if not any(f.tallies for f in files):
        raise ResultsFileError(f"{files[0].name if files else 'input'}: no contest in the file")
    settle_coverage(files)  # whether each service race is whole, over every response given
    election, election_from = _election(files, options)
    counties = dict(options.counties)
    if ONLY_FILE in counties:  # the form's county for the one file it was opened on
        only = counties.pop(ONLY_FILE)
        if len(files) == 1:
            counties[files[0].name] = only
    named = [name for name in counties if name not in {f.name for f in files}]
    if named:
        raise ResultsFileError(f'--county "{named[0]}=...": no file of that name is scanned')
    contests = merge(gather(files, election, counties), options.answers)
    twice = twice_given(files, contests)
    if twice is not None:
        raise ResultsFileError(twice)  # summing them would count that county twice
    _check_answers(contests, options.answers)
    everywhere = whole_state(files, contests)
    # where a workbook proves no county by its offices (2024's name none), its precincts may
    proof = StateProof() if everywhere else precincts_prove(files, contests)
    everywhere = everywhere or proof.total is not None
    days = {f.election_day for f in files}
    day = days.pop() if len(days) == 1 else None  # every file says the one day, or none is said
    if day is not None and options.canvass is not None and options.canvass < day:
        # a canvass given before the day the file's name says: the day is for the papers'
        # heading only, so it is left blank there rather than stop the contest's verdict
        day = None
    for contest in contests:
        settle(contest, options.answers, election, options.complete or everywhere, everywhere)
        contest.election_said = None if election_from.startswith(_TYPED_DEFAULT) else election
        contest.election_day = day
    link_recounts(contests)  # settled first: a contest's kind decides which county counts
    scanned = [ScannedContest(contest, _verdict(contest, options)) for contest in contests]
    for contest in contests:
        if contest.partial is not None or contest.coverage == "county share":
            _margin_so_far(contest, options)
    for group in in_several_counties(contests):
        _weigh_spanning(group, scanned, options)
    scanned.sort(key=rank)
    return Scan(
        options, files, scanned, election, everywhere, election_from, by_name + skipped, proof
    )


def _election(files: Sequence[FileTallies], options: ScanOptions) -> tuple[str, str]:
    """The election the scan reads the files as, and where that was said. Never assumed from
    an export (scan.md): a file that does not say stops the scan unless --election says. A
    typed table without parties reads as a general election, and the report says so."""
    said = [f for f in files if f.election is not None]
    if options.election is not None:
        for file in said:
            if file.election != options.election:
                assert file.election is not None and file.election_from is not None
                raise ElectionContradicted(
                    file.name, file.election, file.election_from, options.election
                )
        return options.election, "as given"
    for first, other in itertools.pairwise(said):
        if first.election != other.election:
            raise ResultsFileError(
                f"{first.name} is a {first.election} ({first.election_from}), {other.name} a "
                f"{other.election} ({other.election_from}): scan each election apart"
            )
    for file in files:
        if file.election is None and not _typed_without_parties(file):
            raise ElectionNotSaid(file.name)
    if said:
        return said[0].election or "general", said[0].election_from or ""
    return "general", f"{_TYPED_DEFAULT} (give --election primary for a primary)"


_TYPED_DEFAULT: Final = "a typed table that does not say"


def _typed_without_parties(file: FileTallies) -> bool:
    """A clerk's own table with no party anywhere: primary or general changes nothing for it
    but a judicial primary, which such a table would name."""
    return file.format == PLAIN_TABLE and not any(t.party or t.choice_party for t in file.tallies)


def _check_answers(contests: list[Contest], answers: Answers) -> None:
    if not answers.kinds and not answers.seats:
        return  # the usual scan: nothing answered, nothing to match
    titles = sorted({normalized(c.title) for c in contests})
    for given in (*answers.kinds, *answers.seats):
        matching = [t for t in titles if t == given or t.startswith(given)]
        if not matching:
            raise ResultsFileError(f'"{given}" matches no contest title')
        if given not in matching and len(matching) > 1:
            shown = "; ".join(matching[:8])
            raise ResultsFileError(f'"{given}" matches {len(matching)} contests: {shown}')


def answers_from(kinds: Sequence[str], seats: Sequence[str]) -> Answers:
    """`--kind "TITLE=KIND"` and `--seats "TITLE=N"` as answers. Raises InputError."""
    kind_answers: dict[str, ContestKind] = {}
    seat_answers: dict[str, int] = {}
    for given, into in ((kinds, kind_answers), (seats, seat_answers)):
        for answer in given:
            title, sep, value = answer.rpartition("=")
            if not sep or not title.strip():
                raise InputError.about(None, f'"{answer}": write TITLE=VALUE')
            key = normalized(title)
            if into is kind_answers:
                kind_answers[key] = resolve_kind(value)
            else:
                digits = value.strip()
                if not (digits.isascii() and digits.isdigit()) or int(digits) < 1:
                    raise InputError.about(None, f'"{answer}": seats must be a whole number from 1')
                seat_answers[key] = int(value)
    return Answers(kind_answers, seat_answers)


def scan_request(text: str, today: date) -> ScanOptions:
    """The options of a scan asked for in words (handlers.syntax.scan_words), its answers
    read as `--kind`, `--seats` and `--county` are. Raises InputError."""
    words = scan_words(text, today)
    return ScanOptions(
        today=today,
        canvass=words.canvass,
        state_canvass=words.state_canvass,
        election=words.election,
        complete=words.complete,
        answers=answers_from(words.kinds, words.seats),
        counties=counties_from(words.counties),
    )


def counties_from(given: Sequence[str]) -> dict[str, str]:
    """`--county "FILE=NAME"` answers: the county a file is from, one of the 56 (" County"
    may be written or not, any case). Raises InputError."""
    out: dict[str, str] = {}
    for answer in given:
        file, sep, value = answer.rpartition("=")
        if not sep or not file.strip():
            raise InputError.about(None, f'"{answer}": write FILE=COUNTY')
        try:
            out[file.strip()] = county_named(value)
        except InputError as error:
            raise InputError.about(None, f'"{answer}": {error.message}') from None
    return out


ONLY_FILE: Final = ""  # `counties` key for the one file scanned, whatever its name


def county_named(words: str) -> str:
    """One of the 56 counties as written ("gallatin", "Gallatin County"). Raises InputError."""
    found = montana_county(words)
    if found is None:
        county = words.strip()
        if county.casefold().endswith(" county"):
            county = county[: -len(" county")].strip()
        raise InputError.about(None, f"{county or '(nothing)'} is not a Montana county")
    return found

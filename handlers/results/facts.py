"""The scan's facts: what every surface says of a scan, as plain values and lines of words.

Which contests are listed where and why, each contest's facts (its verdict's words from
`domain.explain`, the same `recount check` gives for the same inputs), and what the report's
opening says of the files. The renderers (render_text, render_json, render_csv) and Slack's
scan blocks lay these out; none of them works a fact out again.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from datetime import datetime
from typing import Final

from domain import KINDS, Outcome
from domain.citations import (
    BOND_BAND_WORDS,
    BOND_RECOUNT_SHARE,
    MARGIN_SHARE,
    MONTANA_COUNTIES,
    percent_phrase,
)
from domain.deadline import long_date
from domain.explain import explain, what_if
from domain.kinds import state_canvass_subsections
from domain.readings import CLOSE_RETENTION, RECOUNT_RESULT, SPECIAL_ELECTION
from domain.related import AFTER_STATE_CANVASS
from domain.routes import BOND
from domain.verdict import NoteAbout
from handlers.results.contests import Contest, recounted_line
from handlers.results.plain_table import PLAIN_TABLE
from handlers.results.scan import Scan, ScannedContest
from handlers.results.sos_workbooks import COUNTY_WORKBOOK
from handlers.syntax import quick_syntax

# The report's sections, in the order a clerk acts on them (scan.md): each outcome with
# something to do or to know, then what needs a person, then a count of the rest.
SECTIONS: Final = (
    (Outcome.AVAILABLE, "Recount available"),
    (Outcome.TIE, "Ties"),
    (Outcome.BOND, f"{BOND.section} bond band"),
    (Outcome.PETITION_SHORT, "Petition short"),
    (
        Outcome.DEADLINE_PASSED,
        f"Deadline passed (the margin qualified, or was in {BOND_BAND_WORDS})",
    ),
)


def plural(n: int, word: str, many: str | None = None) -> str:
    """ "1 tie", "2 ties", "1 contest needs", with the count."""
    return f"{n:,} {word if n == 1 else (many or word + 's')}"


def one_county(scanned: ScannedContest) -> bool:
    kind = scanned.contest.kind
    return kind is not None and KINDS[kind].one_county


def county_of(scanned: ScannedContest) -> str | None:
    """The county of a one-county contest; statewide and district contests have none."""
    return scanned.contest.county if one_county(scanned) else None


def code_of(scanned: ScannedContest) -> str | None:
    """The Secretary of State's contest code, where the file gave one (a title is no code)."""
    key = scanned.contest.key
    return key if key.isdigit() else None


def choices_line(scanned: ScannedContest) -> str:
    """Each choice and its votes, in one line: "Smith 1,204; Jones 1,199"."""
    return "; ".join(f"{x.name} {x.votes:,}" for x in scanned.contest.choices)


def contest_headline(scanned: ScannedContest) -> str:
    assert scanned.verdict is not None
    return f"{explain(scanned.verdict).outcome} — {scanned.contest.shown_as}"


def contest_facts(scanned: ScannedContest) -> list[str]:
    """What a listed contest says, on every surface: its choices and votes, what to do (the
    day to act, with whom; the bond for the bond band), its margin, and its notes, as
    `recount check` says them for the same inputs."""
    v = scanned.verdict
    assert v is not None
    e = explain(v)
    lines = []
    if v.margin is not None and scanned.contest.retention is not None:
        # a rejected judge: approve and reject, never a candidate called "rejection (won)"
        lines += [approve_reject_line(scanned), *e.margin_lines[1:2]]
    elif v.margin is not None:
        standings, *rest = e.margin_lines[:2]
        if scanned.contest.unofficial:  # unofficial counts: ahead, not elected
            standings = standings.replace(" (won)", " (leads)")
        lines += [standings, *rest]
    lines.append(e.summary)
    if v.margin is not None:
        lines.append(what_if(v.margin))
    # the verdict's own notes on its margin: the multi-seat total, as the single check says it
    lines += [n.text for n in v.notes if n.about is NoteAbout.MARGIN]
    if v.outcome is Outcome.BOND and v.after_filing is not None:
        lines.append(f"After filing: {v.after_filing}.")
    lines += scanned.contest.notes
    lines += e.current_law
    return lines


# The quick syntax has no retention form: a line naming a candidate "rejection" would not
# reproduce a retention (scan.md), so none is printed.
NO_RETENTION_LINE: Final = (
    "the quick syntax has no retention form; the Check button in Slack posts this verdict, "
    "read as the judge against rejection"
)


def check_line(scanned: ScannedContest) -> str:
    """The `recount check` command that gives this contest's verdict, quoted for a shell."""
    assert scanned.verdict is not None
    return f"recount check {shlex.quote(quick_syntax(scanned.verdict.inputs))}"


@dataclass(frozen=True)
class HowToAdd:
    """How a surface tells a person to give a canvass date: each surface says it in its own
    words (the command line's options, the words of a Slack message)."""

    canvass: str = "add --canvass DATE"
    state_canvass: str = "add --state-canvass DATE"


COMMAND_LINE: Final = HowToAdd()


def _waiting_by_outcome(result: Scan) -> dict[Outcome, str]:
    """Each outcome's count of contests listed apart as waiting for the state canvass, in the
    words the first line adds to that outcome's count (", 1 waiting ..."), so that the count
    and the section under its heading agree; empty where none waits."""
    waiting = [c.outcome for c in result.contests if waiting_for_state_canvass(c)]
    return {
        outcome: f" ({waiting.count(outcome):,} waiting for the state canvass)"
        if outcome in waiting
        else ""
        for outcome in Outcome
    }


def opening_lines(result: Scan, how: HowToAdd = COMMAND_LINE) -> list[str]:
    """The report's first lines: what was read, the whole state or not, which canvass."""
    summary = result.summary()
    formats = sorted({f.format for f in result.files})
    waits = _waiting_by_outcome(result)
    out = [
        f"Scanned {plural(len(result.files), 'file')} ({', '.join(formats)}): "
        f"{plural(summary['contests'], 'contest')}, {summary['with_verdict']:,} with a verdict; "
        f"{summary['recount_available']:,} recount available{waits[Outcome.AVAILABLE]}, "
        f"{plural(summary['ties'], 'tie')}{waits[Outcome.TIE]}, "
        f"{summary['bond_band']:,} in the bond band{waits[Outcome.BOND]}, "
        f"{summary['petition_short']:,} petition short{waits[Outcome.PETITION_SHORT]}, "
        f"{summary['deadline_passed']:,} deadline passed, "
        f"{plural(summary['attention'], 'needs', 'need')} a person.",
    ]
    if result.skipped:
        out.append(
            f"Skipped {plural(len(result.skipped), 'file')} in the folder that "
            f"{'is' if len(result.skipped) == 1 else 'are'} not results: "
            + "; ".join(result.skipped)
            + "."
        )
    if result.election is not None:
        source = result.election_from
        said = f"Read as a {result.election} election" + (
            f", {source}." if source == "as given" else f": {source}."
        )
        if result.election == "special":
            said += f" {SPECIAL_ELECTION[0].upper()}{SPECIAL_ELECTION[1:]}."
        out.append(said)
    out += read_lines(result)
    unnamed = counties_not_named(result)
    if unnamed:  # asked once for all files, not once a contest (scan.md, "A county not named")
        shown = ", ".join(unnamed[:MAX_NAMED]) + (
            f" and {len(unnamed) - MAX_NAMED:,} more" if len(unnamed) > MAX_NAMED else ""
        )
        out.append(
            f"{plural(len(unnamed), 'file names', 'files name')} no county ({shown}): a "
            "one-county contest's petition is filed with its county, so each of its contests "
            'shows the file instead; name each file\'s county with --county "FILE=NAME".'
        )
    partial = partial_readings(result)
    if partial:
        close = partial_close(result)
        out.append(
            f"{plural(len(partial), 'contest')} read from a partial reading (or a share of "
            f"{'its' if len(partial) == 1 else 'their'} precincts): no verdict until the reading "
            "is whole; the votes are shown as they stand"
            + (
                f", and {len(close):,} within {percent_phrase(BOND_RECOUNT_SHARE)} on the votes "
                "counted so far are listed by name as close."
                if close
                else "."
            )
        )
    proof = result.state_proof
    if result.whole_state and proof.total is not None:
        out.append(
            f"The files are {MONTANA_COUNTIES.value} county workbooks whose precincts add up to "
            f"the state's {proof.total:,}: statewide and district contests are whole (no "
            "--complete needed)."
        )
    elif result.whole_state:
        out.append(
            f"The files are the county workbooks of all {MONTANA_COUNTIES.value} counties: "
            "statewide and district contests are whole (no --complete needed)."
        )
    elif proof.why is not None and not result.options.complete:
        out.append(
            f"The {MONTANA_COUNTIES.value} county workbooks are not proved to be the whole "
            f"state: not every one names its county or holds a county office of its own, and "
            f"{proof.why}. Give --complete if they are every county's, or name each file's "
            '--county "FILE=NAME".'
        )
    options = result.options
    spans = any(
        c.contest.kind is not None and KINDS[c.contest.kind].counts_from_state_canvass
        for c in result.contests
    )
    if options.canvass is None and options.state_canvass is None:
        out.append(f"No canvass date given: no deadlines ({how.canvass}).")
    elif options.canvass is not None:
        out.append(f"Deadlines from the county canvass of {long_date(options.canvass)}.")
    if options.state_canvass is not None:
        out.append(
            f"Contests under {state_canvass_subsections()} count from the state canvass of "
            f"{long_date(options.state_canvass)}."
        )
    elif spans:
        out.append(
            f"Contests under {state_canvass_subsections()} count from the state canvass, not "
            f"given: they have no day to act until it is ({how.state_canvass}); a petition "
            f"is filed {AFTER_STATE_CANVASS}."
        )
    if any(f.format != PLAIN_TABLE for f in result.files):
        out.append(
            "The exports hold no write-in votes: where write-ins were cast a contest's total, and "
            f"so its {percent_phrase(MARGIN_SHARE)}, may be larger; check one close contest with "
            "them by adding write-ins N to its check line."
        )
    refused = [c for c in result.contests if c.contest.complete_refused]
    if refused:
        most = max(len(c.contest.counties) for c in refused)
        out.append(
            f"--complete refused for {plural(len(refused), 'statewide contest')}: the files hold "
            f"{plural(most, 'county', 'counties')}, not all {MONTANA_COUNTIES.value}; those "
            "contests are a share, with no verdict."
        )
    opens = [day for day in (options.canvass, options.state_canvass) if day is not None]
    if opens and options.today < min(opens):
        out.append(
            f"Today ({long_date(options.today)}) is before the canvass: the figures are "
            "unofficial, and a petition window opens only with the official canvass."
        )
    return out


MAX_NAMED: Final = 5  # files named in a line; more are counted


def counties_not_named(result: Scan) -> list[str]:
    """The county workbooks whose one-county contests have no county: no title names it (the
    2024 exports), nor a person. A typed table's contests say their file, as before."""
    workbooks = {f.name for f in result.files if f.format == COUNTY_WORKBOOK}
    return sorted(
        {
            name
            for c in result.contests
            if one_county(c) and c.contest.county is None
            for name in c.contest.files & workbooks
        }
    )


def _when(downloaded: str) -> datetime | None:
    try:
        return datetime.strptime(downloaded, "%m/%d/%Y %I:%M:%S %p")
    except ValueError:
        return None


def read_lines(result: Scan) -> list[str]:
    """What was read, and when, as the files' banners say it: their title, the precincts
    reporting, when they were downloaded, and whether the figures are unofficial."""
    said = [f for f in result.files if f.banner_title is not None]
    if not said:
        return []
    if len(said) == 1:
        f = said[0]
        facts = [f.banner_title or "", f.reporting, f.downloaded and f"downloaded {f.downloaded}"]
        line = f"Read {f.name}: " + "; ".join(x for x in facts if x) + "."
    else:
        titles = sorted({f.banner_title or "" for f in said})
        times = sorted(
            (w, f.downloaded) for f in said if f.downloaded and (w := _when(f.downloaded))
        )
        span = (
            ""
            if not times
            else f"; downloaded {times[0][1]}"
            if times[0][1] == times[-1][1]
            else f"; downloaded from {times[0][1]} to {times[-1][1]}"
        )
        partial = [f.name for f in said if f.reporting and not _all_reporting(f.reporting)]
        reporting = (
            "; every precinct reporting in each"
            if not partial and all(f.reporting for f in said)
            else f"; precincts still reporting in {', '.join(partial)}"
            if partial
            else ""
        )
        line = f"Read {len(said)} files: {' / '.join(titles)}{reporting}{span}."
    out = [line]
    for f in said:
        out += [note if len(said) == 1 else f"{f.name}: {note}" for note in f.notes]
    whys = sorted({f.unofficial_why for f in said if f.unofficial})
    if whys:
        out.append(
            f"The figures are unofficial ({'; '.join(whys)}): a candidate ahead leads, and has "
            "not won, until the canvass."
        )
    return out


def partial_readings(result: Scan) -> list[ScannedContest]:
    """Contests whose reading decides nothing yet (scan.md): shown with their votes."""
    return [c for c in result.contests if c.contest.partial is not None]


def partial_close(result: Scan) -> list[ScannedContest]:
    """Partial readings within 1/2 of 1% on the votes counted so far: listed by name, closest
    first, so that none is missed while the count goes on."""
    close = [c for c in result.contests if c.contest.partial and c.contest.close_so_far]
    return sorted(close, key=lambda c: _partial_distance(c.contest))


def close_shares(result: Scan) -> list[ScannedContest]:
    """County shares within 1/2 of 1% on the share: listed by name, closest first, so that
    none is missed (scan.md, "All 56 counties given")."""
    close = [c for c in result.contests if county_share(c) and c.contest.close_so_far]
    return sorted(close, key=lambda c: _partial_distance(c.contest))


def share_so_far(c: Contest) -> str:
    """A close county share's margin on the votes the files hold; no verdict."""
    m = c.margin_so_far
    assert m is not None
    return (
        f"a share: margin {_votes(m.margin)} ({m.ahead.name} ahead of {m.behind.name}) of "
        f"{m.total_votes:,} in the files given, within {percent_phrase(BOND_RECOUNT_SHARE)} "
        f"(up to {m.max_bond_margin:,}); no verdict until every county's votes are here"
    )


def _partial_distance(c: Contest) -> int:
    m = c.margin_so_far
    return 0 if m is None else m.margin - m.max_bond_margin


def partial_line(c: Contest) -> str:
    """A partial contest's margin, labelled with how partial its reading is: "partial: 243
    of 345 precincts: margin 12 of 2,634 votes counted so far"; no verdict either way."""
    m = c.margin_so_far
    if m is None:
        said = "unopposed" if c.unopposed else "no verdict until the reading is whole"
        return f"{c.partial}: {said}"
    close = (
        f", within {percent_phrase(BOND_RECOUNT_SHARE)} (up to {m.max_bond_margin:,}): close"
        if c.close_so_far
        else ""
    )
    return (
        f"{c.partial}: margin {_votes(m.margin)} ({m.ahead.name} ahead of {m.behind.name}) of "
        f"{m.total_votes:,} counted so far{close}; no verdict until the reading is whole"
    )


def _all_reporting(reporting: str) -> bool:
    numbers = [int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*", reporting)]
    return len(numbers) >= 2 and numbers[0] == numbers[1]


def waiting_for_state_canvass(scanned: ScannedContest) -> bool:
    """A contest with something to file whose day waits on the state canvass: listed in its
    own group, by its margin (scan.md, "Which canvass starts the clock")."""
    v = scanned.verdict
    return v is not None and v.to_file and v.waiting_for_state_canvass


WAITING_TITLE: Final = (
    "Waiting for the state canvass: the margin qualifies (or is in the bond band); file "
    f"{AFTER_STATE_CANVASS}"
)


def county_share(scanned: ScannedContest) -> bool:
    """A statewide or district contest of which the files hold only part: no verdict, and
    nothing a person in a county can answer (scan.md, Coverage)."""
    return scanned.contest.coverage == "county share" and not scanned.contest.attention


def share_line(count: int) -> str:
    return (
        f"{plural(count, 'statewide or district contest')}: only the share of the files given is "
        "here; their verdict needs every county's file, the district or statewide workbook, or "
        "--complete."
    )


def close_retentions(result: Scan) -> list[ScannedContest]:
    """Judges retained within 1/2 of 1%: listed, never hidden (scan.md, retention votes)."""
    return [c for c in result.contests if c.contest.close_retention]


def approve_reject_line(scanned: ScannedContest) -> str:
    yes, no = scanned.contest.approve_reject()
    return f"Approve {yes:,} · Reject {no:,}"


def retention_facts(scanned: ScannedContest) -> list[str]:
    yes, no = scanned.contest.approve_reject()
    return [
        f"{approve_reject_line(scanned)}: retained by {_votes(yes - no)} of {yes + no:,}, "
        f"within {percent_phrase(BOND_RECOUNT_SHARE)}.",
        f"{CLOSE_RETENTION[0].upper()}{CLOSE_RETENTION[1:]}.",
    ]


def _votes(n: int) -> str:
    return f"{n:,} vote" if n == 1 else f"{n:,} votes"


def recount_results(result: Scan) -> list[ScannedContest]:
    """Contests that hold the result of a recount already made (scan.md)."""
    return [c for c in result.contests if c.contest.recount_of is not None]


def recounted(scanned: ScannedContest, result: Scan) -> ScannedContest | None:
    """The original contest a recount result is of, where the files hold it."""
    return next((o for o in result.contests if o.contest.recounted_by is scanned.contest), None)


def recount_facts(scanned: ScannedContest, result: Scan) -> list[str]:
    """What a recount result says: the original's figures and the recount's, in one line
    where the files hold both, and that no window opens."""
    original = recounted(scanned, result)
    lines = (
        [f"After the recount: {choices_line(scanned)}"]
        if original is None
        else [recounted_line(original.contest, scanned.contest)]
    )
    lines.append(f"{RECOUNT_RESULT[0].upper()}{RECOUNT_RESULT[1:]}.")
    return lines

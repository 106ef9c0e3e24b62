"""A verdict in plain sentences, the same for every surface.

The command line prints these lines; the Slack message builder escapes them and lays them out
in blocks; the JSON carries the same read-as line and counts. None re-derives anything: every
figure and date comes from the `Verdict`, and what is said follows its one `outcome`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

from domain.about import about_line
from domain.citations import (
    MARGIN_FLOOR_VOTES,
    PETITION_WINDOW_DAYS,
    STATUTE,
    Cited,
    percent_phrase,
)
from domain.current_law import (
    SCHOOL_ELECTIONS,
    Shown,
    nomination_office_law,
)
from domain.deadline import Deadline, Phase, commonly_closed, long_date
from domain.editions import CANVASS_BOARD_MAY_REQUIRE
from domain.inputs import CandidateRace
from domain.kinds import Family
from domain.margin import Margin
from domain.read_as import read_as
from domain.related import (
    AFTER_STATE_CANVASS,
    QUESTION_TIE_RECOUNT,
    SCHOOL_TIE,
    STATE_CANVASS_WHEN,
    TIE_CERTIFIED,
    TIE_RECOUNT,
    RelatedProvision,
)
from domain.routes import BOND, SCHOOL
from domain.routes import STATUTE as STATUTE_ROUTE
from domain.subsections import Petitioner
from domain.verdict import AlsoQualifies, NoteAbout, Outcome, Verdict

NOT_LEGAL_ADVICE: Final = "not legal advice"

HEADLINES: Final = {
    Outcome.AVAILABLE: "Recount available",
    Outcome.TIE: "Tie: recounted as if petitioned",
    Outcome.DEADLINE_PASSED: "Deadline passed",
    Outcome.PETITION_SHORT: "Petition short",
    Outcome.NOT_AVAILABLE: "Recount not available: margin too large",
    Outcome.BOND: f"Recount with a bond may be available ({BOND.section})",
    # the law in force today: 2025 SB 57 (a (7) verdict's own headline is its reading's)
    Outcome.CANVASS_BOARD: CANVASS_BOARD_MAY_REQUIRE.in_force.headline,
}
SCHOOL_TIE_HEADLINE: Final = "Tie: recounted as if petitioned (school recount board)"
# A school verdict rests on the 1987 (1)/(3) figures, which today's school subsection (its
# text not seen) may not share: its headline says "probably" (recount-rules.md section 7).
SCHOOL_HEADLINES: Final = {
    Outcome.AVAILABLE: "Recount probably available",
    Outcome.PETITION_SHORT: "Petition probably short",
    Outcome.DEADLINE_PASSED: "Deadline probably passed",
    Outcome.NOT_AVAILABLE: "Recount probably not available: margin too large",
}
SCHOOL_UNVERIFIED: Final = "school subsection not verified"
ONLY_IF_1_1_307: Final = "ONLY IF 1-1-307 APPLIES"


@dataclass(frozen=True, slots=True)
class Explanation:
    outcome: str  # "Recount available"
    subject: str  # "HD 22 · legislative seat": which race, to tell verdicts apart
    read_as: str  # "Read as: county office; Smith 1,204, Jones 1,199; canvass Mon Nov 16, 2026"
    summary: str
    contest: str  # "County office · Mont. Code Ann. § 13-16-201(1)"
    margin_lines: tuple[str, ...]
    deadline_lines: tuple[str, ...]
    petition_lines: tuple[str, ...]
    related_lines: tuple[str, ...]
    citation: str
    quotes: tuple[str, ...]
    edition: str
    current_law: tuple[str, ...]  # "Today's code (...): ...", under the edition line
    as_of: str  # "as of Sun Nov 29, 2026, Mountain Time · not legal advice"
    # The short answer's fields (Slack's channel message): (label, value), from the same
    # verdict fields as the sentences above; only what applies ("nothing about filing where
    # nothing is filed").
    facts: tuple[tuple[str, str], ...] = ()
    short: str = ""  # the short answer's one sentence: what to do, or why nothing is
    # The facts the short sentence does not say, for the fields beside it (issue 35).
    short_facts: tuple[tuple[str, str], ...] = ()
    # What a notification calls the verdict: the race's label if given, else the counts
    # ("Adams 100, Brown 95"), so two in a busy channel can be told apart.
    called: str = ""
    # The "Today's code" notes that change what to do, each as "section: what it says".
    todays_code_short: tuple[str, ...] = ()
    # The one filing instruction, as the summary says it: with whom and the day to act, its
    # open-day and canvass conditions and the 1-1-307 reading ("" where nothing is filed). A
    # petition draft's cover note prints it word for word, never a sentence of its own.
    action: str = ""
    # The same instruction for paper, read long after the day checked: the date where a
    # screen says "today" (the petition's cover note prints this one).
    action_dated: str = ""
    # What it is about, where known: "Gallatin County · general election of Tue Nov 3, 2026"
    about: str = ""
    read_as_unlabelled: str = ""  # read_as without the race label, beside a headline naming it
    # For paper, read long after the day checked: the summary with dates where a screen says
    # "today", and the deadline lines that count days from the day checked ("3 days left"),
    # which a paper leaves out (its "As of" day and the dates say it).
    summary_dated: str = ""
    relative_lines: tuple[str, ...] = ()
    # The deadline line naming the day to act ("Day to act: Fri Nov 20, 2026, the last day
    # ... is open"), "" where there is none: a cover note, which says the day to act in its
    # own section, leaves it out of its deadline lines rather than say the day twice.
    act_by_line: str = ""

    @property
    def headline(self) -> str:
        return f"{self.outcome} — {self.subject}"


def _plural(n: int) -> str:
    return "vote" if n == 1 else "votes"


def _votes(n: int) -> str:
    return f"{n:,} {_plural(n)}"


def _days(n: int) -> str:
    return f"{n} day" if n == 1 else f"{n} days"


def subject(v: Verdict) -> str:
    """Which race this is: its label (if given) and its kind, to tell verdicts apart."""
    race = v.inputs.race
    label = v.info.label
    if v.route is SCHOOL and v.outcome is not Outcome.TIE:
        label = f"{label} ({SCHOOL_UNVERIFIED})"
    return f"{race} · {label}" if race else label


CALLED_NAMES: Final = 4  # the candidates a notification names before "and N more"


def called(v: Verdict) -> str:
    """What a notification calls the verdict: its race label and kind where a label was
    given, else the counts as the work's first line gives them, else the kind."""
    m = v.margin
    if v.inputs.race or m is None:
        return subject(v)
    if not m.standings:  # a question: "For 3,237 · Against 3,250"
        return _comparison_lines(v, m)[0]
    shown = [f"{s.name} {s.votes:,}" for s in m.standings[:CALLED_NAMES]]
    more = len(m.standings) - CALLED_NAMES
    if more > 0:
        shown[-1] += f" and {more:,} more"
    return ", ".join(shown)


def _standings_line(m: Margin, race: CandidateRace) -> str:
    parts = []
    for s in m.standings:
        mark = ""
        if m.tie_at_cut and s.votes == m.ahead.votes:
            mark = " (tied for the last seat)" if race.places > 1 else " (tied)"
        elif s.won:
            mark = f" ({race.placed})"
        parts.append(f"{s.name} {s.votes:,}{mark}")
    return ", ".join(parts) + _places_note(race)


def _places_note(race: CandidateRace) -> str:
    """How many the count puts through: " · 3 seats", " · 1 seat, 2 advance" (13-14-117)."""
    if race.nonpartisan_primary:
        seats = "1 seat" if race.seats == 1 else f"{race.seats} seats"
        return f" · {seats}, {race.places} advance"
    return f" · {race.seats} seats" if race.seats > 1 else ""


def _last_placed(race: CandidateRace) -> str:
    """The last of those the count puts through, as the comparison names them."""
    if race.nonpartisan_primary:
        return f"the last of {race.places} who advance"
    if race.nominates:
        return f"the last of {race.seats} nominees"
    return f"the last of {race.seats} winners"


def _last_place(race: CandidateRace) -> str:
    """The place two tied candidates share, as the comparison names it."""
    if race.nonpartisan_primary:
        return f"the last of {race.places} places that advance"
    return f"the last of {race.seats} seats"


def _comparison_lines(v: Verdict, m: Margin) -> list[str]:
    inputs = v.inputs
    if isinstance(inputs, CandidateRace):
        behind_whom = (
            m.ahead.name if inputs.places == 1 else f"{m.ahead.name}, {_last_placed(inputs)}"
        )
        tied_with = (
            m.ahead.name if inputs.places == 1 else f"{m.ahead.name} for {_last_place(inputs)}"
        )
        extra = inputs.total is not None or inputs.write_ins is not None
        cast = f"{m.total_votes:,} votes cast" + (
            " for the position (write-ins included)" if extra else ""
        )
        if m.margin == 0:
            return [
                _standings_line(m, inputs),
                f"{m.behind.name} is tied with {tied_with}, out of {cast}.",
            ]
        return [
            _standings_line(m, inputs),
            f"{m.behind.name} is {_votes(m.margin)} behind {behind_whom} "
            f"({m.ahead.votes:,} - {m.behind.votes:,}), out of {cast}.",
        ]
    sides = {side.name: side.votes for side in (m.ahead, m.behind)}
    lines = [f"For {sides['for']:,} · Against {sides['against']:,}"]
    if m.margin == 0:
        lines.append(f"The question is tied, out of {m.total_votes:,} votes cast.")
    else:
        lines.append(
            f'"{m.ahead.name.capitalize()}" leads by {_votes(m.margin)} '
            f"({m.ahead.votes:,} - {m.behind.votes:,}), out of {m.total_votes:,} votes cast."
        )
    return lines


def what_if(m: Margin) -> str:
    """How many votes of margin would change the answer: the question staff ask most."""
    most = m.max_qualifying_margin
    if m.qualifies:
        more = most - m.margin + 1
        return (
            f"Qualifies up to {most:,}; {more:,} more {_plural(more)} of margin and it would not."
        )
    fewer = m.margin - most
    return f"Would qualify with {fewer:,} fewer {_plural(fewer)} of margin (up to {most:,})."


def _margin_lines(v: Verdict) -> tuple[str, ...]:
    if v.board is not None:
        return (v.board.margin_line,)
    m = v.margin
    assert m is not None  # every verdict but (7)'s measures a margin
    lines = _comparison_lines(v, m)
    assert v.rule.margin_share is not None  # a margin is only measured where there is a test
    share_of_total = f"{percent_phrase(v.rule.margin_share)} of {m.total_votes:,}"
    if m.floor_votes is not None:
        lines.append(
            f"Largest margin that qualifies: {_votes(m.max_qualifying_margin)}, the greater of "
            f"{m.floor_votes} votes and {share_of_total} ({m.threshold_text})."
        )
    else:
        lines.append(
            f"Largest margin that qualifies: {_votes(m.max_qualifying_margin)} "
            f"({share_of_total} is {m.threshold_text}; "
            f"no {MARGIN_FLOOR_VOTES.value}-vote minimum under {v.subsection.code})."
        )
    relation = "≤" if m.qualifies else ">"
    verb = "qualifies" if m.qualifies else "does not qualify"
    lines.append(f"{m.margin:,} {relation} {m.max_qualifying_margin:,}: the margin {verb}.")
    lines.append(what_if(m))
    lines.extend(_also_line(v, a) for a in v.also_qualify)
    lines.extend(n.text for n in v.notes if n.about is NoteAbout.MARGIN)
    return tuple(lines)


def _behind(name: str, margin: int, whom: str) -> str:
    """A defeated candidate and how far behind whom: "Clark (8 votes behind Adams)"."""
    return f"{name} ({_votes(margin)} behind {whom})"


def _also_line(v: Verdict, a: AlsoQualifies) -> str:
    """Another defeated candidate within reach, as recount-rules.md words it. Beside a
    verdict with nothing to file (a tie), the candidate's own day and office: nothing else
    on the page says them."""
    who = _behind(a.name, a.margin, a.behind_whom)
    own = a.verdict
    when = ""
    if not v.to_file and own is not None and own.to_file:
        when = f": {_lower_first(day_to_act(own))}"
    if a.outcome is Outcome.BOND:
        said = f"{who} may also petition, for a recount with a bond ({BOND.section})"
        return f"{said}{when}" if when else f"{said}."
    if a.outcome is Outcome.DEADLINE_PASSED:
        return f"{who} also qualified, but the deadline has passed."
    return f"{who} may also petition{when}" if when else f"{who} may also petition."


def _lower_first(sentence: str) -> str:
    """ "File with ..." as the rest of a sentence: "file with ..."."""
    return sentence[:1].lower() + sentence[1:]


def _petition_anyway(v: Verdict) -> str:
    """Beside a certified tied (3) question: the electors' petition that may still be filed,
    with its signers, office and day; "" once its window has closed (nothing to file)."""
    beside = v.beside_tie
    if beside is None or not beside.to_file:
        return ""
    needs = beside.rule.min_signers
    signers = "" if needs is None else f" (at least {needs.value:,} electors must sign)"
    return (
        f"Electors who want certainty may also petition{signers}: "
        f"{_lower_first(day_to_act(beside))}"
    )


def _when_lines(v: Verdict, d: Deadline) -> list[str]:
    """How many days are left to each date, with the numbers of the JSON (`days_left` to
    `deadline`, `days_left_safe` to `deadline_safe`); once passed, how long ago."""
    left, left_safe = v.days_left, v.days_left_safe
    safe, late = long_date(d.deadline_safe), long_date(d.deadline)
    if v.outcome is Outcome.DEADLINE_PASSED or (not v.to_file and d.passed(v.today)):
        return [f"That deadline passed {_days((v.today - d.deadline).days)} ago."]
    if left is None:
        return []
    if left_safe is None:  # the safe date passed; the 1-1-307 date has not
        if left == 0:
            return [f"Today, {late}, is the last day if 1-1-307 applies; the safe date has passed."]
        return [f"{_days(left)} left to {late}, if 1-1-307 applies; the safe date has passed."]
    if v.phase is Phase.OFFICE_CLOSED:
        when = "today" if left_safe == 0 else f"in {_days(left_safe)}"
        return [
            f"The safe date, {safe}, is {when}, but {v.closed_office} is closed until {late}; "
            f"{_days(left)} left to {late} if 1-1-307 applies."
        ]
    if d.readings_differ:
        return [
            f"{_days(left_safe)} left to {safe}, the safe date; {_days(left)} to {late} if "
            "1-1-307 applies."
        ]
    return [f"{_days(left)} left to {late}."]


def _relative_lines(v: Verdict) -> tuple[str, ...]:
    """The deadline lines that count days from the day checked (`_when_lines`)."""
    d = v.deadline
    if d is None or v.outcome in (Outcome.CANVASS_BOARD, Outcome.NOT_AVAILABLE, Outcome.TIE):
        return ()
    return tuple(_when_lines(v, d))


def _act_by_line(v: Verdict) -> str:
    """The day to act, where it comes before the safe last day (an office closed on it)."""
    d = v.deadline
    if d is None or v.act_by is None or v.act_by == d.deadline_safe:
        return ""
    return (
        f"Day to act: {long_date(v.act_by)}, the last day {v.closed_office} is open on or "
        "before the safe date."
    )


def _school_tie(v: Verdict) -> RelatedProvision:
    """The school tie row: a tied question's says how a surviving tie goes is not settled."""
    return v.route.question_tie if v.is_question_tie else SCHOOL_TIE


def _deadline_lines(v: Verdict) -> tuple[str, ...]:
    if v.board is not None:
        return (v.board.deadline_line,)
    outcome = v.outcome
    if outcome in (Outcome.NOT_AVAILABLE, Outcome.TIE):
        return ()
    d = v.deadline
    lines: list[str] = []
    if outcome is Outcome.BOND:
        lines.append(f"{BOND.section} has the same window: {PETITION_WINDOW_DAYS.words}.")
    if d is not None:
        if d.readings_differ:
            lines.append(
                f"Safe last day under every reading: {long_date(d.deadline_safe)}; "
                f"{long_date(d.deadline)} if 1-1-307 applies."
            )
        else:
            lines.append(f"Last day to file: {long_date(d.deadline)}.")
        if act_by_line := _act_by_line(v):
            lines.append(act_by_line)
        lines.append(f"How: {d.trace()}")
        lines.extend(_when_lines(v, d))
    lines.extend(n.text for n in v.notes if n.about is NoteAbout.DEADLINE)
    return tuple(lines)


def _figure_line(what: str, minimum: Cited[int] | None, given: int | None) -> str | None:
    if minimum is None:
        return None
    required = minimum.value
    if given is None:
        return f"{what}: at least {required:,} needed; not given yet."
    if given >= required:
        return f"{what}: at least {required:,} needed; {given:,} given, enough."
    return f"{what}: at least {required:,} needed; {given:,} given, {required - given:,} short."


def _petition_lines(v: Verdict) -> tuple[str, ...]:
    outcome = v.outcome
    if outcome is Outcome.CANVASS_BOARD and v.file_with is not None:  # the board petitions
        return (
            "Who petitions: the county canvass board that found the error.",
            f"File with: {v.file_with.label}, immediately (no filing window).",
            f"After filing: {v.after_filing}.",
        )
    if outcome is Outcome.TIE and v.route is SCHOOL:
        return (
            "No petition: the trustees proceed as if one had been filed, and the school "
            f"recount board recounts first ({_school_tie(v).section}).",
            f"What the office does next: {v.after_a_petition}.",
        )
    if outcome is Outcome.TIE and v.info.family is Family.BALLOT_QUESTION:
        return (
            "No petition needed: the county canvass board certifies the tie to the election "
            f"administrator, who proceeds as if one had been filed ({QUESTION_TIE_RECOUNT.section}"
            ").",
            *filter(None, (_petition_anyway(v),)),
            f"What the office does next: {v.after_a_petition}.",
        )
    if outcome is Outcome.TIE and v.info.multi_county:
        # 13-16-203(1) names the secretary of state; what follows is a petition's course
        return (
            "No petition: a tie certified to the secretary of state is recounted as if a recount "
            f"petition had been filed ({TIE_RECOUNT.section}(1)).",
            f"What the office does next, as on a petition: {v.after_a_petition}.",
        )
    if outcome is Outcome.TIE:
        return (
            "No petition: the county canvass board certifies the tie to the election "
            f"administrator ({TIE_CERTIFIED}), who proceeds as if a recount petition had been "
            f"filed ({TIE_RECOUNT.section}(1)).",
            f"What the office does next: {v.after_a_petition}.",
        )
    if not v.to_file:
        return ()  # nothing to file: no filing lines
    assert v.file_with is not None  # every outcome with something to file names its office
    lines: list[str] = []
    if outcome is Outcome.BOND:
        assert v.margin is not None
        name = v.margin.behind.name
        (bond,) = (n for n in v.current_law if n.shown is Shown.PETITION)
        lines += [
            f"Who petitions: {name}, the defeated candidate, posting a bond that covers all "
            f"costs of the recount ({BOND.section}).",
            f"File with: {v.file_with.label}, where {name} filed the declaration for "
            f"nomination ({nomination_office_law(v.route is SCHOOL)}; {bond.confidence.value}).",
        ]
    else:
        rule = v.rule
        who = rule.who_petitions
        if rule.petitioner is Petitioner.DEFEATED_CANDIDATE and v.margin is not None:
            who = f"{v.margin.behind.name}, as {who}"
        lines += [f"Who petitions: {who}.", f"File with: {v.file_with.label}."]
        for line in (
            _figure_line("Signers", rule.min_signers, v.petition.signers),
            _figure_line("Counties the signers represent", rule.min_counties, v.petition.counties),
        ):
            if line is not None:
                lines.append(line)
    lines.extend(n.text for n in v.notes if n.about is NoteAbout.PETITION)
    if v.after_filing is not None:
        lines.append(f"After filing: {v.after_filing}.")
    return tuple(lines)


def _related_lines(v: Verdict) -> tuple[str, ...]:
    lines = [f"{r.section}: {r.summary}" for r in v.related]
    lines.extend(f"{n.section}: {n.sentence}" for n in v.current_law if n.shown is Shown.RELATED)
    expired = v.outcome is Outcome.NOT_AVAILABLE or (
        v.outcome is Outcome.DEADLINE_PASSED and v.margin is not None and not v.margin.qualifies
    )
    if expired and v.deadline is not None and v.deadline_passed:
        # 13-16-211 and 13-16-301 count the same 5 days after the canvass.
        routes = (
            f"{BOND.section} and 13-16-301"
            if v.margin is not None and v.margin.within_bond_range
            else "13-16-301"
        )
        lines.append(
            f"{routes}: the {PETITION_WINDOW_DAYS.value} days after the canvass ran out with "
            f"{STATUTE}'s, on "
            f"{long_date(v.deadline.deadline)} at the latest."
        )
    return tuple(lines)


def _also_petitioners(v: Verdict) -> tuple[AlsoQualifies, ...]:
    """The other defeated candidates who may petition as the checked one may (the short
    answer names them beside it); one in the bond band or past its day keeps its own line."""
    return tuple(a for a in v.also_qualify if a.outcome is v.outcome)


def _who_may_file(v: Verdict) -> str | None:
    """The short answer's opening, naming who may petition and with whom: "Brown (5 votes
    behind Adams) or Clark (8 votes behind Adams) may petition the election administrator",
    or for electors how many must sign from how many counties (13-16-201(3)-(5)); None
    where the petitioner has no name to give (the sentence then opens "File with")."""
    assert v.file_with is not None
    office, rule, m = v.file_with.label, v.rule, v.margin
    if v.outcome is Outcome.BOND and m is not None:
        who = _behind(m.behind.name, m.margin, m.ahead.name)
        return f"{who} may petition {office} for a recount with a bond ({BOND.section})"
    if rule.petitioner is Petitioner.DEFEATED_CANDIDATE and m is not None and m.standings:
        names = [_behind(m.behind.name, m.margin, m.ahead.name)]
        names += [_behind(a.name, a.margin, a.behind_whom) for a in _also_petitioners(v)]
        who = f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else names[0]
        return f"{who} may petition {office}"
    if rule.petitioner is Petitioner.ELECTORS and rule.min_signers is not None:
        signed = f"at least {rule.min_signers.value:,} electors"
        if rule.min_counties is not None:
            signed += f" from at least {rule.min_counties.value:,} counties"
        return f"A petition signed by {signed} may be filed with {office}"
    return None


def _action(v: Verdict, brief: bool = False, dated: bool = False) -> str:
    """The one instruction: with whom, and the day, never a day already past or one the
    office is closed (recount-rules.md section 6, "The day to act"). `brief`: the short
    answer's wording, where the long one adds a second sentence, and which names who may
    petition (`_who_may_file`). `dated`: for paper, read long after the day checked: the
    date itself where a screen says "today"."""
    assert v.file_with is not None and v.closed_office is not None
    office, file_with = v.closed_office, f"File with {v.file_with.label}"
    if brief and v.outcome is not Outcome.PETITION_SHORT:  # short: "Gather ..., then file"
        file_with = _who_may_file(v) or file_with
    d = v.deadline
    if d is None and v.waiting_for_state_canvass and brief:
        return f"{file_with} {AFTER_STATE_CANVASS}; check again once its date is set."
    if d is None and v.waiting_for_state_canvass:
        return (
            f"{file_with} {AFTER_STATE_CANVASS}. {STATE_CANVASS_WHEN} Check again with the "
            "state canvass date once it is set."
        )
    if d is None:
        return (
            f"{file_with} within {PETITION_WINDOW_DAYS.value} days after the official canvass "
            "(give the canvass date for the day)."
        )
    safe, late = long_date(d.deadline_safe), long_date(d.deadline)
    match v.phase:
        case Phase.BEFORE_ACT_BY | Phase.ON_ACT_BY:
            when = "today, " if v.phase is Phase.ON_ACT_BY and not dated else "by "
            closed = (
                f" ({office} is closed on the safe last day, {safe})"
                if d.act_by != d.deadline_safe
                else ""
            )
            if v.act_by_if_closed is not None:
                closed += (
                    f", if the office is open that day ({commonly_closed(d.act_by)}); otherwise "
                    f"by {long_date(v.act_by_if_closed)} (the open day before)"
                )
            if v.file_from is not None and v.today <= v.file_from:
                # "within 5 days after the official canvass": not before it is complete, and
                # on the canvass day itself it may not be complete yet (issue 34)
                closed += f", once {v.counts_from.words} of {long_date(v.file_from)} is complete"
            return f"{file_with} {when}{long_date(d.act_by)}{closed}."
        case Phase.OFFICE_CLOSED:
            return (
                f"The last open day before the safe date, {long_date(d.act_by)}, has passed, "
                f"and {office} is closed until {late}. {file_with} on {late} — timely only if "
                "1-1-307 applies."
            )
        case Phase.ONLY_1_1_307:
            day = "today" if v.today == d.deadline else f"on {late}, the next day it is open"
            if dated:  # paper read later: the date, never "today"
                day = f"on {late}"
            return (
                f"{file_with} {day} — timely only if 1-1-307 applies; the safe date, {safe}, "
                "has passed."
            )
    raise AssertionError(f"no instruction for {v.phase}")  # to_file outcomes have a phase


def day_to_act(v: Verdict, dated: bool = False) -> str:
    """The filing instruction of a verdict with something to file (`Explanation.action`): the
    sentence the summary ends with, or for a canvass board's petition the petition lines' own
    words; "" where nothing is filed. `dated`: as the dated summary says it, for paper."""
    if not v.to_file:
        return ""
    if v.outcome is Outcome.CANVASS_BOARD:
        assert v.file_with is not None
        return f"File with {v.file_with.label} immediately (no filing window)."
    return _action(v, dated=dated)


def _board_says(v: Verdict, words: str) -> str:
    """A canvass board reading's words (domain.editions.BoardReading) for this verdict: its
    canvass day, the days its row is unsettled, the row's source and the reading's
    confidence filled in."""
    row, board = CANVASS_BOARD_MAY_REQUIRE, v.board
    assert board is not None  # only a (7) verdict has a board reading
    days = row.unsettled_days  # None once its day is known: then no reading says {days}
    unsettled = (
        "" if days is None else f"the days from {long_date(days[0])} to {long_date(days[1])}"
    )
    return words.format(
        on=long_date(v.law_in_force),
        days=unsettled,
        source=row.source,
        confidence=board.confidence.value,
    )


# What the verdict comes to, by outcome and route: each cell builds the summary from the
# verdict, `brief` (the short answer, Slack's channel message, where the margin is a field of
# its own: only what to do, by when and with whom) and `dated` (for paper: dates, never
# "today"). tests/domain/test_explain.py checks every outcome x route has its cell.
SummaryCell = Callable[[Verdict, bool, bool], str]


def _board_summary(v: Verdict, brief: bool, dated: bool) -> str:
    """(7): what the canvass board does under the law in force on the canvass day."""
    board = v.board
    assert board is not None  # the outcome of (7) alone
    return _board_says(v, board.brief if brief and board.brief is not None else board.summary)


def _school_tie_summary(v: Verdict, brief: bool, dated: bool) -> str:
    if brief:
        return (
            "The count is tied: the trustees proceed as if a petition had been filed, and the "
            f"school recount board recounts first ({_school_tie(v).section})."
        )
    if v.is_question_tie:
        return (
            "The question is tied. In a school election the trustees proceed as if a petition "
            "had been filed: the school recount board recounts first. How a question still "
            "tied after the recount is settled is in no text we saw (13-16-203(2): under "
            "20-20-418 or as otherwise provided by law): confirm with the county attorney."
        )
    return (
        "The count is tied. In a school election the trustees proceed as if a petition had "
        "been filed: the school recount board recounts first, and only a tie that survives "
        f"the recount is resolved under 20-20-418 ({SCHOOL_TIE.section})."
    )


def _tie_summary(v: Verdict, brief: bool, dated: bool) -> str:
    # a tie's short answer goes on to what the office does next, as on a petition: the
    # secretary of state's notice where there is one (the counties' boards are in the work).
    # Beside a tie with a petition still to file (another candidate's, or a tied question's
    # electors'), that petition (who, office and day, a field of its own) is what a reader
    # can act on; the office's course is in the work, so the phone's answer stays short.
    beside = _petition_anyway(v) or any(a.verdict and a.verdict.to_file for a in v.also_qualify)
    next_step = f": {v.rule.after_filing or v.after_a_petition}" if brief and not beside else ""
    if v.info.family is Family.BALLOT_QUESTION:
        return (
            "The question is tied. The county canvass board certifies the tie and the election "
            "administrator proceeds as if a petition had been filed "
            f"({QUESTION_TIE_RECOUNT.section}), so no petition is needed{next_step}."
        )
    return (
        "The count is tied. A certified tie is recounted as if a petition had been filed "
        f"({TIE_RECOUNT.section}), so no petition is needed{next_step}."
    )


def _bond_summary(v: Verdict, brief: bool, dated: bool) -> str:
    if brief:  # it names who may petition, and for what
        return _action(v, brief, dated)
    m = v.margin
    assert m is not None  # the bond band is a margin's
    return (
        f"A margin of {_votes(m.margin)} is more than the {m.max_qualifying_margin:,} that "
        f"qualify under {v.subsection.code}, but within {percent_phrase(BOND.share)} "
        f"(up to {m.max_bond_margin:,}): {m.behind.name} may petition for a recount with a "
        f"bond ({BOND.section}). {_action(v, dated=dated)}"
    )


def _not_available_summary(v: Verdict, brief: bool, dated: bool) -> str:
    m = v.margin
    assert m is not None  # too large is a margin's
    return (
        f"A margin of {_votes(m.margin)} is more than the {m.max_qualifying_margin:,} that "
        f"qualify under {v.subsection.code}: nothing can be petitioned under 13-16-201."
    )


def _deadline_passed_summary(v: Verdict, brief: bool, dated: bool) -> str:
    m = v.margin
    assert m is not None and v.deadline is not None  # a window that closed was a margin's
    if not m.qualifies:
        return (
            f"A margin of {_votes(m.margin)} is more than the {m.max_qualifying_margin:,} that "
            f"qualify under {v.subsection.code}, but within {percent_phrase(BOND.share)} "
            f"(up to {m.max_bond_margin:,}): a recount with a bond ({BOND.section}) had the "
            f"same window, and its last day was {long_date(v.deadline.deadline)}."
        )
    return f"The margin qualifies, but the last day to file was {long_date(v.deadline.deadline)}."


def _petition_short_summary(v: Verdict, brief: bool, dated: bool) -> str:
    figures = (
        ("signers", "signer", v.rule.min_signers, v.petition.signers),
        ("counties", "county", v.rule.min_counties, v.petition.counties),
    )
    gather = " and ".join(
        f"at least {minimum.value - given:,} more "
        f"{what if minimum.value - given != 1 else one} ({minimum.value:,} needed)"
        for what, one, minimum, given in figures
        if minimum is not None and given is not None and given < minimum.value
    )
    # a figure not given is still needed: say it, so no requirement goes unsaid
    gather += "".join(
        f", from at least {minimum.value:,} {what}"
        if what == "counties"
        else f", and at least {minimum.value:,} {what}"
        for what, _, minimum, given in figures
        if minimum is not None and given is None
    )
    then = _action(v, brief, dated)
    gather_then = f"Gather {gather}, then {then[0].lower()}{then[1:]}"
    if brief:  # the header says the petition is short; the margin field, that it qualifies
        return gather_then
    return f"The margin qualifies, but the petition is short. {gather_then}"


def _available_summary(v: Verdict, brief: bool, dated: bool) -> str:
    if brief:
        return _action(v, brief, dated)
    m = v.margin
    assert m is not None  # a recount available is a margin's
    qualifies = (
        f"The question is tied: a margin of 0 qualifies (up to {m.max_qualifying_margin:,})."
        if v.is_question_tie
        else f"The margin of {_votes(m.margin)} qualifies (up to {m.max_qualifying_margin:,})."
    )
    return f"{qualifies} {_action(v, dated=dated)}"


SUMMARIES: Final[Mapping[tuple[Outcome, str], SummaryCell]] = {
    (Outcome.AVAILABLE, STATUTE_ROUTE.key): _available_summary,
    (Outcome.AVAILABLE, SCHOOL.key): _available_summary,
    (Outcome.TIE, STATUTE_ROUTE.key): _tie_summary,
    (Outcome.TIE, SCHOOL.key): _school_tie_summary,
    (Outcome.DEADLINE_PASSED, STATUTE_ROUTE.key): _deadline_passed_summary,
    (Outcome.DEADLINE_PASSED, SCHOOL.key): _deadline_passed_summary,
    (Outcome.PETITION_SHORT, STATUTE_ROUTE.key): _petition_short_summary,
    (Outcome.PETITION_SHORT, SCHOOL.key): _petition_short_summary,
    (Outcome.NOT_AVAILABLE, STATUTE_ROUTE.key): _not_available_summary,
    (Outcome.NOT_AVAILABLE, SCHOOL.key): _not_available_summary,
    (Outcome.BOND, STATUTE_ROUTE.key): _bond_summary,
    (Outcome.BOND, SCHOOL.key): _bond_summary,
    # (7) has no school kind; the cell is there so that every outcome x route has one
    (Outcome.CANVASS_BOARD, STATUTE_ROUTE.key): _board_summary,
    (Outcome.CANVASS_BOARD, SCHOOL.key): _board_summary,
}


def _summary(v: Verdict, brief: bool = False, dated: bool = False) -> str:
    """What the verdict comes to: its outcome and route's cell (`SUMMARIES`)."""
    return SUMMARIES[v.outcome, v.route.key](v, brief, dated)


def _headline(v: Verdict) -> str:
    if v.board is not None:
        return v.board.headline
    if v.outcome is Outcome.DEADLINE_PASSED and v.margin is not None and not v.margin.qualifies:
        return f"{HEADLINES[v.outcome]} ({BOND.section} bond band)"
    if v.outcome is Outcome.TIE and v.route is SCHOOL:
        return SCHOOL_TIE_HEADLINE
    said = HEADLINES[v.outcome]
    if v.route is SCHOOL:
        said = SCHOOL_HEADLINES.get(v.outcome, said)
    if v.only_if_1_1_307:
        return f"{said}, {ONLY_IF_1_1_307}"
    return said


def _facts(v: Verdict, brief: bool = False) -> tuple[tuple[str, str], ...]:
    """The verdict's facts as (label, value). `brief`: only what the short answer's sentence
    does not say (issue 35): no day to act, office or last day it names already, no other
    candidate it names as one who may petition, and no margin beside a tie."""
    facts: list[tuple[str, str]] = []
    m = v.margin
    if m is not None:
        said = f"{_votes(m.margin)} (largest that qualifies: {m.max_qualifying_margin:,})"
        if not m.qualifies and m.margin <= m.max_bond_margin:
            said += f"; with a bond up to {m.max_bond_margin:,}"
        # a tie's sentence says the margin (none) and that no test applies: no field repeats it
        if not (brief and v.outcome is Outcome.TIE):
            facts.append(("Margin", said))
        named = _also_petitioners(v) if brief and v.to_file else ()
        also = [_also_line(v, a) for a in v.also_qualify if a not in named]
        if brief and _petition_anyway(v):  # beside a tied question: the electors' petition
            also.append(_petition_anyway(v))
        if also:
            facts.append(("Also within reach", "; ".join(also)))
    if brief and (v.to_file or v.outcome is Outcome.DEADLINE_PASSED):
        facts.append(("Subsection", v.subsection.citation))
        return tuple(facts)
    d = v.deadline
    if v.outcome is Outcome.CANVASS_BOARD and v.to_file:
        facts.append(("Day to act", "immediately (no filing window)"))
    elif v.act_by is not None:
        day = long_date(v.act_by)
        if v.only_if_1_1_307:
            day += " (only if 1-1-307 applies)"
        facts.append(("Day to act", day))
    elif v.to_file and v.waiting_for_state_canvass:
        facts.append(("Day to act", AFTER_STATE_CANVASS))
    elif v.to_file and d is None:
        facts.append(
            (
                "Day to act",
                f"within {PETITION_WINDOW_DAYS.value} days after the official canvass "
                "(give its date)",
            )
        )
    elif v.outcome is Outcome.DEADLINE_PASSED and d is not None:
        facts.append(("Last day was", long_date(d.deadline)))
    if v.file_with is not None:
        facts.append(("File with", v.file_with.label))
    facts.append(("Subsection", v.subsection.citation))
    return tuple(facts)


@dataclass(frozen=True, slots=True)
class ShortAnswer:
    """What a channel's short answer shows (Slack's verdict message), as `explain` says it,
    computed alone: the whole `Explanation` (every line of the work, the forms for paper) costs
    about twice as much, and a quick check answers with none of it (bench.instructions)."""

    outcome: str
    subject: str
    short: str
    short_facts: tuple[tuple[str, str], ...]
    todays_code_short: tuple[str, ...]
    read_as_unlabelled: str
    as_of: str
    called: str
    citation: str

    @property
    def headline(self) -> str:
        return f"{self.outcome} — {self.subject}"


def short_answer(verdict: Verdict) -> ShortAnswer:
    return ShortAnswer(
        outcome=_headline(verdict),
        subject=subject(verdict),
        short=_summary(verdict, brief=True),
        short_facts=_facts(verdict, brief=True),
        todays_code_short=tuple(
            f"Today's code ({n.section}): {n.brief or n.says} [{n.confidence.value}]"
            for n in verdict.current_law
            if n.shown is Shown.TODAYS_CODE
            and n.changes_what_to_do
            # (7)'s one note is its board's rule, which the verdict's own summary says
            and verdict.board is None
            # the headline already says the school subsection was not verified
            and not (n.code == SCHOOL_ELECTIONS.code and SCHOOL_UNVERIFIED in subject(verdict))
        ),
        read_as_unlabelled=f"Read as: {read_as(verdict.inputs, label=False)}",
        as_of=f"as of {long_date(verdict.today)}, Mountain Time · {NOT_LEGAL_ADVICE}",
        called=called(verdict),
        citation=verdict.subsection.citation,
    )


def explain(verdict: Verdict) -> Explanation:
    label = verdict.info.label
    short = short_answer(verdict)  # its fields are the explanation's, said once
    return Explanation(
        outcome=short.outcome,
        subject=short.subject,
        read_as=f"Read as: {read_as(verdict.inputs)}",
        summary=_summary(verdict),
        summary_dated=_summary(verdict, dated=True),
        relative_lines=_relative_lines(verdict),
        act_by_line=_act_by_line(verdict),
        contest=f"{label[0].upper()}{label[1:]} · {short.citation}",
        margin_lines=_margin_lines(verdict),
        deadline_lines=_deadline_lines(verdict),
        petition_lines=_petition_lines(verdict),
        related_lines=_related_lines(verdict),
        citation=short.citation,
        quotes=tuple(q.text for q in verdict.quotes),
        edition=verdict.edition,
        current_law=tuple(n.line for n in verdict.current_law if n.shown is Shown.TODAYS_CODE),
        as_of=short.as_of,
        short=short.short,
        facts=_facts(verdict),
        short_facts=short.short_facts,
        called=short.called,
        action=day_to_act(verdict),
        action_dated=day_to_act(verdict, dated=True),
        about=about_line(verdict.about),
        read_as_unlabelled=short.read_as_unlabelled,
        todays_code_short=short.todays_code_short,
    )

"""A verdict in plain sentences, the same for every surface.

The command line prints these lines; the Slack message builder escapes them and lays them out
in blocks. Neither re-derives anything: every figure and date comes from the `Verdict`.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.citations import MARGIN_FLOOR_VOTES, Cited, percent_phrase
from domain.deadline import long_date
from domain.inputs import CandidateRace
from domain.margin import Margin
from domain.subsections import Petitioner
from domain.verdict import Outcome, Verdict

NOT_LEGAL_ADVICE = "not legal advice"

HEADLINES = {
    Outcome.AVAILABLE: "Recount available",
    Outcome.TIE: "Tie: recounted as if petitioned",
    Outcome.NOT_AVAILABLE: "Recount not available: margin too large",
    Outcome.DEADLINE_PASSED: "Deadline passed",
    Outcome.PETITION_SHORT: "Petition short",
}


@dataclass(frozen=True, slots=True)
class Explanation:
    headline: str
    summary: str
    contest: str  # "County office · Mont. Code Ann. § 13-16-201(1)"
    margin_lines: tuple[str, ...]
    deadline_lines: tuple[str, ...]
    petition_lines: tuple[str, ...]
    related_lines: tuple[str, ...]
    citation: str
    quotes: tuple[str, ...]
    edition: str
    as_of: str  # "as of Sun Nov 29, 2026, Mountain Time · not legal advice"


def _votes(n: int) -> str:
    return f"{n:,} vote" if n == 1 else f"{n:,} votes"


def _days(n: int) -> str:
    return f"{n} day" if n == 1 else f"{n} days"


def _standings_line(m: Margin, seats: int) -> str:
    parts = []
    for s in m.standings:
        mark = ""
        if m.tie_at_cut and s.votes == m.ahead.votes:
            mark = " (tied for the last seat)"
        elif s.won:
            mark = " (won)"
        parts.append(f"{s.name} {s.votes:,}{mark}")
    seats_note = f" · {seats} seats" if seats > 1 else ""
    return ", ".join(parts) + seats_note


def _margin_lines(v: Verdict) -> tuple[str, ...]:
    m = v.margin
    if m is None:
        return (
            "No margin test: a canvass board that finds an error may petition whatever the margin.",
        )
    lines: list[str] = []
    inputs = v.inputs
    if isinstance(inputs, CandidateRace):
        lines.append(_standings_line(m, inputs.seats))
        behind_whom = (
            m.ahead.name
            if inputs.seats == 1
            else f"{m.ahead.name}, the last of {inputs.seats} winners"
        )
        cast = f"{m.total_votes:,} votes cast" + (
            " for the position (write-ins included)" if inputs.total is not None else ""
        )
        if m.margin == 0:
            lines.append(f"{m.behind.name} is tied with {behind_whom}, out of {cast}.")
        else:
            lines.append(
                f"{m.behind.name} is {_votes(m.margin)} behind {behind_whom} "
                f"({m.ahead.votes:,} - {m.behind.votes:,}), out of {cast}."
            )
    else:
        sides = {side.name: side.votes for side in (m.ahead, m.behind)}
        lines.append(f"For {sides['for']:,} · Against {sides['against']:,}")
        if m.margin == 0:
            lines.append(f"The question is tied, out of {m.total_votes:,} votes cast.")
        else:
            lines.append(
                f'"{m.ahead.name.capitalize()}" leads by {_votes(m.margin)} '
                f"({m.ahead.votes:,} - {m.behind.votes:,}), out of {m.total_votes:,} votes cast."
            )
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
    if m.qualifies:
        lines.append(f"{m.margin:,} ≤ {m.max_qualifying_margin:,}: the margin qualifies.")
    else:
        lines.append(f"{m.margin:,} > {m.max_qualifying_margin:,}: the margin does not qualify.")
    return tuple(lines)


def _deadline_lines(v: Verdict) -> tuple[str, ...]:
    if not v.rule.has_deadline:
        return ("No filing window: the board may petition immediately.",)
    d = v.deadline
    lines: list[str] = []
    if d is not None:
        if d.readings_differ:
            lines.append(
                f"File by {long_date(d.deadline_safe)} to be safe under every reading; "
                f"{long_date(d.deadline)} is timely if 1-1-307 applies."
            )
        else:
            lines.append(f"Last day to file: {long_date(d.deadline)}.")
        lines.append(f"How: {d.trace()}")
        days_left, safe_left = v.days_left, v.days_left_safe
        assert days_left is not None and safe_left is not None  # there is a deadline
        if days_left < 0:
            lines.append(f"That deadline passed {_days(-days_left)} ago.")
        elif d.readings_differ and safe_left < 0:
            lines.append(
                f"The safe date has passed; {long_date(d.deadline)} is timely only if 1-1-307 "
                "applies."
            )
        elif safe_left == 0:
            lines.append("Today is the last day to file.")
        else:
            lines.append(f"{_days(safe_left)} from today ({long_date(v.today)}) to the last day.")
    lines.extend(v.notes)
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
    rule = v.rule
    who = rule.who_petitions
    if rule.petitioner is Petitioner.DEFEATED_CANDIDATE and v.margin is not None:
        who = f"{v.margin.behind.name}, as {who}"
    lines = [f"Who petitions: {who}."]
    if rule.file_with is not None:
        lines.append(f"File with: {rule.file_with.label}.")
    for line in (
        _figure_line("Signers", rule.min_signers, v.petition.signers),
        _figure_line("Counties the signers represent", rule.min_counties, v.petition.counties),
    ):
        if line is not None:
            lines.append(line)
    if rule.after_filing is not None:
        lines.append(f"After filing: {rule.after_filing}.")
    return tuple(lines)


def _summary(v: Verdict) -> str:
    m = v.margin
    rule = v.rule
    outcome = v.outcome
    if m is None:  # (7): no margin test
        return (
            "The county canvass board may petition the election administrator for a recount "
            "immediately."
        )
    if outcome is Outcome.NOT_AVAILABLE:
        return (
            f"A margin of {_votes(m.margin)} is more than the {m.max_qualifying_margin:,} that "
            f"qualify under {v.subsection.code}."
        )
    if outcome is Outcome.TIE:
        return (
            "The count is tied. A certified tie is recounted as if a petition had been filed "
            "(13-16-203), so no petition is needed."
        )
    if outcome is Outcome.DEADLINE_PASSED:
        assert v.deadline is not None
        return (
            f"The margin qualifies, but the last day to file was {long_date(v.deadline.deadline)}."
        )
    if outcome is Outcome.PETITION_SHORT:
        return "The margin qualifies, but the petition does not have enough signers or counties."
    when = ""
    if v.deadline is not None:
        when = f" by {long_date(v.deadline.deadline_safe)}"
    where = "" if rule.file_with is None else f" with {rule.file_with.label}"
    return (
        f"The margin of {_votes(m.margin)} qualifies (up to {m.max_qualifying_margin:,}). "
        f"File{where}{when}."
    )


def explain(verdict: Verdict) -> Explanation:
    return Explanation(
        headline=HEADLINES[verdict.outcome],
        summary=_summary(verdict),
        contest=f"{verdict.info.label[0].upper()}{verdict.info.label[1:]} · "
        f"{verdict.subsection.citation}",
        margin_lines=_margin_lines(verdict),
        deadline_lines=_deadline_lines(verdict),
        petition_lines=_petition_lines(verdict),
        related_lines=tuple(f"{r.section}: {r.summary}" for r in verdict.related),
        citation=verdict.subsection.citation,
        quotes=tuple(q.text for q in verdict.quotes),
        edition=verdict.edition,
        as_of=f"as of {long_date(verdict.today)}, Mountain Time · {NOT_LEGAL_ADVICE}",
    )

"""A scan as JSON (scan.md), as CSV (one row per contest) and as a ranked text report.

Every verdict in them is `domain.verdict_json` / `domain.explain` of the contest's Verdict:
the same words and numbers `recount check` gives for the same inputs.
"""

from __future__ import annotations

import csv
import io
import textwrap
from typing import Any, Final

from domain import Outcome, verdict_json
from domain.deadline import long_date
from domain.explain import explain
from domain.related import BOND_RECOUNT
from handlers.results.scan import Scan, ScannedContest

WIDTH: Final = 92
_SECTIONS: Final = (
    (Outcome.AVAILABLE, "Recount available"),
    (Outcome.TIE, "Ties"),
    (Outcome.BOND, f"{BOND_RECOUNT.section} bond band"),
)
CSV_COLUMNS: Final = (
    "title",
    "kind",
    "subsection",
    "choices and votes",
    "margin",
    "max qualifying margin",
    "outcome",
    "deadline",
    "safe deadline",
    "attention",
)


def _iso(value: object) -> str | None:
    return None if value is None else str(value)


def contest_json(scanned: ScannedContest) -> dict[str, Any]:
    c = scanned.contest
    return {
        "key": c.key,
        "title": c.title,
        "party": c.party,
        "county": c.county,
        "precinct": c.precinct,
        "kind": None if c.kind is None else c.kind.value,
        "kind_from": c.kind_from,
        "seats": c.seats,
        "seats_from": c.seats_from,
        "coverage": c.coverage,
        "unopposed": c.unopposed,
        "choices": [{"name": x.name, "party": x.party, "votes": x.votes} for x in c.choices],
        "total_votes": c.total_votes,
        "verdict": None if scanned.verdict is None else verdict_json(scanned.verdict),
        "notes": list(c.notes),
        "attention": list(c.attention),
    }


def scan_json(result: Scan) -> dict[str, Any]:
    options = result.options
    return {
        "canvass": _iso(options.canvass),
        "today": options.today.isoformat(),
        "election": result.election,
        "files": [
            {
                "name": f.name,
                "format": f.format,
                "contests": len({t.key for t in f.tallies}),
            }
            for f in result.files
        ],
        "contests": [contest_json(c) for c in result.contests],
        "summary": result.summary(),
    }


def _choices(scanned: ScannedContest) -> str:
    return "; ".join(f"{x.name} {x.votes:,}" for x in scanned.contest.choices)


def scan_csv(result: Scan) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for scanned in result.contests:
        c, v = scanned.contest, scanned.verdict
        m = None if v is None else v.margin
        d = None if v is None else v.deadline
        writer.writerow(
            (
                c.label,
                "" if c.kind is None else c.kind.value,
                "" if v is None else v.subsection.code,
                _choices(scanned),
                "" if m is None else m.margin,
                "" if m is None else m.max_qualifying_margin,
                "unopposed" if c.unopposed else ("" if v is None else v.outcome.value),
                "" if d is None else d.deadline.isoformat(),
                "" if d is None else d.deadline_safe.isoformat(),
                " | ".join(c.attention),
            )
        )
    return out.getvalue()


def _wrap(line: str, indent: str = "  ", then: str | None = None) -> list[str]:
    following = then if then is not None else indent + "  "
    return textwrap.wrap(line, WIDTH, initial_indent=indent, subsequent_indent=following)


def contest_lines(scanned: ScannedContest) -> list[str]:
    """One contest: its headline, read-as, margin and deadline, as `recount check` says them."""
    v = scanned.verdict
    if v is None:
        return _wrap(f"{scanned.contest.label}: {_choices(scanned)}")
    e = explain(v)
    lines = _wrap(f"{e.outcome} — {scanned.contest.label}")
    lines += _wrap(e.summary, "    ")
    if v.margin is not None:
        lines += _wrap(e.margin_lines[-1], "    ")
    for note in e.current_law:  # where today's code differs, as the full verdict says it
        lines += _wrap(note, "    ")
    return lines


def scan_text(result: Scan, *, show_all: bool = False) -> str:
    summary = result.summary()
    formats = sorted({f.format for f in result.files})
    out = [
        f"Scanned {len(result.files)} file{'s' if len(result.files) != 1 else ''} "
        f"({', '.join(formats)}): {summary['contests']} contests, {summary['with_verdict']} "
        f"with a verdict; {summary['recount_available']} recount available, {summary['ties']} "
        f"ties, {summary['bond_band']} in the bond band, {summary['attention']} need a person.",
    ]
    canvass = result.options.canvass
    out.append(
        f"Deadlines from the official canvass of {long_date(canvass)}."
        if canvass is not None
        else "No canvass date given: no deadlines (add --canvass DATE)."
    )
    shown: set[int] = set()
    for outcome, title in _SECTIONS:
        found = [c for c in result.contests if c.outcome is outcome]
        if found:
            out += ["", f"{title} ({len(found)})"]
            for scanned in found:
                out += contest_lines(scanned)
                shown.add(id(scanned))
    attention = [c for c in result.contests if c.contest.attention and id(c) not in shown]
    if attention:
        out += ["", f"Need a person ({len(attention)})"]
        for scanned in attention:
            out += _wrap(f"{scanned.contest.label}:")
            for reason in scanned.contest.attention:
                out += _wrap(reason, "    - ", "      ")
            shown.add(id(scanned))
    rest = [c for c in result.contests if id(c) not in shown]
    if show_all and rest:
        out += ["", f"Everything else ({len(rest)})"]
        for scanned in rest:
            out += (
                contest_lines(scanned)
                if scanned.verdict
                else _wrap(
                    f"{scanned.contest.label}: "
                    + (
                        "unopposed"
                        if scanned.contest.unopposed
                        else "; ".join(scanned.contest.notes) or _choices(scanned)
                    )
                )
            )
    elif rest:
        unopposed = sum(c.contest.unopposed for c in rest)
        out += [
            "",
            f"{len(rest)} other contests: {len(rest) - unopposed} outside the margin or with "
            f"nothing to petition, {unopposed} unopposed (--all lists them).",
        ]
    return "\n".join(out) + "\n"

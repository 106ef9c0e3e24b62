"""The verdict as the JSON object of recount-rules.md section 9 (and a few more keys)."""

from __future__ import annotations

from datetime import date
from enum import StrEnum
from typing import Any, Final

from domain.input_fields import FAMILY_FIELDS
from domain.read_as import read_as
from domain.verdict import Verdict


def _iso(day: date | None) -> str | None:
    return None if day is None else day.isoformat()


def _code(value: StrEnum | None) -> str | None:
    return None if value is None else value.value


# The keys that show the work: the most of the JSON's cost to write (about 50 of 77 us a
# quick check, make bench). A reader of the facts alone (Slack message metadata) asks
# without them.
WORK_KEYS: Final = frozenset(
    {"read_as", "deadline_trace", "deadline_safe_trace", "quoted_text", "current_law"}
    | {"law_rows", "about"}
)
_LEFT_OUT: Final[Any] = object()


def verdict_json(verdict: Verdict, *, work: bool = True) -> dict[str, Any]:
    """`work=False`: the same object without WORK_KEYS, which are then not computed."""
    m = verdict.margin
    d = verdict.deadline
    rule = verdict.rule
    out: dict[str, Any] = {
        "eligible": verdict.eligible,
        "kind": verdict.kind.value,
        "subsection": verdict.subsection.code,
        "citation": verdict.subsection.citation,
        "margin": None if m is None else m.margin,
        "total_votes": None if m is None else m.total_votes,
        "threshold": None if m is None else m.threshold_text,
        "max_qualifying_margin": None if m is None else m.max_qualifying_margin,
        "margin_qualifies": verdict.margin_qualifies,
        "deadline": _iso(None if d is None else d.deadline),
        "deadline_safe": _iso(None if d is None else d.deadline_safe),
        "deadline_passed": verdict.deadline_passed,
        "file_with": _code(verdict.file_with),
        "petitioner": _code(verdict.petitioner),
        "signers_required": None if rule.min_signers is None else rule.min_signers.value,
        "counties_required": None if rule.min_counties is None else rule.min_counties.value,
        "petition_sufficient": verdict.petition.sufficient,
        "related": [r.section for r in verdict.related],
        "outcome": verdict.outcome.value,
        "days_left": verdict.days_left,
        "days_left_safe": verdict.days_left_safe,
        "act_by": _iso(verdict.act_by),
        "only_if_1_1_307": verdict.only_if_1_1_307,
        "read_as": read_as(verdict.inputs) if work else _LEFT_OUT,
        # More than section 9 asks for: what a caller needs to show its work.
        "today": verdict.today.isoformat(),
        "deadline_trace": _LEFT_OUT if not work else None if d is None else d.trace(),
        "deadline_safe_trace": (
            _LEFT_OUT if not work else None if d is None else d.trace(safe=True)
        ),
        "after_filing": verdict.after_filing,
        "quoted_text": ({q.subsection.code: q.text for q in verdict.quotes} if work else _LEFT_OUT),
        "edition": verdict.edition,
        "notes": [n.text for n in verdict.notes],
        # Where today's code differs from the 1987 text, each with its source and confidence.
        "current_law": [n.as_json() for n in verdict.current_law] if work else _LEFT_OUT,
        "also_qualify": [a.as_json() for a in verdict.also_qualify],
        "law_in_force": verdict.law_in_force.isoformat(),
        # the dated rows that bear on this verdict, each as it stood on the day it is read on
        # (domain.editions: the canvass day, or the day of filing for who files and where)
        "law_rows": (
            [row.as_json(verdict.day_of(row)) for row in verdict.law_rows] if work else _LEFT_OUT
        ),
        "act_by_if_closed": _iso(verdict.act_by_if_closed),
        "file_from": _iso(verdict.file_from),
        "counts_from": verdict.counts_from.value,
        "not_legal_advice": True,
        # what the check is about (domain.about): county, election, party, contest, as of
        "about": verdict.about.as_json() if work else _LEFT_OUT,
    }
    if m is not None and m.standings:
        # What the check settled: which defeated candidate, behind which winner.
        out["candidate"] = m.behind.name
        out["last_winner"] = m.ahead.name
        out["standings"] = [
            {"name": s.name, "votes": s.votes, "place": s.place, "won": s.won} for s in m.standings
        ]
    # Then every input field of the shape, as given (declared once, in domain.inputs).
    given = verdict.inputs.model_dump(mode="json")
    for field in FAMILY_FIELDS[verdict.info.family]:
        out.setdefault(field.key, given[field.key])
    if not work:
        return {key: value for key, value in out.items() if value is not _LEFT_OUT}
    return out

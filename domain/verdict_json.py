"""The verdict as the JSON object of recount-rules.md section 9 (and a few more keys)."""

from __future__ import annotations

from datetime import date
from typing import Any

from domain.inputs import BallotQuestion, CandidateRace
from domain.verdict import Verdict


def _iso(day: date | None) -> str | None:
    return None if day is None else day.isoformat()


def verdict_json(verdict: Verdict) -> dict[str, Any]:
    m = verdict.margin
    d = verdict.deadline
    rule = verdict.petition
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
        "file_with": rule.file_with.value,
        "petitioner": rule.petitioner.value,
        "signers_required": rule.signers_required,
        "counties_required": rule.counties_required,
        "petition_sufficient": verdict.petition_sufficient,
        "related": [r.section for r in verdict.related],
        # More than section 9 asks for: what a caller needs to show its work.
        "outcome": verdict.outcome.value,
        "today": verdict.today.isoformat(),
        "canvass": _iso(verdict.inputs.canvass),
        "days_left": verdict.days_left,
        "deadline_trace": None if d is None else d.trace(),
        "deadline_safe_trace": None if d is None else d.trace(safe=True),
        "after_filing": rule.after_filing,
        "quoted_text": {q.subsection.code: q.text for q in verdict.quotes},
        "edition": verdict.edition,
        "notes": list(verdict.notes),
        "not_legal_advice": True,
    }
    inputs = verdict.inputs
    if isinstance(inputs, CandidateRace) and m is not None:
        out["seats"] = inputs.seats
        out["candidate"] = m.behind[0]
        out["last_winner"] = m.ahead[0]
        out["standings"] = [
            {"name": s.name, "votes": s.votes, "place": s.place, "won": s.won} for s in m.standings
        ]
    if isinstance(inputs, BallotQuestion):
        out["votes_for"] = inputs.votes_for
        out["votes_against"] = inputs.votes_against
        out["signers"] = inputs.signers
        out["counties"] = inputs.counties
    return out

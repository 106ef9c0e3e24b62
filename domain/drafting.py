"""Whether a petition can be drafted for a verdict, and where it cannot, why, in plain words:
the Slack message offers its Petition draft button only where this says None, and the draft
itself (handlers.paper.petition) refuses with the same words."""

from __future__ import annotations

from domain.verdict import Outcome, Verdict


def why_no_petition(verdict: Verdict) -> str | None:
    """Why nothing is drafted (a tie, a margin too large, a board that requires, a window
    closed), or None where a petition can be filed."""
    match verdict.outcome:
        case Outcome.TIE:
            return "a tie is recounted as if a petition had been filed: no petition is needed"
        case Outcome.NOT_AVAILABLE:
            return "the margin is too large: nothing can be petitioned under 13-16-201"
        case Outcome.DEADLINE_PASSED:
            return "the last day to file has passed: there is nothing to file"
        case Outcome.CANVASS_BOARD if not verdict.to_file:
            return "under the law in force the canvass board requires a recount: no petition"
    return None if verdict.to_file else "there is nothing to file for this verdict"

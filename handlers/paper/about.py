"""The heading every paper opens with: what it is about (issue 33). One helper, so the
record, the petition drafts and the recount kit name the county, the election, the party of
a nomination, the office or question and the as-of day alike, and leave the same blank line
to fill by hand where nobody said it (never a guess: domain.about).

    about_rows(verdict.about)  ->  (("County", "Gallatin County"), ("Election", BLANK), ...)
    about_lines(verdict.about) ->  ["County: Gallatin County", "Election: ________", ...]

A paper without a Verdict (the kit, from a results file) builds its own `About`.
"""

from __future__ import annotations

from typing import Final

from domain.about import About, election_words
from domain.deadline import long_date
from domain.kinds import KINDS, Family

BLANK: Final = "____________________"  # room to write a name or a date by hand


def _contest_label(about: About) -> str:
    if about.family is Family.CANDIDATE_RACE:
        return "Office"
    if about.family is Family.BALLOT_QUESTION:
        return "Question"
    return "Office or question"


def _election(about: About) -> str:
    """The election as far as it is known, with a blank for the part that is not."""
    if about.election is not None and about.election_type is not None:
        return election_words(about) or BLANK
    if about.election is not None:
        return f"{BLANK} election (type) of {long_date(about.election)}"
    if about.election_type is not None:
        return f"{election_words(about)} of {BLANK} (date)"
    return f"{BLANK} (type and date)"


def _party(about: About) -> tuple[str, str] | None:
    """The nomination's party: said where given; a blank where it may be a primary and
    nobody said; no line where the election is said not to be a primary, for a school
    election (nonpartisan), or for a question."""
    if about.family not in (Family.CANDIDATE_RACE, None):
        return None
    if about.kind is not None and KINDS[about.kind].school:
        return None  # school elections are nonpartisan: no party to nominate for
    if about.party is not None:
        return ("Party (nomination)", about.party)
    if about.primary is True:
        return ("Party (nomination)", BLANK)
    if about.primary is None:
        return ("Party, if a primary's nomination", BLANK)
    return None


def _county(about: About) -> tuple[str, str]:
    """The county as given; where it is not, a statewide contest's jurisdiction is the
    state (no county blank to fill), and one that may span counties leaves room for them."""
    if about.county:
        return ("County", f"{about.county} County")
    info = None if about.kind is None else KINDS[about.kind]
    if info is not None and info.statewide:
        return ("Jurisdiction", "State of Montana (statewide)")
    if info is not None and info.multi_county:
        return ("County or counties", f"{BLANK} (each county that voted on it)")
    return ("County", f"{BLANK} County")


def about_rows(about: About) -> tuple[tuple[str, str], ...]:
    """The heading's (label, value) rows, in order; a blank where a fact is not known."""
    rows = [
        _county(about),
        ("Election", _election(about)),
    ]
    party = _party(about)
    if party is not None:
        rows.append(party)
    rows += [
        (_contest_label(about), about.contest or BLANK),
        ("As of", long_date(about.as_of)),
    ]
    return tuple(rows)


def about_lines(about: About) -> list[str]:
    """The heading as lines of text: "County: Gallatin County", "As of: Wed Nov 18, 2026"."""
    return [f"{label}: {value}" for label, value in about_rows(about)]

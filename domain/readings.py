"""Readings the canvass scan applies beyond 13-16-201, as data: what each says, its source and
how sure we are (shared/statute/related.md). Beside domain.current_law, in the same shape.

The scan's title rules (domain.titles) are readings too: rules of ours written from titles
seen in real exports; a title they do not settle goes to a person.
"""

from __future__ import annotations

from typing import Final

from domain.citations import Cited
from domain.current_law import Confidence, CurrentLawNote, Shown

# In a nonpartisan primary the two highest per seat advance (a summary; the section not seen).
NONPARTISAN_ADVANCE_PER_SEAT: Final = Cited(
    2,
    "nonpartisan judicial primary (related.md: Ballotpedia's summary; the section not seen)",
    "the two candidates with the most votes advance to the general election",
)

NONPARTISAN_PRIMARY: Final = CurrentLawNote(
    code="nonpartisan_primary_two_advance",
    section="nonpartisan judicial primary",
    says=(
        f"in a nonpartisan primary the {NONPARTISAN_ADVANCE_PER_SEAT.value} candidates with the "
        "most votes for a seat advance, so the defeated candidate is the third; with only two "
        "candidates for a seat both advance. A --seats answer overrides this"
    ),
    source="a secondary summary (Ballotpedia); the section itself not seen",
    confidence=Confidence.SECONDARY,
    shown=Shown.RELATED,
)
SUPREME_COURT_2025: Final = CurrentLawNote(
    code="supreme_court_nomination_bill_2025",
    section="13-14-211, 13-14-212, a 2025 bill",
    says=(
        "a 2025 bill proposed partisan nomination of supreme court justices; whether it passed "
        "is not known, so the two-advance reading is used here. Confirm with the Secretary of "
        "State"
    ),
    source="a bill summary; whether the bill passed is not known",
    confidence=Confidence.STATUS_UNKNOWN,
    shown=Shown.RELATED,
)
RETENTION: Final = CurrentLawNote(
    code="retention_reading",
    section="3-1-1014(3), 13-14-212",
    says=(
        "a retention vote is read as the judge against rejection: a rejected judge is the "
        "defeated candidate and may petition; a retained judge leaves nobody to petition. No "
        "text we saw settles this: this reading is ours"
    ),
    source="3-1-1014(3) (quoted in a 2018 news report) and 13-14-212 (MCA 2021); the reading "
    "itself is ours",
    confidence=Confidence.OUR_READING,
    shown=Shown.RELATED,
)
RETAINED: Final = (
    "retained: nobody can petition under 13-16-201, which gives the petition to a defeated "
    "candidate"
)
BOTH_ADVANCE: Final = "nonpartisan primary: both candidates advance; nothing to recount"
EVERY_ADVANCES: Final = "nonpartisan primary: every candidate advances; nothing to recount"

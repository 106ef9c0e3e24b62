"""The canvass scan's law: the readings it applies beyond 13-16-201, as data (what each says,
its source and how sure we are, shared/statute/related.md, beside domain.current_law in the
same shape), and the decisions it makes from them: a contest spanning counties, who advances
from a nonpartisan primary, a retention vote read as a race, and which canvass starts the
window. handlers.results reads files into contests and asks these; it decides none of them.

The scan's title rules (domain.titles) are readings too: rules of ours written from titles
seen in real exports; a title they do not settle goes to a person.
"""

from __future__ import annotations

import re
from enum import Enum
from types import MappingProxyType
from typing import Final

from domain.citations import BOND_RECOUNT_SHARE, Cited, within
from domain.current_law import Confidence, CurrentLawNote, Shown
from domain.kinds import KINDS, ContestKind, KindInfo
from domain.routes import SCHOOL, route_of

# In a nonpartisan primary the two highest per seat advance (a summary; the section not seen).
NONPARTISAN_ADVANCE_PER_SEAT: Final = Cited(
    2,
    "13-14-117 (nonpartisan primary; text seen)",
    "the nominees are the candidates, equal to twice the number to be elected, who receive "
    "the most votes",
)

NONPARTISAN_PRIMARY: Final = CurrentLawNote(
    code="nonpartisan_primary_two_advance",
    section="13-14-117",
    says=(
        f"in a nonpartisan primary the {NONPARTISAN_ADVANCE_PER_SEAT.value} candidates with the "
        "most votes for a seat advance, so the defeated candidate is the third; with only two "
        "candidates for a seat both advance. A --seats answer overrides this"
    ),
    source="13-14-117 (official text, history through 2011)",
    confidence=Confidence.TEXT_SEEN,
    shown=Shown.RELATED,
)
# The same rule, as a typed check's `nonpartisan primary` item says it (no --seats there).
NONPARTISAN_PRIMARY_CHECKED: Final = (
    f"Nonpartisan primary (13-14-117, text seen): {NONPARTISAN_ADVANCE_PER_SEAT.value} advance "
    "for each seat, so the margin is measured from the last who advances to the defeated "
    "candidate."
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
# A special election (the 2017 US House vacancy): 13-16-201 names no election, and our sources
# hold no recount rule of a special election's own (related.md names only the special
# district election, 13-1-505), so its contests are read as a general election's.
SPECIAL_ELECTION: Final = (
    "a special election elects one winner a seat and nominates nobody: its contests are read "
    "as a general election's (13-16-201 names no election, and no recount rule of a special "
    "election's own was found in our sources; our reading)"
)
RECOUNT_RESULT: Final = (
    "the result of a recount already made: 13-16-201 gives no second petition, and no window "
    "opens; the next remedy is probably an election contest (13-36-101; not in our sources: "
    "ask the county attorney)"
)
BOTH_ADVANCE: Final = "nonpartisan primary: both candidates advance; nothing to recount"
EVERY_ADVANCES: Final = "nonpartisan primary: every candidate advances; nothing to recount"


# --- the scan's decisions, each from the readings above -------------------------------------

# A one-county kind seen in several counties' files is the wider kind of the same family
# (13-16-201(1) -> (2), (3) -> (5)); the other one-county kinds have no wider row to go to.
SPANNING: Final = MappingProxyType(
    {
        ContestKind.DISTRICT: ContestKind.MULTICOUNTY_DISTRICT,
        ContestKind.QUESTION: ContestKind.MULTICOUNTY_QUESTION,
    }
)
# (2), (4) and (5) kinds voted on statewide: a county's file holds only its share.
STATEWIDE: Final = (ContestKind.STATE, ContestKind.CONGRESSIONAL, ContestKind.STATE_QUESTION)
# Montana elects two U.S. representatives by district since 2022 (one at large before).
_HOUSE_DISTRICT: Final = re.compile(
    r"\bDIST(RICT)?\b|\b(1ST|2ND|FIRST|SECOND)\b|\b[12]\s*$", re.IGNORECASE
)


def is_statewide(kind: ContestKind, title: str) -> bool:
    """Voted on in all 56 counties: a state office or question, a U.S. senator, a U.S.
    representative at large; not the 1st or 2nd congressional district."""
    if kind is ContestKind.CONGRESSIONAL:
        return not _HOUSE_DISTRICT.search(title)
    return kind in STATEWIDE


# How results files write "no party" for a nonpartisan contest (OpenElections, the SOS).
# How files spell "nonpartisan", once spaces, dots, hyphens and case are set aside: `NON`,
# `NonPart` (OpenElections 2018), `NP`, `Non-Partisan`, `NONPARTISAN`.
NONPARTISAN_PARTIES: Final = frozenset({"np", "non", "nonpart", "nonpartisan"})
_SPELLING: Final = re.compile(r"[\s.\-_]")


class Spanning(Enum):
    WIDER = "wider"  # the wider kind of the same family (SPANNING)
    JOINT_SCHOOL = "joint school"  # a joint school district: today's school subsection not seen
    ASK = "ask"  # no wider row: a person says which kind it is


def when_spanning(kind: ContestKind) -> Spanning:
    """What a one-county kind seen in several counties is."""
    if kind in SPANNING:
        return Spanning.WIDER
    if route_of(KINDS[kind]) is SCHOOL:
        return Spanning.JOINT_SCHOOL
    return Spanning.ASK


def may_be_joint_school(kind: ContestKind) -> bool:
    """A school kind whose title names several counties: a joint district's election."""
    return route_of(KINDS[kind]) is SCHOOL


def is_nonpartisan(party: str | None, primary: bool, judicial: bool) -> bool:
    """A nonpartisan contest: its party says so, or a judicial office in a primary with no
    party (judicial offices are nonpartisan)."""
    return _SPELLING.sub("", (party or "").lower()) in NONPARTISAN_PARTIES or (
        primary and not party and judicial
    )


def advancing(seats: int) -> int:
    """How many advance from a nonpartisan primary for `seats` seats."""
    return NONPARTISAN_ADVANCE_PER_SEAT.value * seats


def nobody_defeated(candidates: int, advance: int) -> bool:
    """Every candidate of a nonpartisan primary advances: nothing to recount."""
    return 1 < candidates <= advance


class RetentionResult(Enum):
    RETAINED = "retained"  # nobody is defeated: nobody can petition (RETAINED)
    TIED = "tied"  # a person decides: who, `tied_retention` says
    REJECTED = "rejected"  # the judge is the defeated candidate (RETENTION)


# A retained judge's close vote is never hidden (scan.md): within 1/2 of 1% it is listed.
CLOSE_RETENTION: Final = (
    "whether a retention vote can be recounted is not settled by any text we saw: a retention "
    "is also a question submitted to the vote of the people, which would make it an electors' "
    "petition under (3)-(5) [our reading]; the court route of 13-16-301 (an elector's "
    "application to the district court of the elector's county, within 5 days after the "
    "canvass; text seen) is open to a ballot issue"
)


def close_retention(yes: int, no: int) -> bool:
    """A retention vote decided by not more than 1/2 of 1% of the votes cast on it."""
    total = yes + no
    return total > 0 and abs(yes - no) <= BOND_RECOUNT_SHARE.value * total


def close_on_partial(margin: int, total: int) -> bool:
    """A margin on a partial reading within 1/2 of 1% of the votes counted so far (13-16-211's
    band and under it): listed by name as close, since the precincts still to come can put
    it in either band or take it out of both (scan.md, "A partial reading decides nothing").
    Ours: a watch list, not a verdict."""
    return total > 0 and within(margin, BOND_RECOUNT_SHARE.value, total)


def tied_retention(info: KindInfo) -> str:
    """A tied retention vote, asked of the office that certifies it: the Secretary of State
    for a judge voted on in several counties (a district court may span them, the supreme
    court is statewide), the county's election administrator for one voted on in one county
    (a justice of the peace, a city judge: 13-15-405(4) has the county canvass board certify
    a one-county tie to it). Whether a tied retention is recounted is in no text we saw."""
    who = (
        "the Secretary of State"
        if info.multi_county
        else "the election administrator, whose county canvass board certifies a one-county "
        "tie (13-15-405(4)), and the county attorney"
    )
    return (
        "a tied retention vote: whether and how it is recounted is not settled by any text we "
        f"saw; ask {who}"
    )


def retention_result(yes: int, no: int) -> RetentionResult:
    if yes > no:
        return RetentionResult.RETAINED
    if yes == no:
        return RetentionResult.TIED
    return RetentionResult.REJECTED


def retention_as_race(judge: str, yes: int, no: int) -> tuple[tuple[str, int], ...]:
    """A rejected judge's retention vote as a race (the RETENTION reading): the judge against
    rejection, the judge the defeated candidate."""
    return (("rejection", no), (judge, yes))

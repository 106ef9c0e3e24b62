"""The routes to a recount beside 13-16-201's seven rows (domain.subsections.RULES), each a row
with its citation, the date its law took effect where related.md gives one, and how sure we are:

- STATUTE: the 1987 rows as they stand: the row's own office, the county recount board,
  13-16-203's tie rule, the county canvass (or the state canvass, domain.related).
- SCHOOL: today's school-election subsection (13-16-201(2), Ch. 347, L. 2013, effective
  Apr 30, 2013), for the school kinds: another office, another board, another tie rule and
  another canvass. Its own text was not seen; the rest comes from neighbouring sections.
- BOND: 13-16-211, a recount with a bond for a candidate defeated by more than 13-16-201's
  margin but not more than 1/2 of 1%, in the same 5 days, petitioned at the office that took
  the candidate's declaration for nomination (13-10-201(2)).

`check()` picks the route (Verdict.route): what a verdict says of offices, boards, ties and
today's code is read from the route's row, never from a flag.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Final

from domain.citations import BOND_RECOUNT_SHARE, PETITION_WINDOW_DAYS, Cited
from domain.confidence import Confidence
from domain.current_law import SCHOOL_ELECTIONS, CurrentLawNote, bond_filing
from domain.editions import SCHOOL_SUBSECTION, DatedRow, InForce
from domain.kinds import KindInfo
from domain.related import (
    BOND_RECOUNT,
    COUNTY_RECOUNT_BOARD,
    QUESTION_TIE_RECOUNT,
    SCHOOL_CANVASS_NOTE,
    SCHOOL_QUESTION_TIE,
    SCHOOL_RECOUNT_BOARD,
    SCHOOL_TIE,
    TIE_RECOUNT,
    RelatedProvision,
    board_convenes,
    statute_canvass_note,
)
from domain.subsections import FileWith, SubsectionRule


@dataclass(frozen=True, kw_only=True)
class Route:
    """Who takes a 13-16-201 petition, who recounts, and how a tie goes, for a family of kinds."""

    key: str  # stable: the JSON and the tests name a route by it
    section: str  # its citation
    # The dated row that brought it (domain.editions), read on the day of filing (`route_of`);
    # None: the 1987 text we implement.
    row: DatedRow | None
    confidence: Confidence  # as related.md has it
    file_with: FileWith | None  # None: the subsection row's own office
    # Where the candidate's declaration for nomination went, and so a 13-16-211 petition
    # (13-10-201(2)); None: the subsection row's own office, as 13-10-201(2) has it.
    nomination_office: FileWith | None
    recount_board: str  # who is notified and recounts, in our words
    tie: RelatedProvision  # how a certified tie is recounted
    question_tie: RelatedProvision  # how a tied (3) question is recounted (13-15-405(4))
    tie_for_any_seat: bool  # the tie rule speaks of any tied seat, not only of a tied race
    canvass_note: str | None  # which canvass starts the window, where it is this route's own
    current_law: tuple[CurrentLawNote, ...]  # what today's code says of this route
    # Where today's code puts the route's petitions, where it is a subsection of its own
    # ("(2)" of 13-16-201 for school elections); None: the row's own `current_number`.
    current_number: str | None = None

    @property
    def took_effect(self) -> date | None:
        """The day its row took effect; None: the 1987 text."""
        return None if self.row is None else self.row.in_force_from

    def office(self, rule: SubsectionRule) -> FileWith | None:
        """Where a 13-16-201 petition of this route is filed."""
        return self.file_with or rule.file_with


STATUTE: Final = Route(
    key="statute",
    section="13-16-201 (1987)",
    row=None,
    confidence=Confidence.SHIPPED,
    file_with=None,
    nomination_office=None,
    recount_board=COUNTY_RECOUNT_BOARD,
    tie=TIE_RECOUNT,
    question_tie=QUESTION_TIE_RECOUNT,
    tie_for_any_seat=False,
    canvass_note=None,
    current_law=(),
)
SCHOOL: Final = Route(
    key="school",
    section=SCHOOL_ELECTIONS.section,
    row=SCHOOL_SUBSECTION,
    confidence=SCHOOL_ELECTIONS.confidence,
    file_with=FileWith.SCHOOL_ELECTION_FILING_OFFICER,
    nomination_office=FileWith.SCHOOL_DISTRICT_CLERK,
    recount_board=SCHOOL_RECOUNT_BOARD,
    tie=SCHOOL_TIE,
    question_tie=SCHOOL_QUESTION_TIE,  # "a tie in a school election": recounted first
    tie_for_any_seat=True,
    canvass_note=SCHOOL_CANVASS_NOTE,
    current_law=(SCHOOL_ELECTIONS,),
    current_number="(2)",  # related.md: "(none) | (2) school elections (2013)"
)


# The routes a verdict can take (`route_of`, Verdict.route): a table keyed by route
# (domain.explain.SUMMARIES) has a cell for each.
ROUTES: Final = (STATUTE, SCHOOL)


# Who recounts a school election's 13-16-211 band (related.md, text seen (MCA 2021)).
SCHOOL_BOND_BOARD: Final = "13-16-101(7), 20-20-420"


@dataclass(frozen=True, kw_only=True)
class BondRoute:
    """13-16-211: the margin band above 13-16-201's, the same window, the nomination office,
    and a bond covering the recount's costs."""

    section: str
    # The dated row that brought it; None: no date known (in the code before 2021;
    # related.md gives none).
    row: DatedRow | None
    confidence: Confidence
    share: Cited[Fraction]  # defeated by not more than this share of the votes
    window: Cited[int]  # the same days after the official canvass
    related: RelatedProvision

    def office(self, rule: SubsectionRule, kind_route: Route) -> FileWith | None:
        """The officer with whom the candidate filed for nomination (13-10-201(2))."""
        return kind_route.nomination_office or rule.file_with

    def after_filing(self, multi_county: bool, school: bool = False) -> str:
        where = " in each county where the office was voted on" if multi_county else ""
        # 13-16-211(3): "the county recount board, as designated in 13-16-101", which for a
        # school election is the school recount board (13-16-101(7), 20-20-420)
        board = (
            f"the school recount board recounts the ballots specified in the petition "
            f"({self.section}, {SCHOOL_BOND_BOARD})"
            if school
            else f"the county recount board of each affected county recounts ({self.section})"
        )
        return (
            "the candidate posts a bond, set by the election administrator of the "
            f"candidate's county of residence, covering the recount's costs{where} (the safe "
            f"course is to post it within the same {self.window.value} days: the board acts on "
            f"the filing of a petition and the posting of a bond); {board} and "
            f"{board_convenes()}"
        )

    def current_law(self, multi_county: bool, school: bool = False) -> CurrentLawNote:
        return bond_filing(multi_county, school)


BOND: Final = BondRoute(
    section=BOND_RECOUNT_SHARE.reference,
    row=None,
    confidence=Confidence.TEXT_SEEN_MCA_2021,
    share=BOND_RECOUNT_SHARE,
    window=PETITION_WINDOW_DAYS,
    related=BOND_RECOUNT,
)


def route_of(info: KindInfo, on: date | None = None) -> Route:
    """The route a kind's petitions take on the day `on` (the canvass; None: today's law):
    the school subsection for the school kinds once it took effect, the 1987 rows before."""
    if not info.school:
        return STATUTE
    if on is not None and SCHOOL_SUBSECTION.on(on) is InForce.NO:
        return STATUTE  # before Ch. 347, L. 2013: the 1987 (1)/(3) office and county board
    return SCHOOL


def official_canvass_note(
    info: KindInfo, on: date | None = None, special_district: bool = False
) -> str | None:
    """Which canvass starts the 5 days, where that is not plainly the county canvass: the
    route's own (the school canvass), the state canvass for (2), (4) and (5), or the special
    district election's where no state canvass follows."""
    return route_of(info, on).canvass_note or statute_canvass_note(info, special_district)

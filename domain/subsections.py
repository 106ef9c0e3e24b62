"""MCA 13-16-201, subsections (1) to (7), one row each, in statute order.

Each row is the whole rule of its subsection: who petitions and where, the margin test (share
and floor), the filing window, the signers and counties required, what follows the filing,
and which other subsection it relies on. The line above each row quotes the clause it
implements (a test checks every quoted fragment against the shipped text of the section).
The numbers come from `domain.citations`, each with its reference and the statute's words.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from fractions import Fraction
from types import MappingProxyType
from typing import Final

from domain.citations import (
    LOCAL_QUESTION_MIN_SIGNERS,
    MARGIN_FLOOR_VOTES,
    MARGIN_SHARE,
    MULTICOUNTY_QUESTION_MIN_COUNTIES,
    MULTICOUNTY_QUESTION_MIN_SIGNERS,
    PETITION_WINDOW_DAYS,
    STATE_QUESTION_MIN_COUNTIES,
    STATE_QUESTION_MIN_SIGNERS,
    STATUTE,
    Cited,
    largest_within,
    within,
)
from domain.confidence import Confidence


class Subsection(IntEnum):
    """Subsections of 13-16-201 in the 1987 numbering of the text we implement."""

    ONE_COUNTY_OFFICE = 1
    MULTI_COUNTY_OFFICE = 2
    LOCAL_QUESTION = 3
    STATE_QUESTION = 4
    MULTICOUNTY_QUESTION = 5
    SOS_NOTICE = 6
    CANVASS_ERROR = 7

    @property
    def code(self) -> str:
        return f"{STATUTE}({self.value})"

    @property
    def citation(self) -> str:
        return f"Mont. Code Ann. § {STATUTE}({self.value})"


class FileWith(StrEnum):
    ELECTION_ADMINISTRATOR = "election_administrator"
    SECRETARY_OF_STATE = "secretary_of_state"
    # Not in the 1987 text: today's school subsection (domain.current_law).
    SCHOOL_ELECTION_FILING_OFFICER = "school_election_filing_officer"
    # 13-16-211's "officer with whom the candidate filed for nomination", for a school office:
    # 13-10-201(2) sends the other offices to the election administrator or the secretary of
    # state, as 13-16-201 does; school candidates file with the district clerk (related.md).
    SCHOOL_DISTRICT_CLERK = "school_district_clerk"

    @property
    def label(self) -> str:
        return f"the {self.value.replace('_', ' ')}"

    @property
    def office(self) -> str:
        """The office a petition is carried to, as a reply names it when it is closed."""
        match self:
            case FileWith.SECRETARY_OF_STATE:
                return "the secretary of state's office"
            case FileWith.ELECTION_ADMINISTRATOR:
                return "the election administrator's (county) office"
            case FileWith.SCHOOL_ELECTION_FILING_OFFICER | FileWith.SCHOOL_DISTRICT_CLERK:
                return "the school district office"


class Petitioner(StrEnum):
    DEFEATED_CANDIDATE = "defeated_candidate"
    ELECTORS = "electors"
    CANVASS_BOARD = "canvass_board"


@dataclass(frozen=True, slots=True, kw_only=True)
class SubsectionRule:
    """One subsection of 13-16-201. A field the subsection does not speak of is None."""

    subsection: Subsection
    current_number: str  # where the 1987 subsection stands in the current code (related.md)
    current_number_confidence: Confidence  # how sure related.md is of that numbering
    petitioner: Petitioner | None
    who_petitions: str | None  # in plain words, for the reply
    file_with: FileWith | None
    margin_share: Cited[Fraction] | None  # "1/4 of 1% of the total votes cast"
    margin_floor: Cited[int] | None  # "or ... 10 votes, whichever is greater": (1) only
    filing_window: Cited[int] | None  # days after the official canvass; (7) has none
    min_signers: Cited[int] | None
    min_counties: Cited[int] | None
    after_filing: str | None  # notice, and where the recount is held
    relies_on: tuple[Subsection, ...] = ()  # other subsections the reply quotes too

    @property
    def has_deadline(self) -> bool:
        return self.filing_window is not None

    @property
    def has_margin_test(self) -> bool:
        return self.margin_share is not None

    def qualifies(self, margin: int, total: int) -> bool:
        """Within the share of the total, or within the floor where there is one."""
        if self.margin_share is None:
            return True  # (7): the board may petition whatever the margin
        within_share = within(margin, self.margin_share.value, total)
        within_floor = self.margin_floor is not None and margin <= self.margin_floor.value
        return within_share or within_floor

    def max_qualifying_margin(self, total: int) -> int:
        """The largest whole margin that still qualifies: the what-if answer."""
        if self.margin_share is None:
            raise ValueError(f"{self.subsection.code} has no margin test")
        by_share = largest_within(self.margin_share.value, total)
        floor = 0 if self.margin_floor is None else self.margin_floor.value
        return max(by_share, floor)

    def sufficient(self, signers: int | None, counties: int | None) -> bool | None:
        """False if a given figure is short; True if every required one is given and meets
        its minimum; None when there is nothing to judge yet (or nothing is required)."""
        pairs = [
            (required.value, given)
            for required, given in ((self.min_signers, signers), (self.min_counties, counties))
            if required is not None
        ]
        if not pairs:
            return None
        if any(given is not None and given < required for required, given in pairs):
            return False
        if all(given is not None for _, given in pairs):
            return True
        return None


_CANDIDATE_PETITION: Final = (
    "the defeated candidate, by a verified petition stating the belief that a recount will "
    "change the result and that the votes for the office or nomination should be recounted"
)
_STATEWIDE_NOTICE: Final = (
    "the secretary of state immediately notifies each election administrator by certified "
    f"mail, and the recount is held in all precincts in each county ({Subsection(6).code})"
)

_S = Subsection
RULES: Final = MappingProxyType(
    {
        rule.subsection: rule
        for rule in (
            # (1) "county, municipal, or district office voted for in only one county"
            SubsectionRule(
                subsection=_S.ONE_COUNTY_OFFICE,
                current_number="(1)(a)",
                current_number_confidence=Confidence.NUMBER_SEEN,
                petitioner=Petitioner.DEFEATED_CANDIDATE,
                who_petitions=_CANDIDATE_PETITION,
                file_with=FileWith.ELECTION_ADMINISTRATOR,
                margin_share=MARGIN_SHARE,
                margin_floor=MARGIN_FLOOR_VOTES,
                filing_window=PETITION_WINDOW_DAYS,
                min_signers=None,
                min_counties=None,
                after_filing=None,
            ),
            # (2) "congressional office, a state or district office voted on in more than one"
            SubsectionRule(
                subsection=_S.MULTI_COUNTY_OFFICE,
                current_number="(1)(b)",
                current_number_confidence=Confidence.NUMBER_SEEN,
                petitioner=Petitioner.DEFEATED_CANDIDATE,
                who_petitions=_CANDIDATE_PETITION,
                file_with=FileWith.SECRETARY_OF_STATE,
                margin_share=MARGIN_SHARE,
                margin_floor=None,
                filing_window=PETITION_WINDOW_DAYS,
                min_signers=None,
                min_counties=None,
                after_filing=(
                    "the secretary of state immediately notifies, by certified or registered "
                    "mail, each election administrator whose county includes precincts that "
                    "voted for the office, and the recount is held in those precincts"
                ),
            ),
            # (3) "people of a county, municipality, or district within a county … 10 electors"
            SubsectionRule(
                subsection=_S.LOCAL_QUESTION,
                current_number="(1)(c)",
                current_number_confidence=Confidence.NUMBER_SEEN,
                petitioner=Petitioner.ELECTORS,
                who_petitions=(
                    f"electors of the jurisdiction: at least {LOCAL_QUESTION_MIN_SIGNERS.value} "
                    "must sign a petition like the one in (1)"
                ),
                file_with=FileWith.ELECTION_ADMINISTRATOR,
                margin_share=MARGIN_SHARE,
                margin_floor=None,
                filing_window=PETITION_WINDOW_DAYS,
                min_signers=LOCAL_QUESTION_MIN_SIGNERS,
                min_counties=None,
                after_filing=None,
            ),
            # (4) "people of the state … 100 electors of the state, representing at least five"
            SubsectionRule(
                subsection=_S.STATE_QUESTION,
                current_number="(1)(d)",
                current_number_confidence=Confidence.OPENING_WORDS_SEEN,
                petitioner=Petitioner.ELECTORS,
                who_petitions=(
                    f"electors of the state: at least {STATE_QUESTION_MIN_SIGNERS.value} must "
                    f"sign, from at least {STATE_QUESTION_MIN_COUNTIES.value} counties"
                ),
                file_with=FileWith.SECRETARY_OF_STATE,
                margin_share=MARGIN_SHARE,
                margin_floor=None,
                filing_window=PETITION_WINDOW_DAYS,
                min_signers=STATE_QUESTION_MIN_SIGNERS,
                min_counties=STATE_QUESTION_MIN_COUNTIES,
                after_filing=_STATEWIDE_NOTICE,
                relies_on=(_S.SOS_NOTICE,),
            ),
            # (5) "people of a multicounty district … 25 electors of the district"
            SubsectionRule(
                subsection=_S.MULTICOUNTY_QUESTION,
                current_number="(1)(e)",
                current_number_confidence=Confidence.NUMBER_INFERRED,
                petitioner=Petitioner.ELECTORS,
                who_petitions=(
                    f"electors of the district: at least {MULTICOUNTY_QUESTION_MIN_SIGNERS.value}"
                    f" must sign, from at least {MULTICOUNTY_QUESTION_MIN_COUNTIES.value} counties"
                ),
                file_with=FileWith.SECRETARY_OF_STATE,
                margin_share=MARGIN_SHARE,
                margin_floor=None,
                filing_window=PETITION_WINDOW_DAYS,
                min_signers=MULTICOUNTY_QUESTION_MIN_SIGNERS,
                min_counties=MULTICOUNTY_QUESTION_MIN_COUNTIES,
                after_filing=_STATEWIDE_NOTICE,
                relies_on=(_S.SOS_NOTICE,),
            ),
            # (6) "The secretary of state shall immediately notify each election administrator"
            SubsectionRule(
                subsection=_S.SOS_NOTICE,
                current_number="part of (1)(d)-(e)",
                current_number_confidence=Confidence.NUMBER_INFERRED,
                petitioner=None,  # not a petition: what follows one under (4) or (5)
                who_petitions=None,
                file_with=None,
                margin_share=None,
                margin_floor=None,
                filing_window=None,
                min_signers=None,
                min_counties=None,
                after_filing=_STATEWIDE_NOTICE,
            ),
            # (7) "a board of county canvassers finds an error … immediately may file a petition"
            SubsectionRule(
                subsection=_S.CANVASS_ERROR,
                current_number="(1)(f)",
                current_number_confidence=Confidence.SECONDARY_SOURCES,
                petitioner=Petitioner.CANVASS_BOARD,
                who_petitions=(
                    "the board of county canvassers, which may petition immediately on finding "
                    "an error (13-15-403)"
                ),
                file_with=FileWith.ELECTION_ADMINISTRATOR,
                margin_share=None,  # no margin test
                margin_floor=None,
                filing_window=None,  # "immediately": no 5-day window
                min_signers=None,
                min_counties=None,
                after_filing=None,
            ),
        )
    }
)

"""Where today's Montana code differs from the 1987 text we implement, as data.

We quote 13-16-201 as amended through 1987 (domain.statute). A clerk in 2026 files under
today's code, so a verdict that one of these notes applies to carries it: a "Today's code:"
line under the edition line, and `current_law` in the JSON with its source and confidence.

Every note says no more than shared/statute/related.md supports. Most come from neighbouring
sections and bill summaries, not from the official current text of 13-16-201; the
confidence word says which. They are described in our own words (only 13-16-201 is quoted).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from domain.confidence import Confidence
from domain.subsections import Subsection

__all__ = ["Confidence"]  # domain.confidence's, for the notes' importers


class Shown(StrEnum):
    """Where the text and the Slack message show a note (the JSON lists every one)."""

    TODAYS_CODE = "todays_code"  # one "Today's code:" line under the edition line
    PETITION = "petition"  # the outcome's petition lines say it: where to file, who sets a bond
    RELATED = "related"  # a related line: where to turn when 13-16-201 does not apply


@dataclass(frozen=True, slots=True, kw_only=True)
class CurrentLawNote:
    code: str  # stable key of the JSON
    section: str  # what today's code changed or adds: "13-16-201(1)(f), 2025 SB 57"
    says: str  # in our own words, one or two sentences
    source: str  # where the words come from
    confidence: Confidence
    shown: Shown = Shown.TODAYS_CODE
    # False for a note that changes nothing a county office does (who mails the state's
    # notice): the short Slack answer leaves it to "Show the work".
    changes_what_to_do: bool = True
    # What it says in a few words, for the short Slack answer ("" : `says` is short enough).
    brief: str = ""

    @property
    def line(self) -> str:
        """The note as a reply shows it, with how sure we are."""
        return f"Today's code ({self.section}): {self.says} [{self.confidence.value}]"

    @property
    def sentence(self) -> str:
        """What it says as a sentence of its own, with how sure we are: a form's hint."""
        return f"{self.says[0].upper()}{self.says[1:]} [{self.confidence.value}]"

    def as_json(self) -> dict[str, str]:
        return {
            "code": self.code,
            "section": self.section,
            "says": self.says,
            "source": self.source,
            "confidence": self.confidence.value,
        }


CANVASS_BOARD_2025: Final = CurrentLawNote(
    code="canvass_board_may_require",
    section="13-16-201(1)(f) and 13-15-403, 2025 SB 57",
    says=(
        "since May 2025 the county canvass board investigates discrepancies and may require the "
        "election administrator to conduct a recount or an inspection of ballots, instead of "
        "petitioning for one. Confirm the board's authority with the county attorney or the "
        "Secretary of State."
    ),
    source="2025 SB 57 (Revise county canvassing processes), as described in bill summaries; "
    "the bill text was not seen",
    confidence=Confidence.BILL_SUMMARIES,
)
SCHOOL_ELECTIONS: Final = CurrentLawNote(
    code="school_election_subsection",
    section="13-16-201(2), Ch. 347, L. 2013",
    says=(
        "school elections have their own subsection: the petition goes to the school election "
        "filing officer, the recount board is three trustees with the district clerk, and on a "
        "tie the trustees proceed as if a petition had been filed (13-16-203(2)). Its margin, "
        "signer and deadline wording was not verified, so the 1987 figures are shown as the "
        "nearest rule."
    ),
    brief=("school elections have their own subsection; its figures were not verified."),
    source="13-16-204, 20-20-420, 13-16-203(2), 20-20-418, 20-20-416 (neighbouring sections); "
    "the text of today's 13-16-201(2) was not seen",
    confidence=Confidence.NEIGHBOURING_SECTIONS,
)
CERTIFIED_MAIL: Final = CurrentLawNote(
    code="notice_by_certified_mail",
    section="13-16-201(1)(b)",
    says="the Secretary of State's notice to the election administrators is by certified mail "
    "only; the 1987 text also allows registered mail.",
    source="13-16-201(1)(b) of the current code",
    confidence=Confidence.TEXT_SEEN,
    changes_what_to_do=False,
)


# Where a candidate's declaration for nomination is filed, and so a 13-16-211 petition.
NOMINATION_OFFICE_LAW: Final = "13-10-201(2)"
SCHOOL_NOMINATION_OFFICE_LAW: Final = "13-10-211, 20-3-305"  # the school district clerk


def nomination_office_law(school: bool) -> str:
    return SCHOOL_NOMINATION_OFFICE_LAW if school else NOMINATION_OFFICE_LAW


def bond_filing(multi_county: bool, school: bool = False) -> CurrentLawNote:
    """13-16-211's path: where the petition goes and who sets the bond. "Every county" only
    where the office is voted on in more than one. A school trustee's declaration goes to the
    school district clerk: related.md has that from neighbouring sections, not 13-10-201(2)'s
    text, so the note is no firmer."""
    costs = (
        "covers the costs of the recount in every county"
        if multi_county
        else "covers the costs of the recount"
    )
    bond = (
        "the bond is set by the election administrator of the candidate's county of "
        f"residence and {costs}."
    )
    if school:
        return CurrentLawNote(
            code="bond_recount_filing",
            section="13-16-211",
            says=(
                "the petition goes to the officer who received the candidate's declaration for "
                "nomination: for a school district office the school district clerk "
                f"({SCHOOL_NOMINATION_OFFICE_LAW}); {bond}"
            ),
            source="13-16-211, text seen in the 2021 code; the school district clerk from "
            f"neighbouring sections ({SCHOOL_NOMINATION_OFFICE_LAW})",
            confidence=Confidence.NEIGHBOURING_SECTIONS,
            shown=Shown.PETITION,
        )
    return CurrentLawNote(
        code="bond_recount_filing",
        section="13-16-211",
        says=(
            "the petition goes to the officer who received the candidate's declaration for "
            f"nomination ({NOMINATION_OFFICE_LAW}: the same office as under 13-16-201); {bond}"
        ),
        source="13-16-211 and 13-10-201(2), text seen in the 2021 code",
        confidence=Confidence.TEXT_SEEN,
        shown=Shown.PETITION,
    )


COURT_ROUTE: Final = CurrentLawNote(
    code="court_ordered_recount",
    section="13-16-301, 13-16-307",
    says=(
        "where nothing can be petitioned under 13-16-201 or 13-16-211, a recount can still be "
        "ordered by a district court: within 5 days after the canvass an unsuccessful candidate "
        "may apply to the district court of the county of the election (of the candidate's "
        "county of residence where the election spanned counties), and an elector on a ballot "
        "issue to the district court of the elector's county, by a verified application "
        "stating the grounds; the judge orders a recount on probable cause that the votes were "
        "not correctly counted, and the applicant deposits the expense the court fixes "
        "(returned if the recount elects the applicant or reverses the issue's result). Ask "
        "the county attorney."
    ),
    source="13-16-301 (text seen in the 1995 code) and 13-16-307 (text seen)",
    confidence=Confidence.OLDER_TEXT,
    shown=Shown.RELATED,
)


# Notes on how a petition under a subsection proceeds: on its verdicts where one can be filed
# (domain.verdict.Verdict.current_law).
BY_SUBSECTION: Final = MappingProxyType(
    {
        Subsection.MULTI_COUNTY_OFFICE: (CERTIFIED_MAIL,),
        Subsection.CANVASS_ERROR: (CANVASS_BOARD_2025,),
    }
)

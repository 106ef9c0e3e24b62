"""One table of office words: what a word a clerk types, or a results file's title holds,
says about the kind of contest. The quick syntax (handlers.syntax.words) reads the words; the
title rules (domain.titles) read whole titles, and a test checks each row's title example
against them, so that the two never disagree unnoticed.

Where a word means different things in a typed check and in a title, the row says which and
why: "SD" typed (`sd22`) is a state senate district, while in a title it is read only beside
TRUSTEE, as a school district (a senate district's title says STATE SENATE).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from domain.kinds import ContestKind

_K = ContestKind


@dataclass(frozen=True, slots=True)
class OfficeWord:
    word: str  # lower case, as typed
    kind: ContestKind  # the kind the word points to when typed
    # A title that holds the word and reads as `kind` (domain.titles); None where a title
    # needs more than the word (CLERK alone could be a court's or a county's).
    title: str | None
    means: str = ""  # where the typed and the title reading differ, why


WORDS: Final[tuple[OfficeWord, ...]] = (
    OfficeWord("commissioner", _K.COUNTY, "COUNTY COMMISSIONER DISTRICT 2"),
    OfficeWord("sheriff", _K.COUNTY, "SHERIFF"),
    OfficeWord("clerk", _K.COUNTY, "CLERK AND RECORDER"),
    OfficeWord("treasurer", _K.COUNTY, "TREASURER"),
    OfficeWord("attorney", _K.COUNTY, "COUNTY ATTORNEY"),
    OfficeWord("coroner", _K.COUNTY, "CORONER"),
    OfficeWord("assessor", _K.COUNTY, "ASSESSOR"),
    OfficeWord("auditor", _K.COUNTY, "AUDITOR"),
    OfficeWord("recorder", _K.COUNTY, "CLERK & RECORDER"),
    OfficeWord("superintendent", _K.COUNTY, "SUPERINTENDENT OF SCHOOLS"),
    OfficeWord("mayor", _K.MUNICIPAL, "MAYOR"),
    OfficeWord("council", _K.MUNICIPAL, "CITY COUNCIL WARD 3"),
    OfficeWord("councilor", _K.MUNICIPAL, "CITY COUNCIL WARD 1"),
    OfficeWord("alderman", _K.MUNICIPAL, "ALDERMAN"),
    OfficeWord("ward", _K.MUNICIPAL, "COUNCIL WARD 2"),
    OfficeWord("trustee", _K.SCHOOL, "SCHOOL TRUSTEE"),
    OfficeWord("trustees", _K.SCHOOL, "SCHOOL DISTRICT 4 TRUSTEES"),
    OfficeWord("board", _K.SCHOOL, "SCHOOL BOARD"),
    OfficeWord("hd", _K.LEGISLATURE, "STATE REPRESENTATIVE HD 22"),
    OfficeWord(
        "sd",
        _K.LEGISLATURE,
        "STATE SENATOR SD 7",
        means="typed alone (sd22) a state senate district; in a title SD is read only beside "
        "TRUSTEE, as a school district (SD 4 TRUSTEE), and a senate district's title says "
        "STATE SENATE",
    ),
    OfficeWord("representative", _K.LEGISLATURE, "STATE REPRESENTATIVE"),
    OfficeWord("senator", _K.LEGISLATURE, "STATE SENATOR"),
    OfficeWord("legislator", _K.LEGISLATURE, "LEGISLATOR"),
    OfficeWord("dept", _K.DISTRICT_JUDGE, "DISTRICT COURT JUDGE DISTRICT 13 DEPT 8"),
    OfficeWord("department", _K.DISTRICT_JUDGE, "DISTRICT JUDGE DEPARTMENT 2"),
    OfficeWord("governor", _K.STATE, "GOVERNOR"),
    # The Public Service Commission's districts span counties: a (2) district office, as the
    # kind's own alias (`psc`) and the title rule have it.
    OfficeWord("psc", _K.MULTICOUNTY_DISTRICT, "PUBLIC SERVICE COMMISSION DISTRICT 2"),
    # Questions: a title's kind comes from the body that puts it (domain.titles.question_kind).
    OfficeWord("levy", _K.QUESTION, None),
    OfficeWord("mill", _K.QUESTION, None),
    OfficeWord("bond", _K.QUESTION, None),
)
OFFICE_WORDS: Final = MappingProxyType({w.word: w.kind for w in WORDS})
# A typed school trustee race in a title: SD beside TRUSTEE (see the "sd" row)
SCHOOL_DISTRICT_TITLE: Final = "SD 4 TRUSTEE"

"""The law of a petition draft: whether one can be drafted for a verdict (and where it cannot,
why, in plain words), the section it is filed under in today's numbering, what its sworn body
states, who verifies it and who pays.

The Slack message offers its Petition draft button only where `why_no_petition` says None,
and the draft itself (handlers.paper.petition) refuses with the same words. Every section
number and statement the draft prints is read from here, from the subsection rows
(domain.subsections) and the routes (domain.routes): the paper module writes none."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from domain.citations import STATUTE
from domain.confidence import Confidence
from domain.inputs import CandidateRace
from domain.related import QUESTION_TIE_RECOUNT, SCHOOL_TIE, TIE_CERTIFIED, TIE_RECOUNT
from domain.routes import BOND, SCHOOL
from domain.subsections import FileWith, Petitioner, Subsection
from domain.verdict import Outcome, Verdict

# The statement a 13-16-201 petition makes, in the statute's own words ((1): "a verified
# petition stating he believes a recount will change the result and a recount of the votes
# for the office or nomination should be had"); (2) to (5) take "a petition as set forth in
# subsection (1)". A test finds each fragment in the shipped text.
BELIEF: Final = "a recount will change the result"
OFFICE_RECOUNT: Final = "a recount of the votes for the office or nomination should be had"
# (3)-(5): (1)'s words applied to a question, whose votes are "cast for and against the
# question" (the statute's words in (3)-(5)).
QUESTION_RECOUNT: Final = "a recount of the votes cast for and against the question should be had"

# 13-16-211 (text seen, MCA 2021): (3) the board recounts "the ballots specified in the
# petition"; (2) the bond is posted with the election administrator of the county where the
# candidate resides and covers the costs of each county in which a recount is sought.
BOND_BALLOTS_SECTION: Final = f"{BOND.section}(3)"
BOND_POSTED_SECTION: Final = f"{BOND.section}(2)"

# 13-15-403(4) as in the 2021 code (text seen): the board that finds an error affecting the
# vote totals may immediately petition for a recount or for an inspection of ballots. 2025
# SB 57 replaced the petition (domain.editions.CANVASS_BOARD_MAY_REQUIRE).
BOARD_PETITION_SECTION: Final = "13-15-403(4)"
# What the board may petition for, one box each: the recount, or the inspection.
BOARD_ASKS: Final = (
    f"a recount of the votes in the precincts named ({STATUTE})",
    f"an inspection of the ballots in the precincts named ({BOARD_PETITION_SECTION})",
)

# related.md, "Electors' petitions (3)-(5)": the statute does not say who verifies; the safe
# form, a reading of the text (the county election lawyer's review).
ELECTORS_VERIFY: Final = (
    "13-16-201 does not say who verifies an electors' petition. This draft takes the safe "
    "form: the petition's statement on every sheet, each signer affirming it as an elector, "
    "and a circulator's affidavit and a notary's certificate on every sheet. Confirm the "
    "form with the county attorney before it is circulated."
)

# Whose electors sign, by the row's words ("electors of the jurisdiction", "of the state",
# "of the district"); None: a jurisdiction the draft leaves blank to be named by hand.
_ELECTORS_OF: Final = {
    Subsection.LOCAL_QUESTION: None,
    Subsection.STATE_QUESTION: "the State of Montana",
    Subsection.MULTICOUNTY_QUESTION: None,
}
_JURISDICTION_HINT: Final = {
    Subsection.LOCAL_QUESTION: "the county, city or town, or district within a county that "
    "voted on the question",
    Subsection.MULTICOUNTY_QUESTION: "the multicounty district that voted on the question",
}
SCHOOL_JURISDICTION_HINT: Final = "the school district that voted on the question"

# Who pays, by route (related.md: 13-16-211's details, 13-16-205(2)).
BOND_PAYS: Final = (
    f"The candidate. The bond covers all costs of the recount in each county in which it is "
    f"sought, and the candidate bears them ({BOND.section}); the county's charge of 13-16-205 "
    "does not apply."
)
SCHOOL_BOND_PAYS: Final = (
    f"The candidate. The bond covers all costs of the recount, and the candidate bears them "
    f"({BOND.section}); the school district charge of 13-16-205(2) does not apply."
)
SCHOOL_PAYS: Final = (
    "The school district: the costs of a school election recount are a school district "
    "charge (13-16-205(2))."
)
COUNTY_PAYS: Final = (
    "No fee or bond is asked of the petitioner: 13-16-201 names none. The recount's costs are "
    "a charge of the county under 13-16-205 (known from 13-16-211's reference to it; its text "
    "for these recounts not seen): confirm with the county attorney."
)


def drafted(verdict: Verdict) -> Verdict:
    """The verdict whose petition a draft is of. A tie has nothing to file, but beside it a
    defeated candidate within reach may petition (the closest, `also_qualify` first), and
    electors who want certainty may petition a tied (3) question: the draft is theirs."""
    if verdict.outcome is not Outcome.TIE:
        return verdict
    beside = verdict.beside_tie
    if beside is not None and beside.to_file:
        return beside
    for other in verdict.also_qualify:
        if other.verdict is not None and other.verdict.to_file:
            return other.verdict
    return verdict


def why_no_petition(verdict: Verdict) -> str | None:
    """Why nothing is drafted (a tie, a margin too large, a board that requires, a window
    closed), or None where a petition can be filed (beside a tie too: `drafted`)."""
    verdict = drafted(verdict)
    match verdict.outcome:
        case Outcome.TIE:
            return "a tie is recounted as if a petition had been filed: no petition is needed"
        case Outcome.NOT_AVAILABLE:
            return "the margin is too large: nothing can be petitioned under 13-16-201"
        case Outcome.DEADLINE_PASSED:
            return "the last day to file has passed: there is nothing to file"
        case Outcome.CANVASS_BOARD if verdict.board is not None and verdict.board.no_petition:
            return verdict.board.no_petition
    return None if verdict.to_file else "there is nothing to file for this verdict"


@dataclass(frozen=True, slots=True)
class FiledUnder:
    """The section a petition is filed under, as its caption cites it."""

    section: str  # today's numbering: "13-16-201(1)(a)", "13-16-211"
    was: str | None  # the 1987 number of the text we quote, where it differs
    confidence: Confidence  # how sure we are of today's number, or of the section (related.md)
    also: str | None = None  # a second section the petition rests on (13-15-403(4))
    of_numbering: bool = False  # `confidence` is of the row's number in today's code

    @property
    def numbering(self) -> str:
        """How sure we are, as the caption's bracket says it: "numbering seen"."""
        return f"numbering {self.confidence.value}" if self.of_numbering else self.confidence.value

    @property
    def caption(self) -> str:
        """ "Mont. Code Ann. § 13-16-201(1)(a) (1987: § 13-16-201(1))"."""
        said = f"Mont. Code Ann. § {self.section}"
        if self.also is not None:
            said += f" and § {self.also}"
        return said if self.was is None else f"{said} (1987: § {self.was})"


def filed_under(verdict: Verdict) -> FiledUnder:
    """The section of today's code a draft for this verdict is filed under: 13-16-211 for the
    bond band, today's school subsection for a school election, else the row's current
    number with its 1987 one beside it (recount-rules.md section 5; related.md)."""
    if verdict.outcome is Outcome.BOND:
        return FiledUnder(BOND.section, None, BOND.confidence)
    rule = verdict.rule
    was = verdict.subsection.code
    if verdict.route is SCHOOL and SCHOOL.current_number is not None:
        return FiledUnder(f"{STATUTE}{SCHOOL.current_number}", was, SCHOOL.confidence)
    also = BOARD_PETITION_SECTION if rule.petitioner is Petitioner.CANVASS_BOARD else None
    return FiledUnder(
        f"{STATUTE}{rule.current_number}", was, rule.current_number_confidence, also, True
    )


def electors_of(verdict: Verdict) -> str | None:
    """Whose electors sign an electors' petition, where the row names them ("the State of
    Montana"); None where the jurisdiction is to be written in by hand."""
    if verdict.route is SCHOOL:
        return None
    return _ELECTORS_OF.get(verdict.subsection)


def jurisdiction_hint(verdict: Verdict) -> str:
    """What the blank for the electors' jurisdiction asks for."""
    if verdict.route is SCHOOL:
        return SCHOOL_JURISDICTION_HINT
    return _JURISDICTION_HINT.get(verdict.subsection, "the jurisdiction")


def who_pays(verdict: Verdict) -> str:
    """Who bears the recount's costs, as the petition's cover note says it."""
    if verdict.outcome is Outcome.BOND:
        return SCHOOL_BOND_PAYS if verdict.route is SCHOOL else BOND_PAYS
    if verdict.route is SCHOOL:
        return SCHOOL_PAYS
    return COUNTY_PAYS


def addressee(file_with: FileWith) -> tuple[str, str | None]:
    """Whom the petition is addressed to, and the place to be named with the office (a
    county, a school district), or None where the office names itself."""
    match file_with:
        case FileWith.SECRETARY_OF_STATE:
            return "The Secretary of State of the State of Montana", None
        case FileWith.ELECTION_ADMINISTRATOR:
            return "The Election Administrator", "County, Montana"
        case FileWith.SCHOOL_ELECTION_FILING_OFFICER:
            return "The School Election Filing Officer", "School District, Montana"
        case FileWith.SCHOOL_DISTRICT_CLERK:
            return "The School District Clerk", "School District, Montana"


def beside_the_tie(tie: Verdict, petition: Verdict) -> str:
    """What the cover note says first where a petition is drafted beside a tie: who is tied,
    that the tie is recounted as if petitioned (so that recount needs no petition), then who
    may still petition, under which section and on what margin; every name and number from
    the two verdicts. Said apart from the check's own tie summary, which ends "so no petition
    is needed" and, beside the filing day that follows it, read as a contradiction."""
    m = tie.margin
    assert m is not None  # a tie is a margin of 0
    section = filed_under(petition).section
    if tie.is_question_tie:
        needs = petition.rule.min_signers
        signers = "" if needs is None else f" (at least {needs.value:,} electors must sign)"
        sides = {side.name: side.votes for side in (m.ahead, m.behind)}
        return (
            f"The question is tied, {sides['for']:,} votes for and {sides['against']:,} "
            "against: the county canvass board certifies the tie and the election "
            f"administrator recounts it as if petitioned ({QUESTION_TIE_RECOUNT.section}); that "
            "recount needs no petition. Electors who want certainty may also petition under "
            f"{section}{signers}."
        )
    tied = names_and(m.tied_for_last_seat)
    inputs = tie.inputs
    seat = (
        "the last seat" if isinstance(inputs, CandidateRace) and inputs.places > 1 else "the seat"
    )
    if tie.route is SCHOOL:
        recounted = (
            "the trustees proceed as if petitioned and the school recount board recounts the "
            f"tie ({SCHOOL_TIE.section})"
        )
    elif tie.info.multi_county:
        recounted = (
            "the tie is certified to the secretary of state and recounted as if petitioned "
            f"({TIE_RECOUNT.section}(1))"
        )
    else:
        recounted = (
            f"the tie is certified and recounted as if petitioned ({TIE_CERTIFIED}, "
            f"{TIE_RECOUNT.section}(1))"
        )
    p = petition.margin
    assert p is not None  # a candidate's petition follows a margin
    behind = f"{p.behind.name}, {p.margin:,} {'vote' if p.margin == 1 else 'votes'} behind {tied}"
    if petition.outcome is Outcome.BOND:
        may = (
            f"may also petition for a recount with a bond under {section} (a margin of more "
            f"than {p.max_qualifying_margin:,} but not more than {p.max_bond_margin:,} votes)"
        )
    else:
        may = (
            f"may also petition under {section} (a margin of not more than "
            f"{p.max_qualifying_margin:,} votes)"
        )
    return (
        f"{tied} are tied for {seat}: {recounted}; that recount needs no petition. {behind}, {may}."
    )


def names_and(names: Iterable[str]) -> str:
    """ "A", "A and B", "A, B and C": names as a sworn sentence lists them."""
    *rest, last = names
    return f"{', '.join(rest)} and {last}" if rest else last

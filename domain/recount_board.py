"""What the recount board's kit says of the law (issue 33): the sections behind the
certificate (13-16-418) and the tally sheets (13-16-412), each a row with its citation and
how sure we are (shared/statute/related.md), in our own words (only 13-16-201 is quoted).

The recount kit (handlers.paper.recount_kit) prints these rows and nothing of its own: which
contests are made in duplicate for the Secretary of State, which are recanvassed at once, and
that a primary's recount takes only the party's ballots. A section's effective date is not
known to us: the rows say which copy of the text was seen instead, so nobody reads a date we
never had.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from domain.current_law import Confidence
from domain.kinds import KINDS, ContestKind


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardRule:
    """One rule the kit prints: its section, what it says (our words), and where we saw it."""

    section: str
    says: str
    seen_in: str  # the copy of the text the row is read from (related.md's confidence column)
    confidence: Confidence = Confidence.TEXT_SEEN
    when: str = ""  # the contests it is for, said where the kit does not know the kind

    @property
    def line(self) -> str:
        """The rule as the paper prints it: what to do, then its section."""
        return f"{self.says} ({self.section})."

    @property
    def if_line(self) -> str:
        """The rule as one of two alternatives: for which contests, then the rule."""
        return f"{self.when[0].upper()}{self.when[1:]}: {self.line}"


CERTIFICATE: Final = BoardRule(
    section="13-16-418",
    says="The county recount board certifies the result of the recount",
    seen_in="official text, 2007; research copy through 2023",
)
TALLY_SHEET: Final = BoardRule(
    section="13-16-412(3)",
    says="Each tally sheet shows the office, the precinct and the candidates",
    seen_in="official text, MCA 2023",
)
SIGNERS: Final = BoardRule(
    section="13-16-418(1)(b)",
    says="Two members of the board sign; the election administrator attests under seal",
    seen_in=CERTIFICATE.seen_in,
)
PROCEEDINGS: Final = BoardRule(
    section="13-16-418(1)(c)",
    says="The certificate sets out the board's proceedings and which candidates or their "
    "representatives appeared, and for each precinct its vote by the official canvass and by "
    "the recount",
    seen_in=CERTIFICATE.seen_in,
)
PARTY_BALLOTS: Final = BoardRule(
    section="13-16-412(2)",
    says="In a partisan primary only the ballots of the party whose nomination is recounted "
    "are recounted",
    seen_in="official text, MCA 2023",
)
IN_DUPLICATE: Final = BoardRule(
    section="13-16-418(1)(d)",
    says="Make this certificate in duplicate and send one copy to the Secretary of State by "
    "certified mail",
    seen_in=CERTIFICATE.seen_in,
    when="for a congressional, legislative or district court office, or a contest of more "
    "than one county",
)
RECANVASS: Final = BoardRule(
    section="13-16-418(1)(e)",
    says="After the recount the county canvass is done again at once and its abstract "
    "corrected, and a new certificate of election is issued if the recount changed the result",
    seen_in=CERTIFICATE.seen_in,
    when="for a contest voted on in this county only",
)

# The kinds 13-16-418(1)(d) names: congressional, legislative and district court offices,
# offices and questions of more than one county. A statewide office or question is voted on
# in every county, so it is read as multicounty here (our reading: the row lists "multicounty"
# and we did not see it name statewide contests apart).
DUPLICATE_KINDS: Final = frozenset(
    {
        ContestKind.CONGRESSIONAL,
        ContestKind.LEGISLATURE,
        ContestKind.DISTRICT_JUDGE,
        ContestKind.MULTICOUNTY_DISTRICT,
        ContestKind.MULTICOUNTY_QUESTION,
        ContestKind.STATE,
        ContestKind.STATE_QUESTION,
    }
)


def copies_rules(kind: ContestKind | None, counties: int) -> tuple[BoardRule, ...]:
    """What the certificate says of its copies: made in duplicate for the Secretary of State
    ((1)(d)), or the recanvass of a one-county contest ((1)(e)); both, as alternatives, when
    the kind is not known; neither for a school election, whose board is the school recount
    board (13-16-418(2), whose details we did not take). A contest found in several counties'
    files spans counties whatever its title reads as."""
    if kind is not None and KINDS[kind].school:
        return ()
    if counties > 1 or (kind is not None and kind in DUPLICATE_KINDS):
        return (IN_DUPLICATE,)
    if kind is not None and KINDS[kind].one_county:
        return (RECANVASS,)
    return (IN_DUPLICATE, RECANVASS)

"""Every number of the law, written once, with the words and the citation it comes from.

Everything that compares a count with the law reads these; no other module writes a
statutory number. Fractions keep the arithmetic exact ("1/4 of 1%" is 1/400, never 0.0025).
`domain.subsections` puts the ones of 13-16-201 into the statute's rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Generic, TypeVar

T = TypeVar("T", int, Fraction)

STATUTE: Final = "13-16-201"


@dataclass(frozen=True, slots=True)
class Cited(Generic[T]):
    """A number of the law with its reference and the words it stands for.

    Where `reference` is 13-16-201, `words` are the statute's own words, letter for letter
    (a test finds every such constant and checks it against the shipped text).
    """

    value: T
    reference: str
    words: str

    @property
    def quotes_statute(self) -> bool:
        return self.reference.startswith(STATUTE)


def within(part: int, share: Fraction, whole: int) -> bool:
    """part <= share x whole, in integers: 400 x margin <= total for 1/400."""
    return part * share.denominator <= share.numerator * whole


def largest_within(share: Fraction, whole: int) -> int:
    """The largest whole number within share x whole: total // 400 for 1/400."""
    return share.numerator * whole // share.denominator


def percent_phrase(share: Cited[Fraction]) -> str:
    """A share as the statute writes it: 1/400 -> "1/4 of 1%", 1/200 -> "1/2 of 1%"."""
    percent = share.value * 100
    if percent.denominator == 1:
        return f"{percent.numerator}%"
    if percent < 1:
        return f"{percent.numerator}/{percent.denominator} of 1%"
    raise ValueError(f"{share.value} is not a share the statute writes as a fraction of 1%")


MARGIN_SHARE: Final = Cited(
    Fraction(1, 400),
    "13-16-201(1)-(5)",
    "a margin not exceeding 1/4 of 1% of the total votes cast",
)
MARGIN_FLOOR_VOTES: Final = Cited(
    10,
    "13-16-201(1)",
    "or by a margin not exceeding 10 votes, whichever is greater",
)
PETITION_WINDOW_DAYS: Final = Cited(
    5,
    "13-16-201(1)-(5)",
    "within 5 days after the official canvass",
)
LOCAL_QUESTION_MIN_SIGNERS: Final = Cited(
    10,
    "13-16-201(3)",
    "signed by not less than 10 electors of the jurisdiction",
)
STATE_QUESTION_MIN_SIGNERS: Final = Cited(
    100,
    "13-16-201(4)",
    "signed by not less than 100 electors of the state",
)
STATE_QUESTION_MIN_COUNTIES: Final = Cited(
    5,
    "13-16-201(4)",
    "representing at least five counties of the state",
)
MULTICOUNTY_QUESTION_MIN_SIGNERS: Final = Cited(
    25,
    "13-16-201(5)",
    "signed by not less than 25 electors of the district",
)
MULTICOUNTY_QUESTION_MIN_COUNTIES: Final = Cited(
    2,
    "13-16-201(5)",
    "representing at least two counties",
)
BOND_RECOUNT_SHARE: Final = Cited(
    Fraction(1, 200),
    "13-16-211",
    "defeated by not more than 1/2 of 1% of the total votes cast (recount with a bond)",
)
# How the reply names the 13-16-211 band (above 13-16-201's margin, within 1/2 of 1%).
BOND_BAND_WORDS: Final = f"the {BOND_RECOUNT_SHARE.reference} bond band"
# 13-15-401(1): the county canvass is held within 3 to 14 days after each election (related.md:
# text seen, a research copy of the official text). A canvass typed outside it is questioned.
CANVASS_EARLIEST_DAYS: Final = Cited(
    3, "13-15-401(1)", "the county canvass is held within 3 to 14 days after each election"
)
CANVASS_LATEST_DAYS: Final = Cited(
    14, "13-15-401(1)", "the county canvass is held within 3 to 14 days after each election"
)
RECOUNT_BOARD_CONVENES_DAYS: Final = Cited(
    5,
    "13-16-204(2)",
    "the recount board convenes no later than 5 days after it is notified",
)
MONTANA_COUNTIES: Final = Cited(
    56,
    "Montana has 56 counties (Title 7, ch. 1, part 22)",
    "the most counties a petition's signers can represent",
)
MAX_VOTES: Final = Cited(
    10_000_000,
    "recount-rules.md section 2 (input cap; Montana casts well under one million votes)",
    "largest vote count accepted as input",
)
FIRST_YEAR: Final = Cited(
    1900,
    "recount-rules.md / quick-syntax.md (input range for dates)",
    "earliest year of a canvass date accepted as input",
)
LAST_YEAR: Final = Cited(
    2100,
    "recount-rules.md / quick-syntax.md (input range for dates)",
    "latest year of a canvass date accepted as input",
)

"""Margin, total and threshold: 13-16-201(1)-(5), "a margin not exceeding 1/4 of 1% of the
total votes cast" ((1) adds "or by a margin not exceeding 10 votes, whichever is greater").

All comparisons with the law are on integers and Fractions, never floats.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from domain.constants import BOND_RECOUNT_SHARE, MARGIN_FLOOR_VOTES, MARGIN_SHARE
from domain.inputs import BallotQuestion, CandidateRace
from domain.kinds import Subsection


@dataclass(frozen=True, slots=True)
class Standing:
    name: str
    votes: int
    place: int  # 1 = most votes; candidates with equal votes keep the order they were given
    won: bool


@dataclass(frozen=True, slots=True)
class Margin:
    margin: int
    total_votes: int
    threshold: Fraction  # total / 400, exact
    floor_votes: int | None  # 10 under (1), None elsewhere
    max_qualifying_margin: int
    qualifies: bool
    within_bond_range: bool  # 13-16-211: over 1/4 of 1% but not over 1/2 of 1%
    # What was compared: the last winner and the checked candidate, or "for" and "against".
    ahead: tuple[str, int]
    behind: tuple[str, int]
    standings: tuple[Standing, ...] = ()  # candidate races only
    tie_at_cut: bool = False  # the last seat is tied: who won is not settled by the count

    @property
    def threshold_text(self) -> str:
        return exact_decimal(self.threshold)


def exact_decimal(value: Fraction) -> str:
    """A fraction whose denominator has only 2s and 5s, as its exact decimal: 2403/400 -> 6.0075."""
    whole, rest = divmod(value.numerator, value.denominator)
    digits = ""
    while rest:
        rest *= 10
        digit, rest = divmod(rest, value.denominator)
        digits += str(digit)
        if len(digits) > 40:  # cannot happen for n/400; a guard, not a rounding rule
            raise ValueError(f"{value} has no short exact decimal")
    return f"{whole}.{digits}" if digits else str(whole)


def qualifies(subsection: Subsection, margin: int, total: int) -> bool:
    """13-16-201: (1) the greater of 1/4 of 1% and 10 votes; (2)-(5) 1/4 of 1% alone."""
    within_share = margin <= MARGIN_SHARE.value * total
    if subsection is Subsection.ONE_COUNTY_OFFICE:
        return within_share or margin <= MARGIN_FLOOR_VOTES.value
    return within_share


def max_qualifying_margin(subsection: Subsection, total: int) -> int:
    """The largest whole margin that still qualifies: the what-if answer."""
    by_share = int(MARGIN_SHARE.value * total)  # floor: int() truncates a non-negative Fraction
    if subsection is Subsection.ONE_COUNTY_OFFICE:
        return max(by_share, MARGIN_FLOOR_VOTES.value)
    return by_share


def _margin(
    subsection: Subsection,
    margin: int,
    total: int,
    ahead: tuple[str, int],
    behind: tuple[str, int],
    *,
    candidate_race: bool,
    standings: tuple[Standing, ...] = (),
    tie_at_cut: bool = False,
) -> Margin:
    ok = qualifies(subsection, margin, total)
    return Margin(
        margin=margin,
        total_votes=total,
        threshold=MARGIN_SHARE.value * total,
        floor_votes=(
            MARGIN_FLOOR_VOTES.value if subsection is Subsection.ONE_COUNTY_OFFICE else None
        ),
        max_qualifying_margin=max_qualifying_margin(subsection, total),
        qualifies=ok,
        # 13-16-211 speaks of a defeated candidate, so questions never get the bond hint.
        within_bond_range=candidate_race and not ok and margin <= BOND_RECOUNT_SHARE.value * total,
        ahead=ahead,
        behind=behind,
        standings=standings,
        tie_at_cut=tie_at_cut,
    )


def race_margin(race: CandidateRace, subsection: Subsection) -> Margin:
    """Margin of the checked candidate behind the last winner (the seats-th highest)."""
    order = sorted(range(len(race.candidates)), key=lambda i: -race.candidates[i].votes)
    standings = tuple(
        Standing(race.candidates[i].name, race.candidates[i].votes, place, place <= race.seats)
        for place, i in enumerate(order, start=1)
    )
    last_winner = standings[race.seats - 1]
    first_loser = standings[race.seats]
    if race.candidate is None:
        checked = first_loser
    else:
        wanted = " ".join(race.candidate.split()).casefold()
        checked = next(s for s in standings if s.name.casefold() == wanted)
    total = race.total if race.total is not None else sum(s.votes for s in standings)
    return _margin(
        subsection,
        last_winner.votes - checked.votes,
        total,
        (last_winner.name, last_winner.votes),
        (checked.name, checked.votes),
        candidate_race=True,
        standings=standings,
        tie_at_cut=last_winner.votes == first_loser.votes,
    )


def question_margin(question: BallotQuestion, subsection: Subsection) -> Margin:
    """|for - against| out of for + against."""
    for_side = ("for", question.votes_for)
    against_side = ("against", question.votes_against)
    ahead, behind = (
        (for_side, against_side)
        if question.votes_for >= question.votes_against
        else (against_side, for_side)
    )
    return _margin(
        subsection,
        ahead[1] - behind[1],
        question.votes_for + question.votes_against,
        ahead,
        behind,
        candidate_race=False,
    )

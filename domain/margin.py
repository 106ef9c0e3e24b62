"""Margin, total and threshold: who is compared with whom, out of how many votes.

The test itself is the subsection's row (`SubsectionRule.qualifies`); this module finds the
two sides and the total, and records the comparison for the reply. All comparisons with the
law are on integers and Fractions, never floats.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

from domain.citations import BOND_RECOUNT_SHARE, largest_within, within
from domain.inputs import BallotQuestion, CandidateRace
from domain.subsections import SubsectionRule


class Side(NamedTuple):
    """One side of the comparison: a candidate, or "for" / "against" a question."""

    name: str
    votes: int


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
    threshold: Fraction  # the subsection's share of the total, exact
    floor_votes: int | None  # 10 under (1), None elsewhere
    max_qualifying_margin: int
    qualifies: bool
    within_bond_range: bool  # 13-16-211: over 1/4 of 1% but not over 1/2 of 1%
    max_bond_margin: int  # the largest whole margin within 1/2 of 1% (13-16-211)
    ahead: Side  # the last winner, or the leading side of a question
    behind: Side  # the checked candidate, or the trailing side
    standings: tuple[Standing, ...] = ()  # candidate races only
    tie_at_cut: bool = False  # the last seat is tied: who won is not settled by the count

    @property
    def tied_for_last_seat(self) -> tuple[str, ...]:
        """Who is tied for the last seat, in the order given; empty when nobody is."""
        if not self.tie_at_cut:
            return ()
        cut = max(s.votes for s in self.standings if not s.won) if self.standings else 0
        return tuple(s.name for s in self.standings if s.votes == cut)

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


def _margin(
    rule: SubsectionRule,
    ahead: Side,
    behind: Side,
    total: int,
    *,
    candidate_race: bool,
    standings: tuple[Standing, ...] = (),
    tie_at_cut: bool = False,
) -> Margin:
    assert rule.margin_share is not None, f"{rule.subsection.code} has no margin test"
    margin = ahead.votes - behind.votes
    ok = rule.qualifies(margin, total)
    return Margin(
        margin=margin,
        total_votes=total,
        threshold=rule.margin_share.value * total,
        floor_votes=None if rule.margin_floor is None else rule.margin_floor.value,
        max_qualifying_margin=rule.max_qualifying_margin(total),
        qualifies=ok,
        # 13-16-211 speaks of a defeated candidate, so questions never get the bond hint.
        within_bond_range=(
            candidate_race and not ok and within(margin, BOND_RECOUNT_SHARE.value, total)
        ),
        max_bond_margin=largest_within(BOND_RECOUNT_SHARE.value, total),
        ahead=ahead,
        behind=behind,
        standings=standings,
        tie_at_cut=tie_at_cut,
    )


def race_margin(race: CandidateRace, rule: SubsectionRule) -> Margin:
    """Margin of the checked candidate behind the last winner (the seats-th highest; in a
    nonpartisan primary the last who advances)."""
    order = sorted(range(len(race.candidates)), key=lambda i: -race.candidates[i].votes)
    standings = tuple(
        Standing(race.candidates[i].name, race.candidates[i].votes, place, place <= race.places)
        for place, i in enumerate(order, start=1)
    )
    last_winner = standings[race.places - 1]
    first_loser = standings[race.places]
    if race.candidate is None:
        checked = first_loser
    else:
        wanted = " ".join(race.candidate.split()).casefold()
        checked = next(s for s in standings if s.name.casefold() == wanted)
    listed = sum(s.votes for s in standings)
    total = race.total if race.total is not None else listed + (race.write_ins or 0)
    ahead = last_winner
    if checked is last_winner:
        # Named while tied for the last seat and listed in it: compare with the one it is tied
        # with (margin 0), never with itself.
        ahead = first_loser
    return _margin(
        rule,
        Side(ahead.name, ahead.votes),
        Side(checked.name, checked.votes),
        total,
        candidate_race=True,
        standings=standings,
        tie_at_cut=last_winner.votes == first_loser.votes,
    )


def behind_the_same_winner(
    rule: SubsectionRule, of: Margin, last_winner: Standing, checked: Standing
) -> Margin:
    """What `race_margin` gives with another defeated candidate of the same race named, from
    the standings it already sorted: the same total, limits and cut, measured from the last
    winner. `also_qualify` asks this of each candidate in one pass, never sorting again."""
    return _margin(
        rule,
        Side(last_winner.name, last_winner.votes),
        Side(checked.name, checked.votes),
        of.total_votes,
        candidate_race=True,
        standings=of.standings,
        tie_at_cut=of.tie_at_cut,
    )


def question_margin(question: BallotQuestion, rule: SubsectionRule) -> Margin:
    """|for - against| out of for + against."""
    for_side = Side("for", question.votes_for)
    against_side = Side("against", question.votes_against)
    ahead, behind = (
        (for_side, against_side)
        if question.votes_for >= question.votes_against
        else (against_side, for_side)
    )
    return _margin(
        rule, ahead, behind, question.votes_for + question.votes_against, candidate_race=False
    )

"""Who is compared with whom, out of how many votes: standings, seats, totals, ties, bonds.

Whether a margin qualifies is the row's (test_subsections.py); here, what it is measured on.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from typing import Any

import pytest

from domain import KINDS, ContestKind, Subsection
from domain.margin import Margin, Side, exact_decimal

from ..builders import question, race

SUB1_KINDS = [k for k, i in KINDS.items() if i.subsection is Subsection.ONE_COUNTY_OFFICE]
SUB2_KINDS = [k for k, i in KINDS.items() if i.subsection is Subsection.MULTI_COUNTY_OFFICE]
QUESTION_KINDS = [
    ContestKind.QUESTION,
    ContestKind.STATE_QUESTION,
    ContestKind.MULTICOUNTY_QUESTION,
]


def margin_of(kind: str, *votes: int, **fields: Any) -> Margin:
    m = race(kind, *votes, **fields).margin
    assert m is not None
    return m


def question_margin_of(kind: str, votes_for: int, votes_against: int) -> Margin:
    m = question(kind, votes_for, votes_against).margin
    assert m is not None
    return m


# total 8000: 1/400 is exactly 20 votes, above the 10-vote floor. The two listed candidates
# hold 6000 + margin; write-ins make up the rest of the total.
@pytest.mark.parametrize("kind", SUB1_KINDS + SUB2_KINDS)
@pytest.mark.parametrize(("margin", "ok"), [(19, True), (20, True), (21, False)])
def test_quarter_percent_boundary_for_every_race_kind(
    kind: ContestKind, margin: int, ok: bool
) -> None:
    m = margin_of(kind, 3000 + margin, 3000, total=8000)
    assert (m.total_votes, m.margin, m.qualifies) == (8000, margin, ok)
    assert (m.max_qualifying_margin, m.threshold, m.threshold_text) == (20, Fraction(20), "20")


def test_total_defaults_to_the_listed_votes() -> None:
    m = margin_of("state", 4010, 3990)  # 8000 listed: exactly 1/400
    assert (m.total_votes, m.margin, m.qualifies) == (8000, 20, True)
    m = margin_of("state", 4011, 3990)  # 8001 listed, margin 21 > 20.0025
    assert (m.total_votes, m.margin, m.qualifies) == (8001, 21, False)


# total 2403: 1/400 is 6.0075, so (1) takes its 10-vote floor and (2) does not.
@pytest.mark.parametrize(
    ("margin", "sub1", "sub2"),
    [(6, True, True), (7, True, False), (9, True, False), (10, True, False), (11, False, False)],
)
def test_ten_vote_floor_only_under_subsection_1(margin: int, sub1: bool, sub2: bool) -> None:
    for kind, expected, max_margin, floor in (
        ("county", sub1, 10, 10),
        ("legislature", sub2, 6, None),
    ):
        m = margin_of(kind, 1000 + margin, 1000, total=2403)
        assert (m.margin, m.total_votes, m.threshold_text) == (margin, 2403, "6.0075")
        assert m.qualifies is expected, kind
        assert (m.max_qualifying_margin, m.floor_votes) == (max_margin, floor)


@pytest.mark.parametrize("kind", QUESTION_KINDS)
@pytest.mark.parametrize(
    ("votes_for", "votes_against", "ok", "max_margin", "threshold"),
    [
        (2005, 1995, True, 10, "10"),  # total 4000, margin 10 = exactly 1/400
        (2006, 1995, False, 10, "10.0025"),  # total 4001, margin 11: one over
        (2004, 1996, True, 10, "10"),  # margin 8, below
        (1995, 2005, True, 10, "10"),  # against wins by the same margin
        (6, 0, False, 0, "0.015"),  # no 10-vote floor for questions
        (1, 0, False, 0, "0.0025"),
        (3237, 3250, True, 16, "16.2175"),
    ],
)
def test_questions_compare_for_with_against(
    kind: ContestKind, votes_for: int, votes_against: int, ok: bool, max_margin: int, threshold: str
) -> None:
    m = question_margin_of(kind, votes_for, votes_against)
    assert m.margin == abs(votes_for - votes_against)
    assert m.total_votes == votes_for + votes_against
    assert (m.qualifies, m.max_qualifying_margin, m.threshold_text) == (ok, max_margin, threshold)
    assert m.floor_votes is None and m.standings == ()


def test_the_leading_side_of_a_question_is_ahead() -> None:
    m = question_margin_of("question", 3237, 3250)
    assert (m.ahead, m.behind) == (Side("against", 3250), Side("for", 3237))


def test_total_with_write_ins_widens_the_limit() -> None:
    # Listed 4000 votes, 4400 cast with write-ins: 1/400 is 11 instead of 10.
    assert margin_of("state", 2006, 1994).qualifies is False
    m = margin_of("state", 2006, 1994, total=4400)
    assert (m.margin, m.total_votes, m.threshold_text, m.qualifies) == (12, 4400, "11", False)
    assert margin_of("state", 2005, 1994, total=4400).qualifies is True


def test_seats_compare_with_the_last_winner() -> None:
    # quick-syntax.md's example: 3 seats, McGrew (C) is the last winner, Askew (D) 2 behind.
    m = margin_of("municipal", 900, 850, 694, 692, seats=3)
    assert (m.ahead, m.behind, m.margin, m.total_votes) == (Side("C", 694), Side("D", 692), 2, 3136)
    assert m.qualifies is True
    assert [s.won for s in m.standings] == [True, True, True, False]
    assert [s.place for s in m.standings] == [1, 2, 3, 4]


def test_named_candidate_further_down() -> None:
    m = margin_of("county", 500, 480, 470, 300, seats=1, candidate="c")
    assert (m.behind.name, m.margin, m.total_votes) == ("C", 30, 1750)
    assert (m.max_qualifying_margin, m.qualifies) == (10, False)


def test_order_of_input_does_not_matter() -> None:
    m = margin_of("county", 1199, 1204)
    assert (m.ahead.name, m.behind.name, m.margin) == ("B", "A", 5)


def test_a_tie_at_the_cut_is_margin_zero() -> None:
    m = margin_of("county", 700, 700)
    assert (m.margin, m.qualifies, m.tie_at_cut) == (0, True, True)
    m = margin_of("municipal", 900, 700, 700, seats=2, candidate="B")
    assert (m.margin, m.tie_at_cut) == (0, True)
    assert margin_of("municipal", 900, 800, 700, seats=2).tie_at_cut is False


# 13-16-211: over 1/4 of 1% but not over 1/2 of 1% (total 8000: 20 < margin <= 40).
@pytest.mark.parametrize(
    ("a", "b", "bond"),
    [(4010, 3990, False), (4011, 3989, True), (4020, 3980, True), (4021, 3979, False)],
)
def test_bond_range(a: int, b: int, bond: bool) -> None:
    assert margin_of("legislature", a, b).within_bond_range is bond


def test_bond_range_is_for_candidates_only() -> None:
    assert question_margin_of("question", 4011, 3989).within_bond_range is False


def test_bond_range_starts_above_the_floor_in_subsection_1() -> None:
    # total 2403: 1/200 is 12.015; (1) qualifies up to 10, so 11 and 12 are in range, 13 not.
    in_range = [
        margin_of("county", 1195 + m, 1195, total=2403).within_bond_range for m in (10, 11, 12, 13)
    ]
    assert in_range == [False, True, True, False]


def test_exact_decimal() -> None:
    assert exact_decimal(Fraction(3750, 400)) == "9.375"
    assert exact_decimal(Fraction(2403, 400)) == "6.0075"
    assert exact_decimal(Fraction(0, 400)) == "0"
    assert exact_decimal(Fraction(10_000_001, 400)) == "25000.0025"
    with pytest.raises(ValueError, match="no short exact decimal"):
        exact_decimal(Fraction(1, 3))


def test_canvass_date_does_not_change_the_margin() -> None:
    a = margin_of("county", 1204, 1199, canvass=date(2026, 11, 16))
    assert a == margin_of("county", 1204, 1199)


# A nonpartisan primary (13-14-117): twice the seats advance, and the margin runs from the last
# who advances to the defeated candidate. Total 8000 for 13-16-201(2): 1/400 is exactly 20.
@pytest.mark.parametrize(("behind", "qualifies"), [(19, True), (20, True), (21, False)])
def test_a_nonpartisan_primary_measures_from_the_last_who_advances(
    behind: int, qualifies: bool
) -> None:
    m = margin_of("district-judge", 4000, 2000, 2000 - behind, total=8000, nonpartisan_primary=True)
    assert (m.ahead.name, m.behind.name, m.margin) == ("B", "C", behind)
    assert [s.won for s in m.standings] == [True, True, False]
    assert m.qualifies is qualifies


def test_without_the_item_the_second_is_defeated() -> None:
    m = margin_of("district-judge", 4000, 2000, 1990, total=8000)
    assert (m.ahead.name, m.behind.name) == ("A", "B")


def test_a_nonpartisan_primary_for_two_seats_advances_four() -> None:
    m = margin_of("municipal", 900, 800, 700, 600, 595, seats=2, nonpartisan_primary=True)
    assert (m.ahead.name, m.behind.name, m.margin) == ("D", "E", 5)

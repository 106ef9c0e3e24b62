"""Does the margin qualify? At, one below and one above every statutory number."""

from __future__ import annotations

from datetime import date

import pytest

from domain import KINDS, ContestKind, Subsection
from domain.margin import exact_decimal, max_qualifying_margin, qualifies

from .helpers import as_json, question, race

SUB1_KINDS = [k for k, i in KINDS.items() if i.subsection is Subsection.ONE_COUNTY_OFFICE]
SUB2_KINDS = [k for k, i in KINDS.items() if i.subsection is Subsection.MULTI_COUNTY_OFFICE]
QUESTION_KINDS = [
    ContestKind.QUESTION,
    ContestKind.STATE_QUESTION,
    ContestKind.MULTICOUNTY_QUESTION,
]


def test_kind_table_matches_the_rules() -> None:
    assert [k.value for k in SUB1_KINDS] == ["county", "municipal", "district", "precinct"]
    assert [k.value for k in SUB2_KINDS] == [
        "congressional",
        "state",
        "multicounty-district",
        "legislature",
        "district-judge",
    ]
    assert len(KINDS) == 13


# total 8000: 1/400 is exactly 20 votes, above the 10-vote floor. The two listed candidates
# hold 6000 + margin; write-ins make up the rest of the total.
@pytest.mark.parametrize("kind", SUB1_KINDS + SUB2_KINDS)
@pytest.mark.parametrize(("margin", "ok"), [(19, True), (20, True), (21, False)])
def test_quarter_percent_boundary_for_races(kind: ContestKind, margin: int, ok: bool) -> None:
    j = as_json(race(kind, 3000 + margin, 3000, total=8000))
    assert (j["total_votes"], j["margin"]) == (8000, margin)
    assert j["margin_qualifies"] is ok
    assert j["max_qualifying_margin"] == 20
    assert j["threshold"] == "20"


def test_total_defaults_to_the_listed_votes() -> None:
    j = as_json(race("state", 4010, 3990))  # 8000 listed: exactly 1/400
    assert (j["total_votes"], j["margin"], j["margin_qualifies"]) == (8000, 20, True)
    j = as_json(race("state", 4011, 3990))  # 8001 listed, margin 21 > 20.0025
    assert (j["total_votes"], j["margin"], j["margin_qualifies"]) == (8001, 21, False)


# total 2403: 1/400 is 6.0075, so (1) takes its 10-vote floor and (2) does not.
@pytest.mark.parametrize(
    ("margin", "sub1", "sub2"),
    [(6, True, True), (7, True, False), (9, True, False), (10, True, False), (11, False, False)],
)
def test_ten_vote_floor_only_under_subsection_1(margin: int, sub1: bool, sub2: bool) -> None:
    for kind, expected, max_margin in (("county", sub1, 10), ("legislature", sub2, 6)):
        j = as_json(race(kind, 1000 + margin, 1000, total=2403))
        assert (j["margin"], j["total_votes"], j["threshold"]) == (margin, 2403, "6.0075")
        assert j["margin_qualifies"] is expected, kind
        assert j["max_qualifying_margin"] == max_margin


def test_floor_gives_way_to_the_share_above_4000_votes() -> None:
    # total 6000: 1/400 is 15, greater than 10, so (1) allows 15 and not 16.
    assert as_json(race("county", 2015, 2000, total=6000))["margin_qualifies"] is True
    j = as_json(race("county", 2016, 2000, total=6000))
    assert (j["margin_qualifies"], j["max_qualifying_margin"]) == (False, 15)


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
def test_questions_have_no_floor(
    kind: ContestKind, votes_for: int, votes_against: int, ok: bool, max_margin: int, threshold: str
) -> None:
    j = as_json(question(kind, votes_for, votes_against))
    assert j["margin"] == abs(votes_for - votes_against)
    assert j["total_votes"] == votes_for + votes_against
    assert j["margin_qualifies"] is ok
    assert j["max_qualifying_margin"] == max_margin
    assert j["threshold"] == threshold


def test_total_with_write_ins_widens_the_limit() -> None:
    # Listed 4000 votes, 4400 cast with write-ins: 1/400 is 11 instead of 10.
    assert as_json(race("state", 2006, 1994))["margin_qualifies"] is False
    j = as_json(race("state", 2006, 1994, total=4400))
    assert (j["margin"], j["total_votes"], j["threshold"], j["margin_qualifies"]) == (
        12,
        4400,
        "11",
        False,
    )
    assert as_json(race("state", 2005, 1994, total=4400))["margin_qualifies"] is True


def test_seats_compare_with_the_last_winner() -> None:
    # quick-syntax.md's example: 3 seats, McGrew is the last winner, Askew 2 behind.
    j = as_json(race("municipal", 900, 850, 694, 692, seats=3))
    assert (j["last_winner"], j["candidate"], j["margin"], j["total_votes"]) == ("C", "D", 2, 3136)
    assert j["margin_qualifies"] is True
    assert [s["won"] for s in j["standings"]] == [True, True, True, False]


def test_named_candidate_further_down() -> None:
    j = as_json(race("county", 500, 480, 470, 300, seats=1, candidate="c"))
    assert (j["candidate"], j["margin"], j["total_votes"]) == ("C", 30, 1750)
    assert j["max_qualifying_margin"] == 10
    assert j["margin_qualifies"] is False


def test_order_of_input_does_not_matter() -> None:
    a = as_json(race("county", 1199, 1204))
    assert (a["last_winner"], a["candidate"], a["margin"]) == ("B", "A", 5)


def test_tie_is_margin_zero_and_points_to_13_16_203() -> None:
    j = as_json(race("county", 700, 700))
    assert (j["margin"], j["margin_qualifies"], j["related"]) == (0, True, ["13-16-203"])
    j = as_json(race("municipal", 900, 700, 700, seats=2, candidate="B"))
    assert (j["margin"], j["related"]) == (0, ["13-16-203"])
    assert as_json(question("question", 50, 50))["related"] == ["13-16-203"]


# 13-16-211: over 1/4 of 1% but not over 1/2 of 1% (total 8000: 20 < margin <= 40).
@pytest.mark.parametrize(
    ("a", "b", "related"),
    [(4010, 3990, []), (4011, 3989, ["13-16-211"]), (4020, 3980, ["13-16-211"]), (4021, 3979, [])],
)
def test_bond_recount_hint(a: int, b: int, related: list[str]) -> None:
    assert as_json(race("legislature", a, b))["related"] == related


def test_bond_hint_is_for_candidates_only() -> None:
    assert as_json(question("question", 4011, 3989))["related"] == []


def test_bond_hint_respects_the_floor_in_subsection_1() -> None:
    # total 2403: 1/200 is 12.015; (1) qualifies up to 10, so 11 and 12 get the hint, 13 not.
    assert as_json(race("county", 1206, 1195, total=2403))["related"] == ["13-16-211"]
    assert as_json(race("county", 1207, 1195, total=2403))["related"] == ["13-16-211"]
    assert as_json(race("county", 1208, 1195, total=2403))["related"] == []


def test_exact_decimal() -> None:
    from fractions import Fraction

    assert exact_decimal(Fraction(3750, 400)) == "9.375"
    assert exact_decimal(Fraction(2403, 400)) == "6.0075"
    assert exact_decimal(Fraction(0, 400)) == "0"
    assert exact_decimal(Fraction(10_000_001, 400)) == "25000.0025"


def test_qualifies_is_exact_at_large_totals() -> None:
    # 1/400 of 9,999,999 is 24999.9975: 24999 qualifies, 25000 does not (floats can blur this).
    assert qualifies(Subsection.STATE_QUESTION, 24_999, 9_999_999)
    assert not qualifies(Subsection.STATE_QUESTION, 25_000, 9_999_999)
    assert max_qualifying_margin(Subsection.STATE_QUESTION, 9_999_999) == 24_999


def test_canvass_date_does_not_change_the_margin() -> None:
    a = as_json(race("county", 1204, 1199, canvass=date(2026, 11, 16)))
    b = as_json(race("county", 1204, 1199))
    assert a["margin"] == b["margin"] == 5

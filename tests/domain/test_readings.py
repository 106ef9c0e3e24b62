"""The scan's law (domain.readings): spanning counties, who advances from a nonpartisan primary,
a retention vote read as a race, and which canvass starts the window, each at, below and above
its number."""

from __future__ import annotations

import pytest

from domain import ContestKind
from domain.readings import (
    NONPARTISAN_ADVANCE_PER_SEAT,
    RetentionResult,
    Spanning,
    advancing,
    close_on_partial,
    is_nonpartisan,
    nobody_defeated,
    retention_as_race,
    retention_result,
    when_spanning,
)


@pytest.mark.parametrize(
    ("kind", "reading"),
    [
        (ContestKind.DISTRICT, Spanning.WIDER),  # (1) -> (2)
        (ContestKind.QUESTION, Spanning.WIDER),  # (3) -> (5)
        (ContestKind.SCHOOL, Spanning.JOINT_SCHOOL),
        (ContestKind.SCHOOL_QUESTION, Spanning.JOINT_SCHOOL),
        (ContestKind.COUNTY, Spanning.ASK),  # a county office has no wider row
    ],
)
def test_a_one_county_kind_seen_in_several_counties(kind: ContestKind, reading: Spanning) -> None:
    assert when_spanning(kind) is reading


def test_two_advance_per_seat() -> None:
    assert NONPARTISAN_ADVANCE_PER_SEAT.value == 2
    assert [advancing(seats) for seats in (1, 2, 3)] == [2, 4, 6]


@pytest.mark.parametrize(
    ("candidates", "seats", "nobody"),
    [(1, 1, False), (2, 1, True), (3, 1, False), (4, 2, True), (5, 2, False)],
)
def test_nobody_is_defeated_while_every_candidate_advances(
    candidates: int, seats: int, nobody: bool
) -> None:
    # one candidate is unopposed (its own rule), not "every candidate advances"
    assert nobody_defeated(candidates, advancing(seats)) is nobody


@pytest.mark.parametrize(
    ("party", "primary", "judicial", "nonpartisan"),
    [
        ("NON", True, False, True),
        ("np", False, False, True),
        (None, True, True, True),  # a judicial office in a primary with no party
        (None, False, True, False),  # in a general election a blank party says nothing
        ("REP", True, True, False),
        ("NonPart", True, False, True),  # OpenElections 2018
        ("Non-Partisan", True, False, True),
        ("N.P.", True, False, True),
        ("NONPARTISAN", True, False, True),
        ("Non Partisan", True, False, True),
        ("Nonpartisan League", True, False, False),  # a party's name, not the word
    ],
)
def test_which_contests_are_nonpartisan(
    party: str | None, primary: bool, judicial: bool, nonpartisan: bool
) -> None:
    assert is_nonpartisan(party, primary, judicial) is nonpartisan


@pytest.mark.parametrize(
    ("yes", "no", "result"),
    [
        (50_010, 49_990, RetentionResult.RETAINED),
        (50_000, 50_000, RetentionResult.TIED),
        (49_990, 50_010, RetentionResult.REJECTED),
    ],
)
def test_a_retention_vote(yes: int, no: int, result: RetentionResult) -> None:
    assert retention_result(yes, no) is result


def test_a_rejected_judge_is_the_defeated_candidate_against_rejection() -> None:
    assert retention_as_race("JUDGE DOE", 49_990, 50_010) == (
        ("rejection", 50_010),
        ("JUDGE DOE", 49_990),
    )


@pytest.mark.parametrize(
    ("margin", "total", "close"),
    [
        (12, 2594, True),  # 12 x 200 = 2,400 <= 2,594: within 1/2 of 1%
        (13, 2600, True),  # at it exactly: 13 x 200 = 2,600
        (13, 2599, False),  # one vote of total short of it
        (14, 2600, False),  # one above
        (0, 0, False),  # nothing counted yet: nothing is close
    ],
)
def test_a_partial_readings_close_list_is_within_half_a_percent(
    margin: int, total: int, close: bool
) -> None:
    assert close_on_partial(margin, total) is close

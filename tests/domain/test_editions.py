"""The law in force on a day: each difference from the 1987 text as a dated row, applied on
the day that opens the window (recount-rules.md section 7a)."""

from __future__ import annotations

from datetime import date

import pytest

from domain import verdict_json
from domain.editions import (
    CANVASS_BOARD_MAY_REQUIRE,
    DATED_ROWS,
    HOLIDAY_NAMES,
    SATURDAY_OBSERVANCE,
    SCHOOL_SUBSECTION,
    InForce,
)

from ..builders import verdict_of

TODAY = date(2026, 12, 1)


def test_every_row_has_its_date_source_and_confidence() -> None:
    keys = [row.key for row in DATED_ROWS]
    assert len(keys) == len(set(keys)) == 4
    for row in DATED_ROWS:
        assert row.what and row.before and row.source and row.confidence


@pytest.mark.parametrize(
    ("day", "expected"),
    [
        (date(2025, 4, 30), InForce.NO),  # the day before the month SB 57 took effect
        (date(2025, 5, 1), InForce.UNSETTLED),  # in May 2025 the day is not known
        (date(2025, 5, 31), InForce.UNSETTLED),
        (date(2025, 6, 1), InForce.YES),  # the first day after that month
    ],
)
def test_a_row_known_to_the_month_is_unsettled_within_it(day: date, expected: InForce) -> None:
    assert CANVASS_BOARD_MAY_REQUIRE.on(day) is expected


@pytest.mark.parametrize(
    ("day", "expected"),
    [
        (date(2013, 4, 29), InForce.NO),
        (date(2013, 4, 30), InForce.YES),  # Ch. 347, L. 2013, effective Apr 30, 2013
        (date(2013, 5, 1), InForce.YES),
    ],
)
def test_a_row_known_to_the_day_applies_from_that_day(day: date, expected: InForce) -> None:
    assert SCHOOL_SUBSECTION.on(day) is expected


def test_the_holiday_rows_apply_by_calendar_year() -> None:
    assert SATURDAY_OBSERVANCE.on(date(2012, 12, 31)) is InForce.NO
    assert SATURDAY_OBSERVANCE.on(date(2013, 1, 1)) is InForce.YES
    assert HOLIDAY_NAMES.on(date(2024, 12, 31)) is InForce.NO
    assert HOLIDAY_NAMES.on(date(2025, 1, 1)) is InForce.YES


@pytest.mark.parametrize(
    ("text", "rows"),
    [
        ("canvass-error canvass 2024-11-19", {"canvass_board_may_require": "not_yet"}),
        ("canvass-error canvass 2025-05-20", {"canvass_board_may_require": "unsettled"}),
        ("canvass-error canvass 2026-11-17", {"canvass_board_may_require": "in_force"}),
        ("school A 10 B 9", {"school_subsection": "in_force"}),
        (
            "school A 10 B 9 canvass 2012-05-08",
            {
                "school_subsection": "not_yet",
                "saturday_holiday_observed_friday": "not_yet",
                "holiday_names_2025": "not_yet",
            },
        ),
        (
            "county A 10 B 9 canvass 2026-11-16",
            {"saturday_holiday_observed_friday": "in_force", "holiday_names_2025": "in_force"},
        ),
        ("county A 10 B 9", {}),  # no deadline: no calendar row bears on it
    ],
)
def test_the_json_names_the_rows_as_they_stood_on_the_day(text: str, rows: dict[str, str]) -> None:
    j = verdict_json(verdict_of(text, TODAY))
    assert {r["key"]: r["on_the_day"] for r in j["law_rows"]} == rows

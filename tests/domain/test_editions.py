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
        # 2025 SB 57, effective on approval (related.md): passed May 8, 2025, its chapter
        # assigned May 13, the approval day not seen
        (date(2025, 5, 1), InForce.NO),  # May 2025, but before it passed
        (date(2025, 5, 7), InForce.NO),  # the day before it passed: the earlier rule alone
        (date(2025, 5, 8), InForce.UNSETTLED),  # passed: approved that day or later
        (date(2025, 5, 13), InForce.UNSETTLED),  # the chapter's day: approved by then
        (date(2025, 5, 14), InForce.YES),  # the day after: SB 57
        (date(2025, 5, 31), InForce.YES),
    ],
)
def test_a_row_whose_day_lies_between_two_is_unsettled_between_them(
    day: date, expected: InForce
) -> None:
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


def test_the_holiday_rows_apply_from_their_days() -> None:
    assert SATURDAY_OBSERVANCE.on(date(2012, 12, 31)) is InForce.NO
    assert SATURDAY_OBSERVANCE.on(date(2013, 1, 1)) is InForce.YES
    # 2025 SB 224, introduced Feb 26, 2025, its approval day not seen: both names after
    assert HOLIDAY_NAMES.on(date(2025, 2, 25)) is InForce.NO
    assert HOLIDAY_NAMES.on(date(2025, 2, 26)) is InForce.UNSETTLED
    assert HOLIDAY_NAMES.on(date(2030, 1, 1)) is InForce.UNSETTLED  # until it is known


@pytest.mark.parametrize(
    ("text", "rows"),
    [
        ("canvass-error canvass 2024-11-19", {"canvass_board_may_require": "not_yet"}),
        ("canvass-error canvass 2025-05-10", {"canvass_board_may_require": "unsettled"}),
        ("canvass-error canvass 2025-05-20", {"canvass_board_may_require": "in_force"}),
        ("canvass-error canvass 2025-05-06", {"canvass_board_may_require": "not_yet"}),
        ("canvass-error canvass 2026-11-17", {"canvass_board_may_require": "in_force"}),
        ("school A 10 B 9", {"school_subsection": "in_force"}),
        (
            # checked in 2026: a petition filed today is filed under today's school subsection
            # (who files where is read on the day of filing); the calendar rows on the canvass
            "school A 10 B 9 canvass 2012-05-08",
            {
                "school_subsection": "in_force",
                "saturday_holiday_observed_friday": "not_yet",
                "holiday_names_2025": "not_yet",
            },
        ),
        (
            "county A 10 B 9 canvass 2026-11-16",
            {"saturday_holiday_observed_friday": "in_force", "holiday_names_2025": "unsettled"},
        ),
        ("county A 10 B 9", {}),  # no deadline: no calendar row bears on it
    ],
)
def test_the_json_names_the_rows_as_they_stood_on_the_day(text: str, rows: dict[str, str]) -> None:
    j = verdict_json(verdict_of(text, TODAY))
    assert {r["key"]: r["on_the_day"] for r in j["law_rows"]} == rows


def test_each_row_is_read_on_its_own_day() -> None:
    # canvass Mon Apr 29, 2013 + 5 = Sat May 4: the day to act Fri May 3, 2013. The school
    # row (who files where) is read on May 3, after Ch. 347 took effect (Apr 30, 2013); the
    # calendar rows on the canvass day (recount-rules.md section 7a)
    j = verdict_json(verdict_of("school A 10 B 9 canvass 2013-04-29", date(2013, 4, 29)))
    rows = {r["key"]: (r["taken_on"], r["day"], r["on_the_day"]) for r in j["law_rows"]}
    assert rows["school_subsection"] == ("filing", "2013-05-03", "in_force")
    assert rows["saturday_holiday_observed_friday"][:2] == ("day_counted", "2013-04-29")
    assert j["file_with"] == "school_election_filing_officer"
    # checked on Apr 24, 2013 for a canvass that day: + 5 = Mon Apr 29, before Ch. 347
    j = verdict_json(verdict_of("school A 10 B 9 canvass 2013-04-24", date(2013, 4, 24)))
    rows = {r["key"]: (r["taken_on"], r["day"], r["on_the_day"]) for r in j["law_rows"]}
    assert rows["school_subsection"] == ("filing", "2013-04-29", "not_yet")
    assert j["file_with"] == "election_administrator"

"""The 5-day window: 1-1-306 counting, 1-1-307 Saturdays, 1-1-216 holidays, both readings."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from domain.citations import PETITION_WINDOW_DAYS
from domain.deadline import Deadline, petition_deadline
from domain.legal_holidays import legal_holiday


def deadline_for(canvass: date) -> Deadline:
    """The deadline of every subsection with a window: 5 days after the official canvass."""
    return petition_deadline(canvass, PETITION_WINDOW_DAYS)


@pytest.mark.parametrize(
    ("canvass", "deadline", "deadline_safe", "why"),
    [
        (date(2026, 11, 19), date(2026, 11, 24), date(2026, 11, 24), "Tue, nothing moves"),
        (date(2026, 11, 16), date(2026, 11, 23), date(2026, 11, 21), "Sat: readings differ"),
        (date(2026, 11, 17), date(2026, 11, 23), date(2026, 11, 23), "Sun -> Mon"),
        (date(2026, 11, 21), date(2026, 11, 27), date(2026, 11, 27), "Thanksgiving; Fri is not"),
        (date(2026, 11, 6), date(2026, 11, 12), date(2026, 11, 12), "Veterans' Day Wed"),
        (date(2023, 11, 5), date(2023, 11, 13), date(2023, 11, 13), "observed Fri, Sat Nov 11"),
        (
            date(2023, 11, 6),
            date(2023, 11, 13),
            date(2023, 11, 13),
            "Sat Nov 11 is itself a holiday",
        ),
        (date(2026, 6, 28), date(2026, 7, 6), date(2026, 7, 6), "Fri Jul 3 observed"),
        (date(2009, 6, 28), date(2009, 7, 3), date(2009, 7, 3), "no observed Friday pre-2013"),
        (date(2022, 12, 21), date(2022, 12, 27), date(2022, 12, 27), "Sun Christmas -> Mon off"),
        (date(2021, 12, 26), date(2022, 1, 3), date(2022, 1, 3), "year end: Fri Dec 31 observed"),
        (date(2022, 12, 27), date(2023, 1, 3), date(2023, 1, 3), "Sun New Year -> Mon Jan 2 off"),
        (date(2021, 12, 19), date(2021, 12, 27), date(2021, 12, 27), "Sat Christmas, Fri observed"),
        (date(2026, 10, 29), date(2026, 11, 4), date(2026, 11, 4), "election day, even year"),
        (date(2027, 10, 28), date(2027, 11, 2), date(2027, 11, 2), "odd year: an ordinary Tue"),
        (date(2026, 6, 14), date(2026, 6, 19), date(2026, 6, 19), "Juneteenth is not a holiday"),
        (date(2026, 5, 20), date(2026, 5, 26), date(2026, 5, 26), "Memorial Day"),
        (date(2026, 9, 2), date(2026, 9, 8), date(2026, 9, 8), "Labor Day"),
        (date(2026, 10, 7), date(2026, 10, 13), date(2026, 10, 13), "Columbus Day"),
        (date(2026, 1, 14), date(2026, 1, 20), date(2026, 1, 20), "MLK Day"),
        (date(2026, 2, 11), date(2026, 2, 17), date(2026, 2, 17), "Presidents' Day"),
        (
            date(2026, 12, 27),
            date(2027, 1, 4),
            date(2027, 1, 2),
            "New Year Fri -> Sat: readings differ",
        ),
        (date(2027, 6, 29), date(2027, 7, 6), date(2027, 7, 6), "Sun Jul 4, Mon observed -> Tue"),
    ],
)
def test_deadline(canvass: date, deadline: date, deadline_safe: date, why: str) -> None:
    d = deadline_for(canvass)
    assert (d.deadline, d.deadline_safe) == (deadline, deadline_safe), why
    assert d.deadline_safe <= d.deadline


def test_window_is_five_days_after_the_canvass() -> None:
    assert deadline_for(date(2026, 11, 19)).last_day_of_window == date(2026, 11, 24)


def test_trace_shows_each_step_with_its_citation() -> None:
    d = deadline_for(date(2026, 11, 16))
    assert d.trace() == (
        "canvass Mon Nov 16, 2026 + 5 days = Sat Nov 21, 2026 -> Saturday (1-1-307) -> "
        "Sun Nov 22, 2026 Sunday, a legal holiday (1-1-216(1)(a)) -> Mon Nov 23, 2026"
    )
    assert d.trace(safe=True) == "canvass Mon Nov 16, 2026 + 5 days = Sat Nov 21, 2026"
    assert [s.citation for s in d.steps] == [
        "13-16-201",
        "1-1-306",
        "1-1-307",
        "1-1-216(1)(a)",
        "13-16-201",
    ]


def test_trace_names_the_holiday() -> None:
    trace = deadline_for(date(2021, 12, 26)).trace()
    assert "New Year's Day (observed), a legal holiday (1-1-216(2))" in trace
    assert "Sat Jan 1, 2022 New Year's Day, a legal holiday (1-1-216(1)(b))" in trace
    assert trace.endswith("-> Mon Jan 3, 2022")  # every step shows its year


@pytest.mark.parametrize(
    ("today", "passed"),
    [(date(2026, 11, 22), False), (date(2026, 11, 23), False), (date(2026, 11, 24), True)],
)
def test_passed_only_after_the_deadline_day(today: date, passed: bool) -> None:
    assert deadline_for(date(2026, 11, 16)).passed(today) is passed


@pytest.mark.parametrize(
    ("today", "left", "left_safe"),
    [(date(2026, 11, 20), 3, 1), (date(2026, 11, 21), 2, 0), (date(2026, 11, 22), 1, -1)],
)
def test_days_until_counts_to_each_reading(today: date, left: int, left_safe: int) -> None:
    assert deadline_for(date(2026, 11, 16)).days_until(today) == (left, left_safe)


def test_the_window_is_read_from_the_citation_given() -> None:
    from domain.citations import Cited

    three_days = Cited(3, "a what-if window", "within 3 days")
    d = petition_deadline(date(2026, 11, 16), three_days)
    assert (d.window_days, d.last_day_of_window, d.deadline) == (
        3,
        date(2026, 11, 19),
        date(2026, 11, 19),
    )
    assert d.trace().startswith("canvass Mon Nov 16, 2026 + 3 days = Thu Nov 19, 2026")


# 2025 SB 224's names beside the earlier ones, while its approval day is not known
BOTH_D = "Presidents' Day (Lincoln's and Washington's Birthdays before 2025 SB 224)"
BOTH_H = "Indigenous Peoples' Day and Columbus Day (Columbus Day before 2025 SB 224)"


@pytest.mark.parametrize(
    ("canvass", "name", "letter"),
    [
        # 2025 SB 224 renamed (d) and (h) of 1-1-216(1); no date moved. Introduced Feb 26,
        # 2025, its approval day not seen (recount-rules.md 7a): both names after that day
        (date(2026, 2, 11), BOTH_D, "d"),
        (date(2026, 10, 7), BOTH_H, "h"),
        (date(2025, 10, 8), BOTH_H, "h"),  # Mon Oct 13, 2025
        # Mon Feb 17, 2025: before SB 224 was introduced, the earlier name alone
        (date(2025, 2, 12), "Lincoln's and Washington's Birthdays", "d"),
        # Before 2025 the trace uses the names the section had then.
        (date(2024, 2, 14), "Lincoln's and Washington's Birthdays", "d"),
        (date(2024, 10, 9), "Columbus Day", "h"),
    ],
)
def test_trace_names_a_holiday_as_1_1_216_named_it_that_year(
    canvass: date, name: str, letter: str
) -> None:
    d = deadline_for(canvass)
    last = canvass + timedelta(days=5)
    assert d.deadline == last + timedelta(days=1)
    assert d.trace() == (
        f"canvass {canvass:%a %b} {canvass.day}, {canvass.year} + 5 days = "
        f"{last:%a %b} {last.day}, {last.year} -> {name}, a legal holiday (1-1-216(1)({letter})) "
        f"-> {d.deadline:%a %b} {d.deadline.day}, {d.deadline.year}"
    )


def test_a_trace_crossing_both_renamed_holidays_of_2026_uses_both_names() -> None:
    """The renamed holidays mid-window do not move the count (1-1-306 looks at the last day);
    the calendar the reminders and the trace read from carries both names while SB 224's
    approval day is not known."""
    feb = legal_holiday(date(2026, 2, 16))
    oct_ = legal_holiday(date(2026, 10, 12))
    assert feb is not None and feb.name == BOTH_D
    assert oct_ is not None and oct_.name == BOTH_H
    old_feb = legal_holiday(date(2024, 2, 19))
    old_oct = legal_holiday(date(2024, 10, 14))
    assert old_feb is not None and old_feb.name == "Lincoln's and Washington's Birthdays"
    assert old_oct is not None and old_oct.name == "Columbus Day"
    # A window that spans Presidents' Day without ending on it: five plain days.
    assert deadline_for(date(2026, 2, 13)).trace() == (
        "canvass Fri Feb 13, 2026 + 5 days = Wed Feb 18, 2026"
    )

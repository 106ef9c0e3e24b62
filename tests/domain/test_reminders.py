"""Reminder days: open days, never after the safe deadline."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from domain.citations import PETITION_WINDOW_DAYS
from domain.deadline import office_open, petition_deadline
from domain.legal_holidays import legal_holiday
from domain.reminders import reminder_days


@pytest.mark.parametrize(
    ("safe", "before", "final"),
    [
        (date(2026, 11, 24), date(2026, 11, 23), date(2026, 11, 24)),  # Tue: Mon, Tue
        (date(2026, 11, 21), date(2026, 11, 19), date(2026, 11, 20)),  # Sat: Thu, Fri
        (date(2026, 11, 23), date(2026, 11, 20), date(2026, 11, 23)),  # Mon: Fri, Mon
        (date(2026, 11, 27), date(2026, 11, 25), date(2026, 11, 27)),  # Fri after Thanksgiving
        (date(2026, 11, 12), date(2026, 11, 10), date(2026, 11, 12)),  # Thu after Veterans' Day
        # Sat Jan 2 2027, New Year's Day on the Friday: Wed Dec 30 and Thu Dec 31
        (date(2027, 1, 2), date(2026, 12, 30), date(2026, 12, 31)),
    ],
)
def test_reminder_days(safe: date, before: date, final: date) -> None:
    assert reminder_days(safe) == (before, final)


@given(st.dates(min_value=date(2000, 1, 1), max_value=date(2060, 12, 31)))
def test_reminders_fall_on_open_days_never_after_the_safe_deadline(canvass: date) -> None:
    safe = petition_deadline(canvass, PETITION_WINDOW_DAYS).deadline_safe
    before, final = reminder_days(safe)
    for day in (before, final):
        assert day.weekday() < 5 and legal_holiday(day) is None
        assert day <= safe
    assert before < final
    # nothing open between the final reminder and the safe deadline is skipped
    day = final + timedelta(days=1)
    while day <= safe:
        assert not office_open(day)
        day += timedelta(days=1)

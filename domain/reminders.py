"""When to remind a channel of a petition deadline: on days its offices are open.

Two reminders: the last business day before the safe deadline, and the safe deadline itself
(or the last business day on or before it). A business day here is a weekday that is not a
1-1-216 legal holiday: 1-1-216(2)(c) counts Saturday as a business day, but county offices
are closed then, and a reminder on a closed day helps nobody.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Final

from domain.legal_holidays import SATURDAY, legal_holiday

ONE_DAY: Final = timedelta(days=1)


def office_open(day: date) -> bool:
    return day.weekday() < SATURDAY and legal_holiday(day) is None


def last_open_day(on_or_before: date) -> date:
    day = on_or_before
    while not office_open(day):
        day -= ONE_DAY
    return day


def reminder_days(deadline_safe: date) -> tuple[date, date]:
    """(the day before, the day itself): both open days, neither after the safe deadline."""
    final = last_open_day(deadline_safe)
    return last_open_day(final - ONE_DAY), final
